"""Where the province names of a Hypereconomic map go, on the desk's screen and on the printed
regional sheets: as large as asked, shrunk to a floor where a province is small, moved beside
it where it is smaller still, never over another name or another province's units.

The world board has hundreds of provinces, from Russia to Luxembourg, drawn on one map that
is read whole (an overview) or by region (Europe at A4). One size for every name would either
hide Europe's or cover it, so each name gets the largest size from ``size`` down to ``floor``
that fits in its own province, clear of the names placed before it (bigger provinces first);
a name that fits nowhere inside at the floor goes just outside its province, where there is
room; only a name with no room anywhere near is left out, to come back when the map is
zoomed in (on screen) or on a sheet of its region (on paper). The plan depends only on the
map and the sizes, never on the order of anything given.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import shapely

from ..geometry.shapes import MapGeometry
from . import glyphs
from .detail import FIT_SHARE, LabelBox

SHRINK = 2 ** -0.25  # a name shrinks in quarter-octave steps
HALF_H = 0.45  # a name's half height, in its size
PAD = 0.08  # around a name, in its size
GAP_X, GAP_Y = 0.2, 0.06  # the least room between two names, in their size (each keeps half)
LAND_SAMPLES = 2  # of a name set beside its province, at most this many of 15 points on others' land
LEADER_MAX = 1.6  # and its leader at most this long, in the name's size


@dataclass(frozen=True)
class Name(LabelBox):
    """A name's box; ``leader`` is the point in its province a name set beside it points to."""

    leader: tuple[float, float] | None = None


def _box(prov: str, x: float, y: float, size: float, leader: tuple[float, float] | None = None) -> Name:
    half_w = glyphs.text_width(prov.upper(), size) / 2 + size * PAD
    return Name(prov, x, y, size, half_w, size * HALF_H, leader)


def _share_inside(shape, b: LabelBox) -> float:
    xs, ys = np.meshgrid(b.x - b.half_w + b.half_w * 2 * (np.arange(5) + 0.5) / 5,
                         b.y - b.half_h + b.half_h * 2 * (np.arange(3) + 0.5) / 3)
    return float(np.count_nonzero(shapely.contains_xy(shape, xs.ravel(), ys.ravel()))) / 15


class _Taken:
    """The boxes placed so far, in a grid of cells for a quick overlap test."""

    def __init__(self, cell: float):
        self.cell = max(cell, 1e-6)
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float, str | None]]] = {}

    def _keys(self, x0: float, y0: float, x1: float, y1: float):
        c = self.cell
        for i in range(math.floor(x0 / c), math.floor(x1 / c) + 1):
            for j in range(math.floor(y0 / c), math.floor(y1 / c) + 1):
                yield i, j

    def hits(self, x0: float, y0: float, x1: float, y1: float, owner: str | None = None) -> bool:
        """Does the box meet anything placed (but what ``owner``'s own units keep clear)?"""
        for k in self._keys(x0, y0, x1, y1):
            for a0, b0, a1, b1, who in self.cells.get(k, ()):
                if (who is None or who != owner) and a0 < x1 and x0 < a1 and b0 < y1 and y0 < b1:
                    return True
        return False

    def add(self, x0: float, y0: float, x1: float, y1: float, owner: str | None = None) -> None:
        for k in self._keys(x0, y0, x1, y1):
            self.cells.setdefault(k, []).append((x0, y0, x1, y1, owner))


def _rect(b: LabelBox) -> tuple[float, float, float, float]:
    """The room a name keeps: its box and a letter's gap either side, a little above and below."""
    gx, gy = b.size * GAP_X, b.size * GAP_Y
    return (b.x - b.half_w - gx, b.y - b.half_h - gy, b.x + b.half_w + gx, b.y + b.half_h + gy)


