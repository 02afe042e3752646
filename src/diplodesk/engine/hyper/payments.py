"""Paying the season's costs, and what an item that cannot be paid does (I.2, I.9, I.11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import economy
from .accounts import STOCK, escrow, held, stock
from .costs import CostItem, Failure
from .outcome import Line

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


def failed(s: Season, f: Failure) -> None:
    """What a failure in the T5 loop does: a downgrade, a demobilisation, or an order failed."""
    it = f.item
    what = f"{f.factor} short by {f.short / 2:g}" if f.factor == "gold" else f"{f.factor} short by {f.short}"
    o = find(s, it.order)
    if f.outcome == "downgraded":
        if o is not None:
            s.result(o, "fails", "downgraded", f"cannot pay ({what}): stands instead (T5)")
        return
    if f.outcome == "demobilised":
        if it.category == "upkeep.installation":
            inst = next(i for i in s.installations if i.owner == it.payer and i.ref == it.subject)
            key = held(inst.owner, inst.ref)
            s.gone_inst.add(key)
            s.m_back.append((inst.owner, key, inst.M, f"{inst.ref} demobilised: upkeep unpaid (I.11)"))
            s.extra.append(Line(it.payer, None, inst.ref, "fails", "demobilised",
                                   f"cannot pay its upkeep ({what}) (I.11, III.21)"))
            return
        u = next(u for u in s.units if u.power == it.payer and u.ref == it.subject)
        key = held(u.power, u.ref)
        s.gone.add(key)
        s.m_back.append((u.power, key, u.M, f"{u.ref} demobilised: upkeep unpaid (I.11)"))
        if o is not None:
            s.result(o, "fails", "demobilised", f"cannot pay even to stand ({what}) (I.11)")
        else:
            s.extra.append(Line(u.power, None, f"{u.ref} st", "fails", "demobilised",
                                   f"cannot pay even to stand ({what}) (I.11)"))
        return
    if o is not None:
        o.fail("cannot pay", f"{what} (I.5, T5 {it.category})")

def find(s: Season, ref: str | None) -> HOrder | None:
    if ref is None:
        return None
    n, _, i = ref.partition("#")
    return s.orders[n][int(i)]

def pay(s: Season, it: CostItem) -> None:
    """The debits of an item paid: A and I leave the game, gold goes to an escrow (I.2, I.9)."""
    if it.hidden:
        economy.pay_hidden(s, it)
        return
    if it.dest is not None:  # sent, not spent: into a bank, or on its way to another nation
        for f, v in sorted(it.vector.items()):
            s.ledger.move(stock(it.payer), it.dest, f, v, it.label, rule=it.rule, order=it.order, step="4")
        return
    kw = {"rule": it.rule, "order": it.order, "cell": it.cell, "step": "4"}
    for f in STOCK:
        v = it.vector.get(f, 0)
        if not v:
            continue
        if f == "gold":
            s.ledger.move(stock(it.payer), escrow(it.escrow_to), f, v, it.label, **kw)
        elif f == "M" and it.category.startswith("bu."):
            builder = it.order.partition("#")[0] if it.order else it.payer  # paid by another: I.5
            s.ledger.move(stock(it.payer), f"{builder}:build:{it.subject}", f, v, it.label, **kw)
        else:
            s.ledger.move(stock(it.payer), "game:consumed", f, v, it.label, **kw)
