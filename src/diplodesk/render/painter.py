"""The one painter: a position, its orders and their results, drawn with QPainter.

Screen, PNG, SVG, PDF and printing all go through :meth:`MapPainter.paint`, which draws
in map coordinates (the SVG's user units). The caller sets the transform; use
:meth:`MapPainter.fit_transform` to fit the page into a target rectangle. The page is the
map plus, when the title or legend is shown, a band above it for them.

What is drawn, bottom to top: the map's decoration, provinces (supply centres in their
owner's colour, other land neutral, seas blue, impassable hatched), borders, supply-centre
markers, labels, railroad lines (faint, through their provinces), units, choice units not yet
set up (a "?" in the owner's colour), dislodged units (red ring, dots toward their retreats), orders as
judges draw them (moves as arrows, supports dashed to the supported move's middle or to the
held unit, convoys dotted through the fleet, holds as octagons, builds as a ring and a
plus, removals as a cross, railroad moves dashed along the line; an interrupted one solid up to
where the army stopped, with a bar there), results (a failed order gets a red cross and a hollow head), the
title and the legend.

Each of those is a layer in :mod:`.layers` (board, labels, units, orders and their arrows,
results, the legend), drawing on one shared :class:`~.sheet.Sheet` that knows where things
go; :class:`MapPainter` composes them in that order. Blind games need no layer of their
own: a power's map is drawn from its projection of the position (see ``render.export``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QTransform

from ..engine.board import UnitType
from ..engine.position import Position
from ..engine.variant import Variant
from ..geometry.shapes import MapGeometry
from .layers.board import BoardLayer
from .layers.labels import LabelsLayer
from .layers.legend import LegendLayer
from .layers.orders import OrdersLayer
from .layers.results import ResultsLayer
from .layers.specials import SpecialsLayer
from .layers.units import UnitsLayer, draw_choice, draw_unit
from .marks import MarkReader, OrderMark, dislodged_by
from .options import RenderOptions
from .palette import Palette, make_palette
from .paths import geometry_path
from .sheet import Sheet

__all__ = ["MapPainter", "OrderMark", "RenderOptions", "geometry_path"]


class MapPainter:
    """Draws positions of one variant on one map geometry, layer by layer."""

    def __init__(self, variant: Variant, geometry: MapGeometry):
        self.variant = variant
        self.board = variant.board
        self.sheet = Sheet(variant, geometry)
        self._palettes: dict[str, Palette] = {}
        self.marks = MarkReader(variant)
        self.board_layer = BoardLayer(self.sheet)
        self.labels = LabelsLayer(self.sheet)
        self.units = UnitsLayer(self.sheet)
        self.results = ResultsLayer(self.sheet)
        self.orders = OrdersLayer(self.sheet, self.results)
        self.legend = LegendLayer(self.sheet)
        self.specials = SpecialsLayer(self.sheet, self.board_layer)

    @property
    def g(self) -> float:
        """The glyph size drawn now (grown when drawn for a zoomed-out screen)."""
        return self.sheet.g

    @property
    def geometry(self) -> MapGeometry:
        return self.sheet.geometry

    @geometry.setter
    def geometry(self, geometry: MapGeometry) -> None:
        self.sheet.geometry = geometry

    # -- page layout -------------------------------------------------------------------

    def band_height(self, options: RenderOptions | None = None) -> float:
        return self.legend.band_height(options)

    def page_rect(self, options: RenderOptions | None = None) -> QRectF:
        """The whole drawing in map units: the map and the band above it."""
        x0, y0, x1, y1 = self.geometry.bounds
        band = self.band_height(options)
        return QRectF(x0, y0 - band, x1 - x0, y1 - y0 + band)

    def fit_transform(self, target: QRectF, options: RenderOptions | None = None) -> QTransform:
        """Map units -> target rectangle, keeping the aspect ratio, centred."""
        page = self.page_rect(options)
        k = min(target.width() / page.width(), target.height() / page.height())
        t = QTransform()
        t.translate(target.x() + (target.width() - page.width() * k) / 2,
                    target.y() + (target.height() - page.height() * k) / 2)
        t.scale(k, k)
        t.translate(-page.x(), -page.y())
        return t

    def palette(self, name: str) -> Palette:
        if name not in self._palettes:
            self._palettes[name] = make_palette(name, [(p.name, p.color) for p in self.variant.powers])
        return self._palettes[name]

    # -- what's missing ----------------------------------------------------------------

    def missing(self, position: Position) -> list[str]:
        """Places the position names that the map has no shape for."""
        places = set(position.units) | set(position.dislodged) | set(position.centers) | set(position.choices)
        return sorted(p for p in places if not self.geometry.has(p))

    # -- paint -------------------------------------------------------------------------

    def paint(self, painter: QPainter, position: Position, results: Any = None,
              options: RenderOptions | None = None) -> None:
        """Draw ``position`` (with its orders, or with ``results`` once adjudicated).

        ``results`` is the result dict of :func:`diplodesk.engine.adjudicate` or its
        ``orders`` list. Drawing is in map coordinates: set the painter's transform first.
        """
        o = options or RenderOptions()
        pal = self.palette(o.palette)
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            marks = self.order_marks(position, results) if o.show_orders else []
            dislodged_now = self._dislodged_by(results, marks)
            self.paint_board(painter, position, o)
            self._paint_units(painter, position, pal, o, dislodged_now)
            if marks:
                self._paint_orders(painter, position, marks, pal, o)
            if o.show_title or o.show_legend:
                self.legend.paint(painter, position, pal, o)
        finally:
            painter.restore()

    def paint_board(self, painter: QPainter, position: Position, options: RenderOptions) -> None:
        """The base layer alone: map, homelands, special lines, labels, centre markers."""
        o = options
        pal = self.palette(o.palette)
        self.sheet.use_scale(o.screen_scale)
        self.board_layer.paint_map(painter, position, pal)
        if o.show_specials:
            self.specials.paint(painter, pal)
        else:
            self.board_layer.paint_railroads(painter, pal)
        if o.show_labels:
            self.labels.paint(painter, pal)
        self.board_layer.paint_centers(painter, position, pal)

    # -- the top layer's steps (the map view draws them over its cached board) ---------

    def order_marks(self, position: Position, results: Any = None) -> list[OrderMark]:
        """The orders to draw: parsed from ``results`` when given, else from the position."""
        return self.marks.order_marks(position, results)

    def _dislodged_by(self, results: Any, marks: list[OrderMark]) -> set[str]:
        return dislodged_by(results, marks)

    def _paint_units(self, painter: QPainter, position: Position, pal: Palette, o: RenderOptions,
                     dislodged_now: set[str]) -> None:
        self.sheet.use_scale(o.screen_scale)
        self.units.paint(painter, position, pal, o, dislodged_now)

    def _paint_orders(self, painter: QPainter, position: Position, marks: list[OrderMark],
                      pal: Palette, o: RenderOptions) -> None:
        self.orders.paint(painter, position, marks, pal, o)

    # -- where things go, and glyphs (for callers that draw beside the painter) --------

    @property
    def label_size(self) -> float:
        return self.sheet.label_size

    def label_point(self, prov: str) -> tuple[float, float]:
        return self.sheet.label_point(prov)

    def center_point(self, prov: str) -> tuple[float, float]:
        return self.sheet.center_point(prov)

    def unit_point(self, loc: str, dislodged: bool = False) -> QPointF:
        """Where the unit at ``loc`` is drawn (a dislodged one clear of the unit that took
        its place)."""
        return self.sheet.unit_point(loc, dislodged)

    @staticmethod
    def draw_unit(painter: QPainter, c: QPointF, utype: UnitType | str, colour: QColor,
                  size: float, ghost: bool = False) -> None:
        """An army or fleet glyph ``size`` across, centred on ``c``, with its letter."""
        draw_unit(painter, c, utype, colour, size, ghost)

    @staticmethod
    def draw_choice(painter: QPainter, c: QPointF, colour: QColor, size: float) -> None:
        """A unit whose owner has not yet said army or fleet: a "?" disc in its colour."""
        draw_choice(painter, c, colour, size)
