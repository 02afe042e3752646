"""Blind Diplomacy: what each power sees and is told, rule sentence by rule sentence."""

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diplodesk.engine import adjudicate, load_position, process
from diplodesk.engine.options import movement_options
from diplodesk.engine.orders import format_order
from diplodesk.engine.reports import power_report
from diplodesk.engine.rules import blind
from diplodesk.variants import load_variant

V = load_variant("standard")
POWERS = V.power_names


def U(power, t, at):
    return {"power": power, "type": t, "at": at}


def start(orders):
    data = load_position({"variant": "standard", "phase": "S1901M"}).start(V).to_json()
    return load_position(dict(data, rules=["blind"], orders=orders))


def pos(units, orders, phase="S1901M", **extra):
    return load_position({"variant": "standard", "rules": ["blind"], "phase": phase, "units": units,
                          "orders": orders, **extra})


def view(position, power):
    return blind.view(position, process(position), power)


SPRING_01 = {
    "Austria": ["A Bud - Ser", "A Vie - Gal", "F Tri - Ven"],
    "England": ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"],
    "France": ["F Bre - Mao", "A Par - Bur", "A Mar - Spa"],
    "Germany": ["A Mun - Ruh", "A Ber - Kie", "F Kie - Den"],
    "Italy": ["A Ven - Tyr", "A Rom - Ven", "F Nap - Ion"],
    "Russia": ["A War - Gal", "A Mos - Ukr", "F Sev - Bla", "F Stp/sc - Bot"],
    "Turkey": ["A Con - Bul", "A Smy - Arm", "F Ank - Bla"],
}


def test_the_worked_example_austria_in_spring_01():
    report = power_report(start(SPRING_01), "Austria")
    body = report.split("\n", 2)[2]
    assert body.startswith("""Austria:
A(Bud) - Ser
A(Vie) - Gal (FAILED) Stood off by Russian army
F(Tri) - Ven (FAILED) Stood off by Italian army

England:

France:

Germany:
A(Mun) - ???

Italy:
A(Ven) - Tyr
A(???) - Ven (FAILED)

Russia:
A(War) - Gal (FAILED)
A(???) - Ukr

Turkey:

You lost control over Tyrolia to Italy
""")
    assert "Your supply centres (3): Budapest, Trieste, Vienna" in report


# -- seeing ----------------------------------------------------------------------------------


def test_a_power_sees_its_homeland_and_while_it_holds_them_their_borders():
    seen = blind.static_sight(start({}), "Austria")
    assert {"vie", "bud", "tri", "boh", "gal", "tyr"} <= seen
    assert {"mun", "ven", "ser", "rum", "ukr", "war", "sil"} <= seen
    assert "par" not in seen


def test_losing_a_homeland_province_loses_the_view_around_it_but_not_of_it():
    p = pos([U("Italy", "A", "tri")], {}, centers={"Austria": ["vie", "bud"], "Italy": ["tri"]})
    seen = blind.static_sight(p, "Austria")
    assert "tri" in seen and "alb" not in seen and "adr" not in seen


def test_an_eliminated_power_still_sees_its_homeland():
    p = pos([U("Russia", "A", "vie")], {}, centers={"Russia": ["vie", "bud", "tri"]},
            land={"Russia": ["boh", "gal", "tyr"]})
    assert {"vie", "bud", "tri", "boh", "gal", "tyr"} <= blind.static_sight(p, "Austria")


def test_a_power_in_anarchy_sees_nothing():
    p = start(SPRING_01)
    p = load_position(dict(p.to_json(), anarchy=["Austria"]))
    v = view(p, "Austria")
    assert v.seen == frozenset() and all(not line.mine for line in v.lines)
    assert not [line for line in v.lines if line.power != "Austria"]


def test_owned_centres_and_land_are_seen():
    p = pos([], {}, centers={"England": ["tun"]}, land={"England": ["sil"]})
    seen = blind.static_sight(p, "England")
    assert {"tun", "sil"} <= seen


def test_a_unit_ordered_to_hold_or_support_a_hold_sees_around_it():
    units = [U("England", "A", "bur"), U("England", "A", "pic"), U("France", "A", "mun")]
    v = view(pos(units, {"England": ["A bur H", "A pic S A bur"]}), "England")
    assert {"mun", "par", "mar", "gas", "bel", "ruh"} <= v.seen


