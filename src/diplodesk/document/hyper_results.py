"""The results view of a Hypereconomic season, without widgets: every order of every nation
and bank with what it did, and a Why made of the engine's own words (as the standard board's
Results dock is over ``result_rows.py``).

A row is one line of the result. Its Why gathers what the engine recorded about that order:
its detail (the table cell, the roll), the battle it took part in with the cells read, and
every ledger entry the order caused with its rule and cell (the statement's lines, order by
order). Rows group by nation; sorting by any column keeps a nation's rows together.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.hyper.news import battle
from ..engine.hyper.order_words import DESIG
from ..engine.hyper.shown_names import ShownNames
from .hyper_words import kind_of

FIELDS = ("name", "unit", "kind", "given", "read_as", "status", "reason", "detail")
COLUMNS = ("Nation", "Unit", "Kind", "Order given", "Read as", "Result", "Reason", "Detail")
MONEY = {"gold": "$"}


@dataclass(frozen=True)
class HyperResultRow:
    giver: str
    name: str  # the nation's (or bank's) name as the desk shows it
    unit: str  # "1D", "N gaso", "FF2"; "" for an order of no unit
    kind: str  # "attack", "support", "build", "research" ...
    given: str  # the line as written ("" for a unit given no order)
    read_as: str
    status: str
    reason: str
    detail: str
    why: tuple[str, ...] = ()
    place: str = ""  # the province of the unit (the map goes there)

    def sort_key(self, column: str = "name") -> tuple:
        first = "" if column == "name" else str(getattr(self, column)).lower()
        return (first, self.name.lower(), self.giver, self.unit == "", self.unit, self.read_as, self.given)

    def why_text(self) -> str:
        return "\n".join(self.why)


def _unit(read_as: str) -> tuple[str, str]:
    """``(unit, its province)`` of a military line read as ``1D gaso at nava``."""
    words = read_as.split()
    if len(words) >= 2 and DESIG.match(words[0]):
        return words[0].upper(), words[1].lower()
    if len(words) >= 2 and words[0].lower() == "n":
        return f"N {words[1].lower()}", words[1].lower()
    if words and words[0].upper().startswith("FF") and words[0][2:].isdigit():
        return words[0].upper(), ""
    return "", ""


def _refs(position: Mapping[str, Any], lines: list[Mapping[str, Any]]) -> list[str | None]:
    """Each result line's order reference (``fra#2``, the ledger's), by its text in order."""
    orders = position.get("orders") or {}
    used: dict[str, int] = {}
    out: list[str | None] = []
    for line in lines:
        who, text = str(line.get("power") or ""), line.get("text")
        texts = list(orders.get(who) or [])
        start = used.get(who, 0)
        hit = next((i for i in range(start, len(texts)) if text is not None and texts[i] == text), None)
        if hit is None:
            hit = next((i for i in range(len(texts)) if text is not None and texts[i] == text), None)
        else:
            used[who] = hit + 1
        out.append(f"{who}#{hit}" if hit is not None else None)
    return out


def _amount(entry: Mapping[str, Any]) -> str:
    f = entry["factor"]
    v = entry["amount"]
    return f"{'+' if v > 0 else '-'}${abs(v):g}" if f == "gold" else f"{v:+g}{f}"


def _ledger_lines(entries: list[Mapping[str, Any]], giver: str) -> list[str]:
    """An order's entries on the giver's own accounts, one line per reason."""
    accounts = (giver, f"{giver}:escrow", f"bank:{giver}", f"bank:{giver}:invested")
    mine = [e for e in entries if e["account"] in accounts]
    grouped: dict[tuple, list[str]] = {}
    for e in mine:
        where = " (escrow)" if e["account"].endswith(":escrow") else (
            " (invested)" if e["account"].endswith(":invested") else "")
        grouped.setdefault((e["reason"], e.get("rule", ""), e.get("cell", "")), []).append(_amount(e) + where)
    out = []
    for (reason, rule, cell), amounts in grouped.items():
        cite = ", ".join(x for x in (rule, cell) if x)
        out.append(f"  {reason}: {' '.join(amounts)}" + (f" ({cite})" if cite else ""))
    return out


def _clash_of(clashes: list[Mapping[str, Any]], giver: str, unit: str, place: str) -> Mapping[str, Any] | None:
    if not unit:
        return None
    for c in clashes:
        for a in c.get("attackers", []):
            if giver in a.get("powers", []) and any(u.split()[0].upper() == unit.split()[0].upper()
                                                    and u.lower().endswith(place) for u in a.get("units", [])):
                return c
        for d in c.get("defenders", []):
            if d.get("power") == giver and str(d.get("unit") or "").upper() == unit.upper():
                return c
    return None


def _clash_lines(c: Mapping[str, Any], giver: str, names: ShownNames) -> list[str]:
    out = ["Battle:" + battle(c, names)[1:]]
    for a in c.get("attackers", []):
        if a.get("cell"):
            out.append(f"  attack by {', '.join(a.get('units', []))}: strength {a.get('strength')} "
                       f"against {a.get('standing')} standing and {a.get('holding')} holding, "
                       f"{a.get('needed')} needed ({a['cell']})")
    for x in c.get("casualties", []):
        if x.get("nation") == giver and x.get("cell"):
            out.append(f"  losses of {names.nation(giver)}: {x.get('M')}M ({x['cell']})")
    return out


def rows(result: Mapping[str, Any] | None, position: Mapping[str, Any] | None,
         names: ShownNames | None = None) -> list[HyperResultRow]:
    """The rows of a season's ``result`` (``position``: the season's own, as the game file
    keeps it), grouped by nation and unit; nations and places named by ``names``."""
    if not result:
        return []
    names = (names or ShownNames()).seeing((position or {}).get("economy"), (result.get("next") or {}).get("economy"))
    lines = [ln for ln in result.get("orders") or [] if isinstance(ln, Mapping)]
    refs = _refs(position or {}, lines)
    by_order: dict[str, list[Mapping[str, Any]]] = {}
    for e in result.get("ledger") or []:
        if e.get("order"):
            by_order.setdefault(str(e["order"]), []).append(e)
    clashes = list(result.get("clashes") or [])
    out = []
    for line, ref in zip(lines, refs, strict=True):
        giver = str(line.get("power") or "")
        read_as = str(line.get("order") or line.get("text") or "")
        unit, place = _unit(read_as)
        status, reason = str(line.get("status") or ""), str(line.get("reason") or "")
        detail = str(line.get("detail") or "")
        why = [f"{read_as}: {status}" + (f" ({reason})" if reason else "")]
        if detail:
            why.append(detail)
        clash = _clash_of(clashes, giver, unit, place)
        if clash is not None:
            why += _clash_lines(clash, giver, names)
        paid = _ledger_lines(by_order.get(ref or "", []), giver)
        if paid:
            why += ["In the ledger:", *paid]
        name = names.nation(giver)
        out.append(HyperResultRow(giver, name, unit, kind_of(read_as), str(line.get("text") or ""), read_as,
                                  status, reason, detail or _plain(status, reason), tuple(why), place))
    return sorted(out, key=HyperResultRow.sort_key)


def _plain(status: str, reason: str) -> str:
    if reason == "no order":
        return "no order: it stands"
    return f"{status}" + (f": {reason}" if reason else "")


def summary(result: Mapping[str, Any] | None) -> str:
    """``12 succeeds, 3 fails`` for the heading."""
    counts: dict[str, int] = {}
    for r in (result or {}).get("orders") or []:
        counts[str(r.get("status", ""))] = counts.get(str(r.get("status", "")), 0) + 1
    return ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
