"""Words of the orders' notation: names as keys, amounts of money, designations."""

from __future__ import annotations

import re
from fractions import Fraction

from .pack import FACTORS

GOLD = FACTORS["gold"]  # half-dollars to the dollar
# digits are 0-9 only: "²" is a digit to str.isdigit() but not to int()
DESIG = re.compile(r"^([0-9]{1,4})([dt])$", re.I)
MONEY = re.compile(r"^\$?([0-9]{1,6})(?:(\.5|\.0|½))?\$?$")

# possessive: "(" and a long run of spaces is read once, not once per way to share it out
PAYMENT_CLAUSE = re.compile(r"\(\s*+\$?\s*+pd\b[^()]*+\)", re.I)
# an order line longer than this is refused before it is read (no order of the rules nears it)
MAX_ORDER_CHARS = 1000


def unpaid(text: str) -> str:
    """An order's line less its payment clauses, ``(pd by Spain)``, ``($ pd by rd from ...)``:
    how another nation quotes it (I.5, VI.8, IX.3)."""
    return " ".join(PAYMENT_CLAUSE.sub(" ", text).split())


def is_count(text: str) -> bool:
    """A count as orders write it: one to six digits 0-9 (``isdigit`` takes ``²``, ``int`` does not)."""
    return 1 <= len(text) <= 6 and text.isascii() and text.isdigit()


def key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def money(text: str) -> int | None:
    """``$3``, ``$2.5``, ``$2½``, ``3`` -> half-dollars."""
    m = MONEY.match(text.strip())
    if not m:
        return None
    value = Fraction(int(m.group(1))) + (Fraction(1, 2) if m.group(2) in (".5", "½") else 0)
    return int(value * GOLD)
