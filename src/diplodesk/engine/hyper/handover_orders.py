"""The orders that hand over what is not a military unit (a part of the order reader, orders.py):
PIs (V.5), research teams (V.1), transport factors between the parties of a trade (IV.8),
fishing fleets, and a nation itself, to another nation or to a bank, which may own PIs,
teams, fishing fleets and even nations (VI.2). What they do is :mod:`.transfers`'.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .order_words import key as _key
from .research import teams_of

if TYPE_CHECKING:
    from .orders import HOrder


class HandoverOrders:
    """Mixed into the order reader."""

    def is_bank(self, who: str | None) -> bool:
        return who is not None and any(b.id == who for b in self.pos.banks)

    def holder_teams(self, who: str) -> list[dict]:
        """The research teams a nation or a bank holds at the start of the season."""
        st = self.pos.nations.get(who)
        if st is not None:
            return teams_of(st.teams)
        bank = next((b for b in self.pos.banks if b.id == who), None)
        return teams_of(bank.teams) if bank is not None else []

    def receiver(self, text: str) -> str | None:
        """A nation or a bank, by its name, abbreviation or id."""
        return self.names.nation.get(_key(text)) or self.banks.get(_key(text))

    def handed_over(self, o: HOrder, what_words: list[str], to: str) -> bool:
        """``tf 2 APIs to Spain``, ``tf A1 to Bank of Paris``, ``tf 2 Trs to Spain``,
        ``tf FF1 to Spain``, ``tf Morocco to Bank of Paris`` (by Morocco) or, by the bank that
        owns it, ``tf Morocco to p02``: not a unit. False if ``what_words`` names none of them."""
        what = " ".join(w.lower() for w in what_words)
        trs = re.fullmatch(r"([1-9]\d{0,3}) trs?", what)
        if trs:  # re-allocated between the parties of a trade (IV.8)
            o.verb, o.count, o.target = "tf.trs", int(trs.group(1)), self.names.nation.get(_key(to))
            if o.target is None or o.target == o.nation:
                o.fail("unparsable", f"{to!r} is not another nation")
            return True
        pi = re.fullmatch(r"(?:([1-9]\d{0,2}) )?(api|ipi)s?", what)
        team = re.fullmatch(r"[ai]\d+", what) and any(t["id"].lower() == what for t in self.holder_teams(o.nation))
        ff = self.ffs.get((o.nation, what.upper())) if re.fullmatch(r"ff\d+", what) else None
        nation = self.names.nation_of(what) if what else None
        if nation is not None and (nation == o.nation or self._owns(o.nation, nation)):
            return self._nation(o, nation, to)
        if not pi and not team and ff is None:
            if nation is None:
                return False
            o.verb, o.item = "tf.nation", nation  # another's nation: not this one's to give
            o.fail("illegal", f"{nation} is handed over by its own orders, or by the bank that owns it (VI.2)")
            return True
        o.target = self.receiver(to)
        if pi:
            o.verb, o.count, o.item = "tf.pi", int(pi.group(1) or 1), pi.group(2)[0].upper()
        elif team:
            o.verb, o.item = "tf.team", what.upper()
        else:
            o.verb, o.ff = "tf.ff", ff
        if o.target is None or o.target == o.nation:
            o.fail("unparsable", f"{to!r} is not another nation or a bank")
        return True

    def _owns(self, bank: str, nation: str) -> bool:
        st = self.pos.nations.get(nation)
        return st is not None and st.bank == bank

    def _nation(self, o: HOrder, nation: str, to: str) -> bool:
        """A nation given to a bank, by itself; or by the bank that owns it, to a player or to
        another bank (VI.2)."""
        o.verb, o.item = "tf.nation", nation
        o.target = self.banks.get(_key(to))
        if o.target is None and self.is_bank(o.nation):
            o.target, o.note = self.player_id(to), "player"
        if o.target is None or o.target == o.nation:
            o.fail("unparsable", f"{to!r} is not a bank{' or a player' if self.is_bank(o.nation) else ''}: "
                   "a nation may be given to a bank (VI.2)")
        return True
