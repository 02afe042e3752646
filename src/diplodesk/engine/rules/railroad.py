"""Railroads (Colonial's Trans-Siberian Railroad), as a generic mechanism.

A railroad is an ordered line of provinces that the powers named may use: one army a turn
goes from any province of the line to any other (``A oms TSR vla``). It attacks its
destination as if from next door and may be supported there, never on the way. The line is
*broken* between start and destination by a foreign unit that stays or arrives there, by a
defending unit of the army's own power that is dislodged, or by a foreign-owned centre; the
army then stops in the nearest free province before the break (a foreign-owned centre
makes the order illegal beyond it). The army itself stands in the way of a foreign unit
entering the line while it passes, so they stand off where they first meet.

:class:`Railroad` is the mechanism (``engine/mechanisms.py``): it checks ``TSR`` orders, keeps
the line to one army a turn, and settles where the army stops by resolving the turn,
looking for the first break on the way, and resolving again with the army stopped before
it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board, UnitType, province_of
from ..mechanisms import Mechanism, Resolve, Settled, register
from ..movement import Checked, MovementChecker
from ..orders import RailMove, format_order
from ..outcome import Illegal, OrderResult, Status
from ..position import Position, Unit
from ..resolver import HOLD, MOVE, SUPPORT, Ord, Resolver


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


class Railroad(Mechanism):
    order_type = RailMove

    def check(self, checker: MovementChecker, unit: Unit, order: RailMove) -> tuple[Ord, RailMove, str]:
        checker.uncacheable = True  # depends on who owns the centres on the line: don't remember it
        prov, dest = unit.province, province_of(order.dest)
        line = line_for(checker.board, prov, dest)
        if line is None or dest == prov:
            raise Illegal("illegal", f"no railroad runs from {prov} to {dest}")
        if unit.type is not UnitType.ARMY:
            raise Illegal("illegal", f"only armies may use the {line.name}")
        if line.powers and unit.power not in line.powers:
            raise Illegal("illegal", f"only {', '.join(sorted(line.powers))} may use the {line.name}")
        if dest in checker.closed:
            raise Illegal("illegal", f"{dest} is closed this season")
        on_the_way = line.between(prov, dest)
        for p in on_the_way:
            owner = checker.pos.centers.get(p)
            if owner is not None and owner != unit.power and checker.board.provinces[p].center:
                raise Illegal("illegal", f"the {line.name} is broken at {p}, a centre of {owner}")
        o = Ord(MOVE, prov, unit.power, unit.type, dest=dest, dest_loc=dest, rail=on_the_way)
        return o, RailMove(unit.type, unit.loc, dest), dest

    def carries(self, board: Board, power: str, src: str, dest: str) -> bool:
        line = line_for(board, src, dest)
        return bool(line) and (not line.powers or power in line.powers)

    def one_mover(self, position: Position, checked: dict[str, Checked]) -> Checked | None:
        """Only one army a turn may use a railroad line: the first ordered keeps it."""
        used: set[tuple[str, ...]] = set()
        for prov, c in checked.items():
            if c.rail is None:
                continue
            line = line_for(position.board, prov, c.dest)
            key = line.provinces if line else ()
            if key in used:
                c.make_hold(Illegal("illegal", "only one army a turn may use the railroad"))
            used.add(key)
        return next((c for c in checked.values() if c.rail is not None), None)

    def settle(self, position: Position, checked: dict[str, Checked], mover: Checked,
               first: Settled, resolve: Resolve) -> Settled:
        stop: str | None = None  # where the army stops short of its destination
        blockers: dict[str, int] = {}
        res, ords, ok = first.resolver, first.orders, first.ok
        for _ in range(len(mover.rail) + 2):
            found = _break(position, mover, res, ords, stop)
            if found is None:
                break
            where, strength, stop = found
            blockers[where] = max(blockers.get(where, 0), strength)
            ords = _stopped(checked, mover, stop)
            res, ok = resolve(ords, blockers)
        lines = {}
        if stop is not None:
            lines[mover.prov] = OrderResult(mover.power, mover.text, format_order(mover.order), Status.FAILS,
                                            "interrupted", f"the railroad move stopped in {stop}", mover.prov)
        return Settled(res, ords, ok, blockers, lines)


register(Railroad())


def _stopped(checked: dict[str, Checked], rail: Checked, stop: str) -> dict[str, Ord]:
    """Fresh orders for another resolution, the railroad army going only to ``stop`` (and
    supports of its old move void)."""
    ords: dict[str, Ord] = {}
    for prov, c in checked.items():
        o: Ord = c
        if prov == rail.prov:
            o = (Ord(HOLD, prov, o.power, o.utype) if stop == prov
                 else o.fresh(dest=stop, dest_loc=stop, rail=o.rail[: o.rail.index(stop)]))
        elif o.kind == SUPPORT and o.target == rail.prov and o.dest != stop:
            o = o.fresh(void=True)
        ords[prov] = o.fresh() if o is c else o
    return ords


def _break(position: Position, rail: Checked, res: Resolver, ords: dict[str, Ord], stop: str | None):
    """The first break on a railroad army's way, as (province, strength to stand off with,
    where the army stops), or None if it goes as far as it now tries to."""
    o = ords[rail.prov]
    power = rail.unit.power
    dest = rail.dest
    way = rail.rail
    end: dict[str, Ord] = {}  # who is where after this resolution (the railroad army aside)
    for x in ords.values():
        if x is not o and x.kind == MOVE and res.resolve(x):
            end[x.dest] = x
    for p, x in ords.items():
        if x is not o and p not in end and not (x.kind == MOVE and res.resolve(x)):
            end[p] = x
    reach = way if stop is None else way[: way.index(stop)] if stop in way else ()
    for i, p in enumerate(reach):
        x = end.get(p)
        defender = ords.get(p)
        # a defending unit of the army's own power keeps the line open unless dislodged
        if (x is not None and x.power != power) or (
            defender is not None and defender.power == power and x is not defender
            and not (defender.kind == MOVE and res.resolve(defender))
        ):
            return p, 1, _stop_before(rail, way, i, end)
    if stop is None and o.kind == MOVE and not res.resolve(o):
        # beaten at the destination: it stops on the way, still standing off the others there
        return dest, max(res.prevent_strength(o), 1), _stop_before(rail, way, len(way), end)
    return None


def _stop_before(rail: Checked, way: tuple[str, ...], i: int, end: dict) -> str:
    """The nearest province before way[i] where the army can end its turn."""
    for p in reversed(way[:i]):
        if p not in end:
            return p
    return rail.prov
