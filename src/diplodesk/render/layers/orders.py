"""The orders layer: orders as judges draw them. Moves as arrows, supports dashed to the
supported move's middle or to the held unit, convoys dotted through the fleet, holds as
octagons, retreats as thin arrows, builds as a ring and a plus, removals and disbands as a
cross; orders of powers other than the one the map is drawn for are faded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from ...engine.board import province_of
from ...engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    RailMove,
    Remove,
    Retreat,
    Support,
    Waive,
)
from ...engine.phase import PhaseType
from ...engine.position import Position
from .. import glyphs
from ..marks import OrderMark
from ..options import RenderOptions
from ..palette import Palette
from ..paths import unit_vec
from ..sheet import Layer, Sheet
from .arrows import Arrows
from .results import ResultsLayer
from .units import draw_unit


class OrdersLayer(Layer):
    """Every order of a position (or of its result), moves first: supports aim at them."""

    def __init__(self, sheet: Sheet, results: ResultsLayer):
        super().__init__(sheet)
        self.results = results
        self.arrows = Arrows(sheet, results)

    def paint(self, painter: QPainter, position: Position, marks: list[OrderMark],
                      pal: Palette, o: RenderOptions) -> None:
        retreat = position.phase.type is PhaseType.RETREAT
        units = position.units
        moves: dict[str, tuple[QPointF, str]] = {}  # src prov -> (arrow middle, dest prov)
        move_dest: dict[str, str] = {}
        for m in marks:
            if isinstance(m.order, Move):
                move_dest[m.order.province] = province_of(m.order.dest)

        def src_loc(order: Any) -> str:
            prov = order.province
            if retreat and prov in position.dislodged:
                return position.dislodged[prov].unit.loc
            u = units.get(prov)
            return u.loc if u is not None else order.loc

        def unit_type(order: Any) -> str:
            prov = order.province
            if retreat and prov in position.dislodged:
                return position.dislodged[prov].unit.type.value
            u = units.get(prov)
            if u is not None:
                return u.type.value
            return order.unit.value if order.unit else "A"

        def fade(m: OrderMark) -> None:
            painter.setOpacity(0.35 if o.power is not None and m.power != o.power else 1.0)

        # Moves first: supports aim at their middles.
        for m in marks:
            order = m.order
            if not isinstance(order, Move | RailMove) or not self.geometry.has(order.dest):
                continue
            if not self.geometry.has(order.loc):
                continue
            fade(m)
            loc = src_loc(order)
            dest = self._dest_loc(unit_type(order), loc, order.dest)
            a, b = self.unit_point(loc), self.unit_point(dest)
            bend = 0.0
            if move_dest.get(province_of(order.dest)) == order.province:
                bend = 0.16  # two units moving at each other: bow both arrows apart
            head_gap = self.g * (0.5 if province_of(dest) in units else 0.2)
            if isinstance(order, RailMove):
                mid = self.arrows.rail_move(painter, m, order, a, b, pal, head_gap)
            else:
                mid = self.arrows.arrow(painter, m, a, b, pal, bend=bend, start_gap=self.g * 0.5, end_gap=head_gap)
            moves[order.province] = (mid, province_of(order.dest))
        for m in marks:
            order = m.order
            if isinstance(order, Move | RailMove | Waive):
                continue
            if not self.geometry.has(order.loc):
                continue
            fade(m)
            loc = src_loc(order)
            if isinstance(order, Hold):
                if m.reason == "no order":
                    continue
                self._hold(painter, m, self.unit_point(loc), pal)
            elif isinstance(order, Support):
                self._support(painter, m, loc, order, moves, units, pal)
            elif isinstance(order, Convoy):
                self._convoy(painter, m, loc, order, pal)
            elif isinstance(order, Retreat):
                if not self.geometry.has(order.dest):
                    continue
                a = self.unit_point(loc, dislodged=True)
                dest = self._dest_loc(unit_type(order), loc, order.dest)
                b = self.unit_point(dest)
                self.arrows.arrow(painter, m, a, b, pal, start_gap=self.g * 0.45, end_gap=self.g * 0.2, thin=True)
            elif isinstance(order, Disband):
                c = self.unit_point(loc, dislodged=retreat and order.province in position.dislodged)
                self.results.cross(painter, c, self.g * 0.42, QColor("#1b1b1b"), self.g * 0.13)
            elif isinstance(order, Remove):
                self.results.cross(painter, self.unit_point(loc), self.g * 0.46, QColor("#1b1b1b"), self.g * 0.14)
                if m.status in ("fails", "invalid"):
                    self.results.fail_cross(painter, self.unit_point(loc), pal)
            elif isinstance(order, Build):
                self._build(painter, m, order, pal)
        painter.setOpacity(1.0)

    def _dest_loc(self, utype: str, src: str, dest: str) -> str:
        """Where an arrow ends: the coast a fleet goes to, else the province."""
        prov = province_of(dest)
        if "/" in dest or utype != "F" or prov not in self.board.provinces:
            return dest
        if self.board.provinces[prov].coasts:
            targets = self.board.fleet_targets(src, prov)
            if len(targets) == 1:
                return targets[0]
        return dest


    def _hold(self, painter: QPainter, m: OrderMark, c: QPointF, pal: Palette) -> None:
        colour, outline = self.results.colours(m, pal)
        path = glyphs.octagon_path(self.g * 0.68).translated(c)
        self.arrows.stroke(painter, path, colour, outline, self.g * 0.08)
        if m.status == "invalid":
            self.results.fail_cross(painter, QPointF(c.x() + self.g * 0.55, c.y() - self.g * 0.55), pal, invalid=True)

    def _support(self, painter: QPainter, m: OrderMark, loc: str, order: Support,
                 moves: dict[str, tuple[QPointF, str]], units: Mapping[str, Any],
                 pal: Palette) -> None:
        if not self.geometry.has(order.target):
            return
        a = self.unit_point(loc)
        target_prov = province_of(order.target)
        tu = units.get(target_prov)
        target_loc = tu.loc if tu is not None else order.target
        colour, outline = self.results.colours(m, pal)
        width = self.g * 0.075
        if order.dest is None:
            t = self.unit_point(target_loc)
            ux, uy, n = unit_vec(a, t)
            if n == 0:
                return
            end = QPointF(t.x() - ux * self.g * 0.68, t.y() - uy * self.g * 0.68)
            path = QPainterPath(QPointF(a.x() + ux * self.g * 0.45, a.y() + uy * self.g * 0.45))
            path.lineTo(end)
            self.arrows.stroke(painter, path, colour, outline, width, dash=[1.6, 1.0])
            ring = glyphs.octagon_path(self.g * 0.68).translated(t)
            self.arrows.stroke(painter, ring, colour, outline, width * 0.8, dash=[1.6, 1.0])
        else:
            if not self.geometry.has(order.dest):
                return
            mv = moves.get(target_prov)
            if mv is not None and mv[1] == province_of(order.dest):
                mid = mv[0]
            else:
                # the supported unit moves elsewhere or not at all: aim at the move it was
                # offered, drawn faint
                utype = tu.type.value if tu is not None else (order.target_unit.value if order.target_unit else "A")
                t = self.unit_point(target_loc)
                d = self.unit_point(self._dest_loc(utype, target_loc, order.dest))
                ghost = OrderMark(m.power, None, "invalid" if m.status == "invalid" else None)
                painter.save()
                painter.setOpacity(painter.opacity() * 0.45)
                mid = self.arrows.arrow(painter, ghost, t, d, pal, start_gap=self.g * 0.5, end_gap=self.g * 0.3,
                                  thin=True)
                painter.restore()
            ux, uy, n = unit_vec(a, mid)
            if n == 0:
                return
            path = QPainterPath(QPointF(a.x() + ux * self.g * 0.45, a.y() + uy * self.g * 0.45))
            path.lineTo(mid)
            self.arrows.stroke(painter, path, colour, outline, width, dash=[1.6, 1.0])
            painter.setPen(QPen(outline, self.g * 0.03))
            painter.setBrush(colour)
            painter.drawEllipse(mid, self.g * 0.1, self.g * 0.1)
        if m.status in ("fails", "invalid"):
            ux, uy, n = unit_vec(a, mid if order.dest else self.unit_point(target_loc))
            at = QPointF(a.x() + ux * min(n * 0.35, self.g * 1.2), a.y() + uy * min(n * 0.35, self.g * 1.2))
            self.results.fail_cross(painter, at, pal, invalid=m.status == "invalid")

    def _convoy(self, painter: QPainter, m: OrderMark, loc: str, order: Convoy, pal: Palette) -> None:
        if not (self.geometry.has(order.target) and self.geometry.has(order.dest)):
            return
        f = self.unit_point(loc)
        a = self.unit_point(order.target)
        b = self.unit_point(order.dest)
        colour, outline = self.results.colours(m, pal)
        ua = unit_vec(a, f)
        ub = unit_vec(f, b)
        path = QPainterPath(QPointF(a.x() + ua[0] * self.g * 0.5, a.y() + ua[1] * self.g * 0.5))
        path.lineTo(QPointF(f.x() - ua[0] * self.g * 0.5, f.y() - ua[1] * self.g * 0.5))
        path.moveTo(QPointF(f.x() + ub[0] * self.g * 0.5, f.y() + ub[1] * self.g * 0.5))
        end = QPointF(b.x() - ub[0] * self.g * 0.45, b.y() - ub[1] * self.g * 0.45)
        path.lineTo(end)
        self.arrows.stroke(painter, path, colour, outline, self.g * 0.12, dots=True)
        # a small triangle on the fleet marks the convoy
        tri = QPolygonF([QPointF(f.x(), f.y() - self.g * 0.72), QPointF(f.x() - self.g * 0.2, f.y() - self.g * 0.42),
                         QPointF(f.x() + self.g * 0.2, f.y() - self.g * 0.42)])
        painter.setPen(QPen(outline, self.g * 0.035))
        painter.setBrush(colour)
        painter.drawPolygon(tri)
        if m.status in ("fails", "invalid"):
            self.results.fail_cross(painter, QPointF(f.x() + self.g * 0.45, f.y() - self.g * 0.45), pal,
                             invalid=m.status == "invalid")

    def _build(self, painter: QPainter, m: OrderMark, order: Build, pal: Palette) -> None:
        if not self.geometry.has(order.loc):
            return
        c = self.unit_point(order.loc)
        colour, outline = self.results.colours(m, pal)
        utype = order.unit.value if order.unit else "A"
        draw_unit(painter, c, utype, pal.power(m.power), self.g, ghost=True)
        ring = QPainterPath()
        ring.addEllipse(c, self.g * 0.66, self.g * 0.66)
        self.arrows.stroke(painter, ring, colour, outline, self.g * 0.08)
        # a plus badge at the upper right
        p = QPointF(c.x() + self.g * 0.5, c.y() - self.g * 0.5)
        painter.setPen(QPen(outline, self.g * 0.035))
        painter.setBrush(QColor("#ffffff"))
        painter.drawEllipse(p, self.g * 0.22, self.g * 0.22)
        plus = QPainterPath()
        k = self.g * 0.13
        plus.moveTo(p.x() - k, p.y())
        plus.lineTo(p.x() + k, p.y())
        plus.moveTo(p.x(), p.y() - k)
        plus.lineTo(p.x(), p.y() + k)
        painter.strokePath(plus, QPen(QColor("#1b1b1b"), self.g * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        if m.status in ("fails", "invalid"):
            self.results.fail_cross(painter, c, pal, invalid=m.status == "invalid")
