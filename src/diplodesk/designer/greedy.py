"""The greedy bot: every unit heads for the nearest centre its power does not own.

Each movement turn, for one power:

1. a unit standing on a centre it is taking holds there (it is the power's at the fall);
2. a home centre that a foreign unit could enter is covered: its unit holds, or a unit
   next to it steps in when it is empty;
3. the others, nearest first, step towards the nearest centre not owned (or a home centre a
   foreigner stands on); a unit whose best step another of its power's units has taken
   supports that move instead: the power's attacks go in supported;
4. a unit with nothing better to do supports a move of its power's (an attack on a unit
   first), or a covered home centre, or holds.

Retreats go to the place nearest such a centre; builds are the army or fleet nearer to
one; removals take the units farthest from any. No convoys, no railroad, no alliances:
a plain, quick opponent for thousands of games, not a strong one.
"""

from __future__ import annotations

import random

from ..engine.board import UnitType, province_of
from ..engine.borders import closed_provinces
from ..engine.options import choice_options
from ..engine.phase import PhaseType
from ..engine.position import Position, Unit
from ..engine.retreats import allowed_retreats
from .ways import FAR, Ways, ways_of


class GreedyBot:
    name = "greedy"

    def orders(self, position: Position, power: str, rng: random.Random) -> list[str]:
        t = position.phase.type
        ways = ways_of(position.board)
        dist = ways.distances(targets(position, power, ways))
        if t is PhaseType.MOVEMENT:
            return _Turn(position, power, rng, ways, dist).orders()
        if t is PhaseType.RETREAT:
            return _retreats(position, power, rng, dist)
        return _adjustments(position, power, rng, ways, dist)


def targets(position: Position, power: str, ways: Ways) -> list[str]:
    """The centres the power goes for: those it does not own, and its own that a foreign
    unit stands on."""
    centers = position.centers
    units = position.units
    out = []
    for c in ways.centers:
        if centers.get(c) != power:
            out.append(c)
        else:
            u = units.get(c)
            if u is not None and u.power != power:
                out.append(c)
    return out


def _distance(dist: tuple[dict[str, int], dict[str, int]], utype: UnitType, loc: str) -> int:
    return (dist[0] if utype is UnitType.ARMY else dist[1]).get(loc, FAR)


def _unit_text(u: Unit) -> str:
    return f"{u.type.value} {u.loc}"


