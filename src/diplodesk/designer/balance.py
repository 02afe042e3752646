"""The balance report: what a board gives each power, worked out from the board alone.

For each power: its homes and units, the neutral centres its start units can reach in the
first year and in two, the ones it reaches first (alone, or contested with whom and in how
many moves), how exposed each home centre is in the first year's seasons, the powers its
reach meets, and the distance from its homes to every centre by army and by fleet.

Distances are those of :mod:`.reach` (moves, special lines counted, each unit alone). A
neutral centre is *reached first* by the power whose nearest start unit needs the fewest
moves to stand in it; two or more powers at that same fewest number *contest* it.
Nothing here depends on the order of the variant's lists: every list is sorted by name
or by moves then name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from ..engine.board import ProvinceKind, UnitType, province_of
from ..engine.variant import Variant
from .reach import Moves, Piece, home_steps, piece_steps


class BalanceError(ValueError):
    """The board can't be read for balance; the message says why."""


@dataclass(frozen=True)
class Race:
    """A neutral centre and who gets there: each power's fewest moves, nearest first
    (powers that can't get there at all are left out)."""

    centre: str
    moves: tuple[tuple[str, int], ...]

    @property
    def best(self) -> int | None:
        return self.moves[0][1] if self.moves else None

    @cached_property
    def first(self) -> tuple[str, ...]:
        """The power (or powers, if contested) that reach it in the fewest moves."""
        return tuple(p for p, t in self.moves if t == self.best)

    @property
    def contested(self) -> bool:
        return len(self.first) > 1

    def moves_of(self, power: str) -> int | None:
        return next((t for p, t in self.moves if p == power), None)


@dataclass(frozen=True)
class Exposure:
    """A home centre and the foreign units that can stand in it by each move of the first
    year (by Spring, by Fall), as ``"Italy A ven"``."""

    centre: str
    by_move: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class PowerBalance:
    power: str
    homes: tuple[str, ...]
    armies: int
    fleets: int
    choices: int  # start units whose type the owner picks (Woolworth)
    coastal_homes: tuple[str, ...]  # where it can build fleets
    seas: tuple[str, ...]  # the seas beside its home centres
    year_one: tuple[str, ...]  # neutral centres its start units can reach in the first year
    year_two: tuple[str, ...]  # ... in the first two (the first year's among them)
    alone: tuple[tuple[str, int], ...]  # neutral centres it reaches first, alone: (centre, moves)
    contested: tuple[tuple[str, int, tuple[str, ...]], ...]  # (centre, moves, the others as near)
    exposure: tuple[Exposure, ...]
    neighbours: tuple[tuple[str, int], ...]  # (power, provinces both can reach in the first year)
    # every centre -> (army, fleet) moves from the nearest home (None: cannot)
    distances: Mapping[str, tuple[int | None, int | None]] = field(default_factory=dict)


@dataclass(frozen=True)
class BalanceReport:
    variant: str
    name: str
    seasons: tuple[str, ...]  # the season letter of each move of the first year
    first_year: int  # the calendar year of the first move
    centres: tuple[str, ...]
    neutral: tuple[str, ...]
    specials: tuple[str, ...]  # the special lines the distances count, in words
    powers: tuple[PowerBalance, ...]
    races: tuple[Race, ...]  # every neutral centre, by id
    years: tuple[int, ...] = ()  # the calendar year of each move of the first year (Colonial's Fall is a year on)

    @property
    def moves_per_year(self) -> int:
        return len(self.seasons)

    def power(self, name: str) -> PowerBalance:
        for p in self.powers:
            if p.power == name:
                return p
        raise KeyError(name)

    def race(self, centre: str) -> Race:
        for r in self.races:
            if r.centre == centre:
                return r
        raise KeyError(centre)

    def first_to(self, centre: str) -> str | None:
        """The power that reaches a centre first: its owner at the start for a home centre,
        the one nearest alone for a neutral one; None if contested or out of reach."""
        for p in self.powers:
            if centre in p.homes:
                return p.power
        r = next((r for r in self.races if r.centre == centre), None)
        if r is None or r.contested or not r.moves:
            return None
        return r.first[0]


def move_seasons(variant: Variant) -> tuple[str, ...]:
    """The calendar's movement seasons from the start's: the season of moves 1, 2, ..."""
    seasons = tuple(variant.calendar.seasons)
    s = variant.start_phase.season
    if s in seasons:
        i = seasons.index(s)
        seasons = seasons[i:] + seasons[:i]
    return seasons


def move_years(variant: Variant, n: int) -> tuple[int, ...]:
    """The calendar year of each of the first ``n`` moves, as the game's phases will name them."""
    phase, years = variant.start_phase, []
    for _ in range(n):
        years.append(phase.year)
        phase = variant.calendar.next_movement(phase)
    return tuple(years)


