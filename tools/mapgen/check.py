"""Compare a board's geometry with its variant's adjacency.

Usage (from the repo root)::

    python -m tools.mapgen.check standard            # checks variants/standard/map.svg
    python -m tools.mapgen.check standard --svg other.svg

Two provinces count as neighbours on the map when they share more than ``border_tolerance``
svg units of border. The diff lists pairs the variant makes adjacent that the map does not
join (``missing``) and pairs the map joins that the variant keeps apart (``extra``).
Impassable provinces are left out: their borders are never crossings. Pairs in the board's
``[allow]`` table are reported apart with their reason. For two-coast provinces the seas
each coast's sub-area touches are compared with the variant's fleet adjacency. Where two
provinces are neighbours on both, the kind of border is checked against the kind of move:
land or coast provinces sharing a border need an army move; a sea and its neighbours, and
two coast provinces whose border reaches the sea, a fleet move. The lines of the
``specials`` layer are compared with the variant's difficult borders, land bridges, canals
and railroads.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from xml.etree import ElementTree as ET

import shapely
from shapely.geometry import Polygon
from shapely.strtree import STRtree

EPS = 0.05
COAST_REACH = 1.0  # svg units: a land border ending this near a sea runs along the coast
SVG_NS = "{http://www.w3.org/2000/svg}"


def border_lengths(geoms: dict[str, object], eps: float = EPS) -> dict[frozenset[str], float]:
    """Shared border length of every pair of touching geometries."""
    ids = sorted(geoms)
    bufs = [geoms[i].buffer(eps) for i in ids]
    tree = STRtree(bufs)
    out: dict[frozenset[str], float] = {}
    for ia in ids:
        for b in tree.query(geoms[ia], predicate="intersects"):
            ib = ids[b]
            if ib <= ia:
                continue
            length = shapely.intersection(geoms[ia].boundary, bufs[b]).length
            if length > 0:
                out[frozenset((ia, ib))] = length
    return out


@dataclass
class Diff:
    missing: list[tuple[str, str, str]]  # (a, b, allow reason or "")
    extra: list[tuple[str, str, float, str]]
    coast_problems: list[str]
    special_problems: list[str] = field(default_factory=list)
    type_problems: list[tuple[str, str]] = field(default_factory=list)  # (text, allow reason)

    @property
    def clean(self) -> bool:
        return (
            not any(r == "" for *_, r in self.missing)
            and not any(r == "" for *_, r in self.extra)
            and not self.coast_problems
            and not self.special_problems
            and not any(r == "" for _, r in self.type_problems)
        )


def adjacency_diff(
    variant,
    provinces: dict,
    coasts: dict,
    allow: dict[str, str],
    tolerance: float,
    specials: list[tuple[str, tuple[str, ...], tuple[str, ...], object]] | None = None,
) -> Diff:
    """How the map differs from the variant. ``specials``: the lines of the map's specials
    layer as ``(kind, between, provinces, line)`` (see :func:`read_specials`; not compared
    when None)."""
    kinds = {p: v.kind for p, v in variant.provinces.items()}
    lengths = border_lengths(provinces)
    geo = {pair for pair, length in lengths.items() if length > tolerance}
    want = variant.adjacent_pairs()
    skip = {p for p, k in kinds.items() if k == "impassable"}

    def key(pair):
        return " ".join(sorted(pair))

    missing = sorted((*sorted(pr), allow.get(key(pr), "")) for pr in want - geo if not pr & skip)
    extra = sorted(
        (*sorted(pr), round(lengths[pr], 1), allow.get(key(pr), ""))
        for pr in geo - want
        if not pr & skip
    )

    problems = []
    if coasts:
        everything = dict(provinces)
        for loc, g in coasts.items():
            pid = loc.split("/")[0]
            others = {k: v for k, v in everything.items() if k != pid}
            others[loc] = g
            lens = border_lengths(others)
            touched = {
                next(iter(pr - {loc})) for pr, ln in lens.items() if loc in pr and ln > tolerance
            }
            fleet = {next(iter(pr - {loc})).split("/")[0] for pr in variant.fleet if loc in pr}
            seas_touched = {p for p in touched if kinds.get(p) == "sea"}
            seas_wanted = {p for p in fleet if kinds.get(p) == "sea"}
            for s in sorted(seas_wanted - seas_touched):
                problems.append(f"{loc} should touch {s}")
            for s in sorted(seas_touched - seas_wanted):
                problems.append(f"{loc} touches {s} but has no fleet move there")
            for s in sorted({p for p in fleet if kinds.get(p) != "sea"} - touched):
                problems.append(f"{loc} should border coastal {s} (fleet move along the coast)")
    special_problems = []
    if specials is not None:
        special_problems = _special_problems(variant, provinces, specials)
    both = {pr for pr in geo & want if not pr & skip}
    types = _type_problems(variant, provinces, both, allow)
    return Diff(missing, extra, problems, special_problems, types)


def _type_problems(variant, provinces: dict, pairs: set, allow: dict[str, str]):
    """Army and fleet moves against the kind of border, for pairs that are neighbours on the
    map and in the variant: two land or coast provinces sharing a border are joined for
    armies; a sea and anything it borders, and two coast provinces whose border reaches the
    sea, for fleets."""
    kinds = {p: v.kind for p, v in variant.provinces.items()}
    seas = [g for p, g in provinces.items() if kinds.get(p) == "sea"]
    fleet_var = {frozenset(loc.split("/")[0] for loc in pr) for pr in variant.fleet}
    out = []
    for pr in sorted(pairs, key=sorted):
        a, b = sorted(pr)
        why = allow.get(f"{a} {b}", "")
        land = kinds[a] != "sea" and kinds[b] != "sea"
        if land and pr not in variant.army:
            out.append((f"army    {a}-{b}: a land border, but the variant has no army move", why))
        if not land and pr in variant.army:
            out.append((f"army    {a}-{b}: an army move, but one of them is a sea", why))
        if land and kinds[a] == kinds[b] == "coast":
            shared = shapely.intersection(provinces[a].boundary, provinces[b].buffer(EPS))
            near = shared.buffer(COAST_REACH)
            fleet = any(near.intersects(g) for g in seas)
        else:
            fleet = not land
        if fleet and pr not in fleet_var:
            text = f"fleet   {a}-{b}: a border at sea or on the coast, but no fleet move"
            out.append((text, why))
        if not fleet and pr in fleet_var:
            text = f"fleet   {a}-{b}: a fleet move, but their border does not reach the sea"
            out.append((text, why))
    return out


_SPECIAL_NAMES = {
    "difficult": "difficult border",
    "land_bridge": "land bridge",
    "canal": "canal",
    "railroad": "railroad",
}


def _special_name(kind: str, between: tuple[str, ...], provinces: tuple[str, ...]) -> str:
    name = _SPECIAL_NAMES.get(kind, kind)
    if kind == "canal":
        return f"{name} {' '.join(provinces)} ({'-'.join(between)})"
    if kind == "railroad":
        return f"{name} {'-'.join(provinces)}"
    return f"{name} {'-'.join(between)}"


def _special_problems(variant, provinces: dict, specials) -> list[str]:
    """The specials layer against the variant's specials: each drawn once, through its
    provinces (a pair's line meets both, a canal's its province and both seas, a railroad's
    every province of the line)."""
    from .specials import wanted

    want = {(k, b, p) for k, b, p in wanted(variant)}
    drawn: dict[tuple, list] = {}
    for kind, between, provs, line in specials:
        drawn.setdefault((kind, between, provs), []).append(line)
    out = []
    for key in sorted(want - set(drawn)):
        out.append(f"{_special_name(*key)} is not drawn")
    for kind, between, provs in sorted(set(drawn) - want):
        if kind == "difficult" and len(between) == 2:
            out.append(f"{between[0]}-{between[1]} is drawn as a difficult border but is none")
        else:
            out.append(f"{_special_name(kind, between, provs)} is drawn but is no special")
    for key in sorted(want & set(drawn)):
        lines = drawn[key]
        if len(lines) > 1:
            out.append(f"{_special_name(*key)} is drawn {len(lines)} times")
        through = set(key[1]) | set(key[2])
        for pid in sorted(through):
            g = provinces.get(pid)
            if g is not None and not any(line is not None and line.intersects(g) for line in lines):
                out.append(f"{_special_name(*key)}: its line does not reach {pid}")
    return out


def format_diff(diff: Diff) -> str:
    lines = []
    for a, b, why in diff.missing:
        lines.append(f"  missing {a}-{b}" + (f"   [allowed: {why}]" if why else ""))
    for a, b, length, why in diff.extra:
        lines.append(
            f"  extra   {a}-{b} (border {length})" + (f"   [allowed: {why}]" if why else "")
        )
    for p in diff.coast_problems:
        lines.append(f"  coast   {p}")
    for p in diff.special_problems:
        lines.append(f"  special {p}")
    for p, why in diff.type_problems:
        lines.append(f"  {p}" + (f"   [allowed: {why}]" if why else ""))
    if not lines:
        lines.append("  no differences")
    return "\n".join(lines)


# --- reading our own SVG format -------------------------------------------------------------

_TOKEN = re.compile(r"[MLHVZmlhvz]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def path_rings(d: str) -> list[list[tuple[float, float]]]:
    """Rings of an SVG path made of straight segments (M, L, H, V, Z; absolute or relative)."""
    rings: list[list[tuple[float, float]]] = []
    ring: list[tuple[float, float]] = []
    cmd, x, y = "M", 0.0, 0.0
    tokens = _TOKEN.findall(d)
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd in "Zz":
                if ring:
                    rings.append(ring)
                    x, y = ring[0]
                ring = []
            continue
        if cmd in "Hh":
            x = float(t) + (x if cmd == "h" else 0)
            i += 1
        elif cmd in "Vv":
            y = float(t) + (y if cmd == "v" else 0)
            i += 1
        else:
            dx, dy = float(t), float(tokens[i + 1])
            i += 2
            if cmd.islower():
                x, y = x + dx, y + dy
            else:
                x, y = dx, dy
            if cmd in "Mm":
                if ring:
                    rings.append(ring)
                ring = []
                cmd = "l" if cmd == "m" else "L"
        ring.append((x, y))
    if ring:
        rings.append(ring)
    return rings


def path_geometry(d: str):
    """Even-odd filled area of a straight-segment path."""
    g = shapely.MultiPolygon()
    for ring in path_rings(d):
        if len(ring) >= 3:
            g = shapely.symmetric_difference(g, shapely.make_valid(Polygon(ring)))
    return shapely.make_valid(g)


def element_geometry(el):
    if el.tag == SVG_NS + "path":
        return path_geometry(el.get("d", ""))
    parts = [element_geometry(c) for c in el]
    return shapely.union_all(parts) if parts else shapely.MultiPolygon()


def read_svg(path: str) -> tuple[dict, dict]:
    """Province and coast geometries of a diplodesk map SVG."""
    root = ET.parse(path).getroot()
    groups = {g.get("id"): g for g in root if g.tag == SVG_NS + "g"}
    provinces = {el.get("id"): element_geometry(el) for el in groups["provinces"]}
    coasts = {el.get("id"): element_geometry(el) for el in groups.get("coasts", [])}
    return provinces, coasts


def _element_line(el):
    """The line drawn by a ``<line>`` or ``<polyline>`` (None for other elements)."""
    if el.tag == SVG_NS + "line":
        pts = [(float(el.get("x1", 0)), float(el.get("y1", 0)))]
        pts.append((float(el.get("x2", 0)), float(el.get("y2", 0))))
    elif el.tag == SVG_NS + "polyline":
        nums = [float(v) for v in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", el.get("points", ""))]
        pts = list(zip(nums[0::2], nums[1::2], strict=False))
    else:
        return None
    return shapely.LineString(pts) if len(pts) >= 2 else None


def read_specials(path: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...], object]]:
    """The lines of a map's ``specials`` layer: ``(kind, between, provinces, line)``, with
    ``between`` sorted and ``provinces`` in the order given (a railroad's line order)."""
    root = ET.parse(path).getroot()
    out = []
    for g in root:
        if g.tag == SVG_NS + "g" and g.get("id") == "specials":
            for el in g.iter():
                kind = el.get("data-kind")
                if not kind:
                    continue
                between = tuple(sorted((el.get("data-between") or "").split()))
                provinces = tuple((el.get("data-provinces") or "").split())
                out.append((kind, between, provinces, _element_line(el)))
    return out


def main(argv: list[str] | None = None) -> int:
    from .board import REPO, load_board

    ap = argparse.ArgumentParser(
        prog="python -m tools.mapgen.check", description=__doc__.split("\n")[0]
    )
    ap.add_argument("board", help="board id, e.g. standard")
    ap.add_argument("--svg", help="map to check (default variants/<variant>/map.svg)")
    args = ap.parse_args(argv)
    if args.board == "hypereconomic":  # the world board's seeds are in world1914/ (world.py)
        from .board import load_variant
        from .world import load_world, world_board

        variant = load_variant("hypereconomic")
        board = world_board(load_world(), variant)
    else:
        board, variant = load_board(args.board)
    svg = args.svg or str(REPO / "variants" / board.variant_id / "map.svg")
    provinces, coasts = read_svg(svg)
    missing = sorted(set(variant.provinces) - set(provinces))
    if missing:
        print(f"provinces missing from the map: {' '.join(missing)}")
    tol = float(board.geometry.get("border_tolerance", 2.0))
    diff = adjacency_diff(variant, provinces, coasts, board.allow, tol, read_specials(svg))
    print(f"{svg}: geometry vs {variant.path.relative_to(REPO)} adjacency (border > {tol} units)")
    print(format_diff(diff))
    return 0 if diff.clean and not missing else 1


if __name__ == "__main__":
    sys.exit(main())
