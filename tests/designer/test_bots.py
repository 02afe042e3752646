"""The bots' rules, each as a position and the orders a bot gives in it."""

import random

from diplodesk.designer.bots import RandomBot, bot_named
from diplodesk.designer.greedy import GreedyBot
from diplodesk.engine import load_position
from diplodesk.engine.options import movement_options, retreat_options
from diplodesk.engine.orders import format_order
from diplodesk.engine.position import Position
from diplodesk.engine.process import process
from diplodesk.variants import load_variant

ALL_AUSTRIA = ["bud", "tri", "vie", "ser", "gre", "rum"]


def position(phase, units, centers=None, dislodged=None):
    data = {"variant": "standard", "phase": phase,
            "units": [{"power": p, "type": t, "at": at} for p, t, at in units]}
    if centers is not None:
        data["centers"] = centers
    if dislodged is not None:
        data["dislodged"] = dislodged
    return load_position(data)


def greedy(pos, power, seed=0):
    return sorted(GreedyBot().orders(pos, power, random.Random(seed)))


def test_a_fleet_in_kiel_goes_for_holland_or_denmark_the_neighbouring_centres():
    start = Position.start(load_variant("standard"))
    kiel = {o for seed in range(20) for o in greedy(start, "Germany", seed) if o.startswith("F kie")}
    assert kiel == {"F kie - hol", "F kie - den"}


def test_a_unit_on_a_centre_it_does_not_own_holds_to_take_it():
    pos = position("F1901M", [("Germany", "A", "hol")], {"Germany": ["ber", "kie", "mun"]})
    assert greedy(pos, "Germany") == ["A hol H"]


def test_a_threatened_home_centre_holds_its_unit():
    # A par could go for bel, bur...; but German A bur could walk into Paris
    pos = position("S1902M", [("France", "A", "par"), ("Germany", "A", "bur")],
                   {"France": ["bre", "mar", "par", "spa", "por", "bel"], "Germany": ["ber", "kie", "mun"]})
    assert greedy(pos, "France") == ["A par H"]


def test_an_empty_home_centre_under_threat_is_entered_by_a_unit_next_to_it():
    pos = position("F1902M", [("France", "A", "gas"), ("England", "F", "eng")],
                   {"France": ["bre", "mar", "par", "spa", "por"], "England": ["lon"]})
    assert greedy(pos, "France") == ["A gas - bre"]


def test_the_second_unit_for_the_same_centre_supports_the_first_into_it():
    # Turkey's army holds Bulgaria, the only centre near Serbia and Greece that Austria lacks
    pos = position("S1903M", [("Austria", "A", "ser"), ("Austria", "A", "gre"), ("Turkey", "A", "bul")],
                   {"Austria": ALL_AUSTRIA, "Turkey": ["bul", "con", "ank", "smy"]})
    got = {tuple(greedy(pos, "Austria", seed)) for seed in range(10)}
    assert got <= {("A gre - bul", "A ser S A gre - bul"), ("A gre S A ser - bul", "A ser - bul")}
    assert len(got) == 2  # who attacks is left to chance


def test_the_supported_attack_takes_the_centre():
    pos = position("F1903M", [("Austria", "A", "ser"), ("Austria", "A", "gre"), ("Turkey", "A", "bul")],
                   {"Austria": ALL_AUSTRIA, "Turkey": ["bul", "con", "ank", "smy"]})
    pos = pos.with_orders({"Austria": greedy(pos, "Austria"), "Turkey": ["A bul H"]})
    nxt = process(pos).next
    assert nxt.units["bul"].power == "Austria"


def test_a_retreat_goes_to_the_place_nearest_a_centre_not_owned():
    # the army beaten out of Burgundy may go to Gascony, Picardy or Paris: Paris is a
    # French centre Germany does not own
    pos = position("F1902R", [("France", "A", "bur"), ("France", "F", "mao")],
                   {"France": ["bre", "mar", "par"], "Germany": ["ber", "kie", "mun", "bel"]},
                   [{"power": "Germany", "type": "A", "at": "bur", "attacker_from": "mar"}])
    assert greedy(pos, "Germany") == ["A bur R par"]


