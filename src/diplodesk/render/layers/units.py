"""The units layer: armies and fleets, choice units not yet set up (a "?" in the owner's
colour), and dislodged units (a red ring, dots toward their retreats). Units of powers
other than the one the map is drawn for are faded."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from ...engine.board import UnitType
from ...engine.position import Position
from .. import glyphs
from ..options import RenderOptions
from ..palette import Palette, blend, text_on
from ..paths import unit_vec
from ..sheet import Layer


class UnitsLayer(Layer):
    """Units, choice units and dislodged units, with their retreat options."""

    def paint(self, painter: QPainter, position: Position, pal: Palette, o: RenderOptions,
              dislodged_now: set[str]) -> None:
        for u in sorted(position.units.values(), key=lambda u: u.loc):
            faded = o.power is not None and u.power != o.power
            painter.setOpacity(0.4 if faded else 1.0)
            c = self.unit_point(u.loc)
            draw_unit(painter, c, u.type, pal.power(u.power), self.g)
            if u.province in dislodged_now:
                self._ring(painter, c, self.g * 0.66, pal.failed, self.g * 0.09, dashed=True)
        for prov, (power, at) in sorted(position.choices.items()):
            if prov in position.units or not self.geometry.has(at):
                continue
            painter.setOpacity(0.4 if o.power is not None and power != o.power else 1.0)
            draw_choice(painter, self.unit_point(at), pal.power(power), self.g)
        painter.setOpacity(1.0)
        if not position.dislodged:
            return
        for d in sorted(position.dislodged.values(), key=lambda d: d.unit.loc):
            u = d.unit
            faded = o.power is not None and u.power != o.power
            painter.setOpacity(0.4 if faded else 1.0)
            c = self.unit_point(u.loc, dislodged=True)
            if o.show_retreats:
                self._paint_retreat_options(painter, c, d.retreats or (), pal)
            self._ring(painter, c, self.g * 0.6, pal.failed, self.g * 0.1)
            draw_unit(painter, c, u.type, pal.power(u.power), self.g * 0.85)
        painter.setOpacity(1.0)

    def _ring(self, painter: QPainter, c: QPointF, r: float, colour: QColor, width: float,
              dashed: bool = False) -> None:
        pen = QPen(colour, width)
        if dashed:
            pen.setDashPattern([2.2, 1.4])
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(c, r, r)

    def _paint_retreat_options(self, painter: QPainter, c: QPointF, retreats: tuple[str, ...],
                               pal: Palette) -> None:
        for loc in retreats:
            if not self.geometry.has(loc):
                continue
            t = self.unit_point(loc)
            ux, uy, n = unit_vec(c, t)
            if n == 0:
                continue
            reach = min(n * 0.5, self.g * 1.6)
            a = QPointF(c.x() + ux * self.g * 0.55, c.y() + uy * self.g * 0.55)
            b = QPointF(c.x() + ux * reach, c.y() + uy * reach)
            pen = QPen(pal.failed, self.g * 0.05, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            pen.setDashPattern([0.1, 2.0])
            painter.setPen(pen)
            painter.drawLine(a, b)
            painter.setPen(QPen(QColor("#ffffff"), self.g * 0.03))
            painter.setBrush(pal.failed)
            painter.drawEllipse(b, self.g * 0.09, self.g * 0.09)


def draw_unit(painter: QPainter, c: QPointF, utype: UnitType | str, colour: QColor,
              size: float, ghost: bool = False) -> None:
    """An army or fleet glyph ``size`` across, centred on ``c``, with its letter."""
    painter.save()
    painter.translate(c)
    painter.scale(size, size)
    if ghost:
        painter.setOpacity(painter.opacity() * 0.55)
    outline = QPen(QColor("#1b1b1b"), 0.06)
    outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    # a soft shadow lifts the glyph off the coloured land
    shadow = QColor(0, 0, 0, 60)
    is_army = str(utype) == "A"
    body = glyphs.army_path() if is_army else glyphs.fleet_hull_path()
    painter.fillPath(body.translated(0.05, 0.06), shadow)
    painter.setPen(outline)
    painter.setBrush(colour)
    if is_army:
        painter.drawPath(body)
        letter = glyphs.text_path("A", 0.5, 0.0, -0.01)
    else:
        painter.setBrush(blend(colour, QColor("#ffffff"), 0.55))
        painter.drawPath(glyphs.fleet_sail_path())
        painter.setBrush(colour)
        painter.drawPath(body)
        letter = glyphs.text_path("F", 0.42, 0.0, 0.09)
    painter.fillPath(letter, text_on(colour))
    painter.restore()


def draw_choice(painter: QPainter, c: QPointF, colour: QColor, size: float) -> None:
    """A unit whose owner has not yet said army or fleet: a "?" disc in its colour."""
    painter.save()
    painter.translate(c)
    painter.scale(size, size)
    r = 0.4
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 60))
    painter.drawEllipse(QPointF(0.05, 0.06), r, r)
    pen = QPen(QColor("#1b1b1b"), 0.06)
    painter.setPen(pen)
    painter.setBrush(colour)
    painter.drawEllipse(QPointF(0, 0), r, r)
    # a dashed inner ring says "not decided yet"
    inner = QPen(text_on(colour), 0.035)
    inner.setDashPattern([1.5, 1.5])
    painter.setPen(inner)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QPointF(0, 0), r * 0.78, r * 0.78)
    painter.fillPath(glyphs.text_path("?", 0.52, 0.0, 0.0), text_on(colour))
    painter.restore()
