"""A nation's own failure order (I.11), which may outlast its season.

A list lasts "only for the season indicated unless otherwise specified": ``fo bu.FF, bu.Tr``
is for this season, ``... until withdrawn`` stands until ``fo withdrawn``, ``... for 3 seasons``
covers this season and the next two. A season's own list overrides a standing one for that
season only [A]; a new lasting list replaces it. The position keeps it as the nation's
``failure_order``: ``{"order": [T5 categories], "left": seasons it still covers after this
one, or null until withdrawn}``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


def own(s: Season, nation: str) -> HOrder | None:
    """This season's ``fo`` of the nation that stands (``fo withdrawn`` included)."""
    return next((o for o in s.orders.get(nation, ()) if o.verb == "fo" and not o.error), None)


def _left(s: Season, nation: str) -> Mapping[str, Any] | None:
    st = s.pos.nations.get(nation)
    return st.failure_order if st is not None else None


def season_list(s: Season, nation: str) -> list[str]:
    """The nation's own list for this season, else the one it left standing, then T5."""
    o, standing = own(s, nation), _left(s, nation)
    mine = o.categories if o is not None else tuple(standing["order"]) if standing else ()
    return list(mine) + [c for c in s.pack.failure_order if c not in mine]


def next_list(s: Season, nation: str) -> Mapping[str, Any] | None:
    """The list standing after this season: one ordered to last, or the old one a season
    shorter; a season's own list does not end it, ``fo withdrawn`` does."""
    o, old = own(s, nation), _left(s, nation)
    if o is not None and o.note == "withdraw":
        return None
    if o is not None and o.note in ("standing", "seasons"):
        left = None if o.note == "standing" else o.count - 1
        return None if left == 0 else {"order": o.categories, "left": left}
    if old is None or old["left"] is None:
        return old
    return {"order": old["order"], "left": old["left"] - 1} if old["left"] > 1 else None


def read(v: Any, w: str, known: Collection[str], obj: Callable[..., Mapping],
         fail: Callable[[str, str], Exception]) -> Mapping[str, Any] | None:
    """A standing failure order of the position, strictly: T5's categories, the seasons left."""
    if v is None:
        return None
    o = obj(v, w, {"order", "left"}, {"order"})
    order = o["order"]
    if not isinstance(order, list) or not order or not all(isinstance(c, str) and c in known for c in order):
        raise fail(f"{w}.order", f"expected a list of T5 categories, got {order!r}")
    left = o.get("left")
    if left is not None and (isinstance(left, bool) or not isinstance(left, int) or not 1 <= left <= 99):
        raise fail(f"{w}.left", f"expected the seasons it still covers (1 to 99), or null until "
                   f"withdrawn, got {left!r}")
    return {"order": tuple(order), "left": left}
