"""Backup rules: what settles a cycle of decisions that has no answer, or two (DATC 4.A.2).

A backup rule is handed the decisions of the cycle. It may settle decisions (circular
movement: every move succeeds) or change orders (Szykman: the convoys in the paradox are
disrupted), and returns True when it changed orders: the resolver then starts again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .resolution import CONVOY, MOVE, Ord

if TYPE_CHECKING:
    from .resolver import Resolver

BackupRule = Callable[["Resolver", list["Ord"]], bool]
"""Settles a paradoxical cycle. It returns True when it changed orders rather than
decisions: the resolver then starts again with the changed orders."""


class Restart(Exception):
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
