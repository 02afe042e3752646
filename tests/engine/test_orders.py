"""Orders are read in every form GMs meet, and bad text says where it went wrong."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from diplodesk.engine.board import UnitType
from diplodesk.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    OrderParseError,
    Remove,
    Retreat,
    Support,
    Waive,
    format_order,
    format_order_long,
    parse_order,
)
from diplodesk.engine.phase import PhaseType
from diplodesk.variants import load_variant

BOARD = load_variant("standard").board
A, F = UnitType.ARMY, UnitType.FLEET
POWERS = {"England": "England", "English": "England", "France": "France", "French": "France"}


def p(text, phase=PhaseType.MOVEMENT):
    return parse_order(text, BOARD, phase, POWERS)


@pytest.mark.parametrize(
    "text, order",
    [
        # the DATC's long form
        ("F North Sea - Picardy", Move(F, "nth", "pic")),
        ("A Liverpool - Edinburgh via Convoy", Move(A, "lvp", "edi", True)),
        ("F English Channel Supports A Wales - Belgium", Support(F, "eng", A, "wal", "bel")),
        ("F North Sea Convoys A London - Belgium", Convoy(F, "nth", A, "lon", "bel")),
        ("A Vienna Hold", Hold(A, "vie")),
        ("F Spain(sc) - Portugal", Move(F, "spa/sc", "por")),
        ("F Gulf of Lyon - Spain(south coast)", Move(F, "lyo", "spa/sc")),
        ("F Mid-Atlantic Ocean - Spain(nc)", Move(F, "mao", "spa/nc")),
        ("A Budapest Supports F Rumania", Support(A, "bud", F, "rum", None)),
        # the judge short form
        ("F nth-pic", Move(F, "nth", "pic")),
        ("A lvp-edi VIA", Move(A, "lvp", "edi", True)),
        ("F eng S A wal-bel", Support(F, "eng", A, "wal", "bel")),
        ("F nth C A lon-bel", Convoy(F, "nth", A, "lon", "bel")),
        ("A vie H", Hold(A, "vie")),
        ("F spa/sc - por", Move(F, "spa/sc", "por")),
        ("a VIE h", Hold(A, "vie")),
        # aliases, coasts in any form
        ("F mid - nat", Move(F, "mao", "nao")),
        ("F nrg - nth", Move(F, "nwg", "nth")),
        ("F gol - tyn", Move(F, "lyo", "tys")),
        ("F bot - stp(sc)", Move(F, "bot", "stp/sc")),
        ("F bar - stp-nc", Move(F, "bar", "stp/nc")),
        ("F bar - stp/nc", Move(F, "bar", "stp/nc")),
        ("F bar - St. Petersburg north coast", Move(F, "bar", "stp/nc")),
        ("F bla - bul (ec)", Move(F, "bla", "bul/ec")),
        # no unit type (DATC 4.C.1), nationality in a support (4.C.5)
        ("nth - pic", Move(None, "nth", "pic")),
        ("F eng S English A wal - bel", Support(F, "eng", A, "wal", "bel")),
        ("England: F nth - pic", Move(F, "nth", "pic")),
        ("A par -> bur", Move(A, "par", "bur")),
        ("A lon - nth - bel", Move(A, "lon", "bel", True, ("nth",))),  # a path (DATC 4.A.6)
    ],
)
def test_movement_orders(text, order):
    assert p(text) == order


@pytest.mark.parametrize(
    "text, phase, order",
    [
        ("Build A Warsaw", PhaseType.ADJUSTMENT, Build(A, "war")),
        ("Build F St Petersburg(nc)", PhaseType.ADJUSTMENT, Build(F, "stp/nc")),
        ("B A war", PhaseType.ADJUSTMENT, Build(A, "war")),
        ("Remove A Paris", PhaseType.ADJUSTMENT, Remove(A, "par")),
        ("D F kie", PhaseType.ADJUSTMENT, Remove(F, "kie")),
        ("Disband F Kiel", PhaseType.ADJUSTMENT, Remove(F, "kie")),
        ("Waive", PhaseType.ADJUSTMENT, Waive()),
        ("A hol - yor", PhaseType.RETREAT, Retreat(A, "hol", "yor")),
        ("A hol D", PhaseType.RETREAT, Disband(A, "hol")),
        ("Disband A Holland", PhaseType.RETREAT, Disband(A, "hol")),
        ("A hol R yor", PhaseType.RETREAT, Retreat(A, "hol", "yor")),
    ],
)
def test_other_phases(text, phase, order):
    assert p(text, phase) == order


@pytest.mark.parametrize(
    "text, where, what",
    [
        ("F North Sea - Picardyy", 14, "no place"),
        ("F nth -", 7, "ends"),
        ("X nth - pic", 0, "no place or order word"),
        ("F nth S", 7, "supported unit"),
        ("F nth C A lon", 13, "where the army goes"),
        ("", None, "empty"),
        ("A vie H H", 8, "end of the order"),
    ],
)
def test_errors_say_where(text, where, what):
    with pytest.raises(OrderParseError) as e:
        p(text)
    assert what in str(e.value)
    assert e.value.column == where


def test_formats_round_trip():
    for text in ["F nth - pic", "A lvp - edi VIA", "F eng S A wal - bel", "F nth C A lon - bel", "A vie H"]:
        assert format_order(p(text)) == text
    order = p("F Spain(sc) - Portugal")
    assert format_order_long(order, BOARD) == "F Spain(sc) - Portugal"
    assert p(format_order_long(order, BOARD)) == order


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=60))
def test_parser_raises_only_its_own_error(text):
    try:
        p(text)
    except OrderParseError:
        pass


WORDS = ["A", "F", "-", "S", "C", "H", "via", "convoy", "nth", "North Sea", "stp/nc", "(sc)", "Build",
         "Remove", "Waive", "D", "R", "spa", "English", ":", "bul", "east coast", "to", "supports"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=8))
def test_parser_on_order_like_noise(words):
    for phase in PhaseType:
        try:
            p(" ".join(words), phase)
        except OrderParseError:
            pass
