"""A retreat phase: each dislodged unit retreats to a legal place or is disbanded.

Two retreats to the same place both fail and both units are disbanded; a unit with no
order, or with an order to a place it may not go, is disbanded too. A retreat across a
difficult border has no strength: it bans no other retreat, and enters only alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .board import Board, UnitType, province_of
from .borders import closed_provinces, is_difficult
from .orders import Disband, Hold, Move, Retreat, format_order
from .orderset import TextRule, assign_to_units, parse_all
from .outcome import OrderResult, Status
from .phase import PhaseType
from .position import Dislodged, Position, Unit


@dataclass
class RetreatOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]


def retreat_options(board: Board, d: Dislodged, units, contested, season: str) -> list[str]:
    """Where a dislodged unit may retreat: next to it, empty, no standoff, not whence the
    attack came (unless it came by convoy, DATC 4.A.5), not closed this season."""
    u = d.unit
    closed = closed_provinces(board, season)
    if u.type is UnitType.ARMY:
        cands = sorted(board.army_adj.get(u.province, ()))
    else:
        cands = sorted(board.fleet_adj.get(u.loc, ()))
    out = []
    for loc in cands:
        p = province_of(loc)
        if p in units or p in contested or p == d.attacker_from or p in closed:
            continue
        out.append(loc)
    return out


def allowed_retreats(position: Position, d: Dislodged) -> tuple[str, ...]:
    if d.retreats is not None:
        return d.retreats
    return tuple(
        retreat_options(position.board, d, position.units, position.contested, position.phase.season)
    )


def resolve_retreats(position: Position, meaning: TextRule | None = None) -> RetreatOutcome:
    given, results = parse_all(position, PhaseType.RETREAT, meaning)
    dislodged_units = {p: d.unit for p, d in position.dislodged.items()}
    chosen, several = assign_to_units(given, dislodged_units, results)
    board = position.board
    wanted: dict[str, str] = {}  # province of dislodged unit -> retreat location
    pending: dict[str, OrderResult] = {}
    for prov, d in position.dislodged.items():
        u = d.unit
        g = chosen.get(prov)
        if g is None:
            reason = "several orders" if prov in several else "no order"
            results.append(OrderResult(u.power, None, f"{u} D", Status.SUCCEEDS, reason, None, prov))
            continue
        order = g.order
        if isinstance(order, Disband):
            results.append(OrderResult(u.power, g.text, f"{u} D", Status.SUCCEEDS, None, None, prov))
            continue
        if isinstance(order, Move):
            order = Retreat(order.unit, order.loc, order.dest)
        if not isinstance(order, Retreat):
            if isinstance(order, Hold):
                detail = "a dislodged unit cannot hold; it is disbanded"
            else:
                detail = f"a {type(order).__name__.lower()} order in a retreat phase; the unit is disbanded"
            results.append(OrderResult(u.power, g.text, format_order(order), Status.INVALID, "wrong phase", detail, prov))
            continue
        options = allowed_retreats(position, d)
        dest = _match(order.dest, options, board)
        if dest is None:
            detail = f"{u} may retreat to {', '.join(options) if options else 'nowhere'}; it is disbanded"
            results.append(OrderResult(u.power, g.text, format_order(order), Status.INVALID, "illegal", detail, prov))
            continue
        wanted[prov] = dest
        pending[prov] = OrderResult(u.power, g.text, f"{u} R {dest}", Status.SUCCEEDS, None, None, prov)
    # A retreat across a difficult border is unsupported, so it has no effect on where it
    # goes: it bans no other retreat, and enters only where no other retreat goes.
    weak = {prov for prov, dest in wanted.items() if is_difficult(board, prov, province_of(dest))}
    counts = Counter(province_of(loc) for prov, loc in wanted.items() if prov not in weak)
    everyone = Counter(province_of(loc) for loc in wanted.values())
    units = dict(position.units)
    for prov, dest in wanted.items():
        r = pending[prov]
        there = province_of(dest)
        if prov in weak and everyone[there] > 1:
            results.append(OrderResult(r.power, r.text, r.order, Status.FAILS, "bounced",
                                       "another unit retreated there, and a retreat across a difficult "
                                       "border has no strength; it is disbanded", prov))
        elif prov not in weak and counts[there] > 1:
            results.append(OrderResult(r.power, r.text, r.order, Status.FAILS, "bounced",
                                       "another unit retreated there too; both are disbanded", prov))
        else:
            d = position.dislodged[prov]
            units[province_of(dest)] = Unit(d.unit.power, d.unit.type, dest)
            results.append(r)
    return RetreatOutcome(results, units)


def _match(dest: str, options: tuple[str, ...], board) -> str | None:
    """The retreat location meant by ``dest`` (a fleet's coast filled in when only one fits)."""
    if dest in options:
        return dest
    prov = province_of(dest)
    fits = [o for o in options if province_of(o) == prov]
    if "/" in dest:
        # a wrong or needless coast: fine for a province with one choice (DATC 4.B.6)
        return fits[0] if len(fits) == 1 and "/" not in fits[0] else None
    return fits[0] if len(fits) == 1 else None
