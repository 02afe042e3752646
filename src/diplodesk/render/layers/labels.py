"""The labels layer: each province's id, with a white halo, clear of its units."""

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
        layer = s.paths.get("\0labels")
        if layer is None:
            # the labels never move: their paths and halo outlines are made once per map
            size = s.label_size
            stroker = QPainterPathStroker()
            stroker.setWidth(size * 0.22)
            stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
            stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            layer = []
            for pid in self.geometry.ids:
                kind = self.geometry.kind(pid)
                if kind == "impassable":
                    continue
                x, y = s.label_point(pid)
                text = glyphs.text_path(pid.upper(), size, x, y)
                halo = stroker.createStroke(text)
                halo.setFillRule(Qt.FillRule.WindingFill)
                layer.append((halo, text, kind == "sea"))
            s.paths["\0labels"] = layer
        halo_colour = QColor(255, 255, 255, 150)
        for halo, text, sea in layer:
            painter.fillPath(halo, halo_colour)
            painter.fillPath(text, pal.sea_ink if sea else pal.ink)
