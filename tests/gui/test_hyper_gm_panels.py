"""The GM's panels on the desk: opened with it, and sharing its undo."""

from __future__ import annotations

from hyperboards import desk_game
from PySide6.QtWidgets import QDockWidget

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper.window import open_desk


def test_a_desk_opens_with_the_four_gm_panels_sharing_its_undo_stack(qtbot, prompts):
    win = open_desk(HyperGameDocument(desk_game()), prompts, show=False)
    qtbot.addWidget(win)
    titles = {d.windowTitle() for d in win.findChildren(QDockWidget)}
    assert {"Decisions", "Dice", "Players", "Tables"} <= titles
    for panel in win.gm_panels.values():
        assert panel.view.undo_stack is win.doc.undo_stack
