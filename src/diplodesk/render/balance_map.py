"""The balance report's picture: the map coloured by the power that reaches each centre first.

A home centre is filled with its owner's colour under the usual marker (a disc with a dot);
a neutral centre that one power reaches first, alone, with that power's colour, its marker a
white disc ringed in the colour with the moves it needs written in it; a contested neutral
centre is striped in the colours of the powers that contest it, its marker cut into their
slices with the moves beside. The board's special lines and the labels are drawn as on a
game's map. A band above the map holds the title and the key.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QTransform,
)
from shapely.geometry import Polygon

from ..designer.balance import BalanceReport
from ..engine.position import Position
from ..engine.variant import Variant
from ..geometry.shapes import MapGeometry
from . import glyphs
from .painter import MapPainter, RenderOptions
from .palette import blend
from .paths import geometry_path


class BalanceMap:
    """Draws one balance report on its variant's map."""

    def __init__(self, variant: Variant, geometry: MapGeometry, report: BalanceReport):
        self.variant = variant
        self.report = report
        self.mp = MapPainter(variant, geometry)
        self.options = RenderOptions(show_orders=False, show_title=False, show_legend=False)
        self.page = RenderOptions(show_orders=False)  # the page of a map with its band on top
        self.pal = self.mp.palette("default")
        owners = {c: p.power for p in report.powers for c in p.homes}
        owners.update({r.centre: r.first[0] for r in report.races if len(r.first) == 1})
        self.owners = {c: o for c, o in owners.items() if geometry.has(c)}
        # no homeland drawn: only the centres say who gets where
        self.position = Position(variant=variant, phase=variant.start_phase, units={}, centers=self.owners,
                                 extra={"land": {}}, variant_ref=variant.id)

    @property
    def g(self) -> float:
        return self.mp.sheet.base_g

    def page_rect(self) -> QRectF:
        """The map and the band above it for the title and the key (a game map's band)."""
        return self.mp.page_rect(self.page)

    def fit_transform(self, target: QRectF) -> QTransform:
        return self.mp.fit_transform(target, self.page)

    def fill_of(self, centre: str) -> tuple[QColor, ...]:
        """The colours a centre's province is filled with: one, or a contested one's stripes."""
        r = next((r for r in self.report.races if r.centre == centre), None)
        if r is not None and r.contested:
            return tuple(blend(self.pal.power(p), self.pal.land, 0.3) for p in r.first)
        owner = self.owners.get(centre)
        return (self.pal.territory(owner),) if owner else (QColor(self.pal.land),)

    # -- painting --------------------------------------------------------------------------

    def paint(self, painter: QPainter, target: QRectF) -> None:
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setTransform(self.fit_transform(target), True)
            self.mp.paint_board(painter, self.position, self.options)
            self._stripes(painter)
            self._markers(painter)
            self._key(painter)
        finally:
            painter.restore()

    def _stripes(self, painter: QPainter) -> None:
        geometry = self.mp.geometry
        w = self.g * 0.32
        # an image or a PDF takes a striped brush; an SVG file gets the stripes as shapes
        vector = painter.paintEngine() is not None and painter.paintEngine().type() == QPaintEngine.Type.SVG
        for r in self.report.races:
            if not r.contested or not geometry.has(r.centre):
                continue
            path = self.mp.sheet.path(r.centre)
            colours = self.fill_of(r.centre)
            if vector:
                for colour, part in zip(colours, self._stripe_shapes(r.centre, len(colours), w), strict=True):
                    painter.fillPath(part, colour)
            else:
                painter.fillPath(path, _stripe_brush(colours, w))
            painter.setPen(self.mp.board_layer.border_pen(painter, self.pal.land_border, self.g * 0.035))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)

    def _stripe_shapes(self, centre: str, k: int, w: float) -> list[QPainterPath]:
        """A centre's shape cut into ``k`` sets of stripes ``w`` wide (kept with the map)."""
        key = f"\0balance-stripes-{centre}-{k}-{w}"
        cached = self.mp.sheet.paths.get(key)
        if cached is None:
            shape = self.mp.geometry.shape(centre)
            x0, y0, x1, y1 = shape.bounds
            h = y1 - y0
            bands: list[list[Polygon]] = [[] for _ in range(k)]
            i, x = 0, x0 - h
            while x < x1:
                bands[i % k].append(Polygon([(x, y1), (x + w, y1), (x + w + h, y0), (x + h, y0)]))
                x, i = x + w, i + 1
            cached = [geometry_path(shapely.intersection(shape, shapely.union_all(b))) if b else QPainterPath()
                      for b in bands]
            self.mp.sheet.paths[key] = cached
        return cached

    def _markers(self, painter: QPainter) -> None:
        geometry, sheet = self.mp.geometry, self.mp.sheet
        rad = self.g * 0.36
        races = {r.centre: r for r in self.report.races}
        for c in self.report.centres:
            if not geometry.has(c):
                continue
            x, y = sheet.center_point(c)
            centre = QPointF(x, y)
            r = races.get(c)
            if r is None:  # a home centre: the usual marker in its owner's colour
                small = self.g * 0.17
                painter.setPen(QPen(self.pal.ink, small * 0.28))
                painter.setBrush(self.pal.power(self.owners.get(c)))
                painter.drawEllipse(centre, small, small)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(self.pal.ink)
                painter.drawEllipse(centre, small * 0.3, small * 0.3)
                continue
            if r.contested:
                self._slices(painter, centre, rad, [self.pal.power(p) for p in r.first])
                _number(painter, str(r.best), rad * 1.2, x + rad * 1.55, y, self.pal.ink)
                continue
            ring = self.pal.power(r.first[0]) if r.moves else QColor(self.pal.invalid)
            painter.setPen(QPen(ring, rad * 0.3))
            painter.setBrush(QColor("#ffffff"))
            painter.drawEllipse(centre, rad, rad)
            painter.fillPath(glyphs.text_path(str(r.best) if r.moves else "-", rad * 1.25, x, y), self.pal.ink)

    def _slices(self, painter: QPainter, c: QPointF, rad: float, colours: list[QColor]) -> None:
        box = QRectF(c.x() - rad, c.y() - rad, 2 * rad, 2 * rad)
        span = 360 * 16 / len(colours)
        painter.setPen(Qt.PenStyle.NoPen)
        for i, colour in enumerate(colours):
            painter.setBrush(colour)
            painter.drawPie(box, round(90 * 16 - i * span), -round(span))
        painter.setPen(QPen(self.pal.ink, rad * 0.16))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(c, rad, rad)

    # -- the band: title and key -------------------------------------------------------------

    def _key(self, painter: QPainter) -> None:
        pal, g = self.pal, self.g
        x0, y0, x1, _ = self.mp.geometry.bounds
        band = self.mp.band_height(self.page)
        painter.fillRect(QRectF(x0, y0 - band, x1 - x0, band), pal.paper)
        painter.setPen(QPen(pal.land_border, g * 0.03))
        painter.drawLine(QPointF(x0, y0), QPointF(x1, y0))
        pad, size = g * 0.5, g * 0.8
        title = f"Balance: {self.report.name}"
        sub = "who reaches each centre first from the start (numbers: moves)"
        painter.fillPath(glyphs.text_path(title, size, x0 + pad, y0 - band * 0.7, align="left"), pal.ink)
        painter.fillPath(glyphs.text_path(sub, size * 0.55, x0 + pad, y0 - band * 0.36, align="left", bold=False),
                         blend(pal.ink, pal.paper, 0.3))
        left = x0 + pad * 3 + max(glyphs.text_width(title, size), glyphs.text_width(sub, size * 0.55, False))
        entries = self.key()
        ts = size * 0.7
        while True:  # smaller words until the key fits in three rows
            widths, rows = _rows_of([ts * 1.6 + glyphs.text_width(text, ts, False) for text, _, _ in entries],
                                    max(x1 - pad - left, ts * 10), ts)
            if len(rows) <= 3 or ts < size * 0.3:
                break
            ts *= 0.85
        n = len(rows)
        for r, items in enumerate(rows):
            y = y0 - band * (0.5 if n == 1 else 0.82 - 0.64 * r / (n - 1))
            x = left
            for i in items:
                text, mark, colours = entries[i]
                at = QPointF(x + ts * 0.6, y)
                if mark == "swatch":
                    self._swatch(painter, at, ts, colours)
                elif mark == "home":
                    self._home(painter, at, ts)
                else:
                    self._alone(painter, at, ts)
                painter.fillPath(glyphs.text_path(text, ts, x + ts * 1.4, y, align="left", bold=False), pal.ink)
                x += widths[i] + ts

    def key(self) -> list[tuple[str, str, list[QColor]]]:
        """The key's entries: (text, mark, colours): each power's swatch, the contested
        stripes, a home centre's marker and a neutral one's."""
        pal = self.pal
        out = [(p.power, "swatch", [pal.territory(p.power)]) for p in self.report.powers]
        contested = sorted({q for r in self.report.races if r.contested for q in r.first})[:3]
        out.append(("contested", "swatch", [blend(pal.power(q), pal.land, 0.3) for q in contested] or [pal.land]))
        out.append(("home centre", "home", []))
        out.append(("first, alone (moves)", "alone", []))
        return out

    def _swatch(self, painter: QPainter, c: QPointF, ts: float, colours: list[QColor]) -> None:
        s = ts * 1.1
        box = QRectF(c.x() - s / 2, c.y() - s / 2, s, s)
        step = s / len(colours)
        painter.setPen(Qt.PenStyle.NoPen)
        for i, colour in enumerate(colours):
            painter.fillRect(QRectF(box.x() + i * step, box.y(), step, s), colour)
        painter.setPen(QPen(self.pal.ink, ts * 0.07))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(box)

    def _home(self, painter: QPainter, c: QPointF, ts: float) -> None:
        r = ts * 0.38
        painter.setPen(QPen(self.pal.ink, r * 0.28))
        painter.setBrush(QColor(self.pal.invalid))
        painter.drawEllipse(c, r, r)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.pal.ink)
        painter.drawEllipse(c, r * 0.3, r * 0.3)

    def _alone(self, painter: QPainter, c: QPointF, ts: float) -> None:
        r = ts * 0.5
        painter.setPen(QPen(self.pal.ink, r * 0.3))
        painter.setBrush(QColor("#ffffff"))
        painter.drawEllipse(c, r, r)
        painter.fillPath(glyphs.text_path("1", r * 1.25, c.x(), c.y()), self.pal.ink)


