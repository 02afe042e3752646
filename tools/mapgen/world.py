"""The world board of early 1914 (Hypereconomic): our own 1914 data, and the facts read off it.

Other boards draw a variant that exists; this one makes its variant. ``world1914/`` says which
modern countries make each nation or territory (``nations.toml``), the 1914 borders modern
outlines lack (``cuts.toml``), and each province's and sea's seeds (``provinces.toml``,
``seas.toml``). From the geometry built of them the generator proposes each province's kind
(coast where it borders a sea) and the adjacency, by the rules ``check.py`` checks a map with;
``--freeze`` writes that proposal into ``variants/hypereconomic/`` (see ``freeze.py``), where it
is reviewed and kept, and every later run diffs the map against it as for the other boards.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import shapely

from .board import BOARDS, NEUTRAL, Board, Province, Variant, special_key
from .check import COAST_REACH, EPS, border_lengths

WORLD = Path(__file__).resolve().parent / "world1914"


@dataclass(frozen=True)
class Unit:
    """A nation, territory or impassable region of 1914, and the countries it is drawn from."""

    id: str
    name: str
    kind: str  # home | territory | impassable
    suzerain: str | None
    adjective: str
    color: str
    countries: tuple[str, ...]
    aliases: tuple[str, ...] = ()  # the usual names players write (Britain, Turkey)


@dataclass(frozen=True)
class WorldProvince:
    id: str
    name: str
    unit: str | None  # None for a sea
    seeds: tuple[tuple[float, float], ...]


@dataclass
class World:
    units: dict[str, Unit]
    provinces: dict[str, WorldProvince]  # land and impassable, in the data's order
    seas: dict[str, WorldProvince]
    cuts: dict  # cuts.toml: [[transfer]], [[bridge]], [[cut]]
    board: dict  # boards/hypereconomic.toml

    def unit_of(self, pid: str) -> Unit | None:
        p = self.provinces.get(pid)
        return self.units[p.unit] if p is not None and p.unit else None


def _read(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def load_world(board_id: str = "hypereconomic", data: Path = WORLD) -> World:
    board = _read(BOARDS / f"{board_id}.toml")
    nations = _read(data / "nations.toml")
    units: dict[str, Unit] = {}
    for kind in ("home", "territory", "impassable"):
        for uid, u in nations.get(kind, {}).items():
            if uid in units:
                raise ValueError(f"nations.toml: {uid} is listed twice")
            units[uid] = Unit(uid, u["name"], kind, u.get("of"), u.get("adjective", u["name"]),
                              u.get("color", ""), tuple(u.get("countries", ())), tuple(u.get("aliases", ())))
    for u in units.values():
        if u.kind == "territory" and (u.suzerain not in units or units[u.suzerain].kind != "home"):
            raise ValueError(f"nations.toml: territory {u.id} has no home nation {u.suzerain!r}")
    provinces: dict[str, WorldProvince] = {}
    for uid, table in _read(data / "provinces.toml").items():
        if uid not in units:
            raise ValueError(f"provinces.toml: [{uid}] is no nation of nations.toml")
        for pid, (name, *seeds) in table.items():
            if pid in provinces:
                raise ValueError(f"provinces.toml: {pid} is listed twice")
            provinces[pid] = WorldProvince(pid, name, uid, tuple(tuple(map(float, s)) for s in seeds))
    seas = {}
    for pid, (name, *seeds) in _read(data / "seas.toml")["seas"].items():
        if pid in provinces or pid in seas:
            raise ValueError(f"seas.toml: {pid} is also a land province or listed twice")
        seas[pid] = WorldProvince(pid, name, None, tuple(tuple(map(float, s)) for s in seeds))
    for u in units.values():
        if not any(p.unit == u.id for p in provinces.values()):
            raise ValueError(f"provinces.toml: {u.id} ({u.name}) has no province")
    return World(units, provinces, seas, _read(data / "cuts.toml"), board)


def draft_variant(world: World, path: Path) -> Variant:
    """The facts the geometry is built from: every province, land as ``land`` for now."""
    coasts: dict[str, list[str]] = {}
    for loc in world.board.get("coasts", {}):
        pid, c = loc.split("/")
        coasts.setdefault(pid, []).append(c)
    provs = {}
    for p in world.provinces.values():
        kind = "impassable" if world.units[p.unit].kind == "impassable" else "land"
        provs[p.id] = Province(p.id, p.name, kind, False, tuple(coasts.get(p.id, ())))
    for p in world.seas.values():
        provs[p.id] = Province(p.id, p.name, "sea", False, ())
    return Variant("hypereconomic", provs, frozenset(), frozenset(), path)


def world_board(world: World, variant: Variant) -> Board:
    b = world.board
    zones = {code: u.id for u in world.units.values() for code in u.countries}
    seeds = {p.id: list(p.seeds) for p in world.provinces.values()}
    sea_seeds = {p.id: list(p.seeds) for p in world.seas.values()}
    neutral = b.get("neutral", {})
    if neutral.get("sea"):
        sea_seeds[NEUTRAL] = [tuple(map(float, p)) for p in neutral["sea"]]
    return Board(
        id="hypereconomic",
        variant_id=variant.id,
        projection=b["projection"],
        frame_km=tuple(b["frame"]["km"]),
        width=float(b["frame"]["width"]),
        geometry=b.get("geometry", {}),
        zones=zones,
        bridges=world.cuts.get("bridge", []),
        cuts=world.cuts.get("cut", []),
        seeds=seeds,
        sea_seeds=sea_seeds,
        coast_seeds={k: [tuple(map(float, p)) for p in v] for k, v in b.get("coasts", {}).items()},
        allow={" ".join(sorted(k.split())): v for k, v in b.get("allow", {}).items()},
        special_lines={special_key(k): [tuple(map(float, p)) for p in v]
                       for k, v in b.get("specials", {}).items()},
        style=b.get("style", {}),
        window=tuple(b.get("window", (-180, -90, 180, 90))),
        transfers=world.cuts.get("transfer", []),
    )


@dataclass
class Proposal:
    """What the geometry says: each province's kind and every move, army and fleet."""

    kinds: dict[str, str]
    army: set[frozenset[str]]
    fleet: set[frozenset[str]]  # pairs of locations (``pana/nc wcar``)
    coast_seas: dict[str, list[str]]  # "pana/nc" -> the seas that coast touches
    candidates: list[str]  # single-coast provinces touching seas that do not meet

    def lines(self, key: str) -> list[str]:
        pairs = self.army if key == "army" else self.fleet
        return sorted(" ".join(sorted(p)) for p in pairs)


