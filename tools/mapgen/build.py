"""Build a board's province geometry: land and sea partitioned by province seeds.

All geometry here is in SVG units (x right, y down) once projected.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import MultiPoint, Point, Polygon, box

from .board import NEUTRAL, Board, Variant
from .geodata import load_countries
from .projection import make_projection

EPS = 0.05  # svg units: how near two boundaries must run to count as shared
DIGITS = 1  # the SVG holds each coordinate to this many decimals (svg.num)
GRID = 10.0**-DIGITS


@dataclass
class BoardGeometry:
    width: float
    height: float
    provinces: dict[str, object]  # province id -> (Multi)Polygon
    coasts: dict[str, object]  # "spa/nc" -> (Multi)Polygon
    neutral_land: object
    islands: object  # decoration land that is in no province
    seeds: dict[str, list[Point]]  # owner -> seed points (svg units), land and sea
    notes: list[str] = field(default_factory=list)
    coast_seas: dict[str, list[str]] = field(default_factory=dict)
    projector: object = None
    window: tuple[float, float, float, float] = (-180, -90, 180, 90)  # lon/lat box read


class Projector:
    """lon/lat -> svg units for one board."""

    def __init__(self, board: Board) -> None:
        self.proj = make_projection(board.projection)
        x0, y0, x1, y1 = board.frame_km
        self.x0, self.y1 = x0, y1
        self.scale = board.width / (x1 - x0)
        self.width = board.width
        self.height = round((y1 - y0) * self.scale, 1)

    def points(self, lon, lat):
        x, y = self.proj.forward(lon, lat)
        return (x - self.x0) * self.scale, (self.y1 - y) * self.scale

    def geom(self, g):
        def f(a):
            x, y = self.points(a[:, 0], a[:, 1])
            return np.column_stack([x, y])

        return shapely.transform(g, f)

    def point(self, lonlat) -> Point:
        x, y = self.points(lonlat[0], lonlat[1])
        return Point(float(x), float(y))

    def ring(self, lonlats, densify: float = 0.25) -> Polygon:
        """A lon/lat polygon, densified so its edges stay true under the projection."""
        poly = shapely.segmentize(Polygon(lonlats), densify)
        return self.geom(poly)


def polygons(g) -> list[Polygon]:
    """The polygon parts of any geometry, in a stable order."""
    parts = [p for p in shapely.get_parts(g) if p.geom_type == "Polygon" and not p.is_empty]
    extra = [
        q
        for p in shapely.get_parts(g)
        if p.geom_type in ("MultiPolygon", "GeometryCollection")
        for q in polygons(p)
    ]
    return parts + extra


def clean(g, min_area: float = 0.05):
    """Valid polygonal geometry without specks."""
    if g is None or g.is_empty:
        return shapely.MultiPolygon()
    g = shapely.make_valid(g)
    parts = [p for p in polygons(g) if p.area > min_area]
    if not parts:
        return shapely.MultiPolygon()
    return shapely.union_all(parts) if len(parts) > 1 else parts[0]


def shared_length(a, b_buffered) -> float:
    """Length of a's boundary that runs along b (given as b buffered by EPS)."""
    if not a.intersects(b_buffered):
        return 0.0
    return shapely.intersection(a.boundary, b_buffered).length


def _seeds_in(poly, seeds: list[tuple[str, Point]]) -> list[tuple[str, Point]]:
    shapely.prepare(poly)
    return [(o, p) for o, p in seeds if poly.contains(p)]


def voronoi_pieces(region, seeds: list[tuple[str, Point]]):
    """Split each part of ``region`` among the seeds inside it.

    Returns (owned, orphans): owner -> list of pieces, and the parts holding no seed.
    """
    owned: dict[str, list] = {}
    orphans = []
    for comp in polygons(region):
        inside = _seeds_in(comp, seeds)
        owners = {o for o, _ in inside}
        if not inside:
            orphans.append(comp)
            continue
        if len(owners) == 1:
            owned.setdefault(inside[0][0], []).append(comp)
            continue
        cells = shapely.voronoi_polygons(
            MultiPoint([p for _, p in inside]), extend_to=comp.envelope.buffer(50), ordered=True
        )
        for (owner, _), cell in zip(inside, shapely.get_parts(cells), strict=True):
            piece = clean(shapely.intersection(comp, cell), 0.0)
            if not piece.is_empty:
                owned.setdefault(owner, []).append(piece)
    return owned, orphans


