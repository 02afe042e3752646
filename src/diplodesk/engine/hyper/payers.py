"""Who pays for an order (DESIGN 3.2 step 4.3): the nation itself, another nation that orders
it too (I.5, III.16), or a bank that redeems the gold (VI.7-9).

A payment by another stands only when both sides order it (IX.2): France writes
``bu D Lyon (pd by Spain)`` and Spain ``pd France "bu D Lyon"``. Its cost items then have the
payer's name, so the payer's start-of-season stock and failure order decide them (I.5, T5);
the gold still goes to the escrow of the nation where it was spent (I.9). A unit's upkeep may
be paid by the nation it stands in at the start of the season, wholly or in part
(``(pd by Spain $1)``: Spain pays $1 of the gold, the owner the rest) (III.16).

A redemption needs the nation's ``($ pd by rd from Bank of Paris)`` and the bank's
``rd $X to France``: the order's gold comes from the bank's stockpile into the nation's escrow,
as if the nation had spent it (VI.8). A frozen bank redeems nothing (VI.5). The entries say
"redeemed from a bank" and never the bank's name, and the gazette leaves the bank's rd orders
out (VI.9). Where the bank's orders cover less than the order's gold, the nation pays the rest
itself, and its statement says so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from . import hosted
from .accounts import stock
from .banking import on_hand
from .costs import CostItem
from .order_text import describe
from .order_words import key, unpaid
from .outcome import Line
from .payments import find

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


def _bare(o: HOrder) -> str:
    return unpaid(o.text)


def _same(written: str, o: HOrder) -> bool:
    """Is ``written`` (a payer's quoted order) this order, as its nation wrote it or as the
    engine writes it back?"""
    return key(written) in {key(describe(o)), key(_bare(o)), key(o.text)}


def check(s: Season) -> None:
    """Before the costs: a payment by another needs the payer's pd order; a redemption the
    bank's rd order, and a bank that is not frozen. What is not paid for fails."""
    pds = s.live("pd")
    used: set[str] = set()
    for o in s.live():
        if o.paid_by is not None:
            match = [p for p in pds if p.nation == o.paid_by and p.target == o.nation and _same(p.note, o)]
            if not match:
                o.fail("not paid", f"{o.paid_by} did not order pd {o.nation} \"{_bare(o)}\" (I.5, IX.2)")
                continue
            if o.military and o.unit is not None:
                where = s.pos.provinces.get(o.unit.province)
                if where is None or where.de_facto != o.paid_by:
                    o.fail("illegal", f"{o.unit.ref}'s upkeep is paid by its owner or by the nation it "
                           f"stands in, not {o.paid_by} (III.16)")
                    continue
            if (o.verb, o.note) == ("tt", "gold") or o.verb == "tt$":  # gold pays no fee (IV.2, IV.9, VI.3)
                for p in match:
                    p.fail("nothing to pay", f"{o.nation}'s gold trade pays no fee; its gold leaves its "
                           "own stockpile (IV.2, IV.9)")
            used |= {p.ref for p in match}
        if o.redeem is not None:
            if o.redeem in _frozen(s):
                o.fail("not redeemed", "the bank is frozen and redeems nothing (VI.5)")
            elif hosted.is_gie(s, o.redeem) and hosted.host(s, o.redeem) is None:
                o.fail("not redeemed", f"{o.redeem} is not located: it redeems like a bank only once it is (II.8)")
            elif not any(r.nation == o.redeem and r.target == o.nation for r in s.live("bank.rd")):
                o.fail("not redeemed", f"the bank did not order rd to {o.nation} (VI.8)")
    for p in pds:
        if p.ref not in used:
            p.fail("nothing to pay", f"{p.target} has no order \"{p.note}\" paid by {p.nation} (I.5)")


def reassign(s: Season, items: list[CostItem]) -> list[CostItem]:
    """The season's cost items with their payers: another nation's share, a bank's gold."""
    allowance: Counter[tuple[str, str]] = Counter()
    frozen = _frozen(s)
    for r in s.live("bank.rd"):
        if r.nation in frozen:
            r.fail("frozen", "a frozen bank redeems nothing (VI.5)")
        else:
            allowance[(r.nation, r.target)] += r.amount
    out: list[CostItem] = []
    redeemed: Counter[tuple[str, str]] = Counter()
    for it in sorted(items, key=lambda i: (i.payer, i.category, i.subject, i.label)):
        o = find(s, it.order)
        if o is None or o.error or it.hidden or it.category == "tt.goods":
            out.append(it)  # what a trade ships leaves the trader's own stockpile: another pays its fee (IV.9)
        elif o.paid_by is not None:
            out += _shared(it, o)
        elif o.redeem is not None and it.needs("gold"):
            left = allowance[(o.redeem, o.nation)] - redeemed[(o.redeem, o.nation)]
            take = min(left, it.needs("gold"))
            redeemed[(o.redeem, o.nation)] += take
            if take < it.needs("gold"):
                s.extra.append(Line(o.nation, None, it.label, "fails", "not redeemed",
                                    f"the bank redeems ${take / 2:g} of ${it.needs('gold') / 2:g}; "
                                    f"{o.nation} pays the rest itself (VI.8)"))
            out += _split(it, purse(s, o.redeem), take, f"{it.label}, redeemed from a bank (VI.8-9)")
        else:
            out.append(it)
    for r in s.live("bank.rd"):
        got = redeemed[(r.nation, r.target)]
        if got:
            s.result(r, "succeeds", None, f"${got / 2:g} redeemed for {r.target} (VI.8)")
        else:
            r.fail("not redeemed", f"{r.target} redeemed nothing from this bank (VI.8)")
    return out


def confirm(s: Season, live: list[CostItem]) -> None:
    """After the failure loop, a bank's ``rd`` says what it paid in the end: nothing, if the
    orders it was to pay for could not be paid (VI.8)."""
    paid: Counter[tuple[str, str]] = Counter()
    for it in live:
        o = find(s, it.order)
        if o is not None and not o.error and o.redeem is not None and it.payer == purse(s, o.redeem):
            paid[(o.redeem, o.nation)] += it.needs("gold")
    for r in s.live("bank.rd"):
        got = paid[(r.nation, r.target)]
        if not got:
            s.result(r, "fails", "not redeemed", f"what {r.target} was to pay with it could not be paid; "
                     "nothing was redeemed (VI.8)")
        else:
            s.result(r, "succeeds", None, f"${got / 2:g} redeemed for {r.target} (VI.8)")


def purse(s: Season, who: str) -> str:
    """The account a redemption is paid from: a bank's gold on hand, a GIE's stock (II.8)."""
    return on_hand(who) if any(b.id == who for b in s.pos.banks) else stock(who)


def _frozen(s: Season) -> set[str]:
    return {b.id for b in s.pos.banks if b.frozen} | {
        n for n, st in s.pos.nations.items() if st.kind == "gie" and (st.exile or {}).get("frozen")}


def owner_pays(vector, o: HOrder | None) -> bool:
    """Does a unit's owner pay a part of its upkeep ``vector``? Not when the nation it stands in
    pays it all (III.16); only then does it need a supply route (III.17)."""
    if o is None or o.paid_by is None or o.error:
        return True
    if o.paid_gold is None:
        return False
    return any(v for f, v in vector.items() if f != "gold") or o.paid_gold < vector.get("gold", 0)


def _shared(it: CostItem, o: HOrder) -> list[CostItem]:
    label = f"{it.label}, for {o.nation}"
    # a unit's upkeep its payer cannot pay falls back on its owner, as a stand (III.16, T5)
    fail = "downgrade" if it.category.startswith("upkeep.unit.") else "fail"
    if o.paid_gold is None:
        return [replace(it, payer=o.paid_by, label=label, on_fail=fail)]
    return _split(it, o.paid_by, min(o.paid_gold, it.needs("gold")), label, fail)


def _split(it: CostItem, payer: str, gold: int, label: str, fail: str = "fail") -> list[CostItem]:
    """``gold`` of the item's gold paid by ``payer``; the rest stays the item's own."""
    if gold <= 0:
        return [it]
    theirs = replace(it, payer=payer, vector={"gold": gold}, label=label, on_fail=fail,
                     subject=it.subject if fail == "downgrade" else f"{it.subject} pd")
    rest = {f: v - (gold if f == "gold" else 0) for f, v in it.vector.items()}
    if not any(rest.values()):
        return [theirs]
    return [theirs, replace(it, vector=rest)]
