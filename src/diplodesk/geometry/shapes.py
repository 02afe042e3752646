"""Province shapes of a map: hit testing, coasts and anchor points.

:class:`MapGeometry` holds one valid shapely (Multi)Polygon per province and per coast of a
two-coast province, built from an :func:`~diplodesk.geometry.svg_import.import_svg` result.

Hit testing goes through a grid laid over the map. Building it asks the ``STRtree`` of the
province shapes, in one vectorised query each, which provinces touch each cell and which
cells lie wholly inside one province. A lookup then costs one division for most points; a
point in a cell a border crosses is tested against the provinces clipped to that cell
(a handful of vertices each), so no shapely object is made per lookup.
"""

from __future__ import annotations

import math
import statistics
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from ..engine.board import Board, UnitType, province_of
from .svg_import import ANCHOR_KINDS, Decoration, ImportedMap, MapError, import_svg

__all__ = ["MapGeometry", "load_map_geometry", "ANCHOR_KINDS"]

_Rings = tuple[tuple[tuple[float, ...], tuple[float, ...]], ...]


def _valid(g: BaseGeometry) -> BaseGeometry:
    if not g.is_valid:
        g = shapely.make_valid(g)
    if isinstance(g, Polygon | MultiPolygon):
        return g
    parts = [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon | MultiPolygon)]
    return shapely.union_all(parts) if parts else Polygon()


def _largest(g: BaseGeometry) -> Polygon:
    if isinstance(g, Polygon):
        return g
    parts = [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon)]
    return max(parts, key=lambda p: p.area) if parts else Polygon()


def _pole(g: BaseGeometry, tolerance: float) -> tuple[float, float]:
    """The point of ``g`` farthest from its edge (on its largest part)."""
    part = _largest(g)
    if part.is_empty:
        c = g.representative_point()
        return (c.x, c.y)
    try:
        line = shapely.maximum_inscribed_circle(part, tolerance)
        x, y = shapely.get_coordinates(line)[0]
        return (float(x), float(y))
    except Exception:  # very thin or odd shapes: any point inside will do
        c = part.representative_point()
        return (c.x, c.y)


def _rings_of(g: BaseGeometry) -> _Rings:
    out = []
    polys = [g] if isinstance(g, Polygon) else [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon)]
    for p in polys:
        for ring in (p.exterior, *p.interiors):
            c = np.asarray(ring.coords)
            if len(c) >= 4:
                out.append((tuple(c[:-1, 0].tolist()), tuple(c[:-1, 1].tolist())))
    return tuple(out)


def _inside(rings: _Rings, x: float, y: float) -> bool:
    """Even-odd ray casting over a few small rings."""
    inside = False
    for xs, ys in rings:
        n = len(xs)
        xj, yj = xs[n - 1], ys[n - 1]
        for i in range(n):
            xi, yi = xs[i], ys[i]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            xj, yj = xi, yi
    return inside


class _CellTests(dict):
    """Per border cell: the provinces clipped to it, worked out on first use."""

    def __init__(self, shapes: np.ndarray, bx0: np.ndarray, by0: np.ndarray, cell: float,
                 candidates: dict[int, list[int]]):
        super().__init__()
        self.shapes = shapes
        self.bx0 = bx0
        self.by0 = by0
        self.cell = cell
        self.candidates = candidates
        self.lock = threading.Lock()

    def __missing__(self, c: int) -> tuple[bool, bool, tuple[tuple[int, _Rings], ...]]:
        cell = self.cell
        bx, by = float(self.bx0[c]), float(self.by0[c])
        entries = []
        total = 0.0
        for p in self.candidates[c]:
            clip = shapely.clip_by_rect(self.shapes[p], bx, by, bx + cell, by + cell)
            a = clip.area
            if a > 0:
                entries.append((a, p, _rings_of(clip)))
                total += a
        entries.sort(key=lambda e: -e[0])
        covered = total >= cell * cell * (1 - 1e-9)
        overlapping = total > cell * cell * (1 + 1e-6)
        value = (covered and not overlapping, overlapping, tuple((p, r) for _, p, r in entries))
        with self.lock:
            self[c] = value
        return value


