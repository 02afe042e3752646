"""Read province shapes, coasts and anchor points out of an SVG map.

Three layouts are understood, and anything else whose shapes carry province ids:

* **native** (``data-diplodesk-map="1"``, see docs/map-format.md): ``<g id="provinces">``
  with one element per province (``data-kind`` optional), ``<g id="coasts">`` with the
  side of a two-coast province on each coast (``stp/nc``), ``<g id="anchors">`` with
  markers ``unit-<loc>``, ``dislodged-<loc>``, ``label-<prov>``, ``center-<prov>``, and
  ``<g id="background">`` for decoration;
* **jDip** layered maps: province shapes in ``<g id="MouseLayer">`` (ids like ``mid``,
  ``nat``, ``gol``), drawn shapes with a leading ``_`` (``_adr``) elsewhere, and unit,
  dislodged-unit and supply-centre points in ``<jdipNS:PROVINCE_DATA>``;
* **godip** maps: a ``provinces`` layer (coasts as extra shapes ``stp/nc``) and
  ``...Center`` markers (``parCenter``, ``stp/ncCenter``) where units stand.

Ids are resolved through the variant's name table, so aliases and full names work.
Paths, polygons, polylines, rects (rounded too), circles and ellipses are read; groups
make multi-part provinces; nested transforms are applied; curves and arcs are flattened
to a tolerance. The result is in the root's user units (its ``viewBox``).

The file is untrusted input. It is refused, with :class:`MapError`, when it is larger
than :data:`MAX_BYTES`, declares entities (a DOCTYPE with an internal subset, or any
``<!ENTITY``), is not well-formed XML, is not SVG, or has no id naming a province.
A bare DOCTYPE without an internal subset (jDip's maps carry one) is blanked out before
parsing: nothing is expanded or fetched either way.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.parsers import expat

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from ..engine.board import Board
from ..engine.names import name_table

MAX_BYTES = 32 * 1024 * 1024
MAX_ELEMENTS = 500_000
MAX_CURVE_STEPS = 256

ANCHOR_KINDS = ("unit", "dislodged", "label", "center")

# Ids other programs use for the standard seas. The variant's own aliases come first;
# this only helps a variant that lacks them.
ID_ALIASES = {
    "mid": "mao", "nat": "nao", "nrg": "nwg", "gol": "lyo", "tyn": "tys",
    "ech": "eng", "gob": "bot", "wme": "wes", "eme": "eas",
}

_SKIP = {
    "defs", "symbol", "clippath", "mask", "pattern", "marker", "style", "script",
    "metadata", "title", "desc", "text", "image", "foreignobject", "lineargradient",
    "radialgradient", "filter", "use", "a:", "namedview",
}
_SHAPES = {"path", "polygon", "polyline", "rect", "circle", "ellipse"}
_CONTAINERS = {"g", "svg", "a", "switch"}
_PROVINCE_LAYERS = {"provinces", "mouselayer"}
_SVG_NS = "http://www.w3.org/2000/svg"


class MapError(ValueError):
    """An SVG map can't be used; the message names the file and the element or id at fault."""


@dataclass(frozen=True)
class Decoration:
    """A shape drawn under the provinces (sea, neutral land), with its SVG colours."""

    geometry: BaseGeometry
    fill: str | None
    stroke: str | None
    stroke_width: float = 1.0


@dataclass
class ImportedMap:
    """What an SVG map holds, in the root's user units."""

    layout: str  # "native", "jdip", "godip" or "generic"
    view_box: tuple[float, float, float, float]  # x, y, width, height
    provinces: dict[str, BaseGeometry]
    coasts: dict[str, BaseGeometry] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    anchors: dict[str, tuple[float, float]] = field(default_factory=dict)
    decorations: list[Decoration] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)  # ids that name no province
    missing: list[str] = field(default_factory=list)  # board provinces with no shape
    source: str = "map"
    unknown_shapes: list[str] = field(default_factory=list)  # province/coast ids not known


# -- entry point ---------------------------------------------------------------------------


