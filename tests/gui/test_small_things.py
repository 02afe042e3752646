"""The small things a GM meets in an evening: dialogs that fit their contents, a toolbar
that shows ten powers, choice units set up with undo, a side-by-side inspector that stays
docked, and a map editor that never silently replaces a built-in board."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("variant", ["loeb9", "colonial", "woolworth2a", "standard"])
def test_the_new_game_rules_box_shows_every_checkbox_whole(qtbot, variant):
    from diplodesk.gui.dialogs import NewGameDialog

    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    d.select("standard")
    d.select(variant)  # switched to, as a GM does: the box must grow
    qtbot.wait(10)
    boxes = [*d.fixed, *d.optional.values()]
    assert len(d.fixed) >= (0 if variant == "standard" else 2)
    inside = d.rules_box.contentsRect()
    for b in boxes:
        assert b.height() >= b.sizeHint().height(), f"{b.objectName()} squeezed to {b.height()} px"
        assert inside.contains(b.geometry()), f"{b.objectName()} outside its box"
