"""Supply routes (III.17): how far a unit abroad is from home, in the rules' own measure.

A unit or installation outside its owner's nation, paid for by its owner, needs a chain of
provinces from where it stands to a province of its nation. A sea province counts as two land
provinces; every three of the chain, or part of three, add 1I to the unit's upkeep (the rules'
example: two seas and three land provinces, 7, cost 3I). The chain counted is the unit's own
province and those between, not the home province it reaches [A]. The shortest chain is taken;
among chains as short, the one with fewer provinces of other nations, then the first by name.
A military blockade (IV.5) against the owner closes a province to its chains.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping

from ..board import ProvinceKind
from ..money import ceil_div

SEA_WEIGHT = 2
PER_I = 3


def supply_route(board, start: str, home: set[str], owners: Mapping[str, str | None],
                 owner: str, closed: set[str] = frozenset()) -> tuple[str, ...] | None:
    """The provinces of the shortest chain from ``start`` to one of ``home`` (``home`` not
    counted) through none of the ``closed`` (blockaded) ones, or None if there is none.
    ``start`` in ``home`` needs no route: ``()``."""
    if start in home:
        return ()
    home = home - closed

    def weight(p: str) -> int:
        return SEA_WEIGHT if board.provinces[p].kind is ProvinceKind.SEA else 1

    def foreign(p: str) -> int:
        return 0 if board.provinces[p].kind is ProvinceKind.SEA or owners.get(p) == owner else 1

    best: dict[str, tuple[int, int, tuple[str, ...]]] = {}
    queue = [(weight(start), foreign(start), (start,))]
    while queue:
        length, alien, path = heapq.heappop(queue)
        here = path[-1]
        if here in best:
            continue
        best[here] = (length, alien, path)
        for nxt in sorted(board.province_neighbours.get(here, ())):
            if nxt in home:
                return path
            if nxt in best or nxt in closed or board.provinces[nxt].kind is ProvinceKind.IMPASSABLE:
                continue
            heapq.heappush(queue, (length + weight(nxt), alien + foreign(nxt), path + (nxt,)))
    return None


def weighted(board, route: tuple[str, ...]) -> int:
    """A chain's length in the rules' measure: a sea counts as two land provinces (III.17, IV.6)."""
    return sum(SEA_WEIGHT if board.provinces[p].kind is ProvinceKind.SEA else 1 for p in route)


def surcharge(board, path: tuple[str, ...]) -> int:
    """III.17: 1I per three provinces of the chain or part of three, a sea counting two."""
    length = weighted(board, path)
    return ceil_div(length, PER_I) if length else 0