def balance_report(variant: Variant) -> BalanceReport:
    """The balance report of a variant's board (raises BalanceError if it has none)."""
    if variant.engine != "standard":
        raise BalanceError(f"{variant.id} is played by the {variant.engine} season engine: the balance "
                           "report reads supply centres and start units, and an economy has neither")
    board = variant.board
    owners = {c: p for p, cs in variant.start_centers.items() for c in cs}
    seasons = move_seasons(variant)
    n = len(seasons)
    moves = Moves(board, seasons, owners)
    pieces = sorted((Piece(u.power, u.type, u.at) for u in variant.start_units),
                    key=lambda p: (p.power, p.at, p.label))
    steps = piece_steps(moves, pieces)
    powers = sorted(variant.power_names)
    neutral = tuple(sorted(c for c in board.centers if c not in owners))
    nearest: dict[str, dict[str, int]] = {p: {} for p in powers}  # power -> province -> moves
    for piece, s in zip(pieces, steps, strict=True):
        mine = nearest.setdefault(piece.power, {})
        for prov, t in s.items():
            if t < mine.get(prov, t + 1):
                mine[prov] = t
    races = tuple(Race(c, tuple(sorted(((p, nearest[p][c]) for p in powers if c in nearest[p]),
                                       key=lambda pt: (pt[1], pt[0]))))
                  for c in neutral)
    out = []
    for power in powers:
        homes = tuple(sorted(c for c, o in owners.items() if o == power))
        mine = [(piece, s) for piece, s in zip(pieces, steps, strict=True) if piece.power == power]
        army, fleet = home_steps(moves, power, homes)
        out.append(PowerBalance(
            power=power,
            homes=homes,
            armies=sum(1 for p, _ in mine if p.type is UnitType.ARMY),
            fleets=sum(1 for p, _ in mine if p.type is UnitType.FLEET),
            choices=sum(1 for p, _ in mine if p.type is None),
            coastal_homes=tuple(h for h in homes if board.provinces[h].kind is ProvinceKind.COAST),
            seas=tuple(sorted({s for h in homes for s in board.province_neighbours[h] if board.is_sea(s)})),
            year_one=tuple(c for c in neutral if nearest[power].get(c, n + 1) <= n),
            year_two=tuple(c for c in neutral if nearest[power].get(c, 2 * n + 1) <= 2 * n),
            alone=tuple(sorted(((r.centre, r.best) for r in races if r.first == (power,)),
                               key=lambda ct: (ct[1], ct[0]))),
            contested=tuple(sorted(((r.centre, r.best, tuple(p for p in r.first if p != power))
                                    for r in races if r.contested and power in r.first),
                                   key=lambda c: (c[1], c[0]))),
            exposure=_exposure(power, homes, pieces, steps, n),
            neighbours=_neighbours(power, nearest, n),
            distances={c: (army.get(c), fleet.get(c)) for c in sorted(board.centers)},
        ))
    return BalanceReport(variant.id, variant.name, seasons, variant.start_phase.year,
                         tuple(sorted(board.centers)), neutral, describe_specials(variant),
                         tuple(out), races, move_years(variant, n))


def _exposure(power: str, homes: tuple[str, ...], pieces: list[Piece], steps: list[Mapping[str, int]],
              n: int) -> tuple[Exposure, ...]:
    out = []
    for h in homes:
        by_move = []
        for k in range(1, n + 1):
            by_move.append(tuple(f"{p.power} {p.label}" for p, s in zip(pieces, steps, strict=True)
                                 if p.power != power and s.get(h, k + 1) <= k))
        out.append(Exposure(h, tuple(by_move)))
    return tuple(out)


def _neighbours(power: str, nearest: Mapping[str, Mapping[str, int]], n: int) -> tuple[tuple[str, int], ...]:
    mine = {p for p, t in nearest[power].items() if t <= n}
    met = []
    for other, reach in nearest.items():
        if other == power:
            continue
        shared = sum(1 for p, t in reach.items() if t <= n and p in mine)
        if shared:
            met.append((other, shared))
    return tuple(sorted(met, key=lambda pc: (-pc[1], pc[0])))


def describe_specials(variant: Variant) -> tuple[str, ...]:
    """The board's special lines, in words, as the distances count them."""
    out = []
    for s in variant.board.specials:
        between = "-".join(province_of(str(p)) for p in s.get("between", ()) or ())
        provinces = ", ".join(province_of(str(p)) for p in s.get("provinces", ()) or ())
        if s.kind == "difficult":
            out.append(f"difficult border {between}: crossed only with a support")
        elif s.kind == "seasonal":
            seasons = "/".join(s.get("seasons", ()) or ())
            out.append(f"{provinces} closed in {seasons or 'no season'}: nobody enters, nobody moves")
        elif s.kind == "railroad":
            who = ", ".join(s.get("powers", ()) or ()) or "every power"
            line = "-".join(province_of(str(p)) for p in s.get("provinces", ()) or ())
            out.append(f"{s.get('name', 'railroad')} {line}: one move end to end, for {who}")
        elif s.kind == "canal":
            out.append(f"canal {provinces} joins {between.replace('-', ' and ')} (in the fleet adjacency)")
        elif s.kind == "land_bridge":
            out.append(f"land bridge {between} (in the adjacency)")
    return tuple(sorted(out))