def import_svg(
    data: bytes | str | Path,
    board: Board | None = None,
    *,
    tolerance: float | None = None,
    source: str | None = None,
    aliases: Mapping[str, str] | None = None,
    strict: bool = False,
) -> ImportedMap:
    """Read an SVG map (bytes, text or a file path) into an :class:`ImportedMap`.

    Parameters
    ----------
    board
        The variant's board: ids are resolved through its names and must name its
        provinces. Without one, ids are taken as they are (lower-cased).
    tolerance
        Largest distance, in user units, between a curve and its flattening. Default:
        1/5000 of the larger side of the viewBox.
    aliases
        Extra id -> location mappings (``{"nat": "nao"}``) tried before the board's names.
    strict
        For a map in our own format (docs/map-format.md): refuse it, naming them, when it
        lacks a province of the board or a province or coast element has an id the board
        does not know. Other layouts are always read leniently (``ignored``, ``missing``).
    """
    raw, source = _read(data, source)
    root = _parse(raw, source)
    imported = _Importer(root, board, tolerance, source, aliases).run()
    if strict and board is not None and imported.layout == "native":
        problems = []
        if imported.missing:
            problems.append(f"no shape for {_some(imported.missing)}")
        unknown = imported.unknown_shapes
        if unknown:
            problems.append(f"ids the variant does not know: {', '.join(unknown)}")
        if problems:
            raise MapError(f"{source}: " + "; ".join(problems))
    return imported


def _some(names: list[str], n: int = 12) -> str:
    more = f" and {len(names) - n} more" if len(names) > n else ""
    return ", ".join(names[:n]) + more


def _read(data: bytes | str | Path, source: str | None) -> tuple[bytes, str]:
    if isinstance(data, Path):
        source = source or str(data)
        try:
            size = data.stat().st_size
            if size > MAX_BYTES:
                raise MapError(f"{source}: {size} bytes is larger than the {MAX_BYTES // 2**20} MiB limit")
            raw = data.read_bytes()
        except OSError as e:
            raise MapError(f"{source}: {e.strerror or e}") from None
    elif isinstance(data, str):
        raw = data.encode("utf-8")
    elif isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
    else:
        raise MapError(f"{source or 'map'}: expected SVG bytes, text or a path, got {type(data).__name__}")
    source = source or "map"
    if len(raw) > MAX_BYTES:
        raise MapError(f"{source}: {len(raw)} bytes is larger than the {MAX_BYTES // 2**20} MiB limit")
    return raw, source


_DOCTYPE_RE = re.compile(rb"<!DOCTYPE\b[^\[>]*(\[)?", re.IGNORECASE)


def _parse(raw: bytes, source: str):
    """Parse untrusted XML: no DTD, no entities, no external anything."""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            text = raw.decode("utf-16")
        except UnicodeDecodeError:
            raise MapError(f"{source}: not an SVG file (undecodable UTF-16)") from None
        text = re.sub(r"^\ufeff?<\?xml[^>]*\?>", "", text)
        raw = text.encode("utf-8")
    elif b"\x00" in raw[:4]:
        raise MapError(f"{source}: not an SVG file (binary data or an unsupported encoding)")
    head = raw.lstrip()[:1]
    if raw.startswith(b"\xef\xbb\xbf"):
        head = raw[3:].lstrip()[:1]
    if head and head != b"<":
        raise MapError(f"{source}: not an SVG file (it does not start with '<')")
    if re.search(rb"<!ENTITY", raw, re.IGNORECASE):
        raise MapError(f"{source}: declares XML entities (<!ENTITY); refused, entities are never expanded")
    m = _DOCTYPE_RE.search(raw)
    if m:
        if m.group(1):
            raise MapError(f"{source}: has a DOCTYPE with an internal subset; refused, no DTDs are read")
        end = raw.find(b">", m.end())
        if end < 0:
            raise MapError(f"{source}: broken DOCTYPE declaration")
        raw = raw[: m.start()] + b" " * (end + 1 - m.start()) + raw[end + 1 :]
    return _ExpatTree(source).parse(raw)


class _Node:
    """A parsed element: local tag, attributes (local names), children."""

    __slots__ = ("tag", "ns", "attrib", "children")

    def __init__(self, tag: str, ns: str, attrib: dict[str, str]):
        self.tag = tag
        self.ns = ns
        self.attrib = attrib
        self.children: list[_Node] = []

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.attrib.get(key, default)

    def describe(self) -> str:
        i = self.attrib.get("id")
        return f"<{self.tag} id={i!r}>" if i else f"<{self.tag}>"


def _split_name(name: str) -> tuple[str, str]:
    ns, sep, local = name.rpartition("}")
    return (local, ns) if sep else (name, "")


