"""Military units changing hands (III.18-20): the checks after the costs, and the hand-over
with the builds, so the old owner pays this season's upkeep (III.19).

A unit built this season may be handed over the same season (III.18): the transfer names it by
the designation its build gives it, the nation's unit builds numbered by place as if all of
them stand (:func:`.builds.planned_units`). A build that fails takes its transfer with it;
another build failing does not change which unit is meant. A unit that changes hands gets its
new owner's next designation (III.10).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from .accounts import held
from .order_text import describe

if TYPE_CHECKING:
    from .model import HUnit
    from .orders import HOrder
    from .season import Season


def fate(o: HOrder) -> str:
    """What a ``de`` or ``tf`` disposes of: a unit, a unit built this season, an installation."""
    if o.unit is not None:
        return o.unit.ref
    return o.note if o.verb == "tf" else f"{o.item} {o.target}"


def check(s: Season) -> None:
    """After the costs: what cannot be handed over."""
    for o in s.live("tf"):
        u = o.unit
        if u is None:  # a unit this season's builds make (III.18)
            if o.note not in s.planned.get(o.nation, {}):
                o.fail("no such unit", f"{o.nation} has no unit {o.note}, and no build of this season "
                       f"would give it that designation (III.10, III.18)")
            elif o.target == o.nation:
                o.fail("illegal", f"{o.note} would already belong to {o.nation}")
        elif held(u.power, u.ref) in s.gone:
            o.fail("demobilised", f"{u.ref} was demobilised this season")
        elif u.type == "N":
            o.fail("illegal", "a National Guard changes hands only with its province (III.20)")
        elif o.target == o.nation:
            o.fail("illegal", f"{u.ref} already belongs to {o.nation}")


def hand_over(s: Season, made: dict[str, HUnit], acquired: Counter[str]) -> None:
    """With the builds (``made``: build order -> the unit it made): each transfer, its unit
    under the receiver's next designation."""
    for o in sorted(s.live("tf"), key=lambda o: (o.nation, fate(o))):
        if o.unit is None:  # built this season: the unit its build made, whatever its number
            b = s.planned[o.nation][o.note]
            u = made.get(b.ref)
            if u is None:
                s.result(o, "fails", "not built", f"{describe(b)} failed, so there is no {o.note} "
                         "to transfer (III.18)")
                continue
        else:
            u = next((x for x in s.units if (x.power, x.ref) == (o.unit.power, o.unit.ref)), None)
        if u is None or held(u.power, u.ref) in s.gone:
            s.result(o, "fails", "gone", f"{o.unit.ref} was lost before the transfer")
            continue
        acquired[o.target] += 1
        new = replace(u, power=o.target, id=f"{acquired[o.target]}{u.type}")
        s.units[s.units.index(u)] = new
        s.ledger.move(held(u.power, u.ref), held(new.power, new.ref), "M",
                      s.ledger.balance(held(u.power, u.ref), "M"),
                      f"{u.ref} of {u.power} transferred to {new.power} as {new.ref}",
                      rule="III.18-19", order=o.ref, step="4.6")
        s.result(o, "succeeds", detail=f"now {new.power}'s {new.ref}")
