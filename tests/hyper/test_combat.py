"""Combat by the numbers (III.27-35, T6, T7): a position, the orders, what came of them.

The test board: France holds Brittany, Paris, Aquitaine and Gascony; Spain Navarre, Castile
and Andalusia (two coasts); Italy Piedmont, Rome and Naples; Switzerland stands alone.
Navarre borders Aquitaine, Gascony and Castile. Numbers are the provisional pack's: T7 asks
s standing, 2h holding defenders (s + 2h mixed), +1 per hold support; T6 charges an attacker
1M per standing and 2M per holding enemy, a defender 1M held or 2M dislodged, per enemy unit.
"""

from __future__ import annotations

import shutil

import pytest

from diplodesk.engine import load_variant
from diplodesk.engine.guess import GuessCheck
from diplodesk.engine.hyper import pack_of
from diplodesk.engine.tables import TableError

from .conftest import MINI, line, season, start, stock


def board(*units: str, **owners: str) -> dict:
    """Winter 1914 with units written ``fra 1D gaso`` (a guard: ``spa N nava``)."""
    pos = start()
    pos["units"] = []
    for u in units:
        power, uid, at = u.split()
        if uid == "N":
            pos["units"].append({"power": power, "type": "N", "at": at, "M": 3})
        else:
            pos["units"].append({"id": uid, "power": power, "type": uid[-1], "at": at, "M": 6})
    for n in pos["economy"]["nations"].values():
        n["acquired"] = 9
    for prov, nation in owners.items():
        pos["economy"]["provinces"][prov]["de_facto"] = nation
    return pos


def where(result: dict, power: str, uid: str) -> str | None:
    hits = [u["at"] for u in result["next"]["units"] if u["power"] == power and u.get("id") == uid]
    return hits[0] if hits else None


def owner(result: dict, prov: str) -> str:
    return result["next"]["economy"]["provinces"][prov]["de_facto"]


def entries(result: dict, reason: str) -> list[dict]:
    return [e for e in result["ledger"] if reason in e["reason"] and e["amount"] < 0]


def clash(result: dict, at: str) -> dict:
    return next(c for c in result["clashes"] if c["where"] == at)


# -- III.29, II.2b: conquest --------------------------------------------------------------------


def test_one_division_attacking_an_empty_enemy_province_conquers_it():
    r = season(board("fra 1D gaso"), {"fra": ["1D Gaso at Nava"]})
    assert line(r, "fra", "1D Gaso at Nava")["status"] == "succeeds"
    assert where(r, "fra", "1D") == "nava"
    assert owner(r, "nava") == "fra-nava"
    assert r["next"]["economy"]["provinces"]["nava"]["quiet"] == 0
    assert clash(r, "nava")["attackers"][0]["cell"] == "T7[0][0]"


def test_an_attacked_province_yields_nothing_that_season():  # I.6b
    quiet = season(board("spa 1D nava"), {})
    attacked = season(board("fra 1D gaso", "spa 1D nava"), {"fra": ["1D at Nava"], "spa": ["1D ho"]})
    assert stock(quiet, "spa")["I"] - stock(attacked, "spa")["I"] == 1  # Navarre's 1I


# -- III.31 and T7 ------------------------------------------------------------------------------


@pytest.mark.parametrize("french, spanish, wins", [
    (["1D at Nava"], ["1D st"], True),  # 1 against 1 standing
    (["1D at Nava"], ["1D ho"], False),  # 1 against 1 holding: 2 needed
    (["1D at Nava", "2D at Nava"], ["1D ho"], True),
    (["1D at Nava", "2D sp 1D at Nava"], ["1D ho"], True),  # a support adds one
    (["1D at Nava", "2D at Nava"], ["1D ho", "2D sp 1D ho"], False),  # 3 needed
    (["1D at Nava"], [], True),  # no order: it stands (III.25)
])
def test_attackers_needed_against_standing_and_holding_defenders(french, spanish, wins):
    pos = board("fra 1D gaso", "fra 2D acqu", "spa 1D nava", "spa 2D cast")
    r = season(pos, {"fra": french, "spa": spanish})
    assert line(r, "fra", "1D at Nava")["status"] == ("succeeds" if wins else "fails")
    assert where(r, "fra", "1D") == ("nava" if wins else "gaso")