class _ExpatTree:
    def __init__(self, source: str):
        self.source = source
        self.stack: list[_Node] = []
        self.root: _Node | None = None
        self.count = 0

    def parse(self, raw: bytes) -> _Node:
        p = expat.ParserCreate(namespace_separator="}")
        p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        p.StartDoctypeDeclHandler = self.refuse_dtd
        p.EntityDeclHandler = self.refuse_entity
        p.ExternalEntityRefHandler = self.refuse_external
        try:
            p.Parse(raw, True)
        except expat.ExpatError as e:
            raise MapError(
                f"{self.source}: not well-formed XML at line {e.lineno}, column {e.offset + 1}: "
                f"{expat.ErrorString(e.code)}"
            ) from None
        if self.root is None:
            raise MapError(f"{self.source}: not an SVG file (no elements)")
        if self.root.tag.lower() != "svg" or self.root.ns not in ("", _SVG_NS):
            raise MapError(f"{self.source}: not an SVG file (the root element is <{self.root.tag}>)")
        return self.root

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise MapError(f"{self.source}: more than {MAX_ELEMENTS} elements")
        tag, ns = _split_name(name)
        node = _Node(tag, ns, {_split_name(k)[0]: v for k, v in attrs.items()})
        if self.stack:
            self.stack[-1].children.append(node)
        elif self.root is None:
            self.root = node
        self.stack.append(node)

    def end(self, name: str) -> None:
        self.stack.pop()

    def refuse_dtd(self, *args: Any) -> None:
        raise MapError(f"{self.source}: has a DOCTYPE; refused, no DTDs are read")

    def refuse_entity(self, *args: Any) -> None:
        raise MapError(f"{self.source}: declares XML entities; refused, entities are never expanded")

    def refuse_external(self, *args: Any) -> int:
        raise MapError(f"{self.source}: refers to an external entity; refused")


# -- transforms ----------------------------------------------------------------------------

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, SVG order
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_NUM_RE = re.compile(_NUM)
_TRANSFORM_RE = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)", re.IGNORECASE)


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


def _num(text: str | None, default: float = 0.0, ref: float = 0.0) -> float:
    if text is None:
        return default
    s = text.strip()
    m = _NUM_RE.match(s)
    if not m:
        return default
    v = float(m.group(0))
    if s.endswith("%"):
        return v / 100.0 * ref
    return v


def _points_attr(text: str) -> np.ndarray:
    v = np.array([float(x) for x in _NUM_RE.findall(text)], dtype=float)
    if len(v) % 2:
        v = v[:-1]
    return v.reshape(-1, 2)


def _ellipse_ring(cx: float, cy: float, rx: float, ry: float, tol: float) -> np.ndarray:
    r = max(rx, ry)
    if r <= 0:
        return np.empty((0, 2))
    step = 2 * math.acos(max(-1.0, 1 - tol / r)) if tol < r else math.pi / 2
    n = min(max(8, math.ceil(2 * math.pi / step / 4) * 4), 720)  # a vertex at each extreme
    t = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.column_stack((cx + rx * np.cos(t), cy + ry * np.sin(t)))


_PATH_CMD_RE = re.compile(r"([A-Za-z])")
_LINE_CMDS = set("MmLlHhVvZz")


