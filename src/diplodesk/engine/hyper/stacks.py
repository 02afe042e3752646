"""Military orders as combat reads them: one record per unit, checked before anything is paid.

A unit's order is checked here against the rules that hold whatever the others do (III.27-29,
III.35, III.5): a move only into a friendly province, at most one mover and two attackers per
province pair, supports only where the supporter could act itself, never an attack on a
guards-only land that still stands alone. An order that fails a check is invalid and the unit
stands (III.25), so its upkeep is priced as a stand. What is left becomes a :class:`Force`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..board import ProvinceKind, UnitType, province_of
from .allies import SAME_NATION, Friends
from .canal_state import joins
from .model import HUnit, HyperPosition
from .orders import HOrder

NO_ATTACK = "no-attack-while-integral"  # a province flag: Switzerland (III.5)


def friendly(a: str, b: str, friends: Friends = SAME_NATION) -> bool:
    """III.24: units of one nation, of one player's nations or of allies are friendly."""
    return friends(a, b)


def unit_key(u: HUnit) -> str:
    return f"{u.power}:{u.ref}"


@dataclass
class Force:
    """A unit in the fight: what it was ordered to do, as far as the order stands."""

    unit: HUnit
    kind: str  # st ho mo at sp dm (an invalid or downgraded order: st)
    order: HOrder | None = None
    dest: str | None = None  # mo/at/dm: the location entered
    second: str | None = None  # dm: the second leg's location
    aim: str | None = None  # sp: the province the support is aimed at
    backs: str | None = None  # sp: the key of the unit supported
    backs_attack: bool = False
    retreat: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)
    seize: bool = False  # at its own province on leaving an alliance: it stands, then conquers

    @property
    def key(self) -> str:
        return unit_key(self.unit)

    @property
    def power(self) -> str:
        return self.unit.power

    @property
    def prov(self) -> str:
        return self.unit.province

    @property
    def target(self) -> str | None:
        return province_of(self.dest) if self.dest else None

    @property
    def moves(self) -> bool:
        return self.kind in ("mo", "dm")


