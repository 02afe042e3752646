"""The Results dock's lines: every line says what decided it and by whom, grouped by power,
and a power that built fewer units than it could gets a line saying so."""

import random

from diplodesk.document.result_rows import UNUSED, result_rows, unit_of
from diplodesk.engine import adjudicate, load_position

SPRING = {"variant": "standard", "phase": "S1901M",
          "units": [{"power": "Austria", "type": "A", "at": "vie"},
                    {"power": "Russia", "type": "A", "at": "gal"},
                    {"power": "Russia", "type": "A", "at": "boh"},
                    {"power": "Russia", "type": "A", "at": "sil"},
                    {"power": "Germany", "type": "A", "at": "mun"},
                    {"power": "Germany", "type": "A", "at": "tyr"},
                    {"power": "Italy", "type": "A", "at": "ven"}],
          "orders": {"Russia": ["A gal - vie", "A boh S A gal - vie"],
                     "Austria": ["A vie H"],
                     "Germany": ["A mun - boh", "A tyr S A mun - boh"],
                     "Italy": ["A ven - pie", "A xyz - abc", "F tri - adr"]}}

WINTER = {"variant": "standard", "phase": "W1901A",
          "units": [{"power": "Russia", "type": "A", "at": "war"},
                    {"power": "England", "type": "F", "at": "nth"},
                    {"power": "England", "type": "F", "at": "nwy"},
                    {"power": "France", "type": "A", "at": "par"}],
          "centers": {"Russia": ["mos", "sev", "stp", "war", "rum"], "England": ["lon"],
                      "France": ["par", "bre", "mar", "spa"]},
          "orders": {"Russia": ["Build A mos"], "France": ["Waive"]}}


def rows_of(position: dict):
    result = adjudicate(position, explain=True)
    why = [line.pop("explain", None) for line in result["orders"]]
    return result, why, result_rows(result, why, load_position(position))


def by_order(rows):
    return {r.read_as: r for r in rows}


def test_every_line_of_a_movement_phase_has_a_detail_naming_who_decided_it():
    _, _, rows = rows_of(SPRING)
    assert all(r.detail for r in rows)
    lines = by_order(rows)
    assert "cut: dislodged by A mun" in lines["A boh S A gal - vie"].detail
    assert "hold 1 of A vie" in lines["A gal - vie"].detail  # bounced, and off what
    assert "A gal" in lines["A vie H"].detail  # what it withstood
    assert "no unit in tri" in lines["F tri - adr"].detail
    assert lines["A sil H"].detail == "A sil H succeeds: no order was given, so it holds; nobody dislodged it"
    assert lines["A boh D"].detail.endswith("dislodged with nowhere to retreat")


def test_retreat_lines_have_a_detail():
    units = [u for u in SPRING["units"] if u["at"] != "sil"]
    result = adjudicate(dict(SPRING, units=units, orders={"Russia": ["A boh H"],
                                                          "Germany": ["A mun - boh", "A tyr S A mun - boh"]}))
    retreat = dict(result["next"], orders={"Russia": ["A boh - sil"]})
    assert retreat["phase"] == "S1901R"
    _, _, rows = rows_of(retreat)
    assert rows and all(r.detail for r in rows)
    assert by_order(rows)["A boh R sil"].detail.startswith("A boh R sil succeeds: sil is free")


def test_lines_come_grouped_by_power_then_by_unit_whatever_the_record_order():
    result, why, rows = rows_of(SPRING)
    assert [r.power for r in rows] == sorted(r.power for r in rows)
    russia = [r.unit for r in rows if r.power == "Russia"]
    assert russia == sorted(russia)
    pairs = list(zip(result["orders"], why, strict=True))
    random.Random(4).shuffle(pairs)
    shuffled = dict(result, orders=[p for p, _ in pairs])
    assert result_rows(shuffled, [w for _, w in pairs], load_position(SPRING)) == rows


