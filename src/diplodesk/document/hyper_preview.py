"""What the engine makes of the orders before the season is played: each line's check, and
each nation's budget (what its orders and upkeep cost against what it has, and which items
the T5 loop would fail first). No Qt here.

The engine's own season is set going on the position and stopped before anything is paid:
its orders are read and checked as the season reads them (the stacks, the two orders of one
unit, public works' limits ...), its cost items are made by its own functions and settled by
its T5 loop (``engine/hyper/costs.py``), with the nation's start-of-season stock less the
deterioration as the money on hand (I.5, I.8). So the sheet says what adjudication will say.
The preview runs the engine's own ``Season.cost_items`` and T5 loop, and pays nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine.hyper import banking, canals, conditions, payments
from ..engine.hyper.costs import CostItem, settle
from ..engine.hyper.model import HyperPosition
from ..engine.hyper.season import Season

FACTORS = ("gold", "M", "A", "I")
SHOWN = {"gold": "$", "M": "M", "A": "A", "I": "I"}


@dataclass(frozen=True)
class LineCheck:
    """One order line: ``ok``, or the engine's reason and detail. ``number`` is 1-based in
    the nation's list of orders."""

    number: int
    text: str
    ok: bool
    reason: str = ""
    detail: str = ""

    def message(self) -> str:
        if self.ok:
            return "ok"
        return f"{self.reason}: {self.detail}" if self.detail else self.reason


@dataclass(frozen=True)
class Shortfall:
    """An item the T5 loop fails for want of a factor, in the order it fails them."""

    label: str
    factor: str
    short: int  # in the factor's smallest unit (gold in halves)
    outcome: str  # failed | downgraded | demobilised
    number: int | None = None  # the order line behind it, if an order
    text: str = ""

    def describe(self) -> str:
        amount = f"${self.short / 2:g}" if self.factor == "gold" else f"{self.short}{self.factor}"
        line = f"line {self.number}: " if self.number is not None else ""
        return f"{line}{self.label} {self.outcome} ({SHOWN.get(self.factor, self.factor)} short by {amount})"


@dataclass(frozen=True)
class Budget:
    """A nation's season in money: per factor, what it has and what is asked of it."""

    nation: str
    start: Mapping[str, int]  # the start-of-season stock
    on_hand: Mapping[str, int]  # what it may spend: the stock less the deterioration (I.5, I.8)
    committed: Mapping[str, int]  # every cost item asks this much, before the T5 loop
    paid: Mapping[str, int]  # what the items left after the T5 loop pay
    shortfalls: tuple[Shortfall, ...] = ()

    def over(self, factor: str) -> bool:
        return self.committed.get(factor, 0) > self.on_hand.get(factor, 0)


@dataclass(frozen=True)
class Preview:
    checks: Mapping[str, tuple[LineCheck, ...]] = field(default_factory=dict)
    budgets: Mapping[str, Budget] = field(default_factory=dict)
    problem: str = ""  # the engine could not look at these orders, and why

    def check(self, nation: str) -> tuple[LineCheck, ...]:
        return self.checks.get(nation, ())


def preview(position: HyperPosition) -> Preview:
    """Checks and budgets for every nation's orders in ``position``."""
    try:
        return _preview(position)
    except Exception as e:  # noqa: BLE001 - a bug in the engine must not take the sheet with it
        return Preview(problem=f"the engine could not check these orders: {type(e).__name__}: {e}")


def _preview(position: HyperPosition) -> Preview:
    bare, conds = conditions.split(position)
    s = Season(bare, {}, conds)
    s.loop_question = None
    s.open_books()
    banking.open_books(s)
    s.read_orders()
    canals.open_season(s)
    s.demobilise()
    items = s.cost_items()
    live, failures = settle(items, s.available, s.failure_order, s.dice, s.downgrade)
    for f in failures:  # an order the T5 loop fails says so on its line, as adjudication will
        if f.outcome == "failed" and f.item.order:
            payments.failed(s, f)
    checks = {n: tuple(_line(o) for o in s.orders.get(n, ())) for n in sorted(position.orders)}
    budgets = {}
    for n in sorted(position.nations):
        mine = [it for it in items if it.payer == n]
        budgets[n] = Budget(
            n, dict(position.nations[n].stock), dict(s.available.get(n, {})),
            _sum(mine), _sum([it for it in live if it.payer == n]),
            tuple(_shortfall(s, f) for f in failures if f.item.payer == n))
    return Preview(checks, budgets)


def _sum(items: list[CostItem]) -> dict[str, int]:
    out = dict.fromkeys(FACTORS, 0)
    for it in items:
        for f, v in it.vector.items():
            if f in out:
                out[f] += v
    return out


def _line(o) -> LineCheck:
    if o.error:
        return LineCheck(o.index + 1, o.text, False, o.error[0], o.error[1])
    return LineCheck(o.index + 1, o.text, True)


def _shortfall(s: Season, f) -> Shortfall:
    o = payments.find(s, f.item.order)
    return Shortfall(f.item.label, f.factor, f.short, f.outcome,
                     o.index + 1 if o is not None else None, o.text if o is not None else "")
