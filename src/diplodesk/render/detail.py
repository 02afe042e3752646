"""Level of detail: how big glyphs and labels are at a screen scale, and where labels go.

On screen a unit, a centre mark or a label must never shrink below a size a person can
read, however far the map is zoomed out; printed pages and exports (no screen scale) keep
the map's own sizes. Grown labels no longer fit where the art put them, so at each zoom
level a plan says where each is drawn. On a board of standard size every name is kept
(:mod:`.label_plan`): moved within its province, shrunk to the floor (capitals
``FLOOR_CAP_PX`` tall), or set beside the province with a leader line, clear of units,
centre markers and other names. On a board too big for that (a world of thousands of
provinces, ``KEEP_ALL_MAX``) a grown label is drawn only where its box lies mostly inside
its own province (or where the art put it outside on purpose, like the Gulf of Bothnia's on
the Swedish coast) and clear of every label drawn before it, bigger provinces first; one
left out comes back when the map is zoomed in far enough for it to fit.

Sizes come in quarter-octave steps, so a zoom lands on one of a few levels whose plans are
kept.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from .label_plan import place_all

MIN_UNIT_PX = 18.0  # a unit glyph is never less than this many screen pixels across
MIN_LABEL_PX = 13.0  # a label's size on screen, when it fits (capitals about 9.4 px)
CAP_OF_SIZE = 0.72  # capital height of the labels' font, in label sizes (glyphs.text_path)
FLOOR_CAP_PX = 8.0  # a name that must shrink to fit keeps capitals at least this tall
FLOOR_LABEL_PX = FLOOR_CAP_PX / CAP_OF_SIZE * 1.01
KEEP_ALL_MAX = 400  # boards with more labelled provinces than this may leave names out
WORLD_LABEL_PX = 10.0  # a label's size on screen on such a board (the world's desk reads it so)
LABEL_OF_GLYPH = 0.34  # a label's size at the map's own scale, in glyph sizes
LEVELS_PER_OCTAVE = 4
FIT_SHARE = 0.6  # how much of a grown label's box must lie in its own province


def level(base: float, want: float) -> int:
    """The quarter-octave step at or above ``want`` from ``base`` (0: the base itself)."""
    if want <= base or base <= 0:
        return 0
    return max(0, math.ceil(math.log2(want / base) * LEVELS_PER_OCTAVE - 1e-9))


def at_level(base: float, k: int) -> float:
    return base * 2 ** (k / LEVELS_PER_OCTAVE)


def glyph_level(base: float, scale: float) -> int:
    """The step of the glyph size at ``scale`` screen pixels per map unit (0 off screen)."""
    return level(base, MIN_UNIT_PX / scale) if scale > 0 else 0


def label_level(base: float, scale: float, min_px: float = MIN_LABEL_PX) -> int:
    """The step of the label size at ``scale`` (0: the map's own, every label drawn)."""
    return level(base * LABEL_OF_GLYPH, min_px / scale) if scale > 0 else 0


@dataclass(frozen=True)
class LabelBox:
    """Where a province's label is drawn, and how big, in map units."""

    prov: str
    x: float
    y: float
    size: float
    half_w: float
    half_h: float
    leader: tuple[float, float] | None = None  # a point in the province, when drawn beside it
    crowded: bool = False  # no free place was found: drawn at the floor over something

    def contains(self, x: float, y: float) -> bool:
        return abs(x - self.x) <= self.half_w and abs(y - self.y) <= self.half_h


def plan_labels(boxes: list[LabelBox], area: Callable[[str], float],
                is_in: Callable[[str, np.ndarray, np.ndarray], np.ndarray],
                art_outside: set[str], grown: bool, units: Sequence[tuple[str, float, float]] = (),
                unit_r: float = 0.0) -> list[LabelBox]:
    """The labels to draw when some may be left out (a board over ``KEEP_ALL_MAX``): all of
    them at the map's own size; when grown, those that fit where the art put them.

    ``area`` gives a province's area (bigger ones are placed first) and ``is_in`` says
    which of some map points lie in a province (the box is sampled on a 5 x 3 grid);
    ``art_outside`` are the provinces whose label the map's art placed outside them;
    ``units`` the places a unit may stand (province, x, y), which a grown label of another
    province must keep ``unit_r`` clear of. The result does not depend on the order of
    ``boxes``.
    """
    if not grown:
        return sorted(boxes, key=lambda b: b.prov)
    ordered = sorted(boxes, key=lambda b: (-area(b.prov), b.prov))
    if not ordered:
        return []
    rects = np.array([shapely.box(b.x - b.half_w, b.y - b.half_h, b.x + b.half_w, b.y + b.half_h)
                      for b in ordered], dtype=object)
    inside = [_share_inside(b, is_in) for b in ordered]
    tree = shapely.STRtree(rects)
    blocked = np.zeros(len(ordered), dtype=bool)
    if units:
        spots = shapely.buffer(shapely.points([(x, y) for _, x, y in units]), unit_r, quad_segs=4)
        owners = [prov for prov, _, _ in units]
        label_i, spot_i = tree.query(spots, predicate="intersects")[::-1]
        for li, si in zip(label_i.tolist(), spot_i.tolist(), strict=True):
            if owners[si] != ordered[li].prov:
                blocked[li] = True
    taken = np.zeros(len(ordered), dtype=bool)
    for i, b in enumerate(ordered):
        if blocked[i] or (inside[i] < FIT_SHARE and b.prov not in art_outside):
            continue
        near = tree.query(rects[i], predicate="intersects")
        if taken[near].any():
            continue
        taken[i] = True
    return sorted((b for i, b in enumerate(ordered) if taken[i]), key=lambda b: b.prov)


def keep_every_label(boxes: list[LabelBox], shape: Callable[[str], object], art_outside: set[str],
                     floor: float, obstacles: Sequence[tuple[float, float, float, float]] = (),
                     bounds: tuple[float, float, float, float] | None = None) -> list[LabelBox]:
    """Every label placed, none left out (see :mod:`.label_plan`); ``floor`` in map units,
    ``obstacles`` rectangles no label may touch (unit spots, centre markers)."""
    return place_all(boxes, shape, art_outside, FIT_SHARE, floor, obstacles, bounds)


def _share_inside(b: LabelBox, is_in: Callable[[str, np.ndarray, np.ndarray], np.ndarray]) -> float:
    xs, ys = np.meshgrid(b.x - b.half_w + b.half_w * 2 * (np.arange(5) + 0.5) / 5,
                         b.y - b.half_h + b.half_h * 2 * (np.arange(3) + 0.5) / 3)
    return float(np.count_nonzero(is_in(b.prov, xs.ravel(), ys.ravel()))) / 15
