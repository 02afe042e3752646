"""A journal of every change to every stock; balances are sums over it, never edited.

An *account* is a named holder (``nation:fra``, ``escrow:fra``, ``unit:fra/12D``, or a sink
such as ``game:consumed``); a *factor* is what it holds (``gold``, ``M``, ``A``, ``I``...).
Every movement is an :class:`Entry` that says why (reason, rule, the order behind it, the
table cell read). A transfer is two entries that cancel, so what is conserved can be checked
by adding up. Opening balances are entries too (reason "start of season"), which makes a
season's statement a query over one list. Amounts are integers of each factor's smallest unit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

OPENING = "start of season"


@dataclass(frozen=True, slots=True)
class Entry:
    account: str
    factor: str
    amount: int
    reason: str
    rule: str = ""
    order: str | None = None  # "nation#index" of the order behind it
    cell: str = ""  # the table cell read, e.g. "T3 D/ho/own"
    step: str = ""  # the step of the season that wrote it
    public: bool = True  # a projection may drop entries that are not

    def to_json(self, units: dict[str, int]) -> dict[str, Any]:
        from .money import from_units

        d: dict[str, Any] = {"account": self.account, "factor": self.factor,
                             "amount": from_units(self.amount, units.get(self.factor, 1)),
                             "reason": self.reason}
        for k in ("rule", "order", "cell", "step"):
            v = getattr(self, k)
            if v:
                d[k] = v
        return d


class LedgerError(ValueError):
    """An invariant broke: a bug in the rules code, never the players' fault."""


@dataclass
class Ledger:
    """The season's journal, with balances kept up to date as entries are written."""

    entries: list[Entry] = field(default_factory=list)
    _bal: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))

    def open(self, account: str, factor: str, amount: int) -> None:
        """The balance an account starts the season with."""
        if amount:
            self.post(Entry(account, factor, amount, OPENING, step="0"))

    def post(self, e: Entry) -> None:
        self.entries.append(e)
        self._bal[(e.account, e.factor)] += e.amount

    def move(self, source: str, dest: str, factor: str, amount: int, reason: str, **kw) -> None:
        """``amount`` of ``factor`` from one account to another: two entries that cancel."""
        if amount == 0:
            return
        self.post(Entry(source, factor, -amount, reason, **kw))
        self.post(Entry(dest, factor, amount, reason, **kw))

    def balance(self, account: str, factor: str) -> int:
        return self._bal.get((account, factor), 0)

    def accounts(self) -> set[str]:
        return {a for a, _ in self._bal}


    def total(self, factor: str, prefixes: Iterable[str]) -> int:
        pre = tuple(prefixes)
        return sum(v for (a, f), v in self._bal.items() if f == factor and a.startswith(pre))

    def negatives(self, prefixes: Iterable[str]) -> list[tuple[str, str, int]]:
        pre = tuple(prefixes)
        return sorted((a, f, v) for (a, f), v in self._bal.items() if v < 0 and a.startswith(pre))
