"""Writing orders at the desk: the sheet's hint is the nation's own, a refused line says what
was meant, completion after ``bu D`` offers the nation's armouries (or says why there are
none), and the lines of a pasted e-mail that are no orders wait in the Not orders dock to be
fixed and put on a sheet."""

from __future__ import annotations

from gui_helpers import show_ready
from hyperboards import desk_game
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper.window import open_desk


def _desk(qtbot, prompts):
    return show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)


def test_the_sheet_s_hint_is_written_in_the_nation_s_own_provinces(qtbot, prompts):
    w = _desk(qtbot, prompts)
    hint = w.sheets["fra"].editor.placeholderText()
    assert "bu D Gaso" in hint and "1D Gaso ho" in hint and "Lyon" not in hint


def test_a_refused_line_says_what_was_meant(qtbot, prompts):
    w = _desk(qtbot, prompts)
    sheet = w.show_sheet("fra")
    sheet.editor.setPlainText("research A\nbu D Gasc")
    sheet.recheck()
    cur = sheet.editor.textCursor()
    cur.movePosition(cur.MoveOperation.Start)
    sheet.editor.setTextCursor(cur)
    assert "did you mean co (research)?" in sheet.why.text()
    cur.movePosition(cur.MoveOperation.Down)
    sheet.editor.setTextCursor(cur)
    assert "did you mean Gaso?" in sheet.why.text()


def test_completion_after_bu_d_offers_the_nation_s_armouries(qtbot, prompts):
    w = _desk(qtbot, prompts)
    editor = w.show_sheet("fra").editor
    editor.setPlainText("bu D ")
    cur = editor.textCursor()
    cur.movePosition(cur.MoveOperation.End)
    editor.setTextCursor(cur)
    editor.complete()  # one armoury: put in at once
    assert editor.toPlainText() == "bu D Gaso "


def test_completion_with_nowhere_to_build_a_d_says_why_on_the_sheet(qtbot, prompts):
    w = _desk(qtbot, prompts)
    sheet = w.show_sheet("spa")  # Spain has no armoury
    editor = sheet.editor
    editor.setFocus()
    QTest.keyClicks(editor, "bu D ")
    QTest.keyClick(editor, Qt.Key.Key_Space, Qt.KeyboardModifier.ControlModifier)
    assert not editor.completer.popup().isVisible() and editor.toPlainText() == "bu D "
    why = "Spain has no armoury: a D is built at an armoury of its own (III.2)"
    assert sheet.why.text().startswith(why)
    sheet.recheck()  # the line's own check, a moment later, leaves the answer in place
    assert sheet.why.text().startswith(why)
    QTest.keyClicks(editor, "G")  # typing on: the line's own message again
    sheet.recheck()
    assert not sheet.why.text().startswith(why)


def test_completion_that_has_nothing_to_offer_always_says_why():
    from diplodesk.document.hyper_words import Words

    words = Words(desk_game().current)
    assert words.why_none("fra", "bu D ") == ""  # France has an armoury: it is offered
    assert words.why_none("spa", "bu T ").startswith("Spain has no shipyard")
    assert words.why_none("fra", "bu D Gaso").startswith("Gaso is written in full")
    assert words.why_none("fra", "bu D Xy") == "nothing that may come here starts with 'Xy'"
    assert words.why_none("fra", "co A ") == "nothing to offer after this: the line may be complete"


def test_lines_that_are_no_orders_wait_to_be_fixed_and_put_on_a_sheet(qtbot, prompts):
    w = _desk(qtbot, prompts)
    orders = w.paste_orders("Dear GM,\nFrance\nco A\nplease buld 3 Trs for me\n-- \nAnne")
    assert orders == {"fra": ["co A"]}
    dock = w.pasted
    assert dock.isVisible() and "listed under Not orders" in w.statusBar().currentMessage()
    rows = dock.rows()
    texts = [t for t, _why, _n in rows]
    assert "please buld 3 Trs for me" in texts and "Dear GM," in texts
    row = texts.index("please buld 3 Trs for me")
    assert rows[row][2] == "fra"  # under France's heading
    dock.table.item(row, 1).setText("bu 3 Trs")  # fixed by the GM
    assert dock.put_lines([row]) == 1
    assert w.doc.orders("fra") == ("co A", "bu 3 Trs")
    assert "bu 3 Trs" not in [t for t, _w, _n in dock.rows()]
    w.act_undo.trigger()
    assert w.doc.orders("fra") == ("co A",)
