"""Compare a board's geometry with its variant's adjacency.

Usage (from the repo root)::

    python -m tools.mapgen.check standard            # checks variants/standard/map.svg
    python -m tools.mapgen.check standard --svg other.svg

Two provinces count as neighbours on the map when they share more than ``border_tolerance``
svg units of border. The diff lists pairs the variant makes adjacent that the map does not
join (``missing``) and pairs the map joins that the variant keeps apart (``extra``).
Impassable provinces are left out: their borders are never crossings. Pairs in the board's
``[allow]`` table are reported apart with their reason. For two-coast provinces the seas
each coast's sub-area touches are compared with the variant's fleet adjacency. The lines of
the ``specials`` layer are compared with the variant's difficult borders.
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

    @property
    def clean(self) -> bool:
        return (
            not any(r == "" for *_, r in self.missing)
            and not any(r == "" for *_, r in self.extra)
            and not self.coast_problems
            and not self.special_problems
        )


def adjacency_diff(
    variant,
    provinces: dict,
    coasts: dict,
    allow: dict[str, str],
    tolerance: float,
    specials: set[tuple[str, str]] | None = None,
) -> Diff:
    """How the map differs from the variant. ``specials``: the pairs the map's specials layer
    draws as difficult borders (not compared when None)."""
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
        wanted = set(variant.difficult_pairs())
        for a, b in sorted(wanted - specials):
            special_problems.append(f"difficult border {a}-{b} is not drawn")
        for a, b in sorted(specials - wanted):
            special_problems.append(f"{a}-{b} is drawn as a difficult border but is none")
    return Diff(missing, extra, problems, special_problems)


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


def read_specials(path: str) -> set[tuple[str, str]]:
    """Pairs drawn as difficult borders in a map's ``specials`` layer."""
    root = ET.parse(path).getroot()
    out: set[tuple[str, str]] = set()
    for g in root:
        if g.tag == SVG_NS + "g" and g.get("id") == "specials":
            for el in g.iter():
                if el.get("data-kind") == "difficult" and el.get("data-between"):
                    a, b = sorted(el.get("data-between").split())
                    out.add((a, b))
    return out


def main(argv: list[str] | None = None) -> int:
    from .board import REPO, load_board

    ap = argparse.ArgumentParser(
        prog="python -m tools.mapgen.check", description=__doc__.split("\n")[0]
    )
    ap.add_argument("board", help="board id, e.g. standard")
    ap.add_argument("--svg", help="map to check (default variants/<variant>/map.svg)")
    args = ap.parse_args(argv)
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
