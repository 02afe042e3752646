"""The command line on the app's own saved games: their current phase, or one --phase picks;
bad input as one short line; help for every argument."""

import argparse
import json
import re

import pytest

from diplodesk.cli import _build_parser, main
from diplodesk.engine.game import Game
from diplodesk.variants import load_variant


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    """A game saved as the app saves it: spring 1901 played, fall 1901 current with an order."""
    game = Game.new(load_variant("standard"))
    game.set_orders("England", ["F lon - nth", "F edi - nwg", "A lvp - yor"])
    game.set_orders("France", ["A par - bur"])
    game.process()
    game.set_orders("England", ["F nth - nwy"])
    path = tmp_path_factory.mktemp("games") / "game.dpd.json"
    game.save(path)
    return path


def test_adjudicate_a_game_file_adjudicates_its_current_phase(game_file, capsys):
    code, out, err = run(capsys, "adjudicate", game_file)
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["phase"] == "F1901M"
    assert {"power": "England", "text": "F nth - nwy", "order": "F nth - nwy",
            "status": "succeeds", "reason": None} in result["orders"]


@pytest.mark.parametrize("phase", ["S1901M", "s1901m", "0", "-2"])
def test_phase_picks_a_played_phase_by_name_or_index(game_file, capsys, phase):
    code, out, _ = run(capsys, "report", game_file, "--power", "England", "--phase", phase)
    assert code == 0 and out.startswith("Spring 1901 Movement: report for England")
    assert "A lvp - yor" in out


def test_report_pack_and_render_of_a_game_file_take_its_last_adjudicated_phase(game_file, tmp_path, capsys):
    """As the mailroom does: a GM who packs a game sends the turn that was played."""
    code, out, err = run(capsys, "report", game_file, "--power", "england")
    assert code == 0 and err == ""
    assert out.startswith("Spring 1901 Movement: report for England") and "A lvp - yor" in out
    assert "F nth - nwy" not in out  # fall's order, typed but not played
    code, out, _ = run(capsys, "pack", game_file, "-o", tmp_path / "packs", "--power", "France")
    assert code == 0 and sorted(p.rsplit("/", 1)[-1] for p in out.split()) == [
        "standard-S1901M-france.pdf", "standard-S1901M-gm.pdf"]
    svg = tmp_path / "last.svg"
    code, _, err = run(capsys, "render", game_file, "-o", svg)
    assert code == 0 and err == "" and "Spring 1901" in svg.read_text() and "not adjudicated" not in svg.read_text()


def test_render_a_game_file_to_png_and_a_past_phase_to_svg(game_file, tmp_path, capsys):
    png = tmp_path / "now.png"
    assert run(capsys, "render", game_file, "-o", png)[0] == 0
    assert png.read_bytes().startswith(b"\x89PNG")
    past = tmp_path / "past.svg"
    assert run(capsys, "render", game_file, "-o", past, "--phase", "S1901M")[0] == 0
    assert "Spring 1901" in past.read_text()


def test_a_phase_nobody_has_played_is_shown_as_orders_or_refused(game_file, tmp_path, capsys):
    code, out, err = run(capsys, "report", game_file, "--power", "England", "--phase", "F1901M")
    assert code == 0 and err == ""
    assert out.splitlines()[:2] == ["Fall 1901 Movement: orders given so far for England",
                                    "NOT ADJUDICATED: these are orders, not results"]
    assert "F nth - nwy" in out and "succeeds" not in out and "fails" not in out
    code, out, err = run(capsys, "report", game_file, "--public", "--phase", "-1")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "F1901M has not been adjudicated" in err and "the last adjudicated is S1901M" in err
    code, out, err = run(capsys, "pack", game_file, "-o", tmp_path / "p", "--phase", "F1901M")
    assert code == 2 and out == "" and err.count("\n") == 1 and "no pack of it" in err
    assert not (tmp_path / "p").exists() or not list((tmp_path / "p").iterdir())
    code, _, err = run(capsys, "render", game_file, "-o", tmp_path / "now.svg", "--phase", "-1")
    assert code == 0 and "drawn with the orders given so far, not results" in err
    # and the picture says so itself, under its title, for whoever it is sent to
    assert "Fall 1901 Movement (orders given so far, not adjudicated)" in (tmp_path / "now.svg").read_text()


