"""Invariants of adjudication on random positions with random legal orders."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diplodesk.engine import adjudicate, load_position
from diplodesk.engine.board import ProvinceKind, UnitType
from diplodesk.engine.options import movement_options, retreat_options
from diplodesk.engine.orders import format_order
from diplodesk.variants import load_variant

VARIANT = load_variant("standard")
BOARD = VARIANT.board
POWERS = VARIANT.power_names


def random_position(rng: random.Random, n_units: int) -> dict:
    provs = [p for p in BOARD.provinces.values() if p.kind is not ProvinceKind.IMPASSABLE]
    rng.shuffle(provs)
    units = []
    for p in provs[:n_units]:
        kinds = []
        if p.kind in (ProvinceKind.LAND, ProvinceKind.COAST):
            kinds.append(("A", p.id))
        if p.kind in (ProvinceKind.SEA, ProvinceKind.COAST):
            kinds.extend(("F", loc) for loc in p.locations)
        t, loc = rng.choice(kinds)
        units.append({"power": rng.choice(POWERS), "type": t, "at": loc})
    centers = {}
    for c in BOARD.centers:
        if rng.random() < 0.7:
            centers.setdefault(rng.choice(POWERS), []).append(c)
    return {"variant": "standard", "phase": "F1905M", "units": units, "centers": centers}


def random_orders(rng: random.Random, data: dict) -> dict:
    pos = load_position(data)
    orders: dict[str, list[str]] = {}
    for prov, unit in pos.units.items():
        opts = movement_options(pos, prov)
        # favour moves and supports so that battles happen
        order = rng.choice(opts if rng.random() < 0.3 else [o for o in opts if type(o).__name__ != "Hold"] or opts)
        orders.setdefault(unit.power, []).append(format_order(order))
    return orders


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(4, 34))
def test_movement_invariants(rng, n):
    data = random_position(rng, n)
    data["orders"] = random_orders(rng, data)
    result = adjudicate(data)
    assert adjudicate(data) == result  # deterministic
    nxt = result["next"]
    provs = [u["at"].split("/")[0] for u in nxt["units"]]
    assert len(provs) == len(set(provs)), "one unit per province"
    dislodged = nxt.get("dislodged", [])
    gone = [r for r in result["orders"] if r["reason"] == "no retreat"]
    assert len(nxt["units"]) + len(dislodged) + len(gone) == len(data["units"]), "no unit lost or made"
    moved_in = {r["order"].split(" - ")[1].split()[0].split("/")[0]
                for r in result["orders"] if r["status"] == "succeeds" and " - " in (r["order"] or "")}
    for d in dislodged:
        prov = d["at"].split("/")[0]
        assert prov in provs and prov in moved_in, "a dislodged unit was beaten by a move into its province"
        for loc in d["retreats"]:
            assert loc.split("/")[0] not in provs and loc.split("/")[0] != d["attacker_from"]
            assert loc.split("/")[0] not in nxt.get("contested", [])
    # the order in which orders and units are listed does not matter
    shuffled = dict(data, units=list(reversed(data["units"])),
                    orders={p: list(reversed(o)) for p, o in reversed(list(data["orders"].items()))})
    again = adjudicate(shuffled)
    assert sorted(map(str, again["orders"])) == sorted(map(str, result["orders"]))
    # then retreat at random: still one unit per province, only to allowed places
    if nxt["phase"].endswith("R"):
        pos = load_position(nxt)
        orders: dict[str, list[str]] = {}
        for prov, d in pos.dislodged.items():
            orders.setdefault(d.unit.power, []).append(format_order(rng.choice(retreat_options(pos, prov))))
        after = adjudicate(dict(nxt, orders=orders))["next"]
        provs2 = [u["at"].split("/")[0] for u in after["units"]]
        assert len(provs2) == len(set(provs2))
        allowed = {d["at"].split("/")[0]: set(d["retreats"]) for d in dislodged}
        before = {u["at"] for u in nxt["units"]}
        for u in after["units"]:
            if u["at"] not in before:
                assert any(u["at"] in a for a in allowed.values())
        # centres: every owned place is a centre, owned once
        owned = [c for cs in after["centers"].values() for c in cs]
        assert len(owned) == len(set(owned)) and set(owned) <= set(BOARD.centers)


def test_a_whole_random_game_runs():
    rng = random.Random(1901)
    data = dict(load_position({"variant": "standard", "phase": "S1901M"}).start(VARIANT).to_json())
    for _ in range(60):
        pos = load_position(data)
        orders: dict[str, list[str]] = {}
        if pos.phase.type.value == "M":
            orders = random_orders(rng, data)
        elif pos.phase.type.value == "R":
            for prov, d in pos.dislodged.items():
                orders.setdefault(d.unit.power, []).append(format_order(rng.choice(retreat_options(pos, prov))))
        result = adjudicate(dict(data, orders=orders))
        data = result["next"]
        units = {p: 0 for p in POWERS}
        for u in data["units"]:
            units[u["power"]] += 1
        if data["phase"].endswith("M") and data["phase"].startswith("S"):
            for p in POWERS:  # after adjustments nobody has more units than centres
                assert units[p] <= len(data["centers"].get(p, []))
        if "winner" in data:
            break
    assert UnitType.ARMY  # reached the end without an exception


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["par", "stp/nc", "France", "A", "F", "?", "S1901M", "F1901R", "W1901A", "A par - bur"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["power", "type", "at", "France", "orders", "choice", "retreats", "attacker_from"]),
        inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({}, optional={
    "variant": st.sampled_from(["standard", "loeb9", "colonial", "woolworth2a"]) | JSON,
    "phase": st.sampled_from(["S1901M", "F1901R", "W1901A", "S1870M"]) | JSON,
    "units": JSON, "dislodged": JSON, "centers": JSON, "orders": JSON, "contested": JSON,
    "rules": st.sampled_from([[], ["blind"]]) | JSON, "players": JSON, "land": JSON,
}))
def test_any_json_gives_a_result_or_a_position_error(data):
    from diplodesk.engine import PositionError

    try:
        adjudicate(data)
    except PositionError:
        pass


def test_options_offer_via_convoy_moves_and_supports_of_convoyed_moves():
    from diplodesk.engine.options import movement_options
    from diplodesk.engine.orders import Move, Support

    pos = load_position({"variant": "standard", "phase": "S1901M", "units": [
        {"power": "England", "type": "A", "at": "lon"}, {"power": "England", "type": "F", "at": "nth"},
        {"power": "England", "type": "F", "at": "eng"}, {"power": "England", "type": "A", "at": "yor"}]})
    army = movement_options(pos, "lon")
    assert Move(UnitType.ARMY, "lon", "yor", True) in army  # neighbours, by sea
    assert Move(UnitType.ARMY, "lon", "bel") in army  # by convoy
    fleet = movement_options(pos, "eng")
    assert Support(UnitType.FLEET, "eng", UnitType.ARMY, "lon", "bel") in fleet


def test_options_offer_railroad_moves_and_choice_set_ups():
    from diplodesk.engine.options import choice_options, movement_options
    from diplodesk.engine.orders import RailMove

    pos = load_position({"variant": "colonial", "phase": "S1870M",
                         "units": [{"power": "Russia", "type": "A", "at": "oms"}]})
    assert RailMove(UnitType.ARMY, "oms", "vla") in movement_options(pos, "oms")
    wool = load_position({"variant": "woolworth2a", "phase": "S1901M", "units": [
        {"power": "Russia", "type": "?", "at": "stp", "choice": True}]})
    assert choice_options(wool, "stp") == ["A stp", "F stp/nc", "F stp/sc"]
