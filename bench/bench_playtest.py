"""Playtest speed: greedy-bot playtests, and random games beside MILA's engine.

    python bench/bench_playtest.py [--quick] [--games N] [--years Y] [--no-greedy]

1. The designer's playtest: 1,000 greedy-bot games of 20 years on the standard board
   (``diplodesk variant playtest standard --games 1000 --years 20``), spread over the
   machine's cores (target: 60 s or less on 2 cores); games and phases per second.
2. Random games: our random bot plays games of the standard board; every phase's position
   and orders are kept. Our engine plays them again (``process(position)``, the bots' time
   not counted), then MILA's ``diplomacy`` package (AGPL, never a dependency: ``pip install
   diplomacy`` into a venv to see this column; it is skipped when absent) plays the same
   games from the start with the same orders, in the same run (``set_orders`` and
   ``process()``). A game is compared as long as the two engines agree on the units and
   the phase after each phase; games and phases per second for each, and the ratio.
3. The contract: each movement phase of those games from the position JSON to the result
   JSON (``adjudicate(dict) -> dict``), against MILA's ``process()`` on a game set up with
   the same units and orders (the set-up not counted, as in bench_engine.py). Goal: 10x.

The machine's load is printed with the figures: the ratios, measured turn about in one run,
are the figures that travel.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from diplodesk.designer.bots import RandomBot  # noqa: E402
from diplodesk.designer.playtest import PlaytestSpec, run_playtest  # noqa: E402
from diplodesk.engine import adjudicate, process  # noqa: E402
from diplodesk.engine.options import movement_options  # noqa: E402
from diplodesk.engine.orders import (  # noqa: E402
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Remove,
    Retreat,
    Support,
    format_order,
    parse_order,
)
from diplodesk.engine.phase import PhaseType  # noqa: E402
from diplodesk.engine.position import Position  # noqa: E402
from diplodesk.variants import load_variant  # noqa: E402


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
        return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"
    except OSError:
        return f"{os.cpu_count()} cores"


# -- 1. the designer's playtest ---------------------------------------------------------


def greedy_playtest(games: int, years: int) -> None:
    workers = min(2, os.cpu_count() or 1)
    t0 = time.perf_counter()
    report = run_playtest(PlaytestSpec("standard", games=games, years=years, bot="greedy", seed=1,
                                       workers=workers))
    spent = time.perf_counter() - t0
    print(f"greedy playtest, standard board, {games} games of {years} years on {workers} workers ({load()}):")
    print(f"  {spent:6.1f} s   {games / spent:7.1f} games/s   {report.phases / spent:8.0f} phases/s"
          f"   ({report.phases} phases; target for 1,000 games of 20 years: 60 s or less on 2 cores)")


# -- 2. random games, ours and MILA's ---------------------------------------------------


class BenchBot(RandomBot):
    """The random bot, but for moves "via convoy" between neighbours, which MILA reads
    another way (as a move over land when no fleet convoys it; DATC 4.A.3): the games
    stay the same games in both engines for longer."""

    def orders(self, position: Position, power: str, rng: random.Random) -> list[str]:
        if position.phase.type is not PhaseType.MOVEMENT:
            return super().orders(position, power, rng)
        out = []
        for prov, u in position.units.items():
            if u.power == power:
                opts = [o for o in movement_options(position, prov) if not getattr(o, "via_convoy", False)]
                out.append(format_order(rng.choice(opts)))
        return out


def random_games(games: int, years: int) -> list[list[Position]]:
    """Each game's positions with their orders, phase by phase, from the standard start."""
    variant = load_variant("standard")
    bot = BenchBot()
    out = []
    for g in range(games):
        rng = random.Random(f"bench-{g}")
        pos = Position.start(variant)
        phases = []
        while pos.phase.year < variant.start_phase.year + years:
            orders = {p: tuple(o) for p in variant.power_names if (o := bot.orders(pos, p, rng))}
            pos = pos.evolve(orders=orders)
            phases.append(pos)
            outcome = process(pos)
            if outcome.winner:
                break
            pos = outcome.next
        out.append(phases)
    return out


