"""The memory a PNG render needs, at the default width and at the largest (issue 29, class 13).

    python bench/bench_render_memory.py [--limit-gb 2.5]

Each render runs in a child process of its own (``diplodesk render``), whose peak resident
memory is read from the kernel. The figure that matters is the ratio of the 20,000-pixel
render's peak to the 2,000-pixel one's, measured in the same run: drawn whole, the large one
needed 3.6 GB (28 times the small one); drawn in bands, its peak stays near the small one's.
``--limit-gb`` also runs the large render under that address-space limit, as the issue did.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

POSITION = {"variant": "standard", "phase": "S1901M",
            "units": [{"power": "England", "type": "F", "at": "lon"}, {"power": "France", "type": "A", "at": "par"}],
            "orders": {"England": ["F lon - nth"]}}


def _run(pos: Path, out: Path, width: int, limit: int | None = None) -> tuple[float, float, int, str]:
    """(seconds, peak MB, exit status, last line of stderr) of one render in a child."""
    code = ("import resource, sys\n"
            + (f"resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))\n" if limit else "")
            + "from diplodesk.cli import main\n"
            + f"sys.exit(main(['render', {str(pos)!r}, '-o', {str(out)!r}, '--width', '{width}']))\n")
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    dt = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest child so far
    return dt, peak, done.returncode, (done.stderr.strip().splitlines() or [""])[-1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit-gb", type=float, default=None, help="also render 20,000 px under this limit")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pos = Path(tmp) / "pos.json"
        pos.write_text(json.dumps(POSITION))
        small = _run(pos, Path(tmp) / "small.png", 2000)  # smallest first: ru_maxrss only grows
        large = _run(pos, Path(tmp) / "large.png", 20000)
        print(f"render --width 2000:  {small[0]:6.1f} s, peak {small[1]:7.0f} MB, exit {small[2]}")
        print(f"render --width 20000: {large[0]:6.1f} s, peak {large[1]:7.0f} MB, exit {large[2]}")
        print(f"ratio of peaks 20000/2000: {large[1] / small[1]:.2f} (drawn whole it was 28; target <= 3)")
        if args.limit_gb:
            limited = _run(pos, Path(tmp) / "limited.png", 20000, int(args.limit_gb * 2**30))
            print(f"under a {args.limit_gb} GB limit: exit {limited[2]} {limited[3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