def test_moving_supporting_a_move_or_convoying_units_see_nothing():
    units = [U("England", "A", "bur"), U("England", "A", "pic"), U("France", "A", "mun")]
    v = view(pos(units, {"England": ["A bur - par", "A pic S A bur - par"]}), "England")
    assert "mun" not in v.seen and "ruh" not in v.seen


def test_a_misordered_or_unordered_unit_sees_nothing():
    units = [U("England", "A", "bur"), U("France", "A", "mun")]
    v = view(pos(units, {"England": ["A bur - nth"]}), "England")
    assert "mun" not in v.seen
    v = view(pos(units, {}), "England")
    assert "mun" not in v.seen


def test_an_nmr_unit_looks_like_a_unit_ordered_to_hold():
    units = [U("England", "A", "bur"), U("France", "A", "mun"), U("France", "A", "ruh")]
    p = pos(units, {"England": ["A bur H"], "France": ["A ruh H"]})
    lines = {line.text for line in view(p, "England").lines if line.power == "France"}
    assert lines == {"A(Mun) H", "A(Ruh) H"}


# -- being informed ---------------------------------------------------------------------------


def test_a_failed_order_says_why():
    units = [U("Austria", "A", "vie"), U("Russia", "A", "war")]
    v = view(pos(units, {"Austria": ["A vie - gal"], "Russia": ["A war - gal"]}), "Austria")
    assert "A(Vie) - Gal (FAILED) Stood off by Russian army" in [line.text for line in v.lines]


def test_attacked_but_never_from_where():
    units = [U("France", "A", "bur"), U("England", "A", "pic"), U("England", "A", "gas")]
    v = view(pos(units, {"France": ["A bur H"], "England": ["A pic - bur", "A gas - bur"]}), "France")
    mine = next(line.text for line in v.lines if line.mine)
    assert mine.startswith("A(Bur) H") and "Attacked by two English armies" in mine
    assert "Pic" not in mine and "Gas" not in mine


def test_support_from_another_power_is_told_unless_cut():
    units = [U("France", "A", "bur"), U("Germany", "A", "mun"), U("England", "A", "pic"), U("Italy", "A", "tyr")]
    orders = {"France": ["A bur H"], "Germany": ["A mun S A bur"], "England": ["A pic - bur"]}
    mine = next(line.text for line in view(pos(units, orders), "France").lines if line.mine)
    assert "With support from German army in Mun" in mine
    orders["Italy"] = ["A tyr - mun"]
    mine = next(line.text for line in view(pos(units, orders), "France").lines if line.mine)
    assert "support" not in mine.lower()


def test_fighting_two_units_without_knowing_who_supported_whom():
    units = [U("France", "F", "gas"), U("Italy", "F", "mao"), U("Italy", "F", "bre")]
    orders = {"France": ["F gas H"], "Italy": ["F mao - gas", "F bre S F mao - gas"]}
    mine = next(line.text for line in view(pos(units, orders), "France").lines if line.mine)
    assert mine == "F(Gas) H (DISLODGED) Forced to retreat by two Italian fleets"


def test_armies_first_then_powers_in_alphabetical_order():
    units = [U("Austria", "A", "ser"), U("Turkey", "F", "aeg"), U("Russia", "A", "rum"), U("Italy", "A", "alb")]
    orders = {"Austria": ["A ser H"], "Turkey": ["F aeg - gre"], "Russia": ["A rum S A alb - ser"],
              "Italy": ["A alb - ser"]}
    mine = next(line.text for line in view(pos(units, orders), "Austria").lines if line.mine)
    assert "one Italian and one Russian army" in mine


def test_a_supporter_learns_what_the_supported_unit_meets():
    units = [U("England", "A", "pic"), U("France", "A", "par"), U("Germany", "A", "bur"), U("Germany", "A", "mun")]
    orders = {"England": ["A pic S A par - bur"], "France": ["A par - bur"], "Germany": ["A bur H", "A mun S A bur"]}
    mine = next(line.text for line in view(pos(units, orders), "England").lines if line.mine)
    assert "Par - Bur" in mine and "Stood off by two German armies" in mine