class MapGeometry:
    """Province and coast shapes, hit testing and anchors of one map.

    Coordinates are the SVG's user units (its viewBox). Build with
    :meth:`from_imported`, :meth:`from_svg` or :func:`load_map_geometry`.
    """

    def __init__(self, imported: ImportedMap, board: Board | None = None):
        self.imported = imported
        self.board = board
        self.source = imported.source
        self.view_box = imported.view_box
        self.ids: list[str] = sorted(imported.provinces)
        self._index = {pid: i for i, pid in enumerate(self.ids)}
        self.shapes = np.array([_valid(imported.provinces[p]) for p in self.ids], dtype=object)
        for g in self.shapes:
            shapely.prepare(g)
        self.tree = STRtree(self.shapes)
        self.areas = shapely.area(self.shapes)
        self.coasts: dict[str, BaseGeometry] = {}
        for loc, g in imported.coasts.items():
            prov = province_of(loc)
            if prov in self._index:
                clipped = _valid(shapely.intersection(_valid(g), self.shapes[self._index[prov]]))
                self.coasts[loc] = clipped if not clipped.is_empty else _valid(g)
        self._anchors: dict[str, tuple[float, float]] = dict(imported.anchors)
        self._computed: dict[str, tuple[float, float]] = {}
        self._coast_guides: dict[str, dict[str, BaseGeometry]] = {}
        self._grid: Any = None
        self._lock = threading.Lock()
        sizes = [math.sqrt(a) for pid, a in zip(self.ids, self.areas, strict=True) if self.kind(pid) != "sea"]
        span = max(self.view_box[2], self.view_box[3])
        # statistics', not numpy's median: numpy's brings in its masked arrays (25 ms of the start)
        typical = float(statistics.median(sizes)) if sizes else span / 20
        #: A good diameter for a unit glyph, in map units: a quarter of a typical land
        #: province's side, within 1/110 and 1/45 of the map's size.
        self.unit_size = float(min(max(0.24 * typical, span / 110), span / 45))
        asked = getattr(imported, "unit_size", None)  # the map's own (data-unit-size)
        if asked:
            self.unit_size = float(asked)

    # -- construction ------------------------------------------------------------------

    @classmethod
    def from_imported(cls, imported: ImportedMap, board: Board | None = None) -> MapGeometry:
        return cls(imported, board)

    @classmethod
    def from_svg(cls, data: bytes | str | Path, board: Board | None = None, **kw: Any) -> MapGeometry:
        return cls(import_svg(data, board, **kw), board)

    # -- facts -------------------------------------------------------------------------

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(xmin, ymin, xmax, ymax)`` of the map (its viewBox)."""
        x, y, w, h = self.view_box
        return (x, y, x + w, y + h)

    @property
    def decorations(self) -> list[Decoration]:
        return self.imported.decorations

    @property
    def provinces(self) -> list[str]:
        return list(self.ids)

    def has(self, loc: str) -> bool:
        return province_of(loc) in self._index

    def kind(self, prov: str) -> str:
        """``land``, ``coast``, ``sea`` or ``impassable`` (the board's word first)."""
        if self.board is not None and prov in self.board.provinces:
            return self.board.provinces[prov].kind.value
        return self.imported.kinds.get(prov, "land")

    def shape(self, loc: str) -> BaseGeometry:
        """The shape of a province, or of a coast's side of it (the province if not drawn)."""
        if loc in self.coasts:
            return self.coasts[loc]
        prov = province_of(loc)
        i = self._index.get(prov)
        if i is None:
            raise KeyError(f"the map has no shape for {loc!r}")
        return self.shapes[i]

    # -- hit testing -------------------------------------------------------------------

    def _build_grid(self) -> Any:
        with self._lock:
            if self._grid is not None:
                return self._grid
            x0, y0, x1, y1 = shapely.total_bounds(self.shapes)
            w, h = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
            # about 24 cells a province, more for detailed coastlines (an eighth of the vertices)
            vertices = int(shapely.get_num_coordinates(self.shapes).sum())
            target = min(max(256, 24 * len(self.ids), vertices // 8), 250_000)
            cell = math.sqrt(w * h / target)
            nx, ny = max(1, math.ceil(w / cell)), max(1, math.ceil(h / cell))
            gx, gy = np.meshgrid(np.arange(nx), np.arange(ny))
            gx, gy = gx.ravel().astype(float), gy.ravel().astype(float)
            bx0, by0 = x0 + gx * cell, y0 + gy * cell
            boxes = shapely.box(bx0, by0, bx0 + cell, by0 + cell)
            owner = np.full(len(boxes), -1, dtype=np.int64)
            # Cells wholly inside one province answer at once.
            cw, pw = self.tree.query(boxes, predicate="within")
            counts = np.bincount(cw, minlength=len(boxes))
            single = counts[cw] == 1
            owner[cw[single]] = pw[single]
            # Cells a border crosses keep the provinces clipped to them; cells within
            # snapping distance of a shape are marked so a miss there looks nearby.
            snap = self._snap()
            near = shapely.box(bx0 - snap, by0 - snap, bx0 + cell + snap, by0 + cell + snap)
            ci, pi = self.tree.query(near, predicate="intersects")
            keep = owner[ci] == -1
            ci, pi = ci[keep], pi[keep]
            by_cell: dict[int, list[int]] = {}
            for c, p in zip(ci.tolist(), pi.tolist(), strict=True):
                by_cell.setdefault(c, []).append(p)
            owner[list(by_cell)] = -2
            tests = _CellTests(self.shapes, bx0, by0, cell, by_cell)
            self._grid = (float(x0), float(y0), float(cell), int(nx), int(ny), owner.tolist(), tests)
            return self._grid

    def _snap(self) -> float:
        return max(self.view_box[2], self.view_box[3]) * 1e-3

    def province_at(self, x: float, y: float) -> str | None:
        """The province under a point, or None (off the map, or in a gap between shapes).

        A point on a border line or in a hairline gap (within 1/1000 of the map's size of
        a shape) gets the nearest province.
        """
        i = self._hit(x, y)
        return self.ids[i] if i is not None else None

    def _hit(self, x: float, y: float) -> int | None:
        x0, y0, cell, nx, ny, owner, tests = self._grid or self._build_grid()
        cx = int((x - x0) // cell)
        cy = int((y - y0) // cell)
        if 0 <= cx < nx and 0 <= cy < ny:
            c = cy * nx + cx
            o = owner[c]
            if o >= 0:
                return o
            if o == -1:
                return None
            covered, overlapping, entries = tests[c]
            if overlapping:
                hits = [p for p, rings in entries if _inside(rings, x, y)]
                if hits:
                    return min(hits, key=lambda p: self.areas[p])
            else:
                last = len(entries) - 1
                for k, (p, rings) in enumerate(entries):
                    if (covered and k == last) or _inside(rings, x, y):
                        return p
        snap = self._snap()
        if not (-snap <= x - x0 <= nx * cell + snap and -snap <= y - y0 <= ny * cell + snap):
            return None
        near = self.tree.query_nearest(Point(x, y), max_distance=snap)
        return int(near[0]) if len(near) else None

    def location_at(self, x: float, y: float, unit_type: UnitType | str | None = None) -> str | None:
        """The location under a point, coast-aware for fleets.

        A fleet (``"F"``) in a two-coast province gets the coast whose side the point is on
        (``stp/nc``): from the map's coast shapes when it has them, else the coast whose
        own sea neighbours lie nearest the point. Armies and ``None`` get the province.
        """
        prov = self.province_at(x, y)
        if prov is None:
            return None
        if unit_type is None or str(unit_type) != "F":
            return prov
        coasts = self._coasts_of(prov)
        if not coasts:
            return prov
        locs = [f"{prov}/{c}" for c in coasts]
        drawn = [loc for loc in locs if loc in self.coasts]
        if len(drawn) == len(locs):
            for loc in drawn:
                if shapely.contains_xy(self.coasts[loc], x, y):
                    return loc
            pt = Point(x, y)
            return min(drawn, key=lambda loc: self.coasts[loc].distance(pt))
        guides = self._guides(prov)
        if not guides:
            return locs[0]
        pt = Point(x, y)
        return min(guides, key=lambda loc: guides[loc].distance(pt))

    def _coasts_of(self, prov: str) -> tuple[str, ...]:
        if self.board is not None and prov in self.board.provinces:
            return self.board.provinces[prov].coasts
        return tuple(sorted(loc.partition("/")[2] for loc in self.coasts if province_of(loc) == prov))

    def _guides(self, prov: str) -> dict[str, BaseGeometry]:
        """Per coast, the stretch of border it faces: where its own neighbours touch."""
        if prov in self._coast_guides:
            return self._coast_guides[prov]
        out: dict[str, BaseGeometry] = {}
        board = self.board
        if board is not None and prov in self._index:
            shape = self.shapes[self._index[prov]]
            locs = [f"{prov}/{c}" for c in self._coasts_of(prov)]
            nbrs = {loc: {province_of(n) for n in board.fleet_adj.get(loc, ())} for loc in locs}
            eps = self.unit_size * 0.15
            for loc in locs:
                others = set().union(*(nbrs[o] for o in locs if o != loc)) if len(locs) > 1 else set()
                own = (nbrs[loc] - others) or nbrs[loc]
                shapes = [self.shapes[self._index[n]] for n in sorted(own) if n in self._index]
                if not shapes:
                    continue
                near = shapely.union_all(shapes)
                shore = shapely.intersection(shape.boundary, near.buffer(eps))
                out[loc] = shore if not shore.is_empty else near
        self._coast_guides[prov] = out
        return out

    # -- anchors -----------------------------------------------------------------------

    def anchor(self, kind: str, loc: str) -> tuple[float, float]:
        """Where to draw a ``unit``, ``dislodged`` unit, ``label`` or ``center`` marker.

        From the SVG's own markers when it has them, else worked out inside the shape:
        the point farthest from its edge, the dislodged spot offset from the unit.
        """
        if kind not in ANCHOR_KINDS:
            raise ValueError(f"anchor kind must be one of {', '.join(ANCHOR_KINDS)}, not {kind!r}")
        if kind in ("label", "center"):
            loc = province_of(loc)
        key = f"{kind}-{loc}"
        found = self._anchors.get(key) or self._computed.get(key)
        if found is not None:
            return found
        if not self.has(loc):
            raise KeyError(f"the map has no shape for {loc!r}")
        p = self._compute_anchor(kind, loc)
        self._computed[key] = p
        return p

    def _compute_anchor(self, kind: str, loc: str) -> tuple[float, float]:
        prov = province_of(loc)
        shape = self.shapes[self._index[prov]]
        s = self.unit_size
        if kind == "unit":
            if loc == prov:
                return _pole(shape, s / 20)
            region = self.coasts.get(loc)
            if region is None:
                guide = self._guides(prov).get(loc)
                if guide is not None:
                    region = _valid(shapely.intersection(shape, guide.buffer(s * 1.5)))
            if region is None or region.is_empty:
                return self.anchor("unit", prov)
            return _pole(region, s / 20)
        base = self.anchor("unit", loc)
        if kind == "dislodged":
            d = s * 0.75
            return self._first_inside(shape, base, [(d, -d), (-d, -d), (d, d), (-d, d), (d * 1.4, 0), (-d * 1.4, 0)])
        if kind == "label":
            unit = self.anchor("unit", prov)
            return self._first_inside(shape, unit, [(0, s * 1.15), (0, -s * 1.15), (s * 1.4, 0), (-s * 1.4, 0)],
                                      keep_off=self._unit_points(prov))
        # centre marker
        unit = self.anchor("unit", prov)
        d = s * 0.85
        return self._first_inside(shape, unit, [(-d, d * 0.8), (d, d * 0.8), (-d, -d * 0.8), (d, -d * 0.8),
                                                (0, d * 1.2), (0, -d * 1.2)],
                                  keep_off=self._unit_points(prov))

    def _unit_points(self, prov: str) -> list[tuple[float, float]]:
        pts = [self.anchor("unit", prov)]
        for c in self._coasts_of(prov):
            pts.append(self.anchor("unit", f"{prov}/{c}"))
        return pts

    def _first_inside(self, shape: BaseGeometry, base: tuple[float, float],
                      offsets: Iterable[tuple[float, float]],
                      keep_off: list[tuple[float, float]] | None = None) -> tuple[float, float]:
        """The first offset point from ``base`` well inside ``shape`` and clear of ``keep_off``;
        failing that, the point inside nearest the first offset."""
        offsets = list(offsets)
        s = self.unit_size
        clear = s * 0.9
        inner = shape.buffer(-s * 0.3)
        for dx, dy in offsets:
            x, y = base[0] + dx, base[1] + dy
            if keep_off and any(math.hypot(x - a, y - b) < clear for a, b in keep_off):
                continue
            if not inner.is_empty and shapely.contains_xy(inner, x, y):
                return (x, y)
        # Small or thin shapes: sample points inside and take the best.
        x0, y0, x1, y1 = shape.bounds
        n = 24
        gx, gy = np.meshgrid(np.linspace(x0, x1, n + 2)[1:-1], np.linspace(y0, y1, n + 2)[1:-1])
        gx, gy = gx.ravel(), gy.ravel()
        ok = shapely.contains_xy(shape, gx, gy)
        if not ok.any():
            return (base[0] + offsets[0][0], base[1] + offsets[0][1])
        gx, gy = gx[ok], gy[ok]
        want = (base[0] + offsets[0][0], base[1] + offsets[0][1])
        score = -np.hypot(gx - want[0], gy - want[1])
        edge = shapely.distance(shape.boundary, shapely.points(gx, gy))
        score += np.minimum(edge, s * 0.4) * 2
        for a, b in keep_off or [base]:
            score -= np.maximum(0, clear - np.hypot(gx - a, gy - b)) * 4
        k = int(np.argmax(score))
        return (float(gx[k]), float(gy[k]))

    def anchors_from_svg(self) -> dict[str, tuple[float, float]]:
        return dict(self._anchors)


# -- loading a variant's map, cached -------------------------------------------------------

_CACHE: dict[tuple[str, int, int, int], MapGeometry] = {}
_CACHE_LOCK = threading.Lock()


_MAP_PATHS: dict[str, Path] = {}


def load_map_geometry(variant: Any, path: Path | None = None, *, ref: str | None = None) -> MapGeometry:
    """The geometry of a variant's ``map.svg``.

    ``variant`` is a Variant, or a variant id or folder path; ``ref`` says how a Variant
    was named (an id or folder path) when that is not its id. Cached per file path and
    modification time, so an edited map is read again. Raises :class:`MapError` when the
    variant has no map or the map can't be read.
    """
    from ..variants import load_variant, map_path

    if isinstance(variant, str):
        ref = ref or variant
        variant = load_variant(variant)
    ref = ref or variant.id
    if path is None:
        path = _MAP_PATHS.get(ref)
        if path is None or not path.is_file():
            try:
                path = map_path(ref)
            except ValueError:
                path = None
            if path is None:
                raise MapError(f"variant {variant.id!r} has no map.svg")
            _MAP_PATHS[ref] = path
    path = Path(path)
    try:
        st = path.stat()
    except OSError as e:
        raise MapError(f"{path}: {e.strerror or e}") from None
    key = (str(path.resolve()), st.st_mtime_ns, st.st_size, id(variant.board))
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
    if hit is not None:
        return hit
    from .map_cache import cached_import

    geom = MapGeometry(cached_import(path, variant.board), variant.board)
    with _CACHE_LOCK:
        if len(_CACHE) >= 8:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = geom
    return geom

