"""Loeb9: the board, the difficult passable borders and the icy Arctic, rule by rule."""

import json
from pathlib import Path

from diplodesk.engine import adjudicate
from diplodesk.variants import load_variant

FACTS = json.loads((Path(__file__).parent / "data" / "loeb9_facts.json").read_text())


def U(power, t, at):
    return {"power": power, "type": t, "at": at}


def play(phase, units, orders, **extra):
    return adjudicate({"variant": "loeb9", "phase": phase, "units": units, "orders": orders, **extra})


def status(result, text):
    return next((r["status"], r["reason"]) for r in result["orders"] if r["text"] == text)


def where(result):
    return {u["at"]: u["power"] for u in result["next"]["units"]}


def test_export_agrees_with_the_facts():
    ex = load_variant("loeb9").to_export()
    provs = {p["id"]: p for p in ex["provinces"]}
    for fact in FACTS["provinces"]:
        p = provs[fact["id"]]
        assert (p["kind"], p["supply_center"], p["home"], p["coasts"]) == (
            fact["kind"], fact["center"], fact["home"], fact["coasts"]), fact["id"]
    assert len(provs) == len(FACTS["provinces"])
    difficult = sorted(s["between"] for s in ex["special"] if s["kind"] == "difficult")
    assert difficult == FACTS["difficult"]
    assert ex["adjacency"]["army"] == sorted(FACTS["army"] + FACTS["difficult"])
    assert ex["adjacency"]["fleet"] == FACTS["fleet"]
    assert sorted(ex["start"]["units"], key=lambda u: u["at"]) == FACTS["start_units"]
    assert sum(p["supply_center"] for p in ex["provinces"]) == FACTS["centers"] == 38
    assert ex["victory"]["centers"] == FACTS["victory"] == 20
    assert len(ex["powers"]) == 9
    seasonal = [s for s in ex["special"] if s["kind"] == "seasonal"]
    assert seasonal == [{"kind": "seasonal", "provinces": ["arc"], "seasons": ["F"]}]


# -- difficult passable borders --------------------------------------------------------


def test_an_army_may_cross_alone_into_an_empty_place():
    r = play("S1901M", [U("Spain", "A", "cor")], {"Spain": ["A cor - naf"]})
    assert where(r) == {"naf": "Spain"}


def test_force_is_the_number_of_supports_so_alone_it_loses_to_any_unit():
    r = play("S1901M", [U("Spain", "A", "cor"), U("France", "A", "naf")], {"Spain": ["A cor - naf"]})
    assert status(r, "A cor - naf") == ("fails", "bounced")


def test_one_support_makes_it_as_strong_as_a_plain_move():
    units = [U("Spain", "A", "cor"), U("Spain", "F", "wes"), U("France", "A", "tun")]
    r = play("S1901M", units, {"Spain": ["A cor - naf", "F wes S A cor - naf"], "France": ["A tun - naf"]})
    assert status(r, "A cor - naf") == ("fails", "bounced")
    assert status(r, "A tun - naf") == ("fails", "bounced")


def test_two_supports_dislodge_a_holding_unit():
    units = [U("Spain", "A", "cor"), U("Spain", "F", "wes"), U("Spain", "F", "mao"), U("France", "A", "naf")]
    r = play("S1901M", units, {"Spain": ["A cor - naf", "F wes S A cor - naf", "F mao S A cor - naf"]})
    assert where(r)["naf"] == "Spain"
    assert r["next"]["dislodged"][0]["at"] == "naf"


def test_an_unsupported_crossing_does_not_hinder_a_plain_move():
    units = [U("Spain", "A", "cor"), U("France", "A", "tun")]
    r = play("S1901M", units, {"Spain": ["A cor - naf"], "France": ["A tun - naf"]})
    assert where(r)["naf"] == "France"


def test_an_unsupported_crossing_does_not_cut_support():
    units = [U("Spain", "A", "cor"), U("France", "F", "naf"), U("France", "F", "tun"), U("Italy", "F", "wes")]
    r = play("S1901M", units, {"Spain": ["A cor - naf"], "France": ["F naf S F tun - wes", "F tun - wes"]})
    assert status(r, "F naf S F tun - wes") == ("succeeds", None)
    assert r["next"]["dislodged"][0]["at"] == "wes"


def test_a_supported_crossing_cuts_support():
    units = [U("Spain", "A", "cor"), U("Spain", "F", "mao"), U("France", "F", "naf"), U("France", "F", "tun"),
             U("Italy", "F", "wes")]
    orders = {"Spain": ["A cor - naf", "F mao S A cor - naf"], "France": ["F naf S F tun - wes", "F tun - wes"]}
    r = play("S1901M", units, orders)
    assert status(r, "F naf S F tun - wes") == ("fails", "cut")
    assert "dislodged" not in r["next"] or not r["next"]["dislodged"]