def test_a_mixed_defence_reads_its_cell_of_T7():
    pos = board("fra 1D gaso", "fra 2D acqu", "fra 3D pari", "spa 1D nava", "spa 2D nava")
    orders = {"fra": ["1D at Nava", "2D at Nava", "3D pari st"], "spa": ["1D st", "2D ho"]}
    r = season(pos, orders)  # 1 standing + 1 holding: T7[1][1] = 3
    assert line(r, "fra", "1D at Nava")["reason"] == "bounced"
    assert clash(r, "nava")["attackers"][0]["needed"] == 3
    assert clash(r, "nava")["attackers"][0]["cell"] == "T7[1][1]"


def test_a_failed_attacker_defends_as_standing():  # III.29
    pos = board("fra 1D gaso", "fra 2D acqu", "spa 1D nava")
    r = season(pos, {"fra": ["1D at Nava", "2D ho"], "spa": ["1D at Acqu"]})
    assert line(r, "spa", "1D at Acqu")["detail"].startswith("at bounced")  # 1 against a holder
    assert line(r, "fra", "1D at Nava")["status"] == "succeeds"  # 1 against 1 standing
    assert where(r, "fra", "1D") == "nava"


# -- two or more hostile groups (III.31) --------------------------------------------------------


GROUPS = ("spa 1D nava", "spa 2D nava", "spa 3D acqu", "spa 4D acqu", "ita 1D piem", "ita 2D piem")


def test_four_against_two_the_four_conquer():
    orders = {"spa": ["1D at Gaso", "2D at Gaso", "3D sp 1D at Gaso", "4D sp 2D at Gaso"],
              "ita": ["1D at Gaso", "2D at Gaso"]}
    r = season(board(*GROUPS, acqu="spa"), orders)
    assert owner(r, "gaso") == "spa-gaso"
    assert line(r, "ita", "1D at Gaso")["reason"] == "bounced"


def test_three_against_two_neither_group_enters():
    orders = {"spa": ["1D at Gaso", "2D at Gaso", "3D sp 1D at Gaso", "4D st"],
              "ita": ["1D at Gaso", "2D at Gaso"]}
    r = season(board(*GROUPS, acqu="spa"), orders)
    assert owner(r, "gaso") == "fra"
    assert line(r, "spa", "1D at Gaso")["reason"] == "bounced"
    assert "2:1" in line(r, "spa", "1D at Gaso")["detail"]


def test_the_winning_group_must_still_beat_the_defenders():
    units = GROUPS + ("fra 1D gaso", "fra 2D gaso", "fra 3D pari")
    orders = {"spa": ["1D at Gaso", "2D at Gaso", "3D sp 1D at Gaso", "4D sp 2D at Gaso"],
              "ita": ["1D at Gaso", "2D at Gaso"], "fra": ["1D ho", "2D ho", "3D sp 1D ho"]}
    r = season(board(*units, acqu="spa"), orders)  # 2 holding + 1 support: 4 + 1 = 5 needed
    assert owner(r, "gaso") == "fra"
    assert line(r, "spa", "1D at Gaso")["detail"].startswith("4 against 0 standing and 2 holding")


def test_each_nation_in_a_many_sided_clash_pays_its_highest_rate():  # III.22
    units = GROUPS + ("fra 1D gaso",)
    orders = {"spa": ["1D at Gaso", "2D at Gaso", "3D sp 1D at Gaso", "4D sp 2D at Gaso"],
              "ita": ["1D at Gaso", "2D at Gaso"], "fra": ["1D ho (no)"]}
    r = season(board(*units, acqu="spa"), orders)
    paid = {c["nation"]: c for c in clash(r, "gaso")["casualties"]}
    assert paid["spa"]["rate"] == 2 and paid["spa"]["enemy_units"] == 3  # vs a holder: 2M each
    assert paid["ita"]["rate"] == 2
    assert "fra" not in paid  # annihilated: its casualties are not charged (I.10)
    assert entries(r, "annihilation of fra's 1D")[0]["amount"] == -6  # charged to the victor


