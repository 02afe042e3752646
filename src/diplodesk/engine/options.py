"""The orders a unit may legally be given: the engine's answer to "what can I click next?".

The GUI asks here which places light up while an order is being built (as godip's option
trees do); property tests draw random legal orders from here. Legality is checked by the
same :class:`~diplodesk.engine.movement.MovementChecker` that adjudication uses, so the
two can never disagree.
"""

from __future__ import annotations

from . import convoys
from .adjustments import adjustment_counts, free_home_centers
from .board import ProvinceKind, UnitType
from .movement import MovementChecker
from .orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    RailMove,
    Remove,
    Retreat,
    Support,
    Waive,
)
from .outcome import Illegal
from .phase import PhaseType
from .position import Position
from .retreats import allowed_retreats
from .rules import railroad


def _legal(checker, unit, order) -> bool:
    try:
        checker.check(unit, order)
        return True
    except Illegal:
        return False


class _Options:
    """What the options of one position's units share: one checker, and each unit's
    places by land, by sea and by railroad, worked out once however often asked.

    The places are narrowed before the checker sees them, to those it could pass (a
    neighbour, or a coast that a chain of fleets touches: an army may go nowhere else),
    and the checker still has the last word, so the answers are those of checking every
    place on the board, in the same order.
    """

    def __init__(self, position: Position):
        self.pos = position
        self.board = position.board
        self.checker = MovementChecker(position)
        self._moves: dict[str, list[str]] = {}
        self._rails: dict[str, list[str]] = {}

    def by_sea(self, prov: str) -> frozenset[str]:
        """The provinces that some chain of seas with a fleet in them (as the checker
        counts them) leads to from ``prov``."""
        return convoys.sea_reach(self.board, prov, self.checker.seas)

    def move_targets(self, prov: str) -> list[str]:
        hit = self._moves.get(prov)
        if hit is not None:
            return hit
        unit = self.pos.units[prov]
        board = self.board
        if unit.type is UnitType.FLEET:
            cands = sorted(board.fleet_adj.get(unit.loc, ()))
        else:
            near = board.army_adj.get(prov, frozenset())
            if board.is_coastal(prov):
                near = near | self.by_sea(prov)
            cands = sorted(
                p for p in near
                if p != prov and board.provinces[p].kind in (ProvinceKind.LAND, ProvinceKind.COAST)
            )
        checker = self.checker
        hit = self._moves[prov] = [dest for dest in cands if _legal(checker, unit, Move(unit.type, unit.loc, dest))]
        return hit

    def convoy_targets(self, prov: str) -> list[str]:
        unit = self.pos.units[prov]
        board = self.board
        if unit.type is not UnitType.ARMY or not board.is_coastal(prov):
            return []
        seas = convoys.fleet_seas(board, (u.province for u in self.pos.units.values() if u.type is UnitType.FLEET))
        return [
            dest for dest in sorted(board.army_adj.get(prov, ()))
            if board.is_coastal(dest) and convoys.route_exists(board, prov, dest, seas)
        ]

    def rail_targets(self, prov: str) -> list[str]:
        hit = self._rails.get(prov)
        if hit is not None:
            return hit
        unit = self.pos.units[prov]
        out = []
        for line in railroad.lines(self.board):
            if prov in line.provinces:
                for dest in line.provinces:
                    if dest != prov and _legal(self.checker, unit, RailMove(unit.type, unit.loc, dest)):
                        out.append(dest)
        self._rails[prov] = out
        return out

    def movement_options(self, prov: str) -> list[Order]:
        position = self.pos
        unit = position.units[prov]
        board = self.board
        checker = self.checker
        out: list[Order] = [Hold(unit.type, unit.loc)]
        for dest in self.move_targets(prov):
            out.append(Move(unit.type, unit.loc, dest))
        for dest in self.convoy_targets(prov):
            out.append(Move(unit.type, unit.loc, dest, via_convoy=True))
        for dest in self.rail_targets(prov):
            out.append(RailMove(unit.type, unit.loc, dest))
        near = board.province_neighbours[prov] | {prov}
        for other_prov, other in position.units.items():
            if other_prov == prov:
                continue
            s = Support(unit.type, unit.loc, other.type, other.loc, None)
            if other_prov in board.province_neighbours[prov] and _legal(checker, unit, s):
                out.append(s)
            dests = board.province_neighbours[other_prov] & near
            if other.type is UnitType.ARMY and board.is_coastal(other_prov):
                # moves by convoy (and by railroad) can be supported where the supporter reaches
                dests = dests | (set(self.move_targets(other_prov)) & near)
                dests |= set(self.rail_targets(other_prov)) & near
            for dest in sorted(dests):
                if dest == prov:
                    continue
                s = Support(unit.type, unit.loc, other.type, other.loc, dest)
                if _legal(checker, unit, s):
                    out.append(s)
        if unit.type is UnitType.FLEET and board.is_sea(prov):
            out.extend(self.convoys(unit))
        return out

    def convoys(self, unit) -> list[Order]:
        """The convoys the fleet may be ordered: every army on a coast, to every coast.

        A coast no chain of fleets leads to from the army is checked once for them all:
        the search for a chain the fleet is needed on looks the same whichever such coast
        it is after (it never finds its end), so the checker's answer is the same for all.
        """
        board = self.board
        checker = self.checker
        closed = checker.closed
        out: list[Order] = []
        for army_prov, army in self.pos.units.items():
            if army.type is not UnitType.ARMY or not board.is_coastal(army_prov):
                continue
            reach = self.by_sea(army_prov)
            outside = None
            for dest, info in board.provinces.items():
                if info.kind is not ProvinceKind.COAST or dest == army_prov:
                    continue
                c = Convoy(unit.type, unit.loc, UnitType.ARMY, army_prov, dest)
                if dest in reach or dest in closed:
                    if _legal(checker, unit, c):
                        out.append(c)
                    continue
                if outside is None:
                    outside = _legal(checker, unit, c)
                if outside:
                    out.append(c)
        return out


