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
    assert picker.visible_givers() == sorted(win.doc.givers, key=lambda g: win.doc.name_of(g).casefold())
    picker.filter.setText("pai")  # matched anywhere in the name
    assert picker.visible_givers() == ["spa"]
    with qtbot.waitSignal(picker.picked) as got:
        picker.filter.returnPressed.emit()
    assert got.args == ["spa"]
    assert win.orders.stack.currentWidget() is win.sheets["spa"] and "Spain" in win.orders.windowTitle()
    assert not [t for t in win.findChildren(QTabBar) if "Spain" in [t.tabText(i) for i in range(t.count())]]


def test_the_table_editor_is_built_when_its_tab_is_first_picked(qtbot, prompts):
    win = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    tables = win.gm_panels["Tables"]
    qtbot.wait(20)
    assert tables.panel is None
    dock = next(d for d in win.findChildren(QDockWidget) if d.windowTitle() == "Tables")
    dock.raise_()
    qtbot.waitUntil(lambda: tables.panel is not None)


def test_send_results_from_the_desk_prepares_each_player_s_papers(qtbot, prompts, monkeypatch):
    from diplodesk.gui import mail_out_dialog

    game = desk_game()
    game.players = [{"name": "Anne", "email": "anne@example.org", "powers": ["fra"]},
                    {"name": "Ben", "email": "ben@example.org", "powers": ["spa"]}]
    win = open_desk(HyperGameDocument(game), prompts, show=False)
    qtbot.addWidget(win)
    win.paste_orders("France\nco A\n")
    assert win.adjudicate()
    shown = []

    def exec_(dialog):
        dialog.pdf.setChecked(False)
        dialog.prepare()
        shown.append([(m.subject, m.body) for m in dialog.batch.messages])
        return 0

    monkeypatch.setattr(mail_out_dialog.SendResultsDialog, "exec", exec_)
    next(a for a in win.actions() if a.objectName() == "act-mail-out").trigger()
    [messages] = shown
    assert len(messages) == 2  # Anne's and Ben's, each with the gazette
    anne = next(body for subject, body in messages if "p01" in subject)
    assert "The Hypereconomic gazette — Winter 1914" in anne
    assert "France" in anne and "Spain (Spai) —" not in anne
