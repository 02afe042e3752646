"""Adjacency worked out from the shapes, and checked against a variant's adjacency.

Two provinces are geometric neighbours when their shapes share a border longer than a
tolerance: the ``STRtree`` finds pairs within a small gap of each other (``dwithin``),
then the length of one's boundary inside the other (grown by the gap) is measured.
A corner touch, or two coasts facing each other across a strait, is not a border.

The gap follows the map (:func:`map_gap`): our own boards tile exactly, but several jDip
boards leave 1.4 to 3.3 units between neighbouring shapes, and a fixed fraction of the
map's size would find almost no border on them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np
import shapely

from ..engine.board import Board, ProvinceKind
from .shapes import MapGeometry

Pair = tuple[str, str]


def _pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class BorderSurvey:
    """Every pair of shapes (by index, ``left < right``) within a gap of each other, with
    the length of border they share; and each shape's boundary and grown outline, which
    measuring a border again later reuses."""

    left: np.ndarray
    right: np.ndarray
    lengths: np.ndarray
    boundaries: np.ndarray
    grown: np.ndarray


def survey_borders(shapes: np.ndarray, gap: float, tree: shapely.STRtree | None = None) -> BorderSurvey:
    """Measure, in one vectorised pass, the border each pair of nearby shapes shares: the
    length of one's boundary inside the other grown by ``gap``. (The map editor keeps
    surveys on disk: a change to how borders are measured changes ``border_cache.FORMAT``.)"""
    tree = shapely.STRtree(shapes) if tree is None else tree
    left, right = tree.query(shapes, predicate="dwithin", distance=gap)
    keep = left < right
    left, right = left[keep], right[keep]
    boundaries = shapely.boundary(shapes)
    grown = shapely.buffer(shapes, gap, quad_segs=2)

    def measure(part: slice) -> np.ndarray:
        return shapely.length(shapely.intersection(boundaries[left[part]], grown[right[part]]))

    return BorderSurvey(left, right, _in_parts(measure, len(left)), boundaries, grown)


PART = 1500  # pairs worth a thread of their own
THREADS = max(1, min(4, os.cpu_count() or 1))


def _in_parts(measure: Callable[[slice], np.ndarray], n: int) -> np.ndarray:
    """``measure(slice(0, n))``, made of consecutive parts measured on several threads at
    once (shapely lets go of the GIL while GEOS works; the arrays are only read), joined
    back in order: the same values, element by element, as one pass gives."""
    k = min(THREADS, n // PART)
    if k <= 1:
        return measure(slice(0, n)) if n else np.zeros(0)
    cuts = np.linspace(0, n, k + 1).astype(int).tolist()
    with ThreadPoolExecutor(k) as pool:
        return np.concatenate(list(pool.map(measure, [slice(cuts[i], cuts[i + 1]) for i in range(k)])))


GAP_NEIGHBOURS = 6  # a province is taken to have at least this many neighbours
GAP_QUANTILE = 0.95
GAP_FACTOR = 1.3
GAP_MAX = 5e-3  # of the map's size: a wider gap is open water


def map_gap(geom: MapGeometry) -> float:
    """How far apart the map draws neighbouring provinces: the gap below which two shapes
    are taken to meet (see :func:`drawn_gap`)."""
    return drawn_gap(geom.shapes, max(geom.view_box[2], geom.view_box[3]), geom.tree)


def drawn_gap(shapes: np.ndarray, span: float, tree: shapely.STRtree | None = None) -> float:
    """The gap a map leaves between neighbouring shapes, measured from the distances of each
    province to its nearest few others (every province has a few neighbours; 0 on a map that
    tiles): the 95th percentile of those, and a third more, no less than 1/1000 of the map's
    size ``span`` and no more than :data:`GAP_MAX` of it.
    """
    floor, cap = span * 1e-3, span * GAP_MAX
    if len(shapes) < 2:
        return floor
    tree = tree if tree is not None else shapely.STRtree(shapes)
    left, right = tree.query(shapes, predicate="dwithin", distance=cap)
    keep = left != right
    left, right = left[keep], right[keep]
    if not len(left):
        return floor
    dist = shapely.distance(shapes[left], shapes[right])
    order = np.lexsort((dist, left))
    left, dist = left[order], dist[order]
    first = np.searchsorted(left, left)  # where each province's run of distances starts
    rank = np.arange(len(left)) - first
    near = dist[rank < GAP_NEIGHBOURS]
    return float(min(cap, max(floor, GAP_FACTOR * np.quantile(near, GAP_QUANTILE))))


def shared_borders(geom: MapGeometry, gap: float | None = None) -> dict[Pair, float]:
    """Every pair of provinces whose shapes come within ``gap``, with the length of border
    they share (0 for a mere corner touch). ``gap`` defaults to :func:`map_gap`.
    """
    gap = map_gap(geom) if gap is None else gap
    s = survey_borders(geom.shapes, gap, geom.tree)
    return {
        _pair(geom.ids[i], geom.ids[j]): float(n)
        for i, j, n in zip(s.left.tolist(), s.right.tolist(), s.lengths.tolist(), strict=True)
    }


def geometric_neighbours(geom: MapGeometry, min_border: float | None = None,
                         gap: float | None = None) -> set[Pair]:
    """Pairs of provinces sharing a border longer than ``min_border`` (default: 1/200 of
    the map's size, about a tenth of a small province's side)."""
    span = max(geom.view_box[2], geom.view_box[3])
    min_border = span * 5e-3 if min_border is None else min_border
    return {p for p, n in shared_borders(geom, gap).items() if n > min_border}


def variant_neighbours(board: Board) -> set[Pair]:
    """Province-level pairs adjacent for armies or fleets."""
    out = set()
    for a, nbrs in board.province_neighbours.items():
        for b in nbrs:
            if a != b:
                out.add(_pair(a, b))
    return out


@dataclass
class AdjacencyDiff:
    """How a map's geometry and a variant's adjacency disagree, at province level."""

    only_geometry: list[Pair] = field(default_factory=list)  # borders the variant lacks
    only_variant: list[Pair] = field(default_factory=list)  # adjacencies with no border
    missing: list[str] = field(default_factory=list)  # provinces the map has no shape for
    borders: dict[Pair, float] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return not (self.only_geometry or self.only_variant or self.missing)

    def without(self, allowed: set[Pair] | list[Pair]) -> AdjacencyDiff:
        """The diff with the given (explained) pairs taken out of both lists."""
        ok = {_pair(*p) for p in allowed}
        return AdjacencyDiff(
            [p for p in self.only_geometry if p not in ok],
            [p for p in self.only_variant if p not in ok],
            list(self.missing),
            self.borders,
        )

    def __str__(self) -> str:
        if self.clean:
            return "geometry and adjacency agree"
        lines = []
        for p in self.only_geometry:
            lines.append(f"border on the map, not in the variant: {p[0]}-{p[1]} ({self.borders.get(p, 0):.1f})")
        for p in self.only_variant:
            near = self.borders.get(p)
            why = f"shapes touch for {near:.1f}" if near is not None else "shapes don't touch"
            lines.append(f"adjacent in the variant, no border on the map: {p[0]}-{p[1]} ({why})")
        if self.missing:
            lines.append(f"no shape on the map for: {', '.join(self.missing)}")
        return "\n".join(lines)


def diff_adjacency(geom: MapGeometry, board: Board, *, min_border: float | None = None,
                   gap: float | None = None, skip_impassable: bool = True) -> AdjacencyDiff:
    """Compare geometric neighbours with the board's adjacency.

    Impassable provinces border others on the map but are adjacent to nothing by
    definition, so they are left out unless ``skip_impassable`` is False.
    """
    span = max(geom.view_box[2], geom.view_box[3])
    min_border = span * 5e-3 if min_border is None else min_border
    borders = shared_borders(geom, gap)
    geo = {p for p, n in borders.items() if n > min_border}
    var = variant_neighbours(board)
    skip = {p for p, v in board.provinces.items() if skip_impassable and v.kind is ProvinceKind.IMPASSABLE}
    have = set(geom.ids)
    missing = sorted(set(board.provinces) - have)

    def counted(p: Pair) -> bool:
        return p[0] in board.provinces and p[1] in board.provinces and not (set(p) & skip) \
            and p[0] in have and p[1] in have

    only_geo = sorted(p for p in geo - var if counted(p))
    only_var = sorted(p for p in var - geo if counted(p))
    return AdjacencyDiff(only_geo, only_var, missing, borders)


def border_lengths(geom: MapGeometry, pairs: list[Pair]) -> np.ndarray:
    """Shared border length of each given pair (0 where the shapes don't meet)."""
    borders = shared_borders(geom)
    return np.array([borders.get(_pair(*p), 0.0) for p in pairs])
