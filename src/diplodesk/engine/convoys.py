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
    return dst in sea_reach(board, src, seas)


def sea_reach(board: Board, src: str, seas: frozenset[str]) -> frozenset[str]:
    """Every province a chain of the given seas leads to from src (the seas included),
    remembered per board: the same armies ask again for each place they might go."""
    cache = board._cache.get("sea_reach")
    if cache is None or len(cache) > 20_000:
        cache = board._cache["sea_reach"] = {}
    key = (src, seas)
    hit = cache.get(key)
    if hit is None:
        nbrs = board.province_neighbours
        seen: set[str] = set()
        ends: set[str] = set()
        queue = deque(s for s in nbrs[src] if s in seas)
        while queue:
            s = queue.popleft()
            if s in seen:
                continue
            seen.add(s)
            ends.update(nbrs[s])
            queue.extend(n for n in nbrs[s] if n in seas and n not in seen)
        hit = cache[key] = frozenset(ends)
    return hit


def needed_on_some_route(
    board: Board, src: str, dst: str, fleet: str, seas: frozenset[str], limit: int = 20000
) -> bool:
    """Is ``fleet`` part of some convoy chain none of whose fleets can be left out?

    A chain is checked for short cuts: no later sea touches the start, no earlier sea
    touches the end, and no two seas that are not consecutive touch each other. Where
    there are more than ``limit`` ways to look at, the order gets the benefit of the doubt.

    The chains from ``src`` to ``dst`` are found once for every fleet (:func:`_chains`,
    remembered per board): the question comes back for each fleet of a convoy, and under
    Blind, where every sea counts, every turn.
    """
    if fleet not in seas:
        return False
    cache = board._cache.get("convoy_chains")
    if cache is None or len(cache) > 100_000:
        cache = board._cache["convoy_chains"] = {}
    key = (src, dst, seas, limit)
    if key in cache:
        on_chains = cache[key]
    else:
        on_chains = cache[key] = _chains(board, src, dst, seas, limit)
    return on_chains is None or bool(on_chains & _bits(board)[0].get(fleet, 0))


def _bits(board: Board) -> tuple[dict[str, int], list[int]]:
    """Each province as a bit, in the order of their ids (so walking a mask's bits from the
    lowest is walking the ids sorted), and by bit number each one's neighbours as a mask."""
    hit = board._cache.get("province_bits")
    if hit is None:
        nbrs = board.province_neighbours
        names = sorted(nbrs)
        bit = {p: 1 << i for i, p in enumerate(names)}
        hit = board._cache["province_bits"] = (bit, [sum(bit[n] for n in nbrs[p] if n in bit) for p in names])
    return hit


class _TooMany(Exception):
    pass


def _chains(board: Board, src: str, dst: str, seas: frozenset[str], limit: int) -> int | None:
    """Every sea on some chain from ``src`` to ``dst`` (a mask), or None where the search
    takes more than ``limit`` steps.

    The search walks the chains depth first, trying the seas in the order of their ids and
    stopping a chain at the first sea that touches ``dst``. A search for one fleet that
    stops at the first chain with it on reaches that chain within its ``limit`` steps if
    this search does, and else takes the same steps as this one: so "on some chain, or more
    than ``limit`` steps" is its answer for every fleet. Neighbours are mutual.
    """
    bit, near_of = _bits(board)
    if src not in bit or dst not in bit:
        return 0
    sea_mask = 0
    for s in seas:
        sea_mask |= bit.get(s, 0)
    dst_bit = bit[dst]
    src_near = near_of[bit[src].bit_length() - 1]
    later_ok = sea_mask & ~src_near  # a later sea may not touch the start
    steps = [limit]
    found = [0]

    def extend(last: int, path: int, earlier: int) -> None:
        steps[0] -= 1
        if steps[0] < 0:
            raise _TooMany
        around = near_of[last]
        if around & dst_bit:
            found[0] |= path
            return
        # no sea twice, none touching the start, none touching an earlier sea (a short cut)
        cands = around & later_ok & ~path & ~earlier
        earlier |= around
        while cands:
            low = cands & -cands
            cands ^= low
            extend(low.bit_length() - 1, path | low, earlier)

    firsts = src_near & sea_mask
    try:
        while firsts:
            low = firsts & -firsts
            firsts ^= low
            extend(low.bit_length() - 1, low, 0)
    except _TooMany:
        return None
    return found[0]