def settle(
    owned: dict[str, list], orphans: list, seeds: list[tuple[str, Point]], fallback_nearest=False
):
    """Union each owner's pieces, cut off parts that hold none of its seeds and hand those
    (and the orphans) to the neighbour with the longest shared border.

    Returns (owner -> geometry, leftovers that touch no owner).
    """
    geoms = {o: clean(shapely.union_all(ps), 0.0) for o, ps in sorted(owned.items())}
    by_owner: dict[str, list[Point]] = {}
    for o, p in seeds:
        by_owner.setdefault(o, []).append(p)
    loose = list(orphans)
    for o in list(geoms):
        keep = []
        for part in polygons(geoms[o]):
            shapely.prepare(part)
            if any(part.contains(p) for p in by_owner.get(o, ())):
                keep.append(part)
            else:
                loose.append(part)
        geoms[o] = shapely.union_all(keep) if keep else shapely.MultiPolygon()
    loose.sort(key=lambda g: (-g.area, g.centroid.x, g.centroid.y))
    while loose:
        progress = False
        rest = []
        for piece in loose:
            buf = piece.buffer(EPS)
            best, best_len = None, 0.0
            for o, g in geoms.items():
                if g.is_empty or not g.intersects(buf):
                    continue
                length = shapely.intersection(g.boundary, buf).length
                if length > best_len + 1e-9:
                    best, best_len = o, length
            if best is None:
                rest.append(piece)
                continue
            geoms[best] = clean(shapely.union(geoms[best], piece), 0.0)
            progress = True
        loose = rest
        if not progress:
            break
    if loose and fallback_nearest:
        for piece in loose:
            best = min(
                (o for o in geoms if not geoms[o].is_empty), key=lambda o: geoms[o].distance(piece)
            )
            geoms[best] = shapely.union(geoms[best], piece)
        loose = []
    return geoms, loose


def tidy(provinces: dict, land_ids: set[str], islands, speck: float):
    """Remove specks: tiny detached parts, tiny holes, and islands lying in a land province.

    A part smaller than ``speck`` that is not a province's largest part is dropped (the hole it
    leaves in its neighbour is then filled); holes smaller than ``speck`` are filled; a land
    province's hole that holds only a decoration island takes the island in.
    """
    out = {}
    for pid, g in provinces.items():
        parts = polygons(g)
        biggest = max(parts, key=lambda p: p.area)
        out[pid] = [p for p in parts if p is biggest or p.area >= speck]
    island_parts = polygons(islands)
    island_tree = shapely.STRtree(island_parts) if island_parts else None
    taken: set[int] = set()
    for pid, parts in out.items():
        fixed = []
        for p in parts:
            holes = []
            for ring in p.interiors:
                hole = Polygon(ring)
                if hole.area < speck:
                    continue
                if pid in land_ids and island_tree is not None:
                    idx = [
                        i
                        for i in island_tree.query(hole, predicate="intersects")
                        if island_parts[i].intersection(hole).area > 0.98 * island_parts[i].area
                    ]
                    covered = sum(island_parts[i].area for i in idx)
                    if idx and covered > 0.98 * hole.area:
                        taken.update(int(i) for i in idx)
                        continue
                holes.append(ring)
            fixed.append(Polygon(p.exterior, holes))
        out[pid] = clean(shapely.union_all(fixed), 0.0)
    left = [p for i, p in enumerate(island_parts) if i not in taken]
    return out, (shapely.union_all(left) if left else shapely.MultiPolygon())


