"""The editable model of a variant: its board's facts, its map's shapes and its setup.

:class:`MapModel` is everything the map editor edits, without Qt: a record per province
(id, name, kind, centre, home, coasts, aliases), its shapely shape and, for a two-coast
province, the shape of each coast's side; anchors and the background decoration; adjacency
as *links* worked out from the shapes, per unit type, plus **pinned overrides** (a pair
added or removed by hand) that later edits never touch; the powers, the start, victory,
calendar and the special borders and lines.

It is built in layers, each a module named after what it does, from the bottom:
:mod:`.map_tables` (the tables and their journal), :mod:`.map_queries` (reading),
:mod:`.map_adjacency` (adjacency from geometry), :mod:`.map_references` (what names
what), :mod:`.map_shape_edits` and :mod:`.map_record_edits` (the edits). This module adds
reading a variant's data and map, and writing the map back as SVG.
:class:`~.map_document.MapDocument` is this model with a signal and an undo stack.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Self

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from ..engine.board import Special, province_of, split_location
from ..engine.variant import Variant, VariantError
from ..geometry import surgery
from ..geometry.adjacency import GAP_MAX, drawn_gap
from ..geometry.shapes import MapGeometry
from ..geometry.svg_import import ImportedMap, import_svg
from .map_io import write_svg
from .map_record_edits import RecordEdits
from .map_records import DEFAULT_VIEW_BOX, MapEditError, PowerRecord, ProvinceRecord, StartUnit
from .map_records import anchor_loc as _anchor_loc
from .map_records import link as _link

__all__ = ["MapModel"]


class MapModel(RecordEdits):
    """An editable variant, read from its data and map and written back as SVG."""

    # == loading ===========================================================================

    @classmethod
    def from_data(cls, data: Mapping[str, Any], svg: bytes | str | Path | None = None, *,
                  source: str = "variant", **kw: Any) -> Self:
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
        if isinstance(svg, Path):  # a map file: read once, then from the disk cache (map_cache)
            from ..geometry.map_cache import cached_import

            imported = cached_import(svg, board, strict=False)
        else:
            imported = import_svg(svg, board) if svg is not None else None
        doc = cls(imported.view_box if imported is not None else DEFAULT_VIEW_BOX, **kw)
        doc.source = source
        doc.load_problems = problems
        doc._load(data, imported, keep=isinstance(svg, Path))
        return doc

    def _load(self, data: Mapping[str, Any], imported: ImportedMap | None, keep: bool = False) -> None:
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
                    clipped = self._clean(shapely.intersection(surgery.polygonal(g), self._shapes[prov]), grid=False)
                    self._coasts[loc] = clipped if not clipped.is_empty else surgery.polygonal(g)
            for key, xy in imported.anchors.items():
                kind, loc = _anchor_loc(key)
                prov, coast = split_location(loc)
                r = self._provinces.get(prov)
                if r is not None and (coast is None or coast in r.coasts):
                    self._anchors[key] = (float(xy[0]), float(xy[1]))
            for i, d in enumerate(imported.decorations):
                self._decorations[i] = d
        ed = data.get("editor") if isinstance(data.get("editor"), Mapping) else {}
        if imported is not None:
            self._take_gap(ed.get("gap"))
            self._take_min_border(ed.get("min_border"))
        self._compute_all(keep=keep)  # a map file's border survey is kept on disk
        # The file's adjacency is the truth: pins are what geometry does not give.
        adj = data.get("adjacency") if isinstance(data.get("adjacency"), Mapping) else {}
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

    def _take_gap(self, saved: Any) -> None:
        """The gap borders are measured across: the one the editor saved the map with, so
        that a saved board reopens with the adjacency it was saved with; else measured
        from the shapes (a map drawn with gaps between them, as jDip's are, is bridged)."""
        cap = self.span * GAP_MAX
        if isinstance(saved, (int, float)) and not isinstance(saved, bool) and 0 < saved <= cap:
            self.gap = float(saved)
            return
        if saved is not None:
            self.load_problems.append(f"{self.source}: [editor] gap = {saved!r} is not a distance "
                                      f"between 0 and {cap:g}; measured from the map instead")
        if self._shapes:
            self.gap = max(self.gap, drawn_gap(np.array(list(self._shapes.values()), dtype=object), self.span))

    def _take_min_border(self, saved: Any) -> None:
        """How much boundary two provinces must share to border: the map's own where it
        says (a world map's provinces are small beside its width, and its borders shorter
        than the 1/200 of the width a board of standard size takes), never more than that."""
        if saved is None:
            return
        if isinstance(saved, (int, float)) and not isinstance(saved, bool) and 0 < saved <= self.min_border:
            self.min_border = float(saved)
            return
        self.load_problems.append(f"{self.source}: [editor] min_border = {saved!r} is not a length between 0 "
                                  f"and {self.min_border:g}; {self.min_border:g} is used")

    @classmethod
    def from_shapes(cls, view_box: tuple[float, float, float, float],
                    provinces: Iterable[ProvinceRecord], shapes: Mapping[str, BaseGeometry], *,
                    info: Mapping[str, Any] | None = None, **kw: Any) -> Self:
        """A new document from records and shapes (adjacency all from geometry)."""
        doc = cls(view_box, **kw)
        for r in provinces:
            doc._provinces[r.id] = r
            if r.id in shapes:
                doc._shapes[r.id] = doc._clean(shapes[r.id], grid=False)
        for k, v in (info or {}).items():
            doc._setup[k] = v
        doc._compute_all()
        return doc

    # == saving ============================================================================

    # == writing the map ===================================================================

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
