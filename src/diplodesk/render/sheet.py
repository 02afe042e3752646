"""The sheet every layer draws on: one variant's board on one map geometry, and where
each thing goes on it (units, dislodged units, labels, centre markers, railroad stops).

The places are worked out once per map and kept in the geometry's path cache, so every
painter of that map, and every layer of one painter, puts a thing in the same spot. On
screen the sheet is told the scale (:meth:`Sheet.use_scale`): glyphs and labels then keep
a minimum size in pixels, and every label is planned clear of units, centre markers and the
other labels (see :mod:`.detail`).
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

import shapely
from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath

from ..engine.board import Board
from ..engine.variant import Variant
from ..geometry.shapes import MapGeometry
from . import detail, glyphs, label_cache
from .paths import geometry_path, paths_of

# a unit's outline round its spot, in glyph sizes: a fleet's hull is the widest, its sail
# the tallest (glyphs.fleet_hull_path, fleet_sail_path), an army's shield the lowest
UNIT_HALF_W, UNIT_ABOVE, UNIT_BELOW = 0.6, 0.62, 0.5


class Sheet:
    """One board on one map: its shapes as paths, and the places things are drawn."""

    def __init__(self, variant: Variant, geometry: MapGeometry):
        self.variant = variant
        self.board = variant.board
        self.geometry = geometry
        self.base_g = geometry.unit_size  # the map's own glyph size
        self.g = self.base_g  # the glyph size drawn now (grown on a zoomed-out screen)
        self.glyph_step = 0
        self.label_step = 0
        self.on_screen = False  # drawn for a screen: every label planned clear of the rest
        self.paths: dict[str, Any] = paths_of(geometry)

    def use_scale(self, scale: float) -> None:
        """Draw for ``scale`` screen pixels per map unit from now on (0: a page, no minimum)."""
        self.glyph_step = detail.glyph_level(self.base_g, scale)
        self.label_step = detail.label_level(self.base_g, scale, self._label_px())
        self.on_screen = scale > 0
        self.g = detail.at_level(self.base_g, self.glyph_step)

    def _label_px(self) -> float:
        """A label's size on screen when it fits: the world's boards keep a smaller one."""
        n = self.paths.get("\0labelled")
        if n is None:
            g = self.geometry
            n = self.paths["\0labelled"] = sum(1 for p in g.ids if g.kind(p) != "impassable")
        return detail.MIN_LABEL_PX if n <= detail.KEEP_ALL_MAX else detail.WORLD_LABEL_PX

    def path(self, loc: str) -> QPainterPath:
        p = self.paths.get(loc)
        if p is None:
            p = self.paths[loc] = geometry_path(self.geometry.shape(loc))
        return p

    def rail_points(self, provinces: tuple[str, ...] | list[str]) -> list[QPointF]:
        return [self.unit_point(p) for p in provinces if self.geometry.has(p)]

    # -- where labels and centre markers go ---------------------------------------------

    @property
    def label_size(self) -> float:
        return detail.at_level(self.base_g * detail.LABEL_OF_GLYPH, self.label_step)

    def label_plan(self) -> list[detail.LabelBox]:
        """The labels drawn at the present scale: on a page every one where the art put it;
        on screen every one clear of units, centre markers and each other (see
        :mod:`.detail`; a board over ``detail.KEEP_ALL_MAX`` only those that fit)."""
        key = f"\0labelplan-{self.on_screen}-{self.glyph_step}-{self.label_step}"
        plan = self.paths.get(key)
        if plan is None:
            plan = self.paths[key] = self._plan_labels()
        return plan

    def _plan_labels(self) -> list[detail.LabelBox]:
        size = self.label_size
        g = self.geometry
        boxes, outside, spots = [], set(), []
        for pid in g.ids:
            if g.kind(pid) == "impassable":
                continue
            x, y = self.label_point(pid)
            # the box of the letters themselves: a J or a Q reaches below the others
            r = glyphs.text_path(pid.upper(), size, x, y).boundingRect()
            half_w = r.width() / 2 + size * 0.08
            half_h = max(y - r.top(), r.bottom() - y) + size * 0.05
            boxes.append(detail.LabelBox(pid, x, y, size, half_w, half_h))
            if self.on_screen:
                # the art put the label beside its province (no hit grid needed for that)
                if not shapely.contains_xy(g.shape(pid), *g.anchor("label", pid)):
                    outside.add(pid)
                spots.extend((pid, x, y) for x, y in self._unit_spots(pid))
        if not self.on_screen:
            return sorted(boxes, key=lambda b: b.prov)
        if len(boxes) > detail.KEEP_ALL_MAX:
            return detail.plan_labels(
                boxes, lambda p: g.shape(p).area, lambda p, xs, ys: shapely.contains_xy(g.shape(p), xs, ys),
                outside, self.label_step > 0, spots, self.g * 0.45)
        floor = size * detail.FLOOR_LABEL_PX / self._label_px()
        obstacles = self.label_obstacles()
        digest = repr((sorted((b.prov, b.x, b.y, b.size, b.half_w, b.half_h) for b in boxes), sorted(outside),
                       obstacles, g.bounds, floor)).encode() + self._shapes_digest()
        return label_cache.cached_plan(digest, lambda: detail.keep_every_label(
            boxes, g.shape, outside, floor, obstacles, g.bounds))

    def _shapes_digest(self) -> bytes:
        """A digest of the provinces' shapes (a stored plan is for these shapes only)."""
        d = self.paths.get("\0shapes-digest")
        if d is None:
            h = hashlib.sha256()
            for pid in self.geometry.ids:
                h.update(pid.encode() + b"\0" + shapely.to_wkb(self.geometry.shape(pid)))
            d = self.paths["\0shapes-digest"] = h.digest()
        return d

    def label_obstacles(self) -> list[tuple[float, float, float, float]]:
        """What no label may cover, as rectangles: a unit at every place one may stand (a
        fleet's outline at sea and on a coast, an army's inland, both on a coastal province)
        and every centre marker."""
        g, u = self.geometry, self.g
        rects = []
        for pid in g.ids:
            kind = g.kind(pid)
            if kind == "impassable":
                continue
            for x, y in self._unit_spots(pid):
                wide = 0.42 if kind == "land" and (x, y) == g.anchor("unit", pid) else UNIT_HALF_W
                rects.append((x - wide * u, y - UNIT_ABOVE * u, x + wide * u, y + UNIT_BELOW * u))
        r = u * 0.2
        for c in self.board.centers:
            if g.has(c):
                x, y = self.center_point(c)
                rects.append((x - r, y - r, x + r, y + r))
        return rects

    def label_at(self, x: float, y: float) -> str | None:
        """The province whose drawn label covers the map point, if any."""
        for b in self.label_plan():
            if b.contains(x, y):
                return b.prov
        return None

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
                # out along the line until the box clears a unit's outline (label_obstacles)
                # on one axis, with the plan's gap to spare
                gap = half_h * 0.2
                reach_x = (half_w + UNIT_HALF_W * self.g + gap) / abs(cx) if abs(cx) > 1e-9 else math.inf
                below = UNIT_BELOW if cy > 0 else UNIT_ABOVE
                reach_y = (half_h + below * self.g + gap) / abs(cy) if abs(cy) > 1e-9 else math.inf
                need = min(reach_x, reach_y)
                if d < need:
                    x, y = ux + cx * need, uy + cy * need
        return (x, y)

    def label_point(self, prov: str) -> tuple[float, float]:
        key = f"\0label-{prov}-{self.glyph_step}-{self.label_step}"
        p = self.paths.get(key)
        if p is None:
            x, y = self.geometry.anchor("label", prov)
            size = self.label_size
            half_w = glyphs.text_width(prov.upper(), size) / 2 + size * 0.08  # as the plan's box
            p = self.paths[key] = self._clear_of_units(prov, (x, y), half_w, size * 0.47)
        return p

    def center_point(self, prov: str) -> tuple[float, float]:
        key = f"\0center-{prov}-{self.glyph_step}"
        p = self.paths.get(key)
        if p is None:
            x, y = self.geometry.anchor("center", prov)
            r = self.g * 0.2
            p = self.paths[key] = self._clear_of_units(prov, (x, y), r, r)
        return p

    # -- units ---------------------------------------------------------------------------

    def unit_point(self, loc: str, dislodged: bool = False) -> QPointF:
        """Where the unit at ``loc`` is drawn (a dislodged one clear of the unit that took
        its place)."""
        if not dislodged:
            x, y = self.geometry.anchor("unit", loc)
            return QPointF(x, y)
        key = f"\0dislodged-{loc}-{self.glyph_step}"
        p = self.paths.get(key)
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
            p = self.paths[key] = QPointF(x, y)
        return QPointF(p)


class Layer:
    """One layer of the picture, drawn on a shared :class:`Sheet`."""

    def __init__(self, sheet: Sheet):
        self.sheet = sheet

    @property
    def g(self) -> float:
        """The glyph size drawn now (the sheet's, grown on a zoomed-out screen)."""
        return self.sheet.g

    @property
    def geometry(self) -> MapGeometry:
        return self.sheet.geometry

    @property
    def board(self) -> Board:
        return self.sheet.board

    def unit_point(self, loc: str, dislodged: bool = False) -> QPointF:
        return self.sheet.unit_point(loc, dislodged)
