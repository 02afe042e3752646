"""Players with a public and a secret power (Woolworth IIA).

Five players each control two of the ten powers: a public one, known to all, and a secret
one, known only to its player and the GM. Powers are dealt by the players' ranked lists
(rule 6): every player without a power offers the best power still free on their list;
a power offered by one player alone goes to them, and lots are drawn where several offer
the same; the rest try again with what remains. Public powers are dealt first, then secret
ones. The lots come from a seeded generator, so the GM can record the seed and anyone can
replay the draw.

Who plays what is GM knowledge. It lives in the position's ``players`` field, which goes
into no player-facing output: reports and maps for a power never carry it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..extras import check_players  # noqa: F401 (it checks a field of the position)


class AssignmentError(ValueError):
    """The preference lists can't be used; the message says whose list and why."""


@dataclass(frozen=True)
class Draw:
    """One step of the deal, for the GM's record."""

    round: str  # "public" or "secret"
    power: str
    candidates: tuple[str, ...]
    winner: str


def assign_powers(
    preferences: Mapping[str, Sequence[str]], powers: Sequence[str], seed: int
) -> tuple[dict[str, dict[str, str]], list[Draw]]:
    """Deal a public and a secret power to each player; returns the deal and its steps."""
    players = sorted(preferences)
    if not players:
        raise AssignmentError("no players")
    if 2 * len(players) > len(powers):
        raise AssignmentError(f"{len(players)} players need {2 * len(players)} powers; there are {len(powers)}")
    known = set(powers)
    lists: dict[str, list[str]] = {}
    for player in players:
        ranked = list(preferences[player])
        unknown = [p for p in ranked if p not in known]
        if unknown:
            raise AssignmentError(f"{player}: unknown power {unknown[0]!r} (powers: {', '.join(powers)})")
        if len(set(ranked)) != len(ranked):
            raise AssignmentError(f"{player}: a power is listed twice")
        # powers left off a list rank after those on it, in the variant's order
        lists[player] = ranked + [p for p in powers if p not in ranked]
    rng = random.Random(seed)
    free = list(powers)
    deal: dict[str, dict[str, str]] = {p: {} for p in players}
    steps: list[Draw] = []
    for rnd in ("public", "secret"):
        waiting = list(players)
        while waiting:
            offers: dict[str, list[str]] = {}
            for player in waiting:
                best = next(p for p in lists[player] if p in free)
                offers.setdefault(best, []).append(player)
            for power in sorted(offers, key=powers.index):
                who = sorted(offers[power])
                winner = who[0] if len(who) == 1 else rng.choice(who)
                deal[winner][rnd] = power
                free.remove(power)
                waiting.remove(winner)
                steps.append(Draw(rnd, power, tuple(who), winner))
    return deal, steps


def owners(players: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """power -> player."""
    return {power: player for player, pw in players.items() for power in pw.values()}


def player_winner(players: Mapping[str, Mapping[str, str]], centers: Mapping[str, str], need: int) -> str | None:
    """The player holding ``need`` centres with both powers together, if one does."""
    own = owners(players)
    counts: dict[str, int] = {}
    for power in centers.values():
        if power in own:
            counts[own[power]] = counts.get(own[power], 0) + 1
    best = max(counts.values(), default=0)
    leaders = [p for p, n in counts.items() if n == best]
    return leaders[0] if best >= need and len(leaders) == 1 else None