# -- limits (III.27, III.29, III.3) -------------------------------------------------------------


def test_a_third_attacker_on_one_border_makes_all_three_invalid():
    pos = board("spa 1D nava", "spa 2D nava", "spa 3D nava")
    r = season(pos, {"spa": ["1D at Gaso", "2D at Gaso", "3D at Gaso"]})
    assert {line(r, "spa", f"{d}D at Gaso")["status"] for d in (1, 2, 3)} == {"invalid"}
    assert "at most 2" in line(r, "spa", "1D at Gaso")["detail"]


def test_a_second_mover_on_one_border_makes_both_invalid():
    r = season(board("fra 1D gaso", "fra 2D gaso"), {"fra": ["1D mo Pari", "2D mo Pari"]})
    assert line(r, "fra", "2D mo Pari")["status"] == "invalid"
    assert where(r, "fra", "1D") == "gaso"


def test_a_fifth_unit_never_enters_and_every_friendly_move_there_fails():
    pos = board("fra 1D pari", "fra 2D pari", "fra 3D pari", "fra 4D gaso", "fra 5D acqu")
    r = season(pos, {"fra": ["4D mo Pari", "5D mo Pari"]})
    assert line(r, "fra", "4D mo Pari")["reason"] == "over four"
    assert line(r, "fra", "5D mo Pari")["reason"] == "over four"
    one = season(pos, {"fra": ["4D mo Pari"]})
    assert where(one, "fra", "4D") == "pari"


# -- moves (III.27) -----------------------------------------------------------------------------


def test_a_move_only_into_a_friendly_province():
    r = season(board("fra 1D gaso"), {"fra": ["1D mo Nava"]})
    assert line(r, "fra", "1D mo Nava")["status"] == "invalid"


@pytest.mark.parametrize("spanish, why", [
    (["1D ho"], "in pari"),  # an enemy holding in the target
    (["1D at Pari"], "attack"),  # an enemy attack into it
])
def test_a_mover_is_stood_off_by_an_enemy_in_or_attacking_its_target(spanish, why):
    at = "pari" if spanish == ["1D ho"] else "bret"
    r = season(board("fra 1D gaso", f"spa 1D {at}", **{at: "fra"}), {"fra": ["1D mo Pari"],
                                                                     "spa": spanish})
    assert line(r, "fra", "1D mo Pari")["reason"] == "stood off"
    assert why in line(r, "fra", "1D mo Pari")["detail"]


def test_enemy_movers_into_one_sea_stand_each_other_off_and_friends_do_not():
    r = season(board("fra 1T bret", "spa 1T nava"), {"fra": ["1T mo Bisc"], "spa": ["1T mo Bisc"]})
    assert line(r, "fra", "1T mo Bisc")["reason"] == "stood off"
    assert line(r, "spa", "1T mo Bisc")["reason"] == "stood off"
    r = season(board("fra 1T bret", "fra 2T acqu"), {"fra": ["1T mo Bisc", "2T mo Bisc"]})
    assert where(r, "fra", "1T") == where(r, "fra", "2T") == "bisc"


# -- supports (III.35) --------------------------------------------------------------------------


def test_one_attack_cuts_exactly_one_of_two_supports_by_the_dice():
    pos = board("spa 1D nava", "spa 2D cast", "spa 3D cast", "fra 1D anda", "fra 2D gaso",
                "fra 3D acqu")
    orders = {"spa": ["1D ho", "2D sp 1D ho", "3D sp 1D ho"], "fra": ["1D at Cast"]}
    r = season(pos, orders)
    cut = [t for t in ("2D sp 1D ho", "3D sp 1D ho") if line(r, "spa", t)["reason"] == "cut"]
    assert len(cut) == 1
    assert [d["purpose"] for d in r["dice"] if d["purpose"] != "ipl"] == ["cut"]


