"""Per-power reports: what a power is told after a phase is adjudicated.

A report is a projection of the full result (DESIGN principle 4): it may only leave facts
out. Without a fog-of-war rule a power learns everything; the Blind rule narrows this.
"""

from __future__ import annotations

from .position import Position
from .process import process
from .report_table import report_blocks, text_of
from .rules import blind


def power_report(position: Position, power: str, outcome=None) -> str:
    """The power's adjudication report for ``position`` as plain text (``outcome``: the
    phase already processed, to make many powers' reports from one adjudication)."""
    outcome = outcome if outcome is not None else process(position)
    if blind.active(position):
        return blind.report_text(position, outcome, power)
    return text_of(report_blocks(position, power, outcome))


def orders_so_far(position: Position, power: str) -> str:
    """A power's orders given so far in a phase not yet adjudicated, headed so that nobody
    can take them for results (there are none yet)."""
    lines = [f"{position.phase.long_name}: orders given so far for {power}",
             "NOT ADJUDICATED: these are orders, not results", ""]
    texts = [t for t in position.orders.get(power, ()) if t.strip()]
    lines += [f"  {t}" for t in texts] or ["  (no orders yet)"]
    return "\n".join(lines) + "\n"


def public_report(position: Position, outcome=None) -> str:
    """The public adjudication: what every player may know. In a Blind game no orders and,
    after a fall turn, the powers ranked by centres without the numbers (its rules keep them
    secret); otherwise every order with its result, and each power's centre count."""
    outcome = outcome if outcome is not None else process(position)
    if blind.active(position):
        return blind.public_text(position, outcome)
    lines = [f"{position.phase.long_name}: the adjudication", ""]
    for r in outcome.results:
        mark = r.status.value + (f" ({r.reason})" if r.reason else "")
        lines.append(f"{r.power or '':<12} {(r.order or r.text or ''):<30} {mark}")
    counts = {p: 0 for p in position.variant.power_names}
    for owner in outcome.next.centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    lines += ["", "Supply centres: " + ", ".join(f"{p} {n}" for p, n in counts.items())]
    if outcome.winner:
        lines.append(f"{outcome.winner} has won the game.")
    return "\n".join(lines) + "\n"