def test_a_convoying_fleet_learns_what_the_army_meets():
    units = [U("England", "F", "nth"), U("England", "A", "lon"), U("Germany", "A", "bel"), U("Germany", "A", "hol")]
    orders = {"England": ["F nth C A lon - bel", "A lon - bel"], "Germany": ["A bel H", "A hol S A bel"]}
    lines = [line.text for line in view(pos(units, orders), "England").lines if line.mine]
    fleet = next(t for t in lines if t.startswith("F(Nth)"))
    assert "Stood off by two German armies" in fleet


def test_opposition_met_when_entering():
    units = [U("France", "A", "pie"), U("France", "A", "ven"), U("Italy", "A", "tus")]
    units[1] = U("Austria", "A", "ven")
    orders = {"France": ["A pie - tus"], "Austria": ["A ven S A pie - tus"], "Italy": ["A tus H"]}
    mine = next(line.text for line in view(pos(units, orders), "France").lines if line.mine)
    assert mine == "A(Pie) - Tus With support from Austrian army in Ven - Forced an Italian army to retreat"


# -- ownership, conditions, the public adjudication ---------------------------------------------


def test_land_is_captured_in_spring_and_fall():
    r = adjudicate(start({"Russia": ["A War - Gal"]}).to_json())
    assert "gal" in r["next"]["land"]["Russia"] and "gal" not in r["next"]["land"]["Austria"]


def test_conditional_build_is_judged_on_what_the_power_knows():
    text = "Build F lon unless Italy takes tun then build A lon"
    units = [U("Italy", "A", "tun"), U("England", "F", "nth")]
    centers = {"England": ["lon", "edi", "lvp"], "Italy": ["tun", "rom", "nap", "ven"]}
    p = {"variant": "standard", "phase": "W1901A", "units": units, "centers": centers,
         "orders": {"England": [text]}}
    # England can't see Tunis: it builds the fleet although Italy took Tunis
    r = adjudicate(dict(p, rules=["blind"]))
    assert {"power": "England", "type": "F", "at": "lon"} in r["next"]["units"]
    # with the whole board known, the condition holds and the army is built
    r = adjudicate(p)
    assert {"power": "England", "type": "A", "at": "lon"} in r["next"]["units"]


def test_the_public_adjudication_ranks_powers_without_numbers():
    p = load_position(dict(start({}).to_json(), phase="F1901M"))
    text = blind.public_text(p, process(p))
    assert "Russia" in text.splitlines()[3] and not re.search(r"\(\d+\)|: \d", text)


# -- no leaks ----------------------------------------------------------------------------------


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_no_report_names_a_unit_or_owner_where_the_power_may_not_know(rng):
    data = dict(load_position({"variant": "standard", "phase": "S1901M"}).start(V).to_json(), rules=["blind"])
    for _ in range(3):
        position = load_position(data)
        if position.phase.type.value != "M":
            data = adjudicate(dict(data, orders={}))["next"]
            continue
        orders: dict[str, list[str]] = {}
        for prov, u in position.units.items():
            orders.setdefault(u.power, []).append(format_order(rng.choice(movement_options(position, prov))))
        position = load_position(dict(data, orders=orders))
        outcome = process(position)
        for power in POWERS:
            v = blind.view(position, outcome, power)
            text = blind.report_text(position, outcome, power)
            for line in v.lines:
                if line.mine:
                    continue  # its own orders, told in full
                for loc in re.findall(r"\(([A-Z][a-z]{2})(?:\([a-z]{2}\))?\)|- ([A-Z][a-z]{2})", line.text):
                    assert (loc[0] or loc[1]).lower() in v.seen, (power, line.text)
            # a map drawn for the power shows units only where it sees, and its own
            shown = blind.project(position, power)
            assert all(u.power == power or u.province in v.seen for u in shown.units.values())
            assert all(o == power or c in v.seen for c, o in shown.centers.items())
            assert set(shown.orders) <= {power}
            # another power's unit may only be named where the power sees or was told
            for other in position.units.values():
                if other.power != power and other.province not in v.seen | v.informed:
                    assert f"({other.province.capitalize()})" not in text.split("Your supply")[0].replace(
                        f"{power}:", ""), (power, other)
            _explanations_tell_nothing_unseen(position, outcome, power, v, rng)
        data = outcome.next.to_json()


