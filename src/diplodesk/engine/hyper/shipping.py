"""Divisions shipped by trade (IV.7, GM decision ``d-shipping``).

``tt 12D to Spain via Gaso Nava ap 2 Trs``: each division is a shipment of its own, its Trs read
from T8's division rows for the route's length, and its fee paid like any shipment's (IV.9).
The division does not fight this season: an order of its own fails, and it waits where it
stands through the fighting. After combat it is placed in the receiving terminal, still its
owner's. A military blockade (``bk mil``, or a bare ``bk``) against the sender or the receiver,
or a province of the route conquered this season, stops it; it then stays where it is, and the
fee is not refunded (``trade-failed``). A division that was lost or driven off in the fighting,
or a terminal already full (III.3), leaves it where it is too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from .accounts import held

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


def hold(s: Season) -> None:
    """Before the costs: a division being shipped has no other order this season (IV.7)."""
    shipped = [o for o in s.live("tt") if o.note == "D"]
    times = Counter((o.nation, o.unit.ref) for o in shipped)
    for o in shipped:
        if times[(o.nation, o.unit.ref)] > 1:
            o.fail("invalid", f"{times[(o.nation, o.unit.ref)]} orders ship {o.unit.ref}; none stands")
    for o in s.live():
        if o.military and o.unit is not None and times[(o.nation, o.unit.ref)]:
            o.fail("shipped", f"{o.unit.ref} is shipped this season and cannot fight (IV.7)")


def ship_division(s: Season, o: HOrder, blocked: Callable[..., str | None]) -> None:
    """Step 9 for one shipped division: to the receiving terminal, or it stays.
    ``blocked`` is trade's reading of the season's blockades (IV.5)."""
    u = next((x for x in s.units if (x.power, x.ref) == (o.unit.power, o.unit.ref)), None)
    if u is None or held(u.power, u.ref) in s.gone:
        s.result(o, "fails", "gone", f"{o.unit.ref} was lost before it could be shipped")
        return
    if u.at != o.unit.at:
        s.result(o, "fails", "moved", f"{u.ref} was driven from {o.unit.at} before it could be shipped")
        return
    parties = {o.nation, o.item}
    why = None
    for route in o.routes:
        lost = next((p for p in route if p in s.conquered), None)
        stop = next((p for p in route if blocked(s.blockades, p, "mil", parties)), None)
        if lost is None and stop is None:
            why, terminal = None, route[-1]
            break
        why = (f"{lost} was conquered this season (IV.4)" if lost else
               f"{stop} is blockaded to military shipping by {blocked(s.blockades, stop, 'mil', parties)} (IV.5)")
    if why is not None:
        s.result(o, "fails", "route conquered" if "conquered" in why else "blockaded",
                 f"{why}; {u.ref} stays in {u.at}")
        return
    here = [x for x in s.units if x.province == terminal and held(x.power, x.ref) not in s.gone]
    if len(here) >= s.pack.constants.units_per_province:
        s.result(o, "fails", "full", f"{terminal} holds {len(here)} units (III.3); {u.ref} stays in {u.at}")
        return
    s.units[s.units.index(u)] = replace(u, at=terminal)
    s.result(o, "succeeds", None, f"{u.ref} landed in {terminal}, still {u.power}'s ({o.amount} Trs "
             "applied; it did not fight this season)")