def propose(draft: Variant, provinces: dict, coasts: dict, tolerance: float,
            declared: dict[str, list[str]]) -> Proposal:
    """Kinds and adjacency from the shapes, by the rules the check applies: neighbours share
    more than ``tolerance`` of border; a land province bordering a sea is a coast; land
    neighbours are joined for armies, a sea and its neighbours for fleets, two coasts whose
    border reaches the sea for fleets. ``declared`` adds the straits (``{"army": ["a b"]}``)."""
    kinds0 = {p: v.kind for p, v in draft.provinces.items()}
    lengths = border_lengths(provinces)
    geo = {pr for pr, n in lengths.items() if n > tolerance
           and not any(kinds0[x] == "impassable" for x in pr)}
    seas = {p for p, k in kinds0.items() if k == "sea"}
    kinds = dict(kinds0)
    for pr in geo:
        if pr & seas:
            for x in pr - seas:
                kinds[x] = "coast"
    for p, v in draft.provinces.items():
        if v.coasts:
            kinds[p] = "coast"
    sea_geoms = [provinces[s] for s in sorted(seas)]
    sea_union = shapely.union_all(sea_geoms)
    shapely.prepare(sea_union)
    coast_parts = {}
    for loc, g in coasts.items():
        coast_parts.setdefault(loc.split("/")[0], []).append((loc, g))
    army, fleet = set(), set()
    for pr in geo:
        a, b = sorted(pr)
        if not pr & seas:
            army.add(pr)
            if kinds[a] == kinds[b] == "coast":
                shared = shapely.intersection(provinces[a].boundary, provinces[b].buffer(EPS))
                if shared.buffer(COAST_REACH).intersects(sea_union):
                    fleet |= _fleet_pairs(a, b, provinces, coast_parts, tolerance, sea_union)
        else:
            fleet |= _fleet_pairs(a, b, provinces, coast_parts, tolerance, sea_union)
    coast_seas = {}
    for parts in coast_parts.values():
        for loc, _ in parts:
            coast_seas[loc] = sorted(next(iter(pr - {loc})) for pr in fleet
                                     if loc in pr and next(iter(pr - {loc})) in seas)
    for key, target in (("army", army), ("fleet", fleet)):
        for line in declared.get(key, []):
            target.add(frozenset(line.split()))
    return Proposal(kinds, army, fleet, coast_seas, _candidates(geo, seas, kinds, provinces, draft))


