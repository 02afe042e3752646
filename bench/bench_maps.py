"""Map speed: hit testing, SVG import and rendering.

    python bench/bench_maps.py [--quick]

Reports, with targets:

- hit test on the standard board, microseconds per lookup (target 20 or less);
- hit test on a synthetic board of 2,000 Voronoi provinces (target 50 or less);
- import of that 2,000-province SVG, seconds (target 2 or less);
- render of the standard board with 34 units and their adjudicated orders to a
  2000-pixel-wide PNG, milliseconds (target 300 or less; the map already loaded).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402
import shapely  # noqa: E402

from diplodesk.engine import adjudicate  # noqa: E402
from diplodesk.geometry.shapes import MapGeometry, load_map_geometry  # noqa: E402
from diplodesk.geometry.svg_import import import_svg  # noqa: E402
from diplodesk.variants import map_path  # noqa: E402


def voronoi_svg(n: int, seed: int = 2000, width: float = 4000, height: float = 3000) -> str:
    """An SVG of ``n`` Voronoi cells, ids p0000..., in our own map format."""
    rng = np.random.default_rng(seed)
    pts = shapely.multipoints(rng.uniform((0, 0), (width, height), size=(n, 2)))
    box = shapely.box(0, 0, width, height)
    cells = shapely.intersection(shapely.get_parts(shapely.voronoi_polygons(pts, extend_to=box)), box)
    paths = []
    for i, c in enumerate(cells):
        xy = shapely.get_coordinates(c.exterior)[:-1]
        d = "M" + " ".join(f"{x:.1f},{y:.1f}" for x, y in xy) + "Z"
        paths.append(f'<path id="p{i:04d}" data-kind="land" d="{d}"/>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" data-diplodesk-map="1">'
        f'<g id="provinces">{"".join(paths)}</g></svg>'
    )


def lookup_us(geom: MapGeometry, n: int, seed: int = 1) -> float:
    """Mean microseconds per province_at over random points of the map (after a warm-up)."""
    rng = random.Random(seed)
    x0, y0, x1, y1 = geom.bounds
    pts = [(rng.uniform(x0, x1), rng.uniform(y0, y1)) for _ in range(n)]
    for x, y in pts:  # warm-up: builds the grid and the cells' clipped shapes
        geom.province_at(x, y)
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for x, y in pts:
            geom.province_at(x, y)
        best = min(best, (time.perf_counter() - t0) / n * 1e6)
    return best


def position_34(seed: int = 34) -> dict:
    """A standard movement phase with 34 units, each with a random legal order."""
    from bench_engine import standard_positions

    return dict(standard_positions(1, seed)[0], phase="F1903M")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = ap.parse_args()
    n_lookups = 5_000 if args.quick else 50_000
    rows = []

    std = map_path("standard")
    if std is None:
        print("variants/standard/map.svg is missing: standard-board figures skipped")
    else:
        geom = load_map_geometry("standard")
        rows.append(("hit test, standard board", lookup_us(geom, n_lookups), "us/lookup", 20))

    svg = voronoi_svg(2000)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "voronoi.svg"
        path.write_text(svg)
        times = []
        for _ in range(1 if args.quick else 3):
            t0 = time.perf_counter()
            imported = import_svg(path)
            times.append(time.perf_counter() - t0)
        rows.append(("import of a 2,000-province SVG", min(times), "s", 2))
        big = MapGeometry(imported)
        assert len(big.ids) == 2000
        rows.append(("hit test, 2,000 provinces", lookup_us(big, n_lookups), "us/lookup", 50))

    if std is not None:
        from diplodesk.render.export import render_file

        data = position_34()
        result = adjudicate(data)
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "map.png"
            render_file(data, out, width=2000, results=result)  # loads the map once
            times = []
            for _ in range(3 if args.quick else 10):
                t0 = time.perf_counter()
                render_file(data, out, width=2000, results=result)
                times.append(time.perf_counter() - t0)
            size = out.stat().st_size
        rows.append(("render, standard board, 34 units + orders, 2000-px PNG",
                     statistics.median(times) * 1000, "ms", 300))
        print(f"(the PNG is {size // 1024} KiB)")

    ok = True
    for name, value, unit, target in rows:
        mark = "ok" if value <= target else "SLOW"
        ok &= value <= target
        print(f"{name:58s} {value:9.2f} {unit:10s} target <= {target:<4} {mark}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
