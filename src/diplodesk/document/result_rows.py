"""The lines of the Results dock, as a GM reads them: one per result with its unit and a
Detail that says what decided it, grouped by power, plus a line for each power's builds
that went unused.

The engine's explanation gives the detail where there is one; a line it has nothing to say
about (a unit with no order that nobody attacked) still gets a sentence, so no Detail is
ever blank. The order of the lines follows power and unit, never the order of the record.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine.adjustments import adjustment_counts, free_home_centers
from ..engine.phase import PhaseType
from ..engine.position import Position

UNUSED = "unused"  # the status of a line for builds nobody used


@dataclass(frozen=True)
class ResultRow:
    power: str
    unit: str  # "A vie", "F stp/sc"; "" for a line of no unit (a waive, builds unused)
    given: str  # the order as typed ("" for none)
    read_as: str  # the order as the engine read it
    status: str  # succeeds, fails, invalid, or UNUSED
    reason: str
    detail: str
    explain: dict | None = None  # the engine's reasoning (document/explanations.py)

    def sort_key(self, column: str = "power") -> tuple:
        """Sorting by any column keeps the lines of a power together, then by unit."""
        first = {"power": "", "unit": self.unit, "given": self.given, "read_as": self.read_as,
                 "status": self.status, "reason": self.reason, "detail": self.detail}[column]
        # a power's units first, then its lines of no unit (waives), its summary of builds last
        return (first.lower(), self.power, self.unit == "", self.status == UNUSED, self.unit,
                self.read_as, self.given)


def unit_of(order: str | None) -> str:
    """The unit an order line is about: "A vie - gal" -> "A vie", "B F stp/sc" -> "F stp/sc"."""
    toks = (order or "").split()
    if len(toks) >= 3 and toks[0] in ("B", "D", "R") and toks[1] in ("A", "F"):
        return f"{toks[1]} {toks[2]}"
    if len(toks) >= 2 and toks[0] in ("A", "F"):
        return f"{toks[0]} {toks[1]}"
    return ""


def result_rows(result: dict[str, Any] | None, explain: list[dict | None] | None = None,
                position: Position | None = None) -> list[ResultRow]:
    """The dock's lines for an adjudicated phase's ``result`` (``explain``: one explanation
    or None per recorded line; ``position``: the phase adjudicated, for the unused builds)."""
    if not result:
        return []
    lines = result.get("orders") or []
    why = list(explain or [])
    why += [None] * (len(lines) - len(why))
    allowed = _builds_allowed(position) if position is not None else {}
    rows = [_row(r, w, allowed) for r, w in zip(lines, why, strict=False) if isinstance(r, dict)]
    rows = _name_retreat_bounces(rows)
    rows += _unused_builds(lines, allowed)
    return sorted(rows, key=ResultRow.sort_key)


def _row(r: dict, why: dict | None, allowed: dict[str, tuple[int, int]]) -> ResultRow:
    order = r.get("order") or ""
    status = r.get("status") or ""
    reason = r.get("reason") or ""
    power = r.get("power") or ""
    detail = (why or {}).get("text") or ""
    head = f"{order or r.get('text') or ''} {status}".strip()
    if not detail or detail == head:
        detail = _plain_detail(head, r)
    if reason == "revealed" and "reveal" not in detail:
        kind = "an army" if order.startswith("A ") else "a fleet"
        said = detail.removeprefix(head).lstrip(": ")
        detail = f"{head}: the choice unit is revealed as {kind}" + (f" ({said})" if said else "")
    if order == "Waive" and power in allowed:
        detail = f"{power} waives one of its {_builds(allowed[power][1])}"
    return ResultRow(power, unit_of(order), r.get("text") or "", order, status, reason, detail, why)


def _name_retreat_bounces(rows: list[ResultRow]) -> list[ResultRow]:
    """Retreats that bounced name the units that retreated to the same place."""
    def target(r: ResultRow) -> str | None:
        toks = r.read_as.split()
        return toks[3] if len(toks) == 4 and toks[2] == "R" else None

    out = []
    for r in rows:
        where = target(r) if r.reason == "bounced" else None
        others = sorted(o.unit for o in rows if o is not r and where and target(o) == where)
        if others:
            r = replace(r, detail=f"{r.read_as} fails: {' and '.join(others)} retreated to {where} too; "
                                  "all are disbanded" if len(others) > 1 else
                                  f"{r.read_as} fails: {others[0]} retreated to {where} too; both are disbanded")
        out.append(r)
    return out


def _plain_detail(head: str, r: dict) -> str:
    """A sentence for a line the engine's explanation says nothing more about."""
    reason = r.get("reason") or ""
    if r.get("detail"):
        return f"{head}: {r['detail']}"
    if reason == "no order":
        return f"{head}: no order was given, so it holds; nobody dislodged it"
    if reason:
        return f"{head}: {reason}"
    if (r.get("order") or "").endswith(" H"):
        return f"{head}: nobody attacked it"
    return f"{head}: nothing stood in its way"


def _builds(n: int) -> str:
    return f"{n} build" + ("" if n == 1 else "s")


def _builds_allowed(position: Position) -> dict[str, tuple[int, int]]:
    """Per power, the builds it is owed and those it could make in an adjustment phase (no
    more than its free home centres)."""
    if position.phase.type is not PhaseType.ADJUSTMENT:
        return {}
    return {power: (n, min(n, len(free_home_centers(position, power))))
            for power, n in adjustment_counts(position).items() if n > 0}


def _unused_builds(lines: list, allowed: dict[str, tuple[int, int]]) -> list[ResultRow]:
    """One line per power that built fewer units than it could, waived builds included."""
    out = []
    for power, (owed, n) in sorted(allowed.items()):
        mine = [r for r in lines if isinstance(r, dict) and r.get("power") == power
                and r.get("status") == "succeeds"]
        built = sum(1 for r in mine if (r.get("order") or "").startswith("B "))
        waived = sum(1 for r in mine if r.get("order") == "Waive")
        unused = n - built - waived
        if unused <= 0 and not waived:
            continue
        if not waived:
            label = f"{power}: {_builds(unused)} unused"
        elif unused > 0:
            label = f"{power}: {_builds(waived)} waived, {unused} unused"
        else:
            label = f"{power}: {_builds(waived)} waived"
        detail = f"{power} could build {n} and built {built}"
        if waived:
            detail += f", waived {waived}"
        if unused > 0:
            detail += f"; {unused} not ordered, so not built"
        if owed > n:
            detail += f" ({owed} owed, but only {n} free home centres)"
        out.append(ResultRow(power, "", "", label, UNUSED, "waived" if unused <= 0 else UNUSED, detail))
    return out
