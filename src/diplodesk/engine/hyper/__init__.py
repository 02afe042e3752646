"""Hypereconomic Diplomacy's season engine: a whole economy behind the same ``adjudicate()``.

A variant whose ``variant.toml`` says ``engine = "hypereconomic"`` comes here (see
:mod:`..seasons`). Its numbers are the variant's table files (:mod:`.pack`); the generic parts
(:mod:`..ledger`, :mod:`..dice`, :mod:`..decisions`, :mod:`..tables`) know nothing of it.
"""

from __future__ import annotations

from typing import Any

from .. import rule_changes
from ..dice import DiceError
from ..position import PositionError
from ..tables import Problem, TableError
from ..variant import Variant
from .model import HyperPosition
from .outcome import HyperOutcome
from .pack import Pack, load_pack
from .position_reader import read_position

__all__ = ["HyperOutcome", "HyperPosition", "TableError", "pack_of", "process", "read", "start"]


_packs: dict[tuple[int, int], tuple[Variant, Pack]] = {}


def pack_of(variant: Variant, phase: Any = None) -> Pack:
    """The variant's tables as they read in ``phase`` (the GM's rule changes dated at or
    before it laid over them, IX.6), read once per variant object; raises TableError."""
    changes = variant.data.get("rule_changes") or ()
    due = _due(variant, phase) if changes else 0
    hit = _packs.get((id(variant), due))
    if hit is not None and hit[0] is variant:
        return hit[1]
    try:
        files = (rule_changes.tables_at(variant, str(phase or variant.start_phase)) if due
                 else variant.data.get("table_files") or {})
    except rule_changes.RuleChangeError as e:
        raise TableError([Problem(variant.id, "", "", "rule_changes", str(e))]) from None
    kinds = {p.id: str(p.kind) for p in variant.board.provinces.values()}
    pack = load_pack(files, kinds, source=variant.id)
    if len(_packs) > 32:
        _packs.clear()
    _packs[(id(variant), due)] = (variant, pack)
    return pack


def _due(variant: Variant, phase: Any) -> int:
    """How many of the variant's rule changes are in force in ``phase`` (0: none)."""
    try:
        return rule_changes.in_force(variant, str(phase if phase is not None else variant.start_phase))
    except rule_changes.RuleChangeError as e:
        raise TableError([Problem(variant.id, "", "", "rule_changes", str(e))]) from None


def read(data: Any, variant: Variant) -> HyperPosition:
    phase = data.get("phase") if isinstance(data, dict) else None
    try:
        phase = rule_changes.season(phase) if phase is not None else None
        if phase is not None and variant.data.get("rule_changes"):
            rule_changes.ordinal(variant, phase)
    except rule_changes.RuleChangeError:
        phase = None  # the reader names the bad phase
    return read_position(data, variant, pack_of(variant, phase))


def start(variant: Variant, secret: str = "", variant_ref: str | None = None) -> HyperPosition:
    return HyperPosition.start(variant, pack_of(variant), secret, variant_ref)


def process(pos: HyperPosition) -> HyperOutcome:
    from dataclasses import replace

    from . import conditions
    from .season import Season

    def run(position, struck, conds, loop):
        season = Season(position, struck, conds)
        season.loop_question = loop
        return season, season.run()

    try:  # a GM's roll that cannot be the roll it names is bad input, as a bad field is
        if pos.variant.data.get("rule_changes"):  # the tables in force this season, and the next
            pos = pos.evolve(pack=pack_of(pos.variant, pos.phase))
            outcome = conditions.process(pos, run)
            return replace(outcome, next=outcome.next.evolve(pack=pack_of(pos.variant, outcome.next.phase)))
        return conditions.process(pos, run)
    except DiceError as e:
        raise PositionError(str(e)) from None

