"""Opening a long game file: 2,000 phases of the standard game (a thousand years).

    python bench/bench_game_file.py

Reports the time ``Game.load`` takes on a 2,000-phase game (target: under 2 s) beside
two references measured in the same run: a 200-phase game (the ratio shows whether the
time grows linearly with the phases, ~10x) and ``json.loads`` of the same file (the
ratio shows what the checks add to reading the bytes).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from diplodesk.engine.game import Game  # noqa: E402
from diplodesk.variants import load_variant  # noqa: E402


def saved_game(folder: Path, phases: int) -> Path:
    game = Game.new(load_variant("standard"))
    for _ in range(phases):  # everyone holds: a spring and a fall a year
        game.process()
    path = folder / f"long-{phases}.json"
    game.save(path)
    return path


def median_s(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        long, short = saved_game(Path(tmp), 2000), saved_game(Path(tmp), 200)
        t_long = median_s(lambda: Game.load(long))
        t_short = median_s(lambda: Game.load(short))
        text = long.read_text()
        t_json = median_s(lambda: json.loads(text))
    print(f"2,000-phase game opens in {t_long:.2f} s (target < 2 s)")
    print(f"  200-phase game: {t_short:.3f} s (2,000 / 200 = {t_long / t_short:.1f}x; linear is 10x)")
    print(f"  json.loads of the same file: {t_json:.3f} s ({t_long / t_json:.1f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