def _fast_path_rings(d: str) -> list[np.ndarray] | None:
    """Rings of path data made of straight lines only; None if it has curves."""
    parts = _PATH_CMD_RE.split(d)
    if parts[0].strip(" ,\t\r\n"):
        raise ValueError("numbers before the first command")
    rings: list[np.ndarray] = []
    cur: list[np.ndarray] = []
    x = y = sx = sy = 0.0

    def end_ring() -> None:
        nonlocal cur
        if cur:
            pts = np.vstack(cur) if len(cur) > 1 else cur[0]
            if len(pts) >= 3:
                rings.append(pts)
        cur = []

    for k in range(1, len(parts), 2):
        c = parts[k]
        if c not in _LINE_CMDS:
            return None  # a curve or arc: leave it to svgelements
        text = parts[k + 1]
        if c in "Zz":
            if _NUM_RE.search(text):
                raise ValueError("numbers after Z")
            end_ring()
            x, y = sx, sy
            continue
        v = np.array(_NUM_RE.findall(text), dtype=float)
        if c in "HhVv":
            if not len(v):
                raise ValueError(f"no value after {c}")
            if not cur:
                cur = [np.array([[sx, sy]])]
            if c == "H":
                xs = v
            elif c == "h":
                xs = x + np.cumsum(v)
            elif c == "V":
                ys = v
            else:
                ys = y + np.cumsum(v)
            if c in "Hh":
                pts = np.column_stack((xs, np.full(len(xs), y)))
            else:
                pts = np.column_stack((np.full(len(ys), x), ys))
            cur.append(pts)
            x, y = float(pts[-1, 0]), float(pts[-1, 1])
            continue
        if len(v) % 2 or not len(v):
            raise ValueError(f"an odd number of values after {c}")
        pts = v.reshape(-1, 2)
        if c in "ml":
            pts = np.cumsum(pts, axis=0) + (x, y)
        if c in "Mm":
            end_ring()
            sx, sy = float(pts[0, 0]), float(pts[0, 1])
        elif not cur:
            cur = [np.array([[sx, sy]])]
        cur.append(pts)
        x, y = float(pts[-1, 0]), float(pts[-1, 1])
    end_ring()
    return rings


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
    return min(max(1, math.ceil(n)), MAX_CURVE_STEPS)


def _segment_rings(segments: Any, tol: float) -> list[np.ndarray]:
    """Flatten svgelements segments into rings."""
    import svgelements as se

    rings: list[np.ndarray] = []
    cur: list[np.ndarray] = []

    def close() -> None:
        nonlocal cur
        if cur:
            pts = np.vstack(cur)
            if len(pts) >= 3:
                rings.append(pts)
        cur = []

    for seg in segments:
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
        else:
            n = _curve_steps(seg, tol)
            pts = np.asarray(seg.npoint(np.linspace(0, 1, n + 1)[1:]), dtype=float)
            cur.append(pts.reshape(-1, 2))
    close()
    return rings


def _shape_rings(node: _Node, tol: float, vb: tuple[float, float, float, float]) -> list[np.ndarray]:
    """The rings of one shape element in its own coordinates."""
    tag = node.tag
    a = node.attrib
    if tag == "path":
        d = a.get("d", "")
        if not d.strip():
            return []
        try:
            fast = _fast_path_rings(d)
        except ValueError as e:
            raise MapError(f"{node.describe()}: bad path data: {e}") from None
        if fast is not None:
            return fast
        import svgelements as se

        try:
            segments = se.Path(d).segments()
        except Exception as e:  # svgelements raises assorted errors on garbage
            raise MapError(f"{node.describe()}: bad path data: {e}") from None
        return _segment_rings(segments, tol)
    if tag in ("polygon", "polyline"):
        pts = _points_attr(a.get("points", ""))
        return [pts] if len(pts) >= 3 else []
    if tag == "rect":
        w = _num(a.get("width"), ref=vb[2])
        h = _num(a.get("height"), ref=vb[3])
        if w <= 0 or h <= 0:
            return []
        x = _num(a.get("x"), ref=vb[2])
        y = _num(a.get("y"), ref=vb[3])
        rx, ry = a.get("rx"), a.get("ry")
        if (rx is None or _num(rx) <= 0) and (ry is None or _num(ry) <= 0):
            return [np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], dtype=float)]
        import svgelements as se

        rect = se.Rect(x=x, y=y, width=w, height=h, rx=_num(rx if rx is not None else ry),
                       ry=_num(ry if ry is not None else rx))
        return _segment_rings(rect.segments(), tol)
    if tag == "circle":
        r = _num(a.get("r"))
        return [_ellipse_ring(_num(a.get("cx")), _num(a.get("cy")), r, r, tol)] if r > 0 else []
    if tag == "ellipse":
        rx, ry = _num(a.get("rx")), _num(a.get("ry"))
        if rx <= 0 or ry <= 0:
            return []
        return [_ellipse_ring(_num(a.get("cx")), _num(a.get("cy")), rx, ry, tol)]
    return []


def _ring_polygons(rings: list[np.ndarray]) -> BaseGeometry | None:
    """Rings -> a valid (Multi)Polygon under the even-odd fill rule."""
    polys = []
    for r in rings:
        if len(r) < 3 or not np.isfinite(r).all():
            continue
        p = Polygon(r)
        if not p.is_valid:
            p = _polygonal(shapely.make_valid(p))
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


