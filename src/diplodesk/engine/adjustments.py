"""Adjustments: builds, removals, waives, and civil disorder by the 2023 rule.

A power with more centres than units may build in its owned, empty home centres (a fleet
in a two-coast province must name the coast, DATC 4.B.7); one with fewer must remove.
The first legal orders count (DATC 4.D.4-6). Removals a power does not order are made for
it: the unit farthest from the power's nearest owned centre goes first, counting moves
over land and sea alike; on equal distance a fleet before an army, then by English name
(DATC 4.D.8, the 2023 rulebook). Under ``civil_disorder_home_distance`` the distance is to
the home centres, and a fleet's is counted by fleet moves only, as before 2023.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass

from . import rulebook
from .board import Board, ProvinceKind, UnitType, province_of
from .orders import Build, Disband, Remove, Waive, format_order
from .orderset import TextRule, parse_all
from .outcome import OrderResult, Status
from .phase import PhaseType
from .position import Position, Unit


@dataclass
class AdjustmentOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]


def adjustment_counts(position: Position) -> dict[str, int]:
    """Per power: builds owed (positive) or removals due (negative)."""
    owned = Counter(position.centers.values())
    units = Counter(u.power for u in position.units.values())
    out = {}
    for p in position.variant.power_names:
        n = owned[p] - units[p]
        if n:
            out[p] = n
    return out


def free_home_centers(position: Position, power: str, units=None) -> list[str]:
    units = position.units if units is None else units
    board = position.board
    return [
        c for c in board.home_centers(power) if position.centers.get(c) == power and c not in units
    ]


def needs_adjustment(position: Position, counts: dict[str, int] | None = None) -> bool:
    """Has anybody something to do in an adjustment phase from this position? ``counts``:
    its :func:`adjustment_counts`, where the caller has them."""
    for power, n in (adjustment_counts(position) if counts is None else counts).items():
        if n < 0 or (n > 0 and free_home_centers(position, power)):
            return True
    return False


def resolve_adjustments(position: Position, meaning: TextRule | None = None) -> AdjustmentOutcome:
    given, results = parse_all(position, PhaseType.ADJUSTMENT, meaning)
    counts = adjustment_counts(position)
    units = dict(position.units)
    by_power: dict[str, list] = {}
    for g in given:
        by_power.setdefault(g.power, []).append(g)
    for power in position.variant.power_names:
        n = counts.get(power, 0)
        orders = by_power.get(power, [])
        if n > 0:
            _builds(position, power, n, orders, units, results)
        elif n < 0:
            _removals(position, power, -n, orders, units, results)
        else:
            for g in orders:
                results.append(OrderResult(power, g.text, format_order(g.order), Status.INVALID, "no adjustment",
                                           f"{power} has as many units as centres"))
    return AdjustmentOutcome(results, units)


def _builds(position: Position, power: str, n: int, orders, units, results) -> None:
    used = 0
    for g in orders:
        o = g.order
        if used >= n:
            results.append(OrderResult(power, g.text, format_order(o), Status.INVALID, "too many",
                                       f"{power} may build {n}"))
            continue
        if isinstance(o, Waive):
            used += 1
            results.append(OrderResult(power, g.text, "Waive", Status.SUCCEEDS))
            continue
        if not isinstance(o, Build):
            results.append(OrderResult(power, g.text, format_order(o), Status.INVALID, "wrong phase",
                                       f"{power} builds this winter; it cannot remove"))
            continue
        try:
            unit = _check_build(position, power, o, units)
        except ValueError as e:
            results.append(OrderResult(power, g.text, format_order(o), Status.INVALID, "illegal", str(e), o.province))
            continue
        units[unit.province] = unit
        used += 1
        results.append(OrderResult(power, g.text, f"B {unit}", Status.SUCCEEDS, None, None, unit.province))


def _check_build(position: Position, power: str, o: Build, units) -> Unit:
    board = position.board
    prov = board.provinces[o.province]
    if not (prov.center and prov.home == power):
        raise ValueError(f"{prov.id} is not a home centre of {power}")
    if position.centers.get(prov.id) != power:
        raise ValueError(f"{power} does not own {prov.id}")
    if prov.id in units:
        raise ValueError(f"{prov.id} is occupied")
    utype = o.unit
    coast = o.loc.partition("/")[2]
    if utype is None:  # DATC 4.C.3: army inland; a fleet on a coast only if a coast is named
        if prov.kind is ProvinceKind.LAND:
            utype = UnitType.ARMY
        elif coast:
            utype = UnitType.FLEET
        else:
            raise ValueError("say whether to build an army or a fleet")
    if utype is UnitType.ARMY:
        return Unit(power, utype, prov.id)
    if prov.kind is not ProvinceKind.COAST:
        raise ValueError(f"a fleet cannot be built in {prov.id} ({prov.kind.value})")
    if prov.coasts:
        if coast not in prov.coasts:
            raise ValueError(f"say which coast of {prov.id}: {' or '.join(prov.locations)}")
        return Unit(power, utype, f"{prov.id}/{coast}")
    return Unit(power, utype, prov.id)


def _removals(position: Position, power: str, n: int, orders, units, results) -> None:
    removed = 0
    for g in orders:
        o = g.order
        if removed >= n:
            results.append(OrderResult(power, g.text, format_order(o), Status.INVALID, "too many",
                                       f"{power} must remove {n}"))
            continue
        if not isinstance(o, Remove | Disband):
            results.append(OrderResult(power, g.text, format_order(o), Status.INVALID, "wrong phase",
                                       f"{power} must remove {n} this winter"))
            continue
        u = units.get(o.province)
        if u is None or u.power != power:
            results.append(OrderResult(power, g.text, format_order(o), Status.INVALID, "no such unit",
                                       f"{power} has no unit in {o.province}", o.province))
            continue
        del units[o.province]
        removed += 1
        results.append(OrderResult(power, g.text, f"D {u}", Status.SUCCEEDS, None, None, u.province))
    home = None
    if rulebook.has(position, rulebook.CIVIL_DISORDER_HOME_DISTANCE):
        home = set(position.board.home_centers(power))
    for u in civil_disorder_removals(position.board, power, position.centers, units, n - removed, home):
        del units[u.province]
        results.append(OrderResult(power, None, f"D {u}", Status.SUCCEEDS, "civil disorder", None, u.province))


def distances_to(board: Board, targets: set[str]) -> dict[str, int]:
    """Moves from each province to the nearest target, crossing land and sea alike."""
    dist = {t: 0 for t in targets}
    queue = deque(targets)
    nbrs = board.province_neighbours
    while queue:
        p = queue.popleft()
        for n in nbrs[p]:
            if n not in dist:
                dist[n] = dist[p] + 1
                queue.append(n)
    return dist


def fleet_distances_to(board: Board, targets: set[str]) -> dict[str, int]:
    """Fleet moves from each place (coasts apart) to the nearest target a fleet can
    enter: the pre-2023 rule counts a fleet's distance by sea only (DATC 4.D.8)."""
    start = [loc for t in targets for loc in board.provinces[t].locations if board.can_stand(UnitType.FLEET, loc)]
    dist = dict.fromkeys(start, 0)
    queue = deque(start)
    while queue:
        loc = queue.popleft()
        for n in board.fleet_adj.get(loc, ()):
            if n not in dist:
                dist[n] = dist[loc] + 1
                queue.append(n)
    return dist


def civil_disorder_removals(board: Board, power: str, centers, units, n: int,
                            targets: set[str] | None = None) -> list[Unit]:
    """The units civil disorder removes; distance to ``targets`` (default: the power's
    owned centres, as the 2023 rules say)."""
    if n <= 0:
        return []
    owned = targets if targets else {c for c, p in centers.items() if p == power}
    dist = distances_to(board, owned)
    by_sea = fleet_distances_to(board, owned) if targets else None
    far = 1 << 30

    def distance(u: Unit) -> int:
        if by_sea is not None and u.type is UnitType.FLEET:
            return by_sea.get(u.loc, far)
        return dist.get(u.province, far)

    mine = [u for u in units.values() if u.power == power]
    mine.sort(
        key=lambda u: (
            -distance(u),
            0 if u.type is UnitType.FLEET else 1,
            board.provinces[province_of(u.loc)].name.lower(),
        )
    )
    return mine[:n]
