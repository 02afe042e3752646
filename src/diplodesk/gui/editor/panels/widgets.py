"""Small helpers the panels share: a text field refreshed without echoing an edit back,
a button that never steals Return, and a list typed as words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QLineEdit, QPushButton


def set_text(edit: QLineEdit, text: str) -> None:
    if edit.text() != text:
        with QSignalBlocker(edit):
            edit.setText(text)
            edit.setCursorPosition(0)


def make_button(text: str, slot: Callable[[], Any], tip: str = "") -> QPushButton:
    b = QPushButton(text)
    b.setAutoDefault(False)
    if tip:
        b.setToolTip(tip)
    b.clicked.connect(slot)
    return b


def split_words(text: str) -> list[str]:
    return [w for w in text.replace(",", " ").split() if w]
