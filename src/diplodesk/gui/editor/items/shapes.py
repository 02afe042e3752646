"""The items that draw shapes: a province (filled by kind, outlined when selected), the
background decoration, and the preview of what a tool is drawing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from ....document.map_document import MapDocument
from ....render.painter import geometry_path
from .style import (
    FLEET_LINE,
    INK,
    KIND_FILL,
    LAND_BORDER,
    PICKED_FILL,
    SEA_BORDER,
    SELECTED_BORDER,
    SELECTED_FILL,
    Z_BACKGROUND,
    Z_PREVIEW,
    Z_PROVINCE,
    cosmetic,
    pixel,
)


class ProvinceItem(QGraphicsPathItem):
    """One province's shape, filled by its kind."""

    def __init__(self, pid: str):
        super().__init__()
        self.pid = pid
        self.kind = "land"
        self.setZValue(Z_PROVINCE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.state = ""  # "", "selected" or "picked"

    def set_look(self, kind: str, state: str = "") -> None:
        self.kind, self.state = kind, state
        fill = KIND_FILL.get(kind, KIND_FILL["land"])
        brush = QBrush(fill)
        if state == "selected":
            brush = QBrush(_over(fill, SELECTED_FILL))
        elif state == "picked":
            brush = QBrush(_over(fill, PICKED_FILL))
        self.setBrush(brush)
        self.setPen(_pen(state, kind == "sea"))
        # a selected or picked province's whole border shows above its neighbours'
        self.setZValue(Z_PROVINCE + 0.5 if state else Z_PROVINCE)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        super().paint(painter, option, widget)
        if self.kind == "impassable":
            hatch = QBrush(QColor(60, 50, 40, 90), Qt.BrushStyle.BDiagPattern)
            hatch.setTransform(QTransform().scale(pixel(painter) * 1.5, pixel(painter) * 1.5))
            painter.fillPath(self.path(), hatch)


def _over(base: QColor, top: QColor) -> QColor:
    a = top.alphaF()
    return QColor(round(base.red() * (1 - a) + top.red() * a), round(base.green() * (1 - a) + top.green() * a),
                  round(base.blue() * (1 - a) + top.blue() * a))


class BackgroundItem(QGraphicsItem):
    """The sea behind everything and the map's decoration (islands, frame); a selected
    background shape is outlined."""

    def __init__(self, doc: MapDocument):
        super().__init__()
        self.doc = doc
        self.setZValue(Z_BACKGROUND)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.paths: dict[int, tuple[QPainterPath, QColor | None, QColor | None]] = {}
        self.selected: int | None = None
        self._keys: tuple[int, ...] = ()
        self.refresh()

    def refresh(self) -> None:
        decos = self.doc.decorations
        keys = tuple(sorted(decos))
        if keys == self._keys and self.paths:
            return
        self._keys = keys
        self.paths = {}
        for k in keys:
            d = decos[k]
            fill = QColor(d.fill) if d.fill and d.fill != "none" else None
            stroke = QColor(d.stroke) if d.stroke and d.stroke != "none" else None
            self.paths[k] = (geometry_path(d.geometry), fill, stroke)
        self.update()

    def boundingRect(self) -> QRectF:
        x, y, w, h = self.doc.view_box
        return QRectF(x, y, w, h)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        painter.fillRect(self.boundingRect(), KIND_FILL["sea"])
        for k, (path, fill, stroke) in self.paths.items():
            if fill is not None and fill.isValid():
                sea = fill.blue() > fill.red() + 20 and fill.blue() > fill.green()
                painter.fillPath(path, KIND_FILL["sea"] if sea else QColor("#e9e1cc"))
            if stroke is not None and stroke.isValid():
                painter.setPen(cosmetic(QColor("#8a7d66"), 0.8))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(path)
            if k == self.selected:
                painter.setPen(cosmetic(SELECTED_BORDER, 2.5, Qt.PenStyle.DashLine))
                painter.setBrush(QBrush(SELECTED_FILL))
                painter.drawPath(path)


class PreviewItem(QGraphicsItem):
    """What a tool is drawing: the points so far, the rubber-band segment to the mouse, and
    (for a polygon) the closing edge."""

    def __init__(self, doc: MapDocument):
        super().__init__()
        self.doc = doc
        self.setZValue(Z_PREVIEW)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.points: list[QPointF] = []
        self.cursor: QPointF | None = None
        self.closed = False
        self.colour = SELECTED_BORDER

    def set(self, points: list[QPointF], cursor: QPointF | None, closed: bool, colour: QColor | None = None) -> None:
        self.prepareGeometryChange()
        self.points = list(points)
        self.cursor = cursor
        self.closed = closed
        if colour is not None:
            self.colour = colour
        self.update()

    def clear(self) -> None:
        self.set([], None, False)

    def boundingRect(self) -> QRectF:
        pts = self.points + ([self.cursor] if self.cursor is not None else [])
        if not pts:
            return QRectF()
        r = QPolygonF(pts).boundingRect()
        m = self.doc.span * 0.02
        return r.adjusted(-m, -m, m, m)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        if not self.points:
            return
        px = pixel(painter)
        if self.closed and len(self.points) >= 3:
            fill = QColor(self.colour)
            fill.setAlpha(50)
            painter.setBrush(QBrush(fill))
            painter.setPen(Qt.PenStyle.NoPen)
            poly = QPolygonF(self.points + ([self.cursor] if self.cursor is not None else []))
            painter.drawPolygon(poly)
        painter.setPen(cosmetic(self.colour, 2.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for a, b in zip(self.points, self.points[1:], strict=False):
            painter.drawLine(a, b)
        painter.setPen(cosmetic(self.colour, 1.5, Qt.PenStyle.DashLine))
        if self.cursor is not None:
            painter.drawLine(self.points[-1], self.cursor)
            if self.closed and len(self.points) >= 2:
                painter.drawLine(self.cursor, self.points[0])
        painter.setPen(cosmetic(INK, 1.0))
        painter.setBrush(QBrush(QColor("#ffffff")))
        for p in self.points:
            painter.drawEllipse(p, 3 * px, 3 * px)


# -- the scene ---------------------------------------------------------------------------


_PENS: dict[tuple[str, bool], QPen] = {}


def _pen(state: str, sea: bool) -> QPen:
    """The border pen of a province in a state, made once (a board opens with thousands)."""
    pen = _PENS.get((state, sea))
    if pen is None:
        if state:
            pen = cosmetic(SELECTED_BORDER if state == "selected" else FLEET_LINE, 2.5)
        else:
            pen = cosmetic(SEA_BORDER if sea else LAND_BORDER, 1.0)
        _PENS[(state, sea)] = pen
    return pen

