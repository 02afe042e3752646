"""Helpers for the GUI tests: mouse and key events go to the map view's viewport at the
map coordinates of province anchors, mapped through the view; windows are shown ready for
keys; the map editor's questions are answered from attributes."""

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


def show_ready(qtbot, w, width: int, height: int):
    """Show a window at a fixed size, active (window shortcuts need it), its map fitted."""
    qtbot.addWidget(w)
    w.resize(width, height)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=2000)
    w.view.fit()
    return w


class EditorPrompts:
    """Answers the map editor's questions from attributes; records what it was asked."""

    def __init__(self):
        self.errors: list[tuple[str, str]] = []
        self.asked: list[str] = []
        self.save_answer = "discard"
        self.recover_answer = "later"
        self.new_province_answer = None
        self.split_answer = None
        self.identity: tuple[str, str] | None = None
        self.choice = None

    def error(self, title, text):
        self.errors.append((title, text))

    def info(self, title, text):
        pass

    def confirm(self, title, text):
        return True

    def ask_save_changes(self, title):
        self.asked.append("save")
        return self.save_answer

    def ask_recover(self, orphan):
        self.asked.append("recover")
        return self.recover_answer

    def new_province(self, doc, defaults):
        return self.new_province_answer

    def split_province(self, doc, pid, parts):
        self.asked.append(f"split {pid}")
        return self.split_answer

    def variant_identity(self, vid, name, builtin):
        return self.identity

    def choose(self, title, label, options, current=0):
        return self.choice

    def seasons(self, options, chosen):
        return chosen