def _context(position: Position) -> _Options:
    """The shared options of this position: the last one asked about (positions are
    values, never changed in place, so what was worked out for it still holds)."""
    ctx = _LAST[0]
    if ctx is None or ctx.pos is not position:
        ctx = _LAST[0] = _Options(position)
    return ctx


_LAST: list[_Options | None] = [None]


def move_targets(position: Position, prov: str) -> list[str]:
    """Places the unit in ``prov`` may be ordered to move to (coasts for fleets)."""
    return list(_context(position).move_targets(prov))


def convoy_targets(position: Position, prov: str) -> list[str]:
    """Neighbouring places the army in ``prov`` could also reach by sea ("via convoy"),
    given the fleets at sea now."""
    return _context(position).convoy_targets(prov)


def rail_targets(position: Position, prov: str) -> list[str]:
    """Where the army in ``prov`` may go by railroad this turn (empty if none)."""
    return list(_context(position).rail_targets(prov))


def choice_options(position: Position, prov: str) -> list[str]:
    """The ways a choice unit may be set up: ``A par``, ``F stp/nc``, ``F stp/sc`` ..."""
    power, at = position.choices[prov]
    board = position.board
    out = []
    if board.can_stand(UnitType.ARMY, prov):
        out.append(f"A {prov}")
    out.extend(f"F {loc}" for loc in board.provinces[prov].locations if board.can_stand(UnitType.FLEET, loc))
    return out


def movement_options(position: Position, prov: str) -> list[Order]:
    """Every legal order for the unit in ``prov`` in a movement phase."""
    return _context(position).movement_options(prov)


def retreat_options(position: Position, prov: str) -> list[Order]:
    d = position.dislodged[prov]
    u = d.unit
    return [Disband(u.type, u.loc)] + [Retreat(u.type, u.loc, loc) for loc in allowed_retreats(position, d)]


def adjustment_options(position: Position, power: str) -> list[Order | Waive]:
    """Builds (every type and coast) or removals open to ``power`` this winter."""
    n = adjustment_counts(position).get(power, 0)
    board = position.board
    out: list[Order | Waive] = []
    if n > 0:
        for c in free_home_centers(position, power):
            p = board.provinces[c]
            out.append(Build(UnitType.ARMY, c))
            if p.kind is ProvinceKind.COAST:
                out.extend(Build(UnitType.FLEET, loc) for loc in p.locations)
        out.append(Waive())
    elif n < 0:
        out.extend(Remove(u.type, u.loc) for u in position.units_of(power))
    return out


def options(position: Position, power: str) -> dict[str, list]:
    """All legal orders of a power this phase, by unit province ("" for builds)."""
    t = position.phase.type
    if t is PhaseType.MOVEMENT:
        return {p: movement_options(position, p) for p, u in position.units.items() if u.power == power}
    if t is PhaseType.RETREAT:
        return {p: retreat_options(position, p) for p, d in position.dislodged.items() if d.unit.power == power}
    return {"": adjustment_options(position, power)}


__all__ = [
    "adjustment_options", "choice_options", "convoy_targets", "move_targets", "movement_options", "options",
    "rail_targets", "retreat_options",
]
