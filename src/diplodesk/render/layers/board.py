"""The board layer: the map's decoration, provinces (supply centres in their owner's
colour, homeland land that is no centre in its owner's colour as the variant or the
position says, other land neutral, seas blue, impassable hatched), borders, railroad lines (faint,
through their provinces) and supply-centre markers. It changes only with centre owners, so
the map view caches it as an image."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPaintEngine, QPainter, QPainterPath, QPen, QTransform

from ...engine.position import Position
from ...engine.rules import railroad
from ...engine.rules.sight import land_owners
from ..palette import Palette, blend
from ..paths import geometry_path
from ..sheet import Layer


class BoardLayer(Layer):
    """Land, sea, borders, railroads and supply-centre markers."""

    def paint_map(self, painter: QPainter, position: Position, pal: Palette) -> None:
        s = self.sheet
        x0, y0, x1, y1 = self.geometry.bounds
        painter.fillRect(QRectF(x0, y0, x1 - x0, y1 - y0), pal.sea)
        decorations = s.paths.get("\0decorations")
        if decorations is None:
            decorations = []
            for d in self.geometry.decorations:
                fill = QColor(d.fill) if d.fill and d.fill != "none" else None
                stroke = QColor(d.stroke) if d.stroke and d.stroke != "none" else None
                decorations.append((geometry_path(d.geometry), fill, stroke, d.stroke_width))
            s.paths["\0decorations"] = decorations
        border = self.border_pen(painter, pal.land_border, self.g * 0.035)
        for path, fill, stroke, _width in decorations:
            if fill is not None and fill.isValid():
                # the map's own sea colour gives way to the palette's
                painter.fillPath(path, pal.sea if _is_sea_blue(fill) else _soft_land(fill, pal))
            if stroke is not None and stroke.isValid():
                painter.setPen(border)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(path)
        seas, lands = [], []
        land = land_owners(position)
        for pid in self.geometry.ids:
            kind = self.geometry.kind(pid)
            path = s.path(pid)
            if kind == "sea":
                painter.fillPath(path, pal.sea)
                seas.append(path)
            elif kind == "impassable":
                painter.fillPath(path, pal.impassable)
                hatch = QBrush(blend(pal.impassable, pal.ink, 0.35), Qt.BrushStyle.BDiagPattern)
                hatch.setTransform(QTransform().scale(self.g / 14, self.g / 14))
                painter.fillPath(path, hatch)
                lands.append(path)
            else:
                owner = position.centers.get(pid) or land.get(pid)
                fill = pal.territory(owner) if owner else pal.land
                painter.fillPath(path, fill)
                lands.append(path)
        w = self.g * 0.035
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(self.border_pen(painter, pal.sea_border, w * 0.8))
        for path in seas:
            painter.drawPath(path)
        painter.setPen(self.border_pen(painter, pal.land_border, w))
        for path in lands:
            painter.drawPath(path)

    def paint_railroads(self, painter: QPainter, pal: Palette) -> None:
        """Each railroad line of the board through its provinces: a rail with sleepers
        across it, dark enough to be seen over any power's colour at a glance."""
        s = self.sheet
        layer = s.paths.get("\0railroads")
        if layer is None:
            layer = []
            for line in railroad.lines(self.board):
                pts = s.rail_points(line.provinces)
                if len(pts) < 2:
                    continue
                path = QPainterPath(pts[0])
                for q in pts[1:]:
                    path.lineTo(q)
                layer.append(path)
            s.paths["\0railroads"] = layer
        if not layer:
            return
        ink = QColor(pal.ink)
        ink.setAlpha(215)  # seen at a glance over any power's colour, yet under the units
        rail = QPen(ink, self.g * 0.075, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        w = self.g * 0.28
        ties = QPen(ink, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.BevelJoin)
        ties.setDashPattern([0.06 * self.g / w, 0.3 * self.g / w])
        for path in layer:
            painter.strokePath(path, ties)
            painter.strokePath(path, rail)

    @staticmethod
    def border_pen(painter: QPainter, colour: QColor, width: float) -> QPen:
        """A border pen; on a raster device a hairline one pixel wide when that is what the
        width comes to (much faster to draw along long coastlines)."""
        pen = QPen(colour, width)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        engine = painter.paintEngine()
        if engine is not None and engine.type() == QPaintEngine.Type.Raster:
            scale = math.sqrt(abs(painter.worldTransform().determinant())) or 1.0
            if width * scale < 1.8:
                pen = QPen(colour, 1.0)
                pen.setCosmetic(True)
        return pen

    def paint_centers(self, painter: QPainter, position: Position, pal: Palette) -> None:
        r = self.g * 0.17
        for pid in self.board.centers:
            if not self.geometry.has(pid):
                continue
            x, y = self.sheet.center_point(pid)
            owner = position.centers.get(pid)
            painter.setPen(QPen(pal.ink, r * 0.28))
            painter.setBrush(pal.power(owner) if owner else QColor("#ffffff"))
            painter.drawEllipse(QPointF(x, y), r, r)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(pal.ink)
            painter.drawEllipse(QPointF(x, y), r * 0.3, r * 0.3)


def _is_sea_blue(c: QColor) -> bool:
    return c.blue() > c.red() + 20 and c.blue() > c.green() - 10


def _soft_land(c: QColor, pal: Palette) -> QColor:
    """Decorative land (not a province) a little greyer than the palette's land."""
    return blend(pal.land, QColor("#a8a396"), 0.35) if c.lightness() > 120 else c
