"""Adjudicate random games of every built-in variant and write everything the engine says.

For refactors that must change no result: run it before and after and compare the files
(``cmp``). Each line is one phase: the result JSON and every power's report; in Blind games
also each power's projected position and visible results. Games are played from each
variant's start with random legal orders, plus junk, duplicate and foreign orders, so that
retreats, adjustments, civil disorder and misorders all come up.

    python tools/fingerprint.py OUT.jsonl [--games 40] [--phases 12] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from diplodesk.engine import load_position, outcome_to_json, process  # noqa: E402
from diplodesk.engine.options import movement_options, retreat_options  # noqa: E402
from diplodesk.engine.orders import format_order  # noqa: E402
from diplodesk.engine.position import Position  # noqa: E402
from diplodesk.engine.reports import power_report  # noqa: E402
from diplodesk.engine.rules import blind  # noqa: E402
from diplodesk.variants import load_variant  # noqa: E402

VARIANTS = ("standard", "loeb9", "colonial", "woolworth2a")
JUNK = ["A xyz - abc", "F nth C A lon - nwy", "A par S F bre - gas", "Build A par", "hold everything", ""]


def orders_for(rng: random.Random, position: Position) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    kind = position.phase.type.value
    if kind == "M":
        for prov, u in position.units.items():
            opts = movement_options(position, prov)
            if opts and rng.random() < 0.9:
                orders.setdefault(u.power, []).append(format_order(rng.choice(opts)))
            if rng.random() < 0.04 and opts:  # a second order for the same unit
                orders.setdefault(u.power, []).append(format_order(rng.choice(opts)))
        for power, at in position.choices.values():
            if rng.random() < 0.5:
                orders.setdefault(power, []).append(f"{rng.choice('AF')} {at} H")
    elif kind == "R":
        for prov, d in position.dislodged.items():
            opts = retreat_options(position, prov)
            if opts and rng.random() < 0.9:
                orders.setdefault(d.unit.power, []).append(format_order(rng.choice(opts)))
    for power in position.variant.power_names:
        if rng.random() < 0.1:
            orders.setdefault(power, []).append(rng.choice(JUNK))
    return orders


def phase_record(position: Position) -> dict:
    outcome = process(position)
    rec = {"phase": str(position.phase), "result": outcome_to_json(outcome),
           "reports": {p: power_report(position, p, outcome) for p in position.variant.power_names}}
    if blind.active(position):
        rec["blind"] = {p: {"seen": sorted(blind.sees(position, p)),
                            "shown": blind.project(position, p).to_json(),
                            "results": blind.visible_results(position, outcome, p)}
                        for p in position.variant.power_names}
    return rec


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("output", type=Path)
    ap.add_argument("--games", type=int, default=40, help="games per variant and rule set")
    ap.add_argument("--phases", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n = 0
    with args.output.open("w", encoding="utf-8") as out:
        for vid in VARIANTS:
            variant = load_variant(vid)
            for rules in ([], ["blind"]):
                for g in range(args.games):
                    rng = random.Random(f"{args.seed}-{vid}-{rules}-{g}")
                    data = dict(Position.start(variant, vid).to_json(), rules=rules)
                    for _ in range(args.phases):
                        position = load_position(data)
                        position = load_position(dict(data, orders=orders_for(rng, position)))
                        rec = phase_record(position)
                        out.write(json.dumps(rec, sort_keys=True) + "\n")
                        n += 1
                        data = dict(rec["result"]["next"], rules=rules)
                        if "winner" in data:
                            break
    print(f"{n} phases written to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
