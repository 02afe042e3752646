"""Edits of an editable map's records: a province's facts and coasts, the specials, the
powers and the start, victory, calendar and the variant's name.

Each public method is an edit (recorded as one patch, or part of the edit it is called in);
each checks its arguments and says what is wrong in the user's terms (:class:`MapEditError`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ..engine.board import Special, province_of, split_location
from ..engine.variant import SPECIAL_KINDS
from ..geometry import surgery
from .map_records import COAST_RE as _COAST_RE
from .map_records import ID_RE as _ID_RE
from .map_records import KEEP as _KEEP
from .map_records import MISSING, UNITS, MapEditError, PowerRecord, StartUnit
from .map_records import check_color as _check_color
from .map_records import special_ok as _special_ok
from .map_shape_edits import ShapeEdits
from .map_tables import edit as _edit

__all__ = ["RecordEdits"]


class RecordEdits(ShapeEdits):
    """The edits of records, coasts, specials, powers and setup."""

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
        items = {p: c for p, c in pts.items() if c is not None}
        if len(set(items.values())) < 2:
            raise MapEditError("the coasts need seas on different shores")
        return {c: self._clean(g) for c, g in surgery.share_out(shape, items, self.span * 0.05).items()}

    # -- anchors ----------------------------------------------------------------------------
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
