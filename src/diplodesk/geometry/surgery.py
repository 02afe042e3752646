"""Shape surgery: the pure shapely operations behind the map editor's edits.

Cutting a province along a drawn line, moving, adding and deleting the points of its
rings, cleaning a shape onto the map's grid, and sharing a province out among its coasts.
Nothing here knows provinces, records or undo: each function takes shapes and tolerances
and returns shapes, so it can be tested alone (and never imports Qt). The map model
(:mod:`diplodesk.document.map_model`) decides what the shapes mean.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import split as shapely_split

__all__ = [
    "ShapeEditError",
    "add_vertex",
    "as_polygon",
    "clean",
    "delete_vertex",
    "extend_line",
    "frame",
    "join_crumbs",
    "line_side",
    "map_rings",
    "move_vertex",
    "nearest_segment",
    "polygonal",
    "polygons_of",
    "share_out",
    "split_pieces",
]

Side = str  # "left" or "right" of a drawn line


class ShapeEditError(ValueError):
    """A shape edit that can't be made; the message says why in the user's terms."""


def polygons_of(g: BaseGeometry) -> list[Polygon]:
    """The non-empty polygons of a geometry (of any kind)."""
    if isinstance(g, Polygon):
        return [] if g.is_empty else [g]
    if isinstance(g, MultiPolygon):
        return [p for p in g.geoms if not p.is_empty]
    return [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon) and not p.is_empty]


def _joined(parts: list[Polygon]) -> BaseGeometry:
    if not parts:
        return Polygon()
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def polygonal(g: BaseGeometry | None) -> BaseGeometry:
    """A valid (multi)polygon of what is polygonal in ``g`` (empty if nothing is)."""
    if g is None or g.is_empty:
        return Polygon()
    if not g.is_valid:
        g = shapely.make_valid(g)
    if isinstance(g, Polygon | MultiPolygon):
        return g
    return _joined(polygons_of(g))


def clean(g: BaseGeometry, grid: float, tiny: float) -> BaseGeometry:
    """Valid polygons on the grid (none when ``grid`` is 0), without parts smaller than
    ``tiny`` squared or holes thinner than ``tiny``: edits leave no specks or hairlines."""
    g = polygonal(g)
    if g.is_empty:
        return g
    if grid > 0:
        g = polygonal(shapely.set_precision(g, grid))
    speck = tiny ** 2
    parts = []
    for p in polygons_of(g):
        if p.area <= speck:
            continue
        holes = [r for r in p.interiors
                 if (h := Polygon(r)).area > speck and 2 * h.area / max(h.length, 1e-12) > tiny]
        parts.append(Polygon(p.exterior, holes) if len(holes) != len(p.interiors) else p)
    return _joined(parts)


def frame(view_box: tuple[float, float, float, float]) -> Polygon:
    """The map's whole area as a box."""
    x, y, w, h = view_box
    return box(x, y, x + w, y + h)


def as_polygon(shape: BaseGeometry | Iterable[Iterable[float]]) -> BaseGeometry:
    """A geometry as given, or the polygon through a list of points."""
    if isinstance(shape, BaseGeometry):
        return shape
    pts = [tuple(map(float, p)) for p in shape]
    if len(pts) < 3:
        raise ShapeEditError("a shape needs at least three points")
    return shapely.make_valid(Polygon(pts))


# -- rings and vertices ------------------------------------------------------------------------


def map_rings(g: BaseGeometry, fn: Callable[[np.ndarray], np.ndarray | None]) -> BaseGeometry:
    """Rebuild a (multi)polygon with each ring's closed coordinate array passed through fn.
    A ring fn returns None for is dropped (a hole), or keeps the polygon as it was (a shell)."""
    out = []
    for poly in polygons_of(g):
        shell = fn(np.asarray(poly.exterior.coords))
        if shell is None or len(shell) < 4:
            shell = np.asarray(poly.exterior.coords)
        holes = []
        for r in poly.interiors:
            h = fn(np.asarray(r.coords))
            if h is not None and len(h) >= 4:
                holes.append(h)
        out.append(Polygon(shell, holes))
    return _joined(out)


def nearest_segment(c: np.ndarray, x: float, y: float) -> tuple[int, float]:
    """Index of the segment of a closed ring (coordinates ``c``) nearest (x, y), and how near."""
    a, b = c[:-1], c[1:]
    ab = b - a
    t = np.clip(((x - a[:, 0]) * ab[:, 0] + (y - a[:, 1]) * ab[:, 1])
                / np.maximum((ab ** 2).sum(axis=1), 1e-18), 0, 1)
    q = a + ab * t[:, None]
    d = np.hypot(q[:, 0] - x, q[:, 1] - y)
    i = int(np.argmin(d))
    return i, float(d[i])


def move_vertex(g: BaseGeometry, old: tuple[float, float], new: tuple[float, float],
                snap: float) -> BaseGeometry:
    """``g`` with its points within ``snap`` of ``old`` moved to ``new``; an edge passing
    there without a point gets one, so it bends with the move."""
    ox, oy = old
    nx, ny = new

    def fn(c: np.ndarray) -> np.ndarray | None:
        d = np.hypot(c[:, 0] - ox, c[:, 1] - oy)
        hit = d <= snap
        if hit.any():
            c = c.copy()
            c[hit] = (nx, ny)
            return c
        i, dist = nearest_segment(c, ox, oy)
        if dist <= snap:
            return np.vstack((c[: i + 1], [[nx, ny]], c[i + 1:]))
        return c

    return map_rings(g, fn)