@pytest.mark.parametrize("first", ["2D", "3D"])
def test_the_nation_s_preference_list_says_which_support_is_cut(first):
    pos = board("spa 1D nava", "spa 2D cast", "spa 3D cast", "fra 1D anda")
    orders = {"spa": ["1D ho", "2D sp 1D ho", "3D sp 1D ho", f"spl {first}"], "fra": ["1D at Cast"]}
    r = season(pos, orders)
    assert line(r, "spa", f"{first} sp 1D ho")["reason"] == "cut"
    assert [d for d in r["dice"] if d["purpose"] != "ipl"] == []


def test_an_attack_from_the_province_supported_into_does_not_cut():
    pos = board("fra 1D gaso", "fra 2D acqu", "spa 1D nava")
    orders = {"fra": ["1D at Nava", "2D sp 1D at Nava"], "spa": ["1D at Acqu"]}
    r = season(pos, orders)
    assert line(r, "fra", "2D sp 1D at Nava")["detail"] == "support given"


def test_a_support_that_names_no_matching_order_counts_for_nothing():
    pos = board("fra 1D gaso", "fra 2D acqu", "spa 1D nava")
    r = season(pos, {"fra": ["1D at Nava", "2D sp 1D ho"], "spa": ["1D ho"]})
    assert line(r, "fra", "2D sp 1D ho")["reason"] == "not matched"


def test_a_guard_supports_a_hold_but_never_an_attack():
    pos = board("spa N cast", "spa 1D nava", "spa 2D anda")
    r = season(pos, {"spa": ["N Cast sp 1D ho", "1D ho", "2D at Cast"]})
    assert line(r, "spa", "N Cast sp 1D ho")["status"] == "succeeds"
    r = season(pos, {"spa": ["N Cast sp 1D at Gaso", "1D at Gaso"]})
    assert line(r, "spa", "N Cast sp 1D at Gaso")["status"] == "invalid"


def test_a_used_support_is_priced_as_used_and_a_cut_one_as_unused():
    pos = board("fra 1D gaso", "fra 2D acqu", "spa 1D nava", "spa 2D cast", "ita 1D anda")
    orders = {"fra": ["1D at Nava", "2D sp 1D at Nava"], "spa": ["1D ho", "2D sp 1D ho"],
              "ita": ["1D at Cast"]}
    r = season(pos, orders)
    assert len(entries(r, "support of 2D used")) == 1  # France's; Spain's was cut
    assert entries(r, "support of 2D used")[0]["account"] == "fra"


# -- double moves (III.28) ----------------------------------------------------------------------


def test_a_double_move_runs_its_second_leg_against_the_final_positions():
    r = season(board("fra 1T bret", "spa 1T anda/ec"), {"fra": ["1T dm Atla Wmed"],
                                                         "spa": ["1T mo Wmed"]})
    assert where(r, "spa", "1T") == "wmed"
    assert where(r, "fra", "1T") == "atla"  # its first leg stands; the second was stood off
    assert line(r, "fra", "1T dm Atla Wmed")["reason"] == "stood off"
    r = season(board("fra 1T bret", "spa 1T wmed"), {"fra": ["1T dm Atla Wmed"],
                                                      "spa": ["1T mo Tyrs"]})
    assert where(r, "fra", "1T") == "wmed"  # the Spanish task force had gone


def test_a_failed_first_leg_voids_the_second():
    r = season(board("fra 1T bret", "spa 1T anda/wc"), {"fra": ["1T dm Atla Wmed"],
                                                         "spa": ["1T mo Atla"]})
    assert where(r, "fra", "1T") == "bret"


def test_only_task_forces_double_move():
    r = season(board("fra 1D pari"), {"fra": ["1D dm Gaso Acqu"]})
    assert line(r, "fra", "1D dm Gaso Acqu")["status"] == "invalid"


