"""The ledger dock's rows and statements, without widgets.

A row is one nation's (or bank's) holdings in a position: $, escrow, M, A, I, Trs, fishing
fleets, units and provinces (de facto, and de jure). A statement is one season's ledger entries
touching a nation's stock and escrow (or a bank's accounts), each with the order behind it as
written, the rule it rests on and the table cell read, between the start and the end of the
season: the same query the engine's text statement is (``engine/hyper/report.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.hyper import report
from ..engine.hyper.model import HyperPosition
from ..engine.hyper.shown_names import ShownNames

COLUMNS = ("$", "E", "M", "A", "I", "Trs", "FFs", "units", "provinces", "de jure")
MONEY = ("$", "E")
SECTIONS = report.SECTIONS  # one grouping of the season's steps, the printed statement's
LISTED = report.NAMED_STEPS


@dataclass(frozen=True)
class LedgerRow:
    who: str  # a nation's or bank's id
    name: str
    kind: str  # home | territory | bank
    values: Mapping[str, float]
    players: tuple[str, ...] = ()  # who controls it (a bank: its controller)

    def text(self, column: str) -> str:
        v = self.values.get(column)
        if v is None:
            return ""
        return f"{v:.1f}" if column in MONEY else f"{int(v)}"


def rows(position: HyperPosition) -> list[LedgerRow]:
    """Every nation's and bank's holdings in ``position`` (its start of season: the end of
    the season before)."""
    units: dict[str, int] = {}
    for u in position.units:
        units[u.power] = units.get(u.power, 0) + 1
    ffs: dict[str, int] = {}
    for f in position.ffs:
        ffs[f.owner] = ffs.get(f.owner, 0) + 1
    held: dict[str, int] = {}
    jure: dict[str, int] = {}
    for p in position.provinces.values():
        if p.de_facto:
            held[p.de_facto] = held.get(p.de_facto, 0) + 1
        if p.de_jure:
            jure[p.de_jure] = jure.get(p.de_jure, 0) + 1
    out = []
    names = ShownNames.of(position)
    for n in sorted(position.nations):
        st = position.nations[n]
        values = {"$": st.stock.get("gold", 0) / 2, "E": st.escrow / 2, "M": st.stock.get("M", 0),
                  "A": st.stock.get("A", 0), "I": st.stock.get("I", 0), "Trs": st.trs,
                  "FFs": ffs.get(n, 0), "units": units.get(n, 0), "provinces": held.get(n, 0),
                  "de jure": jure.get(n, 0)}
        out.append(LedgerRow(n, names.nation(n), st.kind, values, tuple(st.controllers)))
    for b in sorted(position.banks, key=lambda b: b.id):
        out.append(LedgerRow(b.id, b.name, "bank", {"$": b.gold / 2},
                             (b.controller,) if b.controller else ()))
    return out


@dataclass(frozen=True)
class StatementLine:
    """One line of a statement: ``kind`` is start, section, entry or end."""

    kind: str
    label: str
    values: Mapping[str, float] = field(default_factory=dict)
    order: str = ""  # the order's line as written, if an order caused it
    rule: str = ""
    cell: str = ""

    def text(self, column: str) -> str:
        v = self.values.get(column)
        if not v:
            return ""
        if self.kind in ("start", "end"):
            return f"{v:.1f}" if column in MONEY else f"{int(v)}"
        return f"{v:+.1f}" if column in MONEY else f"{int(v):+d}"


STATEMENT_COLUMNS = ("$", "E", "M", "A", "I", "Trs")


def _accounts(who: str, banks: set[str]) -> dict[tuple[str, str], str]:
    """(account, factor) -> column, for a nation or a bank."""
    if who in banks:
        return {(f"bank:{who}", "gold"): "$", (f"bank:{who}:invested", "gold"): "E"}
    return {(who, "gold"): "$", (f"{who}:escrow", "gold"): "E", (who, "M"): "M", (who, "A"): "A",
            (who, "I"): "I", (who, "Trs"): "Trs"}


def statement(record_position: Mapping[str, Any], result: Mapping[str, Any], who: str) -> list[StatementLine]:
    """``who``'s statement for the season of ``result`` (the record's position and result,
    as the game file keeps them)."""
    banks = {str(b["id"]) for b in record_position.get("economy", {}).get("banks", [])}
    cols = _accounts(who, banks)
    orders = record_position.get("orders", {})
    entries = [e for e in result.get("ledger", []) if (e["account"], e["factor"]) in cols]
    start: dict[str, float] = {}
    end: dict[str, float] = {}
    for e in entries:
        col = cols[(e["account"], e["factor"])]
        end[col] = end.get(col, 0) + e["amount"]
        if e.get("step") == "0":
            start[col] = start.get(col, 0) + e["amount"]
    out = [StatementLine("start", "Start of season", start)]
    # every entry of the season is on some line, so the start and the lines add up to the end
    for title, steps in (*SECTIONS, ("Other", None)):
        group: dict[tuple, StatementLine] = {}
        for e in entries:
            step = e.get("step") or ""
            if (step not in steps) if steps is not None else (step in LISTED):
                continue
            order = _order_text(orders, e.get("order"))
            k = (e["reason"], e.get("rule", ""), e.get("cell", ""), order)
            line = group.get(k)
            values = dict(line.values) if line else {}
            col = cols[(e["account"], e["factor"])]
            values[col] = values.get(col, 0) + e["amount"]
            group[k] = StatementLine("entry", e["reason"], values, order, e.get("rule", ""), e.get("cell", ""))
        lines = [ln for ln in group.values() if any(ln.values.values())]
        if lines:
            out.append(StatementLine("section", title))
            out.extend(lines)
    out.append(StatementLine("end", "End of season", end))
    return out


def _order_text(orders: Mapping[str, Any], ref: str | None) -> str:
    """The line an order reference ("fra#3") names, as its nation wrote it."""
    if not ref:
        return ""
    who, _, i = ref.partition("#")
    texts = orders.get(who, [])
    try:
        return str(texts[int(i)])
    except (ValueError, IndexError):
        return ref
