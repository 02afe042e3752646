"""Mouse and key helpers for the GUI tests: events go to the map view's viewport at the
map coordinates of province anchors, mapped through the view."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest


def point(w, loc: str, kind: str = "unit"):
    return w.view.viewport_point(loc, kind)


def click(w, loc: str, kind: str = "unit", button=Qt.MouseButton.LeftButton,
          mods=Qt.KeyboardModifier.NoModifier) -> None:
    """Click the map at the anchor of ``loc`` (a unit's place, or a province)."""
    QTest.mouseClick(w.view.viewport(), button, mods, point(w, loc, kind))


def key(widget, k, mods=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(widget, k, mods)


def answer_menu(w, k) -> None:
    """Press a key in the menu the last click opened (a coast, a build, an edit)."""
    menu = w.controller.menu
    assert menu is not None and menu.isVisible(), "expected a menu to choose from"
    QTest.keyClick(menu, k)
