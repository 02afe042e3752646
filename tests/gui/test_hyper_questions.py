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


def _asked(prompts, answer: str, stop: bool = False) -> list:
    asked = []

    def go_or_adjudicate(title, text, again):
        asked.append((title, text, again))
        return answer, stop

    prompts.go_or_adjudicate = go_or_adjudicate
    return asked


def test_refused_lines_stop_the_season_and_the_gm_is_taken_to_them(qtbot, prompts, tmp_path):
    from PySide6.QtCore import QSettings

    w = _desk(qtbot, prompts)
    w.settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w.paste_orders("France\nco A\nbu D Xyzzy\nSpain\nbu 2 Trs\n")
    asked = _asked(prompts, "go")
    start = str(w.doc.position.phase)
    assert not w.adjudicate() and str(w.doc.position.phase) == start and not w.doc.history
    title, text, again = asked[0]
    assert title == "Adjudicate with refused lines?" and "1 line on the sheets is refused" in text
    assert "France 2" in text and "Spain" not in text and "invalid order" in text
    assert "Ask before adjudicating with refused lines" in again
    sheet = w.sheets["fra"]
    assert w.orders.current == "fra" and sheet.editor.textCursor().blockNumber() == 1  # on line 2
    assert sheet.why.text().startswith("line 2:")
    assert "Not adjudicated: 1 refused line (France 2)" in w.statusBar().currentMessage()


def test_adjudicate_anyway_and_don_t_ask_again_plays_the_season_and_asks_no_more(qtbot, prompts, tmp_path):
    from PySide6.QtCore import QSettings

    w = _desk(qtbot, prompts)
    w.settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w.paste_orders("France\nbu D Xyzzy\n")
    asked = _asked(prompts, "adjudicate", stop=True)
    assert w.adjudicate() and len(w.doc.history) == 1 and len(asked) == 1
    assert not w.act_ask_refused.isChecked()  # the Game menu turns it back on
    w.paste_orders("France\nbu D Xyzzy\n")
    assert w.adjudicate() and len(w.doc.history) == 2 and len(asked) == 1
    w.act_ask_refused.trigger()
    assert w.act_ask_refused.isChecked()
    w.paste_orders("France\nbu D Xyzzy\n")
    _asked(prompts, "cancel")
    assert not w.adjudicate() and len(w.doc.history) == 2


def test_a_line_only_short_of_money_is_no_refused_line():
    from diplodesk.gui.hyper.desk_season import refused_lines

    doc = HyperGameDocument(desk_game())
    doc.set_orders({"fra": ["bu 900 Trs", "co A"]})  # more than France can pay: the T5 loop fails it
    assert refused_lines(doc) == {}
    doc.set_orders({"fra": ["bu D Xyzzy"]})
    assert refused_lines(doc) == {"fra": [1]}
