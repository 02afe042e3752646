"""The key of a Hypereconomic map: what each glyph, badge, tag and line means, in one band
under a printed map (a player reads a regional sheet without the rules beside it).

The glyphs are drawn by the stacks layer's own painters, so the key shows exactly what the
map shows; the lines come from the board's specials (``layers/specials.legend_entries``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from ..engine.board import Board
from . import glyphs
from .layers.specials import legend_entries
from .layers.stacks import draw_badge, draw_boat, draw_canal_tag, draw_stacked

INK = QColor("#8a8f99")  # a neutral owner for the key's glyphs


@dataclass(frozen=True)
class KeyEntry:
    mark: str  # D, T, N, Y, S, FF, canal:<state>, line:<colour>, land
    text: str


def key_entries(board: Board, canal_states: tuple[str, ...] = ()) -> list[KeyEntry]:
    """What the key lists for this board: the units and installations, the canal states
    shown, each kind of special line, and what the land's colour says."""
    out = [KeyEntry("D", "division (12 = 12D)"), KeyEntry("T", "task force"),
           KeyEntry("N", "national guard"), KeyEntry("Y", "armoury"), KeyEntry("S", "shipyard"),
           KeyEntry("FF", "fishing fleet")]
    out += [KeyEntry(f"canal:{s}", f"canal {s}") for s in canal_states]
    out += [KeyEntry(f"line:{e.colour}", e.text) for e in legend_entries(board)]
    out.append(KeyEntry("land", "land in its owner's colour (de facto)"))
    return out


def key_height(font_px: float) -> float:
    """The band's height for text ``font_px`` tall: one row of glyphs and words."""
    return font_px * 2.2


def paint_key(painter: QPainter, rect: QRectF, entries: list[KeyEntry], font_px: float) -> list[QRectF]:
    """The entries left to right across ``rect`` (on as many rows as they need); returns the
    box of each, as painted (tests check that none is cut or covers another)."""
    font = QFont(glyphs.FONT_FAMILY)
    font.setPixelSize(max(1, round(font_px)))
    fm = QFontMetricsF(font)
    mark = font_px * 1.5
    gap = font_px * 1.2
    row_h = key_height(font_px)
    x, y = rect.left(), rect.top()
    boxes: list[QRectF] = []
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setFont(font)
    for e in entries:
        mw = _mark_width(e, mark)
        w = mw + font_px * 0.4 + fm.horizontalAdvance(e.text)
        if x > rect.left() and x + w > rect.right():
            x, y = rect.left(), y + row_h
        m = QRectF(x, y + (row_h - mark) / 2, mw, mark)
        _mark(painter, e.mark, m)
        painter.setPen(QColor("#222222"))
        painter.drawText(QPointF(m.right() + font_px * 0.4, y + row_h / 2 + fm.capHeight() / 2), e.text)
        boxes.append(QRectF(x, y, w, row_h))
        x += w + gap
    painter.restore()
    return boxes


def rows_needed(entries: list[KeyEntry], width: float, font_px: float) -> int:
    """How many rows the entries take across ``width``."""
    font = QFont(glyphs.FONT_FAMILY)
    font.setPixelSize(max(1, round(font_px)))
    fm = QFontMetricsF(font)
    mark, gap = font_px * 1.5, font_px * 1.2
    rows, x = 1, 0.0
    for e in entries:
        w = _mark_width(e, mark) + font_px * 0.4 + fm.horizontalAdvance(e.text)
        if x > 0 and x + w > width:
            rows, x = rows + 1, 0.0
        x += w + gap
    return rows


def _mark_width(e: KeyEntry, mark: float) -> float:
    return mark * (2.2 if e.mark.startswith("canal:") or e.mark.startswith("line:") else 1.0)


def _mark(painter: QPainter, mark: str, r: QRectF) -> None:
    if mark in ("D", "T", "N"):
        draw_stacked(painter, QRectF(r.left(), r.top(), r.height(), r.height()), mark, "12" if mark != "N" else "N", INK)
    elif mark in ("Y", "S"):
        s = r.width() * 0.7
        draw_badge(painter, QRectF(r.center().x() - s / 2, r.center().y() - s / 2, s, s), mark, INK)
    elif mark == "FF":
        draw_boat(painter, QRectF(r.left(), r.top() + r.height() * 0.2, r.width(), r.height() * 0.8), INK)
    elif mark.startswith("canal:"):
        h = r.height() * 0.6
        draw_canal_tag(painter, QRectF(r.left(), r.center().y() - h / 2, r.width(), h), mark.split(":", 1)[1])
    elif mark.startswith("line:"):
        pen = QPen(QColor(mark.split(":", 1)[1]), r.height() * 0.14)
        pen.setStyle(Qt.PenStyle.DashDotLine)
        painter.setPen(pen)
        painter.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()))
    elif mark == "land":
        painter.setPen(QPen(QColor("#555555"), r.height() * 0.05))
        half = r.height() / 2
        painter.setBrush(QColor("#c8324b"))
        painter.drawRect(QRectF(r.left(), r.top() + r.height() * 0.2, half, r.height() * 0.6))
        painter.setBrush(QColor("#3f7fd0"))
        painter.drawRect(QRectF(r.left() + half, r.top() + r.height() * 0.2, half, r.height() * 0.6))
