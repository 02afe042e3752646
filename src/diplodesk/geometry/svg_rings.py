"""From SVG elements to rings and polygons: transforms, path data (parsed by svgelements),
basic shapes, curves flattened to a tolerance, all within a budget.

The budget (:class:`Budget`) bounds the work an untrusted map can cause: points, segments,
subpaths, arcs and time; and every number must be finite and of a sane size.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from .path_data import straight_rings
from .svg_xml import _SVG_NS, MapError, _Node

# -- transforms ----------------------------------------------------------------------------

MAX_CURVE_STEPS = 256
# What one file may cost to draw. The largest real maps tried (jDip's and godip's, up to
# 2.8 MB) use at most 94k points, 49k segments, 1.5k subpaths, 9 arcs and 184k numbers of
# path data, and take about a second; a hostile file hits one of these in a few seconds.
MAX_POINTS = 1_000_000  # points of all flattened rings
MAX_SEGMENTS = 150_000  # path segments (lines, curves, arcs)
MAX_NUMBERS = 1_000_000  # numbers in path data
MAX_SUBPATHS = 20_000  # rings (subpaths, polygons, circles, ...)
MAX_ARCS = 10_000  # elliptical arc segments
MAX_SECONDS = 30.0  # wall-clock time to read the shapes
MAX_COORD = 1e7  # largest coordinate, after transforms, in user units

_SKIP = {
    "defs", "symbol", "clippath", "mask", "pattern", "marker", "style", "script",
    "metadata", "title", "desc", "text", "image", "foreignobject", "lineargradient",
    "radialgradient", "filter", "a:", "namedview",
}
_SHAPES = {"path", "polygon", "polyline", "rect", "circle", "ellipse"}
_DRAWN = _SHAPES | {"use"}  # what draws a shape of its own (a <use> draws another element's)
_CONTAINERS = {"g", "svg", "a", "switch"}
MAX_USE_DEPTH = 8  # <use> of a <use> of ...

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, SVG order
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_NUM_RE = re.compile(_NUM)
# arguments hold no "(": "translate(" repeated is read in one pass, not once per "(" to the end
_TRANSFORM_RE = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*+\(([^()]*+)\)", re.IGNORECASE)


def compose(p: Matrix, q: Matrix) -> Matrix:
    """``p`` after ``q`` (apply q first), as SVG's ``transform="p q"``."""
    a, b, c, d, e, f = p
    a2, b2, c2, d2, e2, f2 = q
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def parse_transform(text: str | None, where: str = "") -> Matrix:
    """An SVG ``transform`` attribute as one matrix."""
    m = IDENTITY
    if not text:
        return m
    for name, args in _TRANSFORM_RE.findall(text):
        v = [float(x) for x in _NUM_RE.findall(args)]
        if not all(math.isfinite(x) and abs(x) <= MAX_COORD for x in v):
            raise MapError(f"{where}: a non-finite or absurdly large number in transform {text[:60]!r}")
        name = name.lower()
        try:
            if name == "matrix":
                t = tuple(v[:6]) if len(v) >= 6 else None
                if t is None:
                    raise IndexError
            elif name == "translate":
                t = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
            elif name == "scale":
                sx = v[0]
                sy = v[1] if len(v) > 1 else sx
                t = (sx, 0.0, 0.0, sy, 0.0, 0.0)
            elif name == "rotate":
                r = math.radians(v[0])
                cs, sn = math.cos(r), math.sin(r)
                t = (cs, sn, -sn, cs, 0.0, 0.0)
                if len(v) >= 3:
                    cx, cy = v[1], v[2]
                    t = compose(compose((1, 0, 0, 1, cx, cy), t), (1, 0, 0, 1, -cx, -cy))
            elif name == "skewx":
                t = (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
            else:
                t = (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
        except IndexError:
            raise MapError(f"{where}: bad transform {text!r}") from None
        if not all(math.isfinite(x) and abs(x) <= MAX_COORD for x in t):
            raise MapError(f"{where}: a non-finite or absurdly large number in transform {text[:60]!r}")
        m = compose(m, t)  # type: ignore[arg-type]
    return m


def _local_matrix(node: _Node, source: str = "") -> Matrix:
    """An element's own transform (a nested <svg>'s x, y included)."""
    where = f"{source}: {node.describe()}" if source else node.describe()
    m = parse_transform(node.get("transform"), where)
    if node.tag == "svg" and (node.get("x") or node.get("y")):
        m = compose(m, (1.0, 0.0, 0.0, 1.0, _num(node.get("x")), _num(node.get("y"))))
    return m


def _apply(m: Matrix, pts: np.ndarray) -> np.ndarray:
    if m == IDENTITY:
        return pts
    a, b, c, d, e, f = m
    x, y = pts[:, 0], pts[:, 1]
    return np.column_stack((a * x + c * y + e, b * x + d * y + f))


def _scale_of(m: Matrix) -> float:
    a, b, c, d, _, _ = m
    return max(math.hypot(a, b), math.hypot(c, d), 1e-12)


# -- shapes -> rings -----------------------------------------------------------------------


class _Bad(ValueError):
    """A fault in one element's attributes; the caller adds the element and the file."""


@dataclass
class Budget:
    """What reading one file may still cost: points, segments, subpaths, arcs and time.

    Each limit, when passed, refuses the file with a message naming the limit and the
    element that went over it.
    """

    points: int = 0
    numbers: int = 0
    segments: int = 0
    subpaths: int = 0
    arcs: int = 0
    deadline: float = 0.0

    def __post_init__(self) -> None:
        if not self.deadline:
            self.deadline = time.monotonic() + MAX_SECONDS

    def spend(self, *, points: int = 0, segments: int = 0, subpaths: int = 0, arcs: int = 0) -> None:
        self.points += points
        self.segments += segments
        self.subpaths += subpaths
        self.arcs += arcs
        for used, limit, what in (
            (self.points, MAX_POINTS, "points"),
            (self.segments, MAX_SEGMENTS, "path segments"),
            (self.subpaths, MAX_SUBPATHS, "subpaths"),
            (self.arcs, MAX_ARCS, "arcs"),
        ):
            if used > limit:
                raise _Bad(f"more than {limit} {what} in the file; refused as too costly to draw")
        self.check_time()

    def check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise _Bad(f"reading the shapes took more than {MAX_SECONDS:g} s; refused")


def _finite(v: float, what: str) -> float:
    if not math.isfinite(v) or abs(v) > MAX_COORD:
        raise _Bad(f"{what} {v!r} is not a usable number (non-finite or beyond {MAX_COORD:g})")
    return v


def _num(text: str | None, default: float = 0.0, ref: float = 0.0) -> float:
    if text is None:
        return default
    s = text.strip()
    m = _NUM_RE.match(s)
    if not m:
        return default
    v = _finite(float(m.group(0)), f"the value {s!r}:")
    if s.endswith("%"):
        return v / 100.0 * ref
    return v


def _points_attr(text: str) -> np.ndarray:
    v = np.array([float(x) for x in _NUM_RE.findall(text)], dtype=float)
    if len(v) and not (np.isfinite(v).all() and np.abs(v).max() <= MAX_COORD):
        raise _Bad("points holds a non-finite or absurdly large number")
    if len(v) % 2:
        v = v[:-1]
    return v.reshape(-1, 2)


def _ellipse_ring(cx: float, cy: float, rx: float, ry: float, tol: float) -> np.ndarray:
    r = max(rx, ry)
    if r <= 0:
        return np.empty((0, 2))
    step = 2 * math.acos(max(-1.0, 1 - tol / r)) if tol < r else math.pi / 2
    # a tolerance of (almost) nothing, as on a map with no extent yet: the most vertices
    n = 720 if step <= 0 else min(max(8, math.ceil(2 * math.pi / step / 4) * 4), 720)
    t = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.column_stack((cx + rx * np.cos(t), cy + ry * np.sin(t)))


def _curve_steps(seg: Any, tol: float) -> int:
    import svgelements as se

    if isinstance(seg, se.CubicBezier):
        p0, p1, p2, p3 = (np.array([p.x, p.y]) for p in (seg.start, seg.control1, seg.control2, seg.end))
        dd = max(np.hypot(*(p0 - 2 * p1 + p2)), np.hypot(*(p1 - 2 * p2 + p3)))
        n = math.sqrt(3 * dd / (4 * tol)) if dd > 0 else 1
    elif isinstance(seg, se.QuadraticBezier):
        p0, p1, p2 = (np.array([p.x, p.y]) for p in (seg.start, seg.control, seg.end))
        dd = np.hypot(*(p0 - 2 * p1 + p2))
        n = math.sqrt(dd / (4 * tol)) if dd > 0 else 1
    elif isinstance(seg, se.Arc):
        r = max(abs(seg.rx or 0), abs(seg.ry or 0))
        if r <= tol:
            n = 1
        else:
            n = abs(seg.sweep or 0) / (2 * math.acos(1 - tol / r))
    else:
        n = 8
    if not math.isfinite(n):
        raise _Bad("a curve with non-finite control points")
    return min(max(1, math.ceil(n)), MAX_CURVE_STEPS)


def _segment_rings(segments: Any, tol: float, budget: Budget) -> list[np.ndarray]:
    """Flatten svgelements segments into rings."""
    import svgelements as se

    rings: list[np.ndarray] = []
    cur: list[np.ndarray] = []
    arcs = sum(1 for seg in segments if isinstance(seg, se.Arc))
    budget.spend(segments=len(segments), arcs=arcs)

    def close() -> None:
        nonlocal cur
        if cur:
            pts = np.vstack(cur)
            if len(pts) >= 3:
                rings.append(pts)
                budget.spend(subpaths=1)
        cur = []

    for k, seg in enumerate(segments):
        if k % 4096 == 4095:
            budget.check_time()
        if isinstance(seg, se.Move):
            close()
            cur = [np.array([[seg.end.x, seg.end.y]])]
            continue
        if isinstance(seg, se.Close):
            close()
            continue
        if not cur:
            s = seg.start
            if s is None:
                continue
            cur = [np.array([[s.x, s.y]])]
        if isinstance(seg, se.Line):
            cur.append(np.array([[seg.end.x, seg.end.y]]))
            budget.points += 1
        else:
            n = _curve_steps(seg, tol)
            budget.spend(points=n)
            pts = np.asarray(seg.npoint(np.linspace(0, 1, n + 1)[1:]), dtype=float)
            cur.append(pts.reshape(-1, 2))
    close()
    budget.spend()
    return rings


_CMD_RE = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]")


def _path_rings(d: str, tol: float, budget: Budget) -> list[np.ndarray]:
    """Path data -> rings, parsed by svgelements (exponents, implicit commands, arcs)."""
    import svgelements as se

    # Cheap counts first, so a hostile file is refused before svgelements parses it all.
    budget.numbers += len(_NUM_RE.findall(d))
    if budget.numbers > MAX_NUMBERS:
        raise _Bad(f"more than {MAX_NUMBERS} numbers of path data in the file; refused as too costly to draw")
    letters = _CMD_RE.findall(d)
    budget.spend(segments=len(letters), arcs=sum(1 for c in letters if c in "Aa"),
                 subpaths=sum(1 for c in letters if c in "Mm"))
    budget.segments -= len(letters)  # counted again, exactly, once parsed
    budget.arcs -= sum(1 for c in letters if c in "Aa")
    budget.subpaths -= sum(1 for c in letters if c in "Mm")
    if "inf" in d.lower() or "nan" in d.lower():
        raise _Bad("bad path data: a non-finite number")
    straight = straight_rings(d)  # the editor's own "M x,y x,y ... Z", without svgelements
    if straight is not None and all(np.isfinite(r).all() and np.abs(r).max() <= MAX_COORD for r in straight):
        budget.spend(segments=sum(len(r) + 1 for r in straight))  # a move, lines, a close
        for r in straight:  # counted as _segment_rings counts svgelements' segments
            budget.points += len(r) - 1
            if len(r) >= 3:
                budget.spend(subpaths=1)
        budget.spend()
        return [r for r in straight if len(r) >= 3]
    try:
        segments = list(se.Path(d).segments())
    except Exception as e:  # svgelements raises assorted errors on garbage
        raise _Bad(f"bad path data: {e}") from None
    if d.strip() and not segments:
        raise _Bad("bad path data: no drawing command")
    for seg in segments:
        for p in (getattr(seg, "start", None), getattr(seg, "end", None)):
            if p is not None and not (math.isfinite(p.x) and math.isfinite(p.y)
                                      and abs(p.x) <= MAX_COORD and abs(p.y) <= MAX_COORD):
                raise _Bad("bad path data: a non-finite or absurdly large number")
        if isinstance(seg, se.Arc):
            for r in (seg.rx, seg.ry):
                if r is not None and not (math.isfinite(r) and abs(r) <= MAX_COORD):
                    raise _Bad("bad path data: an arc radius that is non-finite or absurdly large")
    try:
        return _segment_rings(segments, tol, budget)
    except (ArithmeticError, ValueError) as e:
        if isinstance(e, _Bad):
            raise
        raise _Bad(f"bad path data: {e}") from None


def _shape_rings(node: _Node, tol: float, vb: tuple[float, float, float, float],
                 budget: Budget) -> list[np.ndarray]:
    """The rings of one shape element in its own coordinates."""
    try:
        rings = _element_rings(node, tol, vb, budget)
    except _Bad as e:
        raise MapError(f"{node.describe()}: {e}") from None
    return rings


def _element_rings(node: _Node, tol: float, vb: tuple[float, float, float, float],
                   budget: Budget) -> list[np.ndarray]:
    tag = node.tag
    a = node.attrib
    if tag == "path":
        d = a.get("d", "")
        if not d.strip():
            return []
        return _path_rings(d, tol, budget)
    if tag in ("polygon", "polyline"):
        pts = _points_attr(a.get("points", ""))
        budget.spend(points=len(pts), segments=len(pts), subpaths=1)
        return [pts] if len(pts) >= 3 else []
    if tag == "rect":
        w = _num(a.get("width"), ref=vb[2])
        h = _num(a.get("height"), ref=vb[3])
        if w <= 0 or h <= 0:
            return []
        x = _num(a.get("x"), ref=vb[2])
        y = _num(a.get("y"), ref=vb[3])
        rx, ry = a.get("rx"), a.get("ry")
        budget.spend(points=4, segments=4, subpaths=1)
        if (rx is None or _num(rx) <= 0) and (ry is None or _num(ry) <= 0):
            return [np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], dtype=float)]
        import svgelements as se

        rect = se.Rect(x=x, y=y, width=w, height=h, rx=_num(rx if rx is not None else ry),
                       ry=_num(ry if ry is not None else rx))
        return _segment_rings(list(rect.segments()), tol, budget)
    if tag == "circle":
        r = _num(a.get("r"))
        ring = [_ellipse_ring(_num(a.get("cx")), _num(a.get("cy")), r, r, tol)] if r > 0 else []
    elif tag == "ellipse":
        rx, ry = _num(a.get("rx")), _num(a.get("ry"))
        if rx <= 0 or ry <= 0:
            return []
        ring = [_ellipse_ring(_num(a.get("cx")), _num(a.get("cy")), rx, ry, tol)]
    else:
        return []
    budget.spend(points=sum(len(r) for r in ring), segments=4, subpaths=1)
    return ring


