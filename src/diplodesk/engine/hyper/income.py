"""The income half of the season (I.4): yields, escrow, manpower, and the A that rot and are eaten.

Each function is one rule, named after it, reading the numbers from the pack; the rounding
helpers say in whose favour they round, as the rules do.
"""

from __future__ import annotations

from ..money import ceil_div
from .pack import Division


def divide(amount: int, d: Division) -> int:
    """``amount / divisor`` rounded as the rule says, in steps of ``d.unit``."""
    per = d.divisor * d.unit  # amount is in smallest units
    return (ceil_div(amount, per) if d.round == "up" else amount // per) * d.unit


def deterioration(a_sos: int, d: Division, exempt: int) -> int:
    """I.8: a quarter of the start-of-season A rot, rounded to the larger loss; 1A keeps."""
    if a_sos == exempt:
        return 0
    return min(a_sos, divide(a_sos, d))


def winter_yield(a: int, d: Division) -> int:
    """I.6c: in winter a province yields half its A, rounded up for the greater yield."""
    return divide(a, d)


def escrow_release(escrow_sos: int, d: Division) -> int:
    """I.9: a fifth of the start-of-season escrow comes back on hand, rounded up."""
    return min(escrow_sos, divide(escrow_sos, d))


def starvation_need(m_total: int, m_per_a: int) -> int:
    """T19 (provisional): one A for every ``m_per_a`` M or part of it."""
    return ceil_div(m_total, m_per_a) if m_total > 0 else 0