def mila_text(order, board, phase: PhaseType) -> str:
    def loc(x: str) -> str:
        return x.upper()

    t = order.unit.value if order.unit else ""
    if isinstance(order, Hold):
        return f"{t} {loc(order.loc)} H"
    if isinstance(order, Move):
        return f"{t} {loc(order.loc)} - {loc(order.dest)}" + (" VIA" if order.via_convoy else "")
    if isinstance(order, Support):
        dest = f" - {loc(order.dest).partition('/')[0]}" if order.dest else ""
        return f"{t} {loc(order.loc)} S {order.target_unit.value} {loc(order.target)}{dest}"
    if isinstance(order, Convoy):
        return f"F {loc(order.loc)} C A {loc(order.target)} - {loc(order.dest)}"
    if isinstance(order, Retreat):
        return f"{t} {loc(order.loc)} R {loc(order.dest)}"
    if isinstance(order, Disband | Remove):
        return f"{t} {loc(order.loc)} D"
    if isinstance(order, Build):
        return f"{t} {loc(order.loc)} B"
    raise ValueError(f"no MILA text for {order}")


def mila_orders(pos: Position) -> dict[str, list[str]]:
    return {p.upper(): [mila_text(parse_order(t, pos.board, pos.phase.type), pos.board, pos.phase.type)
                        for t in texts] for p, texts in pos.orders.items()}


def our_units(pos: Position) -> set[str]:
    return {f"{u.power.upper()} {u.type.value} {u.loc.upper()}" for u in pos.units.values()}


def mila_units(game) -> set[str]:
    return {f"{p} {u}" for p, us in game.get_units().items() for u in us if not u.startswith("*")}


def compare_games(played: list[list[Position]], rounds: int) -> None:
    try:
        from diplomacy import Game  # type: ignore
    except ImportError:
        Game = None
    # what our engine made of each phase (units and next phase), to check MILA against
    expected = [[process(p).next for p in game] for game in played]
    agreed = [len(game) for game in played]
    mila_orders_by_phase = [[mila_orders(p) for p in game] for game in played]
    if Game is not None:  # how far MILA follows each game
        for g, game in enumerate(played):
            mg = Game()
            for i, _pos in enumerate(game):
                for power, orders in mila_orders_by_phase[g][i].items():
                    mg.set_orders(power, orders)
                mg.process()
                nxt = expected[g][i]
                if mila_units(mg) != our_units(nxt) or (mg.get_current_phase() != str(nxt.phase)
                                                        and i + 1 < len(game)):
                    agreed[g] = i  # this phase's result differs: compare the phases before it
                    break
    phases = sum(agreed)
    ours: list[float] = []
    theirs: list[float] = []
    clock = time.perf_counter
    gc.collect()
    gc.disable()
    for _ in range(rounds):
        t0 = clock()
        for g, game in enumerate(played):
            for pos in game[:agreed[g]]:
                process(pos)
        ours.append(clock() - t0)
        if Game is not None:
            t0 = clock()
            for g in range(len(played)):
                mg = Game()
                for i in range(agreed[g]):
                    for power, orders in mila_orders_by_phase[g][i].items():
                        mg.set_orders(power, orders)
                    mg.process()
            theirs.append(clock() - t0)
    gc.enable()
    total = sum(len(g) for g in played)
    mine = min(ours)
    print(f"random games, standard board: {len(played)} games, {phases} phases compared "
          f"(of {total}; {load()}), best of {rounds} runs:")
    print(f"  ours  process(position)       {mine:7.2f} s   {len(played) / mine:7.1f} games/s"
          f"   {phases / mine:8.0f} phases/s")
    if theirs:
        best = min(theirs)
        print(f"  MILA  set_orders, process()   {best:7.2f} s   {len(played) / best:7.1f} games/s"
              f"   {phases / best:8.0f} phases/s   ours {best / mine:.1f}x as fast")
        print(f"  MILA agreed with every phase of {sum(a == len(g) for a, g in zip(agreed, played, strict=True))} "
              f"games of {len(played)}; the others are compared up to their first disagreement")
    else:
        print("  (MILA 'diplomacy' not installed: pip install diplomacy to compare)")


