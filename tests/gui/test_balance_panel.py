"""The map editor's Balance dock: the report of the board being drawn, saved or not, as
tables and a picture, worked out again after each edit; more tabs can be docked beside it."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6.QtWidgets")

from gui_helpers import EditorPrompts, show_ready  # noqa: E402
from PySide6.QtWidgets import QLabel  # noqa: E402

from diplodesk.document import map_commands as mc  # noqa: E402
from diplodesk.document.map_document import MapDocument  # noqa: E402
from diplodesk.gui.editor import MapEditorWindow  # noqa: E402
from diplodesk.paths import user_variants_dir  # noqa: E402
from diplodesk.variants import map_path  # noqa: E402

pytestmark = pytest.mark.skipif(map_path("standard") is None, reason="no standard map")


@pytest.fixture
def editor(qtbot, tmp_path):
    w = MapEditorWindow(MapDocument.open("standard"), prompts=EditorPrompts(), autosave_root=tmp_path / "autosave")
    show_ready(qtbot, w, 1400, 900)
    w.balance_dock.raise_()
    panel = w.balance_dock.report_panel
    qtbot.waitUntil(lambda: panel.report is not None, timeout=5000)
    return w


def column(table, c: int) -> list[str]:
    return [table.item(r, c).text() for r in range(table.rowCount())]


def row_of(table, first: str) -> list[str]:
    r = column(table, 0).index(first)
    return [table.item(r, c).text() for c in range(table.columnCount())]


def test_the_dock_shows_the_report_as_tables_and_a_picture(editor):
    dock = editor.balance_dock
    assert dock.tabs.tabText(0) == "Report"
    panel = dock.report_panel
    assert column(panel.powers, 0) == ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    assert row_of(panel.centres, "bel")[1:3] == ["England, France, Germany", "2"]
    assert row_of(panel.centres, "hol")[1:3] == ["Germany", "1"]
    assert panel.picture.image is not None and panel.picture.image.width() >= 1200
    assert "12 neutral centres" in panel.summary.text()
    assert panel.exposure.rowCount() == 22 and panel.distances.columnCount() == 8


def test_another_tab_is_docked_beside_the_report(editor):
    dock = editor.balance_dock
    index = dock.add_tab(QLabel("more"), "More")
    assert index == 2 and dock.tabs.count() == 3 and dock.tabs.tabText(2) == "More"


def test_a_variant_just_made_in_the_editor_is_weighed_without_saving_it(editor, qtbot):
    """Split Spain, make the new half a centre: the report follows, and no file is written."""
    doc, panel = editor.doc, editor.balance_dock.report_panel
    seen = []
    panel.variant_changed.connect(seen.append)
    spain = doc.shape("spa")
    x0, y0, x1, y1 = spain.bounds
    c = spain.centroid
    assert editor.push(lambda: mc.SplitProvinceCommand(doc, "spa", [(c.x, y0 - 5), (c.x, y1 + 5)], "ara", "Aragon"))
    assert editor.push(lambda: mc.SetProvinceCommand(doc, "ara", center=True))
    qtbot.waitUntil(lambda: "ara" in column(panel.centres, 0), timeout=5000)
    assert "13 neutral centres" in panel.summary.text()
    assert seen and "ara" in seen[-1].board.centers
    assert doc.modified and not (user_variants_dir() / "standard").exists()
    panel.centres.cellClicked.emit(column(panel.centres, 0).index("ara"), 0)
    assert editor.selection == ("ara",)


def test_a_board_with_errors_says_why_it_has_no_report(editor, qtbot):
    doc, panel = editor.doc, editor.balance_dock.report_panel
    assert editor.push(lambda: mc.SetProvinceCommand(doc, "lon", center=False))
    qtbot.waitUntil(lambda: panel.report is None, timeout=5000)
    assert "Fix the board's errors first" in panel.summary.text() and "lon" in panel.summary.text()
    assert panel.powers.rowCount() == 0 and panel.picture.image is None
    doc.undo_stack.undo()
    qtbot.waitUntil(lambda: panel.report is not None, timeout=5000)


def test_a_hidden_report_is_worked_out_when_shown_again(editor, qtbot):
    doc, panel = editor.doc, editor.balance_dock.report_panel
    editor.checks_dock.raise_()
    qtbot.waitUntil(lambda: not panel.in_view, timeout=2000)
    before = panel.report
    assert editor.push(lambda: mc.SetProvinceCommand(doc, "bel", center=False))
    qtbot.wait(600)
    assert panel.report is before and panel.stale  # nothing weighed while nobody looks
    editor.balance_dock.raise_()
    qtbot.waitUntil(lambda: panel.report is not before, timeout=5000)
    assert "bel" not in column(panel.centres, 0)


def test_the_playtest_tab_plays_the_board_as_it_stands(editor, qtbot):
    """The Balance dock's second tab runs bot games of the board on screen, saved or not: it
    asks the editor's document for its variant when Run is pressed (the panel's own tests,
    test_playtest_panel.py, play Spain split)."""
    dock = editor.balance_dock
    titles = [dock.tabs.tabText(i) for i in range(dock.tabs.count())]
    assert titles[:2] == ["Report", "Playtest"]
    panel = editor.playtest_panel
    assert panel.variant_getter().board.provinces.keys() == editor.doc.variant().board.provinces.keys()
