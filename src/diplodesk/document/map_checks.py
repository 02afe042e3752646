"""The checks panel's logic: what is wrong with a map being edited, and where.

Each :class:`Problem` has a code (one of :data:`CHECKS`), a level, a message in the user's
terms, the ids involved and a box to zoom to. ``error`` problems make a variant unplayable
(it can still be saved: :func:`playability` says why it can't be played); ``warning``
problems are worth a look but break nothing.

:class:`MapChecker` keeps what the geometric checks (overlaps, gaps, slivers) found per shape,
so a run after an edit only looks again at the shapes that changed; the other checks walk the
adjacency graph and the records, which is quick.

The checks read a :class:`~.map_snapshot.MapSnapshot` (a document passed in is asked for
one), never the document itself: the document saves with the checks' verdict, so it may
import this module, not the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ..engine.board import province_of
from ..engine.variant import Variant, VariantError
from ..geometry.surgery import polygons_of
from .map_snapshot import MapSnapshot, SupportsSnapshot, as_snapshot

ERROR, WARNING = "error", "warning"

#: the links a unit letter goes by: an economy's board (Hypereconomic) names its divisions
#: and guards (D, N), which go by the army links, and its task forces (T), by the fleet links
LINK_OF = {"A": "A", "F": "F", "D": "A", "N": "A", "T": "F"}

#: Every check, by code: what it looks for.
CHECKS: dict[str, str] = {
    "orphan-link": "an adjacency pair names a province or coast that does not exist",
    "one-sided-link": "an adjacency pair one end of which the unit type cannot stand in",
    "unreachable": "a province no unit can move into, or cut off from the rest of the board",
    "coast-without-sea": "a coast (or a coast province) with no sea to sail to",
    "sea-coast-no-fleet": "a sea bordering a coast province with no fleet link between them",
    "center-without-marker": "a supply centre without a centre marker inside it",
    "overlap": "two provinces' shapes overlap",
    "gap": "a thin gap between provinces that belongs to none",
    "sliver": "a tiny or hairline-thin part of a province",
    "home-not-center": "a home centre that is not a supply centre (or names no power)",
    "start-unit": "a start unit where its type can't stand (or of no power, or twice in a place)",
    "special": "a special border or line that does not fit the adjacency",
    "unexplained-link": "a link added by hand across no border that no special explains",
    "variant-data": "anything else the engine refuses in the variant's data",
}


@dataclass(frozen=True)
class Problem:
    code: str
    level: str  # "error" or "warning"
    message: str
    ids: tuple[str, ...] = ()
    bounds: tuple[float, float, float, float] | None = None  # where to zoom

    @property
    def where(self) -> tuple[float, float] | None:
        """The middle of the place to zoom to."""
        if self.bounds is None:
            return None
        x0, y0, x1, y1 = self.bounds
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def __str__(self) -> str:
        return f"{self.level}: {self.message}"


def _bounds(g: BaseGeometry | None, pad: float = 0.0) -> tuple[float, float, float, float] | None:
    if g is None or g.is_empty:
        return None
    x0, y0, x1, y1 = g.bounds
    return (x0 - pad, y0 - pad, x1 + pad, y1 + pad)


class MapChecker:
    """Runs every check on a map (a snapshot, or a document to take one of); geometric
    findings are kept per shape between runs."""

    def __init__(self) -> None:
        self._parts: dict[str, tuple[BaseGeometry, list[Problem]]] = {}
        self._gaps: dict[str, tuple[tuple[int, ...], list[Problem]]] = {}

    def run(self, doc: MapSnapshot | SupportsSnapshot, geometry: bool = True) -> list[Problem]:
        doc = as_snapshot(doc)
        out: list[Problem] = []
        out += self.links(doc)
        out += self.reach(doc)
        out += self.coasts(doc)
        out += self.markers(doc)
        out += self.setup(doc)
        out += self.specials(doc)
        if geometry:
            out += self.geometry(doc)
        out += self.variant_data(doc)
        order = {ERROR: 0, WARNING: 1}
        return sorted(out, key=lambda p: (order.get(p.level, 2), p.code, p.ids, p.message))

    # -- adjacency ---------------------------------------------------------------------------

    def _box(self, doc: MapSnapshot, ids: Iterable[str]) -> tuple[float, float, float, float] | None:
        shapes = [doc.shape(province_of(i)) for i in ids if doc.has_province(province_of(i))]
        shapes = [s for s in shapes if not s.is_empty]
        return _bounds(shapely.union_all(shapes), doc.span * 0.01) if shapes else None

    def links(self, doc: MapSnapshot) -> list[Problem]:
        out = []
        for unit, a, b in sorted(doc.links()):
            word = "army" if unit == "A" else "fleet"
            missing = []
            for loc in (a, b):
                prov, _, coast = loc.partition("/")
                if not doc.has_province(prov) or (coast and coast not in doc.province(prov).coasts):
                    missing.append(loc)
            if missing:
                out.append(Problem("orphan-link", ERROR,
                                   f"the {word} link {a}-{b} names {', '.join(missing)}, which the board does not have",
                                   (a, b), self._box(doc, (a, b))))
                continue
            bad = [loc for loc in (a, b) if not doc.can_stand(unit, loc)]
            if bad:
                loc = bad[0]
                why = (f"{loc} is {doc.province(province_of(loc)).kind}" if "/" in loc or not doc.province(loc).coasts
                       else f"{loc} has separate coasts: the link must name one")
                out.append(Problem("one-sided-link", ERROR,
                                   f"the {word} link {a}-{b} leads where {'an army' if unit == 'A' else 'a fleet'} "
                                   f"cannot stand ({why})", (a, b), self._box(doc, (a, b))))
        # pins across no border that no special explains
        explained = set()
        for sp in doc.specials:
            between = [province_of(str(x)) for x in sp.get("between") or ()]
            if sp.kind in ("difficult", "land_bridge") and len(between) == 2:
                units = ("A",) if sp.kind == "difficult" else tuple(sp.get("units") or ("A", "F"))
                for u in units:
                    explained.add((LINK_OF.get(str(u), str(u)), *sorted(between)))
            if sp.kind == "canal":
                for p in sp.get("provinces") or ():
                    for s in between:
                        explained.add(("F", *sorted((province_of(str(p)), s))))
        borders = doc.borders()
        for (unit, a, b), on in sorted(doc.overrides.items()):
            pa, pb = sorted((province_of(a), province_of(b)))
            if on and (pa, pb) not in borders and (unit, pa, pb) not in explained \
                    and doc.has_province(pa) and doc.has_province(pb) \
                    and not doc.shape(pa).is_empty and not doc.shape(pb).is_empty:
                word = "army" if unit == "A" else "fleet"
                out.append(Problem("unexplained-link", WARNING,
                                   f"the {word} link {a}-{b} was added by hand, but {pa} and {pb} do not border; "
                                   f"mark it a difficult border or a land bridge, or take it out",
                                   (a, b), self._box(doc, (a, b))))
        return out

    def reach(self, doc: MapSnapshot) -> list[Problem]:
        nodes = [p for p in doc.province_ids if doc.province(p).kind != "impassable"]
        if len(nodes) < 2:
            return []
        graph: dict[str, set[str]] = {p: set() for p in nodes}
        for _u, a, b in doc.links():
            pa, pb = province_of(a), province_of(b)
            if pa in graph and pb in graph:
                graph[pa].add(pb)
                graph[pb].add(pa)
        out = []
        alone = [p for p in nodes if not graph[p]]
        for p in alone:
            out.append(Problem("unreachable", ERROR, f"{p} ({doc.province(p).name}) has no neighbours: "
                               f"no unit can ever move in or out", (p,), self._box(doc, (p,))))
        seen: set[str] = set(alone)
        parts = []
        for p in nodes:
            if p in seen:
                continue
            comp, stack = set(), [p]
            while stack:
                q = stack.pop()
                if q in comp:
                    continue
                comp.add(q)
                stack.extend(graph[q] - comp)
            seen |= comp
            parts.append(comp)
        parts.sort(key=len, reverse=True)
        for comp in parts[1:]:
            ids = tuple(sorted(comp))
            out.append(Problem("unreachable", ERROR, f"{', '.join(ids)} {'is' if len(ids) == 1 else 'are'} cut off "
                               f"from the rest of the board", ids, self._box(doc, ids)))
        return out

    def coasts(self, doc: MapSnapshot) -> list[Problem]:
        out = []
        sea_links: dict[str, set[str]] = {}
        for _unit, a, b in doc.links("F"):
            for x, y in ((a, b), (b, a)):
                if doc.has_province(province_of(y)) and doc.province(province_of(y)).kind == "sea":
                    sea_links.setdefault(x, set()).add(province_of(y))
        for pid in doc.province_ids:
            r = doc.province(pid)
            if r.kind != "coast":
                continue
            if r.coasts:
                for loc in r.locations:
                    if not sea_links.get(loc):
                        out.append(Problem("coast-without-sea", ERROR,
                                           f"coast {loc} has no sea neighbour: draw or pick its sea side",
                                           (loc,), self._box(doc, (pid,))))
            elif not sea_links.get(pid):
                out.append(Problem("coast-without-sea", WARNING,
                                   f"{pid} ({r.name}) is a coast province but has no sea neighbour; "
                                   f"should it be land?", (pid,), self._box(doc, (pid,))))
        linked: set[tuple[str, str]] = set()
        for _u, a, b in doc.links("F"):
            linked.add((province_of(a), province_of(b)))
            linked.add((province_of(b), province_of(a)))
        for (a, b), _n in sorted(doc.borders().items()):
            if not (doc.has_province(a) and doc.has_province(b)):
                continue
            ka, kb = doc.province(a).kind, doc.province(b).kind
            if {ka, kb} != {"sea", "coast"}:
                continue
            if (a, b) not in linked:
                sea, coast = (a, b) if ka == "sea" else (b, a)
                out.append(Problem("sea-coast-no-fleet", WARNING,
                                   f"{sea} borders coast province {coast} but no fleet can pass between them",
                                   (sea, coast), _bounds(doc.shared_border(a, b), doc.span * 0.01)))
        return out

    def markers(self, doc: MapSnapshot) -> list[Problem]:
        out = []
        anchors = doc.anchors
        for pid in doc.province_ids:
            r = doc.province(pid)
            shape = doc.shape(pid)
            if not r.center or shape.is_empty:
                continue
            xy = anchors.get(f"center-{pid}")
            if xy is None:
                out.append(Problem("center-without-marker", WARNING,
                                   f"supply centre {pid} ({r.name}) has no centre marker", (pid,),
                                   self._box(doc, (pid,))))
            elif not shapely.contains_xy(shape, *xy):
                out.append(Problem("center-without-marker", WARNING,
                                   f"the centre marker of {pid} lies outside it", (pid,),
                                   (xy[0] - 10, xy[1] - 10, xy[0] + 10, xy[1] + 10)))
        return out

    # -- setup -------------------------------------------------------------------------------

    def setup(self, doc: MapSnapshot) -> list[Problem]:
        out = []
        powers = {p.name for p in doc.powers}
        for pid in doc.province_ids:
            r = doc.province(pid)
            if r.home is not None and not r.center:
                out.append(Problem("home-not-center", ERROR,
                                   f"{pid} ({r.name}) is a home centre of {r.home} but not a supply centre",
                                   (pid,), self._box(doc, (pid,))))
            elif r.home is not None and r.home not in powers:
                out.append(Problem("home-not-center", ERROR,
                                   f"{pid} is a home centre of {r.home!r}, which is no power",
                                   (pid,), self._box(doc, (pid,))))
        seen: dict[str, int] = {}
        for i, u in enumerate(doc.start_units):
            prov = province_of(u.at)
            ids = (u.at,)
            what = f"{u.power} {'choice unit' if u.choice else ('army' if u.type == 'A' else 'fleet')} in {u.at}"
            if u.power not in powers:
                msg = f"start unit {i + 1} ({what}) belongs to no power"
            elif not doc.has_province(prov) or ("/" in u.at and u.at.partition("/")[2] not in doc.province(prov).coasts):
                msg = f"start unit {i + 1} ({what}) stands in {u.at}, which the board does not have"
            elif u.type is not None and u.type not in ("A", "F"):
                msg = f"start unit {i + 1} ({what}) is of no known type {u.type!r}"
            elif u.type is not None and not doc.can_stand(u.type, u.at):
                msg = f"start unit {i + 1}: a {'army' if u.type == 'A' else 'fleet'} cannot stand in {u.at}"
            elif u.choice and not (doc.can_stand("A", prov) or any(doc.can_stand("F", loc)
                                                                     for loc in doc.province(prov).locations)):
                msg = f"start unit {i + 1}: no unit can stand in {u.at}"
            elif prov in seen:
                msg = f"start unit {i + 1} ({what}) shares {prov} with start unit {seen[prov] + 1}"
            else:
                seen[prov] = i
                continue
            out.append(Problem("start-unit", ERROR, msg, ids, self._box(doc, (prov,)) if doc.has_province(prov) else None))
        return out

    def specials(self, doc: MapSnapshot) -> list[Problem]:
        out = []
        for i, sp in enumerate(doc.specials):
            d = sp.to_json()
            between = [str(x) for x in d.get("between") or []]
            provs = [str(x) for x in d.get("provinces") or []]
            ids = tuple(between + provs)
            missing = [p for p in ids if not doc.has_province(province_of(p))]
            if missing:
                out.append(Problem("special", ERROR, f"{sp.kind} {i + 1} names {', '.join(missing)}, which the board "
                                   f"does not have", ids))
                continue
            if sp.kind == "difficult" and len(between) == 2 and not doc.adjacent("A", *between):
                out.append(Problem("special", WARNING, f"the difficult border {between[0]}-{between[1]} is no army "
                                   f"link: armies can't cross it", ids, self._box(doc, ids)))
            elif sp.kind == "land_bridge" and len(between) == 2:
                for u in d.get("units") or ("A", "F"):
                    a, b = between
                    u = LINK_OF.get(str(u), str(u))
                    if u == "F":
                        ok = any(doc.adjacent("F", x, y) for x in doc.province(a).locations
                                 for y in doc.province(b).locations)
                    else:
                        ok = doc.adjacent("A", a, b)
                    if not ok:
                        out.append(Problem("special", WARNING, f"the land bridge {a}-{b} is no "
                                           f"{'army' if u == 'A' else 'fleet'} link", ids, self._box(doc, ids)))
            elif sp.kind == "railroad":
                for a, b in zip(provs, provs[1:], strict=False):
                    if not doc.adjacent("A", a, b):
                        out.append(Problem("special", WARNING, f"railroad stop {a} does not border {b}",
                                           (a, b), self._box(doc, (a, b))))
            elif sp.kind == "canal":
                for p in provs:
                    for s in between:
                        if not doc.has_province(province_of(s)):
                            continue
                        if not any(doc.adjacent("F", loc, s) for loc in doc.province(province_of(p)).locations):
                            out.append(Problem("special", WARNING, f"canal {p} has no fleet link to {s}",
                                               (p, s), self._box(doc, (p, s))))
        return out

    def variant_data(self, doc: MapSnapshot) -> list[Problem]:
        """What else the engine refuses (the checks above cover homes, start units,
        adjacency and coasts, so those faults are not listed twice)."""
        try:
            Variant.from_data(doc.data, source=doc.variant_id)
        except VariantError as e:
            problems = e.problems
        else:
            return []
        covered = ("adjacency.", "start.units")
        out = []
        for text in problems:
            where = text.partition(":")[0]
            if where.startswith(covered) or where.endswith((".home", ".coasts")) or where.startswith("special["):
                continue
            ids: tuple[str, ...] = ()
            if where.startswith("provinces."):
                ids = (where.split(".")[1],)
            out.append(Problem("variant-data", ERROR, text, ids, self._box(doc, ids) if ids else None))
        return out

    # -- geometry ----------------------------------------------------------------------------

    def geometry(self, doc: MapSnapshot) -> list[Problem]:
        """Overlaps, gaps and slivers. A coverage check finds the edges that don't meet
        their neighbours' exactly; only around those is anything measured (most are the
        rounding noise of a saved map). Findings are kept per shape and its neighbours, so
        after an edit only the shapes around it are looked at again."""
        ids = [p for p in doc.province_ids if not doc.shape(p).is_empty]
        if not ids:
            return []
        shapes = [doc.shape(p) for p in ids]
        arr = np.array(shapes, dtype=object)
        w = doc.span * 5e-3  # gaps up to this wide are found; wider ones are background
        tree = STRtree(arr)
        x0, y0, x1, y1 = shapely.bounds(arr).T
        left, right = tree.query(shapely.box(x0 - w, y0 - w, x1 + w, y1 + w))
        keep = left < right
        near: dict[int, list[int]] = {}
        for i, j in zip(left[keep].tolist(), right[keep].tolist(), strict=True):
            near.setdefault(i, []).append(j)
            near.setdefault(j, []).append(i)
        stamps = [(id(shapes[i]), *(id(shapes[j]) for j in sorted(near.get(i, [])))) for i in range(len(ids))]
        todo = [i for i, pid in enumerate(ids) if self._gaps.get(pid, (None,))[0] != stamps[i]]
        invalid: dict[int, BaseGeometry | None] = {i: None for i in todo}
        if todo:
            group = sorted(set(todo).union(*(near.get(i, []) for i in todo)))
            edges = _coverage_invalid([shapes[k] for k in group], w)
            if edges is not None:
                where = {k: n for n, k in enumerate(group)}
                invalid = {i: edges[where[i]] for i in todo}
        decorations = [d.geometry for d in doc.decorations.values()
                       if d.geometry.area < 0.5 * doc.view_box[2] * doc.view_box[3]]
        deco = shapely.union_all(decorations) if decorations else Polygon()
        out: list[Problem] = []
        for i, pid in enumerate(ids):
            out += self._slivers(doc, pid, shapes[i])
            if i not in invalid:
                out += self._gaps[pid][1]
                continue
            e = invalid[i]
            if e is not None and e.is_empty:
                found: list[Problem] = []  # edge to edge with every neighbour
            else:
                others = [(ids[j], shapes[j]) for j in sorted(near.get(i, []))]
                found = self._measure(doc, pid, shapes[i], others, e, deco, w)
            self._gaps[pid] = (stamps[i], found)
            out += found
        live = set(ids)
        for cache in (self._gaps, self._parts):
            for k in [k for k in cache if k not in live]:
                del cache[k]
        # a gap between several provinces is found by each of them: report it once
        seen: set = set()
        unique = []
        for p in out:
            key = (p.code, tuple(round(v) for v in p.bounds)) if p.code == "gap" and p.bounds else id(p)
            if key not in seen:
                seen.add(key)
                unique.append(p)
        return unique

    def _slivers(self, doc: MapSnapshot, pid: str, shape: BaseGeometry) -> list[Problem]:
        hit = self._parts.get(pid)
        if hit is not None and hit[0] is shape:
            return hit[1]
        found = []
        small = doc.min_area / 4
        for part in polygons_of(shape):
            width = 2 * part.area / max(part.length, 1e-12)
            if part.area < small or width < 2 * doc.tiny:
                found.append(Problem("sliver", WARNING,
                                     f"{pid} has a {'thin' if width < 2 * doc.tiny else 'tiny'} part "
                                     f"({part.area:.0f} square units): a leftover of an edit?",
                                     (pid,), _bounds(part, doc.span * 0.01)))
        self._parts[pid] = (shape, found)
        return found

    def _measure(self, doc: MapSnapshot, pid: str, shape: BaseGeometry,
                 others: list[tuple[str, BaseGeometry]], edges: BaseGeometry | None,
                 deco: BaseGeometry, w: float) -> list[Problem]:
        found = []
        area_tol = max((4 * doc.tiny) ** 2, doc.grid ** 2)
        # overlaps, each pair once (from its first province)
        for oid, other in others:
            if oid < pid or not shape.intersects(other):
                continue
            inter = shapely.intersection(shape, other)
            parts = [p for p in polygons_of(inter) if p.area > area_tol]
            if parts:
                g = shapely.union_all(parts)
                found.append(Problem("overlap", ERROR, f"{pid} and {oid} overlap ({g.area:.0f} square units)",
                                     (pid, oid), _bounds(g, doc.span * 0.01)))
        # gaps: what no shape covers along the edges that don't meet a neighbour's
        region = shapely.buffer(edges, w) if edges is not None else shapely.buffer(shapely.boundary(shape), w)
        region = shapely.intersection(region, doc_frame(doc))
        if region.is_empty:
            return found
        x0, y0, x1, y1 = region.bounds
        local = [shapely.clip_by_rect(g, x0, y0, x1, y1) for g in (shape, *(o for _, o in others))]
        uncovered = shapely.difference(region, shapely.union_all(local))
        for part in polygons_of(uncovered):
            if part.area <= (2 * doc.tiny) ** 2:
                continue
            if 2 * part.area / max(part.length, 1e-12) <= doc.tiny / 2:
                continue  # rounding noise between shapes saved to one decimal
            rim = shapely.intersection(shapely.boundary(part), shapely.buffer(shapely.boundary(region), doc.tiny))
            if shapely.length(rim) > 0.5 * part.length:
                continue  # mostly cut out by the search band: open background, not a gap
            if not deco.is_empty and shapely.area(shapely.intersection(part, deco)) > 0.5 * part.area:
                continue  # background land (an island) shows through: meant to
            found.append(Problem("gap", WARNING,
                                 f"a gap of {part.area:.0f} square units next to {pid} belongs to no province",
                                 (pid,), _bounds(part, doc.span * 0.01)))
        return found


def doc_frame(doc: MapSnapshot) -> Polygon:
    x, y, w, h = doc.view_box
    return shapely.box(x, y, x + w, y + h)


def _coverage_invalid(group: list[BaseGeometry], w: float) -> Any:
    """Per shape, its edges that don't match a neighbour's (or face a gap narrower than
    ``w``); None where shapely lacks ``coverage_invalid_edges`` (then everything is measured)."""
    fn = getattr(shapely, "coverage_invalid_edges", None)
    if fn is None:  # shapely < 2.1 or GEOS < 3.12: measure everything
        return None
    try:
        return fn(np.array(group, dtype=object), gap_width=w)
    except Exception:  # noqa: BLE001 - a GEOS failure on odd input: fall back to measuring
        return None


def check_map(doc: MapSnapshot | SupportsSnapshot, geometry: bool = True) -> list[Problem]:
    """Every problem of the map, errors first."""
    return MapChecker().run(doc, geometry)


def playability(doc: MapSnapshot | SupportsSnapshot, problems: list[Problem] | None = None) -> tuple[bool, list[str]]:
    """Can a game be started on this variant? If not, the reasons (its errors)."""
    problems = check_map(doc) if problems is None else problems
    errors = [p.message for p in problems if p.level == ERROR]
    return (not errors, errors)
