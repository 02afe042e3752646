"""Unit glyphs and marks as QPainterPaths, drawn for a glyph one unit across at (0, 0).

The army is a shield, the fleet a hull under a sail: the two read apart by shape alone,
and each carries its letter so a black-and-white print still says A or F.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QPainterPath, QTransform

FONT_FAMILY = "DejaVu Sans"
_BASE_PX = 64


def army_path() -> QPainterPath:
    p = QPainterPath()
    w, top, shoulder, bottom, r = 0.42, -0.46, 0.06, 0.5, 0.1
    p.moveTo(-w + r, top)
    p.lineTo(w - r, top)
    p.quadTo(w, top, w, top + r)
    p.lineTo(w, shoulder)
    p.cubicTo(w, 0.3, 0.2, 0.42, 0.0, bottom)
    p.cubicTo(-0.2, 0.42, -w, 0.3, -w, shoulder)
    p.lineTo(-w, top + r)
    p.quadTo(-w, top, -w + r, top)
    p.closeSubpath()
    return p


def fleet_hull_path() -> QPainterPath:
    p = QPainterPath()
    p.moveTo(-0.6, -0.12)
    p.lineTo(0.6, -0.12)
    p.lineTo(0.44, 0.3)
    p.quadTo(0.0, 0.4, -0.44, 0.3)
    p.closeSubpath()
    return p


def fleet_sail_path() -> QPainterPath:
    p = QPainterPath()
    p.moveTo(0.03, -0.62)
    p.lineTo(0.03, -0.18)
    p.lineTo(0.42, -0.18)
    p.closeSubpath()
    p.moveTo(-0.05, -0.52)
    p.lineTo(-0.05, -0.18)
    p.lineTo(-0.33, -0.18)
    p.closeSubpath()
    return p


def octagon_path(radius: float) -> QPainterPath:
    p = QPainterPath()
    for i in range(8):
        a = math.pi / 8 + i * math.pi / 4
        pt = QPointF(radius * math.cos(a), radius * math.sin(a))
        if i == 0:
            p.moveTo(pt)
        else:
            p.lineTo(pt)
    p.closeSubpath()
    return p


def font(bold: bool = True) -> QFont:
    f = QFont(FONT_FAMILY)
    f.setPixelSize(_BASE_PX)
    f.setBold(bold)
    return f


@lru_cache(maxsize=4096)
def _text_path(text: str, bold: bool) -> QPainterPath:
    p = QPainterPath()
    p.addText(0, 0, font(bold), text)
    return p


def text_transform(text: str, size: float, x: float, y: float, align: str = "center",
                   bold: bool = True) -> QTransform:
    """Where :func:`font`'s ``text``, drawn at the origin, goes to be ``size`` map units tall
    (cap height about 0.72 of it) with its middle (``center``), left end (``left``) or right
    end (``right``) at x, centred on y."""
    r: QRectF = _text_path(text, bold).boundingRect()
    k = size / _BASE_PX
    if align == "left":
        dx = -r.left()
    elif align == "right":
        dx = -r.right()
    else:
        dx = -(r.left() + r.right()) / 2
    # centre on the cap height, not the descenders, so letters sit in the middle
    dy = _BASE_PX * 0.36
    t = QTransform()
    t.translate(x, y)
    t.scale(k, k)
    t.translate(dx, dy)
    return t


def text_path(text: str, size: float, x: float, y: float, align: str = "center",
              bold: bool = True) -> QPainterPath:
    """Text as a path, placed as :func:`text_transform` says."""
    return text_transform(text, size, x, y, align, bold).map(_text_path(text, bold))


def text_width(text: str, size: float, bold: bool = True) -> float:
    return _text_path(text, bold).boundingRect().width() * size / _BASE_PX
