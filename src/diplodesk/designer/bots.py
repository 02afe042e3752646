"""Bots that write a power's orders, for playtests: a random one and a greedy one.

A bot reads the whole position (bots see through Blind's fog: they are a designer's
instrument, not players) and returns the power's order texts for the phase, which the
engine then judges like anyone's. Its only chance is the ``random.Random`` it is handed, so
a game replays from its seed; it never iterates over a set or a hash without sorting, so
it gives the same orders in every process whatever the hash seed.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.options import adjustment_options, choice_options, movement_options, retreat_options
from ..engine.orders import Build, Remove, Waive, format_order
from ..engine.phase import PhaseType
from ..engine.position import Position


class Bot(Protocol):
    name: str

    def orders(self, position: Position, power: str, rng: random.Random) -> list[str]:
        """The power's order texts for this phase (an empty list: nothing to say)."""
        ...


class RandomBot:
    """Every unit takes one of its legal orders (engine/options.py), each as likely; a
    choice unit one of its legal set-ups, holding; builds and removals drawn at random."""

    name = "random"

    def orders(self, position: Position, power: str, rng: random.Random) -> list[str]:
        t = position.phase.type
        if t is PhaseType.MOVEMENT:
            out = [format_order(rng.choice(movement_options(position, prov)))
                   for prov, u in position.units.items() if u.power == power]
            out += [f"{rng.choice(choice_options(position, prov))} H"
                    for prov, (p, _at) in sorted(position.choices.items()) if p == power]
            return out
        if t is PhaseType.RETREAT:
            return [format_order(rng.choice(retreat_options(position, prov)))
                    for prov, d in sorted(position.dislodged.items()) if d.unit.power == power]
        return _random_adjustments(position, power, rng)


def _random_adjustments(position: Position, power: str, rng: random.Random) -> list[str]:
    opts = adjustment_options(position, power)
    if not opts:
        return []
    if isinstance(opts[0], Remove):
        n = len(position.units_of(power)) - len(position.centers_of(power))
        return [format_order(o) for o in rng.sample(sorted(opts, key=format_order), n)]
    n = len(position.centers_of(power)) - len(position.units_of(power))
    builds = [o for o in opts if not isinstance(o, Waive)]
    rng.shuffle(builds)
    out: list[str] = []
    used: set[str] = set()
    for o in builds:
        if isinstance(o, Build) and o.province not in used and len(out) < n:
            used.add(o.province)
            out.append(format_order(o))
    return out


def bot_named(name: str) -> Bot:
    """The bot of that name; ValueError naming the known ones."""
    from .greedy import GreedyBot

    bots: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot}
    if name not in bots:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(bots)})")
    return bots[name]()


BOT_NAMES = ("random", "greedy")

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "bot_named"]
