"""The hook by which a rule adds a kind of movement: its orders, their checks, and the
right to settle the turn again once it is resolved.

The core (order checks, movement) knows this hook and no mechanism. A rule module of
``rules/`` registers one for the order type it brings (Colonial's railroad:
``A oms TSR vla``); the engine's package imports ``rules`` before anything runs, so every
mechanism is known by the time a position is read. The other variant mechanisms are data
the resolver reads as knobs (``borders.py``) and need no hook.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .board import Board
    from .movement import Checked, MovementChecker
    from .outcome import OrderResult
    from .position import Position, Unit
    from .resolver import Ord, Resolver

# Resolve the turn again with these orders and these provinces held against moves (with
# the strength each holds with): (orders by province, blockers) -> (resolver, outcomes).
Resolve = Callable[[dict[str, "Ord"], dict[str, int]], tuple["Resolver", dict[str, bool]]]


@dataclass
class Settled:
    """The turn as a mechanism finally leaves it: the resolver and its orders and outcomes,
    provinces held against moves (a standoff there leaves them empty), and result lines
    that replace the usual ones, by province."""

    resolver: Resolver
    orders: dict[str, Ord]
    ok: dict[str, bool]
    blockers: dict[str, int] = field(default_factory=dict)
    lines: dict[str, OrderResult] = field(default_factory=dict)


class Mechanism:
    """A kind of movement order; every hook but ``check`` may be left as it is."""

    order_type: type

    def check(self, checker: MovementChecker, unit: Unit, order: Any) -> tuple[Ord, Any, str | None]:
        """The resolver's order and the order as it stands, or raise Illegal."""
        raise NotImplementedError

    def carries(self, board: Board, power: str, src: str, dest: str) -> bool:
        """Could an army of ``power`` go from src to dest by this mechanism (so that a
        support of that move needs no convoy)?"""
        return False

    def one_mover(self, position: Position, checked: dict[str, Checked]) -> Checked | None:
        """After the checks: the unit that uses the mechanism this turn (others may be
        made to hold), or None."""
        return None

    def settle(self, position: Position, checked: dict[str, Checked], mover: Checked,
               first: Settled, resolve: Resolve) -> Settled:
        """The turn as it finally stands, given its first resolution."""
        return first


_BY_ORDER: dict[type, Mechanism] = {}


def register(mechanism: Mechanism) -> Mechanism:
    _BY_ORDER[mechanism.order_type] = mechanism
    return mechanism


def for_order(order_type: type) -> Mechanism | None:
    return _BY_ORDER.get(order_type)


def registered() -> tuple[Mechanism, ...]:
    return tuple(_BY_ORDER.values())
