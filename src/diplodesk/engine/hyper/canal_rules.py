"""Canals' numbers (VIII.5-6): the running cost, the reopening, and each site's building schedule."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..dice import MAX_DICE, MAX_SIDES
from ..tables import Cost, TableReader

_DICE = re.compile(r"([0-9]{1,4})d([0-9]{1,4})(?:\+([0-9]{1,7}))?")
MAX_PLUS = 1_000_000  # and MAX_DICE, MAX_SIDES: each die is rolled, 999999999d6 never ended


@dataclass(frozen=True)
class Schedule:
    """A canal site's building (VIII.6): season 1 fixed, later seasons rolled a season ahead."""

    seasons: int
    first: Cost
    later: dict[str, tuple[int, int, int]]  # factor -> (dice, sides, plus)
    restart: Cost
    refund: tuple[int, int, int]
    rule: str = "VIII.6"


@dataclass(frozen=True)
class CanalRules:
    run: Cost
    reopen: Cost
    schedules: dict[str, Schedule] = field(default_factory=dict)
    rule: str = "VIII.5"


def _dice(rd: TableReader, text: object, row: str, fld: str) -> tuple[int, int, int]:
    m = _DICE.fullmatch(str(text)[:40].replace(" ", ""))
    if m is None:
        rd.bad(row, fld, f"expected dice like \"1d3+2\", got {str(text)[:40]!r}")
        return (1, 1, 0)
    dice, sides, plus = int(m[1]), int(m[2]), int(m[3] or 0)
    if dice > MAX_DICE or not 1 <= sides <= MAX_SIDES or plus > MAX_PLUS:
        rd.bad(row, fld, f"{text!r}: dice are 0 to {MAX_DICE} dice of 1 to {MAX_SIDES} sides, "
               f"plus at most {MAX_PLUS}")
        return (1, 1, 0)
    return dice, sides, plus


def read_canals(rules: TableReader) -> CanalRules | None:
    sec = rules.data.get("canals")
    if sec is None:
        return None
    run = rules.cost(sec.get("run", {}), "canals", "run")
    reopen = rules.cost(sec.get("reopen", {}), "canals", "reopen")
    schedules = {}
    for name, sch in (rules.data.get("canal_sites") or {}).items():
        row = f"canal_sites.{name}"
        later = {f: _dice(rules, v, row, f"later.{f}") for f, v in (sch.get("later") or {}).items()}
        for f in later:
            if f not in rules.factors:
                rules.bad(row, f"later.{f}", f"unknown factor {f!r}")
        schedules[str(name)] = Schedule(
            rules.whole(sch.get("seasons", 3), row, "seasons", 1), rules.cost(sch.get("first", {}), row, "first"),
            later, rules.cost(sch.get("restart", {}), row, "restart"),
            _dice(rules, sch.get("refund_M", "0d6"), row, "refund_M"), str(sch.get("rule", "VIII.6")))
    return CanalRules(run, reopen, schedules, str(sec.get("rule", "VIII.5")))
