"""Money in whole steps: the smallest coin is an integer unit, never a float.

An economic variant states its smallest coin (Hypereconomic: half a dollar). Files write
amounts as decimals people read (``12.5``); inside the engine they are whole numbers of
that coin, so no rounding error can creep into a ledger that must balance to the coin.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from .plain_text import shown

# No stock of any game nears it: past it, an amount shown as a float loses its half-dollar
# (and a 400-digit stock overflowed the floats that show it).
MAX_AMOUNT = 10**12


class MoneyError(ValueError):
    """An amount that is not a whole number of the smallest coin."""


def to_units(value: Any, per_unit: int, where: str) -> int:
    """``12.5`` with two coins to the unit -> 25; anything else named with ``where``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MoneyError(f"{where}: expected an amount like 2 or 2.5, got {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise MoneyError(f"{where}: {value!r} is not an amount")
    if not -MAX_AMOUNT <= value <= MAX_AMOUNT:
        raise MoneyError(f"{where}: {shown(value)} is beyond the {MAX_AMOUNT:,} an amount may be")
    exact = Fraction(value) * per_unit
    if exact.denominator != 1:
        step = "1" if per_unit == 1 else f"1/{per_unit}"
        raise MoneyError(f"{where}: {value!r} is not in steps of {step}")
    return int(exact)


def from_units(units: int, per_unit: int) -> int | float:
    """The amount as a file writes it: whole numbers stay ints (``12``), else ``12.5``."""
    if units % per_unit == 0:
        return units // per_unit
    return units / per_unit


def ceil_div(a: int, b: int) -> int:
    """a / b rounded up, for whole numbers (b > 0)."""
    return -((-a) // b)
