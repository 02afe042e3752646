"""Playtests: many bot games of a variant through the engine, spread over the cores.

>>> report = run_playtest(PlaytestSpec("standard", games=100, years=10, bot="greedy", seed=1))
>>> print(report.to_text())

Game ``i`` depends only on the variant, the bot, the seed and ``i`` (``bot_game.py``), and
the report is made from the games in the order of their numbers, so the same spec gives
the same report byte for byte whether the games ran in one process or in eight. Workers
get the variant as data (its ``variant.toml`` read), never as a live object with the
engine's caches in it, so a variant made in the editor plays the same way as a built-in.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.rulebook import KNOWN as KNOWN_RULES
from ..engine.variant import Variant, VariantError
from .bot_game import GameSummary, play_game
from .bots import BOT_NAMES, Bot, bot_named
from .playtest_report import PlaytestReport

MAX_GAMES = 1_000_000
MAX_YEARS = 1000


class PlaytestError(ValueError):
    """A playtest that cannot run: the message says which setting and why."""


class PlaytestCancelled(Exception):
    """The playtest was cancelled before its last game."""


@dataclass(frozen=True)
class PlaytestSpec:
    variant: str | Variant  # an id, a variant folder, or a variant already loaded
    games: int = 100
    years: int = 20
    bot: str = "greedy"
    seed: int = 1
    rules: tuple[str, ...] = ()  # rule options on top of the variant's own, e.g. ("blind",)
    workers: int | None = None  # processes; None: one per core


# progress(games done, games in all, seconds left or None while unknown)
Progress = Callable[[int, int, "float | None"], None]


def load(spec: PlaytestSpec) -> Variant:
    """The spec's variant, checked along with the rest of the spec (PlaytestError)."""
    if isinstance(spec.variant, Variant):
        variant = spec.variant
    else:
        from ..variants import load_variant

        try:
            variant = load_variant(spec.variant)
        except VariantError as e:
            raise PlaytestError(f"variant {spec.variant}: {e}") from None
    if variant.engine != "standard":
        raise PlaytestError(f"variant {variant.id}: it has a season engine of its own ({variant.engine}); "
                            "playtests play the standard engine's variants")
    if not 1 <= spec.games <= MAX_GAMES:
        raise PlaytestError(f"games: {spec.games} (from 1 to {MAX_GAMES:,})")
    if not 1 <= spec.years <= MAX_YEARS:
        raise PlaytestError(f"years: {spec.years} (from 1 to {MAX_YEARS})")
    if spec.bot not in BOT_NAMES:
        raise PlaytestError(f"bot: unknown bot {spec.bot!r} (bots: {', '.join(BOT_NAMES)})")
    for r in spec.rules:
        if r not in KNOWN_RULES:
            raise PlaytestError(f"rules: unknown rule {r!r} (known: {', '.join(sorted(KNOWN_RULES))})")
    if spec.workers is not None and spec.workers < 1:
        raise PlaytestError(f"workers: {spec.workers} (at least 1)")
    return variant


def run_playtest(spec: PlaytestSpec, progress: Progress | None = None,
                 cancel: Callable[[], bool] | None = None) -> PlaytestReport:
    """Play the spec's games and report on them; PlaytestError for a spec that cannot
    run, PlaytestCancelled when ``cancel()`` says so (it is asked between games)."""
    variant = load(spec)
    workers = min(spec.workers or os.cpu_count() or 1, spec.games)
    games: list[GameSummary | None] = [None] * spec.games
    clock = _Clock(spec.games, progress)
    if workers <= 1:
        bot = bot_named(spec.bot)
        for i in range(spec.games):
            if cancel is not None and cancel():
                raise PlaytestCancelled()
            games[i] = play_game(variant, bot, spec.seed, i, spec.years, spec.rules)
            clock.tick()
    else:
        _run_pool(spec, variant, workers, games, clock, cancel)
    return _report(spec, variant, [g for g in games if g is not None])


def _run_pool(spec: PlaytestSpec, variant: Variant, workers: int, games: list, clock: _Clock,
              cancel: Callable[[], bool] | None) -> None:
    ctx = multiprocessing.get_context(_start_method())
    if ctx.get_start_method() == "forkserver":
        ctx.set_forkserver_preload([__name__])
    chunk = max(1, min(25, spec.games // (workers * 16)))
    batches = [range(i, min(i + chunk, spec.games)) for i in range(0, spec.games, chunk)]
    setup = (dict(variant.data), variant.id, spec.bot, spec.seed, spec.years, tuple(spec.rules))
    pool = ctx.Pool(workers, initializer=_start_worker, initargs=setup)
    try:
        results = pool.imap_unordered(_play_batch, [(b.start, b.stop) for b in batches])
        left = len(batches)
        while left:
            if cancel is not None and cancel():
                raise PlaytestCancelled()
            try:
                batch = results.next(timeout=0.1)
            except multiprocessing.TimeoutError:
                continue
            left -= 1
            for g in batch:
                games[g.index] = g
                clock.tick()
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _start_method() -> str:
    """forkserver where there is one: workers forked from a clean process, never from one
    with threads (the app's); else spawn."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


_WORKER: dict[str, Any] = {}


def _start_worker(data: dict, vid: str, bot: str, seed: int, years: int, rules: tuple[str, ...]) -> None:
    variant = Variant.from_data(data, vid)  # read by the parent already: it reads here too
    _WORKER.update(variant=variant, bot=bot_named(bot), seed=seed, years=years, rules=rules)


def _play_batch(span: tuple[int, int]) -> list[GameSummary]:
    w = _WORKER
    bot: Bot = w["bot"]
    return [play_game(w["variant"], bot, w["seed"], i, w["years"], w["rules"]) for i in range(*span)]


class _Clock:
    """Counts the games done and tells ``progress``, with the time left once it can say."""

    def __init__(self, total: int, progress: Progress | None):
        self.total = total
        self.done = 0
        self.progress = progress
        self.start = time.monotonic()
        if progress is not None:
            progress(0, total, None)

    def tick(self) -> None:
        self.done += 1
        if self.progress is None:
            return
        spent = time.monotonic() - self.start
        left = spent / self.done * (self.total - self.done)
        self.progress(self.done, self.total, left)


def clock_text(seconds: float) -> str:
    """A time left as people read it: 0:42, 12:05, 1:02:00."""
    s = int(round(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def year_labels(variant: Variant, years: int) -> tuple[int, ...]:
    """The calendar year each game year ends in, that of its last turn (Colonial's years
    go by two: Spring 1870 and Fall 1871 are its first year)."""
    cal = variant.calendar
    step = sum(cal.years_after.get(s, 0) for s in cal.seasons) or 1
    to_last = sum(cal.years_after.get(s, 0) for s in cal.seasons[:-1])
    return tuple(variant.start_phase.year + to_last + k * step for k in range(years))


def _report(spec: PlaytestSpec, variant: Variant, games: list[GameSummary]) -> PlaytestReport:
    return PlaytestReport(
        variant=variant.id, name=variant.name, games=spec.games, years=spec.years, bot=spec.bot,
        seed=spec.seed, rules=tuple(spec.rules), powers=variant.power_names,
        year_labels=year_labels(variant, spec.years), summaries=tuple(games),
        colors=tuple(p.color for p in variant.powers), victory=variant.victory_centers,
    )
