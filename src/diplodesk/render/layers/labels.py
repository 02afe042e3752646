"""The labels layer: each province's id, with a white halo, clear of its units; on a
zoomed-out screen only the labels that fit (the sheet's plan, see :mod:`..detail`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPainterPathStroker

from .. import glyphs
from ..palette import Palette
from ..sheet import Layer


class LabelsLayer(Layer):
    """Province labels; their paths and halos are made once per map."""

    def paint(self, painter: QPainter, pal: Palette) -> None:
        s = self.sheet
        key = f"\0labels-{s.glyph_step}-{s.label_step}"
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
                text = glyphs.text_path(box.prov.upper(), size, box.x, box.y)
                halo = stroker.createStroke(text)
                halo.setFillRule(Qt.FillRule.WindingFill)
                layer.append((halo, text, self.geometry.kind(box.prov) == "sea"))
            s.paths[key] = layer
        halo_colour = QColor(255, 255, 255, 150)
        for halo, text, sea in layer:
            painter.fillPath(halo, halo_colour)
            painter.fillPath(text, pal.sea_ink if sea else pal.ink)
