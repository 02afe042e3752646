"""Why each result of a processed phase came out as it did, for the GM's Results dock.

The engine explains a phase it adjudicates (``engine/explain.py``); a game file keeps the
results, not the reasoning, so the phase is adjudicated again here and each explanation is
matched to the recorded line it belongs to. A line an earlier engine revision recorded
differently gets none rather than a wrong one. This is the GM's view; what a power is
told is projected by the engine (``engine.rules.blind.explanations``, through
``power_view.PhaseView.why``).
"""

from __future__ import annotations

from typing import Any

from ..engine.explain import explain_outcome
from ..engine.position import Position
from ..engine.process import outcome_to_json, process

_KEY = ("power", "text", "order", "status", "reason")


def explanations(position: Position, recorded: dict[str, Any]) -> list[dict | None]:
    """One explanation (or None) per line of the ``recorded`` result of ``position``."""
    outcome = process(position)
    fresh = outcome_to_json(outcome)["orders"]
    why = explain_outcome(outcome, position)
    found: dict[tuple, list[dict | None]] = {}
    for line, w in zip(fresh, why, strict=True):
        found.setdefault(tuple(line.get(k) for k in _KEY), []).append(w)
    out: list[dict | None] = []
    for line in recorded.get("orders", []):
        same = found.get(tuple(line.get(k) for k in _KEY))
        out.append(same.pop(0) if same else None)
    return out


def steps_text(explain: dict | None) -> str:
    """The explanation as lines a person reads: the sentence, then each step and its rule."""
    if not explain:
        return ""
    lines = [explain.get("text", "")]
    for step in explain.get("steps", []):
        lines.append(f"  • {step.get('says', '')}  ({step.get('rule', '')})")
    return "\n".join(x for x in lines if x)
