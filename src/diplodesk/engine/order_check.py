"""Order lines checked against the board as they are entered (``diplodesk game orders``).

A line is refused when it is no order at all, or orders a unit that is not there (or not the
power's, or an order of another kind of phase): the engine itself says so, by adjudicating
the phase with those lines alone, so the check and the adjudication cannot disagree. An order
that is merely wrong (an impossible move, a support that cannot be given) is the player's to
give: it is kept, and fails when the phase is played, as the rules say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .plain_text import shown
from .position import Position
from .process import process

# the engine's reasons that mean a line gives no order to a unit of this power in this phase
REFUSED = frozenset({"unparsable", "no such unit", "not your unit", "wrong phase"})


@dataclass(frozen=True)
class Refusal:
    """A refused line: its number (1-based), its text, and the engine's reason and detail."""

    number: int
    text: str
    reason: str
    detail: str = ""

    def message(self) -> str:
        # the line's start only: a refused line may be a megabyte of spaces
        return f"line {self.number}: {shown(self.text, 80)}: {self.reason}" + (f": {self.detail}" if self.detail else "")


def refusals(position: Position, power: str, texts: Sequence[str]) -> list[Refusal]:
    """The lines of ``texts`` that give ``power`` no order in ``position``'s phase."""
    trial = replace(position, orders={power: tuple(texts)})
    why: dict[str, tuple[str, str]] = {}
    for r in process(trial).results:
        if r.power == power and r.text is not None and r.reason in REFUSED:
            why.setdefault(r.text, (r.reason, r.detail or ""))
    return [Refusal(i + 1, t, *why[t]) for i, t in enumerate(texts) if t in why]
