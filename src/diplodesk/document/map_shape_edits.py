"""Edits of an editable map's shapes: points, whole shapes, new provinces, splits, merges,
deletions and renames.

The shapely work is :mod:`diplodesk.geometry.surgery`'s; here it is applied to provinces
and their coast sides, the results checked against the map's tolerances (nothing smaller
than ``min_area`` is made), and what the edit touched handed on to the anchors and the
local adjacency update.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from ..engine.board import Special, province_of, split_location
from ..geometry import surgery
from .map_records import MISSING, MapEditError, ProvinceRecord
from .map_records import anchor_loc as _anchor_loc
from .map_records import link as _link
from .map_records import pair as _pair
from .map_references import MapReferences
from .map_tables import edit as _edit

__all__ = ["ShapeEdits"]


class ShapeEdits(MapReferences):
    """The edits that change shapes (and so, locally, adjacency)."""

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

    @_edit
    def move_vertex(self, old: tuple[float, float], new: tuple[float, float], pid: str | None = None,
                    *, together: bool = True, snap: float | None = None) -> None:
        """Move the vertex at ``old`` to ``new`` in every shape that has it (so a shared
        border moves as one); with ``together=False`` only in ``pid``'s shapes."""
        snap = self.snap if snap is None else snap
        ox, oy = old
        to = self._on_grid(new)
        moved = set()
        for loc in self._vertex_targets(ox, oy, pid, together, snap):
            g = self.shape(loc)
            if g.is_empty or shapely.distance(shapely.boundary(g), Point(ox, oy)) > snap:
                continue
            ng = self._clean(surgery.move_vertex(g, old, to, snap), grid=False)
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
        for loc in self._vertex_targets(px, py, pid, together, snap):
            g = self.shape(loc)
            if shapely.distance(shapely.boundary(g), Point(px, py)) > snap:
                continue
            ng = surgery.add_vertex(g, (px, py), snap, self.grid)
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
        for loc in self._vertex_targets(ax, ay, pid, together, snap):
            g = self.shape(loc)
            coords = shapely.get_coordinates(g)
            if not len(coords) or not (np.hypot(coords[:, 0] - ax, coords[:, 1] - ay) <= snap).any():
                continue
            try:
                ng = self._clean(surgery.delete_vertex(g, at, snap), grid=False)
            except surgery.ShapeEditError as e:
                raise MapEditError(str(e)) from None
            if ng.is_empty:
                raise MapEditError(f"deleting this point would leave nothing of {loc}")
            self._put("coasts" if "/" in loc else "shapes", loc, ng)
            changed.add(province_of(loc))
        if not changed:
            raise MapEditError("there is no point of a shape there")
        self._after_geometry(changed)

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
        cut = LineString(surgery.extend_line(pts, self.snap))
        shape = self._shapes.get(pid)
        if shape is None or shape.is_empty:
            raise MapEditError(f"{pid} has no shape to split")
        try:
            pieces = surgery.split_pieces(shape, cut)
        except surgery.ShapeEditError as e:
            raise MapEditError(f"cannot split {pid} along that line ({e})") from None
        if not any(side for _, side in pieces):
            raise MapEditError(f"the line does not cut {pid} in two: draw it across the province")
        if new_at is not None:
            pt = Point(new_at)
            cands = [(s.distance(pt), side) for s, side in pieces if side]
            new_side = min(cands)[1]
        pieces = surgery.join_crumbs(pieces, self.gap, self.min_area)
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
