"""Hypereconomic as a game: pure adjudication, keyed dice, a ledger that balances, victory,
tables that say where they are wrong, and a game that replays after save and load."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from diplodesk.engine import PositionError, adjudicate, load_variant
from diplodesk.engine.game import Game

from .conftest import MINI, line, season, start


def _tied(pos: dict) -> dict:
    """France short by 1I with two division builds: one fails, by the dice."""
    pos["economy"]["installations"] += [
        {"type": "Y", "owner": "fra", "at": p, "built": "F1914M", "M": 2} for p in ("pari", "gaso")]
    pos["economy"]["nations"]["fra"]["stock"]["I"] = 7
    return pos


FRANCE = {"fra": ["bu D Pari", "bu D Gaso"]}


def test_the_same_position_gives_the_same_bytes_in_another_process():
    pos = _tied(start()) | {"orders": FRANCE}
    here = json.dumps(adjudicate(pos), sort_keys=True)
    assert json.dumps(adjudicate(pos), sort_keys=True) == here
    code = ("import json, sys; from diplodesk.engine import adjudicate; "
            "print(json.dumps(adjudicate(json.load(sys.stdin)), sort_keys=True))")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(pos), text=True,
                         capture_output=True, env=env, check=True).stdout.strip()
    assert out == here


def test_another_nation_s_orders_never_change_france_s_draw():
    pos = _tied(start())
    alone = season(pos, FRANCE)
    busy = season(pos, FRANCE | {"spa": ["bu Y Cast", "bu 2 Trs"], "ita": ["pw $1 Roma"]})
    assert alone["dice"] == busy["dice"]
    assert [u for u in alone["next"]["units"]] == [u for u in busy["next"]["units"]]


def test_a_roll_the_gm_typed_in_replaces_exactly_that_roll_and_is_marked_manual():
    pos = _tied(start())
    rolled = season(pos, FRANCE)
    draw = next(d for d in rolled["dice"] if d["purpose"] == "t5")
    face = 3 - draw["faces"][0]  # the other of the two builds
    pos["rng"]["overrides"] = {draw["key"]: [face]}
    typed = season(pos, FRANCE)
    assert [d["manual"] for d in typed["dice"]] == [d["key"] == draw["key"] for d in rolled["dice"]]
    assert next(d for d in typed["dice"] if d["manual"])["faces"] == [face]
    assert typed["next"]["units"] != rolled["next"]["units"]


def test_a_wrong_override_is_bad_input_naming_the_roll():
    pos = _tied(start())
    key = next(d["key"] for d in season(pos, FRANCE)["dice"] if d["purpose"] == "t5")
    pos["rng"]["overrides"] = {key: [7]}
    with pytest.raises(ValueError, match="rng.overrides"):
        season(pos, FRANCE)


# -- a four-season game ---------------------------------------------------------------------------

SCRIPT = [
    {"fra": ["bu Y Pari", "bu 2 Trs", "pw $2 Gaso", "op Bret"], "spa": ["bu Y Cast", "pc Anda"],
     "ita": ["bu N Roma"], "sui": ["bu N Swit"]},
    {"fra": ["bu D Pari"], "spa": ["bu D Cast", "pw $1 Nava", "pc Anda"], "ita": ["N Roma ho"],
     "sui": ["N Swit ho"]},
    {"fra": ["1D Pari ho (no)", "bu S Bret", "cl Bret"], "spa": ["1D Cast at Nava (re Anda)", "pc Anda"],
     "ita": ["N Roma st", "bu Y Napl"]},
    {"fra": ["1D st", "tf 1D to Italy"], "spa": ["de 1D"], "ita": ["bu D Napl", "co A"]},
]


def _play(game: Game) -> list[dict]:
    results = []
    for orders in SCRIPT:
        for n, texts in orders.items():
            game.set_orders(n, texts)
        results.append(game.process().to_json())
    return results


def test_four_seasons_keep_the_books_balanced():
    game = Game.new(load_variant(str(MINI)))
    results = _play(game)
    assert game.phases == ["W1914M", "S1915M", "U1915M", "F1915M", "W1915M"]
    for r in results:  # the engine checks its invariants every season; here they are read back
        gold = lambda pos: sum(n["stock"]["gold"] + n["escrow"] for n in pos["economy"]["nations"].values())  # noqa: E731
        assert all(o["status"] != "invalid" for o in r["orders"]), r["orders"]
        spent = {}
        for e in r["ledger"]:
            if e["step"] in ("4", "4.1") and e["amount"] < 0 and ":" not in e["account"]:
                spent[(e["account"], e["factor"])] = spent.get((e["account"], e["factor"]), 0) - e["amount"]
        opening = {(e["account"], e["factor"]): e["amount"] for e in r["ledger"] if e["step"] == "0"}
        assert all(v <= opening.get(k, 0) for k, v in spent.items())
        nxt = r["next"]["economy"]["nations"]
        assert all(v >= 0 for n in nxt.values() for v in n["stock"].values())
    assert gold(results[0]["next"]) == gold(results[-1]["next"])
    # Italy built 1D in Naples before France's 1D came to it as 2D (builds, then transfers);
    # Switzerland's guard ate its last A and was demobilised in the summer
    assert [(u["power"], u.get("id"), u["at"]) for u in game.current.to_json()["units"]] == [
        ("ita", "1D", "napl"), ("ita", "2D", "pari"), ("ita", None, "roma")]
    summer = results[2]
    assert line(summer, "sui", None)["reason"] == "demobilised"


def test_a_saved_game_replays_byte_for_byte(tmp_path: Path):
    game = Game.new(load_variant(str(MINI)))
    _play(game)
    game.save(tmp_path / "game.json")
    again = Game.load(tmp_path / "game.json")
    assert json.dumps(again.to_json()) == json.dumps(game.to_json())
    replay = Game(again.variant, again.load_position(again.history[0].position))
    for record in again.history:
        replay.current = replay.load_position(record.position)
        assert json.dumps(replay.process().to_json()) == json.dumps(record.result)


def test_a_changed_ledger_in_a_saved_game_is_refused(tmp_path: Path):
    game = Game.new(load_variant(str(MINI)))
    _play(game)
    data = game.to_json()
    data["history"][1]["result"]["ledger"][0]["amount"] += 1
    (tmp_path / "g.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match=r"history\[1\]\.result"):
        Game.load(tmp_path / "g.json")


# -- victory (IX.9) --------------------------------------------------------------------------------


def _france_holds(pos: dict, *provinces: str) -> dict:
    for p in provinces:
        pos["economy"]["provinces"][p]["de_facto"] = "fra"
    return pos


def test_half_the_land_three_seasons_running_wins_and_the_impassable_is_not_land():
    pos = _france_holds(start(), "nava", "cast")  # 6 of the 12 provinces; the peaks don't count
    for n in range(1, 4):
        r = season(pos)
        standing = next(s for s in r["standings"] if s["who"] == "p01")
        assert standing["provinces"] == 6 and standing["provinces_streak"] == n
        assert r["next"].get("winner") == (None if n < 3 else "p01")
        pos = r["next"]


def test_a_season_below_half_starts_the_count_again():
    pos = _france_holds(start(), "nava", "cast")
    pos = season(pos)["next"]
    pos["economy"]["provinces"]["cast"]["de_facto"] = "spa"
    r = season(pos)
    assert next(s for s in r["standings"] if s["who"] == "p01")["provinces_streak"] == 0


def test_a_joint_victory_needs_two_thirds_and_counts_only_wholly_shared_nations():
    pos = start()
    pos["economy"]["joint"] = [{"id": "j1", "players": ["p01", "p02"], "public": False}]
    pos["economy"]["victory"]["j1"] = {"provinces_streak": 2, "gold_streak": 0}
    _france_holds(pos, "moro")  # France 5, Spain 3: 8 of 12 = 2/3
    r = season(pos)
    assert r["next"]["winner"] == ["p01", "p02"]
    from diplodesk.engine.hyper.report import gazette

    assert "j1" not in gazette(r, pos)  # a secret agreement stays secret


# -- orders as the rules write them ---------------------------------------------------------------


def test_orders_in_the_rules_notation_and_what_cannot_be_read(w1914):
    w1914["units"] = [{"id": "12D", "power": "fra", "type": "D", "at": "gaso", "M": 6},
                      {"id": "7T", "power": "ita", "type": "T", "at": "tyrs", "M": 6}]
    r = season(w1914, {"fra": ["12D Gaso at Nava (re Acqu/Bret)", "13D ho", "bu X Pari",
                               "tt 10A to Spain via Bisc"],
                       "ita": ["7T TYRS ho (no)", "7T dm lyon gaso"]})
    assert line(r, "fra", "12D Gaso at Nava (re Acqu/Bret)")["order"] == "12D gaso at nava (re acqu/bret)"
    assert line(r, "fra", "13D ho")["reason"] == "no such unit"
    assert line(r, "fra", "bu X Pari")["reason"] == "unparsable"
    assert "is not a chain of provinces" in line(r, "fra", "tt 10A to Spain via Bisc")["detail"]
    assert line(r, "ita", "7T TYRS ho (no)")["reason"] == "invalid"  # two orders for 7T
    assert line(r, "ita", "7T dm lyon gaso")["reason"] == "invalid"


def test_a_special_action_waits_for_the_gm_and_blocks_the_season(w1914):
    r = season(w1914, {"fra": ["sa dig a tunnel under the Pyrenees"]})
    [q] = r["decisions_needed"]
    assert (q["default"], q["blocking"], q["answered"], r["final"]) == ("reject", True, False, False)
    w1914["decisions"] = {q["id"]: "accept"}
    r = season(w1914, {"fra": ["sa dig a tunnel under the Pyrenees"]})
    assert r["final"] and line(r, "fra", "sa dig a tunnel under the Pyrenees")["status"] == "succeeds"


def test_a_gm_adjustment_is_a_journal_entry_with_its_reason(w1914):
    w1914["adjustments"] = [{"nation": "sui", "factor": "gold", "amount": 2.5,
                             "reason": "a loan from the GM's uncle"}]
    r = season(w1914)
    [e] = [e for e in r["ledger"] if e["account"] == "sui" and e["reason"].startswith("GM:")]
    assert e["amount"] == 2.5 and e["rule"] == "IX.8"


@pytest.mark.parametrize("change, where", [
    (lambda p: p.update(phase="S1914R"), "phase"),
    (lambda p: p["economy"]["nations"]["fra"]["stock"].update(gold=1.25), "economy.nations.fra.stock.gold"),
    (lambda p: p["economy"]["nations"].pop("ita"), "economy.nations.ita"),
    (lambda p: p.update(units=[{"id": "1X", "power": "fra", "type": "D", "at": "pari"}]), "units[0].id"),
    (lambda p: p.update(units=[{"id": "1T", "power": "fra", "type": "T", "at": "pari"}]), "units[0].at"),
    (lambda p: p["economy"].update(wealth=1), "economy.wealth"),
])
def test_a_bad_position_names_the_field(w1914, change, where):
    change(w1914)
    with pytest.raises(PositionError) as e:
        adjudicate(w1914)
    assert str(e.value).startswith(where + ":"), str(e.value)


# -- tables ---------------------------------------------------------------------------------------


def _broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "broken"
    shutil.copytree(MINI, folder)
    p = folder / file
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return folder


def test_a_malformed_table_cell_is_one_line_with_file_table_row_and_field(tmp_path: Path):
    folder = _broken_copy(tmp_path, "tables/t01-build-costs.toml", "M = 6, A = 2", "M = -6, A = 2")
    pos = start() | {"variant": str(folder)}
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(pos))
    run = subprocess.run([sys.executable, "-m", "diplodesk.cli", "adjudicate", str(f)],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert "tables/t01-build-costs.toml, table T1, row D, field cost.M: -6 is below zero" in run.stderr


def test_every_problem_of_a_table_is_listed(tmp_path: Path):
    from diplodesk.engine.hyper import pack_of
    from diplodesk.engine.tables import TableError

    folder = _broken_copy(tmp_path, "tables/t05-failure-order.toml", 'tie_break = "dice"',
                          'tie_break = "coin"\nextra = 1')
    with pytest.raises(TableError) as e:
        pack_of(load_variant(str(folder)))
    assert [str(p) for p in e.value.problems] == [
        "tables/t05-failure-order.toml, table T5, field tie_break: 'coin' is not one of dice",
        "tables/t05-failure-order.toml, table T5, field extra: unknown key (known: order, tie_break)"]


def test_a_game_on_provisional_tables_says_so_in_its_result_and_every_report(w1914):
    from diplodesk.engine.hyper.report import report

    r = season(w1914)
    assert any(n.startswith("provisional values in use") for n in r["notices"])
    for who in ("fra", "p02", "gazette"):
        assert "provisional values in use" in report(r, w1914, who)


# -- the command line -------------------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "diplodesk.cli", *args], capture_output=True, text=True)


def test_variant_check_reads_every_table_and_lists_what_is_provisional(tmp_path: Path):
    ok = _cli("variant", "check", str(MINI))
    assert ok.returncode == 0 and "provisional: T1, T2, T3" in ok.stdout
    folder = _broken_copy(tmp_path, "nations.toml", 'kind = "territory"', 'kind = "colony"')
    bad = _cli("variant", "check", str(folder))
    assert bad.returncode == 2
    assert "nations.toml, table nations, row mor, field kind: 'colony' is not home or territory" in bad.stdout


def test_report_gives_a_statement_a_player_s_nations_and_the_gazette(tmp_path: Path):
    pos = _tied(start()) | {"orders": FRANCE}
    f = tmp_path / "w1914.json"
    f.write_text(json.dumps(pos))
    france = _cli("report", str(f), "--power", "fra")
    assert france.returncode == 0
    assert france.stdout.startswith("France (Fran) — Winter 1914 — home nation, played by p01")
    assert "Start of season" in france.stdout and "End of season" in france.stdout
    assert "deterioration: a quarter of 25A rounded up (I.8)" in france.stdout
    spain = _cli("report", str(f), "--power", "P02").stdout
    assert "Morocco (Moro)" in spain and "Spain (Spai)" in spain and "France" not in spain
    gazette = _cli("report", str(f), "--power", "gazette").stdout
    assert "test secret" not in gazette and "Accounts at the end of the season" in gazette
    nobody = _cli("report", str(f), "--power", "atlantis")
    assert nobody.returncode == 2 and "known: fra, ita, mor, spa, sui, p01" in nobody.stderr


def test_the_standard_document_hands_a_hypereconomic_game_to_its_desk(tmp_path: Path):
    from diplodesk.document.game_document import GameDocument, OtherEngineGame

    game = Game.new(load_variant(str(MINI)))
    game.save(tmp_path / "hyper.json")
    with pytest.raises(OtherEngineGame, match="a hypereconomic game, which opens in its own desk") as e:
        GameDocument.open(tmp_path / "hyper.json")
    assert e.value.game.variant.engine == "hypereconomic"


def test_a_nation_or_bank_is_named_by_its_id_name_or_abbreviation_and_an_id_always_wins():
    from diplodesk.engine import seasons

    variant = load_variant(str(MINI))
    data = seasons.start_other(variant, "s", str(MINI)).to_json()
    data["economy"]["banks"] = [{"id": "bop", "name": "fra", "at": "pari", "controller": "p01", "gold": 0, "invested": 0}]
    names = seasons.read_other(data, variant).givers_by_name()
    assert names["france"] == names["fran"] == names["fra"] == "fra"  # the bank called "fra" does not take it
    assert names["bop"] == "bop"
