"""The movement resolver: Kruijswijk's guess-and-check with a pluggable backup rule.

Every unit has one decision: a move *succeeds*, a support is *given*, a convoy or hold
*stands* (the unit is not dislodged). ``resolve`` guesses, checks, and when a guess feeds
back on itself it tries both answers; if both are consistent the first stands, and if
neither or both differ the cycle is a paradox handed to the backup rule (DATC 5.E).

The outcome is a function of the orders as a set. Which cycle a search meets first depends
on where it starts, so the orders are taken in one canonical order (by province); and when
the backup rule changes an order itself (Szykman's rule makes convoying fleets hold), the
resolution starts again from nothing, so that no decision made before the change can stand
beside one made after it (a convoy "fails, paradox" while its army arrives).

The strengths follow DATC section 5.B. Two generic knobs let variants plug in without
forking the core: a move's ``base`` strength (1, or 0 across a difficult border) and
whether it travels by convoy (its path is then a decision of its own).
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable

from .board import Board, UnitType


class Kind:
    """What a unit does, for the resolver. Small ints, and the hot paths use the module
    constants below: comparing ints and reading globals is cheaper than comparing
    strings and reading class attributes."""

    HOLD = 0
    MOVE = 1
    SUPPORT = 2
    CONVOY = 3

    NAMES = ("hold", "move", "support", "convoy")


HOLD, MOVE, SUPPORT, CONVOY = Kind.HOLD, Kind.MOVE, Kind.SUPPORT, Kind.CONVOY


class Ord:
    """One unit's effective order, as the resolver sees it (provinces, not coasts).

    A plain slotted class, not a dataclass: one is made for every unit of every phase,
    and the supports and convoys lists are made only for the orders that receive some.
    """

    __slots__ = ("kind", "prov", "power", "utype", "dest", "target", "convoyed", "base", "dest_loc", "rail",
                 "route", "void", "disrupted", "supports", "convoys", "state", "result")

    def __init__(self, kind: int, prov: str, power: str, utype: UnitType, dest: str | None = None,
                 target: str | None = None, convoyed: bool = False, base: int = 1,
                 dest_loc: str | None = None, rail: tuple[str, ...] | None = None, void: bool = False):
        self.kind = kind  # a Kind
        self.prov = prov
        self.power = power
        self.utype = utype
        self.dest = dest  # move: target province; support/convoy: supported move's target
        self.target = target  # support/convoy: the supported or convoyed unit's province
        self.convoyed = convoyed  # move: travels by convoy (path decision applies)
        self.base = base  # move: strength before supports (0 across a difficult border)
        self.dest_loc = dest_loc  # move: exact destination; support: the coast it names, if any
        self.rail = rail  # move by railroad: the provinces passed on the way
        self.route: tuple[str, ...] | None = None  # convoyed move: only these fleets may carry it
        self.void = void  # support/convoy: does not match what the other unit does
        self.disrupted = False  # convoy: made to hold by the Szykman rule
        # filled by the resolver
        self.supports: list[Ord] | tuple = _NONE
        self.convoys: list[Ord] | tuple = _NONE
        self.state = 0  # the decision: unresolved, guessing or resolved
        self.result = False

    def fresh(self, **changes) -> Ord:
        """A copy for another resolution: the resolver's fields cleared, some fields changed."""
        o = Ord(self.kind, self.prov, self.power, self.utype, self.dest, self.target, self.convoyed, self.base,
                self.dest_loc, self.rail, self.void)
        o.route = self.route
        for k, v in changes.items():
            setattr(o, k, v)
        return o

    def __repr__(self) -> str:
        return f"Ord({Kind.NAMES[self.kind]} {self.prov} -> {self.dest} [{self.target}])"


_NONE: tuple = ()  # shared empty supports/convoys


def _by_province(o: Ord) -> str:
    return o.prov


# decision states (plain ints: the resolver's hot path)
_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2


BackupRule = Callable[["Resolver", list["Ord"]], bool]
"""Settles a paradoxical cycle. It returns True when it changed orders rather than
decisions: the resolver then starts again with the changed orders."""


class _Restart(Exception):
    """A backup rule changed an order: every decision made so far may rest on the old one."""


def szykman_backup(res: Resolver, cycle: list[Ord]) -> bool:
    """DATC 4.A.2 preferred: a convoy paradox makes the convoying fleets in it hold;
    a cycle of moves with no convoy in it is circular movement, and all its moves succeed."""
    convoys = [o for o in cycle if o.kind == CONVOY]
    if convoys:
        for c in convoys:
            c.disrupted = True
        return True
    for o in cycle:
        if o.kind == MOVE:
            res.settle(o, True)
        else:
            res.reset(o)
    return False


