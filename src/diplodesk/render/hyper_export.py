"""A Hypereconomic position drawn to a file (PNG, SVG, PDF), whole or one regional sheet,
and the map drawer the print packs replay (``hyper_pack.py``).

The drawing is ``hyper_map``'s (the board in de facto owners' colours, then the stacks); this
module only frames it: the whole map, or the box of a sheet of the variant's ``[sheets]``,
clipped to it and scaled to fit.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QTransform,
)

from ..engine.hyper.model import HyperPosition
from ..geometry.shapes import MapGeometry
from . import glyphs
from .export import FORMATS, MAX_WIDTH, RenderError, draw_file, ensure_app, write_atomically
from .hyper_map import HyperMapPainter, painter_for

Box = tuple[float, float, float, float]
BOARD, OVER = "board", "over"  # a map's parts: the provinces and borders; the labels and stacks
ALL = BOARD + "+" + OVER
LABEL_PX = 100  # the labels' font size before scaling to the map's label size
# a sheet's labels: at most this share of the sheet's width tall (on an A4 page, about 7 pt),
# so that a region's small provinces keep their names apart where the whole map's would not
SHEET_LABEL = 0.009
HALO = ((-3, 0), (3, 0), (0, -3), (0, 3))  # the white halo around a label, in LABEL_PX units


def sheet_box(position: HyperPosition, sheet: str | None) -> Box | None:
    """The box of the sheet named (any case; None: the whole map); RenderError listing the
    sheets for a name the variant does not have."""
    if sheet is None:
        return None
    sheets = position.variant.sheets
    ids = {s.lower(): s for s in sheets}
    if sheet.lower() not in ids:
        known = ", ".join(sheets) or "none"
        raise RenderError(f"variant {position.variant.id!r} has no sheet {sheet!r} (sheets: {known})")
    return tuple(sheets[ids[sheet.lower()]].box)  # type: ignore[return-value]


def box_transform(box: Box, target: QRectF) -> QTransform:
    """Map units of ``box`` -> ``target``, keeping the aspect ratio, centred."""
    x0, y0, x1, y1 = box
    k = min(target.width() / (x1 - x0), target.height() / (y1 - y0))
    t = QTransform()
    t.translate(target.x() + (target.width() - (x1 - x0) * k) / 2,
                target.y() + (target.height() - (y1 - y0) * k) / 2)
    t.scale(k, k)
    t.translate(-x0, -y0)
    return t


class HyperDrawer:
    """Draws one position, whole or by sheet, into any rectangle of any painter."""

    def __init__(self, position: HyperPosition, geometry: MapGeometry | None = None, power: str | None = None,
                 text_labels: bool = False):
        self.position = position
        self.power = power
        self.hp: HyperMapPainter = painter_for(position, geometry)
        self.text_labels = text_labels  # labels as text (print packs), not as outlines
        self.palette = self.hp.map.palette(self.hp.options().palette)

    @property
    def bounds(self) -> Box:
        return tuple(self.hp.geometry.bounds)  # type: ignore[return-value]

    def aspect(self, box: Box | None) -> float:
        x0, y0, x1, y1 = box or self.bounds
        return (y1 - y0) / (x1 - x0)

    def __call__(self, painter: QPainter, target: QRectF, box: Box | None, parts: str = ALL) -> None:
        """Draw ``parts`` of the map (BOARD: provinces and borders; OVER: labels and stacks)
        of ``box`` (None: the whole map) into ``target``."""
        painter.save()
        try:
            if BOARD in parts:
                painter.fillRect(target, QColor("#ffffff"))
            if box is None:
                painter.setTransform(self.hp.fit_transform(target), True)
            else:
                painter.setClipRect(target)
                painter.setTransform(box_transform(box, target), True)
            o = self.hp.options(power=self.power, show_labels=False)
            if not (self.text_labels or box is not None):
                if parts == ALL:
                    self.hp.paint(painter, self.position, self.hp.options(power=self.power))
                    return
                o = self.hp.options(power=self.power, show_labels=BOARD not in parts)
            if BOARD in parts:
                self.hp.paint_board(painter, self.position, o)
            if OVER in parts:
                if self.text_labels or box is not None or BOARD not in parts:  # a part over a board image
                    self._labels(painter, self.hp.map.sheet.label_size if box is None
                                 else min(self.hp.map.sheet.label_size, SHEET_LABEL * (box[2] - box[0])))
                self.hp.paint_stacks(painter, self.position, o)
        finally:
            painter.restore()

    def _labels(self, painter: QPainter, size: float) -> None:
        """The province labels as text, not outlines: a PDF page of a world's labels stays
        small and quick to write (each label a few bytes, the font embedded once). ``size``
        is their height in map units."""
        sheet = self.hp.map.sheet
        font = QFont(glyphs.FONT_FAMILY)
        font.setBold(True)
        font.setPixelSize(LABEL_PX)
        metrics = QFontMetricsF(font)
        k = size / LABEL_PX
        painter.save()
        painter.setFont(font)
        halo = QColor(255, 255, 255, 170)
        for box in sheet.label_plan():
            text = box.prov.upper()
            x = box.x / k - metrics.horizontalAdvance(text) / 2
            y = box.y / k + metrics.capHeight() / 2
            painter.save()
            painter.scale(k, k)
            painter.setPen(halo)
            for dx, dy in HALO:
                painter.drawText(QPointF(x + dx, y + dy), text)
            sea = self.hp.geometry.kind(box.prov) == "sea"
            painter.setPen(self.palette.sea_ink if sea else self.palette.ink)
            painter.drawText(QPointF(x, y), text)
            painter.restore()
        painter.restore()


def render_hyper_file(position: HyperPosition, out: Path, width: int = 2000, *, sheet: str | None = None,
                      power: str | None = None, geometry: MapGeometry | None = None) -> Path:
    """Draw a hyper position (or one sheet of it) to ``out``: .png, .svg or .pdf."""
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise RenderError(f"{out}: can't tell the file type; use .png, .svg or .pdf")
    if not isinstance(width, int) or not 16 <= width <= MAX_WIDTH:
        raise RenderError(f"width must be a whole number of pixels from 16 to {MAX_WIDTH}, not {width!r}")
    box = sheet_box(position, sheet)
    ensure_app()
    draw = HyperDrawer(position, geometry, power)
    height = max(1, round(width * draw.aspect(box)))
    title = f"{position.variant.name}: {position.phase}"
    return write_atomically(out, lambda tmp: draw_file(
        tmp, suffix, width, height, title, lambda painter, target: draw(painter, target, box)))
