"""Which convoys are possible on the board as it stands (DATC 4.E.1, 6.D.31-32, 6.G.19).

An army's move by sea is *legal* only if some chain of fleets at sea could carry it now;
a convoy order is legal only if its fleet is needed for some such chain; a support of a
convoyed move is legal only if a chain exists without the supporting fleet.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from .board import Board


def fleet_seas(board: Board, fleet_provinces: Iterable[str]) -> frozenset[str]:
    return board.sea_provinces.intersection(fleet_provinces)


def route_exists(board: Board, src: str, dst: str, seas: frozenset[str]) -> bool:
    """A chain of the given seas leading from src to dst."""
    nbrs = board.province_neighbours
    seen: set[str] = set()
    queue = deque(s for s in nbrs[src] if s in seas)
    while queue:
        s = queue.popleft()
        if s in seen:
            continue
        seen.add(s)
        if dst in nbrs[s]:
            return True
        queue.extend(n for n in nbrs[s] if n in seas and n not in seen)
    return False


def needed_on_some_route(
    board: Board, src: str, dst: str, fleet: str, seas: frozenset[str], limit: int = 20000
) -> bool:
    """Is ``fleet`` part of some convoy chain none of whose fleets can be left out?

    A chain is checked for short cuts: no later sea touches the start, no earlier sea
    touches the end, and no two seas that are not consecutive touch each other.
    """
    if fleet not in seas:
        return False
    nbrs = board.province_neighbours
    budget = [limit]

    def extend(path: list[str]) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return True  # too many chains to examine: give the order the benefit of the doubt
        last = path[-1]
        if dst in nbrs[last]:
            return fleet in path
        for n in sorted(nbrs[last]):
            if n not in seas or n in path:
                continue
            if src in nbrs[n]:
                continue  # a shorter chain would start at n
            if any(n in nbrs[p] for p in path[:-1]):
                continue  # a short cut from an earlier sea
            if extend(path + [n]):
                return True
        return False

    return any(extend([s]) for s in sorted(nbrs[src]) if s in seas)
