"""Saving and reopening, autosave and crash recovery, bad files, export and print, layout."""

from __future__ import annotations

import json

import pytest
from gui_helpers import click
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from diplodesk.document.autosave import autosave_dir, find_orphans
from diplodesk.engine.game import Game


def play_a_little(w):
    w.set_power("France")
    click(w, "par")
    click(w, "bur")
    w.set_power("Germany")
    click(w, "mun")
    click(w, "bur")
    QTest.keyClick(w.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    w.show_phase(None)
    w.set_power("England")
    click(w, "lon")
    click(w, "eng")


def test_save_reopen_compare(window, make_window, prompts, game_file):
    w = window
    play_a_little(w)
    assert w.doc.is_modified
    prompts.next_path = str(game_file)
    QTest.keyClick(w.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert game_file.exists() and not w.doc.is_modified
    assert w.windowTitle().startswith("game.json")
    saved = w.doc.game.to_json()
    # a second window opens the file: the same game, history, orders and results
    other = make_window()
    assert other.open_file(game_file)
    assert other.doc.game.to_json() == saved
    assert other.doc.path == game_file and not other.doc.is_modified
    assert other.doc.orders("England") == ("F lon - eng",)
    assert [r.phase for r in other.doc.history] == ["S1901M"]
    assert str(game_file.resolve()) in other.recent_files()
    # saving again keeps the previous file as .bak
    other.set_power("England")
    click(other, "lon")
    click(other, "nth")
    QTest.keyClick(other.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert game_file.with_name("game.json.bak").exists()
    assert Game.load(game_file).current.orders["England"] == ("F lon - nth",)


def test_close_with_unsaved_changes_asks(window, prompts):
    w = window
    click(w, "vie")
    click(w, "gal")
    prompts.save_answer = "cancel"
    assert not w.close()
    assert prompts.asked == ["save"] and w.isVisible()
    prompts.save_answer = "discard"
    assert w.close()


@pytest.mark.parametrize("content, says", [
    ("this is not json", "not JSON"),
    ('{"some": "thing"}', "not a diplodesk game file"),
    ('{"format": 99, "variant": {}}', "newer diplodesk"),
    ('{"format": 1, "variant": {"id": "standard", "data": {"id": "x"}}, "current": {}}', "variant"),
    (None, "no such file"),
])
def test_a_bad_file_opens_nothing_and_says_why(window, prompts, tmp_path, content, says):
    w = window
    click(w, "vie")
    click(w, "gal")
    before = w.doc
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    prompts.save_answer = "discard"
    assert not w.open_file(path)
    assert w.doc is before and w.doc.orders("Austria") == ("A vie - gal",)
    title, text = prompts.errors[-1]
    assert "bad.json" in text and says in text


def test_autosave_and_recovery_after_a_crash(make_window, prompts, tmp_path):
    w = make_window(autosave_ms=50)
    play_a_little(w)
    expected = w.doc.game.to_json()
    QTest.qWait(120)  # the autosave timer fires
    assert w.session.file.exists()
    # a crash: the process ends without closing the window (its lock goes with it)
    w.session.lock.unlock()
    assert [o.file for o in find_orphans()] == [w.session.file]
    # the next start offers the autosave; the GM takes it
    prompts.recover_answer = "recover"
    w2 = make_window()
    assert w2.offer_recovery()
    assert w2.doc.game.to_json() == expected
    assert w2.doc.is_modified and w2.doc.path is None
    assert w2.doc.orders("England") == ("F lon - eng",)
    # the old autosave is gone; the new session keeps its own
    assert not w.session.file.exists()
    assert w2.session.file.exists()
    w.session.file.unlink(missing_ok=True)


def test_saved_game_leaves_no_autosave(window, prompts, game_file):
    w = window
    click(w, "vie")
    click(w, "gal")
    w.autosave()
    assert w.session.file.exists()
    prompts.next_path = str(game_file)
    assert w.save()
    w.autosave()
    assert not w.session.file.exists()
    w.close()
    assert list(autosave_dir().glob("*.json")) == []


def test_discarded_recovery(make_window, prompts):
    w = make_window()
    click(w, "vie")
    click(w, "gal")
    w.autosave()
    w.session.lock.unlock()
    prompts.recover_answer = "discard"
    w2 = make_window()
    assert not w2.offer_recovery()
    assert find_orphans() == []
    assert not w2.doc.is_modified


def test_export_png_svg_pdf_and_print(window, tmp_path):
    pytest.importorskip("diplodesk.render.export")
    w = window
    click(w, "vie")
    click(w, "gal")
    for suffix in (".png", ".svg", ".pdf"):
        out = tmp_path / f"board{suffix}"
        assert w.export_to(out, width=600), w.prompts.errors
        assert out.stat().st_size > 1000
    from PySide6.QtPrintSupport import QPrinter

    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "print.pdf"))
    w.paint_page(printer)
    assert (tmp_path / "print.pdf").stat().st_size > 1000


def test_layout_is_restored(qtbot, tmp_path, prompts):
    from diplodesk.gui.main_window import MainWindow

    ini = str(tmp_path / "layout.ini")
    w = MainWindow(settings=QSettings(ini, QSettings.Format.IniFormat), prompts=prompts, restore_layout=True)
    qtbot.addWidget(w)
    w.show()
    w.results_dock.hide()
    w.resize(780, 580)  # within the offscreen screen (800 x 600); the column of docks needs 560
    assert w.close()
    w2 = MainWindow(settings=QSettings(ini, QSettings.Format.IniFormat), prompts=prompts, restore_layout=True)
    qtbot.addWidget(w2)
    w2.show()
    assert not w2.results_dock.isVisible()
    assert (w2.width(), w2.height()) == (780, 580)


def test_game_file_is_json_with_the_variant(window, prompts, game_file):
    prompts.next_path = str(game_file)
    assert window.save_as()
    data = json.loads(game_file.read_text())
    assert data["format"] == 2 and data["variant"]["id"] == "standard"


def test_a_game_an_earlier_engine_adjudicated_opens_and_says_where_results_differ(window, prompts, tmp_path):
    from diplodesk.variants import load_variant

    game = Game.new(load_variant("standard"))
    game.set_orders("England", ["F lon - nth"])
    game.process()
    data = game.to_json()
    del data["engine_revision"]  # saved before revisions were recorded
    next(o for o in data["history"][0]["result"]["orders"] if o["text"] == "F lon - nth")["status"] = "fails"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert window.open_file(path)
    title, text = prompts.infos[-1]
    assert "S1901M was adjudicated by engine revision 1" in text and "stands" in text
    assert window.doc.game.history[0].result["orders"] == data["history"][0]["result"]["orders"]
