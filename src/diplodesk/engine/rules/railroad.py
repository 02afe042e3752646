"""Railroads (Colonial's Trans-Siberian Railroad), as a generic mechanism.

A railroad is an ordered line of provinces that the powers named may use: one army a turn
goes from any province of the line to any other (``A oms TSR vla``). It attacks its
destination as if from next door and may be supported there, never on the way. The line is
*broken* between start and destination by a foreign unit that stays or arrives there, by a
defending unit of the army's own power that is dislodged, or by a foreign-owned centre; the
army then stops in the nearest free province before the break (a foreign-owned centre
makes the order illegal beyond it). The army itself stands in the way of a foreign unit
entering the line while it passes, so they stand off where they first meet.

:func:`settle` finds where the army stops by resolving the turn, looking for the first
break on the way, and resolving again with the army stopped before it: see
``movement.resolve_movement``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board, province_of


@dataclass(frozen=True)
class Line:
    provinces: tuple[str, ...]
    powers: frozenset[str]
    code: str = "rail"
    name: str = "railroad"

    def between(self, a: str, b: str) -> tuple[str, ...]:
        """The provinces strictly between a and b, in the order the army passes them."""
        i, j = self.provinces.index(a), self.provinces.index(b)
        if i < j:
            return self.provinces[i + 1 : j]
        return tuple(reversed(self.provinces[j + 1 : i]))


def lines(board: Board) -> tuple[Line, ...]:
    cached = board._cache.get("railroads")
    if cached is None:
        cached = tuple(
            Line(
                tuple(province_of(p) for p in s.get("provinces", ())),
                frozenset(s.get("powers", ()) or ()),
                str(s.get("code", "rail")),
                str(s.get("name", "railroad")),
            )
            for s in board.specials_of("railroad")
        )
        board._cache["railroads"] = cached
    return cached


def line_for(board: Board, a: str, b: str) -> Line | None:
    for line in lines(board):
        if a in line.provinces and b in line.provinces:
            return line
    return None
