"""The balance report's speed: the editor's Balance panel works it out again after each edit.

    python bench/bench_balance.py [--rounds N] [--no-big]

For the standard board, Colonial and the synthetic board of about 2,000 provinces the other
benches use (``bench_editor.synthetic_board``: 2,013 provinces, 7 powers, 21 armies), the
median time of:

* the report alone, from the board read (``designer.balance.balance_report``);
* what the panel does after an edit: the editor's board made a playable variant
  (``MapDocument.variant()``, no file written), the report, and its picture drawn 1,200
  pixels wide.

Targets: the report of the standard board in 50 ms or less, the panel's refresh in 300 ms
or less, and on the 2,013-province board 1 s and 2 s. The reference measured in the same
run, turn about with the rest, is reading the same board (``Variant.from_data`` of its data):
the ratio says how many board readings a report costs, whatever the machine's load. The load
average is printed with the figures, as the machine may be shared.

Measured when it was written (issue 30), two runs on 2 cores under a load average of 7 to 8
(other work on the machine): the standard board's report 4 to 17 ms (1.8 to 3.6 times reading
it), the panel's refresh 47 to 133 ms; the 2,013-province board's report 185 to 199 ms (1.4 to
1.8 times reading it), the refresh 0.69 to 0.85 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from diplodesk.designer.balance import balance_report  # noqa: E402
from diplodesk.document.map_document import MapDocument  # noqa: E402
from diplodesk.engine.variant import Variant  # noqa: E402

TARGETS = {"report": (0.050, 1.0), "panel": (0.300, 2.0)}  # (a drawn board, the 2,013-province one)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def bench_board(name: str, doc: MapDocument, rounds: int, big: bool) -> None:
    from diplodesk.render.balance_map import balance_image
    from diplodesk.render.export import ensure_app

    ensure_app()
    data = doc.to_data(editor=False)
    variant = doc.variant()
    geometry = doc.map_geometry()
    balance_report(variant)  # warm: the board's own caches
    balance_image(variant, geometry, balance_report(variant), 1200)
    reads, reports, panels = [], [], []
    for _ in range(rounds):  # turn about, so that all share the machine's ups and downs
        t0 = time.perf_counter()
        Variant.from_data(data, "bench")
        t1 = time.perf_counter()
        balance_report(variant)
        t2 = time.perf_counter()
        v = doc.variant()
        balance_image(v, geometry, balance_report(v), 1200)
        t3 = time.perf_counter()
        reads.append(t1 - t0)
        reports.append(t2 - t1)
        panels.append(t3 - t2)
    read, report, panel = (statistics.median(x) for x in (reads, reports, panels))
    k = 1 if big else 0
    print(f"{name} ({len(variant.board.provinces)} provinces, {len(variant.start_units)} units)")
    print(f"  reading the board (reference) {_ms(read)}")
    print(f"  the report                    {_ms(report)}  ({report / read:5.1f}x the reading; "
          f"target {TARGETS['report'][k] * 1000:.0f} ms)")
    print(f"  the panel's refresh           {_ms(panel)}  ({panel / read:5.1f}x the reading; "
          f"target {TARGETS['panel'][k] * 1000:.0f} ms)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--no-big", action="store_true", help="skip the 2,013-province board")
    args = ap.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    bench_board("standard", MapDocument.open("standard"), args.rounds, big=False)
    bench_board("colonial", MapDocument.open("colonial"), args.rounds, big=False)
    if not args.no_big:
        from bench_editor import synthetic_board

        bench_board("synthetic board", synthetic_board(2020), max(3, args.rounds // 2), big=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