def _rounded(p: Polygon) -> Polygon:
    def ring(r):
        return [(round(x, DIGITS), round(y, DIGITS)) for x, y in r.coords]

    return Polygon(ring(p.exterior), [ring(r) for r in p.interiors])


def rounds_cleanly(g) -> bool:
    """Whether every part of ``g`` is still a valid polygon once its vertices are rounded as
    the SVG writes them (a channel narrower than the grid is not: it pinches shut)."""
    return all(_rounded(p).is_valid for p in polygons(g))


def as_read(g):
    """``g`` as it is read back from the SVG: its vertices rounded, then made valid."""
    return clean(shapely.union_all([shapely.make_valid(_rounded(p)) for p in polygons(g)]), 0.0)


def on_grid(provinces: dict, seeds: dict[str, list[Point]]) -> dict:
    """The provinces, with what rounding to the SVG's grid would cut off handed on.

    Rounding pinches shut a channel narrower than the grid: an inlet of a sea is cut off
    from the sea, and the land around it gets a hole where it was. Read back, that is a
    sliver of sea lying in a hole of the land, which the map editor (filling holes thinner
    than its tolerance) reads as two provinces overlapping. So each part of a province, as
    read back, that holds none of its seeds (and was no such part before) goes, as in
    :func:`settle`, to the neighbour with the longest shared border, and both are kept as
    they will be read. Every other province is left exactly as it was.
    """
    out = dict(provinces)
    read: dict[str, object] = {}
    loose = []
    for pid in sorted(p for p, g in provinces.items() if not rounds_cleanly(g)):
        mine = seeds.get(pid, ())
        was = [q for q in polygons(provinces[pid]) if not any(q.intersects(s) for s in mine)]
        read[pid] = as_read(provinces[pid])
        for q in polygons(read[pid]):
            spot = q.representative_point()
            if q.area > GRID**2 and not any(q.intersects(s) for s in mine) \
                    and not any(w.contains(spot) for w in was):
                loose.append((pid, q))
    loose.sort(key=lambda item: (-item[1].area, item[1].centroid.x, item[1].centroid.y))
    for origin, piece in loose:
        buf, near = piece.buffer(EPS), piece.buffer(GRID)
        best, best_len = None, 0.0
        for o in sorted(out):
            if o == origin or not out[o].intersects(near):
                continue
            if o not in read:
                read[o] = as_read(out[o])
            length = shapely.intersection(read[o].boundary, buf).length
            if length > best_len + 1e-9:
                best, best_len = o, length
        if best is None:
            continue
        read[origin] = out[origin] = clean(shapely.difference(read[origin], piece), 0.0)
        read[best] = out[best] = clean(shapely.union(read[best], piece), 0.0)
    return out


def wrapped(g, cut: float | None):
    """A lon/lat geometry split at the map's edge meridian, the part west of it moved 360°
    east, so that no polygon jumps across the map when projected."""
    if cut is None:
        return g
    east = shapely.intersection(g, box(cut, -90, 180, 90))
    west = shapely.intersection(g, box(-180, -90, cut, 90))
    if west.is_empty:
        return east
    west = shapely.transform(west, lambda a: a + np.array([360.0, 0.0]))
    return shapely.union(east, west) if not east.is_empty else west


def transfer(zones: dict, P: Projector, spec: dict) -> None:
    """Land inside a lon/lat ring changes zone: a border of 1914 that modern outlines lack."""
    ring = shapely.make_valid(P.ring(spec["ring"]))
    to = spec["to"]
    losers = spec.get("from") or [z for z in zones if z != to]
    taken = []
    for z in losers:
        if z in zones and z != to and zones[z].intersects(ring):
            taken.append(shapely.intersection(zones[z], ring))
            zones[z] = clean(shapely.difference(zones[z], ring), 0.0)
    if taken:
        zones[to] = clean(shapely.union_all([zones.get(to, shapely.MultiPolygon()), *taken]), 0.0)


