"""How many moves a unit needs to stand in each province, the board's special lines counted.

A *move* is one movement turn, in the calendar's order from the start: on the standard board
Spring 1901 is move 1 and Fall 1901 move 2. A unit's *distance* to a province is the fewest
moves after which it can stand there, one order a move, as the engine allows it:

- an army steps to a neighbouring land or coast province, a fleet from one location to the
  next along the fleet adjacency (a two-coast province by either coast); canals and land
  bridges are part of the board's adjacency, so they count with nothing more said;
- an army may instead be convoyed, coast to coast, across a chain of seas where its power's
  fleets could already stand: each sea reached by one of them a move earlier, and no more
  seas than the power has fleets;
- a *difficult* border has no effect crossed alone, so it is crossed only with a support:
  another unit of the power must stand, a move earlier, where it could itself move into the
  province across the border (and not across that border: support isn't given over it);
- a province *closed* in a season (a seasonal closure) is entered by nobody then, and a unit
  in it takes no order then;
- a *railroad* takes an army of a power allowed on it from any province of its line to any
  other in one move, unless a centre another power owns at the start lies between.

Each unit is taken alone, as if nobody stood in its way and the others could be anywhere
they can reach: a distance says what the board allows, never what the other players will.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..engine.board import Board, ProvinceKind, UnitType, province_of
from ..engine.borders import closed_provinces, is_difficult
from ..engine.rules.railroad import Line
from ..engine.rules.railroad import lines as railroad_lines

Steps = dict[str, int]  # a province (or a fleet's location) -> the fewest moves to stand there


@dataclass(frozen=True)
class Piece:
    """A unit whose distances are measured: one on the board at the start, or one that
    could be built."""

    power: str
    type: UnitType | None  # None: a choice unit, army or fleet as its owner picks
    at: str  # where it stands ("stp/sc" for a fleet on a coast)

    @property
    def label(self) -> str:
        return f"{self.type.value if self.type else '?'} {self.at}"

    def can_be(self, utype: UnitType) -> bool:
        return self.type is None or self.type is utype


class Moves:
    """A board read once for many searches: each unit type's lines, what each move's season
    closes, the difficult borders, the railroads and the seas convoys cross."""

    def __init__(self, board: Board, seasons: Sequence[str], owners: Mapping[str, str] | None = None):
        self.board = board
        self.seasons = tuple(seasons) or ("S",)  # the season of move 1, 2, ... then again
        self.owners = dict(owners or {})  # centre -> owner at the start (railroads break there)
        provs = board.provinces
        self.army_ok = frozenset(p for p, r in provs.items() if r.kind in (ProvinceKind.LAND, ProvinceKind.COAST))
        self.army = {p: tuple(sorted(n for n in board.army_adj.get(p, ()) if n in self.army_ok))
                     for p in sorted(self.army_ok)}
        # where a fleet can stand: the seas and coasts (the fleet adjacency also lists inland
        # provinces, with no neighbours, and a fleet is never there)
        afloat = frozenset(p for p, r in provs.items() if r.kind in (ProvinceKind.SEA, ProvinceKind.COAST))
        self.fleet = {loc: tuple(sorted(n for n in ns if board.is_location(n)))
                      for loc, ns in sorted(board.fleet_adj.items())
                      if board.is_location(loc) and province_of(loc) in afloat}
        self.prov_of = {loc: province_of(loc) for loc in self.fleet}
        self.closed = tuple(closed_provinces(board, s) for s in self.seasons)
        pairs = [s.get("between", ()) for s in board.specials_of("difficult")]
        self.difficult_ends = frozenset(province_of(p) for pair in pairs for p in pair)
        self.has_difficult = bool(self.difficult_ends)
        nbrs = board.province_neighbours
        seas = board.sea_provinces
        self.coast_seas = {p: tuple(sorted(n for n in nbrs[p] if n in seas))
                           for p, r in provs.items() if r.kind is ProvinceKind.COAST}
        self.sea_next = {s: tuple(sorted(n for n in nbrs[s] if n in seas)) for s in seas}
        self.shores = {s: tuple(sorted(n for n in nbrs[s] if provs[n].kind is ProvinceKind.COAST)) for s in seas}
        self.rails: dict[str, list[Line]] = {}
        for line in railroad_lines(board):
            for p in line.provinces:
                self.rails.setdefault(p, []).append(line)

    def fleet_starts(self, at: str) -> list[str]:
        """Where a fleet at ``at`` stands: that location, or a choice unit's coasts."""
        if at in self.fleet:
            return [at]
        return [loc for loc in self.board.provinces[province_of(at)].locations if loc in self.fleet]

    def closed_at(self, move: int) -> frozenset[str]:
        return self.closed[(move - 1) % len(self.seasons)]

    # -- one search ------------------------------------------------------------------------

    def search(self, utype: UnitType, starts: Iterable[str], power: str, *,
               seas: Mapping[str, int] | None = None, fleets: int = 0,
               support: Mapping[str, int] | None = None) -> Steps:
        """The fewest moves to each place (provinces for an army, locations for a fleet) from
        the nearest of ``starts``.

        ``seas``: for an army, after how many moves its power's fleets could stand in each
        sea, and ``fleets`` how many seas one convoy may chain. ``support``: after how many
        moves a support could be given into each province beyond a difficult border; without
        it such borders are never crossed.
        """
        army = utype is UnitType.ARMY
        adj = self.army if army else self.fleet
        prov_of = self.prov_of
        dist: Steps = {}
        for s in starts:
            if s in adj:
                dist[s] = 0
        frontier = list(dist)
        waiting: list[str] = []
        rails = self.rails if army else {}
        convoy = _Convoys(self, seas, fleets) if army and fleets > 0 and seas else None
        difficult = self.has_difficult
        settle = 1 + max(max((seas or {}).values(), default=0) if convoy else 0,
                         max((support or {}).values(), default=0))
        n = len(self.seasons)
        quiet = t = 0
        while frontier or waiting or (convoy is not None and t < settle):
            t += 1
            closed = self.closed_at(t)
            new: list[str] = []
            if convoy is not None:
                new.extend(convoy.landings(dist, t, closed))
            still: list[str] = []
            for v in frontier + waiting:
                if (prov_of[v] if not army else v) in closed:
                    still.append(v)
                    continue
                blocked = False
                for w in adj[v]:
                    if w in dist:
                        continue
                    wp = w if army else prov_of[w]
                    if wp in closed:
                        blocked = True
                        continue
                    if difficult and wp in self.difficult_ends and is_difficult(self.board, v, w):
                        when = None if support is None else support.get(wp)
                        if when is None:
                            continue
                        if when > t - 1:
                            blocked = True
                            continue
                    dist[w] = t
                    new.append(w)
                for line in rails.get(v, ()):
                    if line.powers and power not in line.powers:
                        continue
                    for w in line.provinces:
                        if w in dist or w == v:
                            continue
                        if w in closed:
                            blocked = True
                        elif not any(self.owners.get(p, power) != power and self.board.provinces[p].center
                                     for p in line.between(v, w)):
                            dist[w] = t
                            new.append(w)
                if blocked:
                    still.append(v)
            frontier, waiting = new, still
            quiet = 0 if new else quiet + 1
            if quiet >= n and t >= settle:
                break
        return dist

    # -- distances by province -------------------------------------------------------------

    def provinces(self, steps: Steps, utype: UnitType) -> Steps:
        """A search's places as provinces (a fleet's nearest coast of each)."""
        if utype is UnitType.ARMY:
            return dict(steps)
        out: Steps = {}
        for loc, t in steps.items():
            p = self.prov_of[loc]
            if t < out.get(p, t + 1):
                out[p] = t
        return out

    def support_times(self, steps: Steps, utype: UnitType) -> Steps:
        """After how many moves a unit with these steps could support into each province
        beyond a difficult border (standing where it could move there, on this side)."""
        out: Steps = {}
        if not self.has_difficult:
            return out
        adj = self.army if utype is UnitType.ARMY else self.fleet
        for place, t in steps.items():
            for w in adj.get(place, ()):
                wp = w if utype is UnitType.ARMY else self.prov_of[w]
                if wp in self.difficult_ends and not is_difficult(self.board, place, w) and t < out.get(wp, t + 1):
                    out[wp] = t
        return out


