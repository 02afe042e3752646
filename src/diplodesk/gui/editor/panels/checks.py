"""The checks' findings, errors first; a click zooms to the place.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QStyle, QVBoxLayout, QWidget

from ....document.map_checks import ERROR, Problem

# -- checks -----------------------------------------------------------------------------------


class ChecksPanel(QWidget):
    """The problems of the map, errors first; clicking one zooms to it."""

    def __init__(self, editor: Any):
        super().__init__()
        self.editor = editor
        lay = QVBoxLayout(self)
        self.summary = QLabel("Checking…")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        lay.addWidget(self.list, 1)
        self.problems: list[Problem] = []

    def show_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        errors = sum(1 for p in problems if p.level == ERROR)
        warnings = len(problems) - errors
        if errors:
            self.summary.setText(f"<b style='color:#b00020'>Not playable: {errors} error{'s' * (errors != 1)}</b>"
                                 + (f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""))
        elif warnings:
            self.summary.setText(f"<b style='color:#1e7e34'>Playable</b>, {warnings} warning{'s' * (warnings != 1)}")
        else:
            self.summary.setText("<b style='color:#1e7e34'>Playable</b>: no problems found")
        style = self.style()
        err = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical)
        warn = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self.list.clear()
        for p in problems:
            item = QListWidgetItem(err if p.level == ERROR else warn, p.message)
            item.setToolTip(f"{p.code}: {p.message}" + (f"\n{', '.join(p.ids)}" if p.ids else ""))
            self.list.addItem(item)

    def _clicked(self, item: QListWidgetItem) -> None:
        row = self.list.row(item)
        if 0 <= row < len(self.problems):
            self.editor.zoom_to_problem(self.problems[row])
