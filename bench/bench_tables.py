"""Table editor speed: one cell edit on a board of sixty nations (300 land provinces).

    python bench/bench_tables.py [--quick]

Writes bench_hyper's generated variant (sixty nations of five provinces) and reports the
median time to open its tables, to make one edit of a province's yield and do it (the file
edited in place and the whole pack checked as the engine reads it), and to import the provinces table
from CSV; each also as a ratio to the same edit on the test board, measured in the same run.
Target: an edit in under 100 ms, so typing into the grid never waits.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_hyper import MINI, generated_variant, median_time  # noqa: E402

from diplodesk.document.hyper_tables import TableSet  # noqa: E402
from diplodesk.document.table_csv import export_csv, import_csv  # noqa: E402


def edit_time(folder: Path, table: str, path: tuple, values: tuple, runs: int) -> float:
    tables = TableSet.open(folder)
    name = tables.find(table).name
    flip = iter(values * runs)
    return median_time(lambda: tables.set_cells(name, {path: next(flip)}).redo(), runs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer runs (for CI and a first look)")
    runs = 5 if ap.parse_args().quick else 21
    with tempfile.TemporaryDirectory() as tmp:
        folder = generated_variant(Path(tmp) / "hyper-bench")
        small = edit_time(MINI, "provinces", ("province", 0, "yield", "A"), (5, 6), runs)
        opening = median_time(lambda: TableSet.open(folder), max(3, runs // 4))
        big = edit_time(folder, "provinces", ("province", 150, "yield", "A"), (5, 6), runs)
        tables = TableSet.open(folder)
        f = tables.find("provinces")
        csv_text = export_csv(f).replace(",2,1,", ",3,1,")
        importing = median_time(lambda: import_csv(tables, f, csv_text), max(3, runs // 4))
    print(f"Tables of 60 nations, {len(f.grid().rows)} province rows:")
    print(f"  open: median {opening * 1000:.0f} ms")
    print(f"  one cell edit: median {big * 1000:.1f} ms (target < 100 ms: {'met' if big < 0.1 else 'NOT met'}); "
          f"the test board's {small * 1000:.1f} ms (ratio {big / small:.1f}x)")
    print(f"  CSV import of the provinces table: median {importing * 1000:.0f} ms (ratio {importing / small:.0f}x)")
    return 0 if big < 0.1 else 1


if __name__ == "__main__":
    sys.exit(main())
