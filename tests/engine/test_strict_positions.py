"""A position is checked, never taken on trust: one wrong field must not turn a rule off,
move a unit across the board or make one vanish. Each is refused with one line naming
the field and what is wrong."""

from __future__ import annotations

import json

import pytest

from diplodesk.cli import main
from diplodesk.engine import PositionError, adjudicate, load_position, process
from diplodesk.engine.position import Position
from diplodesk.engine.reports import power_report
from diplodesk.engine.rules import blind
from diplodesk.variants import load_variant


def U(power, t, at, **kw):
    return {"power": power, "type": t, "at": at, **kw}


BASE = {"variant": "standard", "phase": "S1901M", "units": [U("England", "F", "nth")], "centers": {}}


@pytest.mark.parametrize("field, value, words", [
    ("rules", ["Blind"], "rules[0]: unknown rule 'Blind' (did you mean 'blind'?)"),
    ("rules", ["blind "], "rules[0]: unknown rule 'blind ' (did you mean 'blind'?)"),
    ("rules", ["fog"], "rules[0]: unknown rule 'fog' (known: "),
    ("winner", "Narnia", "winner: expected a power of this game, got 'Narnia'"),
    ("winner", 1, "winner: expected a power"),
    ("winner", "false", "winner: expected a power"),
    ("winner", True, "winner: expected a power"),
    ("anarchy", "England", "anarchy: expected a list of powers, got str 'England'"),
    ("anarchy", ["Narnia"], "anarchy[0]: unknown power 'Narnia'"),
    ("land", {"England": ["xyz"]}, "land.England[0]: unknown province 'xyz'"),
    ("land", {"England": ["yor"], "France": ["yor"]}, "land.France[0]: yor is also owned by England"),
    ("assignment", {"seed": "7"}, "assignment.seed: expected a whole number"),
    ("fog", True, "fog: unknown field"),
])
def test_a_wrong_field_is_refused_with_one_line(field, value, words):
    with pytest.raises(PositionError) as e:
        adjudicate(dict(BASE, rules=["blind"], **{field: value}) if field != "rules" else dict(BASE, rules=value))
    assert words in str(e.value)
    assert "\n" not in str(e.value)


def test_right_fields_still_read_in_any_case():
    p = load_position(dict(BASE, rules=["blind"], winner="england", anarchy=["france"]))
    assert p.extra["winner"] == "England" and p.extra["anarchy"] == ["France"]
    assert blind.game_over(p)


def test_the_cli_refuses_a_fog_turned_off_with_status_2(tmp_path, capsys):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(dict(BASE, rules=["blind"], winner="false")))
    assert main(["report", str(path), "--power", "England"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "winner" in err


RETREAT = {"variant": "standard", "phase": "F1901R",
           "units": [U("France", "F", "lon"), U("England", "F", "nth")],
           "dislodged": [U("England", "A", "wal", attacker_from="lon", retreats=["yor"])], "centers": {}}


@pytest.mark.parametrize("retreats, words", [
    (["mos"], "dislodged[0].retreats[0]: the army in wal cannot retreat to mos"),
    (["yor", "nth"], "dislodged[0].retreats[1]: the army in wal cannot retreat to nth"),
    (["lon"], "dislodged[0].retreats[0]: lon holds a unit: nobody retreats there"),
])
def test_a_listed_retreat_the_board_does_not_allow_is_refused(retreats, words):
    d = dict(RETREAT, dislodged=[dict(RETREAT["dislodged"][0], retreats=retreats)])
    with pytest.raises(PositionError, match=words.replace("[", r"\[").replace("]", r"\]")):
        adjudicate(d)


def test_a_retreat_onto_the_powers_own_fleet_is_refused_and_the_fleet_stays():
    d = {"variant": "standard", "phase": "F1901R",
         "units": [U("France", "A", "lon"), U("England", "F", "yor")],
         "dislodged": [U("England", "A", "wal", attacker_from="lon")], "centers": {},
         "orders": {"England": ["A wal - yor"]}}
    result = adjudicate(d)
    assert U("England", "F", "yor") in result["next"]["units"]
    assert [r["status"] for r in result["orders"]] == ["invalid"]
    with pytest.raises(PositionError, match="yor holds a unit"):
        adjudicate(dict(d, dislodged=[dict(d["dislodged"][0], retreats=["yor"])]))


def test_a_listed_retreat_still_narrows_the_choice():
    result = adjudicate(dict(RETREAT, orders={"England": ["A wal - lvp"]}))
    assert U("England", "A", "lvp") not in result["next"]["units"]


def test_a_contested_province_holding_a_unit_is_refused():
    with pytest.raises(PositionError, match="contested: nth holds a unit"):
        adjudicate(dict(RETREAT, contested=["nth"]))


def test_woolworth_blind_reports_a_choice_unit_ordered_and_attacked_in_spring():
    v = load_variant("woolworth2a")
    d = dict(Position.start(v, "woolworth2a").to_json(), rules=["blind"],
             orders={"Spain": ["A spa H"], "France": ["A mar - spa"]})
    p = load_position(d)
    out = process(p)
    report = power_report(p, "Spain", out)
    assert "A(Spa) H Attacked by French army" in report
    # the choice unit ordered to hold sees around itself, on the map as in the report
    for power in v.power_names:
        assert blind.sees(p, power) == blind.view(p, out, power).seen
    assert "por" in blind.sees(p, "Spain")
