"""Hypereconomic print packs of a sixty-nation season (issue 18: the sixty packs in under 60 s).

    python bench/bench_hyper_packs.py [--world]

Builds bench_hyper.py's generated board of sixty nations (five provinces each and a sea),
draws it a map (a block of six cells a nation, on a 10 x 6 grid) and four regional sheets
(quadrants, as the world board's Americas, Europe, Africa, Asia), plays its season of ten
orders a nation, and times ``diplodesk pack``'s work in process: the sixty players' PDFs
(their sheets and statements), the gazette and the GM's pack. It reports the total, the time
per pack, and as a ratio the time of one standard print pack (a Loeb9 Blind power's, made in
the same run). ``--world`` uses the built-in world board ``hypereconomic`` instead, when it
exists, with its start position.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_hyper import generated_variant, season_position  # noqa: E402

from diplodesk.engine import adjudicate, load_variant, seasons  # noqa: E402
from diplodesk.geometry.shapes import load_map_geometry  # noqa: E402
from diplodesk.render.hyper_export import HyperDrawer  # noqa: E402
from diplodesk.render.hyper_pack import HyperPackOptions, columns, hyper_packs, lines_per_page  # noqa: E402
from diplodesk.render.hyper_pages import plan_for  # noqa: E402

CELL = 100  # map units a cell
COLS, ROWS = 10, 6  # nations across and down
TARGET = 60.0  # seconds for all the packs (issue 18)


def grid_map(folder: Path, nations: int = 60) -> None:
    """A map for the generated board: each nation a block of 3 x 2 cells, its sea on the
    right of the lower row, and four quadrant sheets in ``variant.toml``."""
    paths = []
    for n in range(nations):
        bx, by = (n % COLS) * 3 * CELL, (n // COLS) * 2 * CELL
        cells = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)]
        for i, (cx, cy) in enumerate(cells):
            paths.append(_rect(f"n{n:02d}p{i}", bx + cx * CELL, by + cy * CELL, "#d8c8a0"))
        paths.append(_rect(f"s{n:02d}", bx + 2 * CELL, by + CELL, "#b9d4e6"))
    w, h = COLS * 3 * CELL, ROWS * 2 * CELL
    (folder / "map.svg").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {w} {h}" width="{w}" height="{h}" data-diplodesk-map="1">\n'
        f'<g id="provinces">\n' + "\n".join(paths) + "\n</g>\n</svg>\n")
    halves = [("americas", "Americas", 0, 0), ("europe", "Europe", w / 2, 0),
              ("africa", "Africa", 0, h / 2), ("asia", "Asia", w / 2, h / 2)]
    with open(folder / "variant.toml", "a", encoding="utf-8") as f:
        f.write("\n[sheets]\n")
        for sid, name, x, y in halves:
            f.write(f'{sid} = {{name = "{name}", box = [{x}, {y}, {x + w / 2}, {y + h / 2}]}}\n')


def _rect(pid: str, x: float, y: float, fill: str) -> str:
    return f'<path id="{pid}" fill="{fill}" stroke="#555" d="M{x},{y} h{CELL} v{CELL} h{-CELL} Z"/>'


def standard_pack_seconds(tmp: Path) -> float:
    """One standard print pack (a Loeb9 Blind power's), for scale."""
    from diplodesk.render.pack import power_pack

    v = load_variant("loeb9")
    from diplodesk.engine import load_position

    data = dict(load_position({"variant": "loeb9", "phase": "S1901M"}).start(v).to_json(), rules=["blind"])
    power_pack(data, v.power_names[0], tmp / "warm.pdf")
    t0 = time.perf_counter()
    power_pack(data, v.power_names[0], tmp / "one.pdf")
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--world", action="store_true", help="the built-in world board, if it exists")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        if args.world:
            variant = load_variant("hypereconomic")
            pos = seasons.start_other(variant, "bench secret", "hypereconomic").to_json()
            ref = "hypereconomic"
        else:
            folder = generated_variant(tmp_path / "hyper-bench")
            grid_map(folder)
            pos = season_position(folder)
            ref = str(folder)
            variant = load_variant(ref)
        t0 = time.perf_counter()
        result = adjudicate(pos)
        season = time.perf_counter() - t0
        o = HyperPackOptions()
        t0 = time.perf_counter()
        geometry = load_map_geometry(variant, ref=ref)
        after = seasons.read_other(result["next"], variant)
        plan = plan_for(variant, geometry, lines_per_page(o), columns(o))
        made = hyper_packs(result, pos, plan, tmp_path / "packs", "bench", HyperDrawer(after, geometry, text_labels=True), o)
        packs = time.perf_counter() - t0
        pages = sum(len(plan.player(result, pos, str(p["id"]))) for p in pos["economy"]["players"])
        size = sum(p.stat().st_size for p in made)
        standard = standard_pack_seconds(tmp_path)
    players = len(pos["economy"]["players"])
    per = packs / len(made)
    print(f"Hypereconomic print packs: {players} players, {len(pos['economy']['nations'])} nations, "
          f"{len(variant.board.provinces)} provinces, {len(variant.sheets)} sheets")
    print(f"  the season adjudicated in {season:.2f} s (not counted)")
    print(f"  {len(made)} PDFs ({players} players' with {pages} pages, the gazette, the GM's; "
          f"{size / 1e6:.1f} MB) in {packs:.2f} s (target < {TARGET:.0f} s: {'met' if packs < TARGET else 'NOT met'})")
    print(f"  per pack {per * 1000:.0f} ms; one standard Loeb9 Blind pack in the same run: "
          f"{standard * 1000:.0f} ms (ratio {per / standard:.2f})")
    return 0 if packs < TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
