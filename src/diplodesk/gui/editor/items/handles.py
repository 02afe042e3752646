"""Handles to grab: the vertices of the selected shapes, and the anchors where units,
labels and centre markers are drawn.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ....document.map_document import MapDocument
from .style import INK, SELECTED_BORDER, Z_ANCHORS, Z_VERTICES, cosmetic, pixel


class VertexLayer(QGraphicsItem):
    """Handles at the vertices of the selected province; the active one filled, a dragged
    one shown at its new place with the edges it pulls."""

    HANDLE = 3.5  # half a handle, in pixels

    def __init__(self, doc: MapDocument):
        super().__init__()
        self.doc = doc
        self.setZValue(Z_VERTICES)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.pid: str | None = None
        self.coords = np.zeros((0, 2))
        self.rings: list[np.ndarray] = []
        self.active: tuple[float, float] | None = None
        self.drag: tuple[tuple[float, float], tuple[float, float]] | None = None

    def show_for(self, pid: str | None) -> None:
        self.prepareGeometryChange()
        self.pid = pid
        self.rings = []
        if pid is not None and self.doc.has_province(pid):
            g = self.doc.shape(pid)
            for poly in getattr(g, "geoms", [g]):
                if poly.is_empty:
                    continue
                for ring in (poly.exterior, *poly.interiors):
                    self.rings.append(shapely.get_coordinates(ring)[:-1])
        self.coords = np.vstack(self.rings) if self.rings else np.zeros((0, 2))
        if self.active is not None and not self._has(self.active):
            self.active = None
        self.update()

    def _has(self, p: tuple[float, float]) -> bool:
        return bool(len(self.coords)) and bool((np.hypot(self.coords[:, 0] - p[0], self.coords[:, 1] - p[1]) < 1e-9).any())

    def nearest(self, x: float, y: float) -> tuple[tuple[float, float], float] | None:
        """The vertex nearest (x, y) and how far it is, in scene units."""
        if not len(self.coords):
            return None
        d = np.hypot(self.coords[:, 0] - x, self.coords[:, 1] - y)
        i = int(np.argmin(d))
        return (float(self.coords[i, 0]), float(self.coords[i, 1])), float(d[i])

    def spacing(self, p: tuple[float, float]) -> float:
        """The distance from vertex ``p`` to the nearest other vertex of the province."""
        d = np.hypot(self.coords[:, 0] - p[0], self.coords[:, 1] - p[1])
        d = d[d > 1e-9]
        return float(d.min()) if len(d) else math.inf

    def neighbours_of(self, p: tuple[float, float]) -> list[tuple[float, float]]:
        out = []
        for ring in self.rings:
            hit = np.flatnonzero(np.hypot(ring[:, 0] - p[0], ring[:, 1] - p[1]) < 1e-9)
            for i in hit.tolist():
                n = len(ring)
                out.append(tuple(ring[(i - 1) % n]))
                out.append(tuple(ring[(i + 1) % n]))
        return out

    def boundingRect(self) -> QRectF:
        if not len(self.coords):
            return QRectF()
        x0, y0 = self.coords.min(axis=0)
        x1, y1 = self.coords.max(axis=0)
        m = self.doc.span * 0.05
        r = QRectF(x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m)
        if self.drag is not None:
            (nx, ny) = self.drag[1]
            r = r.united(QRectF(nx - m, ny - m, 2 * m, 2 * m))
        return r

    def set_drag(self, drag: tuple[tuple[float, float], tuple[float, float]] | None) -> None:
        self.prepareGeometryChange()
        self.drag = drag
        self.update()

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        if not len(self.coords):
            return
        px = pixel(painter)
        h = self.HANDLE * px
        # leave out handles that would sit on top of the one drawn just before
        rects = []
        last = None
        for x, y in self.coords.tolist():
            if last is not None and abs(x - last[0]) < 2 * h and abs(y - last[1]) < 2 * h:
                continue
            rects.append(QRectF(x - h, y - h, 2 * h, 2 * h))
            last = (x, y)
        painter.setPen(cosmetic(QColor("#7a3b10"), 1.0))
        painter.setBrush(QBrush(QColor("#ffffff")))
        painter.drawRects(rects)
        if self.active is not None:
            x, y = self.active
            painter.setBrush(QBrush(SELECTED_BORDER))
            painter.drawRect(QRectF(x - h * 1.4, y - h * 1.4, 2.8 * h, 2.8 * h))
        if self.drag is not None:
            old, new = self.drag
            painter.setPen(cosmetic(SELECTED_BORDER, 1.5, Qt.PenStyle.DashLine))
            for n in self.neighbours_of(old):
                painter.drawLine(QPointF(*n), QPointF(*new))
            painter.setBrush(QBrush(SELECTED_BORDER))
            painter.drawEllipse(QPointF(*new), h * 1.5, h * 1.5)


class AnchorItem(QGraphicsItem):
    """Where a unit, dislodged unit, label or centre marker of a place is drawn; a solid
    mark when placed by hand (or in the map), hollow when worked out."""

    SIZE = 6.0

    def __init__(self, key: str, placed: bool):
        super().__init__()
        self.key = key
        self.kind = key.partition("-")[0]
        self.placed = placed
        self.setZValue(Z_ANCHORS)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(key)
        self.active = False

    def boundingRect(self) -> QRectF:
        s = self.SIZE + 3
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        colour = {"unit": QColor("#1f5fbf"), "dislodged": QColor("#d0021b"), "label": QColor("#333333"),
                  "center": QColor("#b8860b")}.get(self.kind, INK)
        s = self.SIZE * (1.3 if self.active else 1.0)
        painter.setPen(QPen(colour.darker(130), 2 if self.active else 1.2))
        painter.setBrush(QBrush(colour) if self.placed else QBrush(QColor(255, 255, 255, 200)))
        if self.kind == "unit":
            painter.drawEllipse(QPointF(0, 0), s, s)
        elif self.kind == "dislodged":
            painter.drawEllipse(QPointF(0, 0), s * 0.7, s * 0.7)
        elif self.kind == "label":
            painter.drawRect(QRectF(-s * 0.8, -s * 0.8, 1.6 * s, 1.6 * s))
        else:
            painter.drawPolygon(QPolygonF([QPointF(0, -s), QPointF(s, 0), QPointF(0, s), QPointF(-s, 0)]))
