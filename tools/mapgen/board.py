"""Per-board input (``boards/<id>.toml``) and the variant it draws (``variants/<id>/variant.toml``)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BOARDS = Path(__file__).resolve().parent / "boards"

NEUTRAL = "_"  # owner of land or sea that is no province (drawn as background)


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    kind: str  # land | coast | sea | impassable
    center: bool
    coasts: tuple[str, ...]


@dataclass(frozen=True)
class Variant:
    """The facts of a variant that the map must agree with."""

    id: str
    provinces: dict[str, Province]
    army: frozenset[frozenset[str]]  # province-level pairs
    fleet: frozenset[frozenset[str]]  # pairs of locations (``spa/nc``) as written
    path: Path
    specials: tuple[dict, ...] = ()  # the variant's [[special]] tables, as written

    def adjacent_pairs(self) -> set[frozenset[str]]:
        """Province-level adjacency: army or fleet."""
        out = set(self.army)
        out |= {frozenset(loc.split("/")[0] for loc in pair) for pair in self.fleet}
        return out


def load_variant(variant_id: str, repo: Path = REPO) -> Variant:
    path = repo / "variants" / variant_id / "variant.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    provinces = {
        pid: Province(
            id=pid,
            name=p.get("name", pid),
            kind=p["kind"],
            center=bool(p.get("center", False)),
            coasts=tuple(p.get("coasts", ())),
        )
        for pid, p in data["provinces"].items()
    }
    adj = data.get("adjacency", {})

    def pairs(key: str) -> frozenset[frozenset[str]]:
        return frozenset(frozenset(s.split()) for s in adj.get(key, ()))

    specials = tuple(data.get("special", ()))
    return Variant(variant_id, provinces, pairs("army"), pairs("fleet"), path, specials)


@dataclass
class Board:
    """Everything the generator needs to draw one board (see boards/standard.toml)."""

    id: str
    variant_id: str
    projection: dict
    frame_km: tuple[float, float, float, float]
    width: float
    geometry: dict
    zones: dict[str, str]  # country code -> zone name
    bridges: list[dict]
    cuts: list[dict]
    seeds: dict[str, list[tuple[float, float]]]  # province id or NEUTRAL -> lon/lat points
    sea_seeds: dict[str, list[tuple[float, float]]]
    coast_seeds: dict[str, list[tuple[float, float]]]  # "spa/nc" -> points
    allow: dict[str, str]  # "a b" -> reason
    # [specials]: lines of the specials layer, keyed as specials.special_lines() says
    special_lines: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    style: dict = field(default_factory=dict)
    labels: dict = field(default_factory=dict)
    window: tuple[float, float, float, float] = (-180, -90, 180, 90)
    # [[transfer]]: land inside a lon/lat ring moved to zone ``to`` (borders modern outlines lack)
    transfers: list[dict] = field(default_factory=list)


def special_key(key: str) -> str:
    """A ``[specials]`` key: a pair sorted; a canal province or a railroad's line as written."""
    ids = key.split()
    return " ".join(sorted(ids) if len(ids) == 2 else ids)


def load_board(board_id: str, variant: Variant | None = None) -> tuple[Board, Variant]:
    path = BOARDS / f"{board_id}.toml"
    if not path.is_file():
        raise FileNotFoundError(f"no board file {path}")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    variant = variant or load_variant(data.get("variant", board_id))
    zones: dict[str, str] = {}
    for zone, codes in data.get("zones", {}).items():
        for code in codes:
            zones[code] = zone
    seeds: dict[str, list] = {}
    sea_seeds: dict[str, list] = {}
    for pid, pts in data.get("seeds", {}).items():
        if pid not in variant.provinces:
            raise ValueError(f"{path.name}: seeds for unknown province {pid!r}")
        target = sea_seeds if variant.provinces[pid].kind == "sea" else seeds
        target[pid] = [tuple(map(float, p)) for p in pts]
    neutral = data.get("neutral", {})
    if neutral.get("land"):
        seeds[NEUTRAL] = [tuple(map(float, p)) for p in neutral["land"]]
    if neutral.get("sea"):
        sea_seeds[NEUTRAL] = [tuple(map(float, p)) for p in neutral["sea"]]
    missing = [p for p in variant.provinces if p not in seeds and p not in sea_seeds]
    if missing:
        raise ValueError(f"{path.name}: no seeds for {', '.join(missing)}")
    coast_seeds = {k: [tuple(map(float, p)) for p in v] for k, v in data.get("coasts", {}).items()}
    for pid, prov in variant.provinces.items():
        for c in prov.coasts:
            if f"{pid}/{c}" not in coast_seeds:
                raise ValueError(f"{path.name}: no [coasts] seeds for {pid}/{c}")
    frame = data["frame"]
    return (
        Board(
            id=board_id,
            variant_id=variant.id,
            projection=data["projection"],
            frame_km=tuple(frame["km"]),
            width=float(frame["width"]),
            geometry=data.get("geometry", {}),
            zones=zones,
            bridges=data.get("bridge", []),
            cuts=data.get("cut", []),
            seeds=seeds,
            sea_seeds=sea_seeds,
            coast_seeds=coast_seeds,
            allow={" ".join(sorted(k.split())): v for k, v in data.get("allow", {}).items()},
            special_lines={
                special_key(k): [tuple(map(float, p)) for p in v]
                for k, v in data.get("specials", {}).items()
            },
            style=data.get("style", {}),
            labels=data.get("labels", {}),
            window=tuple(data.get("window", (-180, -90, 180, 90))),
            transfers=data.get("transfer", []),
        ),
        variant,
    )
