"""Banks and the world market (VI): data, tables and the bank's own orders.

A bank stands in a land province; its host is the nation that holds the province. It keeps
its own gold, on hand and invested, and is controlled by a player. Invested gold gains or loses
each season by whole blocks of $10, at the payoff level (IPL, 1 to 7) of the bank's investment
region (T11, T12). Each region's level then moves by two dice (T10). The numbers are the
variant's (rules.toml ``banking``, tables T10-T12).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..money import MoneyError, to_units
from ..tables import TableReader


@dataclass(frozen=True, slots=True)
class Bank:
    id: str
    name: str
    at: str
    controller: str | None  # a player id
    gold: int  # halves, on hand
    invested: int  # halves
    frozen: bool = False
    # what else it owns (VI.2): research teams and unused PIs, as a nation holds them; its
    # fishing fleets are the position's ``ffs`` with the bank as owner, its nations say ``bank``
    teams: tuple[Mapping[str, Any], ...] = ()
    pis: tuple[Mapping[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        from ..money import from_units

        d = {"id": self.id, "name": self.name, "at": self.at, "controller": self.controller,
             "gold": from_units(self.gold, 2), "invested": from_units(self.invested, 2),
             "frozen": self.frozen}
        if self.teams:
            d["teams"] = [dict(t) for t in self.teams]
        if self.pis:
            d["pis"] = [dict(p) for p in self.pis]
        return d


@dataclass(frozen=True)
class BankingRules:
    block: int  # halves: investment in blocks of $10
    least: int  # halves: a bank invests only with more than this on hand
    step: int  # halves: withdrawals in steps of $½
    ipl_start: int
    ipl_low: int
    ipl_high: int
    dice: int
    shift: tuple[int, ...]  # T10: shift[total - dice]
    payoff: tuple[int, ...]  # T11: halves per block at IPL 1..7
    regions: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]  # T12: id -> (nations, provinces)
    status: str = "provisional"

    def region_of(self, province: str, nation: str | None) -> str | None:
        """T12: a region that lists the province itself, else one that lists its nation."""
        for rid in sorted(self.regions):
            if province in self.regions[rid][1]:
                return rid
        for rid in sorted(self.regions):
            if nation is not None and nation in self.regions[rid][0]:
                return rid
        return None


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "bank"


def read_banking(rules: TableReader, t10: TableReader, t11: TableReader, t12: TableReader,
                 nations: set[str], provinces: set[str]) -> BankingRules:
    b = rules.section("banking")
    low, high = (rules.whole(b.get(k, d), "banking", k, 1) for k, d in (("ipl_low", 1), ("ipl_high", 7)))
    dice = t10.number("dice", 2, low=1, high=4)
    shift = t10.data.get("shift")
    width = dice * 5 + 1
    if not isinstance(shift, list) or len(shift) != width or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in shift):
        t10.bad("", "shift", f"expected {width} whole numbers, one per dice total")
        shift = [0] * width
    t10.known_keys({"dice", "shift"})
    per = t11.data.get("per_block")
    payoff: list[int] = []
    if not isinstance(per, list) or len(per) != high - low + 1:
        t11.bad("", "per_block", f"expected {high - low + 1} amounts, one per payoff level")
    else:
        for i, v in enumerate(per):
            try:
                payoff.append(to_units(v, 2, ""))
            except MoneyError as e:
                t11.bad(f"level {low + i}", "per_block", str(e).removeprefix(": "))
    t11.known_keys({"per_block"})
    regions = {}
    for r in t12.rows("regions", {"id": str}, optional=("name", "nations", "provinces")):
        ns, ps = tuple(r.get("nations", [])), tuple(r.get("provinces", []))
        for n in ns:
            if n not in nations:
                t12.bad(r["id"], "nations", f"unknown nation {n!r}")
        for p in ps:
            if p not in provinces:
                t12.bad(r["id"], "provinces", f"unknown province {p!r}")
        regions[r["id"]] = (ns, ps)
    t12.known_keys({"regions"})
    return BankingRules(rules.amount(b.get("block", 10), "gold", "banking", "block", low=1),  # a divisor
                        rules.amount(b.get("least", 10), "gold", "banking", "least"),
                        rules.amount(b.get("step", 0.5), "gold", "banking", "step", low=1),
                        rules.whole(b.get("ipl_start", 5), "banking", "ipl_start", low, high), low, high,
                        dice, tuple(shift), tuple(payoff) or (0,) * (high - low + 1), regions,
                        t11.meta.status)


def read_bank(o: Mapping[str, Any], w: str, fail) -> Bank:
    """One bank of the position's ``economy.banks`` (fail(where, what) raises)."""
    for k in ("id", "name", "at"):
        if not isinstance(o.get(k), str) or not o.get(k):
            raise fail(f"{w}.{k}", "missing or not a text")
    try:
        gold = to_units(o.get("gold", 0), 2, f"{w}.gold")
        invested = to_units(o.get("invested", 0), 2, f"{w}.invested")
    except MoneyError as e:
        raise fail(w, str(e)) from None
    if gold < 0 or invested < 0:
        raise fail(w, "a bank's gold is never below zero")
    return Bank(o["id"], o["name"], o["at"], o.get("controller"), gold, invested, bool(o.get("frozen", False)))


def owned_nations(nations: Mapping[str, Any], banks, fail) -> dict[str, Any]:
    """The position's nations, each a bank owns (its ``bank``) played by the bank's
    controller (VI.2); ``fail(where, what)`` raises for a bank the position lacks."""
    by_id = {b.id: b for b in banks}
    out = dict(nations)
    for n, st in nations.items():
        if st.bank is None:
            continue
        b = by_id.get(st.bank) if isinstance(st.bank, str) else None
        if b is None:
            raise fail(f"economy.nations.{n}.bank", f"unknown bank {st.bank!r}")
        out[n] = replace(st, controllers=(b.controller,) if b.controller else ())
    return out
