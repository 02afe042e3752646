"""More orders than a limit a place a season allows (III.7, III.11, V.7, VII.2).

The rules set only the maximum: a unit built a province a season, one armoury and one shipyard
a coast, one fishing fleet a coast, one PI to a province in two seasons. Which of the orders
stand is the GM's to say (``over-ordered``, not blocking), by default the dice, over the orders
as written back (with their nations, where there are several), so the order of the lines never
matters; one nation's lines alike are one order, which stands once.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .order_text import describe

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


def over_ordered(s: Season, rule: str, where: str, orders: list[HOrder], limit: int) -> list[HOrder]:
    """The orders that stand of ``orders``, more than ``limit`` at ``where``."""
    several = len({o.nation for o in orders}) > 1
    alike: dict[str, list[HOrder]] = {}
    for o in sorted(orders, key=lambda o: (o.nation, o.index)):
        alike.setdefault(f"{o.nation}: {describe(o)}" if several else describe(o), []).append(o)
    texts = sorted(alike)
    if len(texts) <= limit:
        return [ones[0] for ones in alike.values()]
    options = [" + ".join(c) for c in combinations(texts, limit)]
    default = s.dice.choose(options, "over", where)
    answer = s.decisions.ask(f"{s.phase}/over-ordered/{where}",
                             f"{len(texts)} orders where {limit} may stand ({rule}): which stand?",
                             [*options, "none"], default, rule=rule)
    return [] if answer == "none" else [alike[t][0] for t in answer.split(" + ")]
