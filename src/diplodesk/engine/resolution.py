"""A unit's order as the resolver sees it: what it does, where, and its decision's state.

Small ints and a slotted class, made for every unit of every phase; the movement checks
build them (``movement.Checked`` is one) and the resolver decides them.
"""

from __future__ import annotations

from .board import UnitType


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
        o.route = getattr(self, "route", None)  # unset on a movement.Checked without one
        for k, v in changes.items():
            setattr(o, k, v)
        return o

    def __repr__(self) -> str:
        return f"Ord({Kind.NAMES[self.kind]} {self.prov} -> {self.dest} [{self.target}])"


_NONE: tuple = ()  # shared empty supports/convoys
