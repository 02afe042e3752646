"""The tables of an editable map and the journal that records every write to them.

Every change goes through :meth:`MapTables._put`: a low-level write records the table, key,
old and new value, so :meth:`MapTables.record` turns any edit into a :class:`Patch` that
:meth:`~MapTables.revert` and :meth:`~MapTables.replay` undo and redo exactly. The
undoable commands of :mod:`.map_commands` are built on that. Indexes (neighbours, links by
pair) are kept in step by the same writes, so a revert restores them too. No Qt here: the
document (:mod:`.map_document`) adds the signal and the undo stack.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from shapely import STRtree
from shapely.geometry.base import BaseGeometry

from ..engine.board import province_of
from ..geometry.shapes import MapGeometry
from ..geometry.svg_import import Decoration
from .map_records import (
    DEFAULT_VIEW_BOX,
    MISSING,
    AdjacencyDiff,
    Link,
    Pair,
    Patch,
    ProvinceRecord,
    anchor_loc,
    link_pair,
)

__all__ = ["MapTables", "edit"]


def edit(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Make a model method an edit: alone it is recorded as one patch (and returns it);
    inside another edit or :meth:`MapTables.record` it joins that one."""

    @functools.wraps(fn)
    def wrapper(self: MapTables, *args: Any, **kwargs: Any) -> Patch | None:
        if self._journal is not None:
            fn(self, *args, **kwargs)
            return None
        return self.record(lambda: fn(self, *args, **kwargs))

    return wrapper


class MapTables:
    """The map's tables (records, shapes, anchors, adjacency, setup) and their journal."""

    TABLES = ("provinces", "shapes", "coasts", "anchors", "borders", "links", "overrides",
              "decorations", "setup")

    def __init__(self, view_box: tuple[float, float, float, float] = DEFAULT_VIEW_BOX):
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
            pair = link_pair(key)
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

    def _announce(self, patch: Patch, undone: bool) -> AdjacencyDiff:
        """Count the change (the document also tells its views); returns its diff."""
        self.revision += 1
        diff = patch.diff.inverse() if undone else patch.diff
        self.last_diff = diff
        return diff

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
                provinces.add(province_of(anchor_loc(key)[1]))
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
