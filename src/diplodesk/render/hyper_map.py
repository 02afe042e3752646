"""A Hypereconomic position on its map: the board in its de facto owners' colours, then the
stacks (units, fishing fleets, installations), to a QPainter or a PNG file, headless.

The board is the standard painter's board layer; it is shown a position-shaped view of the
hyper position (no supply centres, each province's de facto owner as its land), so the
colours, borders and special lines are drawn exactly as on every other board. The province
names are planned for a board of hundreds of provinces (``hyper_labels.py``): on screen never
less than :data:`MIN_NAME_PX` tall, shrunk or moved where a province is small.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker

from ..engine.hyper.model import HyperPosition
from ..engine.variant import Variant
from ..geometry.shapes import MapGeometry
from . import detail, glyphs, hyper_labels
from .detail import LabelBox
from .export import map_of
from .layers.hyper_orders import HyperOrdersLayer
from .layers.stacks import Placed, StacksLayer
from .options import RenderOptions
from .painter import MapPainter

# a name on the desk's screen is never smaller than this (its letters' cap height is about
# 0.72 of it: 8 px and more, so a name is read at a glance, not made out)
MIN_NAME_PX = 11.5
PRINT_SHRINK = 0.6  # on a page, a name of a small province may shrink to this share of its size


@dataclass(frozen=True)
class OwnersView:
    """What the board layer reads of a position, for a hyper position: no centres, and each
    province's de facto owner as the power holding its land."""

    variant: Variant
    extra: dict[str, Any] = field(default_factory=dict)
    centers: dict[str, str] = field(default_factory=dict)

    @property
    def board(self):
        return self.variant.board

    @classmethod
    def of(cls, position: HyperPosition) -> OwnersView:
        land: dict[str, list[str]] = {}
        for prov, state in sorted(position.provinces.items()):
            if state.de_facto:
                land.setdefault(state.de_facto, []).append(prov)
        return cls(position.variant, {"land": land})