# -- the importer --------------------------------------------------------------------------


class _Importer:
    def __init__(self, root: _Node, board: Board | None, tolerance: float | None, source: str,
                 aliases: Mapping[str, str] | None):
        self.root = root
        self.board = board
        self.source = source
        self.aliases = {k.lower(): v for k, v in (aliases or {}).items()}
        self.names = name_table(board) if board is not None else None
        self.view_box = self._view_box()
        self.tol = tolerance if tolerance and tolerance > 0 else max(self.view_box[2], self.view_box[3]) / 5000
        self.ignored: list[str] = []
        self.has_province_layer = False
        self.inherited: dict[int, dict[str, str]] = {}
        self.unknown: list[str] = []

    # -- ids ---------------------------------------------------------------------------

    def resolve(self, raw: str) -> str | None:
        """The location an element id names, or None."""
        s = raw.strip()
        if s.startswith("_"):
            s = s[1:]
        if not s:
            return None
        low = s.lower()
        if low in self.aliases:
            return self._check(self.aliases[low])
        if self.board is None:
            low = re.sub(r"[-_.(]\s*(nc|sc|ec|wc)\)?$", r"/\1", low)
            return low if re.fullmatch(r"[a-z0-9_]+(/[a-z]{2})?", low) else None
        assert self.names is not None
        for cand in (s, s.replace("_", " "), re.sub(r"_(nc|sc|ec|wc)$", r"/\1", s, flags=re.I)):
            loc = self.names.location(cand)
            if loc is not None and self.board.is_location(loc):
                return loc
        base, slash, coast = low.partition("/")
        if base in ID_ALIASES:
            return self._check(ID_ALIASES[base] + slash + coast)
        return None

    def _check(self, loc: str) -> str | None:
        if self.board is None:
            return loc.lower()
        return loc if self.board.is_location(loc) else None

    # -- geometry of an element ----------------------------------------------------------

    def geometry(self, node: _Node, matrix: Matrix) -> BaseGeometry | None:
        try:
            parts = list(self._parts(node, matrix))
        except MapError as e:
            raise MapError(f"{self.source}: {e}") from None
        if not parts:
            return None
        if len(parts) == 1:
            return parts[0]
        return _polygonal(shapely.make_valid(shapely.union_all(parts)))

    def _parts(self, node: _Node, matrix: Matrix) -> Iterator[BaseGeometry]:
        tag = node.tag.lower()
        if tag in _SKIP or node.ns not in ("", _SVG_NS):
            return
        m = compose(matrix, _local_matrix(node))
        if tag in _SHAPES:
            rings = _shape_rings(node, self.tol / _scale_of(m), self.view_box)
            rings = [_apply(m, r) for r in rings]
            g = _ring_polygons(rings)
            if g is not None:
                yield g
        elif tag in _CONTAINERS:
            for child in node.children:
                yield from self._parts(child, m)

    def point(self, node: _Node, matrix: Matrix) -> tuple[float, float] | None:
        """Where a marker element stands: a circle's centre, else its shape's middle."""
        try:
            return self._point(node, matrix)
        except MapError as e:
            raise MapError(f"{self.source}: {e}") from None

    def _point(self, node: _Node, matrix: Matrix) -> tuple[float, float] | None:
        m = compose(matrix, _local_matrix(node))
        tag = node.tag.lower()
        if tag in ("circle", "ellipse"):
            p = np.array([[_num(node.get("cx")), _num(node.get("cy"))]])
        elif tag == "path" and node.get("d"):
            rings = _shape_rings(node, self.tol, self.view_box)
            if rings:
                pts = np.vstack(rings)
                p = ((pts.min(axis=0) + pts.max(axis=0)) / 2).reshape(1, 2)
            else:  # a bare "m x,y" marker
                nums = _NUM_RE.findall(node.get("d") or "")
                if len(nums) < 2:
                    return None
                p = np.array([[float(nums[0]), float(nums[1])]])
        elif tag in _SHAPES:
            rings = _shape_rings(node, self.tol, self.view_box)
            if not rings:
                return None
            pts = np.vstack(rings)
            p = ((pts.min(axis=0) + pts.max(axis=0)) / 2).reshape(1, 2)
        elif tag in _CONTAINERS:
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

    def walk(self) -> Iterator[tuple[_Node, Matrix, tuple[str, ...]]]:
        """Every element with its parent's transform and the ids of its ancestors.

        Each container's inherited paint (fill, stroke) is noted in ``self.inherited``.
        """
        root_style = _style(self.root)
        stack: list[tuple[_Node, Matrix, tuple[str, ...], dict[str, str]]] = [
            (c, IDENTITY, (), root_style) for c in reversed(self.root.children)
        ]
        while stack:
            node, m, ancestors, style = stack.pop()
            self.inherited[id(node)] = style
            yield node, m, ancestors
            tag = node.tag.lower()
            if tag in _CONTAINERS and node.ns in ("", _SVG_NS):
                mm = compose(m, _local_matrix(node, self.source))
                i = node.get("id")
                anc = (*ancestors, i) if i else ancestors
                own = _style(node)
                st = {**style, **own} if own else style
                for c in reversed(node.children):
                    stack.append((c, mm, anc, st))

    def layout(self) -> str:
        if self.root.get("data-diplodesk-map"):
            return "native"
        ids = set()
        jdip_data = False
        for node, _, _ in self.walk():
            i = node.get("id")
            if i:
                ids.add(i.lower())
                if i.lower() in _PROVINCE_LAYERS and node.tag.lower() in _CONTAINERS:
                    self.has_province_layer = True
            if node.tag == "PROVINCE_DATA":
                jdip_data = True
        if "mouselayer" in ids or jdip_data:
            return "jdip"
        if "provinces" in ids and "anchors" in ids:
            return "native"
        if "provinces" in ids:
            return "godip"
        return "generic"

    def run(self) -> ImportedMap:
        layout = self.layout()
        provinces: dict[str, list[BaseGeometry]] = {}
        coasts: dict[str, list[BaseGeometry]] = {}
        kinds: dict[str, str] = {}
        anchors: dict[str, tuple[float, float]] = {}
        decorations: list[Decoration] = []
        claimed: set[int] = set()  # nodes inside a province element already read

        def add_shape(loc: str, node: _Node, m: Matrix, into_coasts: bool = False) -> None:
            g = self.geometry(node, m)
            if g is None:
                return
            if "/" in loc or into_coasts:
                coasts.setdefault(loc, []).append(g)
            else:
                provinces.setdefault(loc, []).append(g)
            kind = node.get("data-kind")
            if kind and "/" not in loc:
                kinds[loc] = kind.strip().lower()

        def claim(node: _Node) -> None:
            stack = [node]
            while stack:
                n = stack.pop()
                claimed.add(id(n))
                stack.extend(n.children)

        for node, m, ancestors in self.walk():
            if id(node) in claimed:
                continue
            tag = node.tag
            low_anc = [a.lower() for a in ancestors]
            nid = node.get("id")
            # jDip's PROVINCE_DATA: unit, dislodged unit and centre points.
            if tag == "PROVINCE_DATA" and node.ns != _SVG_NS:
                self._jdip_points(node, m, anchors)
                continue
            if node.ns not in ("", _SVG_NS) or tag.lower() in _SKIP:
                continue
            layer = next((a for a in reversed(low_anc) if a in _KNOWN_LAYERS), None)
            if nid and nid.lower() in _PROVINCE_LAYERS:
                continue
            if not nid:
                if layer == "background" and tag in _SHAPES:
                    self._decoration(node, m, decorations)
                continue
            # godip's unit markers: parCenter, stp/ncCenter
            if nid.endswith("Center") and len(nid) > 6 and layer not in ("provinces", "mouselayer", "coasts"):
                loc = self.resolve(nid[:-6])
                if loc is not None:
                    p = self.point(node, m)
                    if p is not None:
                        anchors.setdefault(f"unit-{loc}", p)
                    continue
            if layer == "anchors":
                kind, _, loc_text = nid.partition("-")
                if kind in ANCHOR_KINDS and loc_text:
                    loc = self.resolve(loc_text)
                    p = self.point(node, m)
                    if loc is not None and p is not None:
                        if kind in ("label", "center"):
                            loc = loc.partition("/")[0]
                        anchors[f"{kind}-{loc}"] = p
                    else:
                        self.ignored.append(nid)
                continue
            if layer == "background":
                if tag in _SHAPES:
                    self._decoration(node, m, decorations)
                continue
            if layer == "coasts":
                loc = self.resolve(nid)
                if loc is not None and "/" in loc:
                    add_shape(loc, node, m, into_coasts=True)
                    claim(node)
                else:
                    self.ignored.append(nid)
                    self.unknown.append(nid)
                continue
            if layer in _PROVINCE_LAYERS:
                loc = self.resolve(nid)
                if loc is None:
                    if tag in _SHAPES:
                        self.ignored.append(nid)
                        self.unknown.append(nid)
                    continue  # an unnamed sub-group: look inside
                add_shape(loc, node, m)
                claim(node)
                continue
            if layer in ("labels", "names", "units", "orders", "highlights", "supply-centers",
                         "province-centers"):
                continue
            # Outside the known layers: the drawn layer of a jDip map ("_adr") or a plain
            # SVG with province ids. With a province layer present these are decoration.
            if not self.has_province_layer:
                loc = self.resolve(nid)
                if loc is not None and (tag in _SHAPES or tag in _CONTAINERS):
                    add_shape(loc, node, m)
                    claim(node)
                elif tag in _SHAPES:
                    self.ignored.append(nid)
            elif tag in _SHAPES and self.board is not None and self.resolve(nid) is None:
                self.ignored.append(nid)

        prov = {k: _merge(v) for k, v in provinces.items()}
        cst = {k: _merge(v) for k, v in coasts.items()}
        # A province drawn only by its coasts (some godip maps): the union of them.
        for loc, g in cst.items():
            base = loc.partition("/")[0]
            if base not in prov:
                prov[base] = g
        prov = {k: g for k, g in prov.items() if g is not None and not g.is_empty}
        cst = {k: g for k, g in cst.items() if g is not None and not g.is_empty}
        if not prov:
            seen = sorted(set(self.ignored))
            hint = f" (ids seen: {', '.join(seen[:12])}{' ...' if len(seen) > 12 else ''})" if seen else ""
            what = "a province of this variant" if self.board is not None else "a province"
            raise MapError(f"{self.source}: no element's id names {what}{hint}")
        vb = self.view_box
        if vb[2] <= 0 or vb[3] <= 0:
            x0, y0, x1, y1 = shapely.union_all(list(prov.values())).bounds
            vb = (x0, y0, x1 - x0, y1 - y0)
        missing = sorted(set(self.board.provinces) - set(prov)) if self.board is not None else []
        return ImportedMap(
            layout=layout,
            view_box=vb,
            provinces=prov,
            coasts=cst,
            kinds=kinds,
            anchors=anchors,
            decorations=decorations,
            ignored=sorted(set(self.ignored)),
            missing=missing,
            source=self.source,
            unknown_shapes=sorted(set(self.unknown)),
        )

    def _jdip_points(self, data: _Node, m: Matrix, anchors: dict[str, tuple[float, float]]) -> None:
        for node in data.children:
            name = node.get("name")
            if node.tag != "PROVINCE" or not name:
                continue
            loc = self.resolve(name)
            if loc is None:
                self.ignored.append(name)
                continue
            for child in node.children:
                key = {"UNIT": "unit", "DISLODGED_UNIT": "dislodged", "SUPPLY_CENTER": "center"}.get(child.tag)
                if key and child.get("x") is not None and child.get("y") is not None:
                    p = _apply(m, np.array([[_num(child.get("x")), _num(child.get("y"))]]))[0]
                    target = loc.partition("/")[0] if key == "center" else loc
                    anchors[f"{key}-{target}"] = (float(p[0]), float(p[1]))

    def _decoration(self, node: _Node, m: Matrix, out: list[Decoration]) -> None:
        st = {**self.inherited.get(id(node), {}), **_style(node)}
        if st.get("display") == "none" or st.get("fill") == "none" and st.get("stroke") in (None, "none"):
            return
        g = self.geometry(node, m)
        if g is None:
            return
        width = _num(st.get("stroke-width"), 1.0) * _scale_of(compose(m, _local_matrix(node, self.source)))
        out.append(Decoration(g, st.get("fill"), st.get("stroke"), width))


_KNOWN_LAYERS = {
    "provinces", "mouselayer", "coasts", "anchors", "background", "labels", "names", "units",
    "orders", "highlights", "supply-centers", "province-centers",
}


def _merge(parts: list[BaseGeometry]) -> BaseGeometry | None:
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return _polygonal(shapely.make_valid(shapely.union_all(parts)))
