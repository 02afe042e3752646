"""The editor's tools: each gesture on the map is an object that reads the mouse and keys
(in map coordinates) and pushes commands; none writes to the document itself.

A tool talks to the editor window through a small surface: ``doc``, ``scene``, ``view``,
``prompts``, ``push(make)`` (builds a command, shows its :class:`MapEditError` as a message
instead of raising, pushes it), ``select``, ``selection``, ``status`` and ``fail``.
"""

from __future__ import annotations

import math
from typing import Any

import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from shapely.geometry import LineString, Point
from shapely.ops import split as shapely_split

from ...document import map_commands as mc
from ...document.map_document import line_side
from ...document.map_io import polygons_of
from .commands import AddCanalCommand, AddLandBridgeCommand
from .items.style import FLEET_LINE, SELECTED_BORDER, SPECIAL_COLOURS, safe_anchor

GRAB = 7.0  # how near (in pixels) a click must be to grab a vertex, an edge, an anchor or a line
CLOSE = 4.0  # a click this near the last point adds no new one


def _left(event: QMouseEvent) -> bool:
    return event.button() == Qt.MouseButton.LeftButton


class Tool:
    """A gesture on the map. Subclasses override what they need."""

    name = "tool"
    label = "Tool"
    shortcut = ""
    hint = ""
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, editor: Any):
        self.editor = editor

    @property
    def doc(self) -> Any:
        return self.editor.doc

    @property
    def scene(self) -> Any:
        return self.editor.scene

    @property
    def view(self) -> Any:
        return self.editor.view

    def px(self, n: float) -> float:
        return self.view.pixels(n)

    def activate(self) -> None:
        self.view.viewport().setCursor(self.cursor)
        self.editor.status(self.hint)

    def deactivate(self) -> None:
        self.reset()

    def reset(self) -> None:
        pass

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        pass

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        pass

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        pass

    def double_click(self, pos: QPointF, event: QMouseEvent) -> None:
        pass

    def key(self, event: QKeyEvent) -> bool:
        return False


# -- selecting ---------------------------------------------------------------------------


class SelectTool(Tool):
    name, label, shortcut = "select", "Select", "V"
    hint = ("Click a province to select it (Ctrl+click adds), a special line to select it, a background "
            "island to make it a province; Delete deletes what is selected.")

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if not _left(event):
            return
        ed = self.editor
        add = bool(event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier))
        special = self.scene.special_at(pos, self.px(GRAB))
        pid = self.scene.province_at(pos)
        if special is not None and not add:
            ed.select_special(special)
            return
        if pid is not None:
            if add:
                sel = list(ed.selection)
                if pid in sel:
                    sel.remove(pid)
                else:
                    sel.append(pid)
                ed.select(sel)
            else:
                ed.select([pid])
            return
        deco = self.scene.decoration_at(pos)
        if deco is not None and self.doc.decorations[deco].geometry.area < self.doc.span ** 2 * 0.25:
            ed.select_decoration(deco)
            return
        ed.select([])

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.editor.delete_selected()
            return True
        if event.key() == Qt.Key.Key_Escape:
            self.editor.select([])
            return True
        return False


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
        if not _left(event):
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
        if self.drag_from is None or not _left(event):
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
        if _left(event):
            self._press = QPointF(pos)

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.points:
            self._show(pos)

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        if self._press is not None and _left(event):
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
        if self._target() is None and _left(event):
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
        if not _left(event):
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


# -- picking provinces ----------------------------------------------------------------------