class HyperMapPainter:
    """Draws hyper positions of one variant on one map geometry."""

    def __init__(self, variant: Variant, geometry: MapGeometry):
        self.map = MapPainter(variant, geometry)
        self.stacks = StacksLayer(self.map.sheet)
        self.order_lines = HyperOrdersLayer(self.map.sheet)
        self.refused: frozenset[tuple[str, int]] = frozenset()  # order lines the engine refuses

    @property
    def geometry(self) -> MapGeometry:
        return self.map.geometry

    def options(self, **changes: Any) -> RenderOptions:
        """Options for a hyper map: no title band or legend (the desk shows those itself)."""
        return RenderOptions(show_title=False, show_legend=False, **changes)

    def paint_board(self, painter: QPainter, position: HyperPosition,
                    options: RenderOptions | None = None) -> None:
        o = options or self.options()
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            self.map.paint_board(painter, OwnersView.of(position), replace(o, show_labels=False))  # type: ignore[arg-type]
            if o.show_labels:
                self.paint_labels(painter, self.screen_labels(o.screen_scale, position), o.palette)
        finally:
            painter.restore()

    # -- the province names ---------------------------------------------------------------

    def name_sizes(self, scale: float) -> tuple[float, float]:
        """(size, floor) of the names in map units at ``scale`` screen pixels per map unit
        (0: a page, the map's own size): never under MIN_NAME_PX on a screen, in the map's
        quarter-octave steps so that a zoom lands on a plan already made."""
        base = self.map.sheet.base_g * detail.LABEL_OF_GLYPH
        if scale <= 0:
            return base, base * PRINT_SHRINK
        least = MIN_NAME_PX / scale
        size = detail.at_level(base, detail.level(base, least))
        return size, max(least, size * PRINT_SHRINK)

    def label_plan(self, size: float, floor: float, box=None, position: HyperPosition | None = None
                   ) -> list[LabelBox]:
        """The names at ``size`` (down to ``floor``) of the whole map or of ``box``, clear of
        everything the stacks layer draws for ``position`` (units, boats, badges, canal tags);
        kept per map and per set of places drawn on."""
        sheet = self.map.sheet
        clear = self.drawn_on(position)
        key = ("\0hyperlabels", round(size, 6), round(floor, 6), box, sheet.glyph_step, clear)
        hit = sheet.paths.get(key)
        if hit is None:
            g = self.geometry
            points = {p: sheet.label_point(p) for p in g.ids if g.kind(p) != "impassable"}
            hit = sheet.paths[key] = hyper_labels.plan(g, points, size, floor, box, clear)
        return hit

    def drawn_on(self, position: HyperPosition | None) -> tuple[tuple[str, float, float, float], ...]:
        """Where the stacks layer draws for ``position`` at the sheet's present scale, as
        (place, x, y, half size) squares a name keeps clear of."""
        if position is None:
            return ()
        out = set()
        for p in self.stacks.plan(position):
            r = p.rect
            out.add(("\0stack", round(r.center().x(), 3), round(r.center().y(), 3),
                     round(max(r.width(), r.height()) / 2, 3)))
        return tuple(sorted(out))

    def screen_labels(self, scale: float, position: HyperPosition | None = None) -> list[LabelBox]:
        self.map.sheet.use_scale(scale)
        return self.label_plan(*self.name_sizes(scale), None, position)

    def paint_labels(self, painter: QPainter, plan: list[LabelBox], palette: str | None = None) -> None:
        """The names as outlines with a white halo (the screen and the image exports)."""
        sheet = self.map.sheet
        key = ("\0hyperlabelpaths", id(plan))
        layer = sheet.paths.get(key)
        if layer is None or layer[0] is not plan:
            paths = []
            for b in plan:
                line = hyper_labels.leader_line(b)
                if line is not None:  # a name beside its province points into it
                    lead = QPainterPath(QPointF(*line[0]))
                    lead.lineTo(QPointF(*line[1]))
                    edge = QPainterPathStroker()
                    edge.setWidth(b.size * 0.09)
                    edge.setCapStyle(Qt.PenCapStyle.RoundCap)
                    paths.append((QPainterPath(), edge.createStroke(lead), False))
                stroker = QPainterPathStroker()
                stroker.setWidth(b.size * 0.22)
                stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
                stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                text = glyphs.text_path(b.prov.upper(), b.size, b.x, b.y)
                halo = stroker.createStroke(text)
                halo.setFillRule(Qt.FillRule.WindingFill)
                paths.append((halo, text, self.geometry.kind(b.prov) == "sea"))
            layer = sheet.paths[key] = (plan, paths)
        pal = self.map.palette(palette if palette is not None else self.options().palette)
        halo_colour = QColor(255, 255, 255, 150)
        for halo, text, sea in layer[1]:
            painter.fillPath(halo, halo_colour)
            painter.fillPath(text, pal.sea_ink if sea else pal.ink)

    def paint_stacks(self, painter: QPainter, position: HyperPosition,
                     options: RenderOptions | None = None) -> list[Placed]:
        """The stacks over the board; returns what was drawn where."""
        o = options or self.options()
        self.map.sheet.use_scale(o.screen_scale)
        plan = self.stacks.plan(position)
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            pal = self.map.palette(o.palette)
            self.stacks.paint(painter, position, pal, o.power, plan)
            if o.show_orders and position.orders:
                self.order_lines.paint(painter, position, plan, pal, self.refused)
        finally:
            painter.restore()
        return plan

    def paint(self, painter: QPainter, position: HyperPosition,
              options: RenderOptions | None = None) -> list[Placed]:
        """Board and stacks, in map coordinates (set the painter's transform first)."""
        self.paint_board(painter, position, options)
        return self.paint_stacks(painter, position, options)

    def fit_transform(self, target: QRectF):
        return self.map.fit_transform(target, self.options())


def painter_for(position: HyperPosition, geometry: MapGeometry | None = None) -> HyperMapPainter:
    """A painter for the position's variant; RenderError if its map can't be used."""
    return HyperMapPainter(position.variant, geometry or map_of(position))
