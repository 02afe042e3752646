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

The file is untrusted input. It is refused, with :class:`MapError`, when it is not a
regular file (a device or a FIFO), is larger than :data:`MAX_BYTES`, is not well-formed
XML, is not SVG, has no id naming a province, uses an entity (a general entity declared in
its DTD and referred to, an undeclared or an external one), or when drawing it would take
more than the limits below (points, segments, subpaths, arcs, time), or holds a number that
is not finite or is absurdly large. A DTD internal subset (jDip's maps carry one, with
ELEMENT and ATTLIST declarations and parameter entities) is read by expat without
expanding a parameter entity or fetching anything; its ATTLIST defaults bind the
``jdipNS:`` prefix, as jDip relies on.
"""

from __future__ import annotations

import difflib
import math
import os
import re
import stat
import time
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
MAX_USE_DEPTH = 8  # <use> of a <use> of ...
JDIP_NS = "http://jdip.sourceforge.org/jdipNS"

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
    "radialgradient", "filter", "a:", "namedview",
}
_SHAPES = {"path", "polygon", "polyline", "rect", "circle", "ellipse"}
_DRAWN = _SHAPES | {"use"}  # what draws a shape of its own (a <use> draws another element's)
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
    skipped: list[str] = field(default_factory=list)  # what was left out, and why
    closest: dict[str, list[str]] = field(default_factory=dict)  # missing -> nearest ids

    def problems(self) -> list[str]:
        """One line for each province the board expects and the file lacks (with the ids
        that came closest), and each element left out."""
        out = []
        for loc in self.missing:
            near = self.closest.get(loc)
            hint = f" (closest ids: {', '.join(near)})" if near else " (no id comes close)"
            out.append(f"{self.source}: no shape for province {loc}{hint}")
        out += [f"{self.source}: skipped {s}" for s in self.skipped]
        return out


# -- entry point ---------------------------------------------------------------------------


def import_svg(
    data: bytes | str | os.PathLike[str] | None = None,
    board: Board | None = None,
    *,
    text: str | None = None,
    tolerance: float | None = None,
    source: str | None = None,
    aliases: Mapping[str, str] | None = None,
    strict: bool = False,
) -> ImportedMap:
    """Read an SVG map into an :class:`ImportedMap`.

    Parameters
    ----------
    data
        A file: a path (``str`` or ``Path``), or the file's bytes. A ``str`` is always a
        path, never SVG text: a file name must not be mistaken for a map.
    board
        The variant's board: ids are resolved through its names and must name its
        provinces. Without one, ids are taken as they are (lower-cased).
    text
        SVG text, instead of ``data``.
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
    if text is not None:
        if data is not None:
            raise TypeError("import_svg: give a file or text=, not both")
        data = text.encode("utf-8")
        source = source or "map"
    elif data is None:
        raise TypeError("import_svg: give a file or text=")
    raw, source = _read(data, source)
    root, ids = _parse(raw, source)
    try:
        imported = _Importer(root, board, tolerance, source, aliases, ids).run()
    except _Bad as e:
        raise MapError(f"{source}: {e}") from None
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


def _read(data: bytes | str | os.PathLike[str], source: str | None) -> tuple[bytes, str]:
    if isinstance(data, str | os.PathLike):
        path = Path(data)
        source = source or str(path)
        return read_file(path, source), source
    if isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
    else:
        raise MapError(f"{source or 'map'}: expected a path or SVG bytes, got {type(data).__name__}")
    source = source or "map"
    if len(raw) > MAX_BYTES:
        raise MapError(f"{source}: {len(raw)} bytes is larger than the {MAX_BYTES // 2**20} MiB limit")
    return raw, source


