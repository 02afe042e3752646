"""A season's result as values, and its JSON (CONTRACTS 4 and 6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..dice import Roll
from ..ledger import Entry
from .model import HyperPosition
from .pack import FACTORS


@dataclass(frozen=True)
class Line:
    """One line of the result: an order as given and understood, and what became of it."""

    power: str
    text: str | None
    order: str | None
    status: str
    reason: str | None = None
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"power": self.power, "text": self.text, "order": self.order,
                             "status": self.status, "reason": self.reason}
        if self.detail:
            d["detail"] = self.detail
        return d


@dataclass
class HyperOutcome:
    position: HyperPosition
    lines: list[Line]
    ledger: list[Entry]
    dice: list[Roll]
    decisions: list[dict[str, Any]]
    notices: list[str]
    standings: list[dict[str, Any]]
    next: HyperPosition
    winner: str | list[str] | None = None
    final: bool = True
    clashes: list[dict[str, Any]] = field(default_factory=list)  # each battle, its T6/T7 cells

    def to_json(self) -> dict[str, Any]:
        nxt = self.next.to_json(with_orders=False)
        if self.winner is not None:
            nxt["winner"] = self.winner
        return {
            "phase": str(self.position.phase),
            "orders": [line.to_json() for line in self.lines],
            "ledger": [e.to_json(FACTORS) for e in self.ledger],
            "clashes": self.clashes,
            "dice": [r.to_json() for r in self.dice],
            "decisions_needed": self.decisions,
            "final": self.final,
            "standings": self.standings,
            "notices": self.notices,
            "next": nxt,
        }
