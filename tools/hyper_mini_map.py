"""Draw examples/hyper-mini/map.svg: the Hypereconomic test board as a schematic map.

Usage (from the repo root)::

    python -m tools.hyper_mini_map            # writes examples/hyper-mini/map.svg and checks it

The board is laid out on a grid of cells (``GRID`` below, one letter a province); each
province is the union of its cells. Every border between two owners is one chain of cell
edges from junction to junction, rounded by Chaikin's corner cutting once for both sides,
so neighbours keep sharing exactly the same points and the geometric adjacency stays the
grid's. The drawing is then checked against the variant's adjacency with
``tools.mapgen.check`` (borders, kinds of border, the two coasts of Andalusia, canals).
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.ops import nearest_points, polylabel

REPO = Path(__file__).resolve().parents[1]
BOARD = REPO / "examples" / "hyper-mini"
CELL = 110.0
ROUNDS = 3  # Chaikin iterations

# One letter a cell; "." is land that is no province (drawn as background).
GRID = """
AAAAAARRPPPPPSSS..
AAARRRRRPPPPPSSS..
AAARRRRRQPPPPSSS..
AAAABBBBQQGGGGSI..
AAAABBBBQQGGGGII..
AAAABBBBNNNGGGIIO.
AAAA.NNNNNNGGLIIOO
AAAA.CCCCCXXLLLLTO
AAAA.CCCCCXXLLLLTE
AAADDDDDDDWWWWWTTE
AAADDDDDDDWWWWWTTE
AAAAAAWWWWWWWWWTTJ
AMMMMMMMWWWWWWWTJJ
"""

LETTERS = {
    "A": "atla", "B": "bisc", "R": "bret", "P": "pari", "Q": "acqu", "G": "gaso", "N": "nava",
    "C": "cast", "D": "anda", "M": "moro", "I": "piem", "O": "roma", "E": "napl", "S": "swit",
    "X": "nepa", "L": "lyon", "W": "wmed", "T": "tyrs", "J": "ionn", ".": "_",
}
COAST_SPLIT = {"anda": ("wc", "ec", 6)}  # west coast: the cells left of column 6
FILL = {"land": "#efe4c8", "coast": "#efe4c8", "sea": "#b9d4e6", "impassable": "#c9c1b0"}
OUTSIDE = "#"


def read_grid() -> list[str]:
    rows = [r for r in GRID.strip().splitlines()]
    assert len({len(r) for r in rows}) == 1, "grid rows differ in length"
    return rows


def owner(rows: list[str], r: int, c: int) -> str:
    if 0 <= r < len(rows) and 0 <= c < len(rows[0]):
        return LETTERS[rows[r][c]]
    return OUTSIDE


def corner_owners(rows, x: int, y: int) -> set[str]:
    """Owners of the four cells around grid point (x, y)."""
    return {owner(rows, y - 1, x - 1), owner(rows, y - 1, x), owner(rows, y, x - 1), owner(rows, y, x)}


def rings_of(rows, pid: str) -> list[list[tuple[int, int]]]:
    """The boundary rings of a province's cells, as grid points (counter-clockwise in y-down)."""
    edges: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(len(rows)):
        for c in range(len(rows[0])):
            if owner(rows, r, c) != pid:
                continue
            # edges with the province on their left when walking (y down: clockwise on screen)
            if owner(rows, r - 1, c) != pid:
                edges[(c + 1, r)] = (c, r)
            if owner(rows, r + 1, c) != pid:
                edges[(c, r + 1)] = (c + 1, r + 1)
            if owner(rows, r, c - 1) != pid:
                edges[(c, r)] = (c, r + 1)
            if owner(rows, r, c + 1) != pid:
                edges[(c + 1, r + 1)] = (c + 1, r)
    rings = []
    while edges:
        start = min(edges)
        ring = [start]
        p = edges.pop(start)
        while p != start:
            ring.append(p)
            p = edges.pop(p)
        rings.append(ring)
    return rings


