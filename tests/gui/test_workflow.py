"""Undo and redo across everything, GM edits, typed and pasted orders, history and roll-back."""

from __future__ import annotations

import pytest
from gui_helpers import answer_menu, click, key
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QHelpEvent, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolTip


def ctrl(w, k, shift=False):
    mods = Qt.KeyboardModifier.ControlModifier
    if shift:
        mods |= Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(w.view, k, mods)


def type_lines(editor, lines):
    for i, line in enumerate(lines):
        if i:
            QTest.keyClick(editor, Qt.Key.Key_Return)
        QTest.keyClicks(editor, line)


def snapshot(w):
    d = w.doc.game.to_json()
    return d["current"], [h["position"]["phase"] for h in d["history"]]


def test_undo_redo_across_orders_edits_and_adjudication(window):
    w = window
    states = [snapshot(w)]
    # an order by clicks
    w.set_power("England")
    click(w, "lon")
    click(w, "nth")
    states.append(snapshot(w))
    # a GM edit by clicks: an English army in Wales, from the province's edit menu
    ctrl(w, Qt.Key.Key_G)
    assert w.gm_mode
    click(w, "wal")
    answer_menu(w, Qt.Key.Key_A)  # &Add army for England
    assert str(w.doc.position.units["wal"]) == "A wal"
    states.append(snapshot(w))
    # and the centre of Belgium to France
    click(w, "bel")
    answer_menu(w, Qt.Key.Key_C)  # &Centre owner >
    submenu = QApplication.activePopupWidget()
    assert "France" in [a.text().replace("&", "") for a in submenu.actions()]
    QTest.keyClick(submenu, Qt.Key.Key_F)  # &France
    assert w.doc.position.centers["bel"] == "France"
    states.append(snapshot(w))
    ctrl(w, Qt.Key.Key_G)
    assert not w.gm_mode
    # an adjudication
    ctrl(w, Qt.Key.Key_Return)
    assert str(w.doc.position.phase) == "F1901M"
    assert w.doc.position.units["nth"].power == "England"
    states.append(snapshot(w))
    for expected in reversed(states[:-1]):
        ctrl(w, Qt.Key.Key_Z)
        assert snapshot(w) == expected
    assert not w.doc.is_modified
    for expected in states[1:]:
        ctrl(w, Qt.Key.Key_Z, shift=True)
        assert snapshot(w) == expected
    assert w.doc.is_modified


def test_gm_drag_moves_a_unit_and_delete_removes(window):
    w = window
    w.set_gm_mode(True)
    vp = w.view.viewport()
    a, b = w.view.viewport_point("par"), w.view.viewport_point("pic")
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    mid = (a + b) / 2
    QTest.mouseMove(vp, mid)
    QTest.mouseMove(vp, b)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    assert "par" not in w.doc.position.units and str(w.doc.position.units["pic"]) == "A pic"
    QTest.mouseMove(vp, w.view.viewport_point("pic"))
    key(w.view, Qt.Key.Key_Delete)
    assert "pic" not in w.doc.position.units
    ctrl(w, Qt.Key.Key_Z)
    ctrl(w, Qt.Key.Key_Z)
    assert str(w.doc.position.units["par"]) == "A par"


def test_typed_orders_are_checked_and_committed(window, qtbot):
    w = window
    w.set_power("Germany")
    ed = w.orders_dock.editor
    ed.setFocus()
    type_lines(ed, ["A ber - kie", "F kie - hol", "A mun - xyz"])
    # the line under the cursor says what is wrong with it, as you type
    assert "xyz" in w.orders_dock.problem.text()
    qtbot.waitUntil(lambda: len(w.doc.orders("Germany")) == 3, timeout=3000)
    checks = w.doc.check("Germany")
    assert [c.level for c in checks] == ["ok", "ok", "error"]
    assert w.orders_dock.table.item(w.doc.powers.index("Germany"), 2).text() == "1"
    # a click on the map after typing keeps what was typed
    QTest.keyClick(ed, Qt.Key.Key_Backspace)
    type_lines(ed, ["", "A ber - mun"])  # a second order for ber: flagged, not lost
    w.view.setFocus()
    click(w, "mun")
    click(w, "ruh")
    assert w.doc.orders("Germany") == ("A ber - kie", "F kie - hol", "A mun - xy", "A ber - mun",
                                       "A mun - ruh")
    assert [c.level for c in w.doc.check("Germany")] == ["warning", "ok", "error", "warning", "ok"]


def test_paste_a_block_for_all_powers(window, prompts):
    w = window
    prompts.paste_text = """Hello GM, here are the orders:

ENGLAND:
F lon - nth
F edi - nwg
> A lvp - yor

France: A par - bur
French F bre - mao
A mun - ruh
Cheers"""
    ctrl(w, Qt.Key.Key_V, shift=True)
    assert w.doc.orders("England") == ("F lon - nth", "F edi - nwg", "A lvp - yor")
    assert w.doc.orders("France") == ("A par - bur", "F bre - mao")
    assert w.doc.orders("Germany") == ("A mun - ruh",)
    ctrl(w, Qt.Key.Key_Z)
    assert all(not w.doc.orders(p) for p in w.doc.powers)


