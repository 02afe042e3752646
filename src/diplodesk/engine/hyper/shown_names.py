"""How a reader is told of a nation, a bank or a province: by its name, never by a bare id.

Ids are what a GM types in orders and what the JSON keeps. Everything else a GM or a player
reads (a statement, the gazette, a pack, the desk's panels and inspector, the GM's questions)
names things here, so that one nation reads the same everywhere. A territory formed in play
names itself after its province and conqueror in the position ("holl under ger"); it reads
"Holland under Germany".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

UNDER = " under "


@dataclass(frozen=True)
class ShownNames:
    """The names of one board's provinces, nations and banks (empty: every id as it is)."""

    provinces: Mapping[str, str] = field(default_factory=dict)
    nations: Mapping[str, str] = field(default_factory=dict)  # nations and banks, as named in the game
    abbrs: Mapping[str, str] = field(default_factory=dict)  # the board's abbreviations, for a heading

    @classmethod
    def of(cls, position) -> ShownNames:
        """The names a HyperPosition knows: its board's, its pack's, its banks' and those of
        the nations formed in play."""
        provinces = {p.id: p.name for p in position.board.provinces.values() if p.name}
        nations = {n.id: n.name for n in position.pack.nations.values() if n.name}
        nations |= {b.id: b.name for b in position.banks if b.name}
        nations |= {n: st.name for n, st in position.nations.items() if st.name}
        abbrs = {n.id: n.abbr for n in position.pack.nations.values() if n.abbr}
        return cls(provinces, nations, abbrs)

    def seeing(self, *economies: Mapping[str, Any] | None) -> ShownNames:
        """With the nations and banks that the ``economy`` parts of positions as JSON name (a
        season's result names the territories it formed)."""
        named: dict[str, str] = {}
        for eco in economies:
            for nid, st in ((eco or {}).get("nations") or {}).items():
                if isinstance(st, Mapping) and isinstance(st.get("name"), str) and st["name"]:
                    named[str(nid)] = st["name"]
            for b in (eco or {}).get("banks") or []:
                if isinstance(b, Mapping) and isinstance(b.get("name"), str) and b.get("id"):
                    named.setdefault(str(b["id"]), b["name"])
        fresh = {k: v for k, v in named.items() if self.nations.get(k) != v}
        return replace(self, nations={**self.nations, **fresh}) if fresh else self

    def nation(self, nid: str | None) -> str:
        """A nation's or bank's name; "nobody" for none; an unknown id as it is."""
        return self._nation(nid, frozenset())

    def _nation(self, nid: str | None, seen: frozenset[str]) -> str:
        if not nid:
            return "nobody"
        name = self.nations.get(nid, nid)
        prov, under, who = name.partition(UNDER)
        if under and prov in self.provinces and who in self.nations and who not in seen | {nid}:
            return f"{self.provinces[prov]}{UNDER}{self._nation(who, seen | {nid})}"
        return name

    def titled(self, nid: str) -> str:
        """A paper's heading: the name, then the board's abbreviation or else the id
        ("France (Fran)", "Holland under Germany (ger-holl)")."""
        name = self.nation(nid)
        return nid if name == nid else f"{name} ({self.abbrs.get(nid) or nid})"

    def with_id(self, nid: str | None) -> str:
        """The name and the id a GM types ("Holland under Germany (ger-holl)")."""
        name = self.nation(nid)
        return name if not nid or name == nid else f"{name} ({nid})"

    def province(self, pid: str | None) -> str:
        """A province's name (a coast kept: "St Petersburg/nc"); an unknown id as it is."""
        if not pid:
            return "nowhere"
        base, slash, coast = pid.partition("/")
        return f"{self.provinces.get(base, base)}{slash}{coast}"
