"""One bot game, played from a variant's start through the engine, phase by phase.

The game's only chance is a ``random.Random`` seeded from the playtest's seed and the
game's number, so game 17 of seed 5 is the same game in any process, on any number of
workers, and replays byte for byte (``record``). A phase that raises is no crash of the
playtest: the game stops there and says where, for the engine is what a playtest also
tests.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace

from ..engine.phase import PhaseType
from ..engine.position import Position
from ..engine.process import outcome_to_json, process
from ..engine.variant import Variant
from .bots import Bot


@dataclass(frozen=True)
class GameSummary:
    """What the report needs of one game (small: it travels back from a worker).

    ``centers[y][i]``: the centres power ``i`` (in the variant's order) held at the end of
    year ``y + 1``; a game won early keeps its last count for the years it did not play.
    """

    index: int
    centers: tuple[tuple[int, ...], ...]
    winner: str | None = None
    years: int = 0  # years played (the last one perhaps cut short by a win)
    phases: int = 0
    eliminated: tuple[int | None, ...] = ()  # per power: the year it was out of the game
    error: str | None = None  # "F1903M: KeyError: 'x'": the phase that raised, and how


def game_rng(seed: int, index: int) -> random.Random:
    """The chance of game ``index`` of a playtest with this seed (a string seed hashes the
    same in every process, unlike ``hash()``)."""
    return random.Random(f"diplodesk-playtest-{seed}-{index}")


def play_game(variant: Variant, bot: Bot, seed: int, index: int, years: int, rules: tuple[str, ...] = (),
              record: list[str] | None = None) -> GameSummary:
    """Play game ``index`` for ``years`` years (or to a win); ``record``: a list that gets
    each phase's result JSON, one line of text a phase."""
    rng = game_rng(seed, index)
    pos = Position.start(variant)
    if rules:
        pos = replace(pos, rules=tuple(rules))
    powers = variant.power_names
    first = variant.calendar.seasons[0]
    counts: list[tuple[int, ...]] = []
    out: list[int | None] = [None] * len(powers)
    winner = None
    phases = 0
    error = None
    while len(counts) < years:
        try:
            orders = {}
            for p in powers:
                texts = bot.orders(pos, p, rng)
                if texts:
                    orders[p] = tuple(texts)
            outcome = process(pos.evolve(orders=orders))
            if record is not None:
                record.append(json.dumps(outcome_to_json(outcome), sort_keys=True))
        except Exception as e:  # noqa: BLE001 - a fuzzer reports what it finds
            error = f"{pos.phase}: {type(e).__name__}: {e}"
            break
        phases += 1
        nxt = outcome.next
        winner = outcome.winner
        year_over = nxt.phase.type is PhaseType.MOVEMENT and nxt.phase.season == first
        if year_over or winner:
            counts.append(_held(nxt, powers))
            for i, p in enumerate(powers):
                if out[i] is None and counts[-1][i] == 0 and not any(u.power == p for u in nxt.units.values()):
                    out[i] = len(counts)
        pos = nxt
        if winner:
            break
    played = len(counts)
    last = counts[-1] if counts else _held(pos, powers)
    counts.extend([last] * (years - len(counts)))
    return GameSummary(index, tuple(counts), winner, played, phases, tuple(out), error)


def _held(pos: Position, powers: tuple[str, ...]) -> tuple[int, ...]:
    n = dict.fromkeys(powers, 0)
    for owner in pos.centers.values():
        if owner in n:
            n[owner] += 1
    return tuple(n[p] for p in powers)

