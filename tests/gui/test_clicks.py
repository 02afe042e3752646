"""Supports, convoys, coasts, retreats and builds entered by clicks and keys on the map."""

from __future__ import annotations

import pytest
from gui_helpers import answer_menu, click, key
from PySide6.QtCore import Qt

from diplodesk.document.game_document import GameDocument
from diplodesk.engine.game import Game
from diplodesk.engine.position import Position
from diplodesk.variants import load_variant


def doc_at(data: dict) -> GameDocument:
    v = load_variant("standard")
    pos = Position.from_json({"variant": "standard", **data}, lambda _ref: v)
    return GameDocument(Game(v, pos))


def units(*specs: str) -> list[dict]:
    out = []
    for s in specs:
        power, t, at = s.split()
        out.append({"power": power, "type": t, "at": at})
    return out


def test_support_to_move_and_to_hold(window):
    w = window
    w.set_power("France")
    click(w, "mar")
    key(w.view, Qt.Key.Key_S)
    assert "par" in w.view.highlights.targets and "bur" not in w.view.highlights.targets
    click(w, "par")  # the supported unit
    assert w.view.highlights.picked == "par"
    assert w.view.highlights.targets == {"bur", "gas"}  # where mar can reach
    click(w, "bur")  # where it goes
    assert w.doc.orders("France") == ("A mar S A par - bur",)
    click(w, "par")
    key(w.view, Qt.Key.Key_S)
    click(w, "bre")
    click(w, "bre")  # the supported unit again: support to hold
    assert w.doc.orders("France")[-1] == "A par S F bre"
    # a unit that is not the power's own is not selected
    click(w, "mun")
    assert w.view.highlights.selected is None
    assert "Germany" in w.statusBar().currentMessage()


@pytest.fixture
def sea_window(make_window):
    doc = doc_at({
        "phase": "F1901M",
        "units": units("England F nth", "England A lon", "England F eng", "France F mao",
                       "France A bre", "Germany F hol"),
    })
    return make_window(doc)


def test_convoy_and_move_via_convoy(sea_window):
    w = sea_window
    w.set_power("England")
    click(w, "nth")
    key(w.view, Qt.Key.Key_C)
    assert "lon" in w.view.highlights.targets
    click(w, "lon")  # the army
    assert {"bel", "nwy", "den"} <= w.view.highlights.targets
    click(w, "bel")
    assert w.doc.orders("England") == ("F nth C A lon - bel",)
    click(w, "lon")
    key(w.view, Qt.Key.Key_V)
    assert "bel" in w.view.highlights.targets
    click(w, "bel")
    assert w.doc.orders("England")[-1] == "A lon - bel VIA"
    # the context menu offers the same orders: Move to > yor
    click(w, "eng", button=Qt.MouseButton.RightButton)
    menu = w.controller.menu
    assert menu.isVisible()
    titles = [a.text().replace("&", "") for a in menu.actions()]
    assert {"Hold", "Move to", "Support", "Convoy"} <= set(titles)
    answer_menu(w, Qt.Key.Key_H)  # &Hold
    assert w.doc.orders("England")[-1] == "F eng H"


def test_coast_asked_only_when_ambiguous(sea_window):
    w = sea_window
    w.set_power("France")
    click(w, "mao")
    click(w, "spa")  # two coasts of Spain are in reach: the GM is asked
    assert w.doc.orders("France") == ()
    answer_menu(w, Qt.Key.Key_N)
    assert w.doc.orders("France") == ("F mao - spa/nc",)
    click(w, "mao")
    click(w, "por")  # one coast only: no question
    assert w.doc.orders("France") == ("F mao - por",)


def test_retreat_and_disband(make_window):
    doc = doc_at({
        "phase": "F1901R",
        "units": units("Turkey A ser", "Turkey A gre", "Italy F adr"),
        "dislodged": [{"power": "Austria", "type": "A", "at": "ser", "attacker_from": "bul"},
                      {"power": "Austria", "type": "F", "at": "alb", "attacker_from": "adr"}],
    })
    w = make_window(doc)
    w.set_power("Austria")
    click(w, "ser", kind="dislodged")
    assert {"bud", "tri", "rum"} <= w.view.highlights.targets
    assert "bul" not in w.view.highlights.targets  # whence the attack came
    click(w, "bud")
    click(w, "alb", kind="dislodged")
    key(w.view, Qt.Key.Key_D)
    assert w.doc.orders("Austria") == ("A ser R bud", "F alb D")
    key(w.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    pos = w.doc.position
    assert str(pos.phase) in ("W1901A", "S1902M")
    assert pos.units["bud"].power == "Austria" and "alb" not in pos.units


def test_builds_and_waive(make_window):
    doc = doc_at({
        "phase": "W1901A",
        "units": units("Russia A war", "England F nth"),
        "centers": {"Russia": ["stp", "mos", "war", "sev"], "England": ["lon", "edi", "lvp"]},
    })
    w = make_window(doc)
    w.set_power("Russia")
    assert {"stp", "mos", "sev"} <= w.view.highlights.targets
    click(w, "mos")  # inland: an army, no question
    assert w.doc.orders("Russia") == ("B A mos",)
    click(w, "stp")  # army, or a fleet on either coast: asked
    answer_menu(w, Qt.Key.Key_N)  # north coast
    assert w.doc.orders("Russia")[-1] == "B F stp/nc"
    click(w, "mos")  # the same build again takes it back
    assert w.doc.orders("Russia") == ("B F stp/nc",)
    key(w.view, Qt.Key.Key_W)
    assert w.doc.orders("Russia") == ("B F stp/nc", "Waive")
    w.set_power("England")
    click(w, "edi")
    answer_menu(w, Qt.Key.Key_F)  # &Fleet
    assert w.doc.orders("England") == ("B F edi",)
    key(w.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    pos = w.doc.position
    assert str(pos.phase) == "S1902M"
    assert str(pos.units["stp"]) == "F stp/nc" and str(pos.units["edi"]) == "F edi"


def test_removal(make_window):
    doc = doc_at({
        "phase": "W1901A",
        "units": units("Germany A ber", "Germany A mun", "Germany F kie"),
        "centers": {"Germany": ["ber", "mun"]},
    })
    w = make_window(doc)
    w.set_power("Germany")
    click(w, "kie")
    assert w.doc.orders("Germany") == ("D F kie",)