def _rows_of(widths: list[float], avail: float, gap: float) -> tuple[list[float], list[list[int]]]:
    """Entries of these widths laid out in rows no wider than ``avail``."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, w in enumerate(widths):
        if rows[-1] and used + w > avail:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += w + gap
    return widths, rows


def _stripe_brush(colours: tuple[QColor, ...], w: float) -> QBrush:
    """A brush of diagonal stripes ``w`` map units wide, one colour after another."""
    k, px = len(colours), 16
    size = px * k
    x, y = np.meshgrid(np.arange(size), np.arange(size))
    index = ((x + y) % size) // px
    rgb = np.array([[c.red(), c.green(), c.blue()] for c in colours], dtype=np.uint8)[index]
    image = QImage(np.ascontiguousarray(rgb).data, size, size, size * 3, QImage.Format.Format_RGB888).copy()
    brush = QBrush(image)
    brush.setTransform(QTransform.fromScale(w / px, w / px))
    return brush


def _number(painter: QPainter, text: str, size: float, x: float, y: float, ink: QColor) -> None:
    """A number with a white halo, readable on any fill."""
    path = glyphs.text_path(text, size, x, y)
    stroker = QPainterPathStroker()
    stroker.setWidth(size * 0.25)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.fillPath(stroker.createStroke(path), QColor(255, 255, 255, 210))
    painter.fillPath(path, ink)


def balance_image(variant: Variant, geometry: MapGeometry, report: BalanceReport, width: int) -> QImage:
    """The picture as an image ``width`` pixels wide (the editor's panel)."""
    bm = BalanceMap(variant, geometry, report)
    page = bm.page_rect()
    height = max(1, math.ceil(width * page.height() / page.width()))
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    try:
        bm.paint(painter, QRectF(0, 0, width, height))
    finally:
        painter.end()
    return image


def write_balance_map(variant: Variant, geometry: MapGeometry, report: BalanceReport, out: Path,
                      suffix: str, width: int = 1600) -> Path:
    """The picture into a PNG, SVG or PDF file (``suffix`` says which), written atomically;
    RenderError if it can't be."""
    from .export import draw_file, ensure_app, write_atomically

    ensure_app()
    bm = BalanceMap(variant, geometry, report)
    page = bm.page_rect()
    height = max(1, round(width * page.height() / page.width()))
    return write_atomically(Path(out), lambda tmp: draw_file(tmp, suffix, width, height,
                                                             f"Balance of {report.name}", bm.paint))
