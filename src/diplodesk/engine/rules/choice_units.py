"""Choice units (Woolworth IIA): a start unit whose owner picks army or fleet later.

The choice is revealed with the first movement orders: the order given to the unit says
its type (``F stp/sc - bot`` makes a fleet on the south coast, ``A smy - con`` an army).
An order without a type, or no order at all, leaves the unit an army when an army can stand
there (the GM may always set it by hand); a fleet in a two-coast province takes the coast
its order names, or the one from which its move can be made.
"""

from __future__ import annotations

from ..board import UnitType, province_of
from ..orders import Move, OrderParseError, parse_order
from ..orderset import power_words
from ..outcome import OrderResult, Status
from ..phase import PhaseType
from ..position import Position, Unit


def reveal(position: Position) -> tuple[Position, list[OrderResult]]:
    """The position with every choice unit given its type, and a result line for each."""
    if not position.choices:
        return position, []
    board = position.board
    words = power_words(position)
    units = dict(position.units)
    lines: list[OrderResult] = []
    for prov, (power, at) in position.choices.items():
        chosen: Unit | None = None
        for text in position.orders.get(power, ()):
            try:
                order = parse_order(text, board, PhaseType.MOVEMENT, words)
            except OrderParseError:
                continue
            if getattr(order, "province", None) != prov or order.unit is None:
                continue
            chosen = _place(board, power, order.unit, order.loc, order)
            if chosen is not None:
                break
        how = "chosen with the orders"
        if chosen is None:
            chosen = _place(board, power, UnitType.ARMY, at, None) or _place(board, power, UnitType.FLEET, at, None)
            how = "no choice given: the default"
        units[prov] = chosen
        lines.append(OrderResult(power, None, f"{chosen}", Status.SUCCEEDS, "revealed", how, prov))
    return position.evolve(units=units, choices={}), lines


def _place(board, power: str, utype: UnitType, loc: str, order) -> Unit | None:
    prov = province_of(loc)
    p = board.provinces[prov]
    if utype is UnitType.ARMY:
        return Unit(power, utype, prov) if board.can_stand(utype, prov) else None
    if not p.coasts:
        return Unit(power, utype, prov) if board.can_stand(utype, prov) else None
    if "/" in loc and board.can_stand(utype, loc):
        return Unit(power, utype, loc)
    if isinstance(order, Move):
        fits = [c for c in p.locations if board.fleet_targets(c, province_of(order.dest))]
        if len(fits) == 1:
            return Unit(power, utype, fits[0])
    return Unit(power, utype, p.locations[0])