def read_file(path: Path, source: str, limit: int | None = None) -> bytes:
    """A regular file's bytes, at most ``limit`` of them; devices and FIFOs are refused
    before anything is read (``/dev/zero`` never ends, a FIFO may block for ever)."""
    limit = MAX_BYTES if limit is None else limit
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            what = "a folder" if stat.S_ISDIR(st.st_mode) else "a device, FIFO or socket"
            raise MapError(f"{source}: not a regular file ({what}); refused")
        if st.st_size > limit:
            raise MapError(f"{source}: {st.st_size} bytes is larger than the {limit // 2**20} MiB limit")
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as e:
        raise MapError(f"{source}: {e.strerror or e}") from None
    if len(raw) > limit:
        raise MapError(f"{source}: larger than the {limit // 2**20} MiB limit")
    return raw


def _parse(raw: bytes, source: str) -> tuple[_Node, dict[str, _Node]]:
    """Parse untrusted XML: no entity expanded, nothing external fetched.

    Returns the root and an index of the elements by id (for ``<use>``).
    """
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
    tree = _ExpatTree(source, raw)
    try:
        return tree.parse(raw), tree.ids
    except _UnboundJdip:
        # jDip binds its prefix only in the DTD's ATTLIST defaults; where those are not read
        # (after a parameter entity reference expat does not expand), bind it on the root.
        fixed = re.sub(rb"<svg\b", b'<svg xmlns:jdipNS="' + JDIP_NS.encode() + b'"', raw, count=1)
        tree = _ExpatTree(source, fixed)
        return tree.parse(fixed), tree.ids


class _UnboundJdip(Exception):
    pass


class _Node:
    """A parsed element: local tag, attributes (local names), children."""

    __slots__ = ("tag", "ns", "attrib", "children", "text")

    def __init__(self, tag: str, ns: str, attrib: dict[str, str]):
        self.tag = tag
        self.ns = ns
        self.attrib = attrib
        self.children: list[_Node] = []
        self.text = ""

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.attrib.get(key, default)

    def describe(self) -> str:
        i = self.attrib.get("id")
        return f"<{self.tag} id={i!r}>" if i else f"<{self.tag}>"


def _split_name(name: str) -> tuple[str, str]:
    ns, sep, local = name.rpartition("}")
    return (local, ns) if sep else (name, "")


def read_xml(raw: bytes, source: str) -> _Node:
    """Any untrusted XML file (jDip's ``variants.xml``, its adjacency file) as a tree of
    elements with their text, read as safely as an SVG map: no entity expanded, nothing
    fetched, at most :data:`MAX_ELEMENTS` elements."""
    if len(raw) > MAX_BYTES:
        raise MapError(f"{source}: {len(raw)} bytes is larger than the {MAX_BYTES // 2**20} MiB limit")
    return _ExpatTree(source, raw, svg=False).parse(raw)


