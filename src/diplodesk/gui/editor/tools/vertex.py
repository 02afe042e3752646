"""Editing the points of shapes: drag a vertex (a shared border moves as one), add one on
an edge, delete one.
"""

from __future__ import annotations

import math
from typing import Any

import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from shapely.geometry import Point

from ....document import map_commands as mc
from .base import GRAB, Tool, is_left

# -- vertices ------------------------------------------------------------------------------


class VertexTool(Tool):
    name, label, shortcut = "vertices", "Edit points", "E"
    hint = ("Drag a point of the selected province (its neighbours move with it); double-click an edge "
            "to add a point; click a point and press Delete to remove it.")
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, editor: Any):
        super().__init__(editor)
        self.drag_from: tuple[float, float] | None = None
        self.press_at: QPointF | None = None
        self.moved = False

    @property
    def pid(self) -> str | None:
        sel = self.editor.selection
        return sel[0] if len(sel) == 1 else None

    def reset(self) -> None:
        self.drag_from = None
        self.press_at = None
        self.moved = False
        self.scene.vertices.set_drag(None)

    def snap_for(self, p: tuple[float, float]) -> float:
        """Grab only this point (and the same point of the neighbours), not others close by."""
        spacing = self.scene.vertices.spacing(p)
        return max(min(self.doc.snap, spacing * 0.45), 1e-6)

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if not is_left(event):
            return
        hit = self.scene.vertices.nearest(pos.x(), pos.y()) if self.pid else None
        if hit is not None and hit[1] <= self.px(GRAB):
            self.drag_from = hit[0]
            self.press_at = pos
            self.moved = False
            return
        pid = self.scene.province_at(pos)
        if pid is not None and pid != self.pid and not self._near_edge(pos):
            self.editor.select([pid])

    def _near_edge(self, pos: QPointF) -> bool:
        pid = self.pid
        if pid is None:
            return False
        return shapely.distance(shapely.boundary(self.doc.shape(pid)), Point(pos.x(), pos.y())) <= self.px(GRAB)

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.drag_from is None or self.press_at is None:
            return
        if not self.moved and math.hypot(pos.x() - self.press_at.x(), pos.y() - self.press_at.y()) < self.px(2):
            return
        self.moved = True
        self.scene.vertices.set_drag((self.drag_from, (pos.x(), pos.y())))

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.drag_from is None or not is_left(event):
            return
        old, pid = self.drag_from, self.pid
        moved = self.moved or (self.press_at is not None and math.hypot(
            pos.x() - self.press_at.x(), pos.y() - self.press_at.y()) >= self.px(2))
        self.reset()
        if not moved:
            self.scene.vertices.active = old
            self.scene.vertices.update()
            self.editor.status(f"Point ({old[0]:g}, {old[1]:g}) of {pid}: Delete removes it")
            return
        new = (pos.x(), pos.y())
        snap = self.snap_for(old)
        if self.editor.push(lambda: mc.MoveVertexCommand(self.doc, old, new, pid, True, snap=snap)):
            g = self.doc.grid
            self.scene.vertices.active = (round(new[0] / g) * g, round(new[1] / g) * g)

    def double_click(self, pos: QPointF, event: QMouseEvent) -> None:
        pid = self.pid
        if pid is None:
            pid = self.scene.province_at(pos)
            if pid is not None:
                self.editor.select([pid])
            return
        hit = self.scene.vertices.nearest(pos.x(), pos.y())
        if hit is not None and hit[1] <= self.px(GRAB):
            return  # on a point already
        bnd = shapely.boundary(self.doc.shape(pid))
        p = Point(pos.x(), pos.y())
        if shapely.distance(bnd, p) > self.px(GRAB):
            return
        on = bnd.interpolate(bnd.project(p))
        at = (on.x, on.y)
        if self.editor.push(lambda: mc.AddVertexCommand(self.doc, at, pid, True, snap=self.doc.grid * 3)):
            g = self.doc.grid
            self.scene.vertices.active = (round(at[0] / g) * g, round(at[1] / g) * g)
            self.scene.vertices.update()

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            active, pid = self.scene.vertices.active, self.pid
            if active is None or pid is None:
                self.editor.fail("Click a point of the selected province first, then press Delete")
                return True
            snap = self.snap_for(active)
            if self.editor.push(lambda: mc.DeleteVertexCommand(self.doc, active, pid, True, snap=snap)):
                self.scene.vertices.active = None
            return True
        if event.key() == Qt.Key.Key_Escape:
            self.scene.vertices.active = None
            self.scene.vertices.update()
            return True
        return False
