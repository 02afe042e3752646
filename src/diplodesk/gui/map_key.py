"""The game map's legend of special lines, drawn once into an image at screen size.

It sits beside the map in the view and says what each kind of the variant's special lines
means (see :func:`diplodesk.render.layers.specials.legend_entries`); its swatches are
drawn as the map draws those lines. When the map is shown as a power sees it in a Blind
game, it also tells fog (grey, hatched) from neutral land (plain cream).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPen, QTransform

TEXT_PX = 12
FOG_GREY = QColor(110, 110, 120, 130)
FOG_HATCH = QColor(40, 40, 50, 110)
NEUTRAL_LAND = "#f1e8d0"


@dataclass(frozen=True)
class KeyEntry:
    """A line of the key that is no special line: a look of the map and what it means."""

    kind: str
    colour: str
    text: str


def fog_entries(power: str | None) -> list[KeyEntry]:
    who = power or "the power"
    return [KeyEntry("fog", FOG_GREY.name(), f"grey, hatched: {who} cannot see it"),
            KeyEntry("neutral", NEUTRAL_LAND, "plain cream: seen, no power's land")]


def fog_brushes(px: float) -> tuple[QBrush, QBrush]:
    """The fog's grey and its hatching, the hatching spaced in screen pixels (``px``: one
    screen pixel in map units)."""
    hatch = QBrush(FOG_HATCH, Qt.BrushStyle.BDiagPattern)
    hatch.setTransform(QTransform.fromScale(px * 1.6, px * 1.6))
    return QBrush(FOG_GREY), hatch


def key_image(entries, dpr: float, base_font: QFont) -> QImage:
    """The legend for ``entries`` (LegendEntry values) as an image with a white box."""
    font = QFont(base_font)
    font.setPixelSize(TEXT_PX)
    fm = QFontMetricsF(font)
    line_h = fm.height() + 4
    w = 44 + max(fm.horizontalAdvance(e.text) for e in entries)
    h = line_h * len(entries) + 8
    img = QImage(max(1, round((w + 2) * dpr)), max(1, round((h + 2) * dpr)),
                 QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(dpr)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setFont(font)
    box = QRectF(1, 1, w, h)
    p.setPen(QPen(QColor(90, 90, 90, 200), 1))
    p.setBrush(QColor(255, 255, 255, 225))
    p.drawRoundedRect(box, 4, 4)
    for i, e in enumerate(entries):
        y = box.top() + 4 + line_h * i + line_h / 2
        _swatch(p, e, box.left() + 8, box.left() + 34, y)
        p.setPen(QColor(30, 30, 30))
        p.drawText(QPointF(box.left() + 40, y + fm.ascent() / 2 - 1), e.text)
    p.end()
    return img


def _swatch(p: QPainter, e, x0: float, x1: float, y: float) -> None:
    colour = QColor(e.colour)
    if e.kind in ("fog", "neutral"):
        box = QRectF(x0, y - 6, x1 - x0, 12)
        p.setPen(QPen(QColor(90, 90, 90), 1))
        p.setBrush(QColor(NEUTRAL_LAND))
        p.drawRect(box)
        if e.kind == "fog":
            grey, hatch = fog_brushes(1 / 1.6)
            p.fillRect(box, grey)
            p.fillRect(box, hatch)
        return
    if e.kind == "seasonal":
        p.fillRect(QRectF(x0, y - 5, x1 - x0, 10), QBrush(colour, Qt.BrushStyle.DiagCrossPattern))
        p.setPen(QPen(colour, 1, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(x0, y - 5, x1 - x0, 10))
        return
    if e.kind == "railroad":
        ties = QPen(colour, 8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap)
        ties.setDashPattern([0.25, 1.2])
        p.setPen(ties)
        p.drawLine(QPointF(x0, y), QPointF(x1, y))
        p.setPen(QPen(colour, 2))
        p.drawLine(QPointF(x0, y), QPointF(x1, y))
        return
    pen = QPen(colour, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap)
    pen.setDashPattern([2.2, 1.3] if e.kind == "difficult" else [2.0, 1.0, 0.5, 1.0])
    p.setPen(pen)
    p.drawLine(QPointF(x0, y), QPointF(x1, y))
