"""The movement resolver: Kruijswijk's guess-and-check with a pluggable backup rule.

Every unit has one decision: a move *succeeds*, a support is *given*, a convoy or hold
*stands* (the unit is not dislodged). ``resolve`` guesses, checks, and when a guess feeds
back on itself it tries both answers; if both are consistent the first stands, and if
neither or both differ the cycle is a paradox handed to the backup rule (DATC 5.E).

The outcome is a function of the orders as a set. Without a paradox the consistent answer
is the only one, found from anywhere. Which cycle a search meets first depends on where it
starts, though, so the first time the backup rule is needed the resolution starts again
with the orders in one canonical order (by province); and when the backup rule changes an
order itself (Szykman's rule makes convoying fleets hold), it starts again from nothing, so
that no decision made before the change can stand beside one made after it (a convoy
"fails, paradox" while its army arrives).

The decisions and strengths of DATC section 5.B are in ``strengths.py``, the orders as the
resolver sees them in ``resolution.py``, the backup rules in ``paradox.py``; this module is
the guess-and-check core alone.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from operator import attrgetter

from .board import Board
from .paradox import BackupRule, Restart, szykman_backup
from .resolution import _NONE, CONVOY, HOLD, MOVE, SUPPORT, Kind, Ord
from .strengths import Strengths

__all__ = ["CONVOY", "HOLD", "MOVE", "SUPPORT", "BackupRule", "Kind", "Ord", "Resolver", "szykman_backup"]


_by_province = attrgetter("prov")


class _Reorder(Exception):
    """A cycle needs the backup rule: start again with the orders in canonical order."""

# decision states (plain ints: the resolver's hot path)
_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2

class Resolver(Strengths):
    def __init__(
        self,
        board: Board,
        orders: Mapping[str, Ord],
        backup: BackupRule = szykman_backup,
        blockers: dict[str, int] | None = None,
    ):
        self.board = board
        # Provinces where something that is no order stands in the way of moves, with its
        # strength: an army passing by railroad stands off a unit entering its line.
        self.blockers = blockers or {}
        self.backup = backup
        self.canonical = False  # are the orders taken in the canonical order?
        # Starting again is run()'s to do; a decision read after it (every one is settled
        # by then) never needs it, but would get the backup rule's answer as it stands.
        self.running = False
        self._tables(orders)
        self.deps: list[Ord] = []
        self.guess_reads = 0

    def _tables(self, orders: Mapping[str, Ord]) -> None:
        """Orders by province (each unit's, by its province, as given), moves into each
        province, supports and convoys by the unit they are for, in the order ``orders``
        come (not yet linked to each other)."""
        by_prov = dict(orders)  # a copy of the whole table at once
        moves_into: dict[str, list[Ord]] = defaultdict(list)
        hold_supports: dict[str, list[Ord]] = defaultdict(list)
        linked: list[Ord] = []  # supports and convoys
        for o in by_prov.values():
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
        if self.running and not self.canonical:
            raise _Reorder
        if self.backup(self, cycle) and self.running:
            raise Restart
        return self.resolve(o)

    def settle(self, o: Ord, value: bool) -> None:
        o.result = value
        o.state = _RESOLVED

    def reset(self, o: Ord) -> None:
        o.state = _UNRESOLVED

    def run(self) -> dict[str, bool]:
        # Each restart follows a change the backup rule made to an order, and it changes
        # each order at most once (a convoy disrupted stays so): this ends.
        self.running = True
        while True:
            try:
                out = self._run_once()
                self.running = False
                return out
            except _Reorder:
                orders = sorted(self.by_prov.values(), key=_by_province)
                for o in orders:
                    o.supports = o.convoys = _NONE
                self._tables({o.prov: o for o in orders})
                self.canonical = True
            except Restart:
                pass
            for o in self.by_prov.values():
                o.state = _UNRESOLVED
            self.deps.clear()

    def _run_once(self) -> dict[str, bool]:
        # Most units are attacked by nobody: a hold, convoy or support then stands (a
        # support not void is given), with no guess to make. Most moves are plain (see
        # _plain_move) and need no guess either.
        moves_into = self.moves_into
        out = {}
        for prov, o in self.by_prov.items():
            if o.state != _UNRESOLVED:
                out[prov] = self.resolve(o)
            elif o.kind != MOVE:
                if moves_into.get(prov):
                    out[prov] = self.resolve(o)
                else:
                    o.result = out[prov] = not (o.void and o.kind == SUPPORT)
                    o.state = _RESOLVED
            else:
                plain = self._plain_move(o)
                if plain is None:
                    out[prov] = self.resolve(o)
                else:
                    o.result = out[prov] = plain
                    o.state = _RESOLVED
        return out

    def _plain_move(self, m: Ord) -> bool | None:
        """The decision of a move that reads no other decision, or None. A move of full
        strength with no support, not by convoy, succeeds into a province that is empty,
        that nobody else enters and where nothing stands in the way; it fails into a unit
        that stays where it is and has no support to hold (strength 1 against 1, or 0
        against its own power's). ``move_succeeds`` gives the same, but asks more."""
        if m.convoyed or m.supports or m.base != 1:
            return None
        dest = m.dest
        u = self.by_prov.get(dest)
        if u is None:
            if len(self.moves_into[dest]) == 1 and dest not in self.blockers:
                return True
            return None
        if u.kind != MOVE and not self.hold_supports.get(dest):
            return False
        return None
