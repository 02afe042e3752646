"""Every name on a zoomed-out screen: a label that does not fit where the map's art put it
is moved, then shrunk to the floor, then drawn beside its province with a leader line; it
is never left out.

The planner works on boxes in map units. Each label is tried, the hardest first (the
smallest provinces), at its art's place and then at the points of a grid inside its
province, nearest first, at each size from the grown one down to the floor; a place is good
when most of the box lies in the province (or the art itself put the name outside it),
no unit spot, centre marker or label placed before is under it, and it lies on the map.
A label with no good place inside goes, at the floor size, to the free place nearest its
province (within ``REACH``) whose leader line crosses no name placed before, and the line
joins it to the province's heart. Only a board too crowded even for that gets a label over
something, at the floor size in its art's place (``LabelBox.crowded``).

The candidates are checked as whole arrays (numpy; an obstacle blocks a block of grid cells
at once), so a board of a hundred provinces is planned in some tens of milliseconds; the
plans are kept on disk (:mod:`.label_cache`), so a start after the first reads them back.
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
NEAREST = 64  # places beside a province measured exactly (the nearest by their bounding boxes)
LINE_SAMPLES = 16  # points along a leader line tested against the names placed before it


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
        # only what lies near the province can be in the way (the farthest a name may go)
        x0, y0, x1, y1 = shapely.bounds(geom)
        m = REACH[-1] * 2 * b.half_h + 2 * b.half_w
        walls = np.vstack([blocked, taken])
        walls = walls[(walls[:, 2] >= x0 - m) & (walls[:, 0] <= x1 + m) & (walls[:, 3] >= y0 - m)
                      & (walls[:, 1] <= y1 + m)]
        got = _inside(b, geom, b.prov in art_outside, fit_share, floor, walls, bounds)
        if got is None:
            near = taken[(taken[:, 2] >= x0 - m) & (taken[:, 0] <= x1 + m) & (taken[:, 3] >= y0 - m)
                         & (taken[:, 1] <= y1 + m)]
            got = _beside(b, geom, floor, walls, near, bounds)
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
    here = np.array([[b.x, b.y]])
    grid = None
    for size in _sizes(b.size, floor):
        k = size / b.size
        hw, hh = b.half_w * k, b.half_h * k
        # the art's place first, alone: most names fit there, and the grid is not needed
        if _free(here, hw, hh, walls, bounds, hh * GAP)[0] and (
                outside_ok or _shares(geom, here, hw, hh)[0] >= fit_share):
            return replace(b, size=size, half_w=hw, half_h=hh)
        if grid is None:
            grid = _grid(geom, b.x, b.y, b.half_h * floor / b.size)
        xs, ys, gi, gj = grid
        ok = _free_grid(xs, ys, hw, hh, walls, bounds, hh * GAP)[gj, gi]
        if not ok.any():
            continue
        cand = np.column_stack([xs[gi[ok]], ys[gj[ok]]])
        hit = np.flatnonzero(_shares(geom, cand, hw, hh) >= fit_share)
        if hit.size:
            x, y = cand[hit[0]]
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
    for reach in REACH:
        pad = reach * 2 * hh
        step = hh * 0.8
        xs = np.arange(minx - pad - hw, maxx + pad + hw, step)
        ys = np.arange(miny - pad - hh, maxy + pad + hh, step)
        free = _free_grid(xs, ys, hw, hh, walls, bounds, hh * GAP)
        gy, gx = np.nonzero(free)
        pts = np.column_stack([xs[gx], ys[gy]])
        if not len(pts):
            continue
        # how far each box is from the province: from its bounding box first (cheap), then
        # from its shape for the nearest few
        dx = np.maximum(np.maximum(minx - (pts[:, 0] + hw), (pts[:, 0] - hw) - maxx), 0)
        dy = np.maximum(np.maximum(miny - (pts[:, 1] + hh), (pts[:, 1] - hh) - maxy), 0)
        rough = np.hypot(dx, dy)
        pts, rough = pts[rough <= pad], rough[rough <= pad]
        if not len(pts):
            continue
        pts = pts[np.lexsort(((pts[:, 0] - tx) ** 2 + (pts[:, 1] - ty) ** 2, np.round(rough / step)))][:NEAREST]
        away = shapely.distance(shapely.box(pts[:, 0] - hw, pts[:, 1] - hh, pts[:, 0] + hw, pts[:, 1] + hh), geom)
        keep = away <= pad
        pts, away = pts[keep], away[keep]
        if not len(pts):
            continue
        pts = pts[np.lexsort(((pts[:, 0] - tx) ** 2 + (pts[:, 1] - ty) ** 2, np.round(away / step)))]
        clear = np.flatnonzero(~_crosses(pts, (tx, ty), taken))
        pick = clear[0] if clear.size else 0  # a line over another name beats no place at all
        x, y = pts[pick]
        # a box over the leader's end needs no line: it already lies on its province's heart
        lead = None if abs(x - tx) <= hw and abs(y - ty) <= hh else (tx, ty)
        return replace(b, x=float(x), y=float(y), size=floor, half_w=hw, half_h=hh, leader=lead)
    return None


def _crosses(starts: np.ndarray, end: tuple[float, float], rects: np.ndarray) -> np.ndarray:
    """Does the line from each start to ``end`` pass over one of ``rects`` (sampled)?"""
    if not len(rects):
        return np.zeros(len(starts), dtype=bool)
    t = np.linspace(0.0, 1.0, LINE_SAMPLES)[None, :]
    xs = starts[:, 0:1] + (end[0] - starts[:, 0:1]) * t
    ys = starts[:, 1:2] + (end[1] - starts[:, 1:2]) * t
    x, y = xs[..., None], ys[..., None]
    inside = (x >= rects[:, 0]) & (x <= rects[:, 2]) & (y >= rects[:, 1]) & (y <= rects[:, 3])
    return inside.any(axis=(1, 2))


def _target(geom) -> tuple[float, float]:
    """Where a leader line ends: in the province, the point farthest from its edge."""
    c = shapely.get_coordinates(shapely.maximum_inscribed_circle(geom))[0]
    return float(c[0]), float(c[1])


def _grid(geom, x: float, y: float, hh: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A regular grid over the province (its columns ``xs`` and rows ``ys``) and the cells
    inside it, nearest the art's place first (column and row indices)."""
    minx, miny, maxx, maxy = shapely.bounds(geom)
    step = max(hh * 0.7, min(maxx - minx, maxy - miny) / 40, 1e-6)
    xs = np.arange(minx + step / 2, maxx, step)
    ys = np.arange(miny + step / 2, maxy, step)
    gj, gi = np.nonzero(np.ones((len(ys), len(xs)), dtype=bool))
    keep = shapely.contains_xy(geom, xs[gi], ys[gj])
    gi, gj = gi[keep], gj[keep]
    order = np.argsort((xs[gi] - x) ** 2 + (ys[gj] - y) ** 2, kind="stable")[:GRID_POINTS]
    return xs, ys, gi[order], gj[order]


def _free_grid(xs: np.ndarray, ys: np.ndarray, hw: float, hh: float, walls: np.ndarray, bounds,
               gap: float) -> np.ndarray:
    """:func:`_free` for every point of a regular grid at once (rows ``ys``, columns ``xs``):
    each wall, grown by the box's half sizes, blocks a block of cells."""
    ok = np.ones((len(ys), len(xs)), dtype=bool)
    if len(walls):
        i0 = np.searchsorted(xs, walls[:, 0] - hw - gap, side="right")
        i1 = np.searchsorted(xs, walls[:, 2] + hw + gap, side="left")
        j0 = np.searchsorted(ys, walls[:, 1] - hh - gap, side="right")
        j1 = np.searchsorted(ys, walls[:, 3] + hh + gap, side="left")
        for a, b, c, d in zip(j0.tolist(), j1.tolist(), i0.tolist(), i1.tolist(), strict=True):
            if a < b and c < d:
                ok[a:b, c:d] = False
    if bounds is not None:
        x0, y0, x1, y1 = bounds
        ok &= ((xs - hw >= x0) & (xs + hw <= x1))[None, :]
        ok &= ((ys - hh >= y0) & (ys + hh <= y1))[:, None]
    return ok


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