def _ring_polygons(rings: list[np.ndarray]) -> BaseGeometry | None:
    """Rings -> a valid (Multi)Polygon under the even-odd fill rule."""
    polys = []
    for r in rings:
        if len(r) < 3 or not np.isfinite(r).all():
            continue
        p = Polygon(r)
        if not p.is_valid:
            p = _polygonal(_valid(p))
        if p is not None and not p.is_empty and p.area > 0:
            polys.append(p)
    if not polys:
        return None
    if len(polys) == 1:
        return polys[0]
    # Even-odd: how deep is each ring nested in the others?
    arr = np.array(polys, dtype=object)
    areas = shapely.area(arr)
    inner = shapely.point_on_surface(arr)
    pt, poly = STRtree(arr).query(inner, predicate="within")
    deeper = (pt != poly) & (areas[poly] > areas[pt])
    depth = np.bincount(pt[deeper], minlength=len(arr))
    if depth.max() == 0:
        return _polygonal(shapely.union_all(arr))
    if depth.max() == 1:
        shells = shapely.union_all(arr[depth == 0])
        return _polygonal(shells.difference(shapely.union_all(arr[depth == 1])))
    out = arr[np.argmax(areas)]
    for k in np.argsort(-areas)[1:]:
        out = out.symmetric_difference(arr[k])
    return _polygonal(out)


