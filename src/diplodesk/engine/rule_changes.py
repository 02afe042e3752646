"""The GM changes the rules with notice (Hypereconomic IX.6): a table change dated from a season.

A change made during a game never reaches back. It is kept in the game's copy of the variant
(``rule_changes``: the season it takes effect from, the table file, the cells and their new
values, the season it was made in), and the tables a season is adjudicated with are the
variant's own with every change dated at or before that season laid over them. So a season
before the date reads the old value and one from the date on the new, and adjudicating stays
a pure function of the position and the variant. Any variant with table files can use this.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .phase import Phase, PhaseType
from .variant import Variant

MAX_YEARS = 500  # a season further on than this is a typing error, not notice
Cell = tuple[tuple[str | int, ...], Any]  # a path into the table file and its new value (None: taken out)


class RuleChangeError(ValueError):
    """A rule change that cannot stand; the message says which and why."""


@dataclass(frozen=True)
class RuleChange:
    effective_from: str  # a movement phase, "S1915M"
    file: str  # the table file, as the variant names it
    cells: tuple[Cell, ...]
    made_in: str = ""  # the season the GM made it in
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        cells = [{"path": list(p)} | ({} if v is None else {"value": v}) for p, v in self.cells]
        d: dict[str, Any] = {"effective_from": self.effective_from, "file": self.file, "cells": cells}
        if self.made_in:
            d["made_in"] = self.made_in
        if self.note:
            d["note"] = self.note
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> RuleChange:
        cells = tuple((tuple(c["path"]), c.get("value")) for c in d.get("cells", []))
        return cls(str(d["effective_from"]), str(d["file"]), cells, str(d.get("made_in", "")),
                   str(d.get("note", "")))


def changes_of(variant: Variant) -> list[RuleChange]:
    return [RuleChange.from_json(d) for d in variant.data.get("rule_changes") or ()]


def season(text: str) -> Phase:
    """A season as the GM writes it, ``S1915`` or ``S1915M``."""
    t = text.strip().upper() if isinstance(text, str) else ""
    try:
        return Phase.parse(t if t[-1:] in ("M", "R", "A") else t + "M")
    except ValueError:
        raise RuleChangeError(f"effective_from: {text!r} is not a season (like S1915)") from None


def ordinal(variant: Variant, phase: Phase | str) -> int:
    """How many seasons ``phase`` comes after the game's first (its calendar's order)."""
    p = season(phase) if isinstance(phase, str) else phase
    p = Phase(p.season, p.year, PhaseType.MOVEMENT)
    at = variant.start_phase
    at = Phase(at.season, at.year, PhaseType.MOVEMENT)
    cal = variant.calendar
    if p.year - at.year > MAX_YEARS:
        raise RuleChangeError(f"effective_from: {p} is more than {MAX_YEARS} years after the game's start")
    for n in range(max(0, p.year - at.year + 2) * max(1, len(cal.seasons)) + 1):
        if at == p:
            return n
        if at.year > p.year:
            break
        at = cal.next_movement(at)
    raise RuleChangeError(f"effective_from: {p} is not a season of this game's calendar "
                          f"(from {variant.start_phase})")


def in_force(variant: Variant, phase: Phase | str) -> int:
    """How many of the variant's changes are in force in ``phase`` (a change, once in force,
    stays so: the ones in force are the first so many by date)."""
    now = ordinal(variant, phase)
    return sum(1 for c in changes_of(variant) if ordinal(variant, c.effective_from) <= now)


def tables_at(variant: Variant, phase: Phase | str | None) -> dict[str, Any]:
    """The variant's table files as they read in ``phase``: every change dated at or before it
    (``None``: every change, as the tables will read once all are in force)."""
    files = variant.data.get("table_files") or {}
    changes = changes_of(variant)
    if not changes:
        return files
    now = ordinal(variant, phase) if phase is not None else float("inf")
    due = sorted(((ordinal(variant, c.effective_from), i, c) for i, c in enumerate(changes)),
                 key=lambda x: x[:2])  # by date; on one date, in the order they were made
    out = dict(files)
    for when, i, c in due:
        if when > now:
            break
        if c.file not in out:
            raise RuleChangeError(f"rule_changes[{i}].file: no table file {c.file!r}")
        data = out[c.file] if out[c.file] is not files.get(c.file) else copy.deepcopy(out[c.file])
        try:
            out[c.file] = apply(data, c.cells)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            raise RuleChangeError(f"rule_changes[{i}].cells: a path that is not in {c.file} "
                                  f"({type(e).__name__}: {str(e)[:80]})") from None
    return out


def apply(data: dict[str, Any], cells: Sequence[Cell]) -> dict[str, Any]:
    """Set each cell in ``data`` (changed in place and returned); ValueError for an empty path."""
    for path, value in cells:
        if not path:
            raise ValueError("an empty path")
        node: Any = data
        for p in path[:-1]:
            node = _step(node, p)
        last = path[-1]
        if isinstance(node, dict) and isinstance(last, str):
            if value is None:
                node.pop(last, None)
            else:
                node[last] = value
        elif isinstance(node, list) and isinstance(last, int) and 0 <= last < len(node) and value is not None:
            node[last] = value
        else:
            raise KeyError(last)
    return data


def _step(node: Any, p: str | int) -> Any:
    """One step down a path: a table's key (made if missing) or a list's index (that exists)."""
    if isinstance(node, dict) and isinstance(p, str):
        return node.setdefault(p, {})
    if isinstance(node, list) and isinstance(p, int) and 0 <= p < len(node):
        return node[p]
    raise KeyError(p)


def with_change(variant: Variant, change: RuleChange, now: Phase) -> Variant:
    """The variant with one more rule change; a change dated before ``now`` is refused."""
    if ordinal(variant, change.effective_from) < ordinal(variant, now):
        raise RuleChangeError(f"effective_from: {season(change.effective_from)} is before the current "
                              f"season {now}; a rule change never reaches back (IX.6)")
    if change.file not in (variant.data.get("table_files") or {}):
        raise RuleChangeError(f"file: no table file {change.file!r} in this game's variant")
    change = replace(change, effective_from=str(season(change.effective_from)).removesuffix("M"),  # " s1915" -> S1915
                     made_in=change.made_in or str(now))
    data = dict(variant.data)
    data["rule_changes"] = [*(variant.data.get("rule_changes") or ()), change.to_json()]
    return Variant.from_data(data, source=f"{variant.id} with a rule change")
