"""Who is friendly with whom (III.24): one nation, one player's nations, the members of an alliance.

Nations played by one player are allied for good (I.0 note 4, III.37). Alliances are not
transitive: two nations each allied with a third are not friends of each other unless they
share an alliance too. How alliances are made, kept and left is :mod:`.alliances`.
"""


from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..phase import Phase

ALLIANCE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


@dataclass(frozen=True)
class Alliance:
    id: str
    members: tuple[str, ...]  # sorted
    since: str  # the season it was made
    reaffirmed: str  # the last season it was reaffirmed or shown
    terms: str = ""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "members": list(self.members), "since": self.since,
                             "reaffirmed": self.reaffirmed}
        return d | ({"terms": self.terms} if self.terms else {})


def read_alliances(v: Any, fail: Callable[[str, str], Exception],
                   nation: Callable[[Any, str], Any]) -> tuple[Alliance, ...]:
    """``economy.alliances``, strictly: every field checked, ids unique."""
    if v is None:
        return ()
    if not isinstance(v, list):
        raise fail("economy.alliances", f"expected a list, got {type(v).__name__}")
    out = []
    for i, x in enumerate(v):
        w = f"economy.alliances[{i}]"
        if not isinstance(x, Mapping):
            raise fail(w, f"expected an object, got {type(x).__name__}")
        for k in x:
            if k not in ("id", "members", "since", "reaffirmed", "terms"):
                raise fail(f"{w}.{k}", "unknown field (known: id, members, reaffirmed, since, terms)")
        for k in ("members", "since", "reaffirmed"):
            if k not in x:
                raise fail(f"{w}.{k}", "missing")
        ms = x["members"]
        if not isinstance(ms, list) or len(set(map(str, ms))) != len(ms) or len(ms) < 2:
            raise fail(f"{w}.members", f"expected two or more distinct nations, got {ms!r}")
        aid = x.get("id", "-".join(sorted(map(str, ms))))  # DESIGN's first shape had no id
        if not isinstance(aid, str) or not ALLIANCE_ID.fullmatch(aid) and "id" in x:
            raise fail(f"{w}.id", f"an alliance's id is lower case letters, digits and -, not {aid!r}")
        for j, m in enumerate(ms):
            nation(m, f"{w}.members[{j}]")
        for k in ("since", "reaffirmed"):
            try:
                Phase.parse(str(x[k]))
            except ValueError as e:
                raise fail(f"{w}.{k}", str(e)) from None
        if not isinstance(x.get("terms", ""), str):
            raise fail(f"{w}.terms", "expected the agreement's text")
        out.append(Alliance(aid, tuple(sorted(ms)), str(x["since"]), str(x["reaffirmed"]),
                            x.get("terms", "")))
    if len({a.id for a in out}) != len(out):
        raise fail("economy.alliances", "two alliances with one id")
    return tuple(out)


class Friends:
    """III.24: is a unit (or a province) of nation ``a`` friendly to nation ``b``?"""

    def __init__(self, controllers: Mapping[str, Iterable[str]] | None = None,
                 alliances: Iterable[Alliance] = ()):
        self.players = {n: frozenset(c) for n, c in (controllers or {}).items()}
        self.pairs = {(a, b) for al in alliances for a in al.members for b in al.members if a != b}

    def __call__(self, a: str, b: str) -> bool:
        if a == b or (a, b) in self.pairs:
            return True
        return bool(self.players.get(a, frozenset()) & self.players.get(b, frozenset()))

    @classmethod
    def at_start(cls, pos) -> Friends:
        return cls(controlled(pos), pos.alliances)


def controlled(pos) -> dict[str, tuple[str, ...]]:
    """Who plays each nation, and each bank (its controller): a bank's fishing fleets are
    friendly to its controller's nations [A]."""
    return {n: st.controllers for n, st in pos.nations.items()} | {
        b.id: (b.controller,) for b in pos.banks if b.controller}


SAME_NATION = Friends()


def norm_terms(text: str) -> str:
    return " ".join(text.split())