UNIT_NAMED = re.compile(r"\b[AF] ([a-z]{3})")


def _explanations_tell_nothing_unseen(position, outcome, power, v, rng):
    """A power's explanations name a unit or a province only where it may know, and a
    foreign fleet placed where it may not know (no order names it) changes none of them."""
    known = v.seen | v.informed | {u.province for u in position.units.values() if u.power == power}
    why = blind.explanations(position, outcome, power)
    for r, w in zip(outcome.results, why, strict=True):
        if r.power != power:
            assert w is None, (power, r)  # another power's reasoning: never
        if w is None:
            continue
        for name in UNIT_NAMED.findall(w["text"] + " ".join(s["says"] for s in w["steps"])):
            assert name in known, (power, name, w["text"])
        for step in w["steps"]:
            named = list(step.get("units", [])) + [x["unit"] for x in step.get("uncounted", [])]
            named += [step[k] for k in ("of", "by") if step.get(k)]
            assert all(p.split("/")[0] in known for p in named), (power, step)
    mentioned = {w.lower().split("/")[0] for ts in position.orders.values() for t in ts
                 for w in t.replace("-", " ").split()}
    after = blind.static_sight(outcome.next, power)
    seas = sorted(p.id for p in position.board.provinces.values()
                  if p.kind.value == "sea" and p.id not in position.units
                  and p.id not in known | after | mentioned)
    if not seas:
        return
    other = next(p for p in POWERS if p != power)
    data = position.to_json()
    data["units"] = [*data["units"], U(other, "F", rng.choice(seas))]
    hidden = load_position(data)
    again = process(hidden)
    mine = [w for w in why if w is not None]
    assert mine == [w for w in blind.explanations(hidden, again, power) if w is not None], power


def test_a_power_is_told_the_strengths_but_not_the_units_it_cannot_see():
    p = pos([U("England", "A", "bel"), U("England", "F", "nth"), U("Germany", "A", "hol"),
             U("Germany", "A", "ruh"), U("Germany", "A", "kie"), U("Russia", "F", "hel")],
            {"England": ["A Bel - Hol", "F Nth S A Bel - Hol"],
             "Germany": ["A Hol H", "A Ruh S A Hol", "A Kie S A Hol"], "Russia": ["F Hel - Kie"]})
    outcome = process(p)
    why = dict(zip((r.order for r in outcome.results), blind.explanations(p, outcome, "England"), strict=True))
    assert why["A bel - hol"]["text"] == ("A bel - hol fails: attack 2 (F nth's support) against "
                                          "hold 2 of A hol (an unseen unit's support)")
    assert "ruh" not in str(why["A bel - hol"]) and "kie" not in str(why["A bel - hol"])
    assert why["A hol H"] is None and why["F hel - kie"] is None  # others' reasoning: never
    # the desk's view of England (the inspector's Why tab) is this projection
    from diplodesk.document.power_view import phase_view

    shown = phase_view(p, "England", after=True, outcome=outcome).why
    assert len(shown) == 2 and shown[0].startswith("A bel - hol fails: attack 2")
    assert not any(w in text for text in shown for w in ("ruh", "kie", "hel"))
    assert any("A kie's support was cut by F hel" in t for t in phase_view(p, None, True, outcome).why)


def test_a_map_for_a_power_draws_nothing_it_may_not_know(tmp_path):
    from diplodesk.render import render_file

    p = start(SPRING_01)
    projected = blind.project(p, "Austria")
    assert {u.power for u in projected.units.values()} <= {"Austria", "Italy", "Germany", "Russia"}
    assert "lon" not in projected.units and "par" not in projected.units
    assert set(projected.orders) == {"Austria"}
    assert "players" not in projected.extra
    out = render_file(p.to_json(), tmp_path / "austria.svg", power="Austria",
                      results=adjudicate(p.to_json()))
    svg = out.read_text()
    for hidden in ("England", "France", "Turkey", "English", "French", "Turkish"):
        assert hidden not in svg


def test_at_the_games_end_everything_is_revealed():
    p = start(SPRING_01)
    over = load_position(dict(p.to_json(), winner="Russia"))
    assert blind.project(over, "Austria").units == over.units
    v = blind.view(over, process(over), "Austria")
    assert {line.power for line in v.lines} >= {"England", "France", "Turkey"}
