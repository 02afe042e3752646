"""Blind: one sight for every channel, and nothing a power cannot see reaches it.

The report, the map, the inspector and the packs take what a power sees from one place
(``blind.holding`` over the engine's checked orders). A misordered unit (a hold support
it cannot give, several orders, none) holds but sees nothing (the Blind rules, "Sight").
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diplodesk.engine import load_position, process
from diplodesk.engine.board import ProvinceKind
from diplodesk.engine.options import movement_options
from diplodesk.engine.orders import format_order
from diplodesk.engine.position import Position
from diplodesk.engine.reports import power_report
from diplodesk.engine.rules import blind
from diplodesk.variants import load_variant

VARIANTS = {v: load_variant(v) for v in ("standard", "loeb9", "colonial")}


def U(power, t, at):
    return {"power": power, "type": t, "at": at}


def pos(units, orders, phase="S1901M", variant="standard"):
    return load_position({"variant": variant, "rules": ["blind"], "phase": phase, "units": units,
                          "orders": orders})


def seen_by_report(position, power):
    return blind.view(position, process(position), power).seen


@pytest.mark.parametrize("orders", [
    ["A Bur S A Ven"],  # Venice is out of Burgundy's reach: an illegal hold support
    ["A Bur H", "A Bur - Pic"],  # two orders, one of them a hold
    ["A Bur S A Ven", "A Bur H"],
], ids=["illegal hold support", "two orders", "an illegal and a legal one"])
def test_a_misordered_unit_sees_nothing_on_the_map_either(orders):
    p = pos([U("England", "A", "bur"), U("Italy", "A", "ven"), U("Germany", "A", "ruh")],
            {"England": orders})
    report = seen_by_report(p, "England")
    assert blind.sees(p, "England") == report
    assert "ruh" not in report  # seen only by a unit holding next to it: none is
    assert "ruh" not in blind.project(p, "England").units


def test_a_unit_ordered_to_hold_sees_around_it_on_the_map_and_in_the_report():
    p = pos([U("England", "A", "bur"), U("Germany", "A", "ruh")], {"England": ["A Bur H"]})
    assert "ruh" in blind.sees(p, "England") == seen_by_report(p, "England")
    assert "ruh" in blind.project(p, "England").units


def test_no_verdict_on_an_order_depends_on_fleets_out_of_sight():
    """Whether an army can be convoyed, or a fleet is on a convoy route, would tell where
    fleets stand: under Blind an order is judged as if any sea could hold one."""
    units = [U("England", "A", "lon"), U("England", "F", "nth")]
    orders = {"England": ["A Lon - Nwy", "F Nth C A Lon - Nwy"]}
    alone = process(pos(units, orders))
    with_hidden = process(pos(units + [U("Russia", "F", "nwg")], orders))
    lines = {r.order: (r.status, r.reason) for r in alone.results}
    assert lines == {r.order: (r.status, r.reason) for r in with_hidden.results if r.power == "England"}
    far = process(pos([U("England", "A", "lon")], {"England": ["A Lon - Nwy"]}))
    assert [(r.status.value, r.reason) for r in far.results] == [("fails", "no convoy")]


def _misordered(rng, position, prov, unit, legal):
    """Now and then an order that cannot stand, or two, or none."""
    roll = rng.random()
    if roll < 0.08:
        return []
    if roll < 0.16:
        far = rng.choice([p for p in position.units if p != prov])
        return [f"{unit.type.value} {unit.loc} S {position.units[far].type.value} {far}"]
    if roll < 0.24:
        return [f"{unit.type.value} {unit.loc} H", format_order(rng.choice(legal))]
    return [format_order(rng.choice(legal))]


def random_blind_position(rng: random.Random, vid: str):
    variant = VARIANTS[vid]
    board = variant.board
    data = dict(Position.start(variant, vid).to_json(), rules=["blind"])
    for _ in range(rng.randint(0, 4)):  # a few random phases first, to spread the units
        base = load_position(data)
        orders = {}
        if base.phase.type.value == "M":
            for prov, u in base.units.items():
                orders.setdefault(u.power, []).append(format_order(rng.choice(movement_options(base, prov))))
        data = dict(process(load_position(dict(data, orders=orders))).next.to_json(), rules=["blind"])
    while load_position(data).phase.type.value != "M":
        data = dict(process(load_position(data)).next.to_json(), rules=["blind"])
    data.pop("winner", None)
    base = load_position(data)
    orders: dict[str, list[str]] = {}
    for prov, u in base.units.items():
        orders.setdefault(u.power, []).extend(_misordered(rng, base, prov, u, movement_options(base, prov)))
    seas = [p.id for p in board.provinces.values() if p.kind is ProvinceKind.SEA and p.id not in base.units]
    return load_position(dict(data, orders=orders)), seas


def _mentioned(position) -> set[str]:
    """Every province any order names."""
    words = set()
    for texts in position.orders.values():
        for t in texts:
            words |= {w.lower().split("/")[0] for w in t.replace("-", " ").split()}
    return words


def _received(position, power):
    outcome = process(position)
    return (power_report(position, power, outcome),
            blind.visible_results(position, outcome, power),
            blind.project(position, power).to_json(),
            [w for w in blind.explanations(position, outcome, power) if w is not None])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(sorted(VARIANTS)))
def test_the_map_sees_what_the_report_sees_and_hidden_fleets_change_nothing(rng, vid):
    position, seas = random_blind_position(rng, vid)
    outcome = process(position)
    mentioned = _mentioned(position)
    for power in position.variant.power_names:
        v = blind.view(position, outcome, power)
        assert blind.sees(position, power) == v.seen, power
        shown = blind.project(position, power)
        assert all(u.power == power or u.province in v.seen for u in shown.units.values())
        # a foreign fleet in a sea the power neither sees nor hears of, that no order names
        after = blind.static_sight(outcome.next, power)
        hidden = [s for s in seas if s not in v.seen | v.informed | after | mentioned]
        if not hidden:
            continue
        other = next(p for p in position.variant.power_names if p != power)
        data = position.to_json()
        data["units"] = [*data["units"], U(other, "F", rng.choice(hidden))]
        assert _received(load_position(data), power) == _received(position, power), power


def test_a_hidden_fleet_changes_nothing_in_a_powers_rendered_map(tmp_path):
    from diplodesk.engine import adjudicate
    from diplodesk.render import render_file

    units = [U("Austria", "A", "vie"), U("Austria", "A", "bud"), U("Italy", "A", "ven"),
             U("England", "F", "lon")]
    orders = {"Austria": ["A Vie H", "A Bud - Ser"], "England": ["F Lon - Eng"]}
    drawn = []
    for extra in ([], [U("France", "F", "mao")]):
        p = pos(units + extra, orders)
        out = render_file(p.to_json(), tmp_path / f"a{len(extra)}.svg", power="Austria",
                          results=adjudicate(p.to_json()))
        drawn.append(out.read_bytes())
    assert drawn[0] == drawn[1]


def test_a_hidden_fleet_changes_nothing_in_a_powers_print_pack(tmp_path):
    import re

    from diplodesk.render.pack import power_pack

    def content(pdf: bytes) -> bytes:
        """The PDF less what differs between any two writes: its times and document ids."""
        pdf = re.sub(rb"uuid:[0-9a-f-]+", b"", pdf)
        pdf = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", b"", pdf)
        pdf = re.sub(rb"/(CreationDate|ModDate) \(D:[^)]*\)", b"", pdf)
        return re.sub(rb"/ID \[ ?<[0-9a-fA-F]+> ?<[0-9a-fA-F]+> ?\]", b"", pdf)

    units = [U("Austria", "A", "vie"), U("Austria", "A", "bud"), U("Italy", "A", "ven"), U("England", "F", "lon")]
    orders = {"Austria": ["A Vie H", "A Bud - Ser"], "England": ["F Lon - Eng"]}
    packs = [content(power_pack(pos(units + extra, orders).to_json(), "Austria", tmp_path / f"{i}.pdf").read_bytes())
             for i, extra in enumerate(([], [], [U("France", "F", "mao")]))]
    assert packs[0] == packs[1]  # the comparison itself is sound
    assert packs[0] == packs[2]