class Resolver:
    def __init__(
        self,
        board: Board,
        orders: list[Ord],
        backup: BackupRule = szykman_backup,
        blockers: dict[str, int] | None = None,
    ):
        self.board = board
        # Provinces where something that is no order stands in the way of moves, with its
        # strength: an army passing by railroad stands off a unit entering its line.
        self.blockers = blockers or {}
        self.backup = backup
        by_prov: dict[str, Ord] = {}
        moves_into: dict[str, list[Ord]] = defaultdict(list)
        hold_supports: dict[str, list[Ord]] = defaultdict(list)
        linked: list[Ord] = []  # supports and convoys
        for o in sorted(orders, key=_by_province):
            by_prov[o.prov] = o
            o.state = _UNRESOLVED
            if o.kind == MOVE:
                moves_into[o.dest].append(o)
            elif o.kind != HOLD and not o.void:
                linked.append(o)
        for o in linked:
            t = by_prov.get(o.target)
            if o.kind == SUPPORT:
                if t is None:
                    o.void = True
                elif o.dest is None:
                    hold_supports[o.target].append(o)
                elif t.supports:
                    t.supports.append(o)
                else:
                    t.supports = [o]
            elif t is not None:  # a convoy
                if t.convoys:
                    t.convoys.append(o)
                else:
                    t.convoys = [o]
        self.by_prov = by_prov
        self.moves_into = moves_into
        self.hold_supports = hold_supports
        self.deps: list[Ord] = []
        self.guess_reads = 0

    # -- the guess-and-check core ----------------------------------------------------------

    def resolve(self, o: Ord) -> bool:
        # The decision's state lives on the order itself (this is the hottest path).
        st = o.state
        if st == _RESOLVED:
            return o.result
        if st == _GUESSING:
            # Count every read of a guess: a decision that read one is not final, even
            # when the guess it read is already on the dependency list.
            self.guess_reads += 1
            if o not in self.deps:
                self.deps.append(o)
            return o.result
        deps = self.deps
        old = len(deps)
        reads = self.guess_reads
        o.result = False
        o.state = _GUESSING
        first = self.adjudicate(o)
        if self.guess_reads == reads:
            if o.state != _RESOLVED:
                o.result = first
                o.state = _RESOLVED
            return o.result
        if len(deps) == old or deps[old] is not o:
            # part of a cycle whose head is further up: keep the guess for now
            if o not in deps:
                deps.append(o)
            o.result = first
            return first
        # o heads a cycle: try the other guess
        for d in deps[old:]:
            d.state = _UNRESOLVED
        del deps[old:]
        o.result = True
        o.state = _GUESSING
        second = self.adjudicate(o)
        if first == second:
            for d in deps[old:]:
                d.state = _UNRESOLVED
            del deps[old:]
            o.result = first
            o.state = _RESOLVED
            return first
        cycle = list(deps[old:])
        if o not in cycle:
            cycle.insert(0, o)
        del deps[old:]
        if self.backup(self, cycle):
            raise _Restart
        return self.resolve(o)

    def settle(self, o: Ord, value: bool) -> None:
        o.result = value
        o.state = _RESOLVED

    def reset(self, o: Ord) -> None:
        o.state = _UNRESOLVED

    def run(self) -> dict[str, bool]:
        # Each restart follows a change the backup rule made to an order, and it changes
        # each order at most once (a convoy disrupted stays so): this ends.
        while True:
            try:
                return self._run_once()
            except _Restart:
                for o in self.by_prov.values():
                    o.state = _UNRESOLVED
                self.deps.clear()

    def _run_once(self) -> dict[str, bool]:
        # Most units are attacked by nobody: a hold, convoy or support then stands (a
        # support not void is given), with no guess to make.
        moves_into = self.moves_into
        out = {}
        for prov, o in self.by_prov.items():
            if o.kind != MOVE and o.state == _UNRESOLVED and not moves_into.get(prov):
                o.result = out[prov] = not (o.void and o.kind == SUPPORT)
                o.state = _RESOLVED
            else:
                out[prov] = self.resolve(o)
        return out

    # -- decisions -------------------------------------------------------------------------

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
        if m.route is not None:  # the path the order names, a chain of seas checked before
            return all(p in fleets and self.resolve(fleets[p]) for p in m.route)
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
