"""The labels layer: each province's id, with a white halo, clear of its units; on a
zoomed-out screen where the sheet's plan puts it (see :mod:`..detail`), a name set beside its
province joined to it by a thin leader line ending in a dot. On a page (PDF, SVG, a printer,
or a picture replayed on one) the names are text, searchable and copyable, in a font the page
embeds; on a screen or in an image they are the same letters as cached outlines, faster."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPaintEngine, QPainter, QPainterPath, QPainterPathStroker, QPen

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
                name = box.prov.upper()
                text = glyphs.text_path(name, box.size, box.x, box.y)
                stroker.setWidth(box.size * 0.22)
                halo = stroker.createStroke(text)
                halo.setFillRule(Qt.FillRule.WindingFill)
                where = glyphs.text_transform(name, box.size, box.x, box.y)
                layer.append((halo, text, self.geometry.kind(box.prov) == "sea", _leader(box), name, where))
            s.paths[key] = layer
        halo_colour = QColor(255, 255, 255, 150)
        as_text = _pages_keep_text(painter)
        if as_text:
            painter.setFont(glyphs.font())
        for halo, text, sea, leader, name, where in layer:
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
            if as_text:
                painter.save()
                painter.setTransform(where, combine=True)
                painter.setPen(ink)
                painter.drawText(QPointF(0, 0), name)
                painter.restore()
            else:
                painter.fillPath(text, ink)


# the devices on which a name drawn as text stays text (a picture is replayed on a page)
_TEXT_ENGINES = frozenset({QPaintEngine.Type.Pdf, QPaintEngine.Type.SVG, QPaintEngine.Type.Picture})


def _pages_keep_text(painter: QPainter) -> bool:
    engine = painter.paintEngine()
    return engine is not None and engine.type() in _TEXT_ENGINES


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
