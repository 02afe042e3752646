"""Hypereconomic Diplomacy's season engine: a whole economy behind the same ``adjudicate()``.

A variant whose ``variant.toml`` says ``engine = "hypereconomic"`` comes here (see
:mod:`..seasons`). Its numbers are the variant's table files (:mod:`.pack`); the generic parts
(:mod:`..ledger`, :mod:`..dice`, :mod:`..decisions`, :mod:`..tables`) know nothing of it.
"""

from __future__ import annotations

from typing import Any

from ..tables import TableError
from ..variant import Variant
from .model import HyperPosition, read_position
from .outcome import HyperOutcome
from .pack import Pack, load_pack

__all__ = ["HyperOutcome", "HyperPosition", "TableError", "pack_of", "process", "read", "start"]


_packs: dict[int, tuple[Variant, Pack]] = {}


def pack_of(variant: Variant) -> Pack:
    """The variant's tables, read once per variant object; raises TableError."""
    hit = _packs.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    files = variant.data.get("table_files") or {}
    kinds = {p.id: str(p.kind) for p in variant.board.provinces.values()}
    pack = load_pack(files, kinds, source=variant.id)
    if len(_packs) > 32:
        _packs.clear()
    _packs[id(variant)] = (variant, pack)
    return pack


def read(data: Any, variant: Variant) -> HyperPosition:
    return read_position(data, variant, pack_of(variant))


def start(variant: Variant, secret: str = "", variant_ref: str | None = None) -> HyperPosition:
    return HyperPosition.start(variant, pack_of(variant), secret, variant_ref)


def process(pos: HyperPosition) -> HyperOutcome:
    from . import conditions
    from .season import Season

    def run(position, struck, conds, loop):
        season = Season(position, struck, conds)
        season.loop_question = loop
        return season, season.run()

    return conditions.process(pos, run)

