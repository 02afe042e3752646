"""Adjacency worked out from an editable map's shapes, kept up to date edit by edit.

The rule (``variants/standard/map.svg`` satisfies it exactly):

* two provinces *border* when their shapes share more than ``min_border`` of boundary
  (1/200 of the map's size), as :mod:`diplodesk.geometry.adjacency` measures it;
* armies link bordering land and coast provinces;
* fleets link bordering seas, a sea and a coast (for a two-coast province: the coast whose
  side borders the sea), and two coasts whose common border reaches a sea both border
  (fleets move along a shared coastline, not across an inland border).

On loading every border is measured at once (:func:`survey_borders`); after a geometric
edit only the touched provinces' borders and links are worked out again (and the
coast-to-coast fleet links of their neighbours, which depend on the seas between them).
Each write goes through the journal, so a patch's :attr:`~.map_records.Patch.diff` is the
change of adjacency.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from ..geometry import border_cache, surgery
from ..geometry.adjacency import survey_borders
from .map_queries import MapQueries
from .map_records import FLEET_KINDS, LAND_KINDS, MISSING, Link, MapEditError, Pair
from .map_records import link as _link
from .map_records import pair as _pair

__all__ = ["MapAdjacency"]


class MapAdjacency(MapQueries):
    """Borders and links derived from the shapes, with the measuring they share."""

    # -- geometric reads -------------------------------------------------------------------

    def decoration_borders(self, index: int) -> dict[str, float]:
        """The provinces a background shape (an island, say) borders, with border lengths:
        who would be its neighbours if it were made a province."""
        deco = self._decorations.get(index)
        if deco is None:
            raise MapEditError(f"there is no background shape {index}")
        g = surgery.polygonal(deco.geometry)
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

    def _compute_all(self, keep: bool = False) -> None:
        """Borders and links of the whole board (on loading). With ``keep`` (a map read
        from a file) the border survey comes from, or goes to, the disk cache
        (:mod:`~diplodesk.geometry.border_cache`): the same shapes across the same gap
        give the same borders."""
        for k in list(self._borders):
            self._put("borders", k, MISSING)
        for k in list(self._links):
            self._put("links", k, MISSING)
        ids = sorted(p for p, g in self._shapes.items() if p in self._provinces and not g.is_empty)
        if len(ids) >= 2:
            arr = np.array([self._shapes[p] for p in ids], dtype=object)
            key = border_cache.survey_key(ids, arr, self.gap) if keep else None
            kept = border_cache.load_survey(key, len(ids)) if key is not None else None
            if kept is None:
                s = survey_borders(arr, self.gap)
                for i, p in enumerate(ids):  # measuring a border again later reuses these
                    self._cache[("boundary", p)] = (arr[i], s.boundaries[i])
                    self._cache[("grown", p)] = (arr[i], s.grown[i])
                kept = (s.left, s.right, s.lengths)
                if key is not None:
                    border_cache.store_survey(key, *kept)
            left, right, lengths = kept
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

    # -- shape hygiene ---------------------------------------------------------------------

    def _clean(self, g: BaseGeometry, grid: bool = True) -> BaseGeometry:
        """Valid polygons on the map's grid, without specks or hairline holes."""
        return surgery.clean(g, self.grid if grid else 0.0, self.tiny)

    def _frame(self) -> Polygon:
        return surgery.frame(self.view_box)

    def _as_polygon(self, shape: Any) -> BaseGeometry:
        try:
            return surgery.as_polygon(shape)
        except surgery.ShapeEditError as e:
            raise MapEditError(str(e)) from None

    def _touches_any_sea(self, g: BaseGeometry, seas: Iterable[str]) -> bool:
        bnd = shapely.boundary(g)
        for s in seas:
            if self._kind(s) == "sea" and shapely.length(
                    shapely.intersection(bnd, self._cached("grown", s))) > self.min_border:
                return True
        return False

    # -- checks on arguments -----------------------------------------------------------------