class _Turn:
    """One power's movement orders (steps 1 to 4 of the module's docstring)."""

    def __init__(self, position: Position, power: str, rng: random.Random, ways: Ways, dist):
        self.pos = position
        self.power = power
        self.rng = rng
        self.ways = ways
        self.dist = dist
        self.closed = closed_provinces(position.board, position.phase.season)
        units = position.units
        if position.choices:
            units = dict(units)
            units.update(self.choose_types())
        self.units = units
        self.mine = sorted(p for p, u in units.items() if u.power == power and p not in self.closed)
        self.texts: dict[str, str] = {}  # my unit's province -> its order
        self.moving: dict[str, str] = {}  # destination -> the province of my unit going there
        self.backing: dict[str, int] = {}  # destination -> supports given to the move there
        self.covered: list[str] = []  # my units that hold where a foreign unit could come

    def choose_types(self) -> dict[str, Unit]:
        """Choice units (Woolworth) set up as the army or fleet nearer a target."""
        out = {}
        for prov, (power, _at) in sorted(self.pos.choices.items()):
            if power != self.power:
                continue
            best = None
            for text in choice_options(self.pos, prov):
                t, loc = text.split()
                utype = UnitType(t)
                key = (_distance(self.dist, utype, loc), self.rng.random())
                if best is None or key < best[0]:
                    best = (key, Unit(power, utype, loc))
            if best is not None:
                out[prov] = best[1]
        return out

    def orders(self) -> list[str]:
        target_set = set(targets(self.pos, self.power, self.ways))
        for p in self.mine:  # 1. keep what we are taking
            if p in target_set:
                self.hold(p)
        self.cover_homes()
        idle = self.advance()
        for p in idle:
            self.back_up(p)
        return [self.texts[p] for p in self.mine]

    # -- the steps -------------------------------------------------------------------------

    def hold(self, p: str) -> None:
        self.texts[p] = f"{_unit_text(self.units[p])} H"

    def move(self, p: str, loc: str) -> None:
        self.texts[p] = f"{_unit_text(self.units[p])} - {loc}"
        self.moving[province_of(loc)] = p

    def threatened(self, prov: str) -> bool:
        nbrs = self.pos.board.province_neighbours[prov]
        for n in nbrs:
            u = self.units.get(n)
            if u is not None and u.power != self.power and prov in self.ways.reach(u.type, u.loc):
                return True
        return False

    def cover_homes(self) -> None:
        """2. Home centres a foreign unit could enter: hold them, or step into them."""
        centers = self.pos.centers
        for h in self.ways.homes.get(self.power, ()):
            if centers.get(h) != self.power or h in self.closed or not self.threatened(h):
                continue
            u = self.units.get(h)
            if u is not None:
                if u.power == self.power and h in self.mine:
                    if h not in self.texts:
                        self.hold(h)
                    if self.texts[h].endswith(" H"):  # not if it went to cover another home
                        self.covered.append(h)
                continue
            if h in self.moving:
                continue
            near = [p for p in self.mine if p not in self.texts and self.step_into(p, h) is not None]
            if near:
                p = near[self.rng.randrange(len(near))]
                self.move(p, self.step_into(p, h))

    def step_into(self, p: str, prov: str) -> str | None:
        """The location of ``prov`` my unit in ``p`` can move to, if any."""
        u = self.units[p]
        for s in self.ways.steps(u.type, u.loc):
            if province_of(s) == prov:
                return s
        return None

    def advance(self) -> list[str]:
        """3. Step towards the nearest target, nearest units first; back up a move
        already made into the same place. Returns the units left with nothing to do."""
        rng, dist, units = self.rng, self.dist, self.units
        pending = [p for p in self.mine if p not in self.texts]
        order = sorted(pending, key=lambda p: (_distance(dist, units[p].type, units[p].loc), rng.random()))
        idle = []
        for p in order:
            u = units[p]
            d0 = _distance(dist, u.type, u.loc)
            steps = [(_distance(dist, u.type, s), rng.random(), s) for s in self.ways.steps(u.type, u.loc)
                     if province_of(s) not in self.closed]
            steps = sorted(x for x in steps if x[0] < d0)
            done = False
            for _d, _r, s in steps:
                dest = province_of(s)
                mover = units.get(dest)
                if dest in self.moving or (mover is not None and mover.power == self.power and dest in self.texts
                                           and dest not in self.moving.values()):
                    continue  # taken by a move of ours, or one of ours stays there
                self.move(p, s)
                done = True
                break
            if not done:
                for _d, _r, s in steps:
                    if self.support_move(p, province_of(s)):
                        done = True
                        break
            if not done:
                idle.append(p)
        return idle

    def support_move(self, p: str, dest: str) -> bool:
        """Support my move into ``dest``, if there is one and I may."""
        mover = self.moving.get(dest)
        u = self.units[p]
        if mover is None or mover == p or not self.ways.can_support_into(u.type, u.loc, dest):
            return False
        m = self.units[mover]
        self.texts[p] = f"{_unit_text(u)} S {_unit_text(m)} - {dest}"
        self.backing[dest] = self.backing.get(dest, 0) + 1
        return True

    def back_up(self, p: str) -> None:
        """4. Support an attack of ours, then any move of ours, then a covered home; else hold."""
        u = self.units[p]
        here = province_of(u.loc)
        best = None
        for dest in sorted(self.moving):
            if dest == here or not self.ways.can_support_into(u.type, u.loc, dest):
                continue
            other = self.units.get(dest)
            attack = other is not None and other.power != self.power
            key = (0 if attack else 1, self.backing.get(dest, 0), self.rng.random())
            if best is None or key < best[0]:
                best = (key, dest)
        if best is not None and self.support_move(p, best[1]):
            return
        for h in self.covered:
            if h != here and self.ways.can_support_into(u.type, u.loc, h):
                self.texts[p] = f"{_unit_text(u)} S {_unit_text(self.units[h])}"
                return
        self.hold(p)


def _retreats(position: Position, power: str, rng: random.Random, dist) -> list[str]:
    out = []
    taken: set[str] = set()
    for _prov, d in sorted(position.dislodged.items()):
        u = d.unit
        if u.power != power:
            continue
        best = None
        for loc in allowed_retreats(position, d):
            if province_of(loc) in taken:
                continue
            key = (_distance(dist, u.type, loc), rng.random())
            if best is None or key < best[0]:
                best = (key, loc)
        if best is None:
            out.append(f"{_unit_text(u)} D")
        else:
            taken.add(province_of(best[1]))
            out.append(f"{_unit_text(u)} R {best[1]}")
    return out


def _adjustments(position: Position, power: str, rng: random.Random, ways: Ways, dist) -> list[str]:
    owned = sum(1 for p in position.centers.values() if p == power)
    mine = sorted((u for u in position.units.values() if u.power == power), key=lambda u: u.loc)
    n = owned - len(mine)
    if n < 0:  # the units farthest from any target go
        far = sorted(mine, key=lambda u: (-_distance(dist, u.type, u.loc), u.loc))
        return [f"D {_unit_text(u)}" for u in far[:-n]]
    if n == 0:
        return []
    free = [h for h in ways.homes.get(power, ()) if position.centers.get(h) == power and h not in position.units]
    rng.shuffle(free)
    out = []
    for h in free[:n]:
        best = None
        if h in ways.army_spot:
            best = ((_distance(dist, UnitType.ARMY, h), 0), f"A {h}")
        for loc in ways.fleet_spots.get(h, ()):
            key = (_distance(dist, UnitType.FLEET, loc), 1)
            if best is None or key < best[0]:
                best = (key, f"F {loc}")
        if best is not None:
            out.append(f"B {best[1]}")
    return out
