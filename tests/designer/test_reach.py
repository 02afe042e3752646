"""Reach, move by move: each special line of a board changes a distance the way its rule says."""

from __future__ import annotations

from designer_boards import tiny_board

from diplodesk.designer.balance import move_seasons
from diplodesk.designer.reach import Moves, Piece, piece_steps
from diplodesk.engine.board import UnitType

A, F = UnitType.ARMY, UnitType.FLEET


def steps(variant, owners=None) -> dict[str, dict[str, int]]:
    """Each start unit's distances, keyed "Red A a"."""
    moves = Moves(variant.board, move_seasons(variant), owners or {})
    pieces = [Piece(u.power, u.type, u.at) for u in variant.start_units]
    return {f"{p.power} {p.label}": s for p, s in zip(pieces, piece_steps(moves, pieces), strict=True)}


LINE = {"a": "land", "b": "land", "c": "land"}


def test_an_army_walks_one_province_a_move():
    v = tiny_board(LINE, ["a b", "b c"], [], [("Red", "A", "a")])
    assert steps(v)["Red A a"] == {"a": 0, "b": 1, "c": 2}


def test_a_unit_in_a_province_closed_in_fall_waits_there_until_spring():
    # Spring: a -> b; Fall: b is closed, its unit takes no order; next Spring: b -> c
    v = tiny_board(LINE, ["a b", "b c"], [], [("Red", "A", "a")],
                   special=[{"kind": "seasonal", "provinces": ["b"], "seasons": ["F"]}])
    assert steps(v)["Red A a"] == {"a": 0, "b": 1, "c": 3}


def test_nobody_enters_a_province_in_the_season_it_is_closed():
    # Spring: b is closed; Fall: a -> b; next Spring b is closed again, so its unit waits
    v = tiny_board(LINE, ["a b", "b c"], [], [("Red", "A", "a")],
                   special=[{"kind": "seasonal", "provinces": ["b"], "seasons": ["S"]}])
    assert steps(v)["Red A a"] == {"a": 0, "b": 2, "c": 4}


DIFFICULT = {"a": "land", "b": "coast", "s": "sea", "t": "sea", "c": "land"}
DIFFICULT_LINES = dict(army=["a b", "c a"], fleet=["b s", "s t"],
                       special=[{"kind": "difficult", "between": ["a", "b"]}])


def test_an_army_alone_never_crosses_a_difficult_border():
    v = tiny_board(DIFFICULT, DIFFICULT_LINES["army"], DIFFICULT_LINES["fleet"], [("Red", "A", "a")],
                   special=DIFFICULT_LINES["special"])
    assert "b" not in steps(v)["Red A a"]


def test_a_fleet_beside_the_far_side_supports_an_army_across_a_difficult_border():
    v = tiny_board(DIFFICULT, DIFFICULT_LINES["army"], DIFFICULT_LINES["fleet"],
                   [("Red", "A", "a"), ("Red", "F", "s")], special=DIFFICULT_LINES["special"])
    assert steps(v)["Red A a"]["b"] == 1


def test_the_support_comes_a_move_after_its_unit_gets_beside_the_far_side():
    v = tiny_board(DIFFICULT, DIFFICULT_LINES["army"], DIFFICULT_LINES["fleet"],
                   [("Red", "A", "a"), ("Red", "F", "t")], special=DIFFICULT_LINES["special"])
    assert steps(v)["Red A a"]["b"] == 2


def test_no_support_is_given_across_the_difficult_border_nor_by_another_power():
    v = tiny_board(DIFFICULT, DIFFICULT_LINES["army"], DIFFICULT_LINES["fleet"],
                   [("Red", "A", "a"), ("Red", "A", "c"), ("Blue", "F", "s")], special=DIFFICULT_LINES["special"])
    s = steps(v)
    assert "b" not in s["Red A a"] and "b" not in s["Red A c"]


CONVOY = {"a": "coast", "b": "coast", "c": "coast", "s": "sea", "t": "sea"}


def test_an_army_is_convoyed_across_a_sea_its_power_held_a_move_earlier():
    v = tiny_board(CONVOY, [], ["a s", "c s", "s b"], [("Red", "A", "a"), ("Red", "F", "c")])
    assert steps(v)["Red A a"]["b"] == 2  # the fleet is in s after move 1, the army crosses in move 2


def test_another_powers_fleet_convoys_nobody():
    v = tiny_board(CONVOY, [], ["a s", "c s", "s b"], [("Red", "A", "a"), ("Blue", "F", "c")])
    assert "b" not in steps(v)["Red A a"]


def test_a_chain_of_seas_needs_a_fleet_in_each():
    one = tiny_board(CONVOY, [], ["a s", "s t", "t b", "c s"], [("Red", "A", "a"), ("Red", "F", "c")])
    assert "b" not in steps(one)["Red A a"]
    # one fleet may ferry the army twice: a to c across s, then c to b across t
    twice = tiny_board(CONVOY, [], ["a s", "s t", "t b", "c s", "c t"], [("Red", "A", "a"), ("Red", "F", "c")])
    assert steps(twice)["Red A a"]["b"] == 3
    both = tiny_board({**CONVOY, "d": "coast"}, [], ["a s", "s t", "t b", "c s", "d t"],
                      [("Red", "A", "a"), ("Red", "F", "c"), ("Red", "F", "d")])
    assert steps(both)["Red A a"]["b"] == 2


RAIL = {"r1": "land", "r2": "land", "r3": "land", "r4": "land"}
RAIL_ADJ = ["r1 r2", "r2 r3", "r3 r4"]
RAILROAD = {"kind": "railroad", "name": "Red Line", "provinces": ["r1", "r2", "r3", "r4"], "powers": ["Red"]}


def test_a_railroad_takes_its_powers_army_end_to_end_in_one_move():
    v = tiny_board(RAIL, RAIL_ADJ, [], [("Red", "A", "r1"), ("Blue", "A", "r4")], special=[RAILROAD])
    s = steps(v)
    assert s["Red A r1"]["r4"] == 1
    assert s["Blue A r4"]["r1"] == 3  # the line is Red's alone


def test_a_centre_another_power_owns_breaks_the_railroad():
    v = tiny_board(RAIL, RAIL_ADJ, [], [("Red", "A", "r1"), ("Blue", "A", "r3")], special=[RAILROAD],
                   centres={"r3": "Blue", "r1": "Red"})
    owners = {"r3": "Blue", "r1": "Red"}
    s = steps(v, owners)["Red A r1"]
    assert s["r3"] == 1  # into the centre itself: nothing lies between
    assert s["r4"] == 2  # beyond it the line is broken: a step from r3


def test_a_fleet_goes_by_coasts_and_a_choice_unit_by_either_way():
    v = tiny_board({"a": "coast", "s": "sea", "l": "land"}, ["a l"], ["a s"], [("Red", "?", "a")])
    assert steps(v)["Red ? a"] == {"a": 0, "l": 1, "s": 1}
