"""What one power knows of a phase (or the GM's full view), for the inspector and the map.

A :class:`PhaseView` is everything the desk shows of one phase for one viewer: the board
to draw, the orders (and results) drawn on it, the lines of orders it may read, its
report, and the provinces it newly learned about. Every piece is the engine's projection
of the full result (``engine.rules.blind`` in a Blind game; the power's own orders and the
full results otherwise): this module only picks which projection to show, so it can drop
facts but never add one (DESIGN principle 4).

``after=False`` is the phase as it stands before adjudication (the orders given so far;
a power sees only its own); ``after=True`` is its adjudication (for the current phase, a
preview of what the orders given so far would do).

GM-only fields (who plays which power, the seed of the lots) never go into a power's view.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.explain import explain_outcome
from ..engine.position import Position
from ..engine.process import Outcome, outcome_to_json, process
from ..engine.reports import power_report
from ..engine.rules import blind
from .explanations import steps_text

GM = None  # the viewer that sees everything


@dataclass
class PhaseView:
    viewer: str | None  # a power, or None: the GM
    phase: str
    after: bool
    position: Position  # the board to draw
    results: Any = None  # results to draw on it (after), else None: its orders are drawn
    orders: list[str] = field(default_factory=list)  # order (and result) lines it may read
    report: str = ""
    marked: frozenset[str] = frozenset()  # provinces it newly learned about this phase
    blind: bool = False
    why: list[str] = field(default_factory=list)  # why its results came out so, as it may know
    fog: frozenset[str] = frozenset()  # provinces it cannot see (Blind): drawn greyed

    @property
    def title(self) -> str:
        who = self.viewer or "Gamemaster (everything)"
        return f"{who} — {self.position.phase.long_name}, {'results' if self.after else 'orders'}"


def outcome_of(position: Position) -> Outcome:
    return process(position)


def gm_fields_removed(position: Position) -> Position:
    """The position without the GM's own fields (players, the seed of the lots)."""
    if not any(k in position.extra for k in ("players", "assignment")):
        return position
    extra = {k: v for k, v in position.extra.items() if k not in ("players", "assignment")}
    return replace(position, extra=extra)


def phase_view(before: Position, viewer: str | None, after: bool, outcome: Outcome | None = None) -> PhaseView:
    """The phase that starts at ``before`` (with its orders) as ``viewer`` knows it."""
    is_blind = blind.active(before)
    phase = str(before.phase)
    if after and outcome is None:
        outcome = outcome_of(before)
    if viewer is GM:
        if not after:
            lines = [f"{p}: {t}" for p in before.variant.power_names for t in before.orders.get(p, ())]
            return PhaseView(None, phase, False, before, None, lines,
                             _gm_summary(before), blind=is_blind)
        result = outcome_to_json(outcome)
        lines = [_result_line(r) for r in result["orders"]]
        report = blind.public_text(before, outcome) if is_blind else ""
        return PhaseView(None, phase, True, before, result, lines, report, blind=is_blind,
                         why=_why_texts(explain_outcome(outcome, before)))

    own = list(before.orders.get(viewer, ()))
    if not after:
        if is_blind:
            shown = blind.project(before, viewer)
            seen = blind.sees(before, viewer)
            names = sorted(before.board.provinces[p].name for p in seen)
            report = (f"Before adjudication {viewer} sees {len(seen)} provinces"
                      + (f": {', '.join(names)}." if names else "."))
        else:
            shown = gm_fields_removed(replace(before, orders={viewer: tuple(own)}))
            report = f"Before adjudication {viewer} knows the whole board and its own orders."
        fog = frozenset(before.board.provinces) - frozenset(seen) if is_blind else frozenset()
        return PhaseView(viewer, phase, False, shown, None, own, report, blind=is_blind, fog=fog)

    if is_blind:
        v = blind.view(before, outcome, viewer)
        shown = blind.project(before, viewer, v.seen)
        results = blind.visible_results(before, outcome, viewer)
        lines = [f"{x.power}: {x.text}" for x in v.lines]
        known = frozenset(v.seen | v.informed)
        return PhaseView(viewer, phase, True, shown, results, lines, blind.report_text(before, outcome, viewer),
                         known, blind=True, fog=frozenset(before.board.provinces) - known,
                         why=_why_texts(blind.explanations(before, outcome, viewer, v)))
    shown = gm_fields_removed(replace(before, orders={viewer: tuple(own)}))
    result = outcome_to_json(outcome)
    lines = [_result_line(r) for r in result["orders"]]
    # the whole board is public: its own results explained in full
    why = [w if r.power == viewer else None
           for r, w in zip(outcome.results, explain_outcome(outcome, before), strict=True)]
    return PhaseView(viewer, phase, True, shown, result, lines, power_report(before, viewer), why=_why_texts(why))


def _why_texts(explained: list[dict | None]) -> list[str]:
    return [steps_text(w) for w in explained if w]


def _result_line(r: dict) -> str:
    status = r.get("status") or ""
    reason = f" ({r['reason']})" if r.get("reason") else ""
    return f"{r.get('power') or '':<10} {(r.get('order') or r.get('text') or ''):<28} {status}{reason}"


def _gm_summary(position: Position) -> str:
    given = sum(len(v) for v in position.orders.values())
    return f"{position.phase.long_name}: {given} orders given so far (not adjudicated)."


def entry_view(position: Position, power: str) -> Position:
    """The position a power's orders are entered on when the GM looks 'as this power':
    in a Blind game only what it knows; otherwise all of it (without GM-only fields)."""
    if blind.active(position):
        return blind.project(position, power)
    return gm_fields_removed(position)
