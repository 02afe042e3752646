"""The battles of a season as records, and the M each nation loses in them (III.22, T6).

One clash per province attacked where units meet, and one per head-to-head border clash.
For every nation in a clash each of its situations (attacking standing or holding defenders,
or another group; defending and held or dislodged; a border clash) reads T6, and the nation
is charged the highest rate among them times the enemy units it met: the "maximum possible
rate" of III.22 [A]. A nation whose every unit in the clash was annihilated pays nothing
(I.10). The records name the T7 and T6 cells used, for the result's ``clashes``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .combat import Border, Combat, Group
from .stacks import Force


@dataclass
class Charge:
    nation: str
    M: int
    rate: int
    enemy_units: int
    cell: str
    units: tuple[str, ...]  # the nation's unit keys in the clash (demobilised first if short)

    def to_json(self) -> dict[str, Any]:
        return {"nation": self.nation, "M": self.M, "rate": self.rate,
                "enemy_units": self.enemy_units, "cell": self.cell}


@dataclass
class Clash:
    where: str
    kind: str  # province | border
    attackers: list[dict[str, Any]]
    defenders: list[dict[str, Any]] = field(default_factory=list)
    charges: list[Charge] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"where": self.where, "kind": self.kind, "attackers": self.attackers,
                "defenders": self.defenders, "casualties": [c.to_json() for c in self.charges]}


def clashes(c: Combat, fates: Mapping[str, str | None]) -> list[Clash]:
    """Every clash of the season. ``fates``: dislodged unit key -> retreat location or None."""
    out = [_border(c, b) for b in c.borders]
    for prov in sorted(c.groups):
        clash = _province(c, prov, fates)
        if clash is not None:
            out.append(clash)
    return sorted(out, key=lambda x: (x.where, x.kind))


def _group_json(c: Combat, g: Group, result: str, **extra: Any) -> dict[str, Any]:
    return {"powers": list(g.powers), "units": sorted(u.unit.ref + " " + u.prov for u in g.units),
            "supports": len(g.supports), "strength": g.strength, "result": result} | extra


def _border(c: Combat, b: Border) -> Clash:
    sides = []
    charges = []
    for g, other in ((b.one, b.two), (b.two, b.one)):
        result = "standoff" if b.winner is None else ("won" if b.winner is g else "lost")
        sides.append(_group_json(c, g, result, origin=sorted({u.prov for u in g.units})))
        rate, cell = c.tables.rate("attacker", "border",
                                   "standoff" if b.winner is None else
                                   ("succeeded" if b.winner is g else "failed"))
        for p in g.powers:
            mine = tuple(u.key for u in g.units if u.power == p)
            charges.append(Charge(p, rate * len(other.units), rate, len(other.units), cell, mine))
    return Clash(b.where, "border", sides, [], charges)


def _province(c: Combat, prov: str, fates: Mapping[str, str | None]) -> Clash | None:
    value = c.values.__getitem__
    live = [g for g in c.groups[prov] if g.key not in c.lost]
    staying = c.staying(prov, value)
    winner = c.winner(prov)
    attackers = []
    for g in c.groups[prov]:
        if g.key in c.lost:
            continue
        _, s, h, hs, need, cell = c.defence(g, value)
        result = "succeeded" if g is winner else "bounced"
        if g is winner and c.conquest(prov, g):
            result = "conquered"
        attackers.append(_group_json(c, g, result, standing=s, holding=h, hold_supports=hs,
                                     needed=need, cell=cell))
    defenders = []
    for d in staying:
        if all(g.friend(d.power) for g in live):
            continue
        fate = "held"
        if d.key in fates:
            fate = "annihilated" if fates[d.key] is None else f"retreated to {fates[d.key]}"
        defenders.append({"power": d.power, "unit": d.unit.ref, "stance": c.stance(d),
                          "result": fate})
    if not attackers:
        return None
    clash = Clash(prov, "province", attackers, defenders)
    if defenders or len(live) > 1:
        clash.charges = _charges(c, prov, live, [d for d in staying
                                                 if not all(g.friend(d.power) for g in live)],
                                 winner, fates)
    return clash


def _charges(c: Combat, prov: str, groups: list[Group], defenders: list[Force],
             winner: Group | None, fates: Mapping[str, str | None]) -> list[Charge]:
    situations: dict[str, list[tuple[int, str]]] = defaultdict(list)
    enemies: dict[str, set[str]] = defaultdict(set)
    units: dict[str, set[str]] = defaultdict(set)
    for g in groups:
        result = "succeeded" if g is winner else "failed"
        for p in g.powers:
            units[p] |= {u.key for u in g.units if u.power == p}
            for d in defenders:
                if not g.friend(d.power):
                    situations[p].append(c.tables.rate("attacker", c.stance(d), result))
                    enemies[p].add(d.key)
            for h in groups:
                if h is not g and not any(g.friend(x) for x in h.powers):
                    situations[p].append(c.tables.rate("attacker", "attack", result))
                    enemies[p] |= {u.key for u in h.units}
    for d in defenders:
        units[d.power].add(d.key)
        result = "dislodged" if d.key in fates else "held"
        for g in groups:
            if not g.friend(d.power):
                situations[d.power].append(c.tables.rate("defender", "attack", result))
                enemies[d.power] |= {u.key for u in g.units}
    out = []
    for p in sorted(situations):
        if all(k in fates and fates[k] is None for k in units[p]):
            continue  # annihilated units' casualties are not charged (I.10)
        rate, cell = max(situations[p], key=lambda rc: (rc[0], rc[1]))
        n = len(enemies[p])
        if rate * n:
            out.append(Charge(p, rate * n, rate, n, cell, tuple(sorted(units[p]))))
    return out