# -- retreats and annihilation (III.32-34) ------------------------------------------------------


def test_a_retreat_goes_to_its_first_possible_choice_and_costs_2I():
    r = season(board("fra 1D gaso", "spa 1D nava"), {"fra": ["1D at Nava"],
                                                      "spa": ["1D st (re Acqu/Cast)"]})
    assert where(r, "spa", "1D") == "cast"  # Aquitaine is French, not friendly
    assert [e["amount"] for e in entries(r, "retreat of 1D")] == [-2]
    assert line(r, "spa", "1D st (re Acqu/Cast)")["reason"] == "dislodged"


def test_no_retreat_into_a_province_attacked_this_season():
    pos = board("fra 1D gaso", "fra 2D anda", "spa 1D nava", "spa 2D cast")
    r = season(pos, {"fra": ["1D at Nava", "2D at Cast"], "spa": ["1D st (re Cast)", "2D ho"]})
    assert where(r, "spa", "1D") is None
    assert entries(r, "retreat of") == []  # an impossible retreat costs nothing
    assert entries(r, "annihilation of spa's 1D")[0]["account"] == "fra"


def test_no_retreat_into_a_full_province():
    pos = board("fra 1D gaso", "spa 1D nava", "spa 2D cast", "spa 3D cast", "spa 4D cast",
                "spa 5D cast")
    r = season(pos, {"fra": ["1D at Nava"], "spa": ["1D st (re Cast)"]})
    assert where(r, "spa", "1D") is None
    assert "4 units" in line(r, "spa", "1D st (re Cast)")["detail"]


@pytest.mark.parametrize("unit, order, charge", [("spa 1D nava", "1D ho (no)", 6),
                                                  ("spa N nava", "N Nava st (re Cast)", 3)])
def test_annihilation_charges_the_victor_6M_or_3M_for_a_guard(unit, order, charge):
    pos = board("fra 1D gaso", "fra 2D acqu", unit)
    r = season(pos, {"fra": ["1D at Nava", "2D at Nava"], "spa": [order]})
    hit = entries(r, "annihilation of")
    assert [(e["account"], e["amount"]) for e in hit] == [("fra", -charge)]
    lost = [e for e in r["ledger"] if e["account"] == "game:destroyed"]
    assert lost and lost[0]["amount"] > 0  # the unit's own M are lost


def test_a_nation_that_cannot_pay_its_casualties_has_the_unit_demobilised():  # I.10
    pos = board("fra 1D gaso", "spa 1D nava", "spa 2D cast")
    pos["economy"]["nations"]["fra"]["stock"]["M"] = 0
    r = season(pos, {"fra": ["1D at Nava"], "spa": ["1D ho", "2D sp 1D ho"]})
    assert where(r, "fra", "1D") is None
    assert any(x["reason"] == "demobilised" for x in r["orders"] if x["power"] == "fra")


# -- head to head, rings ------------------------------------------------------------------------


def test_head_to_head_without_two_to_one_both_fail():
    r = season(board("fra 1D gaso", "spa 1D nava"), {"fra": ["1D at Nava"], "spa": ["1D at Gaso"]})
    assert where(r, "fra", "1D") == "gaso" and where(r, "spa", "1D") == "nava"
    assert any(c["kind"] == "border" for c in r["clashes"])


def test_head_to_head_with_two_to_one_the_stronger_goes_on():
    pos = board("fra 1D gaso", "fra 2D acqu", "spa 1D nava")
    r = season(pos, {"fra": ["1D at Nava", "2D sp 1D at Nava"], "spa": ["1D at Gaso (no)"]})
    assert where(r, "fra", "1D") == "nava" and where(r, "spa", "1D") is None


def test_a_ring_of_attacks_succeeds_together():
    pos = board("fra 1D gaso", "spa 1D nava", "fra 2D acqu")
    r = season(pos, {"fra": ["1D at Nava", "2D at Gaso"], "spa": ["1D at Acqu"]})
    assert (where(r, "fra", "1D"), where(r, "spa", "1D"), where(r, "fra", "2D")) == (
        "nava", "acqu", "gaso")


