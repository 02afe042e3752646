"""Completion for a Hypereconomic order sheet: the words that may come next on a line, from
the engine's order codes and the board (the nation's units, the places a unit can reach,
provinces, nations, banks). No Qt here.

The codes are the engine's own: the military verbs, and every code its order reader has a
handler for, so a code added to the engine is offered without a change here.
"""

from __future__ import annotations

from ..engine.hyper.model import HyperPosition
from ..engine.hyper.order_words import DESIG
from ..engine.hyper.orders import LATER, MILITARY, Names, _Parser
from ..engine.hyper.shown_names import ShownNames

BANK_CODES = ("rd", "in", "wd", "tt")
# what each order code is called, as the rules' text names it (the results view, the
# inspector, completion's labels and "did you mean" read these; docs/hypereconomic-orders.md
# has an example of each)
KINDS = {
    "st": "stand", "ho": "hold", "mo": "move", "at": "attack", "sp": "support", "dm": "double move",
    "dn": "deny fishing", "ds": "destroy a fishing fleet",
    "bu": "build", "de": "demobilise", "tf": "transfer", "pw": "public works", "fo": "failure order",
    "spl": "support priority", "sa": "special action", "co": "research", "as": "assign a PI",
    "gw": "guerrilla warfare", "sb": "sabotage", "tt": "trade", "bk": "blockade", "pd": "pay for",
    "ap": "lend transport", "mn": "man installations", "eb": "establish a bank", "lo": "locate in exile",
    "pm": "permit", "cd": "cede", "an": "annex", "nn": "new nation", "rd": "redeem", "in": "invest",
    "wd": "withdraw", "jv": "joint victory", "dg": "delegate", "fz": "freeze", "nz": "nationalise", "cl": "close a canal",
    "op": "open a canal", "pc": "build a canal", "al": "alliance", "ra": "reaffirm an alliance",
    "wa": "withdraw from an alliance", "f": "fish",
}
# words a GM or player writes for a code ("research A" -> co A)
SAID = {"research": "co", "build": "bu", "hold": "ho", "stand": "st", "move": "mo", "attack": "at",
        "support": "sp", "supports": "sp", "trade": "tt", "demobilise": "de", "demobilize": "de",
        "transfer": "tf", "invest": "in", "withdraw": "wd", "redeem": "rd", "blockade": "bk",
        "cede": "cd", "annex": "an", "delegate": "dg", "sabotage": "sb", "guerrilla": "gw", "fish": "f"}
# why ``bu ITEM`` has nowhere to go, when it has none (III.2, III.9, III.12, VII.1)
NOWHERE = {
    "D": "{who} has no armoury: a D is built at an armoury of its own (III.2); "
         "bu Y in a province of its own builds one, for next season (III.12)",
    "T": "{who} has no shipyard: a T is built at a shipyard of its own, on that coast (III.2); "
         "bu S on a coast of its own builds one, for next season (III.12)",
    "N": "{who} holds no province by right (de jure): an N is built only there (III.9)",
    "Y": "{who} holds no province to build an armoury in (III.11)",
    "S": "{who} holds no coast to build a shipyard on (III.11a)",
    "FF": "{who} holds no coast to build a fishing fleet on (VII.1)",
}


def kind_of(text: str | None) -> str:
    """What an order line is, by its code: ``2D Gaso sp 1D at Nava`` -> ``support``."""
    words = (text or "").split()
    if not words:
        return ""
    head = words[0].lower()
    if DESIG.match(head) or head == "n":
        rest = words[1:] if head != "n" else words[2:]
        verbs = [w.lower() for w in rest[:2] if w.lower() in KINDS]
        return KINDS[verbs[0]] if verbs else "military"
    if head.startswith("ff") and len(words) > 1:
        return "move a fishing fleet" if words[1].lower() == "mo" else KINDS.get(words[1].lower(), "fishing fleet")
    if head in ("y", "s") and len(words) == 2:  # an installation's line of the result (captured, lost)
        return "armoury" if head == "y" else "shipyard"
    return KINDS.get(head, "")
