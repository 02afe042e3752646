"""Lines over the map: a special border or line (difficult, seasonal, railroad, canal,
land bridge), and the adjacency between province centres for armies and fleets.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import shapely
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem

from ....document.map_document import MapDocument
from ....engine.board import Special, province_of
from ....render.painter import geometry_path
from .style import (
    ADDED_LINE,
    ARMY_LINE,
    FLEET_LINE,
    INK,
    REMOVED_LINE,
    SPECIAL_COLOURS,
    Z_ADJACENCY,
    Z_SPECIAL,
    cosmetic,
    describe_special,
    pixel,
    safe_anchor,
)


class SpecialItem(QGraphicsItem):
    """A special border or line of the variant, drawn on the map: a difficult border along
    the shared border, a railroad through its provinces, a canal from sea to sea through its
    province, a land bridge across the water, a seasonal closure as ice over the province."""

    def __init__(self, index: int, special: Special, doc: MapDocument):
        super().__init__()
        self.index = index
        self.special = special
        self.kind = special.kind
        self.setZValue(Z_SPECIAL)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.selected = False
        self.line = QPainterPath()
        self.area = QPainterPath()
        self.badge: tuple[float, float] | None = None
        self.badge_text = ""
        self.unit = max(6.0, round(doc.span / 220))
        self._build(doc)
        self.setToolTip(describe_special(special))

    def _points(self, doc: MapDocument, locs: Iterable[str]) -> list[QPointF]:
        out = []
        for loc in locs:
            if doc.has_province(province_of(loc)):
                at = safe_anchor(doc, "unit", loc)
                if at is not None:
                    out.append(QPointF(*at))
        return out

    def _build(self, doc: MapDocument) -> None:
        d = self.special.to_json()
        between = [str(x) for x in d.get("between") or []]
        provs = [str(x) for x in d.get("provinces") or []]
        path = QPainterPath()
        if self.kind == "difficult" and len(between) == 2:
            border = doc.shared_border(*between) if all(doc.has_province(province_of(b)) for b in between) else None
            if border is not None and not border.is_empty and border.length > 0:
                for part in getattr(border, "geoms", [border]):
                    c = shapely.get_coordinates(part).tolist()
                    if len(c) >= 2:
                        path.moveTo(*c[0])
                        for x, y in c[1:]:
                            path.lineTo(x, y)
            else:
                pts = self._points(doc, between)
                if len(pts) == 2:
                    path.moveTo(pts[0])
                    path.lineTo(pts[1])
        elif self.kind == "railroad":
            pts = self._points(doc, provs)
            if pts:
                path.moveTo(pts[0])
                for q in pts[1:]:
                    path.lineTo(q)
        elif self.kind == "canal" and provs and len(between) == 2:
            pts = self._points(doc, [between[0], provs[0], between[1]])
            if len(pts) == 3:
                path.moveTo(pts[0])
                path.quadTo(pts[1], pts[2])
        elif self.kind == "land_bridge" and len(between) == 2:
            pts = self._points(doc, between)
            if len(pts) == 2:
                path.moveTo(pts[0])
                path.lineTo(pts[1])
        elif self.kind == "seasonal":
            for p in provs:
                if doc.has_province(province_of(p)):
                    self.area.addPath(geometry_path(doc.shape(province_of(p))))
            if provs:
                at = safe_anchor(doc, "label", province_of(provs[0])) if doc.has_province(province_of(provs[0])) else None
                if at is not None:
                    self.badge = (at[0], at[1] + self.unit * 1.6)
                self.badge_text = "closed " + "".join(d.get("seasons") or [])
        self.line = path

    def boundingRect(self) -> QRectF:
        m = self.unit * 3
        r = self.line.boundingRect().united(self.area.boundingRect())
        if self.badge is not None:
            r = r.united(QRectF(self.badge[0] - m * 2, self.badge[1] - m, 4 * m, 2 * m))
        return r.adjusted(-m, -m, m, m)

    def hit(self, p: QPointF, tolerance: float) -> bool:
        """Is the scene point on this special's line (or badge), within ``tolerance``?"""
        if not self.line.isEmpty():
            stroker = QPainterPathStroker()
            stroker.setWidth(2 * tolerance)
            if stroker.createStroke(self.line).contains(p):
                return True
        if self.badge is not None:
            return math.hypot(p.x() - self.badge[0], p.y() - self.badge[1]) <= max(tolerance, self.unit * 1.5)
        return False

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        colour = SPECIAL_COLOURS.get(self.kind, INK)
        wide = 1.8 if self.selected else 1.0
        if self.selected:
            glow = QColor(255, 210, 60, 170)
            if not self.line.isEmpty():
                painter.strokePath(self.line, cosmetic(glow, 11))
        if not self.area.isEmpty():
            ice = QBrush(QColor(colour.red(), colour.green(), colour.blue(), 110 if self.selected else 70),
                         Qt.BrushStyle.DiagCrossPattern)
            ice.setTransform(QTransform().scale(pixel(painter) * 2, pixel(painter) * 2))
            painter.fillPath(self.area, ice)
        if not self.line.isEmpty():
            if self.kind == "difficult":
                painter.strokePath(self.line, cosmetic(colour, 5 * wide, Qt.PenStyle.DashLine))
            elif self.kind == "railroad":
                ties = cosmetic(colour, 9 * wide)
                ties.setCapStyle(Qt.PenCapStyle.FlatCap)
                ties.setDashPattern([0.4, 1.6])
                painter.strokePath(self.line, ties)
                painter.strokePath(self.line, cosmetic(colour, 2 * wide))
            elif self.kind == "canal":
                painter.strokePath(self.line, cosmetic(colour, 4 * wide, Qt.PenStyle.DashDotLine))
            else:
                painter.strokePath(self.line, cosmetic(colour, 4 * wide, Qt.PenStyle.DashDotDotLine))
                for i in (0, self.line.elementCount() - 1):
                    e = self.line.elementAt(i)
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(QBrush(colour))
                    r = 4 * pixel(painter) * wide
                    painter.drawEllipse(QPointF(e.x, e.y), r, r)
        if self.badge is not None:
            font = QFont()
            font.setPixelSize(max(1, round(self.unit * 0.9)))
            font.setBold(True)
            painter.setFont(font)
            x, y = self.badge
            rect = QRectF(x - self.unit * 3, y - self.unit * 0.65, self.unit * 6, self.unit * 1.3)
            painter.setPen(cosmetic(colour.darker(130), 2 if self.selected else 1))
            painter.setBrush(QBrush(QColor(235, 245, 255, 230)))
            painter.drawRoundedRect(rect, self.unit * 0.4, self.unit * 0.4)
            painter.setPen(colour.darker(160))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.badge_text)


