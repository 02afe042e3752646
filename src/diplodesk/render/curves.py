"""A playtest's centre curves: each power's mean centres per year, with its spread.

>>> paint_centre_curves(painter, QRectF(0, 0, 1200, 700), report)   # any QPainter
>>> write_curves(report, Path("curves.png"))                        # or .svg

One painter for the editor's Balance panel and the files. Each curve is the mean over the
games, the band around it one standard deviation either way; each curve is named at its
end, so nothing depends on colour alone; the solo line is drawn where the curves reach it.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from ..designer.playtest_report import PlaytestReport
from .glyphs import FONT_FAMILY
from .palette import blend, make_palette

FORMATS = (".png", ".svg")
INK = QColor("#222222")
GRID = QColor("#dddddd")
NOTE = "Bot games are a hint, not a proof."


def _font(px: float, bold: bool = False) -> QFont:
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


def _step(top: float) -> int:
    """A round step for the centre axis: about five lines up to ``top``."""
    for s in (1, 2, 5, 10, 20, 50, 100):
        if top / s <= 6:
            return s
    return 200


def paint_centre_curves(painter: QPainter, rect: QRectF, report: PlaytestReport) -> None:
    """Draw the report's curves into ``rect`` (white ground, axes, a curve per power)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(rect, QColor("#ffffff"))
    unit = max(10.0, min(rect.width() / 90, rect.height() / 50))  # text size follows the picture
    title_f, label_f, small_f = _font(unit * 1.25, bold=True), _font(unit), _font(unit * 0.85)
    fm = QFontMetricsF(label_f)
    figures = report.figures
    names = [f.power for f in figures]
    label_w = max((fm.horizontalAdvance(n) for n in names), default=0) + unit * 1.5
    plot = QRectF(rect.left() + unit * 4.5, rect.top() + unit * 4, 0, 0)
    plot.setRight(rect.right() - label_w - unit)
    plot.setBottom(rect.bottom() - unit * 5)
    rules = f", rules {', '.join(report.rules)}" if report.rules else ""
    painter.setFont(title_f)
    painter.setPen(INK)
    painter.drawText(QRectF(rect.left() + unit, rect.top() + unit * 0.6, rect.width() - 2 * unit, unit * 2),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                     f"{report.name}: centres held at the end of each year")
    painter.setFont(small_f)
    painter.drawText(QRectF(rect.left() + unit, rect.top() + unit * 2.3, rect.width() - 2 * unit, unit * 1.4),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                     f"mean of {report.games} games of {report.bot} bots (seed {report.seed}{rules}); "
                     f"bands: one standard deviation either way. {NOTE}")
    if plot.width() <= unit or plot.height() <= unit or not report.years:
        painter.restore()
        return
    top = max((m + s for f in figures for m, s in zip(f.mean, f.spread, strict=True)), default=1.0)
    if report.victory and report.victory <= top * 1.25:
        top = max(top, float(report.victory))
    step = _step(top)
    top = max(step, math.ceil(top / step) * step)
    years = report.years

    def x(i: float) -> float:
        return plot.left() + (plot.width() * i / (years - 1) if years > 1 else plot.width() / 2)

    def y(v: float) -> float:
        return plot.bottom() - plot.height() * max(0.0, min(v, top)) / top

    # the grid and the axes
    painter.setFont(small_f)
    for v in range(0, int(top) + 1, step):
        painter.setPen(QPen(GRID, max(1.0, unit / 12)))
        painter.drawLine(QPointF(plot.left(), y(v)), QPointF(plot.right(), y(v)))
        painter.setPen(INK)
        painter.drawText(QRectF(rect.left(), y(v) - unit, plot.left() - rect.left() - unit * 0.5, 2 * unit),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(v))
    every = max(1, math.ceil(years / max(1.0, plot.width() / (unit * 4.5))))
    last_tick = (years - 1) // every * every
    for i, label in enumerate(report.year_labels):
        # every ``every``-th year, and the last one where it does not crowd the one before
        if i % every and not (i == years - 1 and i - last_tick >= every * 0.6):
            continue
        painter.drawText(QRectF(x(i) - unit * 3, plot.bottom() + unit * 0.4, unit * 6, unit * 1.5),
                         Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, str(label))
    painter.drawText(QRectF(plot.left(), plot.bottom() + unit * 2.2, plot.width(), unit * 1.5),
                     Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, "year")
    painter.save()
    painter.translate(rect.left() + unit * 1.1, plot.center().y())
    painter.rotate(-90)
    painter.drawText(QRectF(-plot.height() / 2, -unit, plot.height(), unit * 2), Qt.AlignmentFlag.AlignCenter,
                     "centres")
    painter.restore()
    painter.setPen(QPen(INK, max(1.0, unit / 8)))
    painter.drawLine(plot.bottomLeft(), plot.bottomRight())
    painter.drawLine(plot.bottomLeft(), plot.topLeft())
    if report.victory and report.victory <= top:
        pen = QPen(INK, max(1.0, unit / 8), Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(QPointF(plot.left(), y(report.victory)), QPointF(plot.right(), y(report.victory)))
        painter.setFont(small_f)
        # above the line, or under it where the line is the plot's top (above, it would
        # run into the subtitle)
        line_y = y(report.victory)
        above = line_y - unit * 1.5 >= plot.top()
        painter.drawText(QRectF(plot.left() + unit * 0.5, line_y - unit * 1.5 if above else line_y + unit * 0.1,
                                plot.width(), unit * 1.4),
                         Qt.AlignmentFlag.AlignLeft | (Qt.AlignmentFlag.AlignBottom if above else Qt.AlignmentFlag.AlignTop),
                         f"a solo: {report.victory} centres")

    colours = _colours(report)
    # the bands first, then the lines over them
    for f in figures:
        band = QPolygonF([QPointF(x(i), y(m + s)) for i, (m, s) in enumerate(zip(f.mean, f.spread, strict=True))]
                         + [QPointF(x(i), y(m - s)) for i, (m, s) in reversed(list(enumerate(
                             zip(f.mean, f.spread, strict=True))))])
        fill = QColor(colours[f.power])
        fill.setAlphaF(0.10)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawPolygon(band)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for f in figures:
        path = QPainterPath(QPointF(x(0), y(f.mean[0])))
        for i, m in enumerate(f.mean[1:], start=1):
            path.lineTo(QPointF(x(i), y(m)))
        painter.setPen(QPen(colours[f.power], max(1.5, unit / 4), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.drawPath(path)
    # each curve named at its end, the names pushed apart where the curves end close
    ends = sorted(((y(f.mean[-1]), f.power) for f in figures), key=lambda e: e[0])
    gap = fm.height() * 0.95
    placed: list[float] = []
    for want, _p in ends:
        placed.append(max(want, placed[-1] + gap) if placed else want)
    overflow = (placed[-1] + gap / 2 - plot.bottom()) if placed else 0
    if overflow > 0:
        placed = [p - overflow for p in placed]
    painter.setFont(label_f)
    for (want, power), at in zip(ends, placed, strict=True):
        painter.setPen(QPen(colours[power], max(1.0, unit / 10)))
        painter.drawLine(QPointF(plot.right(), want), QPointF(plot.right() + unit * 0.6, at))
        painter.setPen(blend(colours[power], INK, 0.35))
        painter.drawText(QRectF(plot.right() + unit * 0.8, at - gap / 2, label_w, gap),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, power)
    painter.restore()


def _colours(report: PlaytestReport) -> dict[str, QColor]:
    colours = report.colors if len(report.colors) == len(report.powers) else ("",) * len(report.powers)
    palette = make_palette("default", list(zip(report.powers, colours, strict=True)))
    return {p: palette.power(p) for p in report.powers}


def write_curves(report: PlaytestReport, path: Path, width: int = 1200, height: int = 700) -> Path:
    """The curves as a PNG or SVG file (by its suffix), written whole or not at all;
    RenderError (a ValueError) saying which file if it cannot be."""
    from .export import RenderError, draw_file, ensure_app, write_atomically

    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise RenderError(f"{path}: the curves are drawn to .png or .svg")
    ensure_app()
    title = f"{report.name}: playtest centre curves"
    return write_atomically(path, lambda tmp: draw_file(
        tmp, suffix, width, height, title, lambda painter, target: paint_centre_curves(painter, target, report)))