# -- III.5, III.8 -------------------------------------------------------------------------------


def test_switzerland_cannot_be_attacked_while_it_stands_alone():
    r = season(board("fra 1D pari"), {"fra": ["1D at Swit"]})
    assert line(r, "fra", "1D at Swit")["status"] == "invalid"


def test_a_build_in_a_province_attacked_that_season_fails_and_is_refunded():
    pos = board("fra 1D anda")
    pos["economy"]["installations"] = [{"type": "Y", "owner": "spa", "at": "cast",
                                        "built": "F1914M", "M": 2}]
    quiet = season(pos, {"spa": ["bu D Cast"]})
    r = season(pos, {"spa": ["bu D Cast"], "fra": ["1D at Cast"]})
    assert line(r, "spa", "bu D Cast")["reason"] == "attacked"
    assert line(quiet, "spa", "bu D Cast")["status"] == "succeeds"
    back = {e["factor"]: e["amount"] for e in r["ledger"]
            if e["account"] == "spa" and e["reason"].startswith("refund")}
    assert back == {"gold": 1, "M": 6, "A": 2, "I": 3}  # T1 D, all of it


# -- the backup rule (DESIGN 3.4) ---------------------------------------------------------------


def test_a_cycle_with_two_answers_succeeds_together_and_one_with_none_fails():
    ring = GuessCheck(["a", "b", "c"], lambda k, v: v({"a": "b", "b": "c", "c": "a"}[k]))
    assert ring.run() == {"a": True, "b": True, "c": True}
    paradox = GuessCheck(["a", "b"], lambda k, v: not v("b") if k == "a" else v("a"))
    assert paradox.run() == {"a": False, "b": False}
    assert [both for _, both in ring.cycles + paradox.cycles] == [True, False]


def test_a_build_in_a_province_filled_by_the_fighting_fails_and_is_refunded():  # III.3
    pos = board("fra 1D pari", "fra 2D pari", "fra 3D pari", "fra 4D gaso")
    pos["economy"]["installations"] = [{"type": "Y", "owner": "fra", "at": "pari",
                                        "built": "F1914M", "M": 2}]
    r = season(pos, {"fra": ["bu D Pari", "4D mo Pari"]})
    assert where(r, "fra", "4D") == "pari"
    assert line(r, "fra", "bu D Pari")["reason"] == "full"


def test_a_chain_of_thousands_of_decisions_is_walked_link_by_link():
    n = 5000
    keys = [f"k{i:05d}" for i in range(n)]
    nxt = {keys[i]: keys[i + 1] for i in range(n - 1)}
    judge = lambda k, v: v(nxt[k]) if k in nxt else True  # noqa: E731
    out = GuessCheck(keys, judge, needs=lambda k: [nxt[k]] if k in nxt else []).run()
    assert all(out.values()) and len(out) == n


# -- the tables (T6, T7) ------------------------------------------------------------------------


@pytest.mark.parametrize("file, old, new, says", [
    ("tables/t07-attackers-needed.toml", "[3, 5],  ", "[3],     ",
     "t07-attackers-needed.toml, table T7, row s = 3, field needed: expected 2 cells"),
    ("tables/t06-casualties.toml", 'vs = "hold",   result', 'vs = "hodl",   result',
     "t06-casualties.toml, table T6, row 2, field vs: 'hodl' is not one of"),
    ("rules.toml", 'support_cut = "per-attacker"', 'support_cut = "by-lot"',
     "rules.toml, table rules, row readings, field support_cut: 'by-lot' is not one of per-attacker, literal"),
    ("rules.toml", 'support_cut = "per-attacker"', 'support_cuts = "literal"',
     "row readings, field support_cuts: unknown reading (known: support_cut)"),
])
def test_a_bad_cell_of_T6_or_T7_is_named(tmp_path, file, old, new, says):
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    with pytest.raises(TableError) as e:
        pack_of(load_variant(str(folder)))
    assert says in str(e.value)
