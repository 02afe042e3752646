"""The board as the greedy bot walks it: steps per unit type, and distances to targets.

Worked out once per board (kept beside it, weakly: a board that goes takes them along),
sorted wherever the bot will choose, so that its choices never hang on a set's order.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..engine.board import Board, ProvinceKind, UnitType, province_of
from ..engine.borders import is_difficult

FAR = 1 << 20  # no way there


@dataclass
class Ways:
    """A board's steps and reach for armies and fleets (see :func:`ways_of`)."""

    board: Board
    army_steps: Mapping[str, tuple[str, ...]]  # province -> provinces an army may enter
    fleet_steps: Mapping[str, tuple[str, ...]]  # location -> locations a fleet may enter
    army_reach: Mapping[str, frozenset[str]]  # province -> provinces (for supports)
    fleet_reach: Mapping[str, frozenset[str]]  # location -> provinces (for supports)
    homes: Mapping[str, tuple[str, ...]]  # power -> its home centres
    centers: tuple[str, ...]
    fleet_spots: Mapping[str, tuple[str, ...]]  # province -> where a fleet may stand in it
    army_spot: frozenset[str]  # provinces an army may stand in
    difficult: bool  # has the board any difficult border?
    _distances: dict = field(default_factory=dict, repr=False)

    def steps(self, utype: UnitType, loc: str) -> tuple[str, ...]:
        return self.army_steps.get(loc, ()) if utype is UnitType.ARMY else self.fleet_steps.get(loc, ())

    def reach(self, utype: UnitType, loc: str) -> frozenset[str]:
        return self.army_reach.get(loc, _NONE) if utype is UnitType.ARMY else self.fleet_reach.get(loc, _NONE)

    def can_support_into(self, utype: UnitType, loc: str, prov: str) -> bool:
        """Could the unit at ``loc`` support a move into (or a hold in) ``prov``? Closed
        provinces are the caller's to rule out."""
        here = province_of(loc)
        return prov in self.reach(utype, loc) and not (self.difficult and is_difficult(self.board, here, prov))

    def distances(self, targets: Iterable[str]) -> tuple[dict[str, int], dict[str, int]]:
        """Moves from each province (armies) and each location (fleets) to the nearest of
        ``targets``, remembered per set of targets (a power's change only after a fall)."""
        key = frozenset(targets)
        hit = self._distances.get(key)
        if hit is None:
            if len(self._distances) > 4096:
                self._distances.clear()
            hit = self._distances[key] = (_walk(self.army_steps, [t for t in sorted(key) if t in self.army_spot]),
                                          _walk(self.fleet_steps, [s for t in sorted(key)
                                                                   for s in self.fleet_spots.get(t, ())]))
        return hit


_NONE: frozenset[str] = frozenset()


def _walk(steps: Mapping[str, tuple[str, ...]], sources: list[str]) -> dict[str, int]:
    """Breadth first from the sources over a symmetric graph: the distance of every node."""
    dist = dict.fromkeys(sources, 0)
    queue = deque(sources)
    while queue:
        here = queue.popleft()
        d = dist[here] + 1
        for n in steps.get(here, ()):
            if n not in dist:
                dist[n] = d
                queue.append(n)
    return dist


_WAYS: weakref.WeakKeyDictionary[Board, Ways] = weakref.WeakKeyDictionary()


def ways_of(board: Board) -> Ways:
    hit = _WAYS.get(board)
    if hit is None:
        hit = _WAYS[board] = _build(board)
    return hit


def _build(board: Board) -> Ways:
    provs = board.provinces
    walkable = {p for p, info in provs.items() if info.kind in (ProvinceKind.LAND, ProvinceKind.COAST)}
    army_steps = {p: tuple(sorted(n for n in board.army_adj.get(p, ()) if n in walkable)) for p in sorted(walkable)}
    fleet_steps = {loc: tuple(sorted(adj)) for loc, adj in sorted(board.fleet_adj.items())}
    homes: dict[str, list[str]] = {}
    for c in sorted(board.centers):
        if provs[c].home:
            homes.setdefault(provs[c].home, []).append(c)
    fleet_spots = {p: tuple(loc for loc in info.locations if board.can_stand(UnitType.FLEET, loc))
                   for p, info in provs.items()}
    return Ways(
        board=board,
        army_steps=army_steps,
        fleet_steps=fleet_steps,
        army_reach={p: frozenset(s) for p, s in army_steps.items()},
        fleet_reach={loc: frozenset(province_of(x) for x in s) for loc, s in fleet_steps.items()},
        homes={p: tuple(cs) for p, cs in homes.items()},
        centers=tuple(sorted(board.centers)),
        fleet_spots={p: s for p, s in fleet_spots.items() if s},
        army_spot=frozenset(walkable),
        difficult=bool(board.specials_of("difficult")),
    )
