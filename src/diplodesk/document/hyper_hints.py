"""What a nation's order sheet suggests, from that nation's own board: examples of each order
in its own provinces, units and installations (``bu D Rhin`` where Germany's armoury is, not
the rules' ``bu D Lyon``), and "did you mean" for a word that is nearly a province, a unit or
an order code. No Qt here.
"""

from __future__ import annotations

import difflib
import re

from ..engine.hyper.model import HyperPosition
from .hyper_words import KINDS, SAID, Words, codes

# the order codes an engine message names as examples, and the example it then gives
_EXAMPLE = re.compile(r"\b(bu [DTNYS]|bu FF|bu \d+ Trs|pw \$\d+|gw \$\d+|co [AI])\b")


class Hints:
    """The examples and near misses for one nation's sheet in one position."""

    def __init__(self, position: HyperPosition, nation: str, words: Words | None = None):
        self.pos, self.nation = position, nation
        self.words = words or Words(position)

    # -- the nation's own places ----------------------------------------------------------

    def provinces(self) -> list[str]:
        return sorted(p for p, st in self.pos.provinces.items() if st.de_facto == self.nation)

    def armouries(self) -> list[str]:
        return sorted({i.at for i in self.pos.installations if i.owner == self.nation and i.type == "Y"})

    def shipyards(self) -> list[str]:
        return sorted({i.at for i in self.pos.installations if i.owner == self.nation and i.type == "S"})

    def coasts(self) -> list[str]:
        """The nation's provinces with a coast, each coast of a province of several named."""
        out = []
        for p in self.provinces():
            info = self.pos.board.provinces[p]
            if info.kind.value == "coast":
                out += [f"{p}/{c}" for c in info.coasts] or [p]
        return out

    def units(self):
        return sorted((u for u in self.pos.units if u.power == self.nation), key=lambda u: (u.type != "D", u.ref))

    # -- examples -------------------------------------------------------------------------

    def examples(self) -> list[str]:
        """One example of each kind of order this nation could write this season."""
        s = self.words.shown
        out: list[str] = []
        units = [u for u in self.units() if u.type != "N"]
        if units:
            u = units[0]
            out.append(f"{u.ref} {s(u.province)} ho")
            reach = self.words.reachable(u)
            if reach:
                out.append(f"{u.ref} {s(u.province)} at {reach[0]}")
                if len(units) > 1:
                    v = units[1]
                    out.append(f"{v.ref} {s(v.province)} sp {u.ref} at {reach[0]}")
        for y in self.armouries()[:1]:
            out.append(f"bu D {self.words.shown_at(y)}")
        for t in self.shipyards()[:1]:
            out.append(f"bu T {self.words.shown_at(t)}")
        own = self.provinces()
        if own:
            out.append(f"bu Y {s(own[0])}")
        coast = self.coasts()
        if coast and not self.shipyards():
            out.append(f"bu S {self.words.shown_at(coast[0])}")
        out += ["bu 3 Trs", "co A", "co I"]
        if own:
            out.append(f"pw $2 {s(own[0])}")
        return out

    def placeholder(self) -> str:
        if any(b.id == self.nation for b in self.pos.banks):
            return "a bank's orders, e.g. in $20, in all, wd $5, rd $1 to France … (Ctrl+Space completes)"
        ex = self.examples()
        return ("one order a line, as the rules write them, e.g. " + ", ".join(ex[:7])
                + " … (Ctrl+Space completes)")

    def example_for(self, text: str) -> str:
        """This nation's example of the order an engine message shows (``bu D Lyon`` -> ``bu D Rhin``)."""
        m = _EXAMPLE.search(text)
        if not m:
            return ""
        head = m.group(1).split()[:2]
        for ex in self.examples():
            if ex.split()[:2] == head:
                return ex
        return ""

    # -- near misses ----------------------------------------------------------------------

    def did_you_mean(self, line: str, reason: str, detail: str) -> str:
        """A suggestion for a refused line ("" for none): a near province, unit or code."""
        words = line.split()
        if not words:
            return ""
        m = re.search(r"'([^']+)' is not (a province|an order code|a military order)", detail)
        if m:
            bad, what = m.group(1), m.group(2)
            if what == "a province":
                near = self.near_province(bad, line)
            else:
                near = self.near_code(bad)
            if near:
                return f"did you mean {near}?"
        m = re.search(r"has no unit (\S+)", detail)
        if m:
            refs = [u.ref for u in self.units()]
            near = difflib.get_close_matches(m.group(1).upper(), [r.upper() for r in refs], 1, 0.5)
            if near:
                return f"did you mean {near[0]}? ({self.nation}'s units: {', '.join(refs)})"
            if refs:
                return f"{self.nation}'s units: {', '.join(refs)}"
        return ""

    def near_province(self, word: str, line: str = "") -> str:
        """The province nearest to ``word`` as written, the nation's own and those its
        orders reach first (``Hamb`` -> ``Hann`` for Germany)."""
        key = word.partition("/")[0].lower()
        shown = {self.words.shown(p).lower(): self.words.shown(p) for p in self.pos.board.provinces}
        names = {p.name.lower(): self.words.shown(p.id) for p in self.pos.board.provinces.values()}
        mine = [self.words.shown(p).lower() for p in self.provinces()]
        for pool in (mine, list(shown)):
            near = difflib.get_close_matches(key, pool, 1, 0.5)
            if near:
                return shown.get(near[0], near[0])
        near = difflib.get_close_matches(key, list(names), 1, 0.6)
        return names[near[0]] if near else ""

    def near_code(self, word: str) -> str:
        """``research`` -> ``co (research)``; ``bui`` -> ``bu (build)``."""
        low = word.lower()
        if low in SAID:
            code = SAID[low]
            return f"{code} ({KINDS.get(code, code)})"
        near = difflib.get_close_matches(low, list(SAID) + codes(), 1, 0.6)
        if not near:
            return ""
        code = SAID.get(near[0], near[0])
        return f"{code} ({KINDS.get(code, code)})"