def test_a_unit_with_nowhere_to_retreat_is_disbanded():
    pos = position("F1902R", [("France", "A", "mar")], {"France": ["mar"]},
                   [{"power": "Italy", "type": "A", "at": "pie", "attacker_from": "mar", "retreats": []}])
    assert greedy(pos, "Italy") == ["A pie D"]


def test_england_builds_fleets_for_its_island_has_no_centre_left_to_take():
    pos = position("W1901A", [("England", "F", "nth")], {"England": ["edi", "lon", "lvp"]})
    builds = greedy(pos, "England")
    assert len(builds) == 2 and all(o.startswith("B F ") for o in builds)


def test_an_inland_home_builds_an_army():
    pos = position("W1901A", [("Austria", "A", "ser")], {"Austria": ["vie", "ser"]})
    assert greedy(pos, "Austria") == ["B A vie"]


def test_removals_take_the_units_farthest_from_any_centre_to_take():
    pos = position("W1905A", [("Russia", "A", "mos"), ("Russia", "F", "bar"), ("Russia", "A", "ukr")],
                   {"Russia": ["mos", "war"], "Austria": ["rum", "bud", "vie", "tri", "ser"],
                    "Turkey": ["sev", "ank", "con", "smy", "bul"]})
    # Ukraine touches Rumania and Sevastopol; the Barents Sea fleet is the farthest
    assert greedy(pos, "Russia") == ["D F bar"]


def test_greedy_orders_are_all_legal_in_a_whole_game():
    variant = load_variant("standard")
    pos = Position.start(variant)
    rng = random.Random(3)
    bot = GreedyBot()
    for _ in range(30):
        orders = {p: bot.orders(pos, p, rng) for p in variant.power_names}
        out = process(pos.with_orders({p: o for p, o in orders.items() if o}))
        bad = [r for r in out.results if r.status == "invalid"]
        assert bad == []
        pos = out.next


def test_the_random_bot_gives_one_legal_order_to_each_unit():
    variant = load_variant("standard")
    pos = Position.start(variant)
    rng = random.Random(5)
    bot = RandomBot()
    for _ in range(8):
        orders = {p: bot.orders(pos, p, rng) for p in variant.power_names}
        for power, texts in orders.items():
            if pos.phase.type == "M":
                assert len(texts) == len(pos.units_of(power))
                legal = {format_order(o) for prov in pos.units for o in movement_options(pos, prov)}
                assert set(texts) <= legal
            elif pos.phase.type == "R":
                legal = {format_order(o) for prov in pos.dislodged for o in retreat_options(pos, prov)}
                assert set(texts) <= legal
        pos = process(pos.with_orders({p: o for p, o in orders.items() if o})).next


def test_bots_are_named():
    assert bot_named("greedy").name == "greedy"
    assert bot_named("random").name == "random"
    try:
        bot_named("clever")
    except ValueError as e:
        assert "random, greedy" in str(e)
    else:
        raise AssertionError("an unknown bot must be refused")


def test_a_unit_that_leaves_to_cover_another_home_gets_no_support_to_hold():
    # Berlin is empty with a Russian army next door: Kiel's army goes there, so nobody may
    # support it to hold in Kiel, though Austria's army in Munich could walk in (a position
    # of a bot game, cut down)
    pos = position("F1909M", [("Germany", "A", "bel"), ("Germany", "F", "den"), ("Germany", "A", "hol"),
                              ("Germany", "A", "kie"), ("Austria", "A", "mun"), ("Russia", "A", "sil"),
                              ("Russia", "F", "swe")],
                   {"Germany": ["ber", "den", "hol", "kie"], "France": ["bel", "par"], "Austria": ["mun", "vie"],
                    "Russia": ["swe", "war"]})
    for seed in range(10):
        orders = greedy(pos, "Germany", seed)
        assert "A kie - ber" in orders
        assert not any(o.endswith("S A kie") for o in orders)
        out = process(pos.with_orders({"Germany": orders}))
        assert [r for r in out.results if r.power == "Germany" and r.status == "invalid"] == []
