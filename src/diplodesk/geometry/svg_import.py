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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ..engine.board import Board
from ..engine.names import name_table
from .svg_rings import (
    _CONTAINERS,
    _DRAWN,
    _SHAPES,
    _SKIP,
    IDENTITY,
    MAX_ARCS,
    MAX_COORD,
    MAX_CURVE_STEPS,
    MAX_NUMBERS,
    MAX_POINTS,
    MAX_SECONDS,
    MAX_SEGMENTS,
    MAX_SUBPATHS,
    MAX_USE_DEPTH,
    Budget,
    Matrix,
    ShapeReader,
    _apply,
    _Bad,
    _local_matrix,
    _num,
    _polygonal,
    _scale_of,
    _style,
    _valid,
    compose,
    parse_transform,
)
from .svg_xml import (
    MAX_BYTES,
    MAX_ELEMENTS,
    MapError,
    _Node,
    _parse,
    _read,
    read_file,
    read_xml,
)

# The importer's public names; reading XML safely (svg_xml) and drawing within limits
# (svg_rings) are named here too, where the maps' readers look for them.
__all__ = ["ANCHOR_KINDS", "Decoration", "ImportedMap", "MapError", "import_svg", "parse_transform",
           "read_file", "read_xml", "MAX_BYTES", "MAX_ELEMENTS", "MAX_POINTS", "MAX_SEGMENTS", "MAX_NUMBERS",
           "MAX_SUBPATHS", "MAX_ARCS", "MAX_SECONDS", "MAX_COORD", "MAX_CURVE_STEPS", "MAX_USE_DEPTH"]

ANCHOR_KINDS = ("unit", "dislodged", "label", "center")

# Ids other programs use for the standard seas. The variant's own aliases come first;
# this only helps a variant that lacks them.
ID_ALIASES = {
    "mid": "mao", "nat": "nao", "nrg": "nwg", "gol": "lyo", "tyn": "tys",
    "ech": "eng", "gob": "bot", "wme": "wes", "eme": "eas",
}

_PROVINCE_LAYERS = {"provinces", "mouselayer"}
_SVG_NS = "http://www.w3.org/2000/svg"


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
    # the glyph size the map asks for (``data-unit-size`` on a native map's root): a world map
    # whose provinces differ a hundredfold in size cannot take it from its provinces
    unit_size: float | None = None

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

    def refused(self) -> list[tuple[str, str]]:
        """What a strict reading refuses, as (id, why): in a map of our own format, each
        province of the board it lacks and each id the board does not know."""
        if self.layout != "native":
            return []
        return ([(loc, "the map has no shape for this province") for loc in self.missing]
                + [(i, "the map has a shape of this id, which the variant does not know")
                   for i in self.unknown_shapes])


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
    if strict and board is not None and imported.refused():
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




# -- the importer --------------------------------------------------------------------------


class _Importer(ShapeReader):
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
            unit_size=self.unit_size() if layout == "native" else None,
        )

    def unit_size(self) -> float | None:
        raw = self.root.get("data-unit-size")
        if raw is None:
            return None
        try:
            v = float(raw)
        except ValueError:
            v = math.nan
        if not (math.isfinite(v) and 0 < v <= max(self.view_box[2], self.view_box[3])):
            raise MapError(f"{self.source}: data-unit-size {raw[:40]!r} is not a size on this map")
        return v

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

