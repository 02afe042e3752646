"""What each nation must pay this season, and what fails when it cannot (I.5, I.11, T5).

Every costed order and every upkeep becomes a :class:`CostItem`: who pays, how much of each
factor, its T5 category, where its gold goes (the escrow of the nation where it was spent,
I.9). A nation may spend only what it had at the start of the season (I.5). Where it is short,
items fail one at a time in its failure order (its own ``fo`` list, else T5), ties drawn by
keyed dice, until everything left can be paid: a military order is downgraded to stand, a
unit that cannot even stand is demobilised, anything else simply fails. Every pass removes or
cheapens an item, so the loop ends; the dice are keyed by payer, category and how many have
failed there, so no other nation's orders can change who loses a draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..dice import Dice

FACTOR_ORDER = ("gold", "M", "A", "I")


@dataclass(frozen=True)
class CostItem:
    payer: str
    vector: Mapping[str, int]
    category: str  # a T5 category: "bu.unit", "upkeep.unit.ho", ...
    label: str  # what the statement says: "upkeep 12D ho (T3 ...)"
    escrow_to: str  # the nation whose escrow the gold goes to
    rule: str
    cell: str
    order: str | None = None  # the order's ref ("fra#3"), if an order caused it
    subject: str = ""  # the unit, installation or order it is for (a stable key)
    on_fail: str = "fail"  # fail | downgrade | demobilise
    hidden: bool = False  # who paid is not the receiver's to know (covert action)
    dest: str | None = None  # gold sent to this account rather than spent (trades into banks)
    text: str = ""  # the order's line as written: two alike orders differ by it, never by place

    def needs(self, factor: str) -> int:
        return self.vector.get(factor, 0)


@dataclass(frozen=True)
class Failure:
    item: CostItem
    factor: str
    short: int
    outcome: str  # failed | downgraded | demobilised


def settle(items: Sequence[CostItem], available: Mapping[str, Mapping[str, int]],
           failure_order: Callable[[str], Sequence[str]], dice: Dice,
           downgrade: Callable[[CostItem], CostItem | None]) -> tuple[list[CostItem], list[Failure]]:
    """The items that can be paid, and what failed, in the T5 loop (DESIGN 3.3).

    ``available[payer][factor]``: what the payer had at the start of the season.
    ``downgrade(item)``: the cheaper item a failed military order becomes (its stand), or
    None where there is none (the unit is then demobilised).
    """
    live = sorted(items, key=lambda i: (i.payer, i.category, i.subject, i.label))
    failures: list[Failure] = []
    drawn: dict[tuple[str, str], int] = {}
    while True:
        need: dict[tuple[str, str], int] = {}
        for it in live:
            for f, v in it.vector.items():
                if v:
                    need[(it.payer, f)] = need.get((it.payer, f), 0) + v
        short = sorted(((p, f) for (p, f), v in need.items() if v > available.get(p, {}).get(f, 0)),
                       key=lambda pf: (pf[0], FACTOR_ORDER.index(pf[1]) if pf[1] in FACTOR_ORDER else 9))
        if not short:
            return live, failures
        payer, factor = short[0]
        gap = need[(payer, factor)] - available.get(payer, {}).get(factor, 0)
        victim = _victim(live, payer, factor, failure_order(payer), dice, drawn)
        live.remove(victim)
        if victim.on_fail == "downgrade":
            cheaper = downgrade(victim)
            if victim.order is not None:  # the other parts of one upkeep shared by two payers
                live = [it for it in live if (it.order, it.subject) != (victim.order, victim.subject)]
            if cheaper is not None:
                live.append(cheaper)
                live.sort(key=lambda i: (i.payer, i.category, i.subject, i.label))
                failures.append(Failure(victim, factor, gap, "downgraded"))
                continue
            failures.append(Failure(victim, factor, gap, "demobilised"))
        elif victim.on_fail == "demobilise":
            failures.append(Failure(victim, factor, gap, "demobilised"))
        else:
            failures.append(Failure(victim, factor, gap, "failed"))
            if victim.order is not None:  # an order is paid whole or not at all: its goods, its fee
                live = [it for it in live if it.order != victim.order or it.on_fail != "fail"]


def _victim(live: list[CostItem], payer: str, factor: str, order: Sequence[str], dice: Dice,
            drawn: dict[tuple[str, str], int]) -> CostItem:
    mine = [it for it in live if it.payer == payer and it.needs(factor)]
    cats = list(order) + sorted({it.category for it in mine} - set(order))
    for cat in cats:
        hits = [it for it in mine if it.category == cat]
        if not hits:
            continue
        n = drawn.get((payer, cat), 0)
        drawn[(payer, cat)] = n + 1
        if len(hits) == 1:
            return hits[0]
        return dice.choose(hits, "t5", f"{payer}/{cat}/{n}", label=_label)
    raise AssertionError(f"{payer} is short of {factor} but nothing of it needs {factor}")


def _label(it: CostItem) -> str:
    """How a draw among items names each: what it is for, and the line behind it."""
    name = it.subject or it.label
    return f"{name} ({it.text})" if it.text else name