class PickTool(Tool):
    """Click provinces one after another; ``count`` of them (or, with count None, as many
    as wanted until double-click or Enter) make the edit."""

    count: int | None = 2
    fleet = False  # pick coasts (a fleet's location) rather than provinces

    def __init__(self, editor: Any):
        super().__init__(editor)
        self.picks: list[str] = []

    def reset(self) -> None:
        self.picks = []
        self.scene.set_selection(self.editor.selection, ())
        self.scene.preview.clear()

    def location(self, pid: str, pos: QPointF) -> str:
        if not self.fleet or not self.doc.province(pid).coasts:
            return pid
        try:
            loc = self.doc.map_geometry().location_at(pos.x(), pos.y(), "F")
        except Exception:  # noqa: BLE001 - no geometry: the province will do
            loc = None
        return loc if loc and loc.split("/")[0] == pid else pid

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if not _left(event):
            return
        pid = self.scene.province_at(pos)
        if pid is None:
            self.editor.fail("Click a province")
            return
        loc = self.location(pid, pos)
        if self.picks and self.picks[-1] == loc:
            return
        self.picks.append(loc)
        self.scene.set_selection(self.editor.selection, [p.split("/")[0] for p in self.picks])
        self._show()
        if self.count is not None and len(self.picks) >= self.count:
            picks = list(self.picks)
            self.reset()
            self.done(picks)
        else:
            self.editor.status(self.progress())

    def _show(self) -> None:
        pts = []
        for loc in self.picks:
            at = safe_anchor(self.doc, "unit", loc)
            if at is not None:
                pts.append(QPointF(*at))
        self.scene.preview.set(pts, None, False, SPECIAL_COLOURS.get(self.special_kind(), SELECTED_BORDER))

    def special_kind(self) -> str:
        return ""

    def progress(self) -> str:
        return f"{' → '.join(self.picks)}: now click the next province"

    def double_click(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.count is None:
            self.finish()

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.reset()
            self.editor.status(self.hint)
            return True
        if self.count is None and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        return False

    def finish(self) -> None:
        picks = list(self.picks)
        self.reset()
        if len(picks) < 2:
            self.editor.fail("Click at least two provinces, in order")
            return
        self.done(picks)

    def done(self, picks: list[str]) -> None:
        raise NotImplementedError


class MergeTool(PickTool):
    name, label, shortcut = "merge", "Merge", "M"
    hint = "Click the province to keep, then the one to merge into it."

    def done(self, picks: list[str]) -> None:
        keep, other = picks
        if self.editor.push(lambda: mc.MergeProvincesCommand(self.doc, keep, other)):
            self.editor.select([keep])


class OverrideTool(PickTool):
    name, label, shortcut = "override", "Pin adjacency", "O"
    hint = ("Click two provinces to pin their adjacency for the unit type and state chosen in the tool "
            "options (add, remove, or unpin so the shapes decide again).")

    @property
    def fleet(self) -> bool:  # type: ignore[override]
        return self.editor.override_unit() == "F"

    def done(self, picks: list[str]) -> None:
        a, b = picks
        unit, state = self.editor.override_unit(), self.editor.override_state()
        if unit == "A":
            a, b = a.split("/")[0], b.split("/")[0]
        self.editor.push(lambda: mc.SetOverrideCommand(self.doc, unit, a, b, state))


class DifficultTool(PickTool):
    name, label, shortcut = "difficult", "Difficult border", "D"
    hint = "Click the two provinces on either side of a difficult border (Loeb9: armies only, weak)."

    def special_kind(self) -> str:
        return "difficult"

    def done(self, picks: list[str]) -> None:
        a, b = picks
        self.editor.push(lambda: mc.MarkDifficultBorderCommand(self.doc, a, b))


class SeasonalTool(PickTool):
    name, label, shortcut = "seasonal", "Seasonal closure", "W"
    hint = "Click a province that is closed in some seasons (Loeb9's icy Arctic), then pick the seasons."
    count = 1

    def special_kind(self) -> str:
        return "seasonal"

    def done(self, picks: list[str]) -> None:
        pid = picks[0]
        seasons = self.editor.prompts.seasons(list(self.doc.calendar.get("seasons", ("S", "F"))), ["F"])
        if seasons:
            self.editor.push(lambda: mc.AddSpecialCommand(self.doc, "seasonal", provinces=[pid],
                                                           seasons=list(seasons)), box=True)


class RailroadTool(PickTool):
    name, label, shortcut = "railroad", "Railroad", "R"
    hint = "Click the railroad's provinces in line order; double-click or Enter to finish, then name it."
    count = None

    def special_kind(self) -> str:
        return "railroad"

    def done(self, picks: list[str]) -> None:
        ans = self.editor.prompts.railroad(self.doc, None)
        if not ans:
            return
        fields: dict[str, Any] = {"provinces": list(picks), "powers": list(ans.get("powers") or [])}
        for k in ("name", "code"):
            if ans.get(k):
                fields[k] = ans[k]
        self.editor.push(lambda: mc.AddSpecialCommand(self.doc, "railroad", **fields), box=True)


class CanalTool(PickTool):
    name, label, shortcut = "canal", "Canal", "L"
    hint = "Click the canal province (Kiel, Suez), then the two seas it joins."
    count = 3

    def special_kind(self) -> str:
        return "canal"

    def progress(self) -> str:
        return f"Canal {self.picks[0]}: now click {'the first' if len(self.picks) == 1 else 'the second'} sea"

    def done(self, picks: list[str]) -> None:
        pid, s1, s2 = picks
        self.editor.push(lambda: AddCanalCommand(self.doc, pid, (s1, s2)))


class LandBridgeTool(PickTool):
    name, label, shortcut = "land_bridge", "Land bridge", "B"
    hint = "Click the two provinces a land bridge joins across the water, then pick the unit types."

    def special_kind(self) -> str:
        return "land_bridge"

    def done(self, picks: list[str]) -> None:
        a, b = (p.split("/")[0] for p in picks)
        units = self.editor.prompts.land_bridge_units(["A", "F"])
        if units:
            self.editor.push(lambda: AddLandBridgeCommand(self.doc, a, b, units), box=True)


TOOLS = (SelectTool, VertexTool, DrawProvinceTool, SplitTool, MergeTool, CoastSideTool, AnchorTool,
         OverrideTool, DifficultTool, SeasonalTool, RailroadTool, CanalTool, LandBridgeTool)