def build(board: Board, variant: Variant, countries: dict | None = None) -> BoardGeometry:
    geo = board.geometry
    tol = float(geo.get("simplify", 0.6))
    min_island = float(geo.get("min_island_area", 12.0))
    fill_lake = float(geo.get("fill_lake_area", 300.0))
    P = Projector(board)
    notes: list[str] = []
    frame = box(0, 0, P.width, P.height)
    margin = frame.buffer(30, join_style="mitre")

    # Countries -> zones (groups of countries partitioned together), in svg units.
    lon0, lat0, lon1, lat1 = board.window
    if countries is None:
        countries = load_countries((lon0, lon1), (lat0, lat1))
    window = box(lon0, lat0, lon1, lat1)
    zone_parts: dict[str, list] = {}
    for code, g in sorted(countries.items()):
        g = wrapped(shapely.intersection(g, window), getattr(P.proj, "cut", None))
        if g.is_empty:
            continue
        g = clean(shapely.intersection(P.geom(shapely.segmentize(g, 0.5)), margin), 0.0)
        if not g.is_empty:
            zone_parts.setdefault(board.zones.get(code, code), []).append(g)
    zones = {z: clean(shapely.union_all(gs), 0.0) for z, gs in sorted(zone_parts.items())}

    # Straits closed (bridges, added to a zone) and opened (cuts) as the board needs.
    land_all = shapely.union_all(list(zones.values()))
    for br in board.bridges:
        zone = board.zones.get(br["country"], br["country"])
        add = shapely.difference(P.ring(br["ring"]), land_all)
        zones[zone] = clean(shapely.union(zones[zone], add), 0.0)
        land_all = shapely.union(land_all, add)
    for cut in board.cuts:
        hole = P.ring(cut["ring"])
        for z in zones:
            zones[z] = clean(shapely.difference(zones[z], hole), 0.0)
    for spec in board.transfers:
        transfer(zones, P, spec)

    # Simplify all borders together so shared borders stay shared.
    names = list(zones)
    simple = shapely.coverage_simplify(np.array([zones[z] for z in names], dtype=object), tol)
    zones = {
        z: clean(shapely.intersection(shapely.make_valid(g), frame), 0.0)
        for z, g in zip(names, simple, strict=True)
    }
    zones = {z: g for z, g in zones.items() if not g.is_empty}
    land = shapely.union_all(list(zones.values()))

    # Seeds in svg units; land seeds that fall just off the simplified coast move onto it.
    land_seeds: list[tuple[str, Point]] = []
    sea_seeds: list[tuple[str, Point]] = []
    bad: list[str] = []
    shapely.prepare(land)
    for owner, pts in sorted(board.seeds.items()):
        for ll in pts:
            p = P.point(ll)
            if not frame.contains(p):
                notes.append(f"seed {owner} {ll} is off the board: ignored")
                continue
            if not land.contains(p):
                near = shapely.ops.nearest_points(land, p)[0]
                if near.distance(p) > 6:
                    bad.append(f"land seed {owner} {ll} is {near.distance(p):.1f} units off land")
                    continue
                p = shapely.intersection(land, near.buffer(1.5)).representative_point()
            land_seeds.append((owner, p))
    for owner, pts in sorted(board.sea_seeds.items()):
        for ll in pts:
            p = P.point(ll)
            if not frame.contains(p):
                notes.append(f"seed {owner} {ll} is off the board: ignored")
                continue
            if land.contains(p):
                bad.append(f"sea seed {owner} {ll} is on land")
                continue
            sea_seeds.append((owner, p))
    if bad:
        raise ValueError("bad seeds:\n  " + "\n  ".join(bad))

    # Land masses with no seed: drop the small ones, keep the rest as decoration.
    islands, unseeded = [], []
    for mass in polygons(land):
        if not _seeds_in(mass, land_seeds):
            unseeded.append(mass)
            if mass.area >= min_island:
                islands.append(mass)
    if unseeded:
        gone = shapely.union_all(unseeded)
        shapely.prepare(gone)
        for z in zones:
            if zones[z].intersects(gone):
                zones[z] = clean(shapely.difference(zones[z], gone), 0.0)
    islands = shapely.union_all(islands) if islands else shapely.MultiPolygon()
    land = shapely.union_all(list(zones.values()))
    notes.append(f"{len(polygons(islands))} decoration islands")

    # Sea; enclosed pockets with no seed become land (small) or background (large). A world
    # projection's sea ends at the outline of the globe (the frame's corners are background).
    water = frame
    cut = getattr(P.proj, "cut", None)
    if cut is not None:
        edge = [(cut, -90.0), (cut + 360.0, -90.0), (cut + 360.0, 90.0), (cut, 90.0)]
        water = clean(shapely.intersection(frame, P.ring(edge)), 0.0)
    sea = clean(shapely.difference(shapely.difference(water, land), islands), 0.0)
    lakes, open_sea, neutral_sea = [], [], []
    for comp in polygons(sea):
        if _seeds_in(comp, sea_seeds):
            open_sea.append(comp)
        elif comp.area < fill_lake:
            lakes.append(comp)
        else:
            neutral_sea.append(comp)
    sea = shapely.union_all(open_sea)

    # Land: Voronoi per zone part, then settle cut-off parts, unseeded zones and lakes.
    owned: dict[str, list] = {}
    orphans = list(lakes)
    for g in zones.values():
        o, orph = voronoi_pieces(g, land_seeds)
        for k, v in o.items():
            owned.setdefault(k, []).extend(v)
        orphans.extend(orph)
    land_geoms, left = settle(owned, orphans, land_seeds)
    # Unseeded parts of a zone that touch no province (Bornholm, Aland...) are decoration.
    if left:
        islands = clean(shapely.union_all([islands, *[p for p in left if p.area >= min_island]]))
    sea_owned, sea_orphans = voronoi_pieces(sea, sea_seeds)
    sea_geoms, left = settle(sea_owned, sea_orphans, sea_seeds)
    neutral_sea.extend(left)

    provinces = {}
    for pid in variant.provinces:
        g = land_geoms.get(pid, sea_geoms.get(pid))
        if g is None or g.is_empty:
            raise ValueError(f"province {pid} came out empty")
        provinces[pid] = clean(g)
    land_ids = {p for p, v in variant.provinces.items() if v.kind != "sea"}
    provinces, islands = tidy(provinces, land_ids, islands, float(geo.get("speck_area", 2.0)))
    seeds: dict[str, list[Point]] = {}
    for o, p in land_seeds + sea_seeds:
        seeds.setdefault(o, []).append(p)
    provinces = on_grid(provinces, seeds)
    neutral_land = land_geoms.get(NEUTRAL, shapely.MultiPolygon())

    # Coasts of two-coast provinces: split the province among its coasts' seeds.
    coasts = {}
    for pid, prov in variant.provinces.items():
        if not prov.coasts:
            continue
        cs = []
        for c in prov.coasts:
            for ll in board.coast_seeds[f"{pid}/{c}"]:
                p = P.point(ll)
                if not provinces[pid].contains(p):
                    near = shapely.ops.nearest_points(provinces[pid], p)[0]
                    if near.distance(p) > 6:
                        raise ValueError(f"coast seed {pid}/{c} {ll} is not inside {pid}")
                    p = shapely.intersection(
                        provinces[pid], near.buffer(1.5)
                    ).representative_point()
                cs.append((f"{pid}/{c}", p))
        o, orph = voronoi_pieces(provinces[pid], cs)
        parts, _ = settle(o, orph, cs, fallback_nearest=True)
        coasts.update({k: clean(v) for k, v in parts.items()})

    return BoardGeometry(
        width=P.width,
        height=P.height,
        provinces=provinces,
        coasts=coasts,
        neutral_land=clean(shapely.union(neutral_land, shapely.MultiPolygon())),
        islands=islands,
        seeds=seeds,
        notes=notes,
        projector=P,
        window=tuple(board.window),
    )