class Checker:
    """The static checks of military orders, on the position at the start of the season."""

    def __init__(self, pos: HyperPosition, friends: Friends | None = None):
        self.pos = pos
        self.friends = friends or Friends.at_start(pos)
        self.board = pos.board
        self.units = {unit_key(u): u for u in pos.units}

    def owner(self, prov: str) -> str | None:
        p = self.pos.provinces.get(prov)
        return p.de_facto if p is not None else None

    def friendly_place(self, prov: str, power: str, units: Iterable[HUnit]) -> bool:
        """III.24: a land province of a friendly nation; a sea without an unfriendly T."""
        if self.board.is_sea(prov):
            return not any(u.province == prov and u.type == "T" and not self.friends(u.power, power)
                           for u in units)
        owner = self.owner(prov)
        return owner is not None and self.friends(owner, power)

    def leaving(self, u: HUnit) -> bool:
        """III.39b(iii): the unit stands in a province of a nation its own has just left."""
        owner = self.owner(u.province)
        return owner is not None and Friends.at_start(self.pos)(owner, u.power) and \
            not self.friends(owner, u.power)

    def integral(self, prov: str) -> bool:
        """III.5: a guards-only land's nation still holds every province it began with."""
        nation = self.pos.pack.provinces[prov].nation
        return nation is not None and all(
            self.owner(p.id) == nation for p in self.pos.pack.provinces.values() if p.nation == nation)

    def shielded(self, prov: str) -> bool:
        data = self.pos.pack.provinces.get(prov)
        return data is not None and NO_ATTACK in data.special and self.integral(prov)

    def entry(self, u: HUnit, src: str, dest: str) -> str | None:
        """The location a unit at ``src`` enters in ``dest``: a fleet names its coast."""
        prov = province_of(dest)
        if u.type != "T" or "/" in dest or not self.board.provinces[prov].coasts:
            return dest
        hits = self.board.fleet_targets(src, prov)
        return hits[0] if len(hits) == 1 else None

    def can_back(self, u: HUnit, aim: str, attack: bool) -> str | None:
        """III.35: why ``u`` cannot support into ``aim``, or None."""
        kind = self.board.provinces[aim].kind
        if aim == u.province:
            return "a unit supports into a neighbouring province only (III.35)"
        if u.type == "N":
            if attack:
                return "a National Guard never supports an attack (III.1)"
            return None if aim in self.board.province_neighbours.get(u.province, ()) else \
                f"{aim} is not next to {u.province}"
        if u.type == "D" and (kind is ProvinceKind.SEA or
                              not self.board.can_reach(UnitType.ARMY, u.at, aim)):
            return f"a division cannot reach {aim} from {u.at} (III.35)"
        if u.type == "T" and (kind is ProvinceKind.LAND or
                              not self.board.can_reach(UnitType.FLEET, u.at, aim)):
            return f"a task force cannot reach {aim} from {u.at} (III.35)"
        return None

    def backed(self, o: HOrder, names) -> tuple[HUnit | None, str | None, str]:
        """A support's note read: (the unit supported, the attack's target or None, error)."""
        words = o.note.split()
        whose = None  # an ally's unit may be named with its nation first: sp Spain 1D at Nava
        if len(words) >= 2 and words[0].lower() != "n" and (n := names.nation_of(words[0])):
            whose, words = n, words[1:]
        if words and words[0].lower() == "n" and len(words) >= 2:
            loc = names.location(words[1])
            if loc is None:
                return None, None, f"{words[1]!r} is not a province"
            ref, rest = f"N {loc}", words[2:]
        elif words:
            ref, rest = words[0].upper(), words[1:]
        else:
            return None, None, "sp names the unit supported"
        if rest and rest[0].lower() not in ("ho", "at", "sp"):
            loc = names.location(rest[0])
            rest = rest[1:] if loc else rest
        target = None
        if rest and rest[0].lower() == "at":
            if len(rest) != 2 or (target := names.location(rest[1])) is None:
                return None, None, "a support of an attack is written 3D sp 12D at Nava"
            target = province_of(target)
        elif rest and (rest[0].lower() not in ("ho", "sp") or len(rest) != 1):
            return None, None, "a support is written 3D sp 12D ho or 3D sp 12D at Nava"
        hits = sorted((u for u in self.pos.units if u.ref.upper() == ref.upper()
                       and self.friends(u.power, o.nation) and whose in (None, u.power)),
                      key=lambda u: (u == o.unit, u.power != o.nation, u.power))
        if not hits:
            return None, None, f"{whose or o.nation} has no unit {ref} {o.nation} may support"
        return hits[0], target, ""

    def check(self, orders: list[HOrder], names) -> None:
        """Mark every military order that cannot stand with its reason (III.25: it stands)."""
        live = [o for o in orders if o.military and o.unit is not None and not o.error]
        for o in live:
            self.one(o, names)
        pairs = Counter((o.unit.province, province_of(o.target), o.verb == "at")
                        for o in live if not o.error and o.verb in ("mo", "dm", "at"))
        for o in live:
            if o.error or o.verb not in ("mo", "dm", "at"):
                continue
            n = pairs[(o.unit.province, province_of(o.target), o.verb == "at")]
            limit, what, rule = (2, "attack", "III.29") if o.verb == "at" else (1, "move", "III.27")
            if n > limit:
                o.fail("illegal", f"{n} units ordered to {what} from "
                       f"{o.unit.province} to {province_of(o.target)}; at most {limit} may "
                       f"({rule}), so none does")

    def one(self, o: HOrder, names) -> None:
        u = o.unit
        if o.verb in ("mo", "dm", "at"):
            dest = self.entry(u, u.at, o.target)
            prov = province_of(o.target)
            if dest is None:
                o.fail("illegal", f"{prov} has several coasts: name the one {u.ref} enters")
            elif o.verb == "at" and prov == u.province and not self.leaving(u):
                o.fail("illegal", f"{u.ref} may attack the province it stands in only as its nation "
                       f"leaves an alliance with {self.owner(prov)} (III.39b)")
            elif o.verb == "at" and self.shielded(prov):
                o.fail("illegal", f"{prov} may not be attacked while its nation stands alone (III.5)")
            elif o.verb != "at" and not self.friendly_place(prov, u.power, self.pos.units):
                o.fail("illegal", f"{u.ref} may move only into a friendly province; {prov} is not "
                       "(III.27): attack it (at) instead")
            elif o.verb == "dm" and (self.entry(u, dest, o.second) is None or
                                     not (self.board.can_reach(UnitType.FLEET, dest, province_of(o.second))
                                          or joins(self.board, self.pos.carried, dest, province_of(o.second)))):
                o.fail("illegal", f"{u.ref} cannot reach {o.second} from {dest} (III.28)")
            else:
                o.target = dest
        elif o.verb == "sp":
            backed, target, err = self.backed(o, names)
            if backed is None:
                o.fail("illegal", err)
                return
            if backed == u:
                o.fail("illegal", f"{u.ref} cannot support itself")
                return
            aim = target or backed.province
            why = self.can_back(u, aim, target is not None)
            if why:
                o.fail("illegal", why)


def forces(pos: HyperPosition, units: Iterable[HUnit], orders: Mapping[str, list[HOrder]],
           names, downgraded: set[str], friends: Friends | None = None) -> dict[str, Force]:
    """Every unit still there, with the order it fights by."""
    chk = Checker(pos, friends)
    by_unit = {unit_key(o.unit): o for n in orders for o in orders[n]
               if o.military and o.unit is not None and not o.error}
    out = {}
    for u in units:
        f = Force(u, "st")
        o = by_unit.get(unit_key(u))
        if o is not None:
            f.order = o
            f.retreat = o.retreat or ()
            if o.ref not in downgraded:
                f.kind = o.verb
            if f.kind == "at" and province_of(o.target) == u.province:
                f.kind, f.seize = "st", True
            elif f.kind in ("mo", "at", "dm"):
                f.dest = o.target
                if f.kind == "dm":
                    f.second = chk.entry(u, o.target, o.second)
            elif f.kind == "sp":
                backed, target, _ = chk.backed(o, names)
                f.backs, f.backs_attack = unit_key(backed), target is not None
                f.aim = target or backed.province
        out[f.key] = f
    return out