class _ExpatTree:
    def __init__(self, source: str, raw: bytes, svg: bool = True):
        self.svg = svg
        self.source = source
        self.raw = raw
        self.stack: list[_Node] = []
        self.root: _Node | None = None
        self.count = 0
        self.ids: dict[str, _Node] = {}

    def parse(self, raw: bytes) -> _Node:
        p = expat.ParserCreate(namespace_separator="}")
        # A DTD's parameter entities are never expanded, an external subset never read.
        p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        p.EntityDeclHandler = self.entity
        p.SkippedEntityHandler = self.skipped
        p.ExternalEntityRefHandler = self.refuse_external
        if not self.svg:
            p.CharacterDataHandler = self.text
        try:
            p.Parse(raw, True)
        except expat.ExpatError as e:
            if e.code == expat.errors.codes[expat.errors.XML_ERROR_UNBOUND_PREFIX] and b"jdipNS:" in raw \
                    and b"xmlns:jdipNS" not in raw[: raw.find(b"<svg") + 4096]:
                raise _UnboundJdip from None
            raise MapError(
                f"{self.source}: not well-formed XML at line {e.lineno}, column {e.offset + 1}: "
                f"{expat.ErrorString(e.code)}"
            ) from None
        if self.root is None:
            raise MapError(f"{self.source}: not an {'SVG' if self.svg else 'XML'} file (no elements)")
        if not self.svg:
            return self.root
        if self.root.tag.lower() != "svg" or self.root.ns not in ("", _SVG_NS):
            raise MapError(f"{self.source}: not an SVG file (the root element is <{self.root.tag}>)")
        return self.root

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise MapError(f"{self.source}: more than {MAX_ELEMENTS} elements")
        tag, ns = _split_name(name)
        node = _Node(tag, ns, {_split_name(k)[0]: v for k, v in attrs.items()})
        href = attrs.get("http://www.w3.org/1999/xlink}href")
        if href is not None:
            node.attrib["href"] = href  # xlink:href wins over a plain href, as SVG 1.1 reads
        i = node.attrib.get("id")
        if i:
            self.ids.setdefault(i, node)
        if self.stack:
            self.stack[-1].children.append(node)
        elif self.root is None:
            self.root = node
        self.stack.append(node)

    def end(self, name: str) -> None:
        self.stack.pop()

    def text(self, data: str) -> None:
        if self.stack and len(self.stack[-1].text) < 1_000_000:
            self.stack[-1].text += data

    def entity(self, name: str, is_parameter: int, value: str | None, base: Any, system_id: str | None,
               public_id: Any, notation: Any) -> None:
        """A declaration is harmless until it is used: refuse a general entity the document
        refers to (expat would expand it), before the body is read."""
        if is_parameter:
            return  # never expanded (XML_PARAM_ENTITY_PARSING_NEVER)
        if b"&" + name.encode("utf-8") + b";" in self.raw:
            kind = "an external" if system_id else "an"
            raise MapError(f"{self.source}: uses {kind} XML entity &{name}; declared in its DTD; refused, "
                           f"entities are never expanded")

    def skipped(self, name: str, is_parameter: int) -> None:
        if not is_parameter:
            raise MapError(f"{self.source}: uses the XML entity &{name}; that is not declared in the file; "
                           f"refused, entities are never expanded or fetched")

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
    n = min(max(8, math.ceil(2 * math.pi / step / 4) * 4), 720)  # a vertex at each extreme
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


# -- the importer --------------------------------------------------------------------------


class _Importer:
    def __init__(self, root: _Node, board: Board | None, tolerance: float | None, source: str,
                 aliases: Mapping[str, str] | None, ids: Mapping[str, _Node] | None = None):
        self.root = root
        self.ids = ids or {}
        self.budget = Budget()
        self.skipped: list[str] = []
        self._use_depth = 0
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
        drawn: dict[str, tuple[_Node, Matrix]] = {}  # jDip's "_xxx" shapes outside MouseLayer

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
                if loc is not None and (tag in _DRAWN or tag in _CONTAINERS):
                    add_shape(loc, node, m)
                    claim(node)
                elif tag in _DRAWN:
                    self.ignored.append(nid)
            else:
                loc = self.resolve(nid) if tag in _DRAWN or tag in _CONTAINERS else None
                if loc is not None and nid.startswith("_") and "/" not in loc:
                    drawn.setdefault(loc, (node, m))  # jDip's drawn shape, used if the
                    claim(node)                        # province layer lacks the province
                elif tag in _DRAWN and self.board is not None and loc is None:
                    self.ignored.append(nid)

        for loc, (node, m) in drawn.items():
            if loc not in provinces:
                add_shape(loc, node, m)
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
            skipped=self.skipped,
            closest={loc: self.closest_ids(loc) for loc in missing},
        )

    def closest_ids(self, loc: str) -> list[str]:
        """The element ids most like a missing province's id, name or aliases."""
        assert self.board is not None
        prov = self.board.provinces[loc]
        by_low: dict[str, str] = {}
        for i in self.ids:
            by_low.setdefault(i.lower().lstrip("_"), i)
        found: list[str] = []
        for key in (loc, prov.name, *prov.aliases):
            for hit in difflib.get_close_matches(key.lower(), list(by_low), n=3, cutoff=0.6):
                if by_low[hit] not in found:
                    found.append(by_low[hit])
        return found[:4]

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
    return _polygonal(_valid(shapely.union_all(parts)))
