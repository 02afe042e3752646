"""``diplodesk`` and ``diplodesk GAME`` through :func:`diplodesk.gui.app.run` (offscreen)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from diplodesk.document import commands as cmd
from diplodesk.document.game_document import GameDocument
from diplodesk.gui import app as app_module
from diplodesk.gui.dialogs import NewGameDialog, PasteOrdersDialog, Prompts


def run_briefly(monkeypatch, path=None):
    """Run the app until its window has started, then close it; return what it showed."""
    seen = {"errors": [], "windows": []}
    monkeypatch.setattr(Prompts, "error", lambda self, title, text: seen["errors"].append(text))
    monkeypatch.setattr(Prompts, "ask_recover", lambda self, orphan: "later")

    def close():
        for w in QApplication.topLevelWidgets():
            if w.objectName() == "main-window" and w.isVisible():
                seen["windows"].append(w)
                seen["phase"] = str(w.doc.position.phase)
                seen["path"] = w.doc.path
                w.close()

    QTimer.singleShot(400, close)
    seen["status"] = app_module.run(path)
    return seen


def test_run_opens_a_new_standard_game(qapp, monkeypatch):
    seen = run_briefly(monkeypatch)
    assert seen["status"] == 0 and seen["windows"]
    assert seen["phase"] == "S1901M" and seen["path"] is None and not seen["errors"]


def test_run_with_a_game_file(qapp, monkeypatch, tmp_path):
    doc = GameDocument.new()
    doc.undo_stack.push(cmd.AdjudicateCommand(doc))
    path = tmp_path / "g.json"
    doc.save(path)
    seen = run_briefly(monkeypatch, path)
    assert seen["phase"] == "F1901M" and seen["path"] == path


def test_run_with_a_bad_file_says_why(qapp, monkeypatch, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("[1, 2", encoding="utf-8")
    seen = run_briefly(monkeypatch, path)
    assert seen["status"] == 0
    assert seen["errors"] and "bad.json" in seen["errors"][0] and "not JSON" in seen["errors"][0]
    assert seen["path"] is None  # nothing opened: a new game instead


def test_new_game_dialog_lists_the_variants(qtbot):
    d = NewGameDialog()
    qtbot.addWidget(d)
    ids = [d.variant.itemData(i) for i in range(d.variant.count())]
    assert "standard" in ids and d.variant.currentData() == "standard"
    d.rules.setText("blind, ")
    assert d.choice() == ("standard", ("blind",))
    assert "7 powers" in d.about.text()


def test_new_game_dialog_refuses_an_unknown_rule_and_says_which(qtbot):
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.rules.setText("Blind")
    d.accept()
    assert d.result() != d.DialogCode.Accepted
    assert "Unknown rule option 'Blind'" in d.rules_error.text() and not d.rules_error.isHidden()
    d.rules.setText("blind, convoy_path_as_ordered")
    d.accept()
    assert d.result() == d.DialogCode.Accepted


def test_paste_dialog_previews_what_it_reads(qtbot, qapp):
    doc = GameDocument.new()
    d = PasteOrdersDialog(doc, "France")
    qtbot.addWidget(d)
    d.text.setPlainText("F lon - nth\nhello\nA bur - mar")
    # the unit's owner, else the default power (France, the power being edited)
    assert d.result_orders() == {"England": ["F lon - nth"], "France": ["A bur - mar"]}
    assert d.preview.rowCount() == 3
    assert "2 orders for 2 powers" in d.summary.text()
