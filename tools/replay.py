"""Replay adjudicated phases of real games (JSON Lines) through the engine and compare.

Each line: {"source", "position", "expected": {"units", "dislodged", "centers"}, ...} as
in the realgames corpus (its README). The corpus is GPL data and is not part of this repo:
pass the files' paths. Prints a summary and the first disagreements of each kind.

    python tools/replay.py path/to/droidippy.jsonl [more.jsonl] [--show 5] [--dump OUT.jsonl]

``--dump`` also writes every result the engine gave, one JSON line a phase: run it before
and after a change to the engine that should not change its behaviour, and compare the
two files (``cmp``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from diplodesk.engine import adjudicate  # noqa: E402

# Flags whose rule choices differ from DATC v3 (see the corpus README): expected to differ.
KNOWN_DIFFERENT = {"adjacent_move_via_convoy", "civil_disorder_removal", "source_inconsistent"}


def key(u: dict) -> tuple:
    return (u["power"], u["type"], u["at"])


def compare(rec: dict, dump=None) -> str | None:
    res = adjudicate(rec["position"])
    if dump is not None:
        dump.write(json.dumps(res, sort_keys=True) + "\n")
    nxt = res["next"]
    exp = rec["expected"]
    got_units = sorted(map(key, nxt["units"]))
    got_disl = sorted(key(d) for d in nxt.get("dislodged", []) if d.get("retreats"))
    if got_units != sorted(map(key, exp["units"])):
        return "units"
    if got_disl != sorted(map(key, exp.get("dislodged", []))):
        return "dislodged"
    if "centers" in exp and nxt["phase"] == rec.get("next_phase", nxt["phase"]):
        want = {p: sorted(c) for p, c in exp["centers"].items() if c}
        have = {p: sorted(c) for p, c in nxt["centers"].items() if c}
        if want != have:
            return "centers"
    if rec.get("next_phase") and nxt["phase"] != rec["next_phase"] and "winner" not in nxt:
        return "next phase"
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--show", type=int, default=3)
    ap.add_argument("--dump", type=Path, help="write every result here, one JSON line a phase")
    args = ap.parse_args()
    dump = args.dump.open("w") if args.dump else None
    counts: Counter = Counter()
    shown: Counter = Counter()
    t0 = time.perf_counter()
    for path in args.files:
        for line in path.open():
            rec = json.loads(line)
            flags = set(rec.get("flags", ()))
            try:
                why = compare(rec, dump)
            except Exception as e:  # report, don't stop
                why = f"error {type(e).__name__}: {e}"
                if dump is not None:
                    dump.write(json.dumps({"error": why}) + "\n")
            known = bool(flags & KNOWN_DIFFERENT)
            if why is None:
                counts["agree"] += 1
            else:
                label = ("known-diff " if known else "") + why.split(":")[0]
                counts[label] += 1
                if not known and shown[label] < args.show:
                    shown[label] += 1
                    print(f"--- {label}: {rec['source']} flags={sorted(flags)}\n    {why}")
    dt = time.perf_counter() - t0
    if dump is not None:
        dump.close()
    total = sum(counts.values())
    print(f"{total} phases in {dt:.1f} s: " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