class _Convoys:
    """Where an army's convoys land, move by move: across seas its power's fleets hold a
    move earlier, from the coasts the army has reached, up to ``fleets`` seas a chain."""

    def __init__(self, moves: Moves, seas: Mapping[str, int], fleets: int):
        self.m = moves
        self.seas = sorted((t, s) for s, t in seas.items() if s in moves.sea_next)
        self.fleets = fleets
        self.key: tuple = ()

    def landings(self, dist: Steps, t: int, closed: frozenset[str]) -> list[str]:
        m = self.m
        held = {s for when, s in self.seas if when <= t - 1 and s not in closed}
        if not held:
            return []
        sources = [p for p in dist if p in m.coast_seas and p not in closed]
        key = (len(held), len(sources), closed)
        if key == self.key:
            return []  # nothing changed since the last move: no landing is new
        self.key = key
        depth = {s: 1 for p in sources for s in m.coast_seas[p] if s in held}
        queue = list(depth)
        while queue:
            nxt = []
            for s in queue:
                d = depth[s] + 1
                if d > self.fleets:
                    continue
                for n in m.sea_next[s]:
                    if n in held and n not in depth:
                        depth[n] = d
                        nxt.append(n)
            queue = nxt
        out = []
        for s in sorted(depth):
            for b in m.shores[s]:
                if b not in dist and b not in closed:
                    dist[b] = t
                    out.append(b)
        return out