def test_only_a_supported_crossing_makes_a_standoff_that_bans_retreats():
    # Italy dislodges the French fleet in the Western Mediterranean while Spain and France
    # fight over North Africa. With one support Spain's crossing stands France off, and North
    # Africa is closed to retreats; the lone crossing would have let France through.
    units = [U("Spain", "A", "cor"), U("Spain", "F", "mao"), U("France", "A", "tun"), U("France", "F", "wes"),
             U("Italy", "F", "tys"), U("Italy", "F", "lyo")]
    orders = {"Spain": ["A cor - naf", "F mao S A cor - naf"], "France": ["A tun - naf"],
              "Italy": ["F tys - wes", "F lyo S F tys - wes"]}
    r = play("S1901M", units, orders)
    d = r["next"]["dislodged"][0]
    assert d["at"] == "wes" and "naf" not in d["retreats"] and "naf" in r["next"]["contested"]
    orders["Spain"] = ["A cor - naf"]
    r = play("S1901M", units, orders)
    assert where(r)["naf"] == "France"


def test_no_support_across_a_difficult_border():
    units = [U("Italy", "A", "nap"), U("Italy", "A", "sic"), U("France", "F", "tys")]
    r = play("S1901M", units, {"Italy": ["A nap S A sic", "A sic H"]})
    assert status(r, "A nap S A sic") == ("invalid", "illegal")


def test_fleets_may_not_cross():
    r = play("S1901M", [U("Spain", "F", "por"), U("Spain", "F", "cat")], {"Spain": ["F cat - naf"]})
    assert status(r, "F cat - naf") == ("invalid", "illegal")


def test_crossing_armies_pass_each_other_like_convoys():
    units = [U("Italy", "A", "nap"), U("France", "A", "sic")]
    r = play("S1901M", units, {"Italy": ["A nap - sic"], "France": ["A sic - nap"]})
    assert where(r) == {"sic": "Italy", "nap": "France"}


# -- the icy Arctic ----------------------------------------------------------------------


def test_no_orders_to_a_unit_in_the_arctic_in_the_fall():
    r = play("F1901M", [U("Russia", "F", "arc")], {"Russia": ["F arc - bar"]})
    assert status(r, "F arc - bar") == ("invalid", "illegal")
    assert where(r) == {"arc": "Russia"}


def test_nothing_may_move_into_the_arctic_in_the_fall():
    r = play("F1901M", [U("England", "F", "nwg")], {"England": ["F nwg - arc"]})
    assert status(r, "F nwg - arc") == ("invalid", "illegal")


def test_the_arctic_is_open_in_the_spring():
    r = play("S1901M", [U("England", "F", "nwg")], {"England": ["F nwg - arc"]})
    assert where(r) == {"arc": "England"}


def test_no_support_into_the_arctic_and_no_retreat_into_it_in_the_fall():
    units = [U("England", "F", "nwg"), U("England", "F", "nao"), U("Russia", "F", "arc"), U("Germany", "F", "bar"),
             U("Germany", "F", "nth")]
    orders = {"England": ["F nao S F nwg - arc"], "Germany": ["F nth - nwg", "F bar S F nth - nwg"]}
    r = play("F1901M", units, orders)
    assert status(r, "F nao S F nwg - arc") == ("invalid", "illegal")
    dislodged = r["next"]["dislodged"][0]
    assert dislodged["at"] == "nwg" and "arc" not in dislodged["retreats"]


def test_spain_starts_with_three_units_and_russia_in_the_north():
    ex = load_variant("loeb9").to_export()
    assert {u["at"] for u in ex["start"]["units"] if u["power"] == "Spain"} == {"por", "cor", "mad"}
    assert {"power": "Russia", "type": "F", "at": "stp/nc"} in ex["start"]["units"]


def test_a_retreat_across_a_difficult_border_bans_no_other_retreat():
    """An unsupported crossing "will have no effect whatsoever on the destination province for
    the purposes of ... banning retreats": a retreat is never supported, so one across a
    difficult border never makes another retreat to the same place fail."""
    units = [U("Italy", "F", "sic"), U("Italy", "A", "apu")]
    dislodged = [{**U("France", "A", "sic"), "attacker_from": "tys"},
                 {**U("Austria", "A", "apu"), "attacker_from": "rom"}]
    both = {"France": ["A sic - nap"], "Austria": ["A apu - nap"]}
    r = play("F1901R", units, both, dislodged=dislodged)
    assert where(r)["nap"] == "Austria"
    assert status(r, "A apu - nap") == ("succeeds", None)
    assert status(r, "A sic - nap") == ("fails", "bounced")
    # alone, the crossing goes through
    r = play("F1901R", units, {"France": ["A sic - nap"]}, dislodged=dislodged)
    assert where(r)["nap"] == "France"
