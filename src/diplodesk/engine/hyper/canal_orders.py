"""The canal orders in the rules' notation (VIII.5-7), a part of the order reader (orders.py).

``cl CANAL`` and ``op CANAL`` close and reopen a canal; ``pc SITE`` is a season's work on a
canal site; ``pm SITE for NATION`` is the site holder's written permission for it (VIII.6),
while ``pm NATION`` stays a government in exile's permission (II.8). A canal is named by its
id in the variant or by its province.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .canal_state import canals_of
from .order_words import key as _key

if TYPE_CHECKING:
    from .orders import HOrder


class CanalOrders:
    """Mixed into the order reader before the economy's orders (it reads ``pm SITE for``)."""

    def canal_named(self, words: list[str]) -> str | None:
        canals = canals_of(self.pos.board)
        text = " ".join(words)
        for cid in sorted(canals):
            if _key(cid) == _key(text):
                return cid
        loc = self.names.location(text) if words else None
        prov = loc.partition("/")[0] if loc else None
        return next((cid for cid in sorted(canals) if canals[cid].province == prov), None)

    def order_cl(self, o: HOrder, rest: list[str]) -> HOrder:
        o.target = self.canal_named(rest)
        return o if o.target else o.fail("unparsable", "cl Bret: a canal, by its name or province (VIII.5)")

    def order_op(self, o: HOrder, rest: list[str]) -> HOrder:
        o.target = self.canal_named(rest)
        return o if o.target else o.fail("unparsable", "op Bret: a canal, by its name or province (VIII.5)")

    def order_pc(self, o: HOrder, rest: list[str]) -> HOrder:
        o.target = self.canal_named(rest)
        if o.target is None:  # VIII.7: another canal is the GM's to allow
            loc = self.names.location(" ".join(rest)) if rest else None
            if loc is None:
                return o.fail("unparsable", "pc Anda: a canal site, by its name or province (VIII.6)")
            o.target, o.note = loc.partition("/")[0], "new"
        return o

    def order_pm(self, o: HOrder, rest: list[str]) -> HOrder:
        low = [w.lower() for w in rest]
        if "for" not in low:
            return super().order_pm(o, rest)
        i = low.index("for")
        o.verb, o.target = "pm.site", self.canal_named(rest[:i])
        o.item = self.names.nation.get(_key(" ".join(rest[i + 1:])))
        if o.target is None or o.item is None:
            return o.fail("unparsable", "pm Anda for France: a canal site and the nation allowed to "
                          "build there (VIII.6)")
        return o
