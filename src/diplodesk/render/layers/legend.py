"""The band above the map: the phase as its title, the variant (and whose view it is), and
a legend of each power's colour with its centre count (others' counts hidden in Blind
games)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPen

from ...engine.position import Position
from .. import glyphs
from ..options import RenderOptions
from ..palette import Palette, blend
from ..sheet import Layer


class LegendLayer(Layer):
    """The title and the legend, in a band as tall as three glyphs."""

    def band_height(self, options: RenderOptions | None = None) -> float:
        o = options or RenderOptions()
        if not (o.show_title or o.show_legend):
            return 0.0
        return self.g * 3.0

    def paint(self, painter: QPainter, position: Position, pal: Palette, o: RenderOptions) -> None:
        x0, y0, x1, _ = self.geometry.bounds
        band = self.band_height(o)
        rect = QRectF(x0, y0 - band, x1 - x0, band)
        painter.fillRect(rect, pal.paper)
        painter.setPen(QPen(pal.land_border, self.g * 0.03))
        painter.drawLine(QPointF(x0, y0), QPointF(x1, y0))
        pad = self.g * 0.5
        size = self.g * 0.8
        x = x0 + pad
        if o.show_title:
            title = position.phase.long_name
            sub = self.sheet.variant.name + (f" \u2014 as {o.power} sees it" if o.power else "")
            sub += f" \u2014 {o.note}" if o.note else ""
            painter.fillPath(glyphs.text_path(title, size, x, y0 - band * 0.66, align="left"), pal.ink)
            painter.fillPath(glyphs.text_path(sub, size * 0.55, x, y0 - band * 0.27, align="left", bold=False),
                             blend(pal.ink, pal.paper, 0.3))
            x += max(glyphs.text_width(title, size), glyphs.text_width(sub, size * 0.55, False)) + pad * 2
        if not o.show_legend:
            return
        counts: dict[str, int] = {}
        for owner in position.centers.values():
            counts[owner] = counts.get(owner, 0) + 1
        units: dict[str, int] = {}
        for u in position.units.values():
            units[u.power] = units.get(u.power, 0) + 1
        entries = [(p.name, counts.get(p.name, 0), units.get(p.name, 0)) for p in self.sheet.variant.powers]
        ts = size * 0.58
        sw = ts * 1.2
        widths = [sw + ts * 0.4 + glyphs.text_width(f"{n} {c}", ts) for n, c, _ in entries]
        gap = ts * 1.1
        avail = x1 - pad - x
        rows = 1 if sum(widths) + gap * (len(widths) - 1) <= avail else 2
        per_row = math.ceil(len(entries) / rows)
        col_w = max(widths) + gap
        if rows == 2 and per_row * col_w > avail:
            col_w = avail / per_row
        legend_w = min(sum(widths) + gap * (len(widths) - 1), per_row * col_w) if rows == 1 else per_row * col_w - gap
        lx = max(x, x1 - pad - legend_w)
        for i, (name, n, _) in enumerate(entries):
            r, k = divmod(i, per_row)
            if rows == 1:
                ex = lx + sum(widths[:k]) + gap * k
            else:
                ex = lx + k * col_w
            ey = y0 - band * (0.5 if rows == 1 else (0.7 - 0.4 * r))
            emph = o.power is None or o.power == name
            painter.setOpacity(1.0 if emph else 0.45)
            painter.setPen(QPen(pal.ink, ts * 0.08))
            painter.setBrush(pal.power(name))
            painter.drawRect(QRectF(ex, ey - sw / 2, sw, sw))
            label = f"{name} {n}" if (o.show_counts or o.power == name) else name
            painter.fillPath(glyphs.text_path(label, ts, ex + sw + ts * 0.4, ey, align="left",
                                              bold=o.power == name), pal.ink)
        painter.setOpacity(1.0)
