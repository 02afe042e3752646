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
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QTransform,
)
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ..engine.board import UnitType, province_of
from ..engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    OrderParseError,
    RailMove,
    Remove,
    Retreat,
    Support,
    Waive,
    parse_order,
)
from ..engine.phase import PhaseType
from ..engine.position import Position
from ..engine.rules import railroad
from ..engine.variant import Variant
from ..geometry.shapes import MapGeometry
from . import glyphs
from .palette import Palette, blend, make_palette, text_on


@dataclass
class RenderOptions:
    """How to draw.

    power: draw as that power sees it (its units and orders emphasised, the others faded).
    palette: ``"default"`` (the variant's colours) or ``"colorblind"`` (Okabe-Ito).
    """

    power: str | None = None
    palette: str = "default"
    show_orders: bool = True
    show_labels: bool = True
    show_title: bool = True
    show_legend: bool = True
    show_retreats: bool = True
    show_counts: bool = True  # others' centre counts in the legend (not in Blind games)


@dataclass
class OrderMark:
    """An order to draw, with its result when adjudicated (``status`` None before)."""

    power: str | None
    order: Any
    status: str | None = None
    reason: str | None = None
    detail: str | None = None


def geometry_path(g: BaseGeometry) -> QPainterPath:
    """A shapely (Multi)Polygon as a QPainterPath (even-odd, holes kept)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    polys = [g] if isinstance(g, Polygon) else [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon)]
    for p in polys:
        for ring in (p.exterior, *p.interiors):
            c = shapely.get_coordinates(ring).tolist()
            if len(c) < 3:
                continue
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in c]))
            path.closeSubpath()
    return path


# QPainterPaths of each geometry's shapes, kept as long as the geometry lives.
_PATH_CACHE: weakref.WeakKeyDictionary[MapGeometry, dict[str, Any]] = weakref.WeakKeyDictionary()


def _paths_of(geometry: MapGeometry) -> dict[str, Any]:
    cache = _PATH_CACHE.get(geometry)
    if cache is None:
        cache = _PATH_CACHE[geometry] = {}
    return cache


def _unit_vec(a: QPointF, b: QPointF) -> tuple[float, float, float]:
    dx, dy = b.x() - a.x(), b.y() - a.y()
    n = math.hypot(dx, dy)
    if n < 1e-9:
        return 0.0, 0.0, 0.0
    return dx / n, dy / n, n


class MapPainter:
    """Draws positions of one variant on one map geometry."""

    def __init__(self, variant: Variant, geometry: MapGeometry):
        self.variant = variant
        self.board = variant.board
        self.geometry = geometry
        self.g = geometry.unit_size  # glyph size
        self._paths: dict[str, Any] = _paths_of(geometry)
        self._palettes: dict[str, Palette] = {}
        self._power_words = {p.name.lower(): p.name for p in variant.powers}
        self._power_words.update({p.adjective.lower(): p.name for p in variant.powers})

    # -- page layout -------------------------------------------------------------------

    def band_height(self, options: RenderOptions | None = None) -> float:
        o = options or RenderOptions()
        if not (o.show_title or o.show_legend):
            return 0.0
        return self.g * 3.0

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
            self._paint_map(painter, position, pal)
            self._paint_railroads(painter, pal)
            if o.show_labels:
                self._paint_labels(painter, pal)
            self._paint_centers(painter, position, pal)
            self._paint_units(painter, position, pal, o, dislodged_now)
            if marks:
                self._paint_orders(painter, position, marks, pal, o)
            if o.show_title or o.show_legend:
                self._paint_band(painter, position, pal, o)
        finally:
            painter.restore()

    # -- the map -------------------------------------------------------------------------

    def _path(self, loc: str) -> QPainterPath:
        p = self._paths.get(loc)
        if p is None:
            p = self._paths[loc] = geometry_path(self.geometry.shape(loc))
        return p

    def _paint_map(self, painter: QPainter, position: Position, pal: Palette) -> None:
        x0, y0, x1, y1 = self.geometry.bounds
        painter.fillRect(QRectF(x0, y0, x1 - x0, y1 - y0), pal.sea)
        decorations = self._paths.get("\0decorations")
        if decorations is None:
            decorations = []
            for d in self.geometry.decorations:
                fill = QColor(d.fill) if d.fill and d.fill != "none" else None
                stroke = QColor(d.stroke) if d.stroke and d.stroke != "none" else None
                decorations.append((geometry_path(d.geometry), fill, stroke, d.stroke_width))
            self._paths["\0decorations"] = decorations
        border = self._border_pen(painter, pal.land_border, self.g * 0.035)
        for path, fill, stroke, _width in decorations:
            if fill is not None and fill.isValid():
                # the map's own sea colour gives way to the palette's
                painter.fillPath(path, pal.sea if _is_sea_blue(fill) else _soft_land(fill, pal))
            if stroke is not None and stroke.isValid():
                painter.setPen(border)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(path)
        seas, lands = [], []
        for pid in self.geometry.ids:
            kind = self.geometry.kind(pid)
            path = self._path(pid)
            if kind == "sea":
                painter.fillPath(path, pal.sea)
                seas.append(path)
            elif kind == "impassable":
                painter.fillPath(path, pal.impassable)
                hatch = QBrush(blend(pal.impassable, pal.ink, 0.35), Qt.BrushStyle.BDiagPattern)
                hatch.setTransform(QTransform().scale(self.g / 14, self.g / 14))
                painter.fillPath(path, hatch)
                lands.append(path)
            else:
                owner = position.centers.get(pid)
                fill = pal.territory(owner) if owner else pal.land
                painter.fillPath(path, fill)
                lands.append(path)
        w = self.g * 0.035
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(self._border_pen(painter, pal.sea_border, w * 0.8))
        for path in seas:
            painter.drawPath(path)
        painter.setPen(self._border_pen(painter, pal.land_border, w))
        for path in lands:
            painter.drawPath(path)

    def _rail_points(self, provinces: tuple[str, ...] | list[str]) -> list[QPointF]:
        return [self.unit_point(p) for p in provinces if self.geometry.has(p)]

    def _paint_railroads(self, painter: QPainter, pal: Palette) -> None:
        """Each railroad line of the board, faintly, through its provinces: a thin rail
        with sleepers across it."""
        layer = self._paths.get("\0railroads")
        if layer is None:
            layer = []
            for line in railroad.lines(self.board):
                pts = self._rail_points(line.provinces)
                if len(pts) < 2:
                    continue
                path = QPainterPath(pts[0])
                for q in pts[1:]:
                    path.lineTo(q)
                layer.append(path)
            self._paths["\0railroads"] = layer
        if not layer:
            return
        ink = QColor(pal.ink)
        ink.setAlpha(120)
        rail = QPen(ink, self.g * 0.05, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        w = self.g * 0.22
        ties = QPen(ink, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.BevelJoin)
        ties.setDashPattern([0.06 * self.g / w, 0.3 * self.g / w])
        for path in layer:
            painter.strokePath(path, ties)
            painter.strokePath(path, rail)

    @staticmethod
    def _border_pen(painter: QPainter, colour: QColor, width: float) -> QPen:
        """A border pen; on a raster device a hairline one pixel wide when that is what the
        width comes to (much faster to draw along long coastlines)."""
        pen = QPen(colour, width)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        engine = painter.paintEngine()
        if engine is not None and engine.type() == QPaintEngine.Type.Raster:
            scale = math.sqrt(abs(painter.worldTransform().determinant())) or 1.0
            if width * scale < 1.8:
                pen = QPen(colour, 1.0)
                pen.setCosmetic(True)
        return pen

    def _paint_labels(self, painter: QPainter, pal: Palette) -> None:
        layer = self._paths.get("\0labels")
        if layer is None:
            # the labels never move: their paths and halo outlines are made once per map
            size = self.label_size
            stroker = QPainterPathStroker()
            stroker.setWidth(size * 0.22)
            stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
            stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            layer = []
            for pid in self.geometry.ids:
                kind = self.geometry.kind(pid)
                if kind == "impassable":
                    continue
                x, y = self.label_point(pid)
                text = glyphs.text_path(pid.upper(), size, x, y)
                halo = stroker.createStroke(text)
                halo.setFillRule(Qt.FillRule.WindingFill)
                layer.append((halo, text, kind == "sea"))
            self._paths["\0labels"] = layer
        halo_colour = QColor(255, 255, 255, 150)
        for halo, text, sea in layer:
            painter.fillPath(halo, halo_colour)
            painter.fillPath(text, pal.sea_ink if sea else pal.ink)

    def _paint_centers(self, painter: QPainter, position: Position, pal: Palette) -> None:
        r = self.g * 0.17
        for pid in self.board.centers:
            if not self.geometry.has(pid):
                continue
            x, y = self.center_point(pid)
            owner = position.centers.get(pid)
            painter.setPen(QPen(pal.ink, r * 0.28))
            painter.setBrush(pal.power(owner) if owner else QColor("#ffffff"))
            painter.drawEllipse(QPointF(x, y), r, r)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(pal.ink)
            painter.drawEllipse(QPointF(x, y), r * 0.3, r * 0.3)

    # -- where labels and centre markers go ---------------------------------------------

    @property
    def label_size(self) -> float:
        return self.g * 0.34

    def _unit_spots(self, prov: str) -> list[tuple[float, float]]:
        spots = [self.geometry.anchor("unit", prov)]
        p = self.board.provinces.get(prov)
        for c in p.coasts if p is not None else ():
            spots.append(self.geometry.anchor("unit", f"{prov}/{c}"))
        return spots

    def _clear_of_units(self, prov: str, point: tuple[float, float], half_w: float,
                        half_h: float) -> tuple[float, float]:
        """``point`` pushed out, along the line from each unit spot, until a box of the given
        half sizes around it clears a unit glyph there."""
        x, y = point
        for _ in range(2):
            for ux, uy in self._unit_spots(prov):
                dx, dy = x - ux, y - uy
                d = math.hypot(dx, dy)
                if d < 1e-6:
                    dx, dy, d = 0.0, 1.0, 1.0
                cx, cy = dx / d, dy / d
                need = self.g * 0.58 + abs(cx) * half_w + abs(cy) * half_h
                if d < need:
                    x, y = ux + cx * need, uy + cy * need
        return (x, y)

    def label_point(self, prov: str) -> tuple[float, float]:
        key = f"\0label-{prov}"
        p = self._paths.get(key)
        if p is None:
            x, y = self.geometry.anchor("label", prov)
            half_w = glyphs.text_width(prov.upper(), self.label_size) / 2 + self.g * 0.04
            p = self._paths[key] = self._clear_of_units(prov, (x, y), half_w, self.label_size * 0.42)
        return p

    def center_point(self, prov: str) -> tuple[float, float]:
        key = f"\0center-{prov}"
        p = self._paths.get(key)
        if p is None:
            x, y = self.geometry.anchor("center", prov)
            r = self.g * 0.2
            p = self._paths[key] = self._clear_of_units(prov, (x, y), r, r)
        return p

    # -- units ---------------------------------------------------------------------------

    def unit_point(self, loc: str, dislodged: bool = False) -> QPointF:
        """Where the unit at ``loc`` is drawn (a dislodged one clear of the unit that took
        its place)."""
        if not dislodged:
            x, y = self.geometry.anchor("unit", loc)
            return QPointF(x, y)
        key = f"\0dislodged-{loc}"
        p = self._paths.get(key)
        if p is None:
            ux, uy = self.geometry.anchor("unit", loc)
            x, y = self.geometry.anchor("dislodged", loc)
            dx, dy = x - ux, y - uy
            d = math.hypot(dx, dy)
            need = self.g * 0.95
            if d < need:
                if d < 1e-6:
                    dx, dy, d = 1.0, -1.0, math.sqrt(2)
                x, y = ux + dx / d * need, uy + dy / d * need
            p = self._paths[key] = QPointF(x, y)
        return QPointF(p)

    def _paint_units(self, painter: QPainter, position: Position, pal: Palette, o: RenderOptions,
                     dislodged_now: set[str]) -> None:
        for u in sorted(position.units.values(), key=lambda u: u.loc):
            faded = o.power is not None and u.power != o.power
            painter.setOpacity(0.4 if faded else 1.0)
            c = self.unit_point(u.loc)
            self.draw_unit(painter, c, u.type, pal.power(u.power), self.g)
            if u.province in dislodged_now:
                self._ring(painter, c, self.g * 0.66, pal.failed, self.g * 0.09, dashed=True)
        for prov, (power, at) in sorted(position.choices.items()):
            if prov in position.units or not self.geometry.has(at):
                continue
            painter.setOpacity(0.4 if o.power is not None and power != o.power else 1.0)
            self.draw_choice(painter, self.unit_point(at), pal.power(power), self.g)
        painter.setOpacity(1.0)
        if not position.dislodged:
            return
        for d in sorted(position.dislodged.values(), key=lambda d: d.unit.loc):
            u = d.unit
            faded = o.power is not None and u.power != o.power
            painter.setOpacity(0.4 if faded else 1.0)
            c = self.unit_point(u.loc, dislodged=True)
            if o.show_retreats:
                self._paint_retreat_options(painter, c, d.retreats or (), pal)
            self._ring(painter, c, self.g * 0.6, pal.failed, self.g * 0.1)
            self.draw_unit(painter, c, u.type, pal.power(u.power), self.g * 0.85)
        painter.setOpacity(1.0)

    def draw_unit(self, painter: QPainter, c: QPointF, utype: UnitType | str, colour: QColor,
                  size: float, ghost: bool = False) -> None:
        """An army or fleet glyph ``size`` across, centred on ``c``, with its letter."""
        painter.save()
        painter.translate(c)
        painter.scale(size, size)
        if ghost:
            painter.setOpacity(painter.opacity() * 0.55)
        outline = QPen(QColor("#1b1b1b"), 0.06)
        outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        # a soft shadow lifts the glyph off the coloured land
        shadow = QColor(0, 0, 0, 60)
        is_army = str(utype) == "A"
        body = glyphs.army_path() if is_army else glyphs.fleet_hull_path()
        painter.fillPath(body.translated(0.05, 0.06), shadow)
        painter.setPen(outline)
        painter.setBrush(colour)
        if is_army:
            painter.drawPath(body)
            letter = glyphs.text_path("A", 0.5, 0.0, -0.01)
        else:
            painter.setBrush(blend(colour, QColor("#ffffff"), 0.55))
            painter.drawPath(glyphs.fleet_sail_path())
            painter.setBrush(colour)
            painter.drawPath(body)
            letter = glyphs.text_path("F", 0.42, 0.0, 0.09)
        painter.fillPath(letter, text_on(colour))
        painter.restore()

    def draw_choice(self, painter: QPainter, c: QPointF, colour: QColor, size: float) -> None:
        """A unit whose owner has not yet said army or fleet: a "?" disc in its colour."""
        painter.save()
        painter.translate(c)
        painter.scale(size, size)
        r = 0.4
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawEllipse(QPointF(0.05, 0.06), r, r)
        pen = QPen(QColor("#1b1b1b"), 0.06)
        painter.setPen(pen)
        painter.setBrush(colour)
        painter.drawEllipse(QPointF(0, 0), r, r)
        # a dashed inner ring says "not decided yet"
        inner = QPen(text_on(colour), 0.035)
        inner.setDashPattern([1.5, 1.5])
        painter.setPen(inner)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(0, 0), r * 0.78, r * 0.78)
        painter.fillPath(glyphs.text_path("?", 0.52, 0.0, 0.0), text_on(colour))
        painter.restore()

    def _ring(self, painter: QPainter, c: QPointF, r: float, colour: QColor, width: float,
              dashed: bool = False) -> None:
        pen = QPen(colour, width)
        if dashed:
            pen.setDashPattern([2.2, 1.4])
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(c, r, r)

    def _paint_retreat_options(self, painter: QPainter, c: QPointF, retreats: tuple[str, ...],
                               pal: Palette) -> None:
        for loc in retreats:
            if not self.geometry.has(loc):
                continue
            t = self.unit_point(loc)
            ux, uy, n = _unit_vec(c, t)
            if n == 0:
                continue
            reach = min(n * 0.5, self.g * 1.6)
            a = QPointF(c.x() + ux * self.g * 0.55, c.y() + uy * self.g * 0.55)
            b = QPointF(c.x() + ux * reach, c.y() + uy * reach)
            pen = QPen(pal.failed, self.g * 0.05, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            pen.setDashPattern([0.1, 2.0])
            painter.setPen(pen)
            painter.drawLine(a, b)
            painter.setPen(QPen(QColor("#ffffff"), self.g * 0.03))
            painter.setBrush(pal.failed)
            painter.drawEllipse(b, self.g * 0.09, self.g * 0.09)

    # -- orders --------------------------------------------------------------------------

    def order_marks(self, position: Position, results: Any = None) -> list[OrderMark]:
        """The orders to draw: parsed from ``results`` when given, else from the position."""
        ptype = position.phase.type
        out: list[OrderMark] = []
        lines = results.get("orders", []) if isinstance(results, Mapping) else results
        if lines is not None:
            for r in lines:
                if not isinstance(r, Mapping):
                    continue
                text = r.get("order") or r.get("text")
                if not text:
                    continue
                order = self._parse(text, ptype)
                if order is None:
                    continue
                detail = r.get("detail")
                out.append(OrderMark(r.get("power"), order, r.get("status"), r.get("reason"),
                                     detail if isinstance(detail, str) else None))
            return out
        for power, texts in position.orders.items():
            for text in texts:
                order = self._parse(text, ptype)
                if order is not None:
                    out.append(OrderMark(power, order))
        return out

    def _parse(self, text: str, ptype: PhaseType) -> Any:
        try:
            return parse_order(text, self.board, ptype, self._power_words)
        except (OrderParseError, ValueError):
            return None

    def _dislodged_by(self, results: Any, marks: list[OrderMark]) -> set[str]:
        """Provinces whose unit the adjudicated orders dislodged."""
        out: set[str] = set()
        if isinstance(results, Mapping):
            nxt = results.get("next") or {}
            if isinstance(nxt, Mapping):
                for d in nxt.get("dislodged", []) or []:
                    if isinstance(d, Mapping) and isinstance(d.get("at"), str):
                        out.add(province_of(d["at"]))
        for m in marks:
            if m.status == "fails" and (m.reason == "dislodged" or isinstance(m.order, Hold)):
                out.add(province_of(m.order.loc))
        return out

    def _paint_orders(self, painter: QPainter, position: Position, marks: list[OrderMark],
                      pal: Palette, o: RenderOptions) -> None:
        retreat = position.phase.type is PhaseType.RETREAT
        units = position.units
        moves: dict[str, tuple[QPointF, str]] = {}  # src prov -> (arrow middle, dest prov)
        move_dest: dict[str, str] = {}
        for m in marks:
            if isinstance(m.order, Move):
                move_dest[m.order.province] = province_of(m.order.dest)

        def src_loc(order: Any) -> str:
            prov = order.province
            if retreat and prov in position.dislodged:
                return position.dislodged[prov].unit.loc
            u = units.get(prov)
            return u.loc if u is not None else order.loc

        def unit_type(order: Any) -> str:
            prov = order.province
            if retreat and prov in position.dislodged:
                return position.dislodged[prov].unit.type.value
            u = units.get(prov)
            if u is not None:
                return u.type.value
            return order.unit.value if order.unit else "A"

        def fade(m: OrderMark) -> None:
            painter.setOpacity(0.35 if o.power is not None and m.power != o.power else 1.0)

        # Moves first: supports aim at their middles.
        for m in marks:
            order = m.order
            if not isinstance(order, Move | RailMove) or not self.geometry.has(order.dest):
                continue
            if not self.geometry.has(order.loc):
                continue
            fade(m)
            loc = src_loc(order)
            dest = self._dest_loc(unit_type(order), loc, order.dest)
            a, b = self.unit_point(loc), self.unit_point(dest)
            bend = 0.0
            if move_dest.get(province_of(order.dest)) == order.province:
                bend = 0.16  # two units moving at each other: bow both arrows apart
            head_gap = self.g * (0.5 if province_of(dest) in units else 0.2)
            if isinstance(order, RailMove):
                mid = self._rail_move(painter, m, order, a, b, pal, head_gap)
            else:
                mid = self._arrow(painter, m, a, b, pal, bend=bend, start_gap=self.g * 0.5, end_gap=head_gap)
            moves[order.province] = (mid, province_of(order.dest))
        for m in marks:
            order = m.order
            if isinstance(order, Move | RailMove | Waive):
                continue
            if not self.geometry.has(order.loc):
                continue
            fade(m)
            loc = src_loc(order)
            if isinstance(order, Hold):
                if m.reason == "no order":
                    continue
                self._hold(painter, m, self.unit_point(loc), pal)
            elif isinstance(order, Support):
                self._support(painter, m, loc, order, moves, units, pal)
            elif isinstance(order, Convoy):
                self._convoy(painter, m, loc, order, pal)
            elif isinstance(order, Retreat):
                if not self.geometry.has(order.dest):
                    continue
                a = self.unit_point(loc, dislodged=True)
                dest = self._dest_loc(unit_type(order), loc, order.dest)
                b = self.unit_point(dest)
                self._arrow(painter, m, a, b, pal, start_gap=self.g * 0.45, end_gap=self.g * 0.2, thin=True)
            elif isinstance(order, Disband):
                c = self.unit_point(loc, dislodged=retreat and order.province in position.dislodged)
                self._cross(painter, c, self.g * 0.42, QColor("#1b1b1b"), self.g * 0.13)
            elif isinstance(order, Remove):
                self._cross(painter, self.unit_point(loc), self.g * 0.46, QColor("#1b1b1b"), self.g * 0.14)
                if m.status in ("fails", "invalid"):
                    self._fail_cross(painter, self.unit_point(loc), pal)
            elif isinstance(order, Build):
                self._build(painter, m, order, pal)
        painter.setOpacity(1.0)

    def _dest_loc(self, utype: str, src: str, dest: str) -> str:
        """Where an arrow ends: the coast a fleet goes to, else the province."""
        prov = province_of(dest)
        if "/" in dest or utype != "F" or prov not in self.board.provinces:
            return dest
        if self.board.provinces[prov].coasts:
            targets = self.board.fleet_targets(src, prov)
            if len(targets) == 1:
                return targets[0]
        return dest

    def _colours(self, m: OrderMark, pal: Palette) -> tuple[QColor, QColor]:
        """Line colour and its outline."""
        if m.status == "invalid":
            return pal.invalid, QColor(255, 255, 255, 170)
        c = pal.power(m.power)
        return c, QColor(20, 20, 20, 190)

    def _stroke(self, painter: QPainter, path: QPainterPath, colour: QColor, outline: QColor,
                width: float, dash: list[float] | None = None, dots: bool = False) -> None:
        """A line with a dark edge; ``dash`` in line widths; ``dots`` makes round dots."""
        for w, col in ((width + self.g * 0.06, outline), (width, colour)):
            pen = QPen(col, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            if dots:
                pen.setDashPattern([0.001, 2.2 * width / w])
            elif dash:
                pen.setDashPattern([d * width / w for d in dash])
                pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.strokePath(path, pen)

    def _arrow(self, painter: QPainter, m: OrderMark, a: QPointF, b: QPointF, pal: Palette,
               bend: float = 0.0, start_gap: float = 0.0, end_gap: float = 0.0,
               dashed: bool = False, thin: bool = False) -> QPointF:
        """A move arrow from a to b; returns the point halfway along it."""
        ux, uy, n = _unit_vec(a, b)
        if n == 0:
            return a
        s = QPointF(a.x() + ux * start_gap, a.y() + uy * start_gap)
        e = QPointF(b.x() - ux * end_gap, b.y() - uy * end_gap)
        px, py = -uy, ux
        ctrl = QPointF((s.x() + e.x()) / 2 + px * bend * n, (s.y() + e.y()) / 2 + py * bend * n)
        head = self.g * (0.42 if not thin else 0.34)
        # the arrowhead points along the curve's last tangent
        tx, ty, _ = _unit_vec(ctrl, e) if bend else (ux, uy, 1.0)
        shaft_end = QPointF(e.x() - tx * head * 0.8, e.y() - ty * head * 0.8)
        path = QPainterPath(s)
        if bend:
            path.quadTo(ctrl, shaft_end)
        else:
            path.lineTo(shaft_end)
        colour, outline = self._colours(m, pal)
        width = self.g * (0.11 if not thin else 0.08)
        self._stroke(painter, path, colour, outline, width, dash=[2.0, 1.2] if dashed else None)
        wing = head * 0.5
        tip = e
        base = QPointF(e.x() - tx * head, e.y() - ty * head)
        tri = QPolygonF([tip, QPointF(base.x() - ty * wing, base.y() + tx * wing),
                         QPointF(base.x() + ty * wing, base.y() - tx * wing)])
        failed = m.status in ("fails", "invalid")
        painter.setPen(QPen(outline, self.g * 0.04, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(QColor("#ffffff") if failed else colour)
        painter.drawPolygon(tri)
        if failed:
            painter.setPen(QPen(colour, self.g * 0.05, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                Qt.PenJoinStyle.RoundJoin))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(tri)
        mid = path.pointAtPercent(0.5)
        if failed:
            self._fail_cross(painter, path.pointAtPercent(0.55), pal, invalid=m.status == "invalid")
        return mid

    def _rail_move(self, painter: QPainter, m: OrderMark, order: RailMove, a: QPointF, b: QPointF,
                   pal: Palette, end_gap: float) -> QPointF:
        """A railroad move: dashed along the line through every province it passes; when
        it was interrupted, solid up to where the army stopped, a bar there, and faint
        beyond. Returns a point near its end (supports aim there: they help only at the
        destination)."""
        src, dest = order.province, province_of(order.dest)
        line = railroad.line_for(self.board, src, dest)
        via = self._rail_points(line.between(src, dest)) if line is not None else []
        pts = [a, *via, b]
        stop = _stopped_in(m)
        colour, outline = self._colours(m, pal)
        width = self.g * 0.11
        if stop is not None and line is not None and stop in line.provinces:
            # the part travelled, then the rest of the way, faint
            k = 1 + list(line.between(src, dest)).index(stop) if stop in line.between(src, dest) else 0
            done, rest = pts[: k + 1], pts[k:]
            if len(done) >= 2:
                self._stroke(painter, self._polyline(done, self.g * 0.5, 0.0), colour, outline, width)
            painter.save()
            painter.setOpacity(painter.opacity() * 0.5)
            self._stroke(painter, self._polyline(rest, self.g * 0.55, end_gap), colour, QColor(255, 255, 255, 200),
                         width * 0.8, dots=True)
            painter.restore()
            at = pts[k]
            painter.setPen(QPen(outline, self.g * 0.04))
            painter.setBrush(colour)
            painter.drawEllipse(at, self.g * 0.16, self.g * 0.16)
            ux, uy, _ = _unit_vec(at, pts[k + 1])
            c = QPointF(at.x() + ux * self.g * 0.45, at.y() + uy * self.g * 0.45)
            bar = QPainterPath()
            bar.moveTo(c.x() - uy * self.g * 0.32, c.y() + ux * self.g * 0.32)
            bar.lineTo(c.x() + uy * self.g * 0.32, c.y() - ux * self.g * 0.32)
            self._stroke(painter, bar, pal.failed, outline, self.g * 0.13)
            return b
        path = self._polyline(pts, self.g * 0.5, end_gap)
        head = self.g * 0.42
        end = path.currentPosition()
        last = path.pointAtPercent(max(0.0, 1 - head / max(path.length(), 1e-9)))
        tx, ty, n = _unit_vec(last, end)
        shaft = self._polyline(pts, self.g * 0.5, end_gap + head * 0.8)
        self._stroke(painter, shaft, colour, outline, width, dash=[2.0, 1.2])
        if n:
            wing = head * 0.5
            base = QPointF(end.x() - tx * head, end.y() - ty * head)
            tri = QPolygonF([end, QPointF(base.x() - ty * wing, base.y() + tx * wing),
                             QPointF(base.x() + ty * wing, base.y() - tx * wing)])
            failed = m.status in ("fails", "invalid")
            painter.setPen(QPen(outline, self.g * 0.04))
            painter.setBrush(QColor("#ffffff") if failed else colour)
            painter.drawPolygon(tri)
            if failed:
                self._fail_cross(painter, path.pointAtPercent(0.55), pal, invalid=m.status == "invalid")
        return path.pointAtPercent(max(0.0, 1 - 1.5 * self.g / max(path.length(), 1e-9)))

    @staticmethod
    def _polyline(pts: list[QPointF], start_gap: float, end_gap: float) -> QPainterPath:
        """A path through ``pts`` with its first and last stretches shortened."""
        pts = [QPointF(p) for p in pts]
        if len(pts) >= 2:
            ux, uy, n = _unit_vec(pts[0], pts[1])
            g = min(start_gap, n * 0.45)
            pts[0] = QPointF(pts[0].x() + ux * g, pts[0].y() + uy * g)
            ux, uy, n = _unit_vec(pts[-2], pts[-1])
            g = min(end_gap, n * 0.45)
            pts[-1] = QPointF(pts[-1].x() - ux * g, pts[-1].y() - uy * g)
        path = QPainterPath(pts[0])
        for q in pts[1:]:
            path.lineTo(q)
        return path

    def _hold(self, painter: QPainter, m: OrderMark, c: QPointF, pal: Palette) -> None:
        colour, outline = self._colours(m, pal)
        path = glyphs.octagon_path(self.g * 0.68).translated(c)
        self._stroke(painter, path, colour, outline, self.g * 0.08)
        if m.status == "invalid":
            self._fail_cross(painter, QPointF(c.x() + self.g * 0.55, c.y() - self.g * 0.55), pal, invalid=True)

    def _support(self, painter: QPainter, m: OrderMark, loc: str, order: Support,
                 moves: dict[str, tuple[QPointF, str]], units: Mapping[str, Any],
                 pal: Palette) -> None:
        if not self.geometry.has(order.target):
            return
        a = self.unit_point(loc)
        target_prov = province_of(order.target)
        tu = units.get(target_prov)
        target_loc = tu.loc if tu is not None else order.target
        colour, outline = self._colours(m, pal)
        width = self.g * 0.075
        if order.dest is None:
            t = self.unit_point(target_loc)
            ux, uy, n = _unit_vec(a, t)
            if n == 0:
                return
            end = QPointF(t.x() - ux * self.g * 0.68, t.y() - uy * self.g * 0.68)
            path = QPainterPath(QPointF(a.x() + ux * self.g * 0.45, a.y() + uy * self.g * 0.45))
            path.lineTo(end)
            self._stroke(painter, path, colour, outline, width, dash=[1.6, 1.0])
            ring = glyphs.octagon_path(self.g * 0.68).translated(t)
            self._stroke(painter, ring, colour, outline, width * 0.8, dash=[1.6, 1.0])
        else:
            if not self.geometry.has(order.dest):
                return
            mv = moves.get(target_prov)
            if mv is not None and mv[1] == province_of(order.dest):
                mid = mv[0]
            else:
                # the supported unit moves elsewhere or not at all: aim at the move it was
                # offered, drawn faint
                utype = tu.type.value if tu is not None else (order.target_unit.value if order.target_unit else "A")
                t = self.unit_point(target_loc)
                d = self.unit_point(self._dest_loc(utype, target_loc, order.dest))
                ghost = OrderMark(m.power, None, "invalid" if m.status == "invalid" else None)
                painter.save()
                painter.setOpacity(painter.opacity() * 0.45)
                mid = self._arrow(painter, ghost, t, d, pal, start_gap=self.g * 0.5, end_gap=self.g * 0.3,
                                  thin=True)
                painter.restore()
            ux, uy, n = _unit_vec(a, mid)
            if n == 0:
                return
            path = QPainterPath(QPointF(a.x() + ux * self.g * 0.45, a.y() + uy * self.g * 0.45))
            path.lineTo(mid)
            self._stroke(painter, path, colour, outline, width, dash=[1.6, 1.0])
            painter.setPen(QPen(outline, self.g * 0.03))
            painter.setBrush(colour)
            painter.drawEllipse(mid, self.g * 0.1, self.g * 0.1)
        if m.status in ("fails", "invalid"):
            ux, uy, n = _unit_vec(a, mid if order.dest else self.unit_point(target_loc))
            at = QPointF(a.x() + ux * min(n * 0.35, self.g * 1.2), a.y() + uy * min(n * 0.35, self.g * 1.2))
            self._fail_cross(painter, at, pal, invalid=m.status == "invalid")

    def _convoy(self, painter: QPainter, m: OrderMark, loc: str, order: Convoy, pal: Palette) -> None:
        if not (self.geometry.has(order.target) and self.geometry.has(order.dest)):
            return
        f = self.unit_point(loc)
        a = self.unit_point(order.target)
        b = self.unit_point(order.dest)
        colour, outline = self._colours(m, pal)
        ua = _unit_vec(a, f)
        ub = _unit_vec(f, b)
        path = QPainterPath(QPointF(a.x() + ua[0] * self.g * 0.5, a.y() + ua[1] * self.g * 0.5))
        path.lineTo(QPointF(f.x() - ua[0] * self.g * 0.5, f.y() - ua[1] * self.g * 0.5))
        path.moveTo(QPointF(f.x() + ub[0] * self.g * 0.5, f.y() + ub[1] * self.g * 0.5))
        end = QPointF(b.x() - ub[0] * self.g * 0.45, b.y() - ub[1] * self.g * 0.45)
        path.lineTo(end)
        self._stroke(painter, path, colour, outline, self.g * 0.12, dots=True)
        # a small triangle on the fleet marks the convoy
        tri = QPolygonF([QPointF(f.x(), f.y() - self.g * 0.72), QPointF(f.x() - self.g * 0.2, f.y() - self.g * 0.42),
                         QPointF(f.x() + self.g * 0.2, f.y() - self.g * 0.42)])
        painter.setPen(QPen(outline, self.g * 0.035))
        painter.setBrush(colour)
        painter.drawPolygon(tri)
        if m.status in ("fails", "invalid"):
            self._fail_cross(painter, QPointF(f.x() + self.g * 0.45, f.y() - self.g * 0.45), pal,
                             invalid=m.status == "invalid")

    def _build(self, painter: QPainter, m: OrderMark, order: Build, pal: Palette) -> None:
        if not self.geometry.has(order.loc):
            return
        c = self.unit_point(order.loc)
        colour, outline = self._colours(m, pal)
        utype = order.unit.value if order.unit else "A"
        self.draw_unit(painter, c, utype, pal.power(m.power), self.g, ghost=True)
        ring = QPainterPath()
        ring.addEllipse(c, self.g * 0.66, self.g * 0.66)
        self._stroke(painter, ring, colour, outline, self.g * 0.08)
        # a plus badge at the upper right
        p = QPointF(c.x() + self.g * 0.5, c.y() - self.g * 0.5)
        painter.setPen(QPen(outline, self.g * 0.035))
        painter.setBrush(QColor("#ffffff"))
        painter.drawEllipse(p, self.g * 0.22, self.g * 0.22)
        plus = QPainterPath()
        k = self.g * 0.13
        plus.moveTo(p.x() - k, p.y())
        plus.lineTo(p.x() + k, p.y())
        plus.moveTo(p.x(), p.y() - k)
        plus.lineTo(p.x(), p.y() + k)
        painter.strokePath(plus, QPen(QColor("#1b1b1b"), self.g * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        if m.status in ("fails", "invalid"):
            self._fail_cross(painter, c, pal, invalid=m.status == "invalid")

    def _cross(self, painter: QPainter, c: QPointF, r: float, colour: QColor, width: float) -> None:
        path = QPainterPath()
        path.moveTo(c.x() - r, c.y() - r)
        path.lineTo(c.x() + r, c.y() + r)
        path.moveTo(c.x() - r, c.y() + r)
        path.lineTo(c.x() + r, c.y() - r)
        painter.strokePath(path, QPen(QColor(255, 255, 255, 220), width + self.g * 0.07, Qt.PenStyle.SolidLine,
                                      Qt.PenCapStyle.RoundCap))
        painter.strokePath(path, QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))

    def _fail_cross(self, painter: QPainter, c: QPointF, pal: Palette, invalid: bool = False) -> None:
        self._cross(painter, c, self.g * 0.17, pal.invalid if invalid else pal.failed, self.g * 0.085)

    # -- title and legend ----------------------------------------------------------------

    def _paint_band(self, painter: QPainter, position: Position, pal: Palette, o: RenderOptions) -> None:
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
            sub = self.variant.name + (f" \u2014 as {o.power} sees it" if o.power else "")
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
        entries = [(p.name, counts.get(p.name, 0), units.get(p.name, 0)) for p in self.variant.powers]
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


def _stopped_in(m: OrderMark) -> str | None:
    """Where an interrupted railroad move stopped, from its result's detail."""
    if m.reason != "interrupted" or not m.detail:
        return None
    words = m.detail.rstrip(".").split()
    if len(words) >= 2 and words[-2] == "in":
        return province_of(words[-1])
    return None


def _is_sea_blue(c: QColor) -> bool:
    return c.blue() > c.red() + 20 and c.blue() > c.green() - 10


def _soft_land(c: QColor, pal: Palette) -> QColor:
    """Decorative land (not a province) a little greyer than the palette's land."""
    return blend(pal.land, QColor("#a8a396"), 0.35) if c.lightness() > 120 else c