class AdjacencyLayer(QGraphicsItem):
    """Adjacency as lines between unit anchors (armies and fleets in their own colours,
    pinned pairs dashed), and the last edit's change (added green, removed red)."""

    def __init__(self, doc: MapDocument):
        super().__init__()
        self.doc = doc
        self.setZValue(Z_ADJACENCY)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.show_all = False
        self.show_diff = True
        self.lines: dict[tuple[str, bool], list[QLineF]] = {}  # (unit, pinned) -> lines
        self.diff_lines: dict[bool, list[QLineF]] = {}  # added? -> lines
        self.dots: list[QPointF] = []
        self._pos: dict[str, QPointF | None] = {}  # unit anchors, kept until their province changes

    def forget(self, pids: Iterable[str]) -> None:
        pids = set(pids)
        for loc in [loc for loc in self._pos if province_of(loc) in pids]:
            del self._pos[loc]

    def _at(self, loc: str, cache: dict[str, QPointF | None]) -> QPointF | None:
        if loc not in cache:
            at = safe_anchor(self.doc, "unit", loc) if self.doc.has_province(province_of(loc)) else None
            cache[loc] = QPointF(*at) if at is not None else None
        return cache[loc]

    def refresh(self, diff: Any = None) -> None:
        self.prepareGeometryChange()
        cache = self._pos
        # lines grouped by how they are drawn, so each group is one drawLines call; armies
        # a little to one side of the centre line, fleets to the other
        off = self.doc.span * 1.2e-3
        self.lines = {}
        if self.show_all:
            pins = self.doc.overrides
            for unit, a, b in sorted(self.doc.links()):
                pa, pb = self._at(a, cache), self._at(b, cache)
                if pa is not None and pb is not None:
                    key = (unit, bool(pins.get((unit, a, b))))
                    self.lines.setdefault(key, []).append(_shifted(pa, pb, off if unit == "A" else -off))
        self.diff_lines = {}
        if diff is not None and self.show_diff:
            for unit, pairs, added in (("A", diff.army_added, True), ("A", diff.army_removed, False),
                                       ("F", diff.fleet_added, True), ("F", diff.fleet_removed, False)):
                for a, b in pairs:
                    pa, pb = self._at(a, cache), self._at(b, cache)
                    if pa is not None and pb is not None:
                        self.diff_lines.setdefault(added, []).append(
                            _shifted(pa, pb, (off if unit == "A" else -off) * 2))
        used = {loc for _u, a, b in self.doc.links() for loc in (a, b)} if self.show_all else set()
        self.dots = [q for loc in used if (q := cache.get(loc)) is not None]
        self.update()

    def boundingRect(self) -> QRectF:
        x, y, w, h = self.doc.view_box
        return QRectF(x, y, w, h)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        for (unit, pinned), lines in self.lines.items():
            painter.setPen(cosmetic(ARMY_LINE if unit == "A" else FLEET_LINE, 1.6,
                                    Qt.PenStyle.DashLine if pinned else Qt.PenStyle.SolidLine))
            painter.drawLines(lines)
        for added, lines in self.diff_lines.items():
            painter.setPen(cosmetic(ADDED_LINE if added else REMOVED_LINE, 3.5,
                                    Qt.PenStyle.SolidLine if added else Qt.PenStyle.DashLine))
            painter.drawLines(lines)
        if self.dots:
            painter.setPen(cosmetic(INK, 4.5))
            painter.drawPoints(self.dots)


def _shifted(a: QPointF, b: QPointF, d: float) -> QLineF:
    dx, dy = b.x() - a.x(), b.y() - a.y()
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * d, dx / n * d
    return QLineF(a.x() + ox, a.y() + oy, b.x() + ox, b.y() + oy)
