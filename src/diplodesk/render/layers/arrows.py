"""Arrows and lines for orders: moves as arrows (bowed apart when two units move at each
other; between adjacent units never shorter than two heads, drawn over their shields),
railroad moves as a band in the power's colour with white dashes along the line (an
interrupted one up to where the army stopped, with a bar there, faint beyond), and the dark-edged strokes every order line is drawn with."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from ...engine.board import province_of
from ...engine.orders import RailMove
from ...engine.rules import railroad
from ..marks import OrderMark, stopped_in
from ..palette import Palette
from ..paths import unit_vec
from ..sheet import Layer, Sheet
from .results import ResultsLayer


class Arrows(Layer):
    """Draws order lines; a failed one gets a hollow head and the results layer's cross."""

    def __init__(self, sheet: Sheet, results: ResultsLayer):
        super().__init__(sheet)
        self.results = results

    def stroke(self, painter: QPainter, path: QPainterPath, colour: QColor, outline: QColor,
                width: float, dash: list[float] | None = None, dots: bool = False) -> None:
        """A line with a dark edge; ``dash`` in line widths; ``dots`` makes round dots."""
        for w, col in ((width + self.g * 0.06, outline), (width, colour)):
            pen = QPen(col, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            if dots:
                pen.setDashPattern([0.001, 2.2 * width / w])
            elif dash:
                pen.setDashPattern([d * width / w for d in dash])
                pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.strokePath(path, pen)

    def ribbon(self, painter: QPainter, path: QPainterPath, colour: QColor, outline: QColor,
               width: float) -> None:
        """A railroad order's line: a broad band in the power's colour with white dashes down
        its middle, nothing like the map's grey rail with sleepers."""
        self.stroke(painter, path, colour, outline, width * 1.5)
        pen = QPen(QColor(255, 255, 255, 235), width * 0.45, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap,
                   Qt.PenJoinStyle.RoundJoin)
        pen.setDashPattern([2.4, 1.6])
        painter.strokePath(path, pen)

    def arrow(self, painter: QPainter, m: OrderMark, a: QPointF, b: QPointF, pal: Palette,
               bend: float = 0.0, start_gap: float = 0.0, end_gap: float = 0.0,
               dashed: bool = False, thin: bool = False) -> QPointF:
        """A move arrow from a to b; returns the point halfway along it."""
        ux, uy, n = unit_vec(a, b)
        if n == 0:
            return a
        head = self.g * (0.42 if not thin else 0.34)
        start_gap, end_gap = shaft_gaps(n, start_gap, end_gap, head)
        s = QPointF(a.x() + ux * start_gap, a.y() + uy * start_gap)
        e = QPointF(b.x() - ux * end_gap, b.y() - uy * end_gap)
        px, py = -uy, ux
        ctrl = QPointF((s.x() + e.x()) / 2 + px * bend * n, (s.y() + e.y()) / 2 + py * bend * n)
        # the arrowhead points along the curve's last tangent
        tx, ty, _ = unit_vec(ctrl, e) if bend else (ux, uy, 1.0)
        shaft_end = QPointF(e.x() - tx * head * 0.8, e.y() - ty * head * 0.8)
        path = QPainterPath(s)
        if bend:
            path.quadTo(ctrl, shaft_end)
        else:
            path.lineTo(shaft_end)
        colour, outline = self.results.colours(m, pal)
        width = self.g * (0.11 if not thin else 0.08)
        self.stroke(painter, path, colour, outline, width, dash=[2.0, 1.2] if dashed else None)
        wing = head * 0.5
        tip = e
        base = QPointF(e.x() - tx * head, e.y() - ty * head)
        tri = QPolygonF([tip, QPointF(base.x() - ty * wing, base.y() + tx * wing),
                         QPointF(base.x() + ty * wing, base.y() - tx * wing)])
        failed = m.status in ("fails", "invalid")
        painter.setPen(QPen(outline, self.g * 0.04, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(QColor("#ffffff") if failed else colour)
        painter.drawPolygon(tri)
        if failed:
            painter.setPen(QPen(colour, self.g * 0.05, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                Qt.PenJoinStyle.RoundJoin))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(tri)
        mid = path.pointAtPercent(0.5)
        if failed:
            self.results.fail_cross(painter, path.pointAtPercent(0.55), pal, invalid=m.status == "invalid")
        return mid

    def rail_move(self, painter: QPainter, m: OrderMark, order: RailMove, a: QPointF, b: QPointF,
                   pal: Palette, end_gap: float) -> QPointF:
        """A railroad move: dashed along the line through every province it passes; when
        it was interrupted, solid up to where the army stopped, a bar there, and faint
        beyond. Returns a point near its end (supports aim there: they help only at the
        destination)."""
        src, dest = order.province, province_of(order.dest)
        line = railroad.line_for(self.board, src, dest)
        via = self.sheet.rail_points(line.between(src, dest)) if line is not None else []
        pts = [a, *via, b]
        stop = stopped_in(m)
        colour, outline = self.results.colours(m, pal)
        width = self.g * 0.11
        if stop is not None and line is not None and stop in line.provinces:
            # the part travelled, then the rest of the way, faint
            k = 1 + list(line.between(src, dest)).index(stop) if stop in line.between(src, dest) else 0
            done, rest = pts[: k + 1], pts[k:]
            if len(done) >= 2:
                self.ribbon(painter, self.polyline(done, self.g * 0.5, 0.0), colour, outline, width)
            painter.save()
            painter.setOpacity(painter.opacity() * 0.5)
            self.stroke(painter, self.polyline(rest, self.g * 0.55, end_gap), colour, QColor(255, 255, 255, 200),
                         width * 0.8, dots=True)
            painter.restore()
            at = pts[k]
            painter.setPen(QPen(outline, self.g * 0.04))
            painter.setBrush(colour)
            painter.drawEllipse(at, self.g * 0.16, self.g * 0.16)
            ux, uy, _ = unit_vec(at, pts[k + 1])
            c = QPointF(at.x() + ux * self.g * 0.45, at.y() + uy * self.g * 0.45)
            bar = QPainterPath()
            bar.moveTo(c.x() - uy * self.g * 0.32, c.y() + ux * self.g * 0.32)
            bar.lineTo(c.x() + uy * self.g * 0.32, c.y() - ux * self.g * 0.32)
            self.stroke(painter, bar, pal.failed, outline, self.g * 0.13)
            return b
        path = self.polyline(pts, self.g * 0.5, end_gap)
        head = self.g * 0.42
        end = path.currentPosition()
        last = path.pointAtPercent(max(0.0, 1 - head / max(path.length(), 1e-9)))
        tx, ty, n = unit_vec(last, end)
        shaft = self.polyline(pts, self.g * 0.5, end_gap + head * 0.8)
        self.ribbon(painter, shaft, colour, outline, width)
        if n:
            wing = head * 0.5
            base = QPointF(end.x() - tx * head, end.y() - ty * head)
            tri = QPolygonF([end, QPointF(base.x() - ty * wing, base.y() + tx * wing),
                             QPointF(base.x() + ty * wing, base.y() - tx * wing)])
            failed = m.status in ("fails", "invalid")
            painter.setPen(QPen(outline, self.g * 0.04))
            painter.setBrush(QColor("#ffffff") if failed else colour)
            painter.drawPolygon(tri)
            if failed:
                self.results.fail_cross(painter, path.pointAtPercent(0.55), pal, invalid=m.status == "invalid")
        return path.pointAtPercent(max(0.0, 1 - 1.5 * self.g / max(path.length(), 1e-9)))

    @staticmethod
    def polyline(pts: list[QPointF], start_gap: float, end_gap: float) -> QPainterPath:
        """A path through ``pts`` with its first and last stretches shortened."""
        pts = [QPointF(p) for p in pts]
        if len(pts) >= 2:
            ux, uy, n = unit_vec(pts[0], pts[1])
            g = min(start_gap, n * 0.45)
            pts[0] = QPointF(pts[0].x() + ux * g, pts[0].y() + uy * g)
            ux, uy, n = unit_vec(pts[-2], pts[-1])
            g = min(end_gap, n * 0.45)
            pts[-1] = QPointF(pts[-1].x() - ux * g, pts[-1].y() - uy * g)
        path = QPainterPath(pts[0])
        for q in pts[1:]:
            path.lineTo(q)
        return path


def shaft_gaps(n: float, start_gap: float, end_gap: float, head: float) -> tuple[float, float]:
    """The gaps an arrow leaves at its ends, cut down so that between units close together
    (adjacent provinces at a low zoom) its head and some shaft still show, over the units'
    shields rather than under them: at least two heads long, or most of the way."""
    least = min(n * 0.8, head * 2.2)
    room = n - least
    if start_gap + end_gap <= room:
        return start_gap, end_gap
    if room <= 0:
        return 0.0, 0.0
    k = room / (start_gap + end_gap)
    return start_gap * k, end_gap * k