def test_history_view_is_read_only_and_roll_back_is_undoable(window):
    w = window
    w.set_power("France")
    click(w, "par")
    click(w, "bur")
    ctrl(w, Qt.Key.Key_Return)
    assert w.viewed == 0 and w.banner.isVisible()
    # a past phase is read-only: clicks give no orders
    click(w, "mar")
    assert w.doc.orders("France") == ()
    assert w.orders_dock.editor.isReadOnly()
    tree = w.history_dock.tree
    tree.setCurrentItem(tree.topLevelItem(1))  # the current phase
    assert w.viewed is None and not w.banner.isVisible()
    tree.setCurrentItem(tree.topLevelItem(0))
    assert w.viewed == 0
    w.history_dock.rollback.click()
    assert str(w.doc.position.phase) == "S1901M" and w.doc.orders("France") == ("A par - bur",)
    assert w.viewed is None
    ctrl(w, Qt.Key.Key_Z)
    assert str(w.doc.position.phase) == "F1901M" and len(w.doc.history) == 1


def test_set_phase_and_new_game(window, prompts):
    w = window
    prompts.phase_text = "F1905M"
    w.act_set_phase.trigger()
    assert str(w.doc.position.phase) == "F1905M"
    prompts.phase_text = "X1"
    w.act_set_phase.trigger()
    assert prompts.errors and "phase" in prompts.errors[-1][1]
    prompts.save_answer = "discard"
    ctrl(w, Qt.Key.Key_N)
    assert str(w.doc.position.phase) == "S1901M" and not w.doc.is_modified
    assert prompts.asked == ["save"]


def test_hover_names_province_owner_and_unit(window):
    w = window
    QTest.mouseMove(w.view.viewport(), w.view.viewport_point("par"))
    text = w.hover_label.text()
    assert "Paris" in text and "France" in text and "Army par" in text
    assert w.view.hover == "par"
    # the same in a tooltip
    at = w.view.viewport_point("lon")
    QApplication.sendEvent(w.view.viewport(), QHelpEvent(QEvent.Type.ToolTip, at, w.view.viewport().mapToGlobal(at)))
    assert "London" in QToolTip.text() and "Fleet lon (England)" in QToolTip.text()


def test_zoom_pan_and_fit(window):
    v = window.view
    s0 = v.scale_now
    for _ in range(3):
        QTest.keyClick(v, Qt.Key.Key_Plus)
    assert v.scale_now > s0 * 1.9
    # the wheel zooms around the cursor: the map point under it stays under it
    at = v.viewport_point("vie")
    before = v.mapToScene(at)
    s1 = v.scale_now
    wheel = QWheelEvent(QPointF(at), QPointF(v.viewport().mapToGlobal(at)), QPoint(0, 0), QPoint(0, 120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QApplication.sendEvent(v.viewport(), wheel)
    assert v.scale_now == pytest.approx(s1 * 1.25)
    after = v.mapToScene(at)
    assert (after - before).manhattanLength() < 2 / v.scale_now
    # arrow keys pan, 0 fits the whole map again
    h = v.horizontalScrollBar().value()
    QTest.keyClick(v, Qt.Key.Key_Right)
    assert v.horizontalScrollBar().value() > h
    QTest.keyClick(v, Qt.Key.Key_0)
    assert v.scale_now == pytest.approx(s0)


def test_map_stays_sharp_when_zoomed(window, qtbot):
    """After a zoom the base image is redrawn at the new scale (one image pixel per screen pixel)."""
    v = window.view
    for _ in range(4):
        QTest.keyClick(v, Qt.Key.Key_Plus)
    v.viewport().repaint()
    qtbot.waitUntil(lambda: v._cache.scale == pytest.approx(v.scale_now), timeout=3000)
    v.viewport().repaint()
    img = v._cache.image
    assert img.width() == pytest.approx(v._cache.rect.width() * v.scale_now, abs=2)


def test_undo_while_typing_takes_back_the_typing(window):
    w = window
    w.set_power("Italy")
    click(w, "rom")
    click(w, "apu")
    ed = w.orders_dock.editor
    ed.setFocus()
    ed.moveCursor(ed.textCursor().MoveOperation.End)
    type_lines(ed, ["", "F nap - ion"])
    assert w.orders_dock.has_pending()
    w.act_undo.trigger()  # commits the typing first, then takes it back
    assert w.doc.orders("Italy") == ("A rom - apu",)
    w.act_redo.trigger()
    assert w.doc.orders("Italy") == ("A rom - apu", "F nap - ion")
