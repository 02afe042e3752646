"""Transport factors lent to a trade (IV.8).

Any nation's Trs may carry a trade: the sender writes ``ap 4 Trs of Italy`` and Italy
``ap 4 Trs to France``; both must be ordered (IX.2). Trs of a nation that is neither the sender
nor the receiver must first reach one of the trade's terminal provinces: the sender names their
route, ``ap 4 Trs of Italy by Piem Lyon Gaso``, from the lender's land, and carrying them there
takes Trs of the lender's too, read from T8 for those Trs over that route. Italy's order must
lend them all, those carried and those carrying. A blockade (of trade, against the lender or
the sender) or a conquest on that route stops the trade like one on its own route. The Trs end
the season where they began (unless their owner re-allocates them, :mod:`.transfers`). A
located government in exile's Trs are in its host nation (II.8).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import hosted
from .routes import weighted

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


def bring(s: Season, o: HOrder, receiver: str, given: int) -> int | None:
    """The lender's Trs needed to bring ``given`` Trs to a terminal; None when the trade fails."""
    if o.lender is None or o.lender in (o.nation, receiver):
        return 0
    home = hosted.land(s, o.lender)  # a located GIE's Trs are in its host nation (II.8)
    if home in (o.nation, receiver):
        return 0
    if o.lender not in s.pos.nations:
        o.fail("illegal", f"{o.lender} has no Trs to lend (IV.8)")
        return None
    route, ends = o.lend_route, {o.routes[0][0], o.routes[0][-1]}
    start = s.pos.provinces.get(route[0]) if route else None
    nbrs = s.pos.board.province_neighbours
    if start is None or start.de_facto != home or route[-1] not in ends \
            or not all(b in nbrs.get(a, ()) for a, b in zip(route, route[1:], strict=False)):
        o.fail("illegal", f"{o.lender}'s Trs start outside both nations: name their route from "
               f"{o.lender}'s land to {' or '.join(sorted(ends))}, ap {given} Trs of {o.lender} by ... (IV.8)")
        return None
    extra = s.pack.trade.trs_for(given, weighted(s.pos.board, route))
    if extra is None:
        o.fail("illegal", f"T8 has no row for {given} Trs over {'-'.join(route)} (IV.8)")
        return None
    o.lend_extra = extra
    return extra


def agreed(s: Season, trades: list[HOrder]) -> None:
    """Every loan needs the lender's ``ap N Trs to SENDER`` for all it lends."""
    offered: Counter[tuple[str, str]] = Counter()
    for a in s.live("ap"):
        offered[(a.nation, a.target)] += a.count
    asked: Counter[tuple[str, str]] = Counter()
    for o in trades:
        if o.lender and o.lender != o.nation:
            asked[(o.lender, o.nation)] += o.amount + o.lend_extra
    for o in trades:
        if o.lender and o.lender != o.nation and asked[(o.lender, o.nation)] > offered[(o.lender, o.nation)]:
            o.fail("not lent", f"{o.lender} lends {offered[(o.lender, o.nation)]} Trs to {o.nation}; its trades "
                   f"ask {asked[(o.lender, o.nation)]} (IV.8)")


def unused(s: Season) -> None:
    """After the trades are costed: a loan no trade of the borrower's took was not used."""
    trades = [o for o in s.live("tt") if o.lender]
    for a in s.live("ap"):
        if not any(o.lender == a.nation and o.nation == a.target for o in trades):
            a.fail("not used", f"no trade of {a.target} applies {a.nation}'s Trs (IV.8)")


def stopped(s: Season, o: HOrder, blocked: Callable[..., str | None]) -> str | None:
    """Why the lent Trs never reached the trade, if they did not (IV.4, IV.5, IV.8)."""
    if not o.lend_route or o.lender in (o.nation, o.item):
        return None
    parties = {o.lender, o.nation}
    lost = next((p for p in o.lend_route if p in s.conquered), None)
    if lost is not None:
        return f"{lost}, on the way of {o.lender}'s Trs, was conquered this season (IV.4, IV.8)"
    stop = next((p for p in o.lend_route if blocked(s.blockades, p, "trade", parties)), None)
    if stop is not None:
        return (f"{stop}, on the way of {o.lender}'s Trs, is blockaded by "
                f"{blocked(s.blockades, stop, 'trade', parties)} (IV.5, IV.8)")
    return None
