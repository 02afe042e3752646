"""Placing anchors by hand: where a unit, a dislodged unit, a label or a centre marker is
drawn.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from ....document import map_commands as mc
from .base import GRAB, Tool, is_left

# -- anchors ---------------------------------------------------------------------------------


class AnchorTool(Tool):
    name, label, shortcut = "anchors", "Move anchors", "A"
    hint = ("Drag where units (circles), labels (squares) and centre markers (diamonds) are drawn; "
            "hollow marks are worked out, solid ones placed. Delete puts a placed one back to automatic.")

    def __init__(self, editor: Any):
        super().__init__(editor)
        self.key_dragged: str | None = None
        self.active: str | None = None
        self.start: QPointF | None = None
        self.moved = False

    def activate(self) -> None:
        super().activate()
        self.scene.set_show_anchors(True)

    def deactivate(self) -> None:
        super().deactivate()
        self.scene.set_show_anchors(False)
        self.active = None

    def reset(self) -> None:
        self.key_dragged = None
        self.start = None
        self.moved = False

    def _activate_key(self, key: str | None) -> None:
        for k, item in self.scene.anchor_items.items():
            item.active = k == key
            item.update()
        self.active = key

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if not is_left(event):
            return
        key = self.scene.anchor_at(pos, self.px(GRAB + 2))
        if key is None:
            pid = self.scene.province_at(pos)
            self.editor.select([pid] if pid else [])
            self._activate_key(None)
            return
        self.key_dragged = key
        self.start = QPointF(self.scene.anchor_items[key].pos())
        self.moved = False
        self._activate_key(key)

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.key_dragged is None:
            return
        item = self.scene.anchor_items.get(self.key_dragged)
        if item is not None:
            item.setPos(pos)
            self.moved = True

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        key, start, moved = self.key_dragged, self.start, self.moved
        self.reset()
        if key is None:
            return
        if not moved or start is None or math.hypot(pos.x() - start.x(), pos.y() - start.y()) < self.px(1):
            self.editor.status(f"{key}: drag it to move it; Delete puts it back to automatic")
            return
        g = self.doc.grid
        at = (round(pos.x() / g) * g, round(pos.y() / g) * g)
        if not self.editor.push(lambda: mc.MoveAnchorCommand(self.doc, key, at)):
            item = self.scene.anchor_items.get(key)
            if item is not None:
                item.setPos(start)
        else:
            self._activate_key(key)

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            key = self.active
            if key is None:
                self.editor.fail("Click an anchor first")
            elif key not in self.doc.anchors:
                self.editor.fail(f"{key} is worked out already (not placed by hand)")
            else:
                self.editor.push(lambda: mc.RemoveAnchorCommand(self.doc, key))
            return True
        return False
