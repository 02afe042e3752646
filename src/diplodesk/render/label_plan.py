"""Every name on a zoomed-out screen: a label that does not fit where the map's art put it
is moved, then shrunk to the floor, then drawn beside its province with a leader line; it
is never left out.

The planner works on boxes in map units. Each label is tried, the hardest first (the
smallest provinces), at its art's place and then at the points of a grid inside its
province, nearest first, at each size from the grown one down to the floor; a place is good
when most of the box lies in the province (or the art itself put the name outside it),
no unit spot, centre marker or label placed before is under it, and it lies on the map.
A label with no good place inside goes on a ring round its province, at the nearest free
spot, and a leader line joins it to the province. Only a board too crowded even for that
gets a label over something, at the floor size in its art's place (``LabelBox.crowded``).

Each candidate is checked as a whole array (numpy), so a board of a hundred provinces is
planned in a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
import shapely

if TYPE_CHECKING:
    from .detail import LabelBox

SHRINK_STEPS = 3  # sizes tried from the grown one down to the floor, both included
GRID_POINTS = 90  # at most this many places inside a province are tried (nearest first)
GAP = 0.15  # of a label's half height: room kept between a label and what it must not touch
REACH = (2.0, 5.0, 10.0)  # how far from its province a name set beside it may go, in label heights


def place_all(boxes: list[LabelBox], shape: Callable[[str], object], art_outside: set[str],
              fit_share: float, floor: float, obstacles: Sequence[tuple[float, float, float, float]] = (),
              bounds: tuple[float, float, float, float] | None = None) -> list[LabelBox]:
    """Every box placed (see the module's text); ``floor`` is the least size, map units.

    ``shape`` gives a province's shape; ``obstacles`` are rectangles (x0, y0, x1, y1) no
    label may touch (where units stand, centre markers); ``bounds`` the map's rectangle.
    The result does not depend on the order of ``boxes``.
    """
    if not boxes:
        return []
    areas = {b.prov: float(shapely.area(shape(b.prov))) for b in boxes}
    ordered = sorted(boxes, key=lambda b: (areas[b.prov], b.prov))
    blocked = np.array(sorted(tuple(o) for o in obstacles), dtype=float).reshape(-1, 4)
    taken = np.zeros((0, 4))  # the labels placed so far, as rectangles
    placed: list[LabelBox] = []
    for b in ordered:
        geom = shape(b.prov)
        shapely.prepare(geom)
        walls = np.vstack([blocked, taken])
        got = _inside(b, geom, b.prov in art_outside, fit_share, floor, walls, bounds)
        if got is None:
            got = _beside(b, geom, floor, walls, taken, bounds)
        if got is None:
            got = replace(b, size=floor, half_w=b.half_w * floor / b.size, half_h=b.half_h * floor / b.size,
                          crowded=True)
        placed.append(got)
        taken = np.vstack([taken, [[got.x - got.half_w, got.y - got.half_h, got.x + got.half_w,
                                    got.y + got.half_h]]])
    return sorted(placed, key=lambda b: b.prov)


def _sizes(size: float, floor: float) -> list[float]:
    if size <= floor:
        return [size]
    return [size * (floor / size) ** (i / (SHRINK_STEPS - 1)) for i in range(SHRINK_STEPS)]


def _inside(b: LabelBox, geom, outside_ok: bool, fit_share: float, floor: float, walls: np.ndarray,
            bounds) -> LabelBox | None:
    """The box at its art's place or moved within its province, as big as will go."""
    for size in _sizes(b.size, floor):
        k = size / b.size
        hw, hh = b.half_w * k, b.half_h * k
        pts = _grid(geom, b.x, b.y, hh)
        ok = _free(pts, hw, hh, walls, bounds, hh * GAP)
        share = _shares(geom, pts, hw, hh)
        good = ok & (share >= fit_share)
        if outside_ok:
            good[0] |= ok[0]  # the art put this name beside its province: keep that
        hit = np.flatnonzero(good)
        if hit.size:
            x, y = pts[hit[0]]
            return replace(b, x=float(x), y=float(y), size=size, half_w=hw, half_h=hh)
    return None


def _beside(b: LabelBox, geom, floor: float, walls: np.ndarray, taken: np.ndarray,
            bounds) -> LabelBox | None:
    """The box at the floor size near its province, the nearest free place whose leader line
    crosses no other name, and the leader line's end in the province."""
    k = floor / b.size
    hw, hh = b.half_w * k, b.half_h * k
    tx, ty = _target(geom)
    minx, miny, maxx, maxy = shapely.bounds(geom)
    labels = shapely.union_all(shapely.box(*taken.T)) if len(taken) else None
    for reach in REACH:
        pad = reach * 2 * hh
        step = hh * 0.6
        xs = np.arange(minx - pad - hw, maxx + pad + hw, step)
        ys = np.arange(miny - pad - hh, maxy + pad + hh, step)
        gx, gy = np.meshgrid(xs, ys)
        pts = np.column_stack([gx.ravel(), gy.ravel()])
        pts = pts[_free(pts, hw, hh, walls, bounds, hh * GAP)]
        if not len(pts):
            continue
        rects = shapely.box(pts[:, 0] - hw, pts[:, 1] - hh, pts[:, 0] + hw, pts[:, 1] + hh)
        away = shapely.distance(rects, geom)
        near = away <= pad
        pts, rects, away = pts[near], rects[near], away[near]
        if not len(pts):
            continue
        order = np.lexsort(((pts[:, 0] - tx) ** 2 + (pts[:, 1] - ty) ** 2, np.round(away / step)))
        pts = pts[order]
        if labels is not None:
            lines = shapely.linestrings(np.stack([pts, np.broadcast_to((tx, ty), pts.shape)], axis=1))
            clear = np.flatnonzero(~shapely.intersects(lines, labels))
            # a line over another name is better than no place at all
            pick = clear[0] if clear.size else 0
        else:
            pick = 0
        x, y = pts[pick]
        # a box over the leader's end needs no line: it already lies on its province's heart
        lead = None if abs(x - tx) <= hw and abs(y - ty) <= hh else (tx, ty)
        return replace(b, x=float(x), y=float(y), size=floor, half_w=hw, half_h=hh, leader=lead)
    return None


def _target(geom) -> tuple[float, float]:
    """Where a leader line ends: in the province, the point farthest from its edge."""
    c = shapely.get_coordinates(shapely.maximum_inscribed_circle(geom))[0]
    return float(c[0]), float(c[1])


def _grid(geom, x: float, y: float, hh: float) -> np.ndarray:
    """The art's place first, then points inside the province nearest it first."""
    minx, miny, maxx, maxy = shapely.bounds(geom)
    step = max(hh * 0.7, min(maxx - minx, maxy - miny) / 40, 1e-6)
    xs = np.arange(minx + step / 2, maxx, step)
    ys = np.arange(miny + step / 2, maxy, step)
    gx, gy = np.meshgrid(xs, ys)
    gx, gy = gx.ravel(), gy.ravel()
    keep = shapely.contains_xy(geom, gx, gy)
    gx, gy = gx[keep], gy[keep]
    order = np.argsort((gx - x) ** 2 + (gy - y) ** 2, kind="stable")[:GRID_POINTS]
    return np.vstack([[x, y], np.column_stack([gx[order], gy[order]])])


def _free(pts: np.ndarray, hw: float, hh: float, walls: np.ndarray, bounds, gap: float) -> np.ndarray:
    """Which boxes centred on ``pts`` keep ``gap`` clear of every wall and lie on the map."""
    x, y = pts[:, 0:1], pts[:, 1:2]
    ok = np.ones(len(pts), dtype=bool)
    if len(walls):
        apart = ((x + hw + gap <= walls[:, 0]) | (x - hw - gap >= walls[:, 2])
                 | (y + hh + gap <= walls[:, 1]) | (y - hh - gap >= walls[:, 3]))
        ok &= apart.all(axis=1)
    if bounds is not None:
        x0, y0, x1, y1 = bounds
        ok &= ((pts[:, 0] - hw >= x0) & (pts[:, 0] + hw <= x1) & (pts[:, 1] - hh >= y0)
               & (pts[:, 1] + hh <= y1))
    return ok


def _shares(geom, pts: np.ndarray, hw: float, hh: float) -> np.ndarray:
    """How much of each box lies in the province (sampled on a 5 x 3 grid)."""
    fx = (np.arange(5) + 0.5) / 5 * 2 - 1
    fy = (np.arange(3) + 0.5) / 3 * 2 - 1
    ox, oy = np.meshgrid(fx * hw, fy * hh)
    sx = (pts[:, 0:1] + ox.ravel()).ravel()
    sy = (pts[:, 1:2] + oy.ravel()).ravel()
    inside = shapely.contains_xy(geom, sx, sy).reshape(len(pts), -1)
    return inside.mean(axis=1)
