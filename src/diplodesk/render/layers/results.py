"""The results layer: what adjudication did to an order, drawn on it. A failed order gets a
red cross (an invalid one a cross in the invalid colour, and its line in that colour too);
removals and disbands are crossed out."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from ..marks import OrderMark
from ..palette import Palette
from ..sheet import Layer


class ResultsLayer(Layer):
    """Crosses for failed and invalid orders, and the colours an order's result gives it."""

    def colours(self, m: OrderMark, pal: Palette) -> tuple[QColor, QColor]:
        """Line colour and its outline."""
        if m.status == "invalid":
            return pal.invalid, QColor(255, 255, 255, 170)
        c = pal.power(m.power)
        return c, QColor(20, 20, 20, 190)

    def cross(self, painter: QPainter, c: QPointF, r: float, colour: QColor, width: float) -> None:
        path = QPainterPath()
        path.moveTo(c.x() - r, c.y() - r)
        path.lineTo(c.x() + r, c.y() + r)
        path.moveTo(c.x() - r, c.y() + r)
        path.lineTo(c.x() + r, c.y() - r)
        painter.strokePath(path, QPen(QColor(255, 255, 255, 220), width + self.g * 0.07, Qt.PenStyle.SolidLine,
                                      Qt.PenCapStyle.RoundCap))
        painter.strokePath(path, QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))

    def fail_cross(self, painter: QPainter, c: QPointF, pal: Palette, invalid: bool = False) -> None:
        self.cross(painter, c, self.g * 0.17, pal.invalid if invalid else pal.failed, self.g * 0.085)
