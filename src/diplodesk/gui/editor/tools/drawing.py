"""Gestures that draw: a new province, a line to split one along, a coast's side.
"""

from __future__ import annotations

import math
from typing import Any

import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from shapely.geometry import LineString
from shapely.ops import split as shapely_split

from ....document import map_commands as mc
from ....document.map_document import line_side
from ....document.map_io import polygons_of
from ..items.style import FLEET_LINE, SELECTED_BORDER
from .base import CLOSE, Tool, is_left

# -- drawing lines and shapes ----------------------------------------------------------------


class DrawTool(Tool):
    """Click points; double-click or Enter finishes, Backspace takes the last point back,
    Escape starts again."""

    closed = False
    min_points = 2
    colour = SELECTED_BORDER
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, editor: Any):
        super().__init__(editor)
        self.points: list[QPointF] = []
        self._press: QPointF | None = None

    def reset(self) -> None:
        self.points = []
        self._press = None
        self.scene.preview.clear()

    def _show(self, cursor: QPointF | None) -> None:
        self.scene.preview.set(self.points, cursor, self.closed, self.colour)

    def _add(self, pos: QPointF) -> None:
        if self.points and math.hypot(pos.x() - self.points[-1].x(), pos.y() - self.points[-1].y()) < self.px(CLOSE):
            return
        self.points.append(QPointF(pos))
        self._show(None)

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if is_left(event):
            self._press = QPointF(pos)

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.points:
            self._show(pos)

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        if self._press is not None and is_left(event):
            self._press = None
            self._add(pos)

    def double_click(self, pos: QPointF, event: QMouseEvent) -> None:
        self._add(pos)
        self.finish()

    def key(self, event: QKeyEvent) -> bool:
        k = event.key()
        if k in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        if k == Qt.Key.Key_Escape:
            self.reset()
            return True
        if k == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._show(None)
            return True
        return False

    def finish(self) -> None:
        pts = [(p.x(), p.y()) for p in self.points]
        if len(pts) < self.min_points:
            self.editor.fail(f"Draw at least {self.min_points} points first")
            return
        self.reset()
        self.done(pts)

    def done(self, points: list[tuple[float, float]]) -> None:
        raise NotImplementedError


class DrawProvinceTool(DrawTool):
    name, label, shortcut = "draw", "Draw province", "N"
    hint = "Click the corners of a new province; double-click or Enter to finish, then name it."
    closed = True
    min_points = 3

    def done(self, points: list[tuple[float, float]]) -> None:
        ed = self.editor
        ans = ed.prompts.new_province(self.doc, {"kind": "land", "carve": True})
        if not ans:
            return
        if ed.push(lambda: mc.AddProvinceCommand(self.doc, ans["id"], points, ans.get("name") or None,
                                                 ans.get("kind", "land"), ans.get("carve", True)), box=True):
            ed.select([ans["id"]])


def split_target(doc: Any, line: LineString, selected: tuple[str, ...]) -> str | None:
    """The province a drawn line splits: the selected one if the line crosses it, else the
    one it runs through furthest."""
    ids = [p for p in doc.province_ids if not doc.shape(p).is_empty]
    if not ids:
        return None
    shapes = [doc.shape(p) for p in ids]
    crossing = shapely.intersects(line, shapely.boundary(shapes))
    for p in selected:
        if p in ids and crossing[ids.index(p)]:
            return p
    lengths = shapely.length(shapely.intersection(line, shapes))
    best = max((n, p) for n, p, c in zip(lengths.tolist(), ids, crossing.tolist(), strict=True) if c) if crossing.any() else None
    return best[1] if best and best[0] > 0 else None


