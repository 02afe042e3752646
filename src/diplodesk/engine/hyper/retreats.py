"""Second legs of double moves (III.28b) and retreats (III.32-34), after every other move.

Both are judged against positions already fixed: a second leg against where stage A left
everyone, a retreat against where both stages did. A retreat goes to the first of its one or
two choices that is next to the unit, friendly, holds no unfriendly unit, was attacked by no
unfriendly unit this season and has room; where more retreat into one province than it has
room for, the dice choose who gets in, keyed by the province [A]. Guards never retreat.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from ..board import ProvinceKind, UnitType, province_of
from ..dice import Dice
from .allies import SAME_NATION, Friends
from .stacks import Force


@dataclass
class Places:
    """Where every unit stands now, and who owns each land province now."""

    at: dict[str, str]  # unit key -> location
    power: dict[str, str]  # unit key -> nation
    kind: dict[str, str]  # unit key -> D T N
    owner: Mapping[str, str | None]
    cap: int
    friends: Friends = SAME_NATION

    def units_in(self, prov: str) -> list[str]:
        return sorted(k for k, loc in self.at.items() if province_of(loc) == prov)

    def friendly_place(self, board, prov: str, power: str) -> bool:
        if board.is_sea(prov):
            return not any(self.kind[k] == "T" and not self.friends(self.power[k], power)
                           for k in self.units_in(prov))
        o = self.owner.get(prov)
        return o is not None and self.friends(o, power)

    def hostile_in(self, prov: str, power: str) -> str | None:
        return next((k for k in self.units_in(prov) if not self.friends(self.power[k], power)), None)


def second_legs(board, legs: list[Force], places: Places) -> dict[str, str | None]:
    """Each double mover's second leg: its reason for failing, or None when it arrives.
    Every other unit stands where stage A left it (III.28b)."""
    into: dict[str, list[Force]] = defaultdict(list)
    for f in legs:
        into[province_of(f.second)].append(f)
    out: dict[str, str | None] = {}
    for f in sorted(legs, key=lambda f: f.key):
        p = province_of(f.second)
        hostile = places.hostile_in(p, f.power)
        rival = next((m for m in into[p] if m is not f and not places.friends(m.power, f.power)), None)
        room = len(places.units_in(p)) + sum(1 for m in into[p] if places.friends(m.power, f.power))
        if not places.friendly_place(board, p, f.power):
            out[f.key] = f"{p} is not a friendly province when the second legs run (III.27, III.28b)"
        elif hostile:
            out[f.key] = f"stood off by {hostile} in {p} (III.28b)"
        elif rival is not None:
            out[f.key] = f"stood off by {rival.power}'s {rival.unit.ref} moving there too (III.28b)"
        elif room > places.cap:
            out[f.key] = f"{room} units would stand in {p} (III.3)"
        else:
            out[f.key] = None
    return out


def retreats(board, dislodged: list[Force], places: Places, attacked: Mapping[str, set[str]],
             dice: Dice) -> dict[str, tuple[str | None, str]]:
    """Each dislodged unit's fate: (the location it retreats to, or None: annihilated; why)."""
    out: dict[str, tuple[str | None, str]] = {}
    pending: dict[str, list[str]] = {}
    why_not: dict[str, list[str]] = defaultdict(list)
    for f in sorted(dislodged, key=lambda f: f.key):
        if f.unit.type == "N":
            out[f.key] = (None, "a National Guard never retreats (III.34)")
        elif not f.retreat:
            out[f.key] = (None, "no retreat was written, or (no) (III.32)")
        else:
            pending[f.key] = list(f.retreat)
    force = {f.key: f for f in dislodged}
    wanted: dict[str, str] = {}
    for _round in range(2):
        asks: dict[str, list[str]] = defaultdict(list)
        for k in sorted(pending):
            if not pending[k]:
                continue
            choice = pending[k].pop(0)
            why = _illegal(board, force[k], choice, places, attacked)
            if why:
                why_not[k].append(why)
            else:
                asks[province_of(choice)].append(k)
                wanted[k] = choice
        for prov in sorted(asks):
            ks = asks[prov]
            powers = {force[k].power for k in ks}
            if any(not places.friends(a, b) for a in powers for b in powers):
                why_not.update({k: why_not[k] + [f"unfriendly units retreat into {prov} "
                                                 "together"] for k in ks})
                continue
            room = places.cap - len(places.units_in(prov))
            admitted = list(ks)
            while len(admitted) > max(room, 0):
                loser = dice.choose(admitted, "retreat", f"{prov}/{len(admitted)}")
                admitted.remove(loser)
                why_not[loser].append(f"no room left in {prov}: the dice chose the others")
            for k in admitted:
                loc = _entry(board, force[k], wanted[k])
                places.at[k] = loc
                out[k] = (loc, f"retreats to {loc} (III.33)")
                pending.pop(k)
    for k in sorted(pending):
        out[k] = (None, "; ".join(why_not[k]) + " (III.33)")
    return out


def _entry(board, f: Force, loc: str) -> str:
    """Where a retreating unit lands: a task force on the coast written, else the one it reaches."""
    prov = province_of(loc)
    if f.unit.type == "T" and board.provinces[prov].coasts:
        reach = board.fleet_targets(f.unit.at, prov)
        return loc if loc in reach else reach[0]
    return prov


def _illegal(board, f: Force, loc: str, places: Places, attacked: Mapping[str, set[str]]) -> str:
    prov = province_of(loc)
    u = f.unit
    if u.type == "D" and (board.provinces[prov].kind is ProvinceKind.SEA
                          or not board.can_reach(UnitType.ARMY, u.at, prov)):
        return f"{prov} is not next to {u.at} for a division"
    if u.type == "T" and (not board.fleet_targets(u.at, prov)
                          or ("/" in loc and loc not in board.fleet_targets(u.at, prov))):
        return f"{loc} is not next to {u.at} for a task force"
    if any(not places.friends(a, u.power) for a in attacked.get(prov, ())):
        return f"{prov} was attacked this season"
    if not places.friendly_place(board, prov, u.power):
        return f"{prov} is not friendly"
    hostile = places.hostile_in(prov, u.power)
    if hostile:
        return f"{hostile} stands in {prov}"
    if len(places.units_in(prov)) >= places.cap:
        return f"{prov} already holds {places.cap} units"
    return ""