def chaikin(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Corner cutting of an open polyline, its two ends kept."""
    if len(points) == 2:
        return points
    for _ in range(ROUNDS):
        out = [points[0]]
        for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
            out.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
            out.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
        out.append(points[-1])
        points = out
    return points


class Smoother:
    """One rounded line per border chain, shared by the two sides."""

    def __init__(self, rows):
        self.rows = rows
        self.width, self.height = len(rows[0]), len(rows)
        self.memo: dict[tuple, list[tuple[float, float]]] = {}

    def junction(self, p: tuple[int, int]) -> bool:
        x, y = p
        frame_corner = x in (0, self.width) and y in (0, self.height)
        owners = corner_owners(self.rows, x, y)
        if len(owners) == 2 and owner(self.rows, y - 1, x - 1) == owner(self.rows, y, x) \
                and owner(self.rows, y - 1, x) == owner(self.rows, y, x - 1):
            raise ValueError(f"cells meet only at the corner {p}: no clean border")
        return frame_corner or len(owners) >= 3

    def chain(self, pts: list[tuple[int, int]]) -> list[tuple[float, float]]:
        key = tuple(pts) if pts[0] <= pts[-1] else tuple(reversed(pts))
        if key not in self.memo:
            self.memo[key] = chaikin([(x * CELL, y * CELL) for x, y in key])
        line = self.memo[key]
        return line if key[0] == pts[0] and tuple(pts) == key else list(reversed(line))

    def ring(self, ring: list[tuple[int, int]]) -> list[tuple[float, float]]:
        cuts = [i for i, p in enumerate(ring) if self.junction(p)]
        if not cuts:
            raise ValueError(f"a ring around {ring[0]} meets one neighbour only")
        ring = ring[cuts[0]:] + ring[:cuts[0]]
        cuts = [i - cuts[0] for i in cuts] + [len(ring)]
        ring = ring + ring[:1]
        out: list[tuple[float, float]] = []
        for a, b in zip(cuts, cuts[1:], strict=False):
            out.extend(self.chain(ring[a:b + 1])[:-1])
        return out


def build_shapes(rows) -> dict[str, object]:
    smooth = Smoother(rows)
    shapes = {}
    for pid in sorted(set(LETTERS.values())):
        polys = []
        rings = [smooth.ring(r) for r in rings_of(rows, pid)]
        if not rings:
            raise ValueError(f"no cells for {pid}")
        for ring in rings:
            polys.append(Polygon(ring))
        g = polys[0]
        for p in polys[1:]:
            g = g.symmetric_difference(p)
        shapes[pid] = shapely.make_valid(g)
    return shapes


def fmt(v: float) -> str:
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def path_d(geom) -> str:
    polys = getattr(geom, "geoms", [geom])
    parts = []
    for poly in polys:
        for ring in [poly.exterior, *poly.interiors]:
            pts = list(ring.coords)[:-1]
            parts.append("M" + " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pts) + " Z")
    return " ".join(parts)


def inside_point(geom, margin: float = 4.0) -> tuple[float, float]:
    """The point deepest inside a shape (its largest part)."""
    part = max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)
    p = polylabel(part, tolerance=margin)
    return (round(p.x, 1), round(p.y, 1))


def anchors(variant: dict, shapes: dict, coasts: dict) -> dict[str, tuple[float, float]]:
    """Unit, dislodged and label points of every province (unit points of coasts too)."""
    out: dict[str, tuple[float, float]] = {}
    for pid in variant["provinces"]:
        g = shapes[pid]
        ux, uy = inside_point(g)
        # clear of a full 2x2 stack: above it, else below, else beside it
        inner = g.buffer(-30)  # the whole label inside, not only its middle
        spots = [(ux, uy - 96), (ux, uy + 96), (ux - 120, uy), (ux + 120, uy), (ux, uy - 66),
                 (ux, uy + 66), (ux, uy - 44)]
        label = next((p for p in spots if inner.contains(shapely.Point(p))), spots[-1])
        label = (round(label[0], 1), round(label[1], 1))
        out[f"unit-{pid}"] = (ux, uy)
        out[f"dislodged-{pid}"] = (round(ux + 18, 1), round(uy - 16, 1))
        out[f"label-{pid}"] = label
    for loc, g in coasts.items():
        cx, cy = inside_point(g)
        out[f"unit-{loc}"] = (cx, cy)
        out[f"dislodged-{loc}"] = (round(cx + 18, 1), round(cy - 16, 1))
    return out


def coast_areas(shapes: dict) -> dict[str, object]:
    out = {}
    for pid, (west, east, col) in COAST_SPLIT.items():
        g = shapes[pid]
        minx, miny, maxx, maxy = g.bounds
        cut = col * CELL
        out[f"{pid}/{west}"] = g.intersection(box(minx - 1, miny - 1, cut, maxy + 1))
        out[f"{pid}/{east}"] = g.intersection(box(cut, miny - 1, maxx + 1, maxy + 1))
    return out


def canal_line(shapes: dict, province: str, seas: list[str], through) -> list[tuple[float, float]]:
    """From inside one sea, through the province's point, into the other sea."""
    pts = []
    for sea in seas:
        near, _ = nearest_points(shapes[sea], shapely.Point(through))
        dx, dy = near.x - through[0], near.y - through[1]
        scale = 1 + 16.0 / max(1.0, LineString([through, (near.x, near.y)]).length)
        pts.append((round(through[0] + dx * scale, 1), round(through[1] + dy * scale, 1)))
    return [pts[0], through, pts[1]]


def svg(variant: dict, shapes: dict, coasts: dict, points: dict) -> str:
    w, h = len(read_grid()[0]) * CELL, len(read_grid()) * CELL
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fmt(w)} {fmt(h)}" '
        f'width="{fmt(w)}" height="{fmt(h)}" data-diplodesk-map="1">',
        "  <title>diplodesk Hypereconomic test board (hyper-mini), drawn by tools/hyper_mini_map.py</title>",
        '  <g id="background">',
        f'    <rect x="0" y="0" width="{fmt(w)}" height="{fmt(h)}" fill="#b9d4e6"/>',
        f'    <path fill="#d9d2c2" stroke="#5c5040" stroke-width="0.8" fill-rule="evenodd" d="{path_d(shapes["_"])}"/>',
        "  </g>",
        '  <g id="provinces">',
    ]
    for pid, p in variant["provinces"].items():
        kind = p["kind"]
        out.append(
            f'    <path id="{pid}" data-kind="{kind}" fill="{FILL[kind]}" stroke="#5c5040" '
            f'stroke-width="0.8" stroke-linejoin="round" fill-rule="evenodd" d="{path_d(shapes[pid])}"/>'
        )
    out.append("  </g>")
    out.append('  <g id="specials" fill="none" stroke="#7a2e12" stroke-width="2.2" '
               'stroke-dasharray="5,3" stroke-linecap="round">')
    for sp in variant.get("special", []):
        if sp.get("kind") != "canal":
            continue
        prov = sp["provinces"][0]
        line = canal_line(shapes, prov, sp["between"], points[f"unit-{prov}"])
        pts = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in line)
        between = " ".join(sorted(sp["between"]))
        out.append(f'    <polyline points="{pts}" data-kind="canal" data-provinces="{prov}" '
                   f'data-between="{between}" stroke="#1f5f8f" stroke-width="2.4" stroke-dasharray="none"/>')
    out.append("  </g>")
    out.append('  <g id="coasts">')
    for loc, g in sorted(coasts.items()):
        out.append(f'    <path id="{loc}" fill="none" stroke="none" fill-rule="evenodd" d="{path_d(g)}"/>')
    out.append("  </g>")
    out.append('  <g id="anchors" fill="none" stroke="none">')
    for name, (x, y) in sorted(points.items()):
        out.append(f'    <circle id="{name}" cx="{fmt(x)}" cy="{fmt(y)}" r="2"/>')
    out.append("  </g>")
    out.append('  <g id="labels" font-family="sans-serif" font-size="14" font-weight="bold" text-anchor="middle">')
    for pid in variant["provinces"]:
        x, y = points[f"label-{pid}"]
        out.append(f'    <text x="{fmt(x)}" y="{fmt(y + 5)}" fill="#222222">{pid.upper()}</text>')
    out.append("  </g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def check(path: Path) -> str | None:
    """The drawn borders against the variant's adjacency (tools.mapgen.check); None if clean."""
    from tools.mapgen import board as mapboard
    from tools.mapgen.check import adjacency_diff, format_diff, read_specials, read_svg

    data = tomllib.loads((BOARD / "variant.toml").read_text(encoding="utf-8"))
    provinces = {
        pid: mapboard.Province(pid, p.get("name", pid), p["kind"], False, tuple(p.get("coasts", ())))
        for pid, p in data["provinces"].items()
    }
    adj = data["adjacency"]

    def pairs(key):
        return frozenset(frozenset(s.split()) for s in adj.get(key, ()))

    variant = mapboard.Variant("hyper-mini", provinces, pairs("army"), pairs("fleet"),
                               BOARD / "variant.toml", tuple(data.get("special", ())))
    shapes, coasts = read_svg(str(path))
    diff = adjacency_diff(variant, shapes, coasts, {}, 2.0, read_specials(str(path)))
    return None if diff.clean else format_diff(diff)


def render() -> str:
    """The map's SVG text, made from the grid (the same every time)."""
    variant = tomllib.loads((BOARD / "variant.toml").read_text(encoding="utf-8"))
    shapes = build_shapes(read_grid())
    bad = [pid for pid, g in shapes.items() if not g.is_valid]
    if bad:
        raise ValueError(f"invalid shapes: {bad}")
    coasts = coast_areas(shapes)
    return svg(variant, shapes, coasts, anchors(variant, shapes, coasts))


def main() -> int:
    target = BOARD / "map.svg"
    target.write_text(render(), encoding="utf-8")
    problems = check(target)
    if problems:
        print(f"{target}: differs from the variant's adjacency:\n{problems}")
        return 1
    print(f"{target}: written, borders agree with the variant")
    return 0


if __name__ == "__main__":
    sys.exit(main())
