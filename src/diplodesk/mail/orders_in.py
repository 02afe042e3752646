"""Orders in for any kind of game: a standard board's by power (:mod:`.intake`), a
Hypereconomic season's by nation and bank (:mod:`.hyper_intake`)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime

from ..engine.position import Position
from .hyper_intake import read_hyper_orders
from .inbox import Received
from .intake import Intake, read_orders
from .roster import Roster


def read_mail(position, roster: Roster, messages: Iterable[Received], accept: Collection[str] = (),
              now: datetime | None = None) -> Intake:
    """Every message matched to its player and read for ``position``, whatever its engine."""
    if isinstance(position, Position):
        return read_orders(position, roster, messages, accept, now)
    return read_hyper_orders(position, roster, messages, accept, now)