def _valid(g: BaseGeometry) -> BaseGeometry:
    """A valid geometry of the same area. The "structure" method takes time in proportion
    to the points; the default "linework" one can take minutes on one hostile ring."""
    if g.is_valid:
        return g
    return shapely.make_valid(g, method="structure", keep_collapsed=False)


def _polygonal(g: BaseGeometry) -> BaseGeometry | None:
    """Only the polygon parts of a geometry (make_valid may add lines)."""
    if g is None or g.is_empty:
        return None
    if isinstance(g, Polygon | MultiPolygon):
        return g
    parts = [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon | MultiPolygon)]
    if not parts:
        return None
    return shapely.union_all(parts)


def _style(node: _Node) -> dict[str, str]:
    out = {}
    for k in ("fill", "stroke", "stroke-width", "display", "visibility"):
        if k in node.attrib:
            out[k] = node.attrib[k]
    st = node.attrib.get("style")
    if st:
        for part in st.split(";"):
            k, _, v = part.partition(":")
            k = k.strip().lower()
            if k in ("fill", "stroke", "stroke-width", "display", "visibility"):
                out[k] = v.strip()
    return out


class ShapeReader:
    """Turns elements into geometry: an element's own shape, a group's parts, a ``<use>``'s
    target, a marker's point; and the root's view box. The importer is one; it sets
    ``root``, ``ids`` (elements by id), ``budget``, ``tol``, ``source``, ``view_box``,
    ``skipped`` (what was left out, with why) and ``_use_depth``."""

    root: _Node
    ids: Mapping[str, _Node]
    budget: Budget
    tol: float
    source: str
    view_box: tuple[float, float, float, float]
    skipped: list[str]
    _use_depth: int

    def geometry(self, node: _Node, matrix: Matrix) -> BaseGeometry | None:
        try:
            parts = list(self._parts(node, matrix))
        except _Bad as e:
            raise MapError(f"{self.source}: {node.describe()}: {e}") from None
        except MapError as e:
            raise MapError(f"{self.source}: {e}") from None
        if not parts:
            return None
        if len(parts) == 1:
            return parts[0]
        return _polygonal(_valid(shapely.union_all(parts)))

    def _parts(self, node: _Node, matrix: Matrix) -> Iterator[BaseGeometry]:
        tag = node.tag.lower()
        if tag in _SKIP or node.ns not in ("", _SVG_NS):
            return
        m = compose(matrix, _local_matrix(node))
        if tag in _SHAPES:
            rings = _shape_rings(node, self.tol / _scale_of(m), self.view_box, self.budget)
            rings = [_apply(m, r) for r in rings]
            for r in rings:
                if len(r) and not (np.isfinite(r).all() and np.abs(r).max() <= MAX_COORD):
                    raise MapError(f"{node.describe()}: its transform puts it beyond {MAX_COORD:g} units")
            g = _ring_polygons(rings)
            if g is not None:
                yield g
        elif tag in _CONTAINERS:
            for child in node.children:
                yield from self._parts(child, m)
        elif tag == "use":
            target = self.use_target(node)
            if target is None:
                return
            if self._use_depth >= MAX_USE_DEPTH:
                raise MapError(f"{node.describe()}: <use> nested more than {MAX_USE_DEPTH} deep (a cycle?)")
            m = compose(m, (1.0, 0.0, 0.0, 1.0, _num(node.get("x")), _num(node.get("y"))))
            self._use_depth += 1
            try:
                if target.tag.lower() == "symbol":
                    for child in target.children:
                        yield from self._parts(child, m)
                else:
                    yield from self._parts(target, m)
            finally:
                self._use_depth -= 1

    def use_target(self, node: _Node) -> _Node | None:
        """The element a ``<use>`` draws, or None (noted in ``skipped``, with why)."""
        href = (node.get("href") or "").strip()
        if not href.startswith("#"):
            why = "it has no href" if not href else f"it refers to {href[:60]!r} outside the file"
            self.skipped.append(f"{node.describe()}: {why}")
            return None
        target = self.ids.get(href[1:])
        if target is None:
            self.skipped.append(f"{node.describe()}: it refers to {href[:60]!r}, which the file lacks")
        return target

    def point(self, node: _Node, matrix: Matrix) -> tuple[float, float] | None:
        """Where a marker element stands: a circle's centre, else its shape's middle."""
        try:
            return self._point(node, matrix)
        except _Bad as e:
            raise MapError(f"{self.source}: {node.describe()}: {e}") from None
        except MapError as e:
            raise MapError(f"{self.source}: {e}") from None

    def _point(self, node: _Node, matrix: Matrix) -> tuple[float, float] | None:
        m = compose(matrix, _local_matrix(node))
        tag = node.tag.lower()
        if tag in ("circle", "ellipse"):
            p = np.array([[_num(node.get("cx")), _num(node.get("cy"))]])
        elif tag == "path" and node.get("d"):
            rings = _shape_rings(node, self.tol, self.view_box, self.budget)
            if rings:
                pts = np.vstack(rings)
                p = ((pts.min(axis=0) + pts.max(axis=0)) / 2).reshape(1, 2)
            else:  # a bare "m x,y" marker
                nums = _NUM_RE.findall(node.get("d") or "")
                if len(nums) < 2:
                    return None
                p = np.array([[float(nums[0]), float(nums[1])]])
        elif tag in _SHAPES:
            rings = _shape_rings(node, self.tol, self.view_box, self.budget)
            if not rings:
                return None
            pts = np.vstack(rings)
            p = ((pts.min(axis=0) + pts.max(axis=0)) / 2).reshape(1, 2)
        elif tag in _CONTAINERS or tag == "use":
            g = self.geometry(node, matrix)
            if g is None:
                return None
            c = g.centroid
            return (c.x, c.y)
        else:
            return None
        q = _apply(m, p)[0]
        if not np.isfinite(q).all():
            return None
        return (float(q[0]), float(q[1]))

    # -- the document ------------------------------------------------------------------

    def _view_box(self) -> tuple[float, float, float, float]:
        vb = self.root.get("viewBox")
        if vb:
            v = [float(x) for x in _NUM_RE.findall(vb)]
            if len(v) == 4 and v[2] > 0 and v[3] > 0:
                return (v[0], v[1], v[2], v[3])
            raise MapError(f"{self.source}: bad viewBox {vb!r} on <svg>")
        w, h = _num(self.root.get("width")), _num(self.root.get("height"))
        if w > 0 and h > 0:
            return (0.0, 0.0, w, h)
        return (0.0, 0.0, 0.0, 0.0)  # worked out from the shapes later
