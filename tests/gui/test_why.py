"""A GM answers "why did my move fail?" from the Results dock in one click: the Detail
column says it in a sentence, a double click (or Return) opens the steps and their rules."""

from __future__ import annotations

from gui_helpers import click
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from diplodesk.document.game_document import GameDocument


def row_of(dock, order: str) -> int:
    return next(r for r in range(dock.table.rowCount()) if dock.table.item(r, 2).text() == order)


def test_the_results_dock_says_why_a_move_failed(make_window):
    w = make_window(GameDocument.new())
    w.set_power("Austria")
    click(w, "vie")
    click(w, "gal")
    w.set_power("Russia")
    click(w, "war")
    click(w, "gal")
    QTest.keyClick(w.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    dock = w.results_dock
    row = row_of(dock, "A vie - gal")
    assert dock.table.item(row, 5).text() == "A vie - gal fails: attack 1 against prevent 1 of A war"
    assert "DATC" in dock.table.item(row, 5).toolTip()
    dock.table.setCurrentCell(row, 0)
    QTest.keyClick(dock.table, Qt.Key.Key_Return)
    assert dock.why.isVisible()
    text = dock.why.toPlainText()
    assert text.startswith("A vie - gal fails") and "prevent strength" in text


def test_a_line_an_earlier_engine_recorded_otherwise_has_no_made_up_reason(make_window):
    from diplodesk.document.explanations import explanations

    doc = GameDocument.new()
    doc.set_orders({"England": ["F lon - nth"]})
    doc.process()
    recorded = dict(doc.history[0].result)
    recorded["orders"] = [dict(o, status="fails") if o["text"] == "F lon - nth" else o for o in recorded["orders"]]
    why = explanations(doc.position_at(0), recorded)
    changed = next(i for i, o in enumerate(recorded["orders"]) if o["text"] == "F lon - nth")
    assert why[changed] is None
    assert all(w is not None for i, w in enumerate(why) if i != changed)
    w = make_window(doc)
    w.results_dock.show_result(recorded, explain=why)
    assert "earlier engine revision" in w.results_dock.show_why(row_of(w.results_dock, "F lon - nth"))


def test_a_right_click_on_a_past_phases_map_says_why(make_window):
    from PySide6.QtCore import QPoint

    doc = GameDocument.new()
    doc.set_orders({"Austria": ["A vie - gal"], "Russia": ["A war - gal"]})
    w = make_window(doc)
    w.adjudicate()
    w.show_phase(0)
    w.controller.on_context_menu("vie", QPoint())
    dock = w.results_dock
    assert dock.table.item(dock.table.currentRow(), 2).text() == "A vie - gal"
    assert dock.why.toPlainText().startswith("A vie - gal fails")
    w.controller.on_context_menu("nao", QPoint())  # nothing there
    assert "no result in nao" in w.statusBar().currentMessage()


def test_adjudicating_with_units_unordered_asks_first(make_window, prompts):
    doc = GameDocument.new()
    doc.set_orders({"Austria": ["A vie - gal"]})
    w = make_window(doc)
    prompts.confirm_answer = False
    w.adjudicate()
    title, text = prompts.confirms[-1]
    assert text.startswith("21 of 22 units have no orders (Austria 2, England 3,") and "they will hold" in text
    assert not w.doc.history  # nothing adjudicated
    prompts.confirm_answer = True
    w.adjudicate()
    assert len(w.doc.history) == 1