def add_vertex(g: BaseGeometry, at: tuple[float, float], snap: float, grid: float) -> BaseGeometry:
    """``g`` with a point at ``at`` on each edge within ``snap`` of it (unless a point is
    there already, within half the grid)."""
    px, py = at

    def fn(c: np.ndarray) -> np.ndarray | None:
        i, dist = nearest_segment(c, px, py)
        if dist > snap or np.hypot(c[:, 0] - px, c[:, 1] - py).min() <= grid / 2:
            return c
        return np.vstack((c[: i + 1], [[px, py]], c[i + 1:]))

    return map_rings(g, fn)


def delete_vertex(g: BaseGeometry, at: tuple[float, float], snap: float) -> BaseGeometry:
    """``g`` without its points within ``snap`` of ``at``; a ring keeps three points."""
    ax, ay = at

    def fn(c: np.ndarray) -> np.ndarray | None:
        d = np.hypot(c[:-1, 0] - ax, c[:-1, 1] - ay)
        hit = d <= snap
        if not hit.any():
            return c
        keep = c[:-1][~hit]
        if len(keep) < 3:
            raise ShapeEditError("a ring keeps at least three points")
        return np.vstack((keep, keep[:1]))

    return map_rings(g, fn)


# -- cutting -------------------------------------------------------------------------------------


def extend_line(coords: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """The line carried on by ``d`` at both ends (so a line drawn up to a border cuts it)."""
    if len(coords) < 2 or d <= 0:
        return coords
    (x0, y0), (x1, y1) = coords[0], coords[1]
    n = math.hypot(x1 - x0, y1 - y0) or 1.0
    start = (x0 - (x1 - x0) / n * d, y0 - (y1 - y0) / n * d)
    (xa, ya), (xb, yb) = coords[-2], coords[-1]
    n = math.hypot(xb - xa, yb - ya) or 1.0
    end = (xb + (xb - xa) / n * d, yb + (yb - ya) / n * d)
    return [start, *coords, end]


def line_side(line: LineString, x: float, y: float) -> str:
    """``"left"`` or ``"right"`` of a drawn line, as seen on screen (y down) walking along it."""
    coords = np.asarray(line.coords)
    seg = np.diff(coords, axis=0)
    lengths = np.hypot(seg[:, 0], seg[:, 1])
    cum = np.concatenate(([0.0], np.cumsum(lengths)))
    d = line.project(Point(x, y))
    i = int(np.clip(np.searchsorted(cum, d, side="right") - 1, 0, len(seg) - 1))
    (ax, ay), (dx, dy) = coords[i], seg[i]
    z = dx * (y - ay) - dy * (x - ax)
    return "left" if z < 0 else "right"


def split_pieces(shape: BaseGeometry, cut: LineString) -> list[tuple[Polygon, Side | None]]:
    """The pieces a line cuts a shape into, each with the side of the line it lies on
    (None: a part the line does not cut). GEOS failures raise ShapeEditError."""
    pieces: list[tuple[Polygon, Side | None]] = []
    for part in polygons_of(shape):
        if not part.intersects(cut):
            pieces.append((part, None))
            continue
        try:
            res = polygons_of(shapely_split(part, cut))
        except (ValueError, shapely.errors.GEOSException) as e:
            raise ShapeEditError(str(e)) from None
        if len(res) < 2:
            pieces.append((part, None))
            continue
        for s in res:
            rp = s.representative_point()
            pieces.append((s, line_side(cut, rp.x, rp.y)))
    return pieces


def join_crumbs(pieces: list[tuple[Polygon, Side | None]], gap: float,
                min_area: float) -> list[tuple[Polygon, Side | None]]:
    """Crumbs a cut takes off a ragged coast (pieces under a quarter of ``min_area``) join
    the side they border most, so a split leaves no slivers on the wrong side."""
    pieces = list(pieces)
    small = min_area / 4
    for k, (s, side) in enumerate(pieces):
        if side is None or s.area >= small:
            continue
        grown = shapely.buffer(s, gap, quad_segs=2)
        touch = {"left": 0.0, "right": 0.0}
        for o, oside in pieces:
            if o is not s and oside is not None and o.area >= small:
                touch[oside] += shapely.length(shapely.intersection(shapely.boundary(o), grown))
        if max(touch.values()) > 0:
            pieces[k] = (s, max(touch, key=touch.get))
    return pieces


def share_out(shape: BaseGeometry, points: Mapping[tuple[float, float], str],
              margin: float) -> dict[str, BaseGeometry]:
    """Share a shape out among names by the nearest of their points (a Voronoi partition
    of the points, each name's cells joined and clipped to the shape); not yet cleaned."""
    items = list(points.items())
    x0, y0, x1, y1 = shape.bounds
    extent = box(x0, y0, x1, y1).buffer(margin)
    cells = shapely.voronoi_polygons(MultiPoint([p for p, _ in items]), extend_to=extent, ordered=True)
    groups: dict[str, list[BaseGeometry]] = {}
    for (_, c), cell in zip(items, shapely.get_parts(cells), strict=True):
        groups.setdefault(c, []).append(cell)
    return {c: shapely.intersection(shapely.union_all(g), shape) for c, g in groups.items()}