BUILDS = ("D", "T", "N", "Y", "S", "FF", "Trs")
UNIT_VERBS = (*MILITARY, "dn", "ds")


def codes() -> list[str]:
    """Every order code the engine reads, besides the military verbs after a unit."""
    found = {m[len("order_"):] for m in dir(_Parser) if m.startswith("order_")}
    return sorted(found | set(LATER) | {"al", "ra", "wa"})


class Words:
    """The completions of one position, for any nation's lines."""

    def __init__(self, position: HyperPosition):
        self.pos = position
        self.names = Names(position)
        self.parser = _Parser(position, self.names, frozenset(position.pack.failure_order))
        self.provinces = sorted(self.shown(p) for p in position.board.provinces)
        self.nations = sorted(n.name for n in position.pack.nations.values())
        self.banks = sorted(b.name for b in position.banks)
        self._codes = codes()

    def shown(self, loc: str) -> str:
        """A province as the rules write it: its abbreviation (Gaso), a sea in capitals (TYRS)."""
        pack = self.pos.pack.provinces.get(loc)
        if pack is not None and pack.abbr:
            return pack.abbr
        return loc.upper() if self.pos.board.is_sea(loc) else loc.capitalize()

    def shown_at(self, loc: str) -> str:
        """A place with its coast: ``Gaso``, ``Spai/nc``."""
        prov, _, coast = loc.partition("/")
        return self.shown(prov) + (f"/{coast}" if coast else "")

    def own(self, nation: str) -> list[str]:
        """The provinces ``nation`` holds (de facto), as written."""
        return sorted(self.shown(p) for p, st in self.pos.provinces.items() if st.de_facto == nation)

    def build_places(self, nation: str, item: str) -> list[str]:
        """Where ``bu ITEM`` may go for ``nation`` (III.2-III.12, VII.1): a division at its
        armouries, a task force at its shipyards' coasts, a guard where it holds by right,
        an armoury in its provinces, a shipyard or fishing fleet on its coasts."""
        item = item.upper()
        mine = {p for p, st in self.pos.provinces.items() if st.de_facto == nation}
        inst = {i.type: set() for i in self.pos.installations}
        for i in self.pos.installations:
            if i.owner == nation:
                inst.setdefault(i.type, set()).add(i.at)
        if item == "D":
            places = inst.get("Y", set())
        elif item == "T":
            places = inst.get("S", set())
        elif item == "N":
            places = {p for p in mine if self.pos.provinces[p].de_jure == nation}
        elif item == "Y":
            places = mine
        elif item in ("S", "FF"):
            places = set()
            for p in mine:
                info = self.pos.board.provinces[p]
                if info.kind.value == "coast":
                    places |= {f"{p}/{c}" for c in info.coasts} or {p}
        else:
            return []
        return sorted(self.shown_at(p) for p in places)

    def units_of(self, nation: str) -> list[str]:
        return sorted(u.ref for u in self.pos.units if u.power == nation)

    def unit(self, nation: str, ref: str):
        ref = ref.lower()
        return next((u for u in self.pos.units if u.power == nation and u.ref.lower() == ref), None)

    def reachable(self, unit) -> list[str]:
        """Where a unit's mo or at may go: the places the engine's reader lets it reach."""
        out = []
        for loc in sorted(self.pos.board.provinces):
            if loc != unit.province and self.parser.reaches(unit, unit.at, loc):
                out.append(self.shown(loc))
        return out

    def candidates(self, nation: str, before: str) -> tuple[str, list[str]]:
        """``(partial word, words that may replace it)`` for the line typed up to the cursor."""
        words = before.split()
        partial = "" if not words or before.endswith((" ", "\t")) else words[-1]
        done = words if not partial else words[:-1]
        options = self._next(nation, done)
        low = partial.lower()
        hits = [w for w in options if w.lower().startswith(low) and w.lower() != low]
        return partial, sorted(dict.fromkeys(hits), key=lambda w: (w.lower(), w))

    def why_none(self, nation: str, before: str) -> str:
        """Why completion offers nothing for the line typed up to the cursor, as one line for
        the sheet ("" when it offers something): no armoury for a D, a word written in full..."""
        partial, offered = self.candidates(nation, before)
        if offered:
            return ""
        words = before.split()
        done = words[:-1] if partial else words
        options = self._next(nation, done)
        if partial and any(w.lower() == partial.lower() for w in options):
            return f"{partial} is written in full: a space, and Ctrl+Space offers what comes next"
        if partial and options:
            return f"nothing that may come here starts with {partial!r}"
        who = ShownNames.of(self.pos).nation(nation)
        head = done[0].lower() if done else ""
        if head == "bu" and len(done) == 2 and done[1].upper() in NOWHERE:
            return NOWHERE[done[1].upper()].format(who=who)
        return "nothing to offer after this: the line may be complete"

    def _next(self, nation: str, done: list[str]) -> list[str]:
        if not done:
            if any(b.id == nation for b in self.pos.banks):
                return list(BANK_CODES)
            ffs = sorted(f.id for f in self.pos.ffs if f.owner == nation)
            return self.units_of(nation) + ffs + self._codes
        head = done[0].lower()
        unit = None
        rest = done[1:]
        if DESIG.match(head):
            unit = self.unit(nation, head)
        elif head == "n" and len(done) >= 2:
            unit = self.unit(nation, f"N {self.names.location(done[1]) or done[1]}")
            rest = done[2:]
        elif head == "n":
            return sorted(u.ref.split(" ", 1)[1] for u in self.pos.units
                          if u.power == nation and u.type == "N")
        if unit is not None:
            return self._after_unit(unit, rest)
        if head == "bu":
            return list(BUILDS) if len(done) == 1 else self.build_places(nation, done[1])
        if head == "co":
            return ["A", "I"] if len(done) == 1 else []
        if head in ("pw", "as", "gw") and len(done) >= 2:
            return self.own(nation) if head != "gw" else self.provinces
        if head in ("de", "tf", "spl"):
            if len(done) == 1 or head == "spl":
                return self.units_of(nation)
            if head == "tf" and len(done) == 2:
                return ["to"]
            return self.nations
        if head in ("cd", "tt", "rd"):
            return ["to", *self.nations, *self.provinces, *self.banks]
        return self.provinces + self.nations

    def _after_unit(self, unit, rest: list[str]) -> list[str]:
        if rest and self.names.location(rest[0]) is not None and rest[0].lower() not in UNIT_VERBS:
            rest = rest[1:]  # "12D Gaso at ...": the unit's own province, as the rules write it
        if not rest:
            return list(UNIT_VERBS if unit.type == "T" else MILITARY)
        verb = rest[0].lower()
        if verb in ("mo", "at") and len(rest) == 1:
            return self.reachable(unit)
        if verb == "dm" and len(rest) in (1, 2):
            return self.reachable(unit) if len(rest) == 1 else self.provinces
        if verb == "sp":
            return self._support(unit, rest[1:])
        return []

    def _support(self, unit, said: list[str]) -> list[str]:
        """After ``sp``: the unit supported (one's own, or an ally's after its nation), where
        it is, then ``ho`` or ``at`` and the places both units reach."""
        whose = unit.power
        if said and said[0].lower() != "n" and not DESIG.match(said[0]) and (n := self.names.nation_of(said[0])):
            whose, said = n, said[1:]
        if not said:
            return sorted(u.ref for u in self.pos.units if u.power == whose and u != unit)
        backed = self.unit(whose, said[0])
        said, placed = said[1:], False
        if said and backed is not None and self.names.location(said[0]) == backed.at:
            said, placed = said[1:], True  # "sp 1D Wall at ...": its own province, as the rules write it
        if not said:
            return ["ho", "at"] + ([self.shown(backed.province)] if backed is not None and not placed else [])
        if said[0].lower() == "at" and len(said) == 1:
            mine = set(self.reachable(unit))
            return [p for p in self.reachable(backed) if p in mine] if backed is not None else sorted(mine)
        return []
