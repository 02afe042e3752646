"""Orders in the rules' own notation, read into values; what cannot be read says why.

One order per line, per nation: ``12D Gaso at Nava (re Acqu/Bord)``, ``7T TYRS ho (no)``,
``N Pari ho``, ``bu D Lyon``, ``bu 6 Trs``, ``de 12D``, ``tf 7T to Brit``, ``pw $3 Gaso``,
``fo bu.unit, pw``, ``al nato France, Spain "terms"``, ``ra nato``, ``wa nato`` (alliances,
:mod:`.alliances`), ``3D sp Spain 1D at Nava`` (an ally's unit). Case does not matter;
provinces may be written by id, by the rules' four-letter abbreviation or by name. Every code
of the rules is adjudicated; a code a later version adds would go in ``LATER``, reported as not
adjudicated yet, never as gibberish.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..board import ProvinceKind, UnitType
from .canal_orders import CanalOrders
from .canal_state import joins
from .economy_orders import EconomyOrders
from .fishing import sea_half
from .handover_orders import HandoverOrders
from .model import HUnit, HyperPosition
from .order_words import DESIG as _DESIG
from .order_words import (
    MAX_ORDER_CHARS,
    is_count,
    money,  # noqa: F401  (other modules read amounts through here)
)
from .order_words import key as _key

MILITARY = ("st", "ho", "mo", "at", "sp", "dm")
# codes of the parts of the rules not adjudicated yet (DESIGN 4.4): read, then reported
LATER: dict[str, str] = {}
_PAREN = re.compile(r"\(([^()]*)\)")


@dataclass
class HOrder:
    """One order line as understood. ``error`` is (reason, detail) when it cannot stand."""

    nation: str
    index: int
    text: str
    verb: str = ""
    unit: HUnit | None = None
    target: str | None = None  # a province for mo/at/dm/bu/pw, a nation for tf
    second: str | None = None  # dm's second leg
    item: str | None = None  # what bu builds or de disbands: D T N Y S Tr
    count: int = 1
    amount: int = 0  # gold in halves (pw)
    retreat: tuple[str, ...] | None = None  # () means "no retreat"
    categories: tuple[str, ...] = ()
    note: str = ""
    ff: Any = None  # the fishing fleet an order is for
    routes: tuple[tuple[str, ...], ...] = ()  # a trade's route and its alternative
    account: str = ""  # where a shipment waits between the costs and its delivery
    paid_by: str | None = None  # (pd by Spain): another nation pays (I.5, III.16)
    paid_gold: int | None = None  # (pd by Spain $1): it pays only this much of the gold
    redeem: str | None = None  # ($ pd by rd from Bank): a bank's gold pays (VI.7-8)
    lender: str | None = None  # ap 4 Trs of Germany: whose Trs carry the trade (IV.8)
    lend_route: tuple[str, ...] = ()  # ... by Kiel Nort Bres: how those Trs reach a terminal
    lend_extra: int = 0  # the lender's Trs that carry its lent Trs to the terminal (T8)
    assets: tuple[tuple[str, int], ...] = ()  # cd Gaso to Spain with $5 4A: what goes with it (II.7a)
    error: tuple[str, str] | None = None

    @property
    def ref(self) -> str:
        return f"{self.nation}#{self.index}"

    @property
    def military(self) -> bool:
        return self.verb in MILITARY

    def fail(self, reason: str, detail: str) -> HOrder:
        self.error = (reason, detail)
        return self


class Names:
    """Province and nation names as players write them."""

    def __init__(self, pos: HyperPosition):
        self.board = pos.board
        self.prov: dict[str, str] = {}
        for p in self.board.provinces.values():
            for n in (p.id, p.name, *p.aliases):
                self.prov[_key(n)] = p.id
        for p in pos.pack.provinces.values():
            if p.abbr:
                self.prov[_key(p.abbr)] = p.id
        self.nation: dict[str, str] = {}
        for n in pos.pack.nations.values():
            for name in (n.id, n.abbr, n.name):
                self.nation[_key(name)] = n.id
        for n in pos.pack.nations.values():  # the usual names (Britain): never over a nation's own
            for name in n.aliases:
                self.nation.setdefault(_key(name), n.id)

    def nation_of(self, text: str) -> str | None:
        return self.nation.get(_key(text))

    def location(self, text: str) -> str | None:
        base, _, coast = text.partition("/")
        prov = self.prov.get(_key(base))
        if prov is None:
            return None
        if coast:
            if coast.lower() not in self.board.provinces[prov].coasts:
                return None
            return f"{prov}/{coast.lower()}"
        return prov




def parse_orders(pos: HyperPosition, nation: str, texts: tuple[str, ...], names: Names,
                 categories: frozenset[str]) -> list[HOrder]:
    parser = _Parser(pos, names, categories)
    return [parser.parse(nation, i, t) for i, t in enumerate(texts)]


@dataclass
class _Parser(CanalOrders, EconomyOrders, HandoverOrders):
    pos: HyperPosition
    names: Names
    categories: frozenset[str]
    units: Mapping[tuple[str, str], HUnit] = field(init=False)
    ffs: Mapping[tuple[str, str], Any] = field(init=False)

    def __post_init__(self) -> None:
        self.units = {(u.power, (u.id or f"N {u.at}").lower()): u for u in self.pos.units}
        self.ffs = {(f.owner, f.id): f for f in self.pos.ffs}
        self.banks = {}
        for b in self.pos.banks:
            self.banks[_key(b.id)] = self.banks[_key(b.name)] = b.id

    def parse(self, nation: str, index: int, text: str) -> HOrder:
        o = HOrder(nation, index, text)
        line = text.strip()
        if len(line) > MAX_ORDER_CHARS:  # bounded before any pattern reads it
            return o.fail("unparsable", f"{len(line)} characters is longer than an order line "
                          f"may be ({MAX_ORDER_CHARS})")
        parens = _PAREN.findall(line)
        words = _PAREN.sub(" ", line).replace(",", " , ").split()
        if not words:
            return o.fail("unparsable", "an empty order")
        if words[0].lower() in ("al", "ra", "wa"):  # before conditions: the terms are free text
            return self.alliance(o, line)
        if words[0].lower() == "pd":  # before conditions: the order paid for is free text
            return self.order_pd(o, line)
        if re.search(r"\bif\b", line, re.I):  # a well-written condition is off the line already
            return o.fail("unparsable", 'a condition is written after the order: ... if Germany '
                          '"pw $1 Pari" succeeds (or fails) (IX.3)')
        paid = [p for p in parens if p.strip().lower().startswith(("pd", "$"))]
        for p in paid:
            if self.paid_clause(o, p).error:
                return o
        if paid:
            parens = [p for p in parens if p not in paid]
            line = _PAREN.sub(lambda m: " " if m.group(1) in paid else m.group(0), line)
            words = _PAREN.sub(" ", line).replace(",", " , ").split()
        head = words[0].lower()
        if o.nation in {b.id for b in self.pos.banks}:
            return self.bank_order(o, words)
        if head == "tt" and len(words) >= 4 and words[2].lower() == "to" and money(words[1]) is not None \
                and _key(" ".join(words[3:])) in self.banks:  # gold into a bank (VI.3)
            o.verb, o.amount, o.target = "tt$", money(words[1]), self.banks[_key(" ".join(words[3:]))]
            return o
        if _DESIG.match(head) or head == "n":
            return self.military(o, words, parens)
        if re.fullmatch(r"ff\d+", head):
            return self.fleet(o, words)
        if parens:
            return o.fail("unparsable", f"({parens[0]}) belongs after a military order only")
        o.verb = head
        rest = words[1:]
        if head in LATER:
            return o.fail("not adjudicated", f"{LATER[head]} ({head}) is adjudicated in a later "
                          "version of diplodesk; the order had no effect")
        handler = getattr(self, f"order_{head}", None)
        if handler is None:
            return o.fail("unparsable", f"{words[0]!r} is not an order code; orders start with a "
                          "unit (12D, 7T, N Pari) or a code such as bu, de, tf, pw, fo")
        return handler(o, rest)

    # -- military --------------------------------------------------------------------------

    def military(self, o: HOrder, words: list[str], parens: list[str]) -> HOrder:
        if words[0].lower() == "n":
            if len(words) < 2 or (loc := self.names.location(words[1])) is None:
                return o.fail("unparsable", "a National Guard is written N and its province: N Pari ho")
            key, rest = f"n {loc}", words[2:]
        else:
            key, rest = words[0].lower(), words[1:]
        unit = self.units.get((o.nation, key))
        if unit is None:
            return o.fail("no such unit", f"{o.nation} has no unit {key.upper() if key[0] != 'n' else key}")
        o.unit = unit
        if rest and rest[0].lower() not in (*MILITARY, "dn", "ds"):
            loc = self.names.location(rest[0])
            if loc is None or loc.partition("/")[0] != unit.province:
                return o.fail("no such unit", f"{unit.ref} is in {unit.at}, not {rest[0]}")
            rest = rest[1:]
        if not rest:
            return o.fail("unparsable", f"no order for {unit.ref}: st, ho, mo, at, sp or dm")
        o.verb, args = rest[0].lower(), rest[1:]
        if o.verb in ("dn", "ds"):  # deny or destroy a fishing fleet here (VII.5)
            if len(args) != 1 or not re.fullmatch(r"ff\d+", args[0].lower()):
                return o.fail("unparsable", f"{o.verb} names the fishing fleet: 7T {o.verb} FF3")
            o.note = args[0].upper()
            return o
        if o.verb not in MILITARY:
            return o.fail("unparsable", f"{rest[0]!r} is not a military order (st ho mo at sp dm)")
        if unit.type == "N" and o.verb in ("mo", "at", "dm"):
            return o.fail("illegal", "a National Guard never moves or attacks (III.1)")
        if o.verb == "dm" and unit.type != "T":
            return o.fail("illegal", "only task forces may double move (III.28)")
        want = {"st": 0, "ho": 0, "mo": 1, "at": 1, "dm": 2}.get(o.verb)
        if want is not None and len(args) != want:
            return o.fail("unparsable", f"{o.verb} takes {want} province{'s' if want != 1 else ''}")
        places = []
        for a in args if o.verb != "sp" else ():
            loc = self.names.location(a)
            if loc is None:
                return o.fail("unparsable", f"{a!r} is not a province")
            places.append(loc)
        if places:
            o.target = places[0]
            o.second = places[1] if len(places) > 1 else None
            own = o.verb == "at" and o.target.partition("/")[0] == unit.province  # III.39b(iii)
            if not own and not self.reaches(unit, unit.at, o.target):
                return o.fail("illegal", f"{unit.ref} cannot reach {o.target} from {unit.at}")
        if o.verb == "sp":
            if not args:
                return o.fail("unparsable", "sp names the unit supported: 3D Bord sp 12D at Nava")
            o.note = " ".join(args)
        for p in parens:
            r = self.retreat(o, p)
            if r is not None:
                return r
        return o

    def reaches(self, unit: HUnit, src: str, dst: str) -> bool:
        prov = dst.partition("/")[0]
        kind = self.pos.board.provinces[prov].kind
        if unit.type == "D":
            return kind is not ProvinceKind.SEA and self.pos.board.can_reach(UnitType.ARMY, src, prov)
        return self.pos.board.can_reach(UnitType.FLEET, src, prov) or joins(self.pos.board, self.pos.carried,
                                                                            src, prov)

    def retreat(self, o: HOrder, p: str) -> HOrder | None:
        w = p.split()
        if [x.lower() for x in w] == ["no"]:
            o.retreat = ()
            return None
        if len(w) == 2 and w[0].lower() == "re":
            locs = [self.names.location(x) for x in w[1].split("/")]
            if 1 <= len(locs) <= 2 and all(locs):
                o.retreat = tuple(x for x in locs if x)
                return None
        return o.fail("unparsable", f"({p}): a retreat is written (re Acqu), (re Acqu/Bord) or (no)")

    # -- alliances (III.37-39) -------------------------------------------------------------

    def alliance(self, o: HOrder, line: str) -> HOrder:
        o.verb = line.split()[0].lower()
        if o.nation in {b.id for b in self.pos.banks}:
            return o.fail("illegal", "only nations make alliances (III.36)")
        head, quote, terms = line.partition('"')
        if quote and not terms.rstrip().endswith('"'):
            return o.fail("unparsable", 'the terms of an alliance are written in double quotes: '
                          'al nato France, Spain "mutual passage"')
        o.note = terms.rstrip()[:-1] if quote else ""
        words = head.split()
        if len(words) < 2 or not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", words[1].lower()):
            return o.fail("unparsable", f"{o.verb} names the alliance: {o.verb} nato" +
                          (' France, Spain "terms"' if o.verb == "al" else ""))
        o.target = words[1].lower()
        if o.verb != "al":
            return o if len(words) == 2 and not quote else o.fail(
                "unparsable", f"{o.verb} takes only the alliance's id: {o.verb} {o.target}")
        members = {o.nation}
        for chunk in " ".join(words[2:]).split(","):
            if not chunk.strip():
                continue
            n = self.names.nation_of(chunk)
            found = [n] if n else [self.names.nation_of(w) for w in chunk.split()]
            if not all(found):
                return o.fail("unparsable", f"{chunk.strip()!r} is not a nation")
            members |= set(found)
        if len(members) < 2:
            return o.fail("unparsable", f"an alliance has two or more members: al {o.target} France, Spain")
        o.categories = tuple(sorted(members))
        return o

    # -- the economy ---------------------------------------------------------------------

    def order_bu(self, o: HOrder, rest: list[str]) -> HOrder:
        if len(rest) >= 2 and is_count(rest[0]) and rest[1].lower() in ("tr", "trs"):
            o.item, o.count = "Tr", int(rest[0])
            return o if o.count >= 1 and len(rest) == 2 else o.fail("unparsable", "bu 6 Trs")
        if rest and rest[0].lower() in ("tr", "trs") and len(rest) == 1:
            o.item = "Tr"
            return o
        if len(rest) != 2 or rest[0].upper() not in ("D", "T", "N", "Y", "S", "FF"):
            return o.fail("unparsable", "bu D Lyon, bu T Mars, bu N Pari, bu Y Lyon, bu S Mars/sc "
                          "or bu 6 Trs")
        o.item = rest[0].upper()
        o.target = self.names.location(rest[1])
        if o.target is None:
            return o.fail("unparsable", f"{rest[1]!r} is not a province")
        return o

    def fleet(self, o: HOrder, words: list[str]) -> HOrder:
        ff = self.ffs.get((o.nation, words[0].upper()))
        if ff is None:
            return o.fail("no such unit", f"{o.nation} has no fishing fleet {words[0].upper()}")
        o.ff = ff
        if len(words) == 2 and words[1].lower() == "f":
            o.verb = "f"
            return o
        if len(words) >= 4 and words[1].lower() == "f" and words[2].lower() == "to":  # VII.7
            o.verb, o.item = "f", self.names.nation.get(_key(" ".join(words[3:])))
            return o if o.item else o.fail("unparsable", f"{' '.join(words[3:])!r} is not a nation")
        if len(words) == 3 and words[1].lower() == "mo":
            o.verb, o.target = "ff.mo", self.names.location(words[2])
            base, _, half = words[2].rpartition("/")
            if o.target is None and half.lower() == "sea" and (prov := self.names.location(base)):
                if prov not in self.pos.pack.fishing.land_sea:  # VII.3
                    return o.fail("unparsable", f"{prov} has no sea half: it is not a land-sea province")
                o.target = sea_half(prov)
            if o.target is None:
                return o.fail("unparsable", f"{words[2]!r} is not a province")
            return o
        return o.fail("unparsable", f"a fishing fleet fishes or moves: {ff.id} f, {ff.id} f to Spain, "
                      f"{ff.id} mo Bisc")

    def order_de(self, o: HOrder, rest: list[str]) -> HOrder:
        if len(rest) == 1 and (ff := self.ffs.get((o.nation, rest[0].upper()))) is not None:
            o.ff, o.item = ff, "FF"
            return o
        if len(rest) == 1:
            unit = self.units.get((o.nation, rest[0].lower()))
            if unit is None:
                return o.fail("no such unit", f"{o.nation} has no unit {rest[0].upper()}")
            o.unit, o.item = unit, unit.type
            return o
        if len(rest) == 2 and rest[0].upper() in ("Y", "S", "N"):
            o.item, o.target = rest[0].upper(), self.names.location(rest[1])
            if o.target is None:
                return o.fail("unparsable", f"{rest[1]!r} is not a province")
            if o.item == "N":
                o.unit = self.units.get((o.nation, f"n {o.target}"))
                if o.unit is None:
                    return o.fail("no such unit", f"{o.nation} has no National Guard in {o.target}")
            return o
        return o.fail("unparsable", "de 12D, de N Pari, de Y Lyon or de S Mars")

    def order_tf(self, o: HOrder, rest: list[str]) -> HOrder:
        words = [w.lower() for w in rest]
        if len(rest) == 4 and words[0] == "n" and (loc := self.names.location(rest[1])):
            rest = [f"n {loc}", *rest[2:]]  # a guard is named by its province: tf N Pari to Spain
            words = [w.lower() for w in rest]
        to = words.index("to", 1) if "to" in words[1:] else None
        if to is not None and to < len(rest) - 1 and self.handed_over(o, rest[:to], " ".join(rest[to + 1:])):
            return o
        if self.is_bank(o.nation):
            return o.fail("unparsable", "a bank hands over what it owns: tf A1 to France, tf 2 APIs to "
                          "France, tf FF1 to France, tf Morocco to p02 or tf control to p02 (VI.1-2)")
        if to != 1 or len(rest) < 3:
            return o.fail("unparsable", "tf 12D to Germany")
        if self.is_bank(self.banks.get(_key(" ".join(rest[2:])))):
            return o.fail("illegal", "a bank may own PIs, research teams, fishing fleets and nations, "
                          "not military units (VI.2)")
        if len(rest) != 3:
            return o.fail("unparsable", "tf 12D to Germany")
        unit = self.units.get((o.nation, rest[0].lower()))
        if unit is None and not _DESIG.match(rest[0]):
            return o.fail("no such unit", f"{o.nation} has no unit {rest[0].upper()}")
        o.unit, o.target = unit, self.names.nation.get(_key(rest[2]))
        if unit is None:  # a unit built this season, by the designation its build gives it (III.18)
            o.note = rest[0].upper()
        if o.target is None:
            return o.fail("unparsable", f"{rest[2]!r} is not a nation")
        return o

    def order_pw(self, o: HOrder, rest: list[str]) -> HOrder:
        if len(rest) != 2 or (amount := money(rest[0])) is None:
            return o.fail("unparsable", "pw $3 Gaso: public works, an amount and a province")
        o.amount, o.target = amount, self.names.location(rest[1])
        if o.target is None:
            return o.fail("unparsable", f"{rest[1]!r} is not a province")
        return o

    def order_fo(self, o: HOrder, rest: list[str]) -> HOrder:
        """``fo bu.unit, pw``: for this season; ``... until withdrawn`` or ``... for 3 seasons``
        for longer; ``fo withdrawn`` ends a standing one (I.11)."""
        low = [w.lower() for w in rest]
        if low in (["withdrawn"], ["withdraw"], ["wd"]):
            o.note = "withdraw"
            return o
        if low[-2:] == ["until", "withdrawn"]:
            o.note, rest = "standing", rest[:-2]
        elif len(low) >= 3 and low[-3] == "for" and low[-1] in ("season", "seasons"):
            if not low[-2].isdigit() or not 1 <= int(low[-2]) <= 99:
                return o.fail("unparsable", "fo ... for 3 seasons: a whole number of seasons, 1 to 99 (I.11)")
            o.note, o.count, rest = "seasons", int(low[-2]), rest[:-3]
        canonical = {c.lower(): c for c in self.categories}
        written = " ".join(rest).replace(",", " ").split()
        cats = tuple(canonical.get(c.lower(), c) for c in written)
        unknown = [c for c in cats if c not in self.categories]
        if not cats or unknown:
            return o.fail("unparsable", f"fo lists the categories of T5 in the order they should "
                          f"fail ({', '.join(sorted(self.categories))}), then 'until withdrawn' or "
                          "'for 3 seasons' if it is to last (I.11)"
                          + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
        o.categories = cats
        return o


    def order_spl(self, o: HOrder, rest: list[str]) -> HOrder:
        """``spl 5D, 3D``: if some of these units' supports must be cut, 5D's goes first."""
        refs = tuple(w.upper() for w in " ".join(rest).replace(",", " ").split())
        unknown = [r for r in refs if (o.nation, r.lower()) not in self.units]
        if not refs or unknown:
            return o.fail("unparsable", "spl lists the nation's supporting units, the first to be "
                          "cut first: spl 5D, 3D" + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
        o.categories = refs
        return o

    def order_sa(self, o: HOrder, rest: list[str]) -> HOrder:
        if not rest:
            return o.fail("unparsable", "sa and what the nation wants to do (IX.7)")
        o.note = " ".join(rest)
        return o




from .order_text import describe  # noqa: E402,F401  (the orders' own notation, written back)
