"""The desk's smaller points: the New game dialog describes a Hypereconomic board in its own
terms and offers no Blind for it; the sheet list follows the sheet a map click brings up; the
sheet and its budget bar keep their room however the docks are pulled."""

from __future__ import annotations

import json

from gui_helpers import show_ready
from hyperboards import desk_game, install_mini
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper.window import open_desk


def test_the_new_game_dialog_describes_an_economy_board_and_offers_no_blind(qtbot):
    from diplodesk.gui.dialogs import NewGameDialog

    vid = install_mini()
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.select(vid)
    text = d.about.text()
    assert "4 players" in text and "centres" not in text and "GM desk" in text
    assert not d.optional["blind"].isEnabled() and not d.optional["blind"].isChecked()
    d.select("standard")
    assert d.optional["blind"].isEnabled() and "7 powers, 34 centres" in d.about.text()


def test_the_sheet_list_follows_the_sheet_a_map_click_brings_up(qtbot, prompts):
    w = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    w.show_sheet("ita")
    w.view.viewport().repaint()
    glyph = next(p for p in w.layers.plan if p.owner == "spa" and p.ref == "1D")
    w.click("nava", glyph)
    assert w.orders.current == "spa"
    item = w.picker.list.currentItem()
    assert item is not None and item.data(Qt.ItemDataRole.UserRole) == "spa"
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Escape)  # let go of the unit
    w.picker.filter.setText("ital")  # the list filtered to Italy, then a click on a Spanish unit
    w.click("nava", glyph)
    item = w.picker.list.currentItem()
    assert item is not None and item.data(Qt.ItemDataRole.UserRole) == "spa" and w.picker.filter.text() == ""


def test_the_sheet_and_its_budget_keep_their_room_when_the_docks_are_pulled(qtbot, prompts):
    w = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    w.resizeDocks([w.inspector], [700], Qt.Orientation.Vertical)  # the inspector pulled up
    w.resizeDocks([w.ledger], [600], Qt.Orientation.Vertical)
    sheet = w.sheets[w.orders.current]
    assert sheet.editor.height() >= sheet.editor.fontMetrics().lineSpacing() * 5
    bars = sheet.budget.bars
    assert bars.height() >= 4 * (bars.fontMetrics().height() + 2)  # a row a factor, none over another


def test_a_desk_closed_without_changes_opens_again_as_it_was_left_and_asked_nothing(qtbot, prompts, tmp_path):
    path = tmp_path / "hyper.json"
    desk_game().save(path)
    saved = path.read_bytes()
    w = show_ready(qtbot, open_desk(HyperGameDocument.open(path), prompts, show=False), 1440, 920)
    w.inspector.hide()  # the GM rearranges the desk, and changes nothing of the game
    w.show_sheet("spa")
    assert not w.doc.is_modified and w.close()
    assert prompts.asked == [] and path.read_bytes() == saved  # no "save changes?", the file as it was
    again = show_ready(qtbot, open_desk(HyperGameDocument.open(path), prompts, show=False), 1440, 920)
    assert again.inspector.isHidden() and again.orders.current == "spa"
    assert not again.doc.is_modified


def test_the_app_keeps_the_layouts_of_the_last_fifty_game_files_only(tmp_path):
    """Each game file's layout is kept in the app's settings as its desk closes; a GM who
    opens hundreds of games does not carry every one: those closed longest ago go."""
    from types import SimpleNamespace

    from PySide6.QtCore import QByteArray, QSettings

    from diplodesk.gui.hyper import desk_layout

    app = QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)

    def closed(i: int) -> None:
        doc = SimpleNamespace(path=tmp_path / f"game{i}.json", game=SimpleNamespace(settings={}))
        win = SimpleNamespace(doc=doc, region="", orders=SimpleNamespace(current=""),
                              saveState=lambda: QByteArray(b"state"))
        desk_layout.keep(win, app)

    for i in range(desk_layout.MAX_LAYOUTS + 5):
        closed(i)
    app.beginGroup(desk_layout.LAYOUTS)
    kept = {json.loads(app.value(k))["path"] for k in app.childKeys()}
    app.endGroup()
    assert len(kept) == desk_layout.MAX_LAYOUTS
    assert str((tmp_path / "game0.json").resolve()) not in kept
    assert str((tmp_path / f"game{desk_layout.MAX_LAYOUTS + 4}.json").resolve()) in kept
