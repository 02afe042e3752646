"""Fixtures for the GUI tests: a main window with stand-in prompts, and mouse/key helpers.

The tests drive the window only with mouse and key events sent to the map view's
viewport (at the map coordinates of province anchors, mapped through the view), the way
a GM would; the prompts that would open modal dialogs answer from a script instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6.QtWidgets")

from gui_helpers import show_ready  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from diplodesk.document.paste import split_orders  # noqa: E402


class FakePrompts:
    """Answers the window's questions from attributes; records what it was told."""

    def __init__(self):
        self.errors: list[tuple[str, str]] = []
        self.infos: list[tuple[str, str]] = []
        self.save_answer = "discard"
        self.recover_answer = "later"
        self.next_path: str | None = None
        self.new_game_choice = ("standard", ())
        self.phase_text: str | None = None
        self.paste_text = ""
        self.asked: list[str] = []
        self.assign_answer = None  # (deal, seed, preferences) the assignment dialog gives
        self.packs_asked: list = []
        self.confirms: list[tuple[str, str]] = []
        self.confirm_answer = True
        self.stop_asking_answer = False  # the "Don't ask again" box of a question that has one

    def error(self, title, text):
        self.errors.append((title, text))

    def info(self, title, text):
        self.infos.append((title, text))

    def ask_save_changes(self, title):
        self.asked.append("save")
        return self.save_answer

    def ask_recover(self, orphan):
        self.asked.append("recover")
        return self.recover_answer

    def confirm(self, title, text):
        self.confirms.append((title, text))
        return self.confirm_answer

    def confirm_or_stop_asking(self, title, text):
        self.confirms.append((title, text))
        return self.confirm_answer, self.stop_asking_answer

    def open_path(self, start=""):
        return self.next_path

    def save_path(self, suggested=""):
        return self.next_path

    def export_path(self, suggested=""):
        return self.next_path

    def new_game(self):
        return self.new_game_choice

    def phase(self, current):
        return self.phase_text

    def paste_orders(self, doc, power):
        orders, _ = split_orders(self.paste_text, doc.position, power)
        return orders

    def assign_powers(self, doc):
        self.asked.append("assign")
        return self.assign_answer

    def print_packs(self, doc, viewed=None):
        self.packs_asked.append((doc, viewed))


@pytest.fixture
def prompts():
    return FakePrompts()


@pytest.fixture
def make_window(qtbot, tmp_path, prompts):
    """Build main windows (each with its own settings file) that close after the test."""
    from diplodesk.gui.main_window import MainWindow

    def make(doc=None, **kw):
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        w = MainWindow(doc, settings=settings, prompts=kw.pop("prompts", prompts), restore_layout=False,
                       **kw)
        return show_ready(qtbot, w, 1400, 900)

    return make


@pytest.fixture
def window(make_window):
    return make_window()


@pytest.fixture
def game_file(tmp_path) -> Path:
    return tmp_path / "game.json"