# -- many units at once, helping each other ---------------------------------------------------


def piece_steps(moves: Moves, pieces: Sequence[Piece]) -> list[Steps]:
    """Each piece's fewest moves to each province. The pieces of one power help each other
    as the rules need it: its fleets hold the seas its armies are convoyed across, and
    another of its units gives the support a difficult border asks for."""
    fleet: dict[int, Steps] = {}
    army: dict[int, Steps] = {}

    def run(support: Mapping[int, Steps] | None) -> None:
        for i, p in enumerate(pieces):
            starts = moves.fleet_starts(p.at)
            if p.can_be(UnitType.FLEET) and starts:
                fleet[i] = moves.search(UnitType.FLEET, starts, p.power,
                                        support=None if support is None else support[i])
        fleet_seas = {i: moves.provinces(s, UnitType.FLEET) for i, s in fleet.items()}
        for i, p in enumerate(pieces):
            if p.can_be(UnitType.ARMY) and province_of(p.at) in moves.army:
                mates = [j for j in fleet_seas if j != i and pieces[j].power == p.power]
                seas = _earliest(fleet_seas[j] for j in mates)
                army[i] = moves.search(UnitType.ARMY, [province_of(p.at)], p.power, seas=seas,
                                       fleets=len(mates), support=None if support is None else support[i])

    run(None)
    if moves.has_difficult:
        helps = {i: _earliest([moves.support_times(army.get(i, {}), UnitType.ARMY),
                               moves.support_times(fleet.get(i, {}), UnitType.FLEET)])
                 for i in range(len(pieces))}
        run({i: _earliest(helps[j] for j in range(len(pieces)) if j != i and pieces[j].power == p.power)
             for i, p in enumerate(pieces)})
    return [_earliest([army.get(i, {}), moves.provinces(fleet.get(i, {}), UnitType.FLEET)])
            for i in range(len(pieces))]


def home_steps(moves: Moves, power: str, homes: Iterable[str]) -> tuple[Steps, Steps]:
    """The fewest moves from the nearest of a power's homes to each province, for an army
    and for a fleet built there; the power's fleets built at its coastal homes convoy its
    armies, and its other units built at home give the supports difficult borders need."""
    homes = sorted(homes)
    army_at = [h for h in homes if h in moves.army]
    fleet_at = [loc for h in homes for loc in moves.board.provinces[h].locations if loc in moves.fleet]
    coastal = len({province_of(loc) for loc in fleet_at})

    def run(support: Mapping[str, int] | None) -> tuple[Steps, Steps]:
        f = moves.search(UnitType.FLEET, fleet_at, power, support=support)
        fp = moves.provinces(f, UnitType.FLEET)
        a = moves.search(UnitType.ARMY, army_at, power, seas=fp, fleets=coastal, support=support)
        return a, f

    a, f = run(None)
    if moves.has_difficult:
        a, f = run(_earliest([moves.support_times(a, UnitType.ARMY), moves.support_times(f, UnitType.FLEET)]))
    return a, moves.provinces(f, UnitType.FLEET)


def _earliest(maps: Iterable[Mapping[str, int]]) -> Steps:
    out: Steps = {}
    for m in maps:
        for k, t in m.items():
            if t < out.get(k, t + 1):
                out[k] = t
    return out
