"""The rules engine: pure Python, no Qt. One engine for the GUI, the CLI and the tests.

>>> from diplodesk.engine import adjudicate
>>> result = adjudicate(position)   # position dict -> result dict (CONTRACTS 3 and 4)
"""

from __future__ import annotations

from typing import Any

from . import seasons
from .catalog import load_variant
from .orders import OrderParseError, format_order, parse_order
from .outcome import OrderResult, Status
from .position import Position, PositionError
from .process import Outcome, outcome_to_json, process
from .variant import Variant, VariantError

__all__ = [
    "adjudicate",
    "adjudicate_position",
    "load_position",
    "process",
    "Outcome",
    "OrderParseError",
    "OrderResult",
    "Position",
    "PositionError",
    "Status",
    "Variant",
    "VariantError",
    "format_order",
    "parse_order",
]


def load_position(data: Any) -> Position:
    """A Position from the JSON position format; raises PositionError."""
    return Position.from_json(data, load_variant)


def adjudicate(position: dict, explain: bool = False) -> dict:
    """Adjudicate one phase. Pure: the same position always gives the same result.

    Bad input raises PositionError (a ValueError naming the field and value). An order that
    is merely wrong is not an error: it is reported in the result, and the unit holds.
    ``explain``: each order entry also gets ``explain``, the reasoning that decided it
    (``engine/explain.py``), worked out after the resolution and only when asked for.
    """
    variant = seasons.variant_of(position)
    if seasons.is_other(variant):  # a season engine of its own (CONTRACTS 6)
        return seasons.adjudicate_other(position, variant)
    return adjudicate_position(Position.from_json(position, lambda ref: variant), explain)  # read once


def adjudicate_position(pos: Any, explain: bool = False) -> dict:
    """:func:`adjudicate` for a position already read (a game's phase, with the game's own
    copy of its variant)."""
    if seasons.is_other(pos.variant):
        return seasons.process_other(pos).to_json()
    outcome = process(pos)
    result = outcome_to_json(outcome)
    if explain:
        from .explain import explain_outcome

        for entry, why in zip(result["orders"], explain_outcome(outcome, pos), strict=True):
            if why is not None:
                entry["explain"] = why
    return result
