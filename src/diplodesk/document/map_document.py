"""The editable map of a variant: provinces with their shapes, adjacency, powers and setup.

:class:`MapDocument` is the model the map editor looks at. It holds

* a record per province (id, name, kind, centre, home, coasts, aliases), its shapely shape
  and, for a two-coast province, the shape of each coast's side;
* anchors (where units, dislodged units, labels and centre markers are drawn) and the
  background decoration of the map;
* adjacency as *links* worked out from the shapes, per unit type, plus **pinned overrides**
  (a pair added or removed by hand for armies or fleets) that later edits never touch;
* the powers, the start (units, choice units, centres), victory, calendar and the special
  borders and lines (difficult, seasonal, railroad, canal, land bridge).

Every change goes through a journal: a low-level write records the table, key, old and new
value, so :meth:`MapDocument.record` turns any edit into a :class:`Patch` that
:meth:`~MapDocument.revert` and :meth:`~MapDocument.replay` undo and redo exactly. The
undoable commands of :mod:`.map_commands` are built on that. Geometry is plain shapely; Qt is
used only for the ``changed`` signal.

After a geometric edit the borders and links of the touched provinces are worked out again
*locally* (the provinces touched, and the coast-to-coast fleet links of their neighbours,
which depend on the seas between them); the change of adjacency is each patch's
:attr:`Patch.diff`.

Adjacency from geometry (the rule ``variants/standard/map.svg`` satisfies exactly):

* two provinces *border* when their shapes share more than ``min_border`` of boundary
  (1/200 of the map's size), as :mod:`diplodesk.geometry.adjacency` measures it;
* armies link bordering land and coast provinces;
* fleets link bordering seas, a sea and a coast (for a two-coast province: the coast whose
  side borders the sea), and two coasts whose common border reaches a sea both border
  (fleets move along a shared coastline, not across an inland border).
"""

from __future__ import annotations

import functools
import math
import re
import shutil
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack
from shapely import STRtree
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points
from shapely.ops import split as shapely_split

from ..engine.board import Board, Province, ProvinceKind, Special, province_of, split_location
from ..engine.variant import SPECIAL_KINDS, Variant, VariantError
from ..geometry.shapes import MapGeometry
from ..geometry.svg_import import ANCHOR_KINDS, Decoration, ImportedMap, import_svg
from .map_io import polygons_of, write_atomic, write_svg, write_toml

__all__ = [
    "AdjacencyDiff",
    "MapChange",
    "MapDocument",
    "MapEditError",
    "Patch",
    "PowerRecord",
    "ProvinceRecord",
    "StartUnit",
]

KINDS = ("land", "coast", "sea", "impassable")
LAND_KINDS = frozenset(("land", "coast"))
FLEET_KINDS = frozenset(("coast", "sea"))
UNITS = ("A", "F")
DEFAULT_VIEW_BOX = (0.0, 0.0, 2000.0, 1500.0)
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_]*$")
_COAST_RE = re.compile(r"^[a-z]{1,3}$")
_HEX = set("0123456789abcdefABCDEF")

Pair = tuple[str, str]
Link = tuple[str, str, str]  # (unit, a, b) with a < b; fleets name coasts: ("F", "bar", "stp/nc")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_KEEP: Any = _Missing()


class MapEditError(ValueError):
    """An edit that can't be made; the message says why in the user's terms."""


# -- records -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ProvinceRecord:
    id: str
    name: str
    kind: str  # land, coast, sea, impassable
    center: bool = False
    home: str | None = None
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def locations(self) -> tuple[str, ...]:
        return tuple(f"{self.id}/{c}" for c in self.coasts) if self.coasts else (self.id,)


@dataclass(frozen=True)
class PowerRecord:
    name: str
    adjective: str
    color: str


@dataclass(frozen=True)
class StartUnit:
    power: str
    type: str | None  # "A", "F", or None for a choice unit (its owner picks the type)
    at: str

    @property
    def choice(self) -> bool:
        return self.type is None


@dataclass(frozen=True)
class AdjacencyDiff:
    """Pairs that became adjacent or stopped being adjacent, per unit type."""

    army_added: tuple[Pair, ...] = ()
    army_removed: tuple[Pair, ...] = ()
    fleet_added: tuple[Pair, ...] = ()
    fleet_removed: tuple[Pair, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.army_added or self.army_removed or self.fleet_added or self.fleet_removed)

    def inverse(self) -> AdjacencyDiff:
        return AdjacencyDiff(self.army_removed, self.army_added, self.fleet_removed, self.fleet_added)

    def __str__(self) -> str:
        if self.empty:
            return "no change of adjacency"
        out = []
        for label, pairs in (("army +", self.army_added), ("army -", self.army_removed),
                             ("fleet +", self.fleet_added), ("fleet -", self.fleet_removed)):
            if pairs:
                out.append(f"{label} " + ", ".join(f"{a}-{b}" for a, b in pairs))
        return "; ".join(out)


@dataclass(frozen=True)
class Patch:
    """One recorded edit: every low-level write, in order, as (table, key, old, new)."""

    entries: tuple[tuple[str, Any, Any, Any], ...]
    diff: AdjacencyDiff = field(default_factory=AdjacencyDiff)
    provinces: frozenset[str] = frozenset()
    anchors: frozenset[str] = frozenset()
    setup: bool = False

    @property
    def empty(self) -> bool:
        return not self.entries


@dataclass(frozen=True)
class MapChange:
    """What the ``changed`` signal tells views: which provinces, anchors and setup changed."""

    provinces: frozenset[str]
    anchors: frozenset[str]
    setup: bool
    diff: AdjacencyDiff
    undone: bool = False


# -- geometry helpers ----------------------------------------------------------------------


def _polygonal(g: BaseGeometry | None) -> BaseGeometry:
    if g is None or g.is_empty:
        return Polygon()
    if not g.is_valid:
        g = shapely.make_valid(g)
    if isinstance(g, Polygon | MultiPolygon):
        return g
    parts = polygons_of(g)
    if not parts:
        return Polygon()
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def _map_rings(g: BaseGeometry, fn: Callable[[np.ndarray], np.ndarray | None]) -> BaseGeometry:
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
    if not out:
        return Polygon()
    return out[0] if len(out) == 1 else MultiPolygon(out)


def _nearest_segment(c: np.ndarray, x: float, y: float) -> tuple[int, float]:
    """Index of the segment of a closed ring (coordinates ``c``) nearest (x, y), and how near."""
    a, b = c[:-1], c[1:]
    ab = b - a
    t = np.clip(((x - a[:, 0]) * ab[:, 0] + (y - a[:, 1]) * ab[:, 1])
                / np.maximum((ab ** 2).sum(axis=1), 1e-18), 0, 1)
    q = a + ab * t[:, None]
    d = np.hypot(q[:, 0] - x, q[:, 1] - y)
    i = int(np.argmin(d))
    return i, float(d[i])


