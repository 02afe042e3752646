"""The desk owns its dialogs, leaves no standard window behind it, and stops at a blocking
question: the season is not "adjudicated; now …" until the GM answers, and then the GM may
enter the adjustments IX.7 and IX.8 allow, each undoable."""

from __future__ import annotations

from gui_helpers import show_ready
from hyperboards import desk_game
from PySide6.QtWidgets import QComboBox

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.dialogs import Prompts
from diplodesk.gui.hyper.decisions_panel import DecisionsPanel
from diplodesk.gui.hyper.window import open_desk, open_windows

WONDER = "sa build a wonder in Rome"


def _desk(qtbot, prompts):
    return show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)


def test_the_desk_s_dialogs_are_its_own_not_the_window_s_that_opened_it(qtbot, window):
    desk = open_desk(HyperGameDocument(desk_game()), Prompts(window), show=False)
    qtbot.addWidget(desk)
    assert desk.prompts.parent is desk  # Save As, errors and Send results raise the desk


def test_opening_a_hyper_game_from_the_main_window_leaves_no_window_behind(qtbot, window, tmp_path):
    desk_game().save(tmp_path / "hyper.json")
    assert window.open_file(tmp_path / "hyper.json")
    desk = next(d for d in open_windows() if d.doc.path == tmp_path / "hyper.json")
    qtbot.addWidget(desk)
    assert window.isHidden() and desk.isVisible()
    assert window.maybe_save()  # it asks nothing more: the game it showed was given up when asked


def test_a_bug_met_at_the_desk_autosaves_its_game_and_is_told_over_the_desk(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from diplodesk.gui import app

    desk = open_desk(HyperGameDocument(desk_game()), Prompts(window), show=False)
    qtbot.addWidget(desk)
    window.hand_over(desk)
    desk.show()
    desk.paste_orders("France\n1D Gaso at Nava\n")
    told = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, *_a: told.append(parent))
    monkeypatch.setattr(app.traceback, "print_exception", lambda *_a: None)
    app._error_hook(window, None)(RuntimeError, RuntimeError("a bug"), None)
    saved = desk.session.file.is_file()
    desk.doc.undo_stack.setClean()  # closed after the test without a question
    assert saved  # the desk's game, not only the hidden window's
    assert told and told[0] is not window


def test_a_blocking_question_stops_the_season_until_the_gm_answers_it(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.paste_orders(f"Italy\nbu Y Roma\n{WONDER}\n")
    start = str(w.doc.position.phase)
    assert w.adjudicate()
    after = str(w.doc.position.phase)
    message = w.statusBar().currentMessage()
    assert "not final" in message and "adjudicated; now" not in message
    assert w.banner.isVisible() and "Italy asks to: build a wonder in Rome" in w.banner.text.text()
    panel: DecisionsPanel = w.gm_panels["Decisions"]
    assert w.gm_docks["Decisions"].isVisible() and panel.table.currentRow() == 0  # taken to it
    asked = panel.table.item(0, 0).text()
    assert asked == "Italy asks to: build a wonder in Rome" and "rule-gap" not in asked  # no id to read
    assert panel.heading.text().startswith("Winter 1914: 1 question")
    assert not w.adjudicate() and str(w.doc.position.phase) == after  # the next season waits
    assert "answer its blocking question" in w.statusBar().currentMessage()
    box = panel.table.cellWidget(0, DecisionsPanel.ANSWER)
    assert isinstance(box, QComboBox)
    box.setCurrentText("accept")
    assert not w.banner.isVisible()
    assert str(w.doc.history[-1].phase) == start and str(w.doc.position.phase) == after


def test_after_the_answer_the_gm_adjusts_a_stock_with_a_reason_and_undo_takes_it_back(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.paste_orders(f"Italy\n{WONDER}\n")
    w.adjudicate()
    panel: DecisionsPanel = w.gm_panels["Decisions"]
    panel.table.cellWidget(0, DecisionsPanel.ANSWER).setCurrentText("accept")
    gold = w.doc.position.nations["ita"].stock["gold"]
    panel.nation.setCurrentIndex(panel.nation.findData("ita"))
    panel.factor.setCurrentIndex(panel.factor.findData("gold"))
    panel.amount.setValue(-2.5)
    panel.reason.setText("the wonder's masons")
    assert panel.add_adjustment()
    assert w.doc.position.nations["ita"].stock["gold"] == gold - 5  # halves of a dollar
    assert panel.adjusted.rowCount() == 1 and panel.adjusted.item(0, 3).text() == "the wonder's masons"
    w.ledger.pick("ita")
    assert any(r[0].strip() == "GM: the wonder's masons" and r[1] == "-2.5" for r in w.ledger.statement_rows())
    w.act_undo.trigger()
    assert w.doc.position.nations["ita"].stock["gold"] == gold and panel.adjusted.rowCount() == 0
    assert w.doc.history[-1].position.get("decisions")  # the answer stays: only the adjustment went


def test_an_adjustment_without_a_reason_is_refused_with_a_line(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.paste_orders("France\nco A\n")
    w.adjudicate()
    panel: DecisionsPanel = w.gm_panels["Decisions"]
    done = w.doc.undo_stack.count()
    panel.amount.setValue(3)
    assert not panel.add_adjustment()
    assert "an adjustment says why (IX.8)" in panel.message.text()
    assert w.doc.undo_stack.count() == done
