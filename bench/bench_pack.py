"""Print packs of a 9-power Loeb9 Blind game, all powers and the GM (target: 10 s or less).

    python bench/bench_pack.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from diplodesk.engine import load_position  # noqa: E402
from diplodesk.engine.options import movement_options  # noqa: E402
from diplodesk.engine.orders import format_order  # noqa: E402
from diplodesk.render.pack import all_packs  # noqa: E402
from diplodesk.variants import load_variant  # noqa: E402


def main() -> int:
    v = load_variant("loeb9")
    data = dict(load_position({"variant": "loeb9", "phase": "S1901M"}).start(v).to_json(), rules=["blind"])
    pos = load_position(data)
    rng = random.Random(9)
    orders: dict[str, list[str]] = {}
    for prov, u in pos.units.items():
        orders.setdefault(u.power, []).append(format_order(rng.choice(movement_options(pos, prov))))
    data["orders"] = orders
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        made = all_packs(data, Path(tmp))
        dt = time.perf_counter() - t0
    print(f"Loeb9 Blind print packs: {len(made)} PDFs in {dt:.2f} s (target <= 10 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
