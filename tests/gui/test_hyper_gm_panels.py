"""The GM's panels on the desk: opened with it, and sharing its undo."""

from __future__ import annotations

from gui_helpers import show_ready
from hyperboards import desk_game
from PySide6.QtWidgets import QDockWidget, QTabBar

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper.window import open_desk


def test_a_desk_opens_with_the_four_gm_panels_sharing_its_undo_stack(qtbot, prompts):
    win = open_desk(HyperGameDocument(desk_game()), prompts, show=False)
    qtbot.addWidget(win)
    titles = {d.windowTitle() for d in win.findChildren(QDockWidget)}
    assert {"Decisions", "Dice", "Players", "Tables"} <= titles
    tables = win.gm_panels["Tables"]
    assert tables.panel is None  # built when first shown, not before the desk's first frame
    editor = tables.built().widget()
    assert type(editor).__name__ == "TableEditor"
    for panel in (*(p for t, p in win.gm_panels.items() if t != "Tables"), editor):
        assert panel.view.undo_stack is win.doc.undo_stack


def test_the_gm_goes_to_a_nation_s_sheet_by_typing_part_of_its_name(qtbot, prompts):
    win = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    picker = win.picker
    names = [picker.itemText(i) for i in range(picker.count())]
    assert names == sorted(names, key=str.casefold) and "Spain (spa)" in names
    completer = picker.completer()
    completer.setCompletionPrefix("pai")  # matched anywhere in the name
    assert completer.currentCompletion() == "Spain (spa)"
    with qtbot.waitSignal(picker.picked) as got:
        picker.activated.emit(names.index("Spain (spa)"))
    assert got.args == ["spa"]
    tabs = [t for t in win.findChildren(QTabBar) if "Spain" in [t.tabText(i) for i in range(t.count())]]
    assert tabs and tabs[0].tabText(tabs[0].currentIndex()) == "Spain"


def test_the_table_editor_is_built_when_its_tab_is_first_picked(qtbot, prompts):
    win = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    tables = win.gm_panels["Tables"]
    qtbot.wait(20)
    assert tables.panel is None
    dock = next(d for d in win.findChildren(QDockWidget) if d.windowTitle() == "Tables")
    dock.raise_()
    qtbot.waitUntil(lambda: tables.panel is not None)
