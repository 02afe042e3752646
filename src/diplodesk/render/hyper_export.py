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
    QPen,
    QTransform,
)

from ..engine.hyper.model import HyperPosition
from ..geometry.shapes import MapGeometry
from . import glyphs, hyper_labels
from .detail import LabelBox
from .export import FORMATS, MAX_WIDTH, RenderError, draw_file, ensure_app, write_atomically
from .hyper_map import HyperMapPainter, painter_for

Box = tuple[float, float, float, float]
BOARD, OVER = "board", "over"  # a map's parts: the provinces and borders; the labels and stacks
ALL = BOARD + "+" + OVER
LABEL_PX = 100  # the labels' font size before scaling to the map's label size
HALO = ((-3, 0), (3, 0), (0, -3), (0, 3))  # the white halo around a label, in LABEL_PX units
# on paper: a name is set this tall (about 7 pt), a small province's down to the floor (5 pt);
# a unit's glyph is at least GLYPH_MM across, so its number is read without a lens
NAME_MM, NAME_FLOOR_MM = 2.5, 1.8
GLYPH_MM = 4.2


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
    """Draws one position, whole or by sheet, into any rectangle of any painter.

    ``page_mm`` is the printed size of the rectangle drawn into (width, height in mm: a
    pack's page body): the names and glyphs are then sized for paper. Without it the
    rectangle is a screen or an image, and they are sized in its pixels as on the desk."""

    def __init__(self, position: HyperPosition, geometry: MapGeometry | None = None, power: str | None = None,
                 text_labels: bool = False, page_mm: tuple[float, float] | None = None):
        self.position = position
        self.power = power
        self.hp: HyperMapPainter = painter_for(position, geometry)
        self.text_labels = text_labels  # labels as text (print packs), not as outlines
        self.page_mm = page_mm
        self.palette = self.hp.map.palette(self.hp.options().palette)

    @property
    def bounds(self) -> Box:
        return tuple(self.hp.geometry.bounds)  # type: ignore[return-value]

    def aspect(self, box: Box | None) -> float:
        x0, y0, x1, y1 = box or self.bounds
        return (y1 - y0) / (x1 - x0)

    def sizes(self, target: QRectF, box: Box | None) -> tuple[float, float, float]:
        """(screen scale for the glyphs, name size, name floor) in map units for ``box`` drawn
        into ``target``: on paper from ``page_mm``, else from ``target``'s pixels."""
        x0, y0, x1, y1 = box or self.bounds
        w, h = max(1e-9, x1 - x0), max(1e-9, y1 - y0)
        if self.page_mm is None:
            scale = min(target.width() / w, target.height() / h)
            size, floor = self.hp.name_sizes(scale)
            return scale, size, floor
        mm = min(self.page_mm[0] / w, self.page_mm[1] / h)  # mm of paper per map unit
        # a glyph of base_g units at least GLYPH_MM: as a screen whose least glyph is so many mm
        from .detail import MIN_UNIT_PX

        return MIN_UNIT_PX * mm / GLYPH_MM, NAME_MM / mm, NAME_FLOOR_MM / mm

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
            scale, size, floor = self.sizes(target, box)
            outlines = parts == ALL and not self.text_labels  # an image: the names as outlines
            o = self.hp.options(power=self.power, show_labels=False, screen_scale=scale)
            if BOARD in parts:
                self.hp.paint_board(painter, self.position, o)
            if OVER in parts:
                self.hp.map.sheet.use_scale(scale)
                plan = self.hp.label_plan(size, floor, box, self.position)
                if outlines:
                    self.hp.paint_labels(painter, plan)
                else:
                    self._labels(painter, plan)
                self.hp.paint_stacks(painter, self.position, o)
        finally:
            painter.restore()

    def _labels(self, painter: QPainter, plan: list[LabelBox]) -> None:
        """The province labels as text, not outlines: a PDF page of a world's labels stays
        small and quick to write (each label a few bytes, the font embedded once), and its
        names can be searched. Each is drawn at its own size from the plan."""
        font = QFont(glyphs.FONT_FAMILY)
        font.setBold(True)
        font.setPixelSize(LABEL_PX)
        metrics = QFontMetricsF(font)
        painter.save()
        pen = QPen(self.palette.ink, 1)
        for box in plan:
            line = hyper_labels.leader_line(box)
            if line is not None:  # a name set beside its province points into it
                pen.setWidthF(box.size * 0.09)
                painter.setPen(pen)
                painter.drawLine(QPointF(*line[0]), QPointF(*line[1]))
        painter.setFont(font)
        halo = QColor(255, 255, 255, 170)
        for box in plan:
            k = box.size / LABEL_PX
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
