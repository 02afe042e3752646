"""The 164 cases of the DATC v3.0, section 6, as the DATC's preferred rules decide them.

Each case in ``datc/datc_v3.json`` is a position with orders, any further phases, and the
expected outcome: the units and dislodged units afterwards, and the status of the orders
whose fate the DATC spells out. See ``datc/README.md``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diplodesk.engine import adjudicate

CASES = json.loads((Path(__file__).parent / "datc" / "datc_v3.json").read_text())


def _key(u: dict) -> tuple[str, str, str]:
    return (u["power"], u["type"], u["at"])


def play(case: dict) -> tuple[list[dict], dict]:
    """Adjudicate the case's phases in turn; return every phase's result lines and the last result."""
    results = adjudicate(case["position"])
    lines = [dict(r, phase=results["phase"]) for r in results["orders"]]
    for step in case["then"]:
        nxt = dict(results["next"], orders=step["orders"])
        assert nxt["phase"] == step["phase"], f"expected a {step['phase']} phase, got {nxt['phase']}"
        results = adjudicate(nxt)
        lines += [dict(r, phase=results["phase"]) for r in results["orders"]]
    return lines, results


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_datc(case):
    lines, result = play(case)
    nxt = result["next"]
    expect = case["expect"]
    assert sorted(map(_key, nxt["units"])) == sorted(map(_key, expect["units"])), case["expected_text"]
    # A unit dislodged with nowhere to go is disbanded at once (no retreat phase for it alone).
    dislodged = [_key(d) for d in nxt.get("dislodged", [])]
    dislodged += [(r["power"], r["order"][0], r["order"][2:-2]) for r in lines if r["reason"] == "no retreat"]
    assert sorted(dislodged) == sorted(map(_key, expect["dislodged"])), case["expected_text"]
    for want in expect.get("orders", []):
        got = [
            r for r in lines
            if r["text"] == want["text"] and r["power"] == want["power"]
            and r["phase"] == want.get("phase", case["position"]["phase"])
        ]
        assert got, f"no result for {want['text']!r}"
        assert want["status"] in {r["status"] for r in got}, f"{want['text']}: {got}"
    for prov, options in expect.get("retreats", {}).items():
        found = [d for d in nxt.get("dislodged", []) if d["at"].split("/")[0] == prov]
        assert sorted(found[0]["retreats"] if found else []) == sorted(options)
