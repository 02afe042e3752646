"""A whole Spring 1901 entered for all seven powers with the mouse and keys alone."""

from __future__ import annotations

from gui_helpers import click, key
from PySide6.QtCore import Qt

# (power, [(gesture...)]): "unit>dest" moves by two clicks, "unit!" holds by clicking the
# unit twice, "unit:H" holds with the H key.
SPRING_1901 = [
    ("Austria", ["vie>gal", "bud>ser", "tri>alb"]),
    ("England", ["lon>nth", "edi>nwg", "lvp>yor"]),
    ("France", ["par>bur", "mar>spa", "bre>mao"]),
    ("Germany", ["ber>kie", "mun>ruh", "kie>den"]),
    ("Italy", ["rom>apu", "ven!", "nap>ion"]),
    ("Russia", ["mos>ukr", "war>gal", "sev>bla", "stp>bot"]),
    ("Turkey", ["con>bul", "smy:H", "ank>bla"]),
]

EXPECTED_ORDERS = {
    "Austria": ("A vie - gal", "A bud - ser", "F tri - alb"),
    "England": ("F lon - nth", "F edi - nwg", "A lvp - yor"),
    "France": ("A par - bur", "A mar - spa", "F bre - mao"),
    "Germany": ("A ber - kie", "A mun - ruh", "F kie - den"),
    "Italy": ("A rom - apu", "A ven H", "F nap - ion"),
    "Russia": ("A mos - ukr", "A war - gal", "F sev - bla", "F stp/sc - bot"),
    "Turkey": ("A con - bul", "A smy H", "F ank - bla"),
}


def enter(w, gestures):
    pos = w.doc.position
    for g in gestures:
        if ">" in g:
            src, dest = g.split(">")
            click(w, pos.units[src].loc)
            click(w, dest)
        elif g.endswith("!"):
            src = g[:-1]
            click(w, pos.units[src].loc)
            click(w, pos.units[src].loc)
        else:
            src = g.split(":")[0]
            click(w, pos.units[src].loc)
            key(w.view, Qt.Key.Key_H)


def test_spring_1901_by_mouse_and_keys(window):
    w = window
    for i, (power, gestures) in enumerate(SPRING_1901):
        w.view.setFocus()
        key(w.view, getattr(Qt.Key, f"Key_{i + 1}"), Qt.KeyboardModifier.ControlModifier)
        assert w.power == power
        enter(w, gestures)
        assert w.doc.orders(power) == EXPECTED_ORDERS[power]
    # every power's orders are read, and none has a problem
    for power in w.doc.powers:
        assert all(c.level == "ok" for c in w.doc.check(power))
    key(w.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    pos = w.doc.position
    assert str(pos.phase) == "F1901M"
    where = {p: (u.power, str(u)) for p, u in pos.units.items()}
    assert where == {
        "vie": ("Austria", "A vie"), "ser": ("Austria", "A ser"), "alb": ("Austria", "F alb"),
        "nth": ("England", "F nth"), "nwg": ("England", "F nwg"), "yor": ("England", "A yor"),
        "bur": ("France", "A bur"), "spa": ("France", "A spa"), "mao": ("France", "F mao"),
        "kie": ("Germany", "A kie"), "ruh": ("Germany", "A ruh"), "den": ("Germany", "F den"),
        "apu": ("Italy", "A apu"), "ven": ("Italy", "A ven"), "ion": ("Italy", "F ion"),
        "ukr": ("Russia", "A ukr"), "war": ("Russia", "A war"), "sev": ("Russia", "F sev"),
        "bot": ("Russia", "F bot"),
        "bul": ("Turkey", "A bul"), "smy": ("Turkey", "A smy"), "ank": ("Turkey", "F ank"),
    }
    # the results are shown: the map is on the adjudicated phase, read-only, and the
    # results table lists every order with its status
    assert w.viewed == 0
    assert w.results_dock.table.rowCount() == 22
    statuses = {w.results_dock.table.item(r, 2).text(): w.results_dock.table.item(r, 3).text()
                for r in range(22)}
    assert statuses["A vie - gal"] == "fails" and statuses["A war - gal"] == "fails"
    assert statuses["F lon - nth"] == "succeeds"
    # Esc goes back to the current phase, ready for the Fall orders
    key(w.view, Qt.Key.Key_Escape)
    assert w.viewed is None and w.editable


FALL_1901 = [
    ("Austria", ["ser!", "alb>gre"]),
    ("England", ["nwg>nwy", "nth!", "yor!"]),
    ("France", ["spa>por", "bur!", "mao!"]),
    ("Germany", ["kie>hol", "den!", "ruh!"]),
    ("Italy", ["ion>tun", "apu!", "ven!"]),
    ("Russia", ["bot>swe", "ukr>rum", "war!", "sev!"]),
    ("Turkey", ["bul!", "smy!", "ank!"]),
]


def test_a_year_from_spring_1901_to_spring_1902_by_clicks(window):
    from gui_helpers import answer_menu

    w = window
    for phase in (SPRING_1901, FALL_1901):
        for power, gestures in phase:
            w.set_power(power)
            enter(w, gestures)
        key(w.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        key(w.view, Qt.Key.Key_Escape)  # from the results back to the next phase
    pos = w.doc.position
    assert str(pos.phase) == "W1901A"
    owned = {p: len(pos.centers_of(p)) for p in w.doc.powers}
    assert owned == {"Austria": 5, "England": 4, "France": 4, "Germany": 5, "Italy": 4, "Russia": 6,
                     "Turkey": 4}
    # builds: a click on an empty home centre; a fleet or an army is asked where both fit
    w.set_power("England")
    click(w, "lon", kind="unit")
    answer_menu(w, Qt.Key.Key_F)
    w.set_power("France")
    click(w, "par")  # inland: an army at once
    w.set_power("Russia")
    click(w, "stp")
    answer_menu(w, Qt.Key.Key_N)  # a fleet on the north coast
    click(w, "mos")
    w.set_power("Germany")
    click(w, "ber")
    answer_menu(w, Qt.Key.Key_A)  # an army
    key(w.view, Qt.Key.Key_W)  # and waive the second build
    key(w.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    key(w.view, Qt.Key.Key_Escape)
    pos = w.doc.position
    assert str(pos.phase) == "S1902M"
    assert str(pos.units["lon"]) == "F lon" and str(pos.units["par"]) == "A par"
    assert str(pos.units["stp"]) == "F stp/nc" and str(pos.units["mos"]) == "A mos"
    assert str(pos.units["ber"]) == "A ber"
    assert [r.phase for r in w.doc.history] == ["S1901M", "F1901M", "W1901A"]