def split_parts(doc: Any, pid: str, points: list[tuple[float, float]]) -> dict[str, Any]:
    """How a line would split a province: the area on each side and a point inside the
    larger piece of each, for the split dialog (the model does the split itself)."""
    (x0, y0), (x1, y1) = points[0], points[1]
    (xa, ya), (xb, yb) = points[-2], points[-1]
    d = doc.snap
    n0 = math.hypot(x1 - x0, y1 - y0) or 1.0
    n1 = math.hypot(xb - xa, yb - ya) or 1.0
    ext = [(x0 - (x1 - x0) / n0 * d, y0 - (y1 - y0) / n0 * d), *points,
           (xb + (xb - xa) / n1 * d, yb + (yb - ya) / n1 * d)]
    cut = LineString(ext)
    sides: dict[str, list[Any]] = {"left": [], "right": []}
    for part in polygons_of(doc.shape(pid)):
        if not part.intersects(cut):
            continue
        try:
            pieces = polygons_of(shapely_split(part, cut))
        except (ValueError, shapely.errors.GEOSException):
            continue
        if len(pieces) < 2:
            continue
        for s in pieces:
            rp = s.representative_point()
            sides[line_side(cut, rp.x, rp.y)].append(s)
    out: dict[str, Any] = {}
    for side, pieces in sides.items():
        if pieces:
            big = max(pieces, key=lambda s: s.area)
            rp = big.representative_point()
            out[side] = {"area": sum(s.area for s in pieces), "at": (rp.x, rp.y)}
    return out


class SplitTool(DrawTool):
    name, label, shortcut = "split", "Split", "K"
    hint = ("Draw a line across a province (click points; double-click or Enter to finish), then name "
            "the new part.")

    def done(self, points: list[tuple[float, float]]) -> None:
        ed = self.editor
        line = LineString(points)
        pid = split_target(self.doc, line, ed.selection)
        if pid is None:
            ed.fail("The line crosses no province: draw it across the one to split")
            return
        parts = split_parts(self.doc, pid, points)
        if len(parts) < 2:
            ed.fail(f"The line does not cut {pid} in two: draw it right across the province")
            return
        smaller = min(parts, key=lambda s: parts[s]["area"])
        larger = "right" if smaller == "left" else "left"
        ans = ed.prompts.split_province(self.doc, pid, {"smaller": parts[smaller], "larger": parts[larger]})
        if not ans:
            return
        which = parts[larger] if ans.get("part") == "larger" else parts[smaller]
        new_id = ans["id"]
        if ed.push(lambda: mc.SplitProvinceCommand(self.doc, pid, points, new_id, ans.get("name") or None,
                                                   new_at=which["at"], new_kind=ans.get("kind") or None), box=True):
            ed.select([new_id])


class CoastSideTool(DrawTool):
    name, label, shortcut = "coast", "Draw coast side", "C"
    hint = ("Select a province with separate coasts, then draw the side of one coast (click corners; "
            "double-click or Enter to finish); the other coast gets the rest.")
    closed = True
    min_points = 3
    colour = FLEET_LINE

    def activate(self) -> None:
        super().activate()
        sel = self.editor.selection
        if len(sel) != 1 or not self.doc.province(sel[0]).coasts:
            self.editor.status("Select a province with separate coasts first (Properties › Coasts gives it "
                               "coasts), then draw one coast's side.")

    def _target(self) -> str | None:
        sel = self.editor.selection
        return sel[0] if len(sel) == 1 and self.doc.province(sel[0]).coasts else None

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        # with no province with coasts selected, a click picks one; then clicks draw
        if self._target() is None and is_left(event):
            pid = self.scene.province_at(pos)
            self.editor.select([pid] if pid else [])
            if pid is not None and not self.doc.province(pid).coasts:
                self.editor.fail(f"{pid} has no separate coasts: give it coasts in Properties first")
            elif pid is not None:
                self.editor.status(f"Now draw the side of one coast of {pid}")
            self._press = None
            return
        super().press(pos, event)

    def done(self, points: list[tuple[float, float]]) -> None:
        ed = self.editor
        sel = ed.selection
        if len(sel) != 1:
            ed.fail("Select the province whose coast side you are drawing")
            return
        pid = sel[0]
        coasts = self.doc.province(pid).coasts
        if not coasts:
            ed.fail(f"{pid} has no separate coasts: give it coasts in Properties first")
            return
        coast = ed.prompts.choose("Coast side", f"This is the side of which coast of {pid}?", list(coasts))
        if coast:
            ed.push(lambda: mc.DrawCoastCommand(self.doc, f"{pid}/{coast}", points), box=True)