def _fleet_pairs(a: str, b: str, provinces: dict, coast_parts: dict, tol: float, seas) -> set:
    """The fleet moves between a and b: between the coasts of a two-coast province whose part
    borders the other (along the sea), else between the provinces."""
    if a in coast_parts and b in coast_parts:  # coast to coast: the parts that meet along the sea
        out = set()
        for la, ga in coast_parts[a]:
            for lb, gb in coast_parts[b]:
                n = next(iter(border_lengths({la: ga, lb: gb}).values()), 0.0)
                shared = shapely.intersection(ga.boundary, gb.buffer(EPS))
                if n > tol and shared.buffer(COAST_REACH).intersects(seas):
                    out.add(frozenset((la, lb)))
        return out
    ends = []
    for x, other in ((a, b), (b, a)):
        if x not in coast_parts:
            ends.append([x])
            continue
        hits = []
        for loc, g in coast_parts[x]:
            lens = border_lengths({loc: g, other: provinces[other]})
            n = next(iter(lens.values()), 0.0)
            if n <= tol:
                continue
            shared = shapely.intersection(g.boundary, provinces[other].buffer(EPS))
            if other in provinces and (shared.buffer(COAST_REACH).intersects(seas)):
                hits.append(loc)
        ends.append(hits)
    return {frozenset((p, q)) for p in ends[0] for q in ends[1]}


def _candidates(geo, seas, kinds, provinces, draft) -> list[str]:
    """Single-coast provinces that touch two seas which do not meet: a fleet would pass
    between those seas through the province (DESIGN 5.3 lists them for review)."""
    touching: dict[str, set[str]] = {}
    for pr in geo:
        if len(pr & seas) == 1 and kinds[next(iter(pr - seas))] == "coast":
            touching.setdefault(next(iter(pr - seas)), set()).add(next(iter(pr & seas)))
    out = []
    for p, ss in sorted(touching.items()):
        if draft.provinces[p].coasts:
            continue
        ss = sorted(ss)
        apart = [(x, y) for i, x in enumerate(ss) for y in ss[i + 1:] if frozenset((x, y)) not in geo]
        if apart:
            out.append(f"{p}: " + ", ".join(f"{x}/{y}" for x, y in apart))
    return out


def sheet_boxes(world: World, projector) -> dict[str, dict]:
    """The regional sheets (``[sheets]`` of the board file, lon/lat boxes) in svg units."""
    import numpy as np

    out = {}
    for sid, s in world.board.get("sheets", {}).items():
        lon0, lat0, lon1, lat1 = s["lonlat"]
        lons = np.concatenate([np.linspace(lon0, lon1, 60), np.full(60, lon1),
                               np.linspace(lon1, lon0, 60), np.full(60, lon0)])
        lats = np.concatenate([np.full(60, lat0), np.linspace(lat0, lat1, 60),
                               np.full(60, lat1), np.linspace(lat1, lat0, 60)])
        x, y = projector.points(lons, lats)
        box = [max(0.0, float(x.min())), max(0.0, float(y.min())),
               min(projector.width, float(x.max())), min(projector.height, float(y.max()))]
        out[sid] = {"name": s["name"], "box": [round(v) for v in box]}
    return out
