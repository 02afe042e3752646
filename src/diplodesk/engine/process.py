"""Process one phase: resolve it and work out the next phase in which somebody acts.

Centre ownership changes after the turns the calendar names as build turns (the Fall),
once their retreats are over; a retreat phase is skipped when no dislodged unit can
retreat, and an adjustment phase when nobody can build or must remove.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import attrgetter

from .adjustments import needs_adjustment, resolve_adjustments
from .movement import resolve_movement
from .outcome import OrderResult, Status
from .phase import Phase, PhaseType
from .position import Position, Unit
from .retreats import resolve_retreats
from .rules import choice_units, conditions, secret_powers, sight

# Bumped whenever a change to the engine changes the result of some phase. A game file
# records it, so a result saved by another revision is not taken for a damaged one.
# 1: up to the first releases; 2: results independent of list order, Blind orders judged
# as if any sea could hold a fleet, listed retreats checked against the board, a fleet's
# civil-disorder distance by sea under the old rule (1976), Loeb9's retreats across a
# difficult border without strength, named convoy paths read.
REVISION = 2


@dataclass
class Outcome:
    phase: Phase
    results: list[OrderResult]
    next: Position
    winner: str | None = None
    record: object | None = None  # a movement phase's Battles, for per-power views


def process(position: Position) -> Outcome:
    t = position.phase.type
    if t is PhaseType.MOVEMENT:
        position, revealed = choice_units.reveal(position)
        mv = resolve_movement(position)
        results = revealed + mv.results
        if any(d.retreats for d in mv.dislodged.values()):
            nxt = position.evolve(
                phase=Phase(position.phase.season, position.phase.year, PhaseType.RETREAT),
                units=mv.units,
                dislodged=mv.dislodged,
                contested=mv.contested,
                orders={},
                extra=_track_land(position, mv.units),
            )
            return Outcome(position.phase, results, nxt, record=mv.record)
        for d in mv.dislodged.values():
            results.append(OrderResult(d.unit.power, None, f"{d.unit} D", Status.SUCCEEDS, "no retreat",
                                       "dislodged with nowhere to retreat", d.unit.province))
        out = _after_turn(position, results, mv.units)
        out.record = mv.record
        return out
    if t is PhaseType.RETREAT:
        rt = resolve_retreats(position, conditions.choose)
        return _after_turn(position, rt.results, rt.units)
    adj = resolve_adjustments(position, conditions.choose)
    cal = position.variant.calendar
    nxt = position.evolve(phase=cal.after_adjustment(position.phase), units=adj.units,
                  dislodged={}, contested=frozenset(), orders={})
    return Outcome(position.phase, adj.results, nxt)


def _after_turn(position: Position, results: list[OrderResult], units: dict[str, Unit]) -> Outcome:
    cal = position.variant.calendar
    phase = position.phase
    centers = position.centers  # unchanged but after a build turn (positions are values)
    build_turn = cal.is_build_season(phase.season)
    if build_turn:
        centers = dict(centers)
        center_set = position.board.center_set
        for prov, u in units.items():
            if prov in center_set:
                centers[prov] = u.power
    base = position.evolve(units=units, centers=centers, dislodged={}, contested=frozenset(), orders={},
                   extra=_track_land(position, units))
    winner = None
    if build_turn:
        owned = Counter(centers.values())  # counted once, for the winner and the builds
        winner = _winner(base, owned)
        adj = base.evolve(phase=cal.adjustment_after(phase))
        if winner is None:
            forces = Counter(map(_power_of, units.values()))
            counts = {p: n for p in position.variant.power_names if (n := owned[p] - forces[p])}
            if needs_adjustment(adj, counts):
                return Outcome(phase, results, adj)
        nxt = base.evolve(phase=cal.after_adjustment(adj.phase))
    else:
        nxt = base.evolve(phase=cal.next_movement(phase))
    return Outcome(phase, results, nxt, winner)


_power_of = attrgetter("power")


def _track_land(position: Position, units: dict[str, Unit]) -> dict:
    """Under the Blind rule, land that is no supply centre is owned too: taken by whoever
    stands in it after a spring or fall move or retreat, kept until someone else does."""
    if not sight.active(position):
        return dict(position.extra)
    owners = sight.land_owners(position)
    board = position.board
    for prov, u in units.items():
        p = board.provinces[prov]
        if not p.center and p.kind.value in ("land", "coast"):
            owners[prov] = u.power
    land: dict[str, list[str]] = {}
    for prov, power in owners.items():
        land.setdefault(power, []).append(prov)
    return dict(position.extra, land={p: sorted(v) for p, v in sorted(land.items())})


def _winner(position: Position, owned: Counter) -> str | None:
    """``owned``: the number of centres of each owner."""
    need = position.variant.victory_centers
    players = position.extra.get("players")
    if position.variant.victory_by == "player" and players:
        return secret_powers.player_winner(players, position.centers, need)
    counts = {p: owned[p] for p in position.variant.power_names}
    best = max(counts.values(), default=0)
    leaders = [p for p, n in counts.items() if n == best]
    if best >= need and len(leaders) == 1:
        return leaders[0]
    return None


def outcome_to_json(outcome: Outcome) -> dict:
    nxt = outcome.next.to_json(with_orders=False)
    if outcome.winner:
        nxt["winner"] = outcome.winner
    orders = []
    status_text = _STATUS_TEXT
    for r in outcome.results:  # OrderResult.to_json, written out: one for every unit
        d = {"power": r.power, "text": r.text, "order": r.order, "status": status_text[r.status], "reason": r.reason}
        if r.detail:
            d["detail"] = r.detail
        orders.append(d)
    return {"phase": str(outcome.phase), "orders": orders, "next": nxt}


# str() of a StrEnum member is a Python-level call; this is a dict lookup (one per unit)
_STATUS_TEXT = {s: s.value for s in Status}
