"""The labels layer: each province's id, with a white halo, clear of its units; on a
zoomed-out screen where the sheet's plan puts it (see :mod:`..detail`), a name set beside its
province joined to it by a thin leader line ending in a dot."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker, QPen

from .. import glyphs
from ..palette import Palette
from ..sheet import Layer


class LabelsLayer(Layer):
    """Province labels; their paths and halos are made once per map."""

    def paint(self, painter: QPainter, pal: Palette) -> None:
        s = self.sheet
        key = f"\0labels-{s.on_screen}-{s.glyph_step}-{s.label_step}"
        layer = s.paths.get(key)
        if layer is None:
            # the labels never move: their paths and halo outlines are made once per map
            size = s.label_size
            stroker = QPainterPathStroker()
            stroker.setWidth(size * 0.22)
            stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
            stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            layer = []
            for box in s.label_plan():
                text = glyphs.text_path(box.prov.upper(), box.size, box.x, box.y)
                stroker.setWidth(box.size * 0.22)
                halo = stroker.createStroke(text)
                halo.setFillRule(Qt.FillRule.WindingFill)
                layer.append((halo, text, self.geometry.kind(box.prov) == "sea", _leader(box)))
            s.paths[key] = layer
        halo_colour = QColor(255, 255, 255, 150)
        for halo, text, sea, leader in layer:
            ink = pal.sea_ink if sea else pal.ink
            if leader is not None:
                line, dot, width = leader
                painter.setPen(QPen(QColor(255, 255, 255, 200), width * 2.6, Qt.PenStyle.SolidLine,
                                    Qt.PenCapStyle.RoundCap))
                painter.drawPath(line)
                painter.setPen(QPen(ink, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                painter.drawPath(line)
                painter.fillPath(dot, ink)
            painter.fillPath(halo, halo_colour)
            painter.fillPath(text, ink)


def _leader(box) -> tuple[QPainterPath, QPainterPath, float] | None:
    """A leader line from the edge of a name's box to the point in its province, and a dot."""
    if box.leader is None:
        return None
    tx, ty = box.leader
    dx, dy = tx - box.x, ty - box.y
    # leave the box where the line from its middle to the point crosses its edge
    t = min(box.half_w / abs(dx) if dx else 1.0, box.half_h / abs(dy) if dy else 1.0, 1.0)
    line = QPainterPath(QPointF(box.x + dx * t, box.y + dy * t))
    line.lineTo(tx, ty)
    dot = QPainterPath()
    r = box.size * 0.14
    dot.addEllipse(QPointF(tx, ty), r, r)
    return line, dot, box.size * 0.07
