"""Trade (IV): factors and gold shipped along a route, blockades, transport factors, fees.

A trade names a route, a chain of provinces from one of the sender's to one of the receiver's,
and may name an alternative for when the first fails. Gold needs only the route (a fiscal
trade). M, A and I need transport factors applied as T8 says for the load and the route's
length (a sea counting two), and a fee of $½ for every ten of them or part (IV.9). A route
fails if a province on it was conquered this season (IV.4), or is blockaded against the sender
or the receiver by its owner or by a task force that was in the sea at the start of the season
(IV.5). Goods of a trade that fails go back to the sender; its fee is not refunded [A].
A shipped division (IV.7) is its own shipment, by :mod:`.shipping`; transport factors lent by
a third nation (IV.8) are :mod:`.lent`'s.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from ..money import ceil_div
from . import hosted, lent, shipping
from .accounts import stock
from .banking import on_hand
from .costs import CostItem
from .orders import describe
from .routes import weighted

if TYPE_CHECKING:
    from .season import Season

KINDS = ("trade", "mil", "fish")


def blockades(s: Season) -> dict[str, list[tuple[str, frozenset[str], frozenset[str]]]]:
    """Province -> (blockader, kinds, against: empty for everyone) of this season's ``bk``."""
    out: dict[str, list] = defaultdict(list)
    seas_held = {(u.power, u.province) for u in s.pos.units if u.type == "T"}  # at the start (IV.5)
    for o in s.live("bk"):
        prov = o.target
        st = s.pos.provinces.get(prov)
        own = st is not None and st.de_facto == o.nation
        if not own and not (s.pos.board.is_sea(prov) and (o.nation, prov) in seas_held):
            o.fail("illegal", f"{o.nation} may blockade only its own provinces, or a sea its task force "
                   "held at the start of the season (IV.5)")
            continue
        out[prov].append((o.nation, frozenset(o.categories), frozenset(o.note.split(",")) - {""}))
        s.result(o, "succeeds")
    return out


def blocked(bks, prov: str, kind: str, parties: set[str]) -> str | None:
    """The nation blockading ``prov`` against one of ``parties`` for ``kind``, if any."""
    for who, kinds, against in bks.get(prov, ()):
        if who in parties or kind not in kinds:
            continue
        if not against or against & parties:
            return who
    return None


def cost_items(s: Season) -> list[CostItem]:
    rules, board = s.pack.trade, s.pos.board
    items = []
    applied: Counter[str] = Counter()
    plans = []
    for o in s.live("tt"):
        if not _bank_ends(s, o):
            continue
        sender, receiver = _land(s, o.nation), o.item
        if receiver == sender or receiver not in s.pos.nations:
            o.fail("illegal", "a trade is between two distinct nations (IV.10)")
            continue
        bad = next((r for r in o.routes if not _route_ok(s, r, sender, _land(s, receiver))), None)
        if bad is not None:
            o.fail("illegal", f"the route {'-'.join(bad)} is not a chain of provinces from {sender}'s "
                   f"land to {receiver}'s (IV.4)")
            continue
        if o.note == "gold":
            plans.append((o, 0))
            continue
        if o.note == "D" and any(r[0] != o.unit.province for r in o.routes):
            o.fail("illegal", f"{o.unit.ref}'s route starts where it stands, {o.unit.province} (IV.7)")
            continue
        length = max(weighted(board, r) for r in o.routes)
        needed = rules.trs_for_d(length) if o.note == "D" else rules.trs_for(o.count, length)
        if needed is None:
            o.fail("illegal", f"T8 has no row for {o.count} over that route: split the shipment")
            continue
        given = o.amount if o.amount else needed
        if given < needed:
            o.fail("illegal", f"{o.count}{o.note} over that route needs {needed} Trs (T8); {given} applied")
            continue
        bring = lent.bring(s, o, receiver, given)
        if bring is None:
            continue
        applied[o.lender or o.nation] += given + bring
        plans.append((o, given))
    lent.agreed(s, [o for o, _trs in plans])
    plans = [(o, trs) for o, trs in plans if not o.error]
    same: Counter[str] = Counter()
    for o, _trs in sorted(plans, key=lambda p: (p[0].nation, describe(p[0]))):
        key = f"trade:{o.nation}:{describe(o)}"
        same[key] += 1  # identical lines are alike, so their numbering cannot depend on order
        o.account = f"{key}#{same[key]}"
    for o, trs in plans:
        owner = o.lender or o.nation
        if trs and applied[owner] > s.pos.nations[owner].trs:  # gold needs only a route (IV.2)
            o.fail("illegal", f"{owner}'s trades apply {applied[owner]} Trs; it has "
                   f"{s.pos.nations[owner].trs} (IV.6, IV.8)")
            continue
        factor = "gold" if o.note == "gold" else o.note
        qty = o.count * (2 if factor == "gold" else 1)
        if factor != "D":  # a division ships itself: only its fee is paid (IV.7, IV.9)
            items.append(CostItem(_account(s, o.nation), {factor: qty}, "tt.goods", f"{o.count}{'$' if factor == 'gold' else factor} "
                              f"shipped to {o.item}", o.nation, "IV.1", "", o.ref, f"tt {o.item} {o.count}{factor}",
                                  dest=o.account))
        o.amount = trs
        if trs:
            fee = ceil_div(trs, rules.fee_per) * rules.fee
            items.append(CostItem(o.nation, {"gold": fee}, "tt.fee", f"shipping fee for {trs} Trs to {o.item}",
                                  o.nation, "IV.9", "", o.ref, f"fee {o.item} {o.count}{factor}"))
    lent.unused(s)
    return items