def plan(geometry: MapGeometry, points: dict[str, tuple[float, float]], size: float, floor: float,
         box: tuple[float, float, float, float] | None = None,
         keep_clear: Iterable[tuple[str, float, float, float]] = ()) -> list[Name]:
    """The names to draw and where: ``points`` is each province's preferred label point;
    ``size`` the size asked and ``floor`` the least a name may shrink to (map units);
    ``box`` limits the plan to the names whose point lies in it (a regional sheet);
    ``keep_clear`` are squares (owner, x, y, half side) no name may cover, but the owner's
    own (where units stand, a badge, a tag). Sorted by province."""
    floor = min(floor, size)
    sizes = [size]
    while sizes[-1] * SHRINK >= floor * 0.999:
        sizes.append(sizes[-1] * SHRINK)
    ids = sorted(p for p in points if geometry.kind(p) != "impassable")
    if box is not None:
        x0, y0, x1, y1 = box
        ids = [p for p in ids if x0 <= points[p][0] <= x1 and y0 <= points[p][1] <= y1]
    ids.sort(key=lambda p: (-geometry.shape(p).area, p))
    taken = _Taken(size * 3)
    for prov, x, y, r in sorted(keep_clear):
        taken.add(x - r, y - r, x + r, y + r, prov)
    out: list[Name] = []
    for prov in ids:
        shape = geometry.shape(prov)
        b = _inside(prov, shape, points[prov], sizes, taken) or _beside(geometry, prov, shape, sizes[-1], taken)
        if b is None:
            continue
        taken.add(*_rect(b))
        out.append(b)
    return sorted(out, key=lambda b: b.prov)


def _inside(prov: str, shape, point: tuple[float, float], sizes: list[float], taken: _Taken) -> Name | None:
    """The largest size at which the name sits mostly in its province, clear of the rest."""
    x, y = point
    pole = shape.representative_point()
    middle = shape.centroid
    for s in sizes:
        h = s * HALF_H * 2.2
        w = glyphs.text_width(prov.upper(), s) * 0.6
        # the art's point first, then the shape's own middles, then a little off them
        for px, py in ((x, y), (pole.x, pole.y), (middle.x, middle.y), (x, y - h), (x, y + h),
                       (pole.x, pole.y - h), (pole.x, pole.y + h), (x - w, y), (x + w, y)):
            b = _box(prov, px, py, s)
            if _share_inside(shape, b) >= FIT_SHARE and not taken.hits(*_rect(b), owner=prov):
                return b
    return None


def _over_land(geometry: MapGeometry, prov: str, b: LabelBox) -> int:
    """How many of a name's 15 sample points lie on another province's land (not the sea)."""
    xs, ys = np.meshgrid(b.x - b.half_w + b.half_w * 2 * (np.arange(5) + 0.5) / 5,
                         b.y - b.half_h + b.half_h * 2 * (np.arange(3) + 0.5) / 3)
    points = shapely.points(xs.ravel(), ys.ravel())
    where, hit = geometry.tree.query(points, predicate="intersects")
    land = {int(w) for w, h in zip(where.tolist(), hit.tolist(), strict=True)
            if geometry.ids[h] != prov and geometry.kind(geometry.ids[h]) != "sea"}
    return len(land)


def _beside(geometry: MapGeometry, prov: str, shape, s: float, taken: _Taken) -> Name | None:
    """The name at the floor size just outside its province (below, above, right, left, then
    the corners), where nothing else is and over the sea (a coast's name goes offshore): a
    name set over another's land would read as that province's, so an inland province too
    small for its name has none until the map is zoomed in."""
    bx0, by0, bx1, by1 = shape.bounds
    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
    pole = shape.representative_point()
    b = _box(prov, cx, cy, s)
    spots = []
    for gap in (s * 0.4, s * 1.2):  # close by, then a little off: the leader says whose
        spots += [(cx, by1 + b.half_h + gap), (cx, by0 - b.half_h - gap), (bx1 + b.half_w + gap, cy),
                  (bx0 - b.half_w - gap, cy), (bx1 + b.half_w + gap, by1 + b.half_h + gap),
                  (bx0 - b.half_w - gap, by1 + b.half_h + gap), (bx1 + b.half_w + gap, by0 - b.half_h - gap),
                  (bx0 - b.half_w - gap, by0 - b.half_h - gap)]
    for x, y in spots:
        c = _box(prov, x, y, s, (pole.x, pole.y))
        line = leader_line(c)
        if line is not None and math.dist(*line) > s * LEADER_MAX:
            continue  # too far off to read as this province's
        if not taken.hits(*_rect(c)) and _over_land(geometry, prov, c) <= LAND_SAMPLES:
            return c
    return None


def leader_line(b: LabelBox) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The short line from a name set beside its province to the province (None if inside)."""
    to = getattr(b, "leader", None)
    if to is None:
        return None
    tx, ty = to
    dx, dy = tx - b.x, ty - b.y
    # from the edge of the name's box towards the point
    k = min(b.half_w / abs(dx) if dx else math.inf, b.half_h / abs(dy) if dy else math.inf, 1.0)
    return (b.x + dx * k, b.y + dy * k), (tx, ty)
