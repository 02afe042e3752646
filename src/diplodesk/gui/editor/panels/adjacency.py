"""What the last edit did to adjacency (pairs added and removed, per unit type), and the
switch for drawing adjacency lines.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QCheckBox, QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from ....document.map_document import MapChange
from ..items.style import ADDED_LINE, ARMY_LINE, FLEET_LINE, REMOVED_LINE

# -- adjacency ------------------------------------------------------------------------------


class AdjacencyPanel(QWidget):
    """What the last edit did to adjacency (pairs added and removed, for armies and fleets),
    and switches for drawing adjacency on the map."""

    def __init__(self, editor: Any):
        super().__init__()
        self.editor = editor
        self.doc = editor.doc
        lay = QVBoxLayout(self)
        self.show_lines = QCheckBox("Draw adjacency on the map")
        self.show_lines.toggled.connect(editor.set_show_adjacency)
        self.show_diff = QCheckBox("Draw the last change on the map")
        self.show_diff.setChecked(True)
        self.show_diff.toggled.connect(editor.scene.set_show_diff)
        lay.addWidget(self.show_lines)
        legend = QLabel(
            f"<span style='color:{ARMY_LINE.name()}'>━ armies</span> &nbsp; "
            f"<span style='color:{FLEET_LINE.name()}'>━ fleets</span> &nbsp; ┅ pinned &nbsp; "
            f"<span style='color:{ADDED_LINE.name()}'>━ added</span> &nbsp; "
            f"<span style='color:{REMOVED_LINE.name()}'>┅ removed</span>")
        lay.addWidget(legend)
        lay.addWidget(self.show_diff)
        self.title = QLabel("No edit yet")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        lay.addWidget(self.tree, 1)
        editor.link(self.doc.changed, self.show_change)
        self._index = self.doc.undo_stack.index()
        editor.link(self.doc.undo_stack.indexChanged, self._index_changed)

    def _index_changed(self, index: int) -> None:
        stack = self.doc.undo_stack
        if index > self._index:
            self.title.setText(f"Last edit: {stack.undoText()}")
        elif index < self._index:
            self.title.setText(f"Undone: {stack.redoText()}")
        self._index = index

    def show_change(self, change: MapChange) -> None:
        d = change.diff
        self.tree.clear()
        if d.empty:
            QTreeWidgetItem(self.tree, ["no change of adjacency"])
            return
        for label, pairs, colour in (("Armies: added", d.army_added, ADDED_LINE),
                                     ("Armies: removed", d.army_removed, REMOVED_LINE),
                                     ("Fleets: added", d.fleet_added, ADDED_LINE),
                                     ("Fleets: removed", d.fleet_removed, REMOVED_LINE)):
            if not pairs:
                continue
            top = QTreeWidgetItem(self.tree, [f"{label} ({len(pairs)})"])
            top.setForeground(0, QBrush(colour))
            for a, b in pairs:
                QTreeWidgetItem(top, [f"{a} – {b}"])
            top.setExpanded(True)