def _extend_line(coords: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
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


def _pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def _link(unit: str, a: str, b: str) -> Link:
    a, b = _pair(a, b)
    return (unit, a, b)


def _link_pair(link: Link) -> Pair:
    return _pair(province_of(link[1]), province_of(link[2]))


def _anchor_loc(key: str) -> tuple[str, str]:
    kind, _, loc = key.partition("-")
    return kind, loc


def _edit(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Make a model method an edit: alone it is recorded as one patch (and returns it);
    inside another edit or :meth:`MapDocument.record` it joins that one."""

    @functools.wraps(fn)
    def wrapper(self: MapDocument, *args: Any, **kwargs: Any) -> Patch | None:
        if self._journal is not None:
            fn(self, *args, **kwargs)
            return None
        return self.record(lambda: fn(self, *args, **kwargs))

    return wrapper


# -- the document --------------------------------------------------------------------------


class MapDocument(QObject):
    """An editable variant: its board's facts, its map's shapes and its setup."""

    changed = Signal(object)  # a MapChange, after every edit, undo and redo

    TABLES = ("provinces", "shapes", "coasts", "anchors", "borders", "links", "overrides",
              "decorations", "setup")

    def __init__(self, view_box: tuple[float, float, float, float] = DEFAULT_VIEW_BOX,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.view_box = tuple(float(v) for v in view_box)
        span = max(self.view_box[2], self.view_box[3]) or 1.0
        self.span = span
        #: shapes closer than this count as touching
        self.gap = span * 1e-3
        #: two provinces border when they share more boundary than this
        self.min_border = span * 5e-3
        #: how near a vertex or edge a click must be to grab it
        self.snap = span * 2.5e-3
        #: coordinates of new shapes are rounded to this grid (0.1 on a 2000-unit map)
        self.grid = 10.0 ** math.floor(math.log10(span / 10000.0))
        self.decimals = max(0, -int(round(math.log10(self.grid))))
        #: below this, differences are rounding noise
        self.tiny = self.grid * 5
        #: no province part smaller than this is made by an edit
        self.min_area = (span * 5e-3) ** 2
        self._provinces: dict[str, ProvinceRecord] = {}
        self._shapes: dict[str, BaseGeometry] = {}
        self._coasts: dict[str, BaseGeometry] = {}
        self._anchors: dict[str, tuple[float, float]] = {}
        self._borders: dict[Pair, float] = {}
        self._links: dict[Link, float] = {}
        self._overrides: dict[Link, bool] = {}
        self._decorations: dict[int, Decoration] = {}
        self._setup: dict[str, Any] = {
            "format": 1, "id": "untitled", "name": "Untitled", "description": "", "rules": (),
            "powers": (), "start_phase": "S1901M", "start_units": (), "start_centers": (),
            "victory": {"centers": 1}, "calendar": {"start_year": 1901, "seasons": ("S", "F"),
                                                     "build_after": "F"},
            "specials": (), "extra": {},
        }
        self._tables: dict[str, dict] = {
            "provinces": self._provinces, "shapes": self._shapes, "coasts": self._coasts,
            "anchors": self._anchors, "borders": self._borders, "links": self._links,
            "overrides": self._overrides, "decorations": self._decorations, "setup": self._setup,
        }
        # indexes kept in step with the tables by every write
        self._nbrs: dict[str, set[str]] = {}
        self._links_by_pair: dict[Pair, set[Link]] = {}
        # derived geometry, rebuilt on demand
        self._tree: tuple[list[str], STRtree] | None = None
        self._cache: dict[tuple[str, str], tuple[BaseGeometry, BaseGeometry]] = {}
        self._geometry: tuple[int, MapGeometry] | None = None
        self._geom_rev = 0
        self._journal: list[tuple[str, Any, Any, Any]] | None = None
        self._direct_edits = 0  # edits made without a command since the last save
        #: bumped by every edit, undo and redo
        self.revision = 0
        self.saved_revision = 0
        self.folder: Path | None = None
        self.builtin = False
        self.source = "map"
        #: problems found when the variant was read (its data did not validate)
        self.load_problems: list[str] = []
        self.last_diff = AdjacencyDiff()
        #: the editor pushes the commands of :mod:`.map_commands` here
        self.undo_stack = QUndoStack(self)

    # == the journal =======================================================================

    def _raw_put(self, table: str, key: Any, value: Any) -> Any:
        d = self._tables[table]
        old = d.get(key, MISSING)
        if value is MISSING:
            d.pop(key, None)
        else:
            d[key] = value
        if table == "borders":
            a, b = key
            if value is MISSING:
                self._nbrs.get(a, set()).discard(b)
                self._nbrs.get(b, set()).discard(a)
            else:
                self._nbrs.setdefault(a, set()).add(b)
                self._nbrs.setdefault(b, set()).add(a)
        elif table == "links":
            pair = _link_pair(key)
            if value is MISSING:
                s = self._links_by_pair.get(pair)
                if s is not None:
                    s.discard(key)
                    if not s:
                        del self._links_by_pair[pair]
            else:
                self._links_by_pair.setdefault(pair, set()).add(key)
        elif table in ("shapes", "coasts"):
            if table == "shapes":
                self._tree = None
            self._geom_rev += 1
        elif table in ("provinces", "anchors", "decorations"):
            self._geom_rev += 1
        return old

    def _put(self, table: str, key: Any, value: Any) -> None:
        old = self._raw_put(table, key, value)
        if self._journal is not None and old is not value:
            self._journal.append((table, key, old, value))

    def record(self, fn: Callable[[], Any], announce: bool = True) -> Patch | None:
        """Run an edit, recording every write; returns the patch (None when nested).

        If the edit raises, everything it wrote is put back and the error goes on. With
        ``announce=False`` nothing is signalled (a command's trial run).
        """
        if self._journal is not None:
            fn()
            return None
        self._journal = []
        try:
            fn()
        except BaseException:
            entries = self._journal
            self._journal = None
            for table, key, old, _new in reversed(entries):
                self._raw_put(table, key, old)
            raise
        entries = self._journal
        self._journal = None
        patch = self._make_patch(entries)
        if announce:
            self._direct_edits += 1
            self._announce(patch, undone=False)
        return patch

    def revert(self, patch: Patch, announce: bool = True) -> None:
        """Undo a patch: put back every old value, last write first."""
        for table, key, old, _new in reversed(patch.entries):
            self._raw_put(table, key, old)
        if announce:
            self._announce(patch, undone=True)

    def replay(self, patch: Patch) -> None:
        """Redo a patch that was reverted."""
        for table, key, _old, new in patch.entries:
            self._raw_put(table, key, new)
        self._announce(patch, undone=False)

    def _announce(self, patch: Patch, undone: bool) -> None:
        self.revision += 1
        diff = patch.diff.inverse() if undone else patch.diff
        self.last_diff = diff
        self.changed.emit(MapChange(patch.provinces, patch.anchors, patch.setup, diff, undone))

    def _make_patch(self, entries: list[tuple[str, Any, Any, Any]]) -> Patch:
        first: dict[tuple[str, Any], Any] = {}
        provinces: set[str] = set()
        anchors: set[str] = set()
        setup = False
        for table, key, old, _new in entries:
            first.setdefault((table, key), old)
            if table in ("provinces", "shapes"):
                provinces.add(key)
            elif table == "coasts":
                provinces.add(province_of(key))
            elif table == "anchors":
                anchors.add(key)
                provinces.add(province_of(_anchor_loc(key)[1]))
            elif table == "setup":
                setup = True
        keys = {k for (t, k) in first if t in ("links", "overrides")}
        added: dict[str, list[Pair]] = {"A": [], "F": []}
        removed: dict[str, list[Pair]] = {"A": [], "F": []}
        for link in keys:
            now_l = self._links.get(link, MISSING)
            now_o = self._overrides.get(link, MISSING)
            was_l = first.get(("links", link), now_l)
            was_o = first.get(("overrides", link), now_o)
            before = was_o if was_o is not MISSING else was_l is not MISSING
            after = now_o if now_o is not MISSING else now_l is not MISSING
            if before != after:
                (added if after else removed)[link[0]].append((link[1], link[2]))
        diff = AdjacencyDiff(tuple(sorted(added["A"])), tuple(sorted(removed["A"])),
                             tuple(sorted(added["F"])), tuple(sorted(removed["F"])))
        return Patch(tuple(entries), diff, frozenset(provinces), frozenset(anchors), setup)

    # == reading ===========================================================================

    @property
    def variant_id(self) -> str:
        return self._setup["id"]

    @property
    def variant_name(self) -> str:
        return self._setup["name"]

    @property
    def modified(self) -> bool:
        """Changed since it was opened or saved (by commands not all undone, or directly)."""
        return self._direct_edits > 0 or not self.undo_stack.isClean()

    @property
    def province_ids(self) -> list[str]:
        return sorted(self._provinces)

    def province(self, pid: str) -> ProvinceRecord:
        try:
            return self._provinces[pid]
        except KeyError:
            raise MapEditError(f"there is no province {pid!r}") from None

    def has_province(self, pid: str) -> bool:
        return pid in self._provinces

    def shape(self, loc: str) -> BaseGeometry:
        """The shape of a province, or of a coast's side of a two-coast province."""
        if "/" in loc:
            g = self._coasts.get(loc)
        else:
            g = self._shapes.get(loc)
        return g if g is not None else Polygon()

    @property
    def shapes(self) -> Mapping[str, BaseGeometry]:
        return dict(self._shapes)

    @property
    def coast_shapes(self) -> Mapping[str, BaseGeometry]:
        return dict(self._coasts)

    @property
    def anchors(self) -> Mapping[str, tuple[float, float]]:
        """Anchors placed explicitly (read from the map or moved by hand)."""
        return dict(self._anchors)

    @property
    def decorations(self) -> Mapping[int, Decoration]:
        return dict(self._decorations)

    @property
    def powers(self) -> tuple[PowerRecord, ...]:
        return self._setup["powers"]

    def power(self, name: str) -> PowerRecord:
        for p in self._setup["powers"]:
            if p.name == name:
                return p
        raise MapEditError(f"there is no power {name!r}")

    @property
    def start_units(self) -> tuple[StartUnit, ...]:
        return self._setup["start_units"]

    @property
    def start_phase(self) -> str:
        return self._setup["start_phase"]

    @property
    def extra_start_centers(self) -> dict[str, tuple[str, ...]]:
        return dict(self._setup["start_centers"])

    def start_centers(self) -> dict[str, tuple[str, ...]]:
        """Each power's centres at the start: its home centres and any listed besides."""
        out: dict[str, list[str]] = {p.name: [] for p in self.powers}
        for r in self._provinces.values():
            if r.center and r.home in out:
                out[r.home].append(r.id)
        for power, extra in self._setup["start_centers"]:
            for c in extra:
                if power in out and c not in out[power]:
                    out[power].append(c)
        return {k: tuple(sorted(v)) for k, v in out.items()}

    @property
    def victory(self) -> dict[str, Any]:
        return dict(self._setup["victory"])

    @property
    def calendar(self) -> dict[str, Any]:
        return dict(self._setup["calendar"])

    @property
    def specials(self) -> tuple[Special, ...]:
        return self._setup["specials"]

    @property
    def rules(self) -> tuple[str, ...]:
        return self._setup["rules"]

    def info(self) -> dict[str, str]:
        return {k: self._setup[k] for k in ("id", "name", "description")}

    # -- adjacency -------------------------------------------------------------------------

    def borders(self) -> dict[Pair, float]:
        """Province pairs whose shapes share a border, with its length."""
        return dict(self._borders)

    def neighbours(self, pid: str) -> set[str]:
        """Provinces whose shapes border this one."""
        return set(self._nbrs.get(pid, ()))

    def geometric_links(self, unit: str | None = None) -> set[Link]:
        return {k for k in self._links if unit is None or k[0] == unit}

    @property
    def overrides(self) -> dict[Link, bool]:
        """Pinned pairs: True added by hand, False removed by hand."""
        return dict(self._overrides)

    def links(self, unit: str | None = None) -> set[Link]:
        """The adjacency in force: links from geometry with the overrides applied."""
        out = {k for k in self._links if self._overrides.get(k, True)}
        out |= {k for k, v in self._overrides.items() if v}
        return {k for k in out if unit is None or k[0] == unit}

    def pairs(self, unit: str) -> list[Pair]:
        """Sorted adjacent pairs for ``"A"`` or ``"F"`` (fleet pairs name coasts)."""
        return sorted((a, b) for u, a, b in self.links(unit))

    def adjacent(self, unit: str, a: str, b: str) -> bool:
        """Is the pair adjacent for armies (``"A"``) or fleets (``"F"``, naming coasts)?"""
        key = _link(unit, a, b)
        pinned = self._overrides.get(key)
        return pinned if pinned is not None else key in self._links

    def decoration_borders(self, index: int) -> dict[str, float]:
        """The provinces a background shape (an island, say) borders, with border lengths:
        who would be its neighbours if it were made a province."""
        deco = self._decorations.get(index)
        if deco is None:
            raise MapEditError(f"there is no background shape {index}")
        g = _polygonal(deco.geometry)
        bnd = shapely.boundary(g)
        out = {}
        for p in self._near(g, self.gap):
            if p in self._provinces:
                n = float(shapely.length(shapely.intersection(bnd, self._cached("grown", p))))
                if n > self.min_border:
                    out[p] = n
        return out

    def shared_border(self, a: str, b: str) -> BaseGeometry:
        """The stretch of boundary two shapes (provinces or coast sides) share."""
        sa, sb = self.shape(a), self.shape(b)
        if sa.is_empty or sb.is_empty:
            return LineString()
        return self._line(a, b)

    # -- the engine's view -----------------------------------------------------------------

    def board(self) -> Board:
        """The board as the engine sees it (built even when the data has faults)."""
        provs = []
        for r in self._provinces.values():
            try:
                kind = ProvinceKind(r.kind)
            except ValueError:
                kind = ProvinceKind.LAND
            provs.append(Province(r.id, r.name, kind, r.center, r.home, r.coasts, r.aliases))
        links = self.links()
        army = [(a, b) for u, a, b in links if u == "A"]
        fleet = [(a, b) for u, a, b in links if u == "F"]
        return Board.build(provs, army, fleet, self.specials)

    def to_data(self, editor: bool = True) -> dict[str, Any]:
        """The variant's data, as ``variant.toml`` holds it (and ``Variant.from_data`` reads)."""
        s = self._setup
        data: dict[str, Any] = {"format": s["format"], "id": s["id"], "name": s["name"]}
        if s["description"]:
            data["description"] = s["description"]
        if s["rules"]:
            data["rules"] = list(s["rules"])
        data["calendar"] = {k: (list(v) if isinstance(v, tuple) else (dict(v) if isinstance(v, Mapping) else v))
                            for k, v in s["calendar"].items()}
        data["victory"] = dict(s["victory"])
        data["powers"] = {p.name: {"adjective": p.adjective, "color": p.color} for p in s["powers"]}
        provinces = {}
        for pid in sorted(self._provinces):
            r = self._provinces[pid]
            spec: dict[str, Any] = {"name": r.name, "kind": r.kind}
            if r.center:
                spec["center"] = True
            if r.home:
                spec["home"] = r.home
            if r.coasts:
                spec["coasts"] = list(r.coasts)
            if r.aliases:
                spec["aliases"] = list(r.aliases)
            provinces[pid] = spec
        data["provinces"] = provinces
        data["adjacency"] = {u: [f"{a} {b}" for a, b in self.pairs(x)] for u, x in (("army", "A"), ("fleet", "F"))}
        if s["specials"]:
            data["special"] = [sp.to_json() for sp in s["specials"]]
        start: dict[str, Any] = {"phase": s["start_phase"], "units": []}
        for u in s["start_units"]:
            d = {"power": u.power, "type": u.type or "?", "at": u.at}
            if u.choice:
                d["choice"] = True
            start["units"].append(d)
        extra = {p: list(c) for p, c in s["start_centers"] if c}
        if extra:
            start["centers"] = extra
        data["start"] = start
        for k, v in s["extra"].items():
            data[k] = v
        if editor:
            ed: dict[str, Any] = {}
            for unit, word in (("A", "army"), ("F", "fleet")):
                pinned = sorted(f"{a} {b}" for (u, a, b), v in self._overrides.items() if u == unit and v)
                unpinned = sorted(f"{a} {b}" for (u, a, b), v in self._overrides.items() if u == unit and not v)
                if pinned:
                    ed[f"pinned_{word}"] = pinned
                if unpinned:
                    ed[f"unpinned_{word}"] = unpinned
            if ed:
                data["editor"] = ed
        return data

    def variant(self) -> Variant:
        """The variant as the engine loads it; raises VariantError listing its faults."""
        return Variant.from_data(self.to_data(editor=False), source=self.variant_id)

    def map_geometry(self) -> MapGeometry:
        """The shapes as a :class:`MapGeometry` (hit testing, anchors), rebuilt after edits."""
        if self._geometry is not None and self._geometry[0] == self._geom_rev:
            return self._geometry[1]
        shapes = {p: g for p, g in self._shapes.items() if p in self._provinces and not g.is_empty}
        if not shapes:
            raise MapEditError("the map has no shapes yet")
        imported = ImportedMap(
            layout="native", view_box=self.view_box, provinces=shapes,
            coasts={k: g for k, g in self._coasts.items() if not g.is_empty},
            kinds={p: r.kind for p, r in self._provinces.items()},
            anchors=dict(self._anchors), decorations=list(self._decorations.values()),
            source=self.source,
        )
        g = MapGeometry(imported, self.board())
        self._geometry = (self._geom_rev, g)
        return g

    def anchor(self, kind: str, loc: str) -> tuple[float, float]:
        """Where a unit, dislodged unit, label or centre marker is drawn (placed or worked out)."""
        return self.map_geometry().anchor(kind, loc)

    # == derived geometry ==================================================================

    def _index(self) -> tuple[list[str], STRtree]:
        if self._tree is None:
            ids = sorted(p for p, g in self._shapes.items() if not g.is_empty)
            self._tree = (ids, STRtree([self._shapes[p] for p in ids]))
        return self._tree

    def _near(self, g: BaseGeometry, distance: float | None = None) -> list[str]:
        ids, tree = self._index()
        if not ids:
            return []
        if distance is None:
            hits = tree.query(g, predicate="intersects")
        else:
            hits = tree.query(g, predicate="dwithin", distance=distance)
        return [ids[i] for i in hits.tolist()]

    def _cached(self, what: str, loc: str) -> BaseGeometry:
        shape = self.shape(loc)
        hit = self._cache.get((what, loc))
        if hit is not None and hit[0] is shape:
            return hit[1]
        if what == "grown":
            g = shapely.buffer(shape, self.gap, quad_segs=2)
        else:
            g = shapely.boundary(shape)
        self._cache[(what, loc)] = (shape, g)
        return g

    def _line(self, a: str, b: str) -> BaseGeometry:
        """The border between two shapes, measured the one canonical way round."""
        a, b = _pair(a, b)
        return shapely.intersection(self._cached("boundary", a), self._cached("grown", b))

    def _border_len(self, a: str, b: str) -> float:
        return float(shapely.length(self._line(a, b)))

    def _kind(self, pid: str) -> str | None:
        r = self._provinces.get(pid)
        return r.kind if r is not None else None

    def _fleet_locs(self, pid: str) -> list[str]:
        r = self._provinces[pid]
        if not r.coasts:
            return [pid]
        return [loc for loc in r.locations if loc in self._coasts and not self._coasts[loc].is_empty]

    def _touches_sea(self, loc: str, sea: str) -> bool:
        if "/" not in loc:
            return _pair(loc, sea) in self._borders
        return self._border_len(loc, sea) > self.min_border

    def _pair_links(self, a: str, b: str) -> dict[Link, float]:
        """The links geometry gives a bordering pair of provinces."""
        length = self._borders.get(_pair(a, b))
        ra, rb = self._provinces.get(a), self._provinces.get(b)
        if length is None or ra is None or rb is None:
            return {}
        out: dict[Link, float] = {}
        if ra.kind in LAND_KINDS and rb.kind in LAND_KINDS:
            out[_link("A", a, b)] = length
        if ra.kind not in FLEET_KINDS or rb.kind not in FLEET_KINDS:
            return out
        seas = None
        for la in self._fleet_locs(a):
            for lb in self._fleet_locs(b):
                if la == a and lb == b:
                    n, line = length, None
                else:
                    line = self._line(la, lb)
                    n = float(line.length)
                if n <= self.min_border:
                    continue
                if ra.kind == "sea" or rb.kind == "sea":
                    out[_link("F", la, lb)] = n
                    continue
                # Two coasts: a fleet sails along the coastline they share, so their border
                # must reach a sea that both border.
                if line is None:
                    line = self._line(la, lb)
                if seas is None:
                    seas = [s for s in sorted(self._nbrs.get(a, set()) & self._nbrs.get(b, set()))
                            if self._kind(s) == "sea"]
                for s in seas:
                    if (self._touches_sea(la, s) and self._touches_sea(lb, s)
                            and shapely.dwithin(line, self._shapes[s], 2 * self.gap)):
                        out[_link("F", la, lb)] = n
                        break
        return out

    def _borders_of(self, pid: str) -> dict[Pair, float]:
        shape = self._shapes.get(pid)
        if shape is None or shape.is_empty or pid not in self._provinces:
            return {}
        out = {}
        for other in self._near(shape, self.gap):
            if other == pid or other not in self._provinces:
                continue
            n = self._border_len(pid, other)
            if n > self.min_border:
                out[_pair(pid, other)] = n
        return out

    def _compute_all(self) -> None:
        """Borders and links of the whole board (on loading)."""
        for k in list(self._borders):
            self._put("borders", k, MISSING)
        for k in list(self._links):
            self._put("links", k, MISSING)
        ids = sorted(p for p, g in self._shapes.items() if p in self._provinces and not g.is_empty)
        if len(ids) >= 2:
            arr = np.array([self._shapes[p] for p in ids], dtype=object)
            tree = STRtree(arr)
            left, right = tree.query(arr, predicate="dwithin", distance=self.gap)
            keep = left < right
            left, right = left[keep], right[keep]
            bnd = shapely.boundary(arr)
            grown = shapely.buffer(arr, self.gap, quad_segs=2)
            for i, p in enumerate(ids):
                self._cache[("boundary", p)] = (arr[i], bnd[i])
                self._cache[("grown", p)] = (arr[i], grown[i])
            if len(left):
                lengths = shapely.length(shapely.intersection(bnd[left], grown[right]))
                for i, j, n in zip(left.tolist(), right.tolist(), lengths.tolist(), strict=True):
                    if n > self.min_border:
                        self._put("borders", (ids[i], ids[j]), float(n))
        for a, b in sorted(self._borders):
            for link, n in self._pair_links(a, b).items():
                self._put("links", link, n)

    def _refresh(self, touched: Iterable[str]) -> None:
        """Work out borders and links again around the touched provinces only."""
        touched = set(touched)
        old_n = set().union(*(self._nbrs.get(t, set()) for t in touched)) if touched else set()
        new_b: dict[Pair, float] = {}
        for t in touched:
            new_b.update(self._borders_of(t))
        stale = {_pair(t, n) for t in touched for n in self._nbrs.get(t, set())}
        for pair in stale - set(new_b):
            self._put("borders", pair, MISSING)
        for pair, n in new_b.items():
            if self._borders.get(pair) != n:
                self._put("borders", pair, n)
        new_n = set().union(*(self._nbrs.get(t, set()) for t in touched)) if touched else set()
        region = old_n | new_n | touched
        pairs = set(stale) | set(new_b)
        for a in region:
            for b in self._nbrs.get(a, ()):
                if b in region:
                    pairs.add(_pair(a, b))
        for pair, _links in list(self._links_by_pair.items()):
            if pair[0] in touched or pair[1] in touched:
                pairs.add(pair)
        for pair in pairs:
            want = self._pair_links(*pair) if pair in self._borders else {}
            have = set(self._links_by_pair.get(pair, ()))
            for link in have - set(want):
                self._put("links", link, MISSING)
            for link, n in want.items():
                if self._links.get(link) != n:
                    self._put("links", link, n)

    # -- shape hygiene ---------------------------------------------------------------------

    def _clean(self, g: BaseGeometry, grid: bool = True) -> BaseGeometry:
        """Valid polygons on the map's grid, without specks or hairline holes."""
        g = _polygonal(g)
        if g.is_empty:
            return g
        if grid and self.grid > 0:
            g = _polygonal(shapely.set_precision(g, self.grid))
        speck = self.tiny ** 2
        parts = []
        for p in polygons_of(g):
            if p.area <= speck:
                continue
            holes = [r for r in p.interiors
                     if (h := Polygon(r)).area > speck and 2 * h.area / max(h.length, 1e-12) > self.tiny]
            parts.append(Polygon(p.exterior, holes) if len(holes) != len(p.interiors) else p)
        if not parts:
            return Polygon()
        return parts[0] if len(parts) == 1 else MultiPolygon(parts)

    def _frame(self) -> Polygon:
        x, y, w, h = self.view_box
        return box(x, y, x + w, y + h)

    def _as_polygon(self, shape: Any) -> BaseGeometry:
        if isinstance(shape, BaseGeometry):
            return shape
        pts = [tuple(map(float, p)) for p in shape]
        if len(pts) < 3:
            raise MapEditError("a shape needs at least three points")
        return shapely.make_valid(Polygon(pts))

    def _touches_any_sea(self, g: BaseGeometry, seas: Iterable[str]) -> bool:
        bnd = shapely.boundary(g)
        for s in seas:
            if self._kind(s) == "sea" and shapely.length(
                    shapely.intersection(bnd, self._cached("grown", s))) > self.min_border:
                return True
        return False

    # -- checks on arguments -----------------------------------------------------------------

    def _check_new_id(self, pid: str) -> None:
        if not isinstance(pid, str) or not _ID_RE.match(pid):
            raise MapEditError(f"{pid!r} is not a province id: use lower-case letters and digits")
        if pid in self._provinces:
            raise MapEditError(f"there is already a province {pid!r}")

    def _check_name(self, name: str, pid: str | None = None) -> None:
        if not name or not name.strip():
            raise MapEditError("a province needs a name")
        for r in self._provinces.values():
            if r.id != pid and r.name.lower() == name.lower():
                raise MapEditError(f"{name!r} is already the name of {r.id}")

    def _check_kind(self, kind: str) -> None:
        if kind not in KINDS:
            raise MapEditError(f"{kind!r} is not land, coast, sea or impassable")

    def _check_location(self, loc: str) -> None:
        prov, coast = split_location(loc)
        r = self._provinces.get(prov)
        if r is None:
            raise MapEditError(f"there is no province {prov!r}")
        if coast is not None and coast not in r.coasts:
            raise MapEditError(f"{prov} has no coast {coast!r}")

    def can_stand(self, unit: str, loc: str) -> bool:
        """May an army (``"A"``) or fleet (``"F"``) stand at this location?"""
        return self._can_stand(unit, loc)

    def _can_stand(self, unit: str, loc: str) -> bool:
        prov, coast = split_location(loc)
        r = self._provinces.get(prov)
        if r is None:
            return False
        if unit == "A":
            return r.kind in LAND_KINDS and coast is None
        if r.kind not in FLEET_KINDS:
            return False
        return (coast in r.coasts) if r.coasts else coast is None

    # == edits: geometry ===================================================================

    def _vertex_targets(self, x: float, y: float, pid: str | None, together: bool, snap: float
                        ) -> list[str]:
        """Shapes (provinces and coast sides) that a vertex edit at (x, y) applies to."""
        if pid is not None:
            self.province(pid)
        if together or pid is None:
            provs = self._near(Point(x, y).buffer(snap), None)
            provs = [p for p in provs if p in self._provinces]
        else:
            provs = [pid]
        targets = []
        for p in provs:
            targets.append(p)
            targets.extend(loc for loc in self._provinces[p].locations if loc in self._coasts)
        return targets

    @_edit
    def move_vertex(self, old: tuple[float, float], new: tuple[float, float], pid: str | None = None,
                    *, together: bool = True, snap: float | None = None) -> None:
        """Move the vertex at ``old`` to ``new`` in every shape that has it (so a shared
        border moves as one); with ``together=False`` only in ``pid``'s shapes."""
        snap = self.snap if snap is None else snap
        ox, oy = old
        nx, ny = self._on_grid(new)
        moved = set()

        def fn(c: np.ndarray) -> np.ndarray | None:
            d = np.hypot(c[:, 0] - ox, c[:, 1] - oy)
            hit = d <= snap
            if hit.any():
                c = c.copy()
                c[hit] = (nx, ny)
                return c
            # an edge passing through the point without a vertex there bends with it
            i, dist = _nearest_segment(c, ox, oy)
            if dist <= snap:
                return np.vstack((c[: i + 1], [[nx, ny]], c[i + 1:]))
            return c

        for loc in self._vertex_targets(ox, oy, pid, together, snap):
            g = self.shape(loc)
            if g.is_empty or shapely.distance(shapely.boundary(g), Point(ox, oy)) > snap:
                continue
            ng = self._clean(_map_rings(g, fn), grid=False)
            if ng.is_empty:
                raise MapEditError(f"moving this point would leave nothing of {loc}")
            if ng.equals_exact(g, 0):
                continue
            self._put("coasts" if "/" in loc else "shapes", loc, ng)
            moved.add(province_of(loc))
        if not moved:
            raise MapEditError("there is no point of a shape there")
        self._after_geometry(moved)

    @_edit
    def add_vertex(self, at: tuple[float, float], pid: str | None = None, *, together: bool = True,
                   snap: float | None = None) -> None:
        """Add a point on the edge nearest ``at``, in every shape whose edge passes there."""
        snap = self.snap if snap is None else snap
        ax, ay = at
        if pid is not None:
            near = nearest_points(shapely.boundary(self.shape(pid)), Point(ax, ay))[0]
            if near.distance(Point(ax, ay)) > snap:
                raise MapEditError(f"that is not on the border of {pid}")
            ax, ay = near.x, near.y
        px, py = self._on_grid((ax, ay))
        changed = set()

        def fn(c: np.ndarray) -> np.ndarray | None:
            i, dist = _nearest_segment(c, px, py)
            if dist > snap or np.hypot(c[:, 0] - px, c[:, 1] - py).min() <= self.grid / 2:
                return c
            return np.vstack((c[: i + 1], [[px, py]], c[i + 1:]))

        for loc in self._vertex_targets(px, py, pid, together, snap):
            g = self.shape(loc)
            if shapely.distance(shapely.boundary(g), Point(px, py)) > snap:
                continue
            ng = _map_rings(g, fn)
            if shapely.get_num_coordinates(ng) != shapely.get_num_coordinates(g):
                self._put("coasts" if "/" in loc else "shapes", loc, self._clean(ng, grid=False))
                changed.add(province_of(loc))
        if not changed:
            raise MapEditError("there is no border there to add a point to")
        self._after_geometry(changed)

    @_edit
    def delete_vertex(self, at: tuple[float, float], pid: str | None = None, *, together: bool = True,
                      snap: float | None = None) -> None:
        """Delete the vertex at ``at`` from every shape that has it."""
        snap = self.snap if snap is None else snap
        ax, ay = at
        changed = set()

        def fn(c: np.ndarray) -> np.ndarray | None:
            d = np.hypot(c[:-1, 0] - ax, c[:-1, 1] - ay)
            hit = d <= snap
            if not hit.any():
                return c
            keep = c[:-1][~hit]
            if len(keep) < 3:
                raise MapEditError("a ring keeps at least three points")
            return np.vstack((keep, keep[:1]))

        for loc in self._vertex_targets(ax, ay, pid, together, snap):
            g = self.shape(loc)
            coords = shapely.get_coordinates(g)
            if not len(coords) or not (np.hypot(coords[:, 0] - ax, coords[:, 1] - ay) <= snap).any():
                continue
            ng = self._clean(_map_rings(g, fn), grid=False)
            if ng.is_empty:
                raise MapEditError(f"deleting this point would leave nothing of {loc}")
            self._put("coasts" if "/" in loc else "shapes", loc, ng)
            changed.add(province_of(loc))
        if not changed:
            raise MapEditError("there is no point of a shape there")
        self._after_geometry(changed)

    def _on_grid(self, p: tuple[float, float]) -> tuple[float, float]:
        g = self.grid
        return (round(p[0] / g) * g, round(p[1] / g) * g)

    def _after_geometry(self, changed: set[str]) -> None:
        self._fix_anchors(changed)
        self._refresh(changed)

    @_edit
    def set_shape(self, pid: str, shape: Any) -> None:
        """Replace a province's whole shape (its coast sides are clipped to it)."""
        r = self.province(pid)
        g = self._clean(self._as_polygon(shape) & self._frame())
        if g.area < self.min_area:
            raise MapEditError(f"the new shape of {pid} is too small")
        self._put("shapes", pid, g)
        for loc in r.locations:
            if loc in self._coasts:
                self._put("coasts", loc, self._clean(self._coasts[loc] & g))
        self._after_geometry({pid})

    @_edit
    def add_province(self, pid: str, shape: Any, name: str | None = None, kind: str = "land", *,
                     carve: bool = True, center: bool = False, home: str | None = None) -> None:
        """Draw a new province. With ``carve`` it takes its area from the provinces it
        overlaps; without, it only fills space no province holds."""
        self._check_new_id(pid)
        name = name or pid
        self._check_name(name)
        self._check_kind(kind)
        g = self._clean(self._as_polygon(shape) & self._frame())
        if g.is_empty or g.area < self.min_area:
            raise MapEditError(f"{pid} would be too small (or off the map)")
        over = [q for q in self._near(g) if q in self._provinces]
        touched = set()
        if carve:
            for q in over:
                sq = self._shapes[q]
                if shapely.area(shapely.intersection(sq, g)) <= self.tiny ** 2:
                    continue
                rest = self._clean(shapely.difference(sq, g))
                if rest.area < self.min_area:
                    raise MapEditError(f"{pid} would cover all of {q}")
                self._put("shapes", q, rest)
                for loc in self._provinces[q].locations:
                    if loc in self._coasts:
                        self._put("coasts", loc, self._clean(shapely.difference(self._coasts[loc], g)))
                touched.add(q)
        elif over:
            g = self._clean(shapely.difference(g, shapely.union_all([self._shapes[q] for q in over])))
            if g.is_empty or g.area < self.min_area:
                raise MapEditError(f"there is no free space there for {pid}")
        self._put("provinces", pid, ProvinceRecord(pid, name, kind, center, home))
        self._put("shapes", pid, g)
        self._after_geometry(touched | {pid})

    @_edit
    def promote_decoration(self, index: int, pid: str, name: str | None = None, kind: str = "coast",
                           **kw: Any) -> None:
        """Make a shape of the background (an island, say) a province."""
        deco = self._decorations.get(index)
        if deco is None:
            raise MapEditError(f"there is no background shape {index}")
        self._put("decorations", index, MISSING)
        self.add_province(pid, deco.geometry, name, kind, **kw)

    @_edit
    def split_province(self, pid: str, line: Iterable[tuple[float, float]], new_id: str,
                       new_name: str | None = None, *, new_side: str = "left",
                       new_at: tuple[float, float] | None = None, new_kind: str | None = None) -> None:
        """Split a province along a drawn line; the part on ``new_side`` of the line (as
        seen walking along it on screen) or the part holding ``new_at`` becomes ``new_id``.

        The line's ends are carried on a little, so a line drawn up to a border cuts through
        it. Parts of the province the line does not cross stay with ``pid``. A coast province
        part that no longer touches a sea becomes land; a two-coast province keeps the coasts
        whose sides still touch a sea on each part (one left: no separate coasts).
        """
        r = self.province(pid)
        self._check_new_id(new_id)
        name = new_name or new_id
        self._check_name(name)
        if new_side not in ("left", "right"):
            raise MapEditError("new_side is left or right")
        pts = [tuple(map(float, p)) for p in line]
        if len(pts) < 2:
            raise MapEditError("draw a line of at least two points")
        cut = LineString(_extend_line(pts, self.snap))
        shape = self._shapes.get(pid)
        if shape is None or shape.is_empty:
            raise MapEditError(f"{pid} has no shape to split")
        pieces: list[tuple[Polygon, str | None]] = []
        for part in polygons_of(shape):
            if not part.intersects(cut):
                pieces.append((part, None))
                continue
            try:
                res = polygons_of(shapely_split(part, cut))
            except (ValueError, shapely.errors.GEOSException) as e:
                raise MapEditError(f"cannot split {pid} along that line ({e})") from None
            if len(res) < 2:
                pieces.append((part, None))
                continue
            for s in res:
                rp = s.representative_point()
                pieces.append((s, line_side(cut, rp.x, rp.y)))
        if not any(side for _, side in pieces):
            raise MapEditError(f"the line does not cut {pid} in two: draw it across the province")
        if new_at is not None:
            pt = Point(new_at)
            cands = [(s.distance(pt), side) for s, side in pieces if side]
            new_side = min(cands)[1]
        # Crumbs the line cuts off a ragged coast join the side they border most.
        small = self.min_area / 4
        for k, (s, side) in enumerate(pieces):
            if side is None or s.area >= small:
                continue
            grown = shapely.buffer(s, self.gap, quad_segs=2)
            touch = {"left": 0.0, "right": 0.0}
            for o, oside in pieces:
                if o is not s and oside is not None and o.area >= small:
                    touch[oside] += shapely.length(shapely.intersection(shapely.boundary(o), grown))
            if max(touch.values()) > 0:
                pieces[k] = (s, max(touch, key=touch.get))
        new_parts = [s for s, side in pieces if side == new_side]
        keep_parts = [s for s, side in pieces if side != new_side]
        new_shape = self._clean(shapely.union_all(new_parts)) if new_parts else Polygon()
        keep_shape = self._clean(shapely.union_all(keep_parts)) if keep_parts else Polygon()
        for what, g in ((new_id, new_shape), (pid, keep_shape)):
            if g.is_empty or g.area < self.min_area:
                raise MapEditError(f"the line leaves too little for {what}")
        seas = [s for s in self._nbrs.get(pid, ()) if self._kind(s) == "sea"]

        def kind_of(g: BaseGeometry) -> str:
            if r.kind == "coast":
                return "coast" if self._touches_any_sea(g, seas) else "land"
            return r.kind

        def coasts_of(g: BaseGeometry) -> dict[str, BaseGeometry]:
            kept = {}
            for c in r.coasts:
                area = self._coasts.get(f"{pid}/{c}")
                if area is None:
                    continue
                a = self._clean(shapely.intersection(area, g))
                if not a.is_empty and self._touches_any_sea(a, seas):
                    kept[c] = a
            return kept if len(kept) >= 2 else {}

        keep_coasts, new_coasts = coasts_of(keep_shape), coasts_of(new_shape)
        kind = new_kind or kind_of(new_shape)
        self._check_kind(kind)
        for loc in r.locations:
            if loc in self._coasts:
                self._put("coasts", loc, MISSING)
        self._put("shapes", pid, keep_shape)
        self._put("shapes", new_id, new_shape)
        self._put("provinces", new_id, ProvinceRecord(new_id, name, kind,
                                                      coasts=tuple(c for c in r.coasts if c in new_coasts)))
        for c, a in new_coasts.items():
            self._put("coasts", f"{new_id}/{c}", a)
        kept = tuple(c for c in r.coasts if c in keep_coasts)
        self._set_record(replace(r, kind=kind_of(keep_shape), coasts=kept))
        for c, a in keep_coasts.items():
            self._put("coasts", f"{pid}/{c}", a)
        if kept != r.coasts:
            self._retarget_coasts(pid, r.coasts, kept)
        self._after_geometry({pid, new_id})

    @_edit
    def merge_provinces(self, keep: str, other: str) -> None:
        """Join ``other`` to ``keep``: one shape, ``keep``'s record; ``other`` goes."""
        rk, ro = self.province(keep), self.province(other)
        if keep == other:
            raise MapEditError("pick two different provinces")
        sk, so = self._shapes.get(keep, Polygon()), self._shapes.get(other, Polygon())
        merged = self._clean(shapely.union_all([sk, so]))
        kind = rk.kind
        if kind == "land" and ro.kind in ("coast", "sea"):
            kind = "coast"
        # a coast side of keep takes in other where they share the longest border
        areas = {loc: self._coasts[loc] for loc in rk.locations if loc in self._coasts}
        if rk.coasts and areas and not so.is_empty:
            best = max(areas, key=lambda loc: shapely.length(
                shapely.intersection(shapely.boundary(areas[loc]), shapely.buffer(so, self.gap))))
            areas[best] = self._clean(shapely.union_all([areas[best], so]))
        self._rewrite_refs(other, keep)
        self._remove_province(other)
        self._set_record(replace(rk, kind=kind, center=rk.center or ro.center, home=rk.home or ro.home))
        self._put("shapes", keep, merged)
        for loc, a in areas.items():
            self._put("coasts", loc, a)
        self._after_geometry({keep, other})

    @_edit
    def delete_province(self, pid: str) -> None:
        """Delete a province and everything that names it (start units, pins, specials)."""
        self.province(pid)
        self._rewrite_refs(pid, None)
        self._remove_province(pid)
        self._refresh({pid})

    def _remove_province(self, pid: str) -> None:
        r = self._provinces[pid]
        for loc in r.locations:
            if loc in self._coasts:
                self._put("coasts", loc, MISSING)
        for key in [k for k in self._anchors if province_of(_anchor_loc(k)[1]) == pid]:
            self._put("anchors", key, MISSING)
        if pid in self._shapes:
            self._put("shapes", pid, MISSING)
        self._put("provinces", pid, MISSING)

    def _rewrite_refs(self, old: str, new: str | None) -> None:
        """Point what names province ``old`` at ``new`` (None: drop it)."""
        # pinned adjacency
        for link, v in list(self._overrides.items()):
            u, a, b = link
            if province_of(a) != old and province_of(b) != old:
                continue
            self._put("overrides", link, MISSING)
            if new is None:
                continue
            a2 = new if province_of(a) == old else a
            b2 = new if province_of(b) == old else b
            if province_of(a2) == province_of(b2):
                continue
            if not (self._can_stand(u, a2) and self._can_stand(u, b2)):
                continue
            key = _link(u, a2, b2)
            if key not in self._overrides:
                self._put("overrides", key, v)
        # start units and extra centres
        units = tuple(u for u in self.start_units if province_of(u.at) != old)
        if units != self.start_units:
            self._set_setup("start_units", units)
        extra = []
        for power, cs in self._setup["start_centers"]:
            cs2 = []
            for c in cs:
                c2 = new if c == old else c
                if c2 is not None and c2 not in cs2:
                    cs2.append(c2)
            extra.append((power, tuple(cs2)))
        if tuple(extra) != self._setup["start_centers"]:
            self._set_setup("start_centers", tuple(extra))
        # specials
        specials = []
        for sp in self.specials:
            d = sp.to_json()
            for key in ("between", "provinces"):
                if key in d and isinstance(d[key], list):
                    vals = []
                    for x in d[key]:
                        x2 = x if province_of(str(x)) != old else new
                        if x2 is not None and x2 not in vals:
                            vals.append(x2)
                    d[key] = vals
            if _special_ok(d):
                specials.append(Special.from_mapping(d))
        if tuple(specials) != self.specials:
            self._set_setup("specials", tuple(specials))

    @_edit
    def rename_province(self, old: str, new: str) -> None:
        """Change a province's id everywhere it is named."""
        r = self.province(old)
        if new == old:
            return
        self._check_new_id(new)

        def ren(loc: str) -> str:
            p, c = split_location(loc)
            return (new + (f"/{c}" if c else "")) if p == old else loc

        shape = self._shapes.get(old)
        for loc in r.locations:
            if loc in self._coasts:
                g = self._coasts[loc]
                self._put("coasts", loc, MISSING)
                self._put("coasts", ren(loc), g)
        for key in [k for k in self._anchors if province_of(_anchor_loc(k)[1]) == old]:
            kind, loc = _anchor_loc(key)
            xy = self._anchors[key]
            self._put("anchors", key, MISSING)
            self._put("anchors", f"{kind}-{ren(loc)}", xy)
        for pair in [p for p in self._borders if old in p]:
            n = self._borders[pair]
            self._put("borders", pair, MISSING)
            self._put("borders", _pair(*(new if x == old else x for x in pair)), n)
        for table in ("links", "overrides"):
            d = self._tables[table]
            for link in [k for k in d if province_of(k[1]) == old or province_of(k[2]) == old]:
                v = d[link]
                self._put(table, link, MISSING)
                self._put(table, _link(link[0], ren(link[1]), ren(link[2])), v)
        if shape is not None:
            self._put("shapes", old, MISSING)
            self._put("shapes", new, shape)
        self._put("provinces", old, MISSING)
        self._put("provinces", new, replace(r, id=new))
        units = tuple(replace(u, at=ren(u.at)) for u in self.start_units)
        if units != self.start_units:
            self._set_setup("start_units", units)
        extra = tuple((p, tuple(new if c == old else c for c in cs)) for p, cs in self._setup["start_centers"])
        if extra != self._setup["start_centers"]:
            self._set_setup("start_centers", extra)
        specials = []
        for sp in self.specials:
            d = sp.to_json()
            for key in ("between", "provinces"):
                if key in d and isinstance(d[key], list):
                    d[key] = [ren(str(x)) for x in d[key]]
            specials.append(Special.from_mapping(d))
        if tuple(specials) != self.specials:
            self._set_setup("specials", tuple(specials))

    # == edits: records ====================================================================

    def _set_record(self, r: ProvinceRecord) -> None:
        if self._provinces.get(r.id) != r:
            self._put("provinces", r.id, r)

    def _set_setup(self, key: str, value: Any) -> None:
        self._put("setup", key, value)

    @_edit
    def set_province(self, pid: str, *, name: str = _KEEP, kind: str = _KEEP, center: bool = _KEEP,
                     home: str | None = _KEEP, aliases: Iterable[str] = _KEEP) -> None:
        """Set a province's name, kind, supply centre, home power or aliases."""
        r = self.province(pid)
        new = r
        if name is not _KEEP:
            self._check_name(name, pid)
            new = replace(new, name=name)
        if kind is not _KEEP:
            self._check_kind(kind)
            new = replace(new, kind=kind)
            if kind != "coast" and r.coasts:
                raise MapEditError(f"{pid} has separate coasts; remove them before making it {kind}")
        if center is not _KEEP:
            new = replace(new, center=bool(center))
        if home is not _KEEP:
            if home is not None and home not in {p.name for p in self.powers}:
                raise MapEditError(f"there is no power {home!r}")
            new = replace(new, home=home)
        if aliases is not _KEEP:
            new = replace(new, aliases=tuple(str(a) for a in aliases))
        if new == r:
            return
        self._set_record(new)
        if new.center and not r.center and f"center-{pid}" not in self._anchors and pid in self._shapes:
            self._place_anchor("center", pid)
        if not new.center and r.center and f"center-{pid}" in self._anchors:
            self._put("anchors", f"center-{pid}", MISSING)
        if new.kind != r.kind:
            self._refresh({pid})

    @_edit
    def set_coasts(self, pid: str, coasts: Iterable[str], *,
                   areas: Mapping[str, Any] | None = None,
                   seas: Mapping[str, Iterable[str]] | None = None) -> None:
        """Give a coast province separate coasts (two or more), or none.

        Each coast's side of the province is drawn (``areas``: coast -> shape), or picked by
        the seas it faces (``seas``: coast -> sea ids; the province is shared out by which
        shore is nearest), or kept from before when the coast had a side already.
        """
        r = self.province(pid)
        coasts = tuple(coasts)
        for c in coasts:
            if not _COAST_RE.match(c):
                raise MapEditError(f"{c!r} is not a coast name like nc, sc, ec or wc")
        if len(set(coasts)) != len(coasts):
            raise MapEditError("a coast is named twice")
        if len(coasts) == 1:
            raise MapEditError("a province with separate coasts needs at least two")
        if coasts and r.kind != "coast":
            raise MapEditError(f"only a coast province can have separate coasts ({pid} is {r.kind})")
        shape = self._shapes.get(pid, Polygon())
        new_areas: dict[str, BaseGeometry] = {}
        if seas is not None:
            new_areas = self._coast_partition(pid, {c: list(seas.get(c, ())) for c in coasts})
        elif areas is not None:
            for c in coasts:
                if c in areas:
                    new_areas[c] = self._clean(shapely.intersection(self._as_polygon(areas[c]), shape))
        for c in coasts:
            if c not in new_areas and f"{pid}/{c}" in self._coasts:
                new_areas[c] = self._coasts[f"{pid}/{c}"]
        removed = [c for c in r.coasts if c not in coasts]
        for c in r.coasts:
            if f"{pid}/{c}" in self._coasts:
                self._put("coasts", f"{pid}/{c}", MISSING)
        self._set_record(replace(r, coasts=coasts))
        for c, a in new_areas.items():
            self._put("coasts", f"{pid}/{c}", a)
        if removed or (coasts and not r.coasts) or (not coasts and r.coasts):
            self._retarget_coasts(pid, r.coasts, coasts)
        self._after_geometry({pid})

    def _retarget_coasts(self, pid: str, old: tuple[str, ...], new: tuple[str, ...]) -> None:
        """Start units and pins naming coasts that are gone: units move to the province (or
        its first coast), pins naming them go."""
        gone = {f"{pid}/{c}" for c in old if c not in new} | ({pid} if new else set())
        units = []
        for u in self.start_units:
            if u.at in gone and not (u.at == pid and u.type != "F"):
                # armies and choice units stand in the province; a fleet needs a coast
                at = f"{pid}/{new[0]}" if new and u.type == "F" else pid
                u = replace(u, at=at)
            units.append(u)
        if tuple(units) != self.start_units:
            self._set_setup("start_units", tuple(units))
        for link in list(self._overrides):
            if link[1] in gone or link[2] in gone:
                if link[0] == "A" and pid in (link[1], link[2]):
                    continue  # armies name the province, coasts or not
                self._put("overrides", link, MISSING)

    @_edit
    def set_coast_area(self, loc: str, shape: Any) -> None:
        """Draw a coast's side: the drawn shape (within the province) becomes that coast's
        part; the other coasts give it up (with two coasts, the other gets the rest)."""
        pid, coast = split_location(loc)
        r = self.province(pid)
        if coast is None or coast not in r.coasts:
            raise MapEditError(f"{pid} has no coast {coast!r}")
        whole = self._shapes.get(pid, Polygon())
        area = self._clean(shapely.intersection(self._as_polygon(shape), whole))
        if area.is_empty:
            raise MapEditError(f"the drawn side is not inside {pid}")
        self._put("coasts", loc, area)
        others = [c for c in r.coasts if c != coast]
        for c in others:
            o = f"{pid}/{c}"
            if len(others) == 1:
                g = shapely.difference(whole, area)
            else:
                g = shapely.difference(self._coasts.get(o, Polygon()), area)
            self._put("coasts", o, self._clean(g))
        self._after_geometry({pid})

    def _coast_partition(self, pid: str, seas_by_coast: Mapping[str, list[str]]) -> dict[str, BaseGeometry]:
        """Share a province out among its coasts by which of their seas' shores is nearest."""
        shape = self._shapes.get(pid)
        if shape is None or shape.is_empty:
            raise MapEditError(f"{pid} has no shape")
        bnd = self._cached("boundary", pid)
        pts: dict[tuple[float, float], str | None] = {}
        for c, seas in seas_by_coast.items():
            if not seas:
                raise MapEditError(f"pick at least one sea for coast {c}")
            for s in seas:
                if self._kind(s) != "sea":
                    raise MapEditError(f"{s} is not a sea")
                shore = shapely.intersection(bnd, self._cached("grown", s))
                if shore.length <= self.min_border:
                    raise MapEditError(f"{s} does not touch {pid}")
                dense = shapely.segmentize(shore, max_segment_length=self.span * 5e-3)
                for x, y in shapely.get_coordinates(dense).tolist():
                    key = (round(x, 3), round(y, 3))
                    pts[key] = c if pts.get(key, c) == c else None
        items = [(p, c) for p, c in pts.items() if c is not None]
        if len({c for _, c in items}) < 2:
            raise MapEditError("the coasts need seas on different shores")
        x0, y0, x1, y1 = shape.bounds
        frame = box(x0, y0, x1, y1).buffer(self.span * 0.05)
        cells = shapely.voronoi_polygons(MultiPoint([p for p, _ in items]), extend_to=frame, ordered=True)
        groups: dict[str, list[BaseGeometry]] = {}
        for (_, c), cell in zip(items, shapely.get_parts(cells), strict=True):
            groups.setdefault(c, []).append(cell)
        return {c: self._clean(shapely.intersection(shapely.union_all(g), shape))
                for c, g in groups.items()}

    # -- anchors ----------------------------------------------------------------------------

    def _check_anchor_key(self, key: str) -> tuple[str, str]:
        kind, loc = _anchor_loc(key)
        if kind not in ANCHOR_KINDS or not loc:
            raise MapEditError(f"{key!r} is not an anchor (unit-, dislodged-, label- or center-<place>)")
        self._check_location(loc)
        if kind in ("label", "center") and "/" in loc:
            raise MapEditError(f"a {kind} anchor names a province, not a coast")
        return kind, loc

    @_edit
    def move_anchor(self, key: str, at: tuple[float, float]) -> None:
        """Place an anchor (``unit-stp/nc``, ``label-par``, ``center-par``...) by hand."""
        self._check_anchor_key(key)
        xy = (float(at[0]), float(at[1]))
        if self._anchors.get(key) != xy:
            self._put("anchors", key, xy)

    @_edit
    def remove_anchor(self, key: str) -> None:
        """Forget a placed anchor (units and labels then go where the app works out)."""
        if key not in self._anchors:
            raise MapEditError(f"there is no placed anchor {key!r}")
        self._put("anchors", key, MISSING)

    def _place_anchor(self, kind: str, pid: str) -> None:
        try:
            xy = self.map_geometry().anchor(kind, pid)
        except (KeyError, MapEditError):
            return
        self._put("anchors", f"{kind}-{pid}", (round(xy[0], self.decimals), round(xy[1], self.decimals)))

    def _fix_anchors(self, pids: Iterable[str]) -> None:
        """After a shape changes: placed anchors outside their place go; a supply centre
        whose marker went gets a new one."""
        for pid in pids:
            if pid not in self._provinces:
                continue
            for key in [k for k in self._anchors if province_of(_anchor_loc(k)[1]) == pid]:
                loc = _anchor_loc(key)[1]
                region = self.shape(loc) if "/" in loc else self._shapes.get(pid, Polygon())
                x, y = self._anchors[key]
                if region.is_empty or not shapely.contains_xy(region, x, y):
                    self._put("anchors", key, MISSING)
        for pid in pids:
            r = self._provinces.get(pid)
            if r is not None and r.center and f"center-{pid}" not in self._anchors and pid in self._shapes:
                self._place_anchor("center", pid)

    # -- adjacency overrides ----------------------------------------------------------------

    @_edit
    def set_override(self, unit: str, a: str, b: str, state: bool | None) -> None:
        """Pin a pair for armies (``"A"``) or fleets (``"F"``): True adds it, False removes
        it, whatever the shapes say; None takes the pin out again."""
        if unit not in UNITS:
            raise MapEditError(f"{unit!r} is not A or F")
        for loc in (a, b):
            self._check_location(loc)
            if state is not None and not self._can_stand(unit, loc):
                what = "an army" if unit == "A" else "a fleet"
                raise MapEditError(f"{what} cannot stand in {loc}")
        if province_of(a) == province_of(b):
            raise MapEditError("a province is not its own neighbour")
        key = _link(unit, a, b)
        value = MISSING if state is None else bool(state)
        if self._overrides.get(key, MISSING) != value:
            self._put("overrides", key, value)

    # -- specials ---------------------------------------------------------------------------

    def _special(self, kind: str, fields: Mapping[str, Any]) -> Special:
        if kind not in SPECIAL_KINDS:
            raise MapEditError(f"{kind!r} is not one of {', '.join(SPECIAL_KINDS)}")
        d = {"kind": kind, **{k: (list(v) if isinstance(v, tuple) else v) for k, v in fields.items()}}
        for key in ("between", "provinces"):
            for x in d.get(key, []) or []:
                if province_of(str(x)) not in self._provinces:
                    raise MapEditError(f"there is no province {x!r}")
        need = {"difficult": ("between",), "land_bridge": ("between",), "seasonal": ("provinces", "seasons"),
                "railroad": ("provinces",), "canal": ("provinces", "between")}[kind]
        for key in need:
            if not d.get(key):
                raise MapEditError(f"a {kind} special needs {key}")
        if not _special_ok(d):
            raise MapEditError(f"a {kind} special needs two provinces in between")
        if "powers" in d:
            names = {p.name for p in self.powers}
            for p in d["powers"]:
                if p not in names:
                    raise MapEditError(f"there is no power {p!r}")
        return Special.from_mapping(d)

    @_edit
    def add_special(self, kind: str, **fields: Any) -> None:
        """Add a difficult border, seasonal closure, railroad, canal or land bridge."""
        self._set_setup("specials", (*self.specials, self._special(kind, fields)))

    @_edit
    def set_special(self, index: int, kind: str, **fields: Any) -> None:
        sp = list(self.specials)
        if not 0 <= index < len(sp):
            raise MapEditError(f"there is no special {index}")
        sp[index] = self._special(kind, fields)
        self._set_setup("specials", tuple(sp))

    @_edit
    def remove_special(self, index: int) -> None:
        sp = list(self.specials)
        if not 0 <= index < len(sp):
            raise MapEditError(f"there is no special {index}")
        del sp[index]
        self._set_setup("specials", tuple(sp))

    # -- powers and setup -------------------------------------------------------------------

    @_edit
    def add_power(self, name: str, adjective: str | None = None, color: str = "#888888") -> None:
        if not name or not name.strip():
            raise MapEditError("a power needs a name")
        if name in {p.name for p in self.powers}:
            raise MapEditError(f"there is already a power {name!r}")
        _check_color(color)
        self._set_setup("powers", (*self.powers, PowerRecord(name, adjective or name, color)))

    @_edit
    def edit_power(self, name: str, *, new_name: str | None = None, adjective: str | None = None,
                   color: str | None = None) -> None:
        """Rename (everything naming the power follows) or recolour a power."""
        old = self.power(name)
        new = old
        if new_name is not None and new_name != name:
            if not new_name.strip() or new_name in {p.name for p in self.powers}:
                raise MapEditError(f"{new_name!r} is empty or already a power")
            new = replace(new, name=new_name)
        if adjective is not None:
            new = replace(new, adjective=adjective)
        if color is not None:
            _check_color(color)
            new = replace(new, color=color)
        if new == old:
            return
        self._set_setup("powers", tuple(new if p.name == name else p for p in self.powers))
        if new.name != name:
            self._rename_power(name, new.name)

    def _rename_power(self, old: str, new: str | None) -> None:
        """Point what names power ``old`` at ``new`` (None: drop it)."""
        for r in list(self._provinces.values()):
            if r.home == old:
                self._set_record(replace(r, home=new))
        units = []
        for u in self.start_units:
            if u.power == old:
                if new is None:
                    continue
                u = replace(u, power=new)
            units.append(u)
        if tuple(units) != self.start_units:
            self._set_setup("start_units", tuple(units))
        extra = tuple((new if p == old else p, cs) for p, cs in self._setup["start_centers"]
                      if new is not None or p != old)
        if extra != self._setup["start_centers"]:
            self._set_setup("start_centers", extra)
        specials = []
        for sp in self.specials:
            d = sp.to_json()
            if "powers" in d:
                d["powers"] = [new if p == old else p for p in d["powers"] if new is not None or p != old]
            specials.append(Special.from_mapping(d))
        if tuple(specials) != self.specials:
            self._set_setup("specials", tuple(specials))

    @_edit
    def remove_power(self, name: str) -> None:
        """Remove a power with its home centres' ownership, start units and centres."""
        self.power(name)
        self._set_setup("powers", tuple(p for p in self.powers if p.name != name))
        self._rename_power(name, None)

    @_edit
    def add_start_unit(self, power: str, unit_type: str | None, at: str) -> None:
        """A unit at the start; ``unit_type`` None (or ``"?"``) makes a choice unit."""
        self.power(power)
        self._check_location(at)
        if unit_type == "?":
            unit_type = None
        if unit_type is not None and unit_type not in UNITS:
            raise MapEditError(f"{unit_type!r} is not A, F or a choice")
        if any(province_of(u.at) == province_of(at) for u in self.start_units):
            raise MapEditError(f"{province_of(at)} already has a start unit")
        if unit_type is not None and not self._can_stand(unit_type, at):
            what = "an army" if unit_type == "A" else "a fleet"
            raise MapEditError(f"{what} cannot stand in {at}")
        self._set_setup("start_units", (*self.start_units, StartUnit(power, unit_type, at)))

    @_edit
    def remove_start_unit(self, at: str) -> None:
        units = tuple(u for u in self.start_units if province_of(u.at) != province_of(at))
        if units == self.start_units:
            raise MapEditError(f"no unit starts in {at}")
        self._set_setup("start_units", units)

    @_edit
    def set_start_units(self, units: Iterable[StartUnit | tuple[str, str | None, str]]) -> None:
        """Replace the whole start (checked only by the checks: a setup may be in progress)."""
        out = []
        for u in units:
            if not isinstance(u, StartUnit):
                power, t, at = u
                u = StartUnit(power, None if t in (None, "?") else t, at)
            out.append(u)
        self._set_setup("start_units", tuple(out))

    @_edit
    def set_start_centers(self, power: str, centers: Iterable[str]) -> None:
        """Centres a power owns at the start besides its home centres."""
        self.power(power)
        cs = tuple(centers)
        for c in cs:
            if c not in self._provinces:
                raise MapEditError(f"there is no province {c!r}")
        extra = dict(self._setup["start_centers"])
        extra[power] = cs
        self._set_setup("start_centers", tuple((p, c) for p, c in extra.items() if c))

    @_edit
    def set_start_phase(self, phase: str) -> None:
        self._set_setup("start_phase", str(phase))

    @_edit
    def set_victory(self, centers: int, by: str = "power", players: int = 0) -> None:
        if not isinstance(centers, int) or centers <= 0:
            raise MapEditError("victory needs a positive number of centres")
        if by not in ("power", "player"):
            raise MapEditError("victory is by power or by player")
        v: dict[str, Any] = {"centers": centers}
        if by != "power":
            v["by"] = by
            v["players"] = int(players)
        self._set_setup("victory", v)

    @_edit
    def set_calendar(self, *, start_year: int = _KEEP, seasons: Iterable[str] = _KEEP,
                     build_after: str | Iterable[str] = _KEEP, year_step: int = _KEEP,
                     years_after: Mapping[str, int] = _KEEP) -> None:
        """First year, seasons, which seasons are followed by builds, years per turn."""
        cal = dict(self._setup["calendar"])
        if start_year is not _KEEP:
            cal["start_year"] = int(start_year)
        if seasons is not _KEEP:
            cal["seasons"] = tuple(seasons)
        if build_after is not _KEEP:
            cal["build_after"] = build_after if isinstance(build_after, str) else tuple(build_after)
        if year_step is not _KEEP:
            cal["year_step"] = int(year_step)
        if years_after is not _KEEP:
            cal["years_after"] = dict(years_after)
        seasons_now = tuple(cal.get("seasons", ("S", "F")))
        ba = cal.get("build_after", seasons_now[-1] if seasons_now else "F")
        for s in [ba] if isinstance(ba, str) else ba:
            if s not in seasons_now:
                raise MapEditError(f"{s!r} is not one of the seasons")
        self._set_setup("calendar", cal)

    @_edit
    def set_info(self, *, id: str = _KEEP, name: str = _KEEP, description: str = _KEEP,
                 rules: Iterable[str] = _KEEP) -> None:
        """The variant's id, name, description and rule options."""
        if id is not _KEEP:
            if not _ID_RE.match(id):
                raise MapEditError(f"{id!r} is not a variant id: lower-case letters, digits, _")
            self._set_setup("id", id)
        if name is not _KEEP:
            self._set_setup("name", str(name))
        if description is not _KEEP:
            self._set_setup("description", str(description))
        if rules is not _KEEP:
            self._set_setup("rules", tuple(rules))

    # == loading ===========================================================================

    @classmethod
    def open(cls, ref: str | Path, parent: QObject | None = None) -> MapDocument:
        """Open a variant by id or folder for editing (its map too, when it has one)."""
        from ..paths import builtin_variants_dir
        from ..variants import find_variant, read_variant_file

        folder = find_variant(str(ref))
        data = read_variant_file(folder / "variant.toml")
        svg = folder / "map.svg"
        doc = cls.from_data(data, svg if svg.is_file() else None, source=str(folder), parent=parent)
        doc.folder = folder
        try:
            doc.builtin = folder.resolve().is_relative_to(builtin_variants_dir().resolve())
        except OSError:
            doc.builtin = False
        return doc

    @classmethod
    def from_data(cls, data: Mapping[str, Any], svg: bytes | str | Path | None = None, *,
                  source: str = "variant", parent: QObject | None = None) -> MapDocument:
        """A document from a variant's data (and its map). Data with faults still opens: the
        faults are in :attr:`load_problems` and the checks."""
        if not isinstance(data, Mapping):
            raise MapEditError(f"{source}: the variant data is not a table")
        board = None
        problems: list[str] = []
        try:
            board = Variant.from_data(data, source=source).board
        except VariantError as e:
            problems = list(e.problems)
        if isinstance(svg, str):  # SVG text (to_svg), as import_svg takes a str for a path
            svg = svg.encode("utf-8")
        imported = import_svg(svg, board) if svg is not None else None
        doc = cls(imported.view_box if imported is not None else DEFAULT_VIEW_BOX, parent)
        doc.source = source
        doc.load_problems = problems
        doc._load(data, imported)
        return doc

    def _load(self, data: Mapping[str, Any], imported: ImportedMap | None) -> None:
        s = self._setup
        s["format"] = data.get("format", 1)
        s["id"] = str(data.get("id", "untitled"))
        s["name"] = str(data.get("name", s["id"]))
        s["description"] = str(data.get("description", ""))
        rules = data.get("rules", [])
        s["rules"] = tuple(str(r) for r in rules) if isinstance(rules, list) else ()
        cal = data.get("calendar", {})
        s["calendar"] = {k: (tuple(v) if isinstance(v, list) else v)
                         for k, v in (cal.items() if isinstance(cal, Mapping) else [])}
        vic = data.get("victory", {})
        s["victory"] = dict(vic) if isinstance(vic, Mapping) else {"centers": 1}
        powers = []
        for name, spec in (data.get("powers") or {}).items():
            spec = spec if isinstance(spec, Mapping) else {}
            powers.append(PowerRecord(str(name), str(spec.get("adjective", name)),
                                      str(spec.get("color", "#888888"))))
        s["powers"] = tuple(powers)
        for pid, spec in (data.get("provinces") or {}).items():
            if not isinstance(spec, Mapping):
                continue
            self._provinces[pid] = ProvinceRecord(
                id=pid, name=str(spec.get("name", pid)), kind=str(spec.get("kind", "land")),
                center=bool(spec.get("center", False)), home=spec.get("home"),
                coasts=tuple(str(c) for c in spec.get("coasts", ()) or ()),
                aliases=tuple(str(a) for a in spec.get("aliases", ()) or ()),
            )
        specials = []
        for spec in data.get("special", []) or []:
            if isinstance(spec, Mapping) and "kind" in spec:
                specials.append(Special.from_mapping(spec))
        s["specials"] = tuple(specials)
        start = data.get("start") if isinstance(data.get("start"), Mapping) else {}
        cal_seasons = s["calendar"].get("seasons", ("S", "F"))
        s["start_phase"] = str(start.get("phase", f"{cal_seasons[0]}{s['calendar'].get('start_year', 1901)}M"))
        units = []
        for u in start.get("units", []) or []:
            if not isinstance(u, Mapping):
                continue
            t = u.get("type")
            units.append(StartUnit(str(u.get("power", "")), None if (t == "?" or u.get("choice")) else str(t),
                                   str(u.get("at", ""))))
        s["start_units"] = tuple(units)
        centers = start.get("centers") or {}
        s["start_centers"] = tuple((str(p), tuple(str(c) for c in cs)) for p, cs in centers.items()
                                   if isinstance(cs, list))
        known = {"format", "id", "name", "description", "rules", "calendar", "victory", "powers",
                 "provinces", "adjacency", "special", "start", "editor"}
        s["extra"] = {k: v for k, v in data.items() if k not in known}
        if imported is not None:
            for pid, g in imported.provinces.items():
                if pid in self._provinces:
                    g = self._clean(g, grid=False)
                    if not g.is_empty:
                        self._shapes[pid] = g
            for loc, g in imported.coasts.items():
                prov, coast = split_location(loc)
                r = self._provinces.get(prov)
                if r is not None and coast in r.coasts and prov in self._shapes:
                    clipped = self._clean(shapely.intersection(_polygonal(g), self._shapes[prov]), grid=False)
                    self._coasts[loc] = clipped if not clipped.is_empty else _polygonal(g)
            for key, xy in imported.anchors.items():
                kind, loc = _anchor_loc(key)
                prov, coast = split_location(loc)
                r = self._provinces.get(prov)
                if r is not None and (coast is None or coast in r.coasts):
                    self._anchors[key] = (float(xy[0]), float(xy[1]))
            for i, d in enumerate(imported.decorations):
                self._decorations[i] = d
            if self._shapes:  # a map drawn with gaps between its shapes (jDip's): bridge them
                from ..geometry.adjacency import drawn_gap

                self.gap = max(self.gap, drawn_gap(np.array(list(self._shapes.values()), dtype=object), self.span))
        self._compute_all()
        # The file's adjacency is the truth: pins are what geometry does not give.
        adj = data.get("adjacency") if isinstance(data.get("adjacency"), Mapping) else {}
        ed = data.get("editor") if isinstance(data.get("editor"), Mapping) else {}
        for unit, word in (("A", "army"), ("F", "fleet")):
            listed = set()
            for item in adj.get(word, []) or []:
                parts = item.split() if isinstance(item, str) else []
                if len(parts) == 2 and parts[0] != parts[1]:
                    listed.add(_link(unit, *parts))
            geo = {k for k in self._links if k[0] == unit}
            for k in listed - geo:
                self._raw_put("overrides", k, True)
            for k in geo - listed:
                self._raw_put("overrides", k, False)
            for item in ed.get(f"pinned_{word}", []) or []:
                parts = item.split() if isinstance(item, str) else []
                if len(parts) == 2 and _link(unit, *parts) in listed:
                    self._raw_put("overrides", _link(unit, *parts), True)
            for item in ed.get(f"unpinned_{word}", []) or []:
                parts = item.split() if isinstance(item, str) else []
                if len(parts) == 2 and _link(unit, *parts) not in listed:
                    self._raw_put("overrides", _link(unit, *parts), False)
        self.revision = self.saved_revision = 0

    @classmethod
    def from_shapes(cls, view_box: tuple[float, float, float, float],
                    provinces: Iterable[ProvinceRecord], shapes: Mapping[str, BaseGeometry], *,
                    info: Mapping[str, Any] | None = None, parent: QObject | None = None) -> MapDocument:
        """A new document from records and shapes (adjacency all from geometry)."""
        doc = cls(view_box, parent)
        for r in provinces:
            doc._provinces[r.id] = r
            if r.id in shapes:
                doc._shapes[r.id] = doc._clean(shapes[r.id], grid=False)
        for k, v in (info or {}).items():
            doc._setup[k] = v
        doc._compute_all()
        return doc

    # == saving ============================================================================

    def to_svg(self, title: str | None = None) -> str:
        """The map in the native format, every anchor the format asks for included."""
        geom = self.map_geometry()
        anchors: dict[str, tuple[float, float]] = {}
        labels = {}
        for pid in sorted(self._provinces):
            r = self._provinces[pid]
            if pid not in self._shapes or self._shapes[pid].is_empty:
                continue
            locs = [pid, *[loc for loc in r.locations if loc != pid]]
            for loc in locs:
                for kind in ("unit", "dislodged"):
                    anchors[f"{kind}-{loc}"] = geom.anchor(kind, loc)
            anchors[f"label-{pid}"] = labels[pid] = geom.anchor("label", pid)
            if r.center:
                anchors[f"center-{pid}"] = geom.anchor("center", pid)
        provinces = {pid: (self._provinces[pid].kind, self._shapes[pid]) for pid in sorted(self._provinces)
                     if pid in self._shapes and not self._shapes[pid].is_empty}
        return write_svg(
            view_box=self.view_box, decimals=self.decimals,
            title=title if title is not None else f"{self.variant_name}: drawn with the diplodesk map editor",
            decorations=[self._decorations[k] for k in sorted(self._decorations)],
            provinces=provinces, coasts={k: g for k, g in self._coasts.items() if not g.is_empty},
            anchors=anchors, labels=labels, specials=self._special_lines(geom),
            label_size=max(6.0, round(self.span / 220)),
        )

    def _special_lines(self, geom: MapGeometry) -> list[tuple[str, str, list[tuple[float, float]]]]:
        out = []
        reach = geom.unit_size * 0.6
        for sp in self.specials:
            if sp.kind != "difficult":
                continue
            between = sp.get("between") or ()
            if len(between) != 2:
                continue
            a, b = sorted(province_of(str(x)) for x in between)
            sa, sb = self._shapes.get(a), self._shapes.get(b)
            if sa is None or sb is None:
                continue
            pa, pb = nearest_points(sa, sb)
            dx, dy = pb.x - pa.x, pb.y - pa.y
            gap = math.hypot(dx, dy)
            if gap < 1e-6:
                ua, ub = geom.anchor("unit", a), geom.anchor("unit", b)
                out.append((a, b, [ua, ub]))
                continue
            ux, uy = dx / gap, dy / gap
            out.append((a, b, [(pa.x - ux * reach, pa.y - uy * reach), (pb.x + ux * reach, pb.y + uy * reach)]))
        return out

    def save(self, folder: str | Path | None = None, problems: Iterable[str] | None = None) -> Path:
        """Write ``variant.toml`` and ``map.svg`` into a variant folder, atomically, keeping
        the previous files as ``.bak``.

        With no folder: the folder it was opened from, except that a built-in variant is
        copied to the user's variants folder on its first save. A variant with errors can
        be saved, but says why it can't be played: the errors of the checks (or the
        ``problems`` given) go into the ``[editor]`` table with ``playable = false``.
        """
        from ..paths import user_variants_dir
        from .map_checks import playability

        if problems is None:
            problems = playability(self)[1]

        if folder is not None:
            target = Path(folder)
        elif self.folder is not None and not self.builtin:
            target = self.folder
        else:
            target = user_variants_dir() / self.variant_id
        data = self.to_data(editor=True)
        problems = list(problems or [])
        if problems:
            data.setdefault("editor", {})
            data["editor"]["playable"] = False
            data["editor"]["problems"] = problems
        text = write_toml(data, header=[f"{self.variant_name}, as saved by the diplodesk map editor.",
                                        "Facts only: provinces, coasts, adjacency, centres, the start."])
        if tomllib.loads(text) != _plain(data):  # our writer must read back exactly
            raise MapEditError("internal error: the variant data does not read back the same")
        svg = self.to_svg() if any(not g.is_empty for g in self._shapes.values()) else None
        target.mkdir(parents=True, exist_ok=True)
        write_atomic(target / "variant.toml", text.encode("utf-8"))
        if svg is not None:
            write_atomic(target / "map.svg", svg.encode("utf-8"))
        if self.folder is not None and self.folder != target:
            readme = self.folder / "README.md"
            if readme.is_file() and not (target / "README.md").exists():
                shutil.copy2(readme, target / "README.md")
        from ..variants import forget_recent

        forget_recent()  # a game started on it now gets what was just saved
        self.folder = target
        self.builtin = False
        self.mark_clean()
        return target

    def mark_clean(self) -> None:
        """Take the document as it is now as its saved state (``modified`` becomes False)."""
        self.saved_revision = self.revision
        self._direct_edits = 0
        self.undo_stack.setClean()


def _plain(v: Any) -> Any:
    if isinstance(v, Mapping):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return v


def _check_color(color: str) -> None:
    if not (isinstance(color, str) and len(color) == 7 and color[0] == "#" and set(color[1:]) <= _HEX):
        raise MapEditError(f"{color!r} is not a colour like #1f4e9c")


def _special_ok(d: Mapping[str, Any]) -> bool:
    kind = d.get("kind")
    if kind in ("difficult", "land_bridge"):
        return len(d.get("between") or []) == 2
    if kind == "canal":
        return bool(d.get("provinces")) and len(d.get("between") or []) == 2
    if kind == "railroad":
        return len(d.get("provinces") or []) >= 2
    if kind == "seasonal":
        return bool(d.get("provinces"))
    return True
