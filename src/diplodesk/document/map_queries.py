"""Reading an editable map: its records, shapes, adjacency in force and setup, and the
engine's view of it (a :class:`Board`, the variant's data, a :class:`MapGeometry`).

Every read here is of the tables as they are; nothing is worked out from the shapes
(that is :mod:`.map_adjacency`), so these stay cheap for the views to call often.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ..engine.board import Board, Province, ProvinceKind, Special
from ..engine.variant import Variant
from ..geometry.shapes import MapGeometry
from ..geometry.svg_import import Decoration, ImportedMap
from .map_records import Link, MapEditError, Pair, PowerRecord, ProvinceRecord, StartUnit
from .map_records import link as _link
from .map_snapshot import MapSnapshot
from .map_tables import MapTables

__all__ = ["MapQueries"]


class MapQueries(MapTables):
    """The map's tables read as records, shapes, adjacency and setup."""

    # == reading ===========================================================================

    @property
    def variant_id(self) -> str:
        return self._setup["id"]

    @property
    def variant_name(self) -> str:
        return self._setup["name"]

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
        if s["victory"]:  # an economy's board (Hypereconomic) has none: its victory is in its tables
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
            # the gap borders were measured across, so reopening measures them the same way
            ed: dict[str, Any] = {"gap": self.gap}
            if self.min_border < self.span * 5e-3:  # the map's own, kept as it came
                ed["min_border"] = self.min_border
            for unit, word in (("A", "army"), ("F", "fleet")):
                pinned = sorted(f"{a} {b}" for (u, a, b), v in self._overrides.items() if u == unit and v)
                unpinned = sorted(f"{a} {b}" for (u, a, b), v in self._overrides.items() if u == unit and not v)
                if pinned:
                    ed[f"pinned_{word}"] = pinned
                if unpinned:
                    ed[f"unpinned_{word}"] = unpinned
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

    def snapshot(self) -> MapSnapshot:
        """The map as it is now, for the checks (they never read the document itself)."""
        return MapSnapshot(
            variant_id=self.variant_id, view_box=self.view_box, span=self.span, gap=self.gap,
            grid=self.grid, tiny=self.tiny, min_area=self.min_area,
            provinces=dict(self._provinces), shapes=dict(self._shapes), coast_shapes=dict(self._coasts),
            anchors=dict(self._anchors), decorations=dict(self._decorations),
            border_lengths=dict(self._borders), in_force=frozenset(self.links()),
            overrides=dict(self._overrides), powers=self.powers, start_units=self.start_units,
            specials=self.specials, data=self.to_data(editor=False),
        )