# -- 3. the contract, per movement phase -------------------------------------------------


def contract(played: list[list[Position]], rounds: int) -> None:
    try:
        from diplomacy import Game  # type: ignore
    except ImportError:
        Game = None
    moves = [p for game in played for p in game if p.phase.type is PhaseType.MOVEMENT]
    data = [p.to_json() for p in moves]
    for d in data:
        adjudicate(d)  # warm: every order text read once, as a game's second sight would

    def mila_game(pos: Position, orders: dict[str, list[str]]):
        g = Game()
        g.clear_units()
        g.set_current_phase(str(pos.phase))
        by_power: dict[str, list[str]] = {}
        for u in pos.units.values():
            by_power.setdefault(u.power.upper(), []).append(f"{u.type.value} {u.loc.upper()}")
        for p, us in by_power.items():
            g.set_units(p, us)
        g.clear_centers()
        owned: dict[str, list[str]] = {}
        for c, p in pos.centers.items():
            owned.setdefault(p.upper(), []).append(c.upper())
        for p, cs in owned.items():
            g.set_centers(p, cs)
        for p, os_ in orders.items():
            g.set_orders(p, os_)
        return g

    mo = [mila_orders(p) for p in moves] if Game is not None else []
    ours: list[float] = []
    theirs: list[float] = []
    setup: list[float] = []
    clock = time.perf_counter
    gc.collect()
    gc.disable()
    cold: list[float] = []
    # As in bench_engine.py: each engine warm, position by position and turn about, so that
    # both share the machine's ups and downs; ours right after an untimed run of ours on
    # the same position, MILA's process() right after its set-up of that game. Then, cold,
    # ours right after MILA's work, which leaves the caches full of the other engine's data.
    for _ in range(rounds):
        for i, d in enumerate(data):
            adjudicate(d)
            t0 = clock()
            adjudicate(d)
            ours.append(clock() - t0)
            if Game is not None:
                t0 = clock()
                g = mila_game(moves[i], mo[i])
                t1 = clock()
                g.process()
                theirs.append(clock() - t1)
                setup.append(t1 - t0)
                t0 = clock()
                adjudicate(d)
                cold.append(clock() - t0)
    gc.enable()

    def ms(xs: list[float]) -> float:
        return statistics.median(xs) * 1000

    print(f"the contract, the movement phases of those games ({len(moves)} of them, median of {len(ours)} runs; "
          f"{load()}):")
    print(f"  ours  adjudicate(dict) -> dict    {ms(ours):7.3f} ms")
    if theirs:
        print(f"  MILA  process()                   {ms(theirs):7.3f} ms   ours {ms(theirs) / ms(ours):.1f}x as fast "
              "(goal: 10x)")
        print(f"  ours, cold (right after MILA)     {ms(cold):7.3f} ms   ours {ms(theirs) / ms(cold):.1f}x as fast")
        both = [a + b for a, b in zip(setup, theirs, strict=True)]
        print(f"  MILA  set-up and process()        {ms(both):7.3f} ms   ours {ms(both) / ms(ours):.1f}x as fast")
    else:
        print("  (MILA 'diplomacy' not installed: pip install diplomacy to compare)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games: a look, not the figures")
    ap.add_argument("--games", type=int, help="random games to compare (default 30; quick 6)")
    ap.add_argument("--years", type=int, default=10, help="years of each random game (default 10)")
    ap.add_argument("--no-greedy", action="store_true", help="skip the 1,000-game greedy playtest")
    args = ap.parse_args()
    if not args.no_greedy:
        greedy_playtest(100 if args.quick else 1000, 20)
    played = random_games(args.games or (6 if args.quick else 30), args.years)
    rounds = 2 if args.quick else 5
    compare_games(played, rounds)
    contract(played, 1 if args.quick else 3)
    return 0


if __name__ == "__main__":
    sys.exit(main())
