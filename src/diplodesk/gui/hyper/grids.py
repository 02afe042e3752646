"""The tables the desk's docks and panels show: one way of making them, so they read alike."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget


def grid(columns: Sequence[str], stretch: int | None = None, editable: bool = False,
         name: str = "") -> QTableWidget:
    """A table of ``columns``, no row numbers; column ``stretch`` takes the spare width (None:
    the last one); read only unless ``editable``."""
    t = QTableWidget(0, len(columns))
    if name:
        t.setObjectName(name)
    t.setHorizontalHeaderLabels(list(columns))
    t.verticalHeader().setVisible(False)
    if stretch is None:
        t.horizontalHeader().setStretchLastSection(True)
    else:
        t.horizontalHeader().setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    if not editable:
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    return t
