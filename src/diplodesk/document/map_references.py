"""What names what in an editable map, kept right as it changes.

Start units, extra centres, specials and pinned adjacency name provinces and coasts;
anchors belong to places. When a province goes, is merged or loses a coast, or a shape
moves under an anchor, the helpers here rewrite (or drop) what named it, through the
journal like any other write. Also the checks on an edit's arguments, and the anchor and
override edits, which are edits of references alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import shapely
from shapely.geometry import Polygon

from ..engine.board import Special, province_of, split_location
from ..geometry.svg_import import ANCHOR_KINDS
from .map_adjacency import MapAdjacency
from .map_records import ID_RE as _ID_RE
from .map_records import (
    KINDS,
    MISSING,
    UNITS,
    MapEditError,
    ProvinceRecord,
    can_stand,
)
from .map_records import anchor_loc as _anchor_loc
from .map_records import link as _link
from .map_records import special_ok as _special_ok
from .map_tables import edit as _edit

__all__ = ["MapReferences"]


class MapReferences(MapAdjacency):
    """Checks on arguments, and keeping references, anchors and pins right after edits."""

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
        return can_stand(self._provinces, unit, loc)

    # == edits: geometry ===================================================================

    def _on_grid(self, p: tuple[float, float]) -> tuple[float, float]:
        g = self.grid
        return (round(p[0] / g) * g, round(p[1] / g) * g)

    def _after_geometry(self, changed: set[str]) -> None:
        self._fix_anchors(changed)
        self._refresh(changed)

    @_edit
    def _set_record(self, r: ProvinceRecord) -> None:
        if self._provinces.get(r.id) != r:
            self._put("provinces", r.id, r)

    def _set_setup(self, key: str, value: Any) -> None:
        self._put("setup", key, value)

    @_edit
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