def _land(s: Season, party: str) -> str:
    """A nation, or the host of a bank: whose land a trade starts or ends in (VI.3)."""
    bank = next((b for b in s.pos.banks if b.id == party), None)
    if bank is None:
        return hosted.land(s, party)  # a located government in exile trades from its host's land (II.8)
    return s.pos.provinces[bank.at].de_facto or party


def _account(s: Season, party: str) -> str:
    return on_hand(party) if any(b.id == party for b in s.pos.banks) else stock(party)


def _bank_ends(s: Season, o) -> bool:
    """Gold to a bank in another nation, or from a bank to a nation not its host, goes by a
    trade route to or from the host's land; a frozen bank trades nothing (VI.3, VI.5)."""
    for b in s.pos.banks:
        if b.id in (o.nation, o.target):
            if b.frozen:
                o.fail("frozen", f"{b.name} is frozen: no gold in or out (VI.5)")
                return False
            if b.id == o.target:
                o.item = _land(s, b.id)
    return True


def _route_ok(s: Season, route: tuple[str, ...], sender: str, receiver: str) -> bool:
    board, prov = s.pos.board, s.pos.provinces
    if len(route) < 1 or prov.get(route[0]) is None or prov[route[0]].de_facto != sender:
        return False
    if prov.get(route[-1]) is None or prov[route[-1]].de_facto != receiver:
        return False
    return all(b in board.province_neighbours.get(a, ()) for a, b in zip(route, route[1:], strict=False))


def ship(s: Season) -> None:
    """Step 9: each paid trade goes by its route, or its alternative, or back home."""
    bks = s.blockades
    for o in sorted(s.live("tt"), key=lambda o: o.account):
        if o.note == "D":
            shipping.ship_division(s, o, blocked)
            continue
        moves = [e for e in s.ledger.entries if o.account and e.account == o.account and e.amount > 0]
        if not moves:
            continue  # it could not be paid
        parties = {_land(s, o.nation), o.item}
        why = lent.stopped(s, o, blocked)
        for route in o.routes if why is None else ():
            lost = next((p for p in route if p in s.conquered), None)
            stop = next((p for p in route if blocked(bks, p, "trade", parties)), None)
            if lost is None and stop is None:
                why = None
                break
            why = (f"{lost} was conquered this season (IV.4)" if lost else
                   f"{stop} is blockaded by {blocked(bks, stop, 'trade', parties)} (IV.5)")
        for e in moves:
            if why is None:
                to = on_hand(o.target) if o.target else stock(o.item)
                s.ledger.move(o.account, to, e.factor, e.amount, f"received from {o.nation}",
                              rule="IV.1", order=o.ref, step="9")
            else:
                s.ledger.move(o.account, _account(s, o.nation), e.factor, e.amount, "trade failed: goods back",
                              rule="IV.4", order=o.ref, step="9")
        if why is None:
            s.result(o, "succeeds", None, f"{o.amount} Trs applied" if o.amount else "")
        else:
            s.result(o, "fails", "route conquered" if "conquered" in why else "blockaded", why)