def test_a_game_nobody_has_played_yet_has_no_pack_and_no_results(tmp_path, capsys):
    path = tmp_path / "new.json"
    Game.new(load_variant("standard")).save(path)
    code, out, err = run(capsys, "pack", path, "-o", tmp_path / "p")
    assert code == 2 and out == "" and "no phase has been adjudicated yet" in err and err.count("\n") == 1
    code, out, _ = run(capsys, "report", path, "--power", "France")
    assert code == 0 and "NOT ADJUDICATED" in out and "(no orders yet)" in out and "succeeds" not in out


def test_a_hyper_game_packs_its_last_season_and_refuses_one_not_played(tmp_path, capsys):
    from pathlib import Path

    from diplodesk.engine import load_variant as load

    game = Game.new(load(str(Path(__file__).resolve().parents[1] / "examples" / "hyper-mini")))
    game.process()
    game.set_orders("fra", ["bu Y Pari"])
    path = tmp_path / "hyper.json"
    game.save(path)
    code, out, err = run(capsys, "report", path, "--power", "France")
    assert code == 0 and out.startswith("France (Fran) — Winter 1914"), err
    code, out, _ = run(capsys, "report", path, "--power", "France", "--phase", "-1")
    assert code == 0 and out.splitlines()[:2] == ["Spring 1915: orders given so far for France (Fran)",
                                                  "NOT ADJUDICATED: these are orders, not results"]
    assert "bu Y Pari" in out
    code, out, err = run(capsys, "pack", path, "-o", tmp_path / "p", "--phase", "S1915M")
    assert code == 2 and out == "" and "S1915M has not been adjudicated" in err and err.count("\n") == 1


@pytest.mark.parametrize("phase, words", [
    ("S1905M", "'S1905M' is not a phase of"),
    ("7", "7 is not an index of"),
    ("spring", "'spring' is not a phase of"),
])
def test_a_phase_the_game_lacks_is_one_line_naming_its_phases(game_file, capsys, phase, words):
    code, out, err = run(capsys, "render", game_file, "-o", "x.png", "--phase", phase)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1


def test_phase_with_a_position_file_must_be_its_own(tmp_path, capsys):
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"variant": "standard", "phase": "S1901M"}))
    assert run(capsys, "adjudicate", pos, "--phase", "S1901M")[0] == 0
    code, _, err = run(capsys, "adjudicate", pos, "--phase", "F1902M")
    assert code == 2 and "picks a phase of a game file" in err and err.count("\n") == 1


def test_a_damaged_game_file_is_one_short_line_never_the_embedded_variant(game_file, tmp_path, capsys):
    data = json.loads(game_file.read_text())
    data["current"]["units"][0]["at"] = "xyz"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    for command in (["render", bad, "-o", tmp_path / "x.png"], ["report", bad, "--power", "France"],
                    ["pack", bad, "-o", tmp_path / "p"], ["adjudicate", bad]):
        code, out, err = run(capsys, *command)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert "current.units[0].at" in err and len(err) < 420


def test_a_position_whose_variant_is_a_huge_value_is_echoed_short(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"variant": {"provinces": ["x" * 50] * 400}, "phase": "S1901M"}))
    code, _, err = run(capsys, "render", bad, "-o", tmp_path / "x.png")
    assert code == 2 and err.count("\n") == 1 and len(err) < 420


def test_a_position_without_units_renders_and_says_so(tmp_path, capsys):
    pos = tmp_path / "empty.json"
    pos.write_text(json.dumps({"variant": "standard", "phase": "S1901M", "units": []}))
    out = tmp_path / "empty.png"
    code, _, err = run(capsys, "render", pos, "-o", out)
    assert code == 0 and out.read_bytes().startswith(b"\x89PNG")
    assert "no units" in err and err.count("\n") == 1