def test_builds_not_used_get_a_line_per_power():
    _, _, rows = rows_of(WINTER)
    unused = {r.power: r for r in rows if r.status == UNUSED}
    # Russia: 5 centres, 1 unit, 3 free home centres: 3 builds, 1 made
    assert unused["Russia"].read_as == "Russia: 2 builds unused"
    assert "could build 3 and built 1" in unused["Russia"].detail
    assert "(4 owed, but only 3 free home centres)" in unused["Russia"].detail
    # France: 3 owed, but Paris is occupied: 2 builds, one waived, one left unordered
    assert unused["France"].read_as == "France: 1 build waived, 1 unused"
    assert by_order(rows)["Waive"].detail == "France waives one of its 2 builds"
    assert "England" not in unused  # it had removals, made in civil disorder
    assert all(r.detail for r in rows)


def test_a_power_that_built_all_it_could_gets_no_extra_line():
    full = dict(WINTER, orders={"Russia": ["Build A mos", "Build F sev", "Build F stp/nc"],
                                "France": ["Build A bre", "Build F mar", "Waive"]})
    _, _, rows = rows_of(full)
    assert [r.read_as for r in rows if r.status == UNUSED] == ["France: 1 build waived"]


def test_the_unit_of_each_kind_of_line():
    assert unit_of("A vie - gal") == "A vie"
    assert unit_of("B F stp/nc") == "F stp/nc"
    assert unit_of("D F kie") == "F kie"
    assert unit_of("A mos TSR irk") == "A mos"
    assert unit_of("Waive") == "" and unit_of(None) == ""


def _datc_phases():
    import json
    from pathlib import Path

    cases = json.loads((Path(__file__).parents[1] / "engine" / "datc" / "datc_v3.json").read_text())
    for case in cases:
        position = case["position"]
        result = adjudicate(position, explain=True)
        yield case["id"], position, result
        for step in case["then"]:
            position = dict(result["next"], orders=step["orders"])
            result = adjudicate(position, explain=True)
            yield case["id"], position, result


def test_every_line_of_every_datc_case_has_a_detail_and_a_failure_names_who():
    import re

    kinds, missing = set(), []
    for case, position, result in _datc_phases():
        why = [line.pop("explain", None) for line in result["orders"]]
        for r in result_rows(result, why, load_position(position)):
            kinds.add((r.status, r.reason))
            head = f"{r.read_as or r.given} {r.status}"
            said = r.detail.removeprefix(head).lstrip(": ")
            if len(said) < 4:
                missing.append((case, r.read_as, r.detail))
            if r.reason in ("bounced", "dislodged", "cut") and not re.search(r"\b[AF] [a-z]{3}", said):
                missing.append((case, r.read_as, r.detail))
    assert missing == []
    # the kinds of line the cases hold: moves, retreats, builds, removals, civil disorder
    assert {("fails", "bounced"), ("fails", "dislodged"), ("fails", "cut"), ("succeeds", "civil disorder"),
            ("succeeds", "no retreat"), (UNUSED, UNUSED), ("invalid", "too many")} <= kinds


def test_a_retreat_that_bounced_names_the_other_unit():
    position = {"variant": "standard", "phase": "S1901R",
                "units": [{"power": "Italy", "type": "A", "at": "ser"}],
                "dislodged": [{"power": "Austria", "type": "F", "at": "tri", "attacker_from": "ven"},
                              {"power": "Turkey", "type": "F", "at": "gre", "attacker_from": "ion"}],
                "orders": {"Austria": ["F tri - alb"], "Turkey": ["F gre - alb"]}}
    _, _, rows = rows_of(position)
    assert by_order(rows)["F tri R alb"].detail == "F tri R alb fails: F gre retreated to alb too; both are disbanded"


def test_a_revealed_choice_unit_says_what_it_became():
    from diplodesk.engine.position import Position
    from diplodesk.variants import load_variant

    start = Position.start(load_variant("woolworth2a")).to_json()
    _, _, rows = rows_of(dict(start, orders={"Russia": ["F stp/sc - bot"]}))
    lines = by_order(rows)
    assert lines["F stp/sc"].detail.startswith("F stp/sc succeeds: the choice unit is revealed as a fleet")
    assert lines["A lvp"].detail.startswith("A lvp succeeds: the choice unit is revealed as an army (")


def test_a_powers_summary_of_builds_comes_after_its_orders():
    _, _, rows = rows_of(WINTER)
    france = [r.read_as for r in rows if r.power == "France"]
    assert france == ["Waive", "France: 1 build waived, 1 unused"]
