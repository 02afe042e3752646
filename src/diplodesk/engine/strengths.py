"""The decisions of DATC section 5.B: a move's attack, a unit's hold, a move's defend
and prevent strengths, cut supports, convoy paths.

Written against the resolver's tables (orders by province, moves into each, hold
supports) and its ``resolve``, which settles any decision they read; the resolver is a
:class:`Strengths`. Variants plug in through two knobs of an order: a move's ``base``
strength (0 across a difficult border) and whether it goes by convoy or along a line.
"""

from __future__ import annotations

from collections import deque

from .board import Board
from .resolution import MOVE, SUPPORT, Ord


class Strengths:
    board: Board
    by_prov: dict[str, Ord]
    moves_into: dict[str, list[Ord]]
    hold_supports: dict[str, list[Ord]]
    blockers: dict[str, int]

    def resolve(self, o: Ord) -> bool:  # the resolver's
        raise NotImplementedError

    def adjudicate(self, o: Ord) -> bool:
        if o.kind == MOVE:
            return self.move_succeeds(o)
        if o.kind == SUPPORT:
            return not o.void and not self.support_cut(o) and not self.dislodged(o)
        return not self.dislodged(o)

    def dislodged(self, o: Ord) -> bool:
        """Is the (non-moving, or failed-moving) unit in o.prov beaten out of it?"""
        return any(self.resolve(m) for m in self.moves_into.get(o.prov, ()))

    def opponent(self, m: Ord) -> Ord | None:
        """The unit at m's destination moving the other way, in a head-to-head battle."""
        u = self.by_prov.get(m.dest)
        if (
            u is not None and u.kind == MOVE and u.dest == m.prov
            and not (u.convoyed or m.convoyed or u.rail is not None or m.rail is not None)
            and u.base and m.base  # a difficult crossing, like a convoy, meets nobody head-on
        ):
            return u
        return None

    def path(self, m: Ord) -> bool:
        if not m.convoyed:
            return True
        fleets = {c.prov: c for c in m.convoys if not c.void and not c.disrupted}
        if not fleets:
            return False
        route = getattr(m, "route", None)  # the path the order names, a chain of seas checked before
        if route is not None:
            return all(p in fleets and self.resolve(fleets[p]) for p in route)
        nbrs = self.board.province_neighbours
        seen: set[str] = set()
        queue = deque(p for p in nbrs[m.prov] if p in fleets)
        while queue:
            p = queue.popleft()
            if p in seen:
                continue
            seen.add(p)
            if not self.resolve(fleets[p]):
                continue
            if m.dest in nbrs[p]:
                return True
            queue.extend(n for n in nbrs[p] if n in fleets and n not in seen)
        return False

    def support_count(self, m: Ord, exclude_power: str | None = None) -> int:
        if not m.supports:  # most moves have none
            return 0
        return sum(
            1 for s in m.supports if (exclude_power is None or s.power != exclude_power) and self.resolve(s)
        )

    def hold_strength(self, prov: str) -> int:
        u = self.by_prov.get(prov)
        if u is None:
            return 0
        if u.kind == MOVE:
            return 0 if self.resolve(u) else 1
        return 1 + sum(1 for s in self.hold_supports.get(prov, ()) if self.resolve(s))

    def attack_strength(self, m: Ord) -> int:
        if not self.path(m):
            return 0
        u = self.by_prov.get(m.dest)
        if u is None or (
            u.kind == MOVE and self.opponent(m) is None and self.resolve(u)
        ):
            return m.base + self.support_count(m)
        if u.power == m.power:
            return 0
        return m.base + self.support_count(m, exclude_power=u.power)

    def defend_strength(self, m: Ord) -> int:
        return m.base + self.support_count(m)

    def prevent_strength(self, m: Ord) -> int:
        if not self.path(m):
            return 0
        opp = self.opponent(m)
        if opp is not None and self.resolve(opp):
            return 0
        return m.base + self.support_count(m)

    def vacant(self, m: Ord) -> bool:
        """Is m's destination empty, or left by its unit (not head-on)?"""
        u = self.by_prov.get(m.dest)
        return u is None or (u.kind == MOVE and self.opponent(m) is None and self.resolve(u))

    def move_succeeds(self, m: Ord) -> bool:
        attack = self.attack_strength(m)
        if attack == 0:
            # An unsupported crossing of a difficult border has no strength, yet it may
            # still enter a place that is empty and that nobody else tries to enter.
            if m.base != 0 or not self.path(m) or not self.vacant(m):
                return False
            return m.dest not in self.blockers and all(
                o is m or (o.base != 0 and self.prevent_strength(o) == 0) for o in self.moves_into[m.dest]
            )
        opp = self.opponent(m)
        if opp is not None:
            if attack <= self.defend_strength(opp):
                return False
        elif attack <= self.hold_strength(m.dest):
            return False
        for other in self.moves_into[m.dest]:
            if other is not m and attack <= self.prevent_strength(other):
                return False
        return attack > self.blockers.get(m.dest, 0)

    def support_cut(self, s: Ord) -> bool:
        for m in self.moves_into.get(s.prov, ()):
            if m.power == s.power or m.prov == s.dest:
                continue
            if m.base >= 1:
                if self.path(m):
                    return True
            elif self.attack_strength(m) > 0:
                return True
        return False