def _subparsers(parser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield name, sub
                yield from ((f"{name} {n}", s) for n, s in _subparsers(sub))


def test_every_argument_of_every_subcommand_has_help():
    undescribed = [f"{name}: {action.dest}" for name, sub in _subparsers(_build_parser())
                   for action in sub._actions
                   if not isinstance(action, argparse._SubParsersAction | argparse._HelpAction)
                   and not action.help]
    assert undescribed == []


@pytest.mark.parametrize("command", ["adjudicate", "render", "report", "pack"])
def test_every_command_that_takes_a_position_takes_a_phase(command):
    sub = dict(_subparsers(_build_parser()))[command]
    assert "--phase" in sub.format_help() and "game file" in sub.format_help()


def test_a_long_message_keeps_its_start_and_what_is_wrong(capsys):
    code, _, err = run(capsys, "variant", "export", "x" * 3000)
    assert code == 2 and err.count("\n") == 1 and len(err) < 420
    assert err.startswith("diplodesk: variant xxx") and " … " in err and "no such variant" in err


@pytest.mark.parametrize("variant, rules", [("loeb9", ()), ("standard", ("blind",)), ("woolworth2a", ())])
def test_a_game_the_desk_saved_renders_reports_and_packs(tmp_path, capsys, variant, rules):
    from diplodesk.document.game_document import GameDocument

    doc = GameDocument.new(variant, rules)
    doc.process()  # a year's first phase played, everybody holding
    path = tmp_path / f"{variant}.json"
    doc.save(path)
    power = doc.powers[0]
    assert run(capsys, "render", path, "-o", tmp_path / "map.png", "--power", power)[0] == 0
    code, out, _ = run(capsys, "report", path, "--power", power, "--phase", "0")
    assert code == 0 and f"for {power}" in out
    code, out, _ = run(capsys, "pack", path, "-o", tmp_path / "packs", "--power", power)
    assert code == 0 and len(out.split()) == 2


def test_a_game_of_a_variant_with_its_own_season_engine_adjudicates_and_reports(tmp_path, capsys):
    from pathlib import Path

    from diplodesk.engine import load_variant

    mini = Path(__file__).resolve().parents[1] / "examples" / "hyper-mini"
    game = Game.new(load_variant(str(mini)))
    game.process()
    path = tmp_path / "hyper.json"
    game.save(path)
    code, out, err = run(capsys, "adjudicate", path)
    assert code == 0 and json.loads(out)["phase"] == game.phases[-1], err
    code, out, _ = run(capsys, "report", path, "--power", "gazette", "--phase", "0")
    assert code == 0 and "Accounts at the end of the season" in out


def test_the_public_report_gives_each_power_its_centre_count(game_file, capsys):
    code, out, _ = run(capsys, "report", game_file, "--public")
    assert code == 0 and out.startswith("Spring 1901 Movement: the adjudication")
    assert "England      A lvp - yor" in out
    assert ("Supply centres: Austria 3, England 3, France 3, Germany 3, Italy 3, Russia 4, Turkey 3"
            in out)


def test_the_public_report_of_a_blind_game_keeps_the_numbers_secret(tmp_path, capsys):
    """Blind's rules: after the fall, the powers ranked by centres, the numbers not public."""
    game = Game.new(load_variant("standard"), ("blind",))
    game.process()
    game.set_orders("England", ["F lon - nth"])
    game.process()
    path = tmp_path / "blind.json"
    game.save(path)
    code, out, _ = run(capsys, "report", path, "--public")
    assert code == 0 and "Powers by supply centres owned, most first:" in out
    ranked = out.split("first:\n")[1].splitlines()[:7]
    assert all(re.fullmatch(r"  [1-7]\. [A-Z][a-z]+", line) for line in ranked), ranked  # no counts
    assert "F lon - nth" not in out


def test_a_result_file_is_named_a_result_not_a_position(tmp_path, capsys):
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"variant": "standard", "phase": "S1901M"}))
    result = tmp_path / "result.json"
    assert run(capsys, "adjudicate", pos, "-o", result)[0] == 0
    for command in (["adjudicate", result], ["render", result, "-o", tmp_path / "x.png"],
                    ["report", result, "--public"]):
        code, out, err = run(capsys, *command)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert "this is a result (of S1901M), not a position: its 'next' is the position after it" in err
