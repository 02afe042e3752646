"""A playtest's figures: per power and per year the centres held, solos, eliminations,
the games' length; as text for people and as JSON for scripts.

Everything here is worked out from the games in the order of their numbers and written
with fixed decimals, so the same games give the same bytes however they were spread over
the machine's cores.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .bot_game import GameSummary

HINT = ("Bot games are a hint, not a proof: the bots play by a few plain rules, not as people do, "
        "so a board that looks fair here may not be fair at a table, nor the other way round.")

FORMAT = 1


def _mean(xs: list[float]) -> float:
    return math.fsum(xs) / len(xs) if xs else 0.0


def _spread(xs: list[float]) -> float:
    """The standard deviation over the games (not a sample's estimate: these are all the games)."""
    if len(xs) < 2:
        return 0.0
    m = _mean(xs)
    return math.sqrt(math.fsum((x - m) ** 2 for x in xs) / len(xs))


def _r(x: float) -> float:
    return round(x, 4)


@dataclass(frozen=True)
class PowerFigures:
    power: str
    mean: tuple[float, ...]  # centres held at the end of each year, over the games
    spread: tuple[float, ...]
    solo_rate: float
    elimination_rate: float
    eliminated_in: float | None  # the mean year of its elimination, where it was eliminated


@dataclass(frozen=True)
class PlaytestReport:
    variant: str  # its id
    name: str
    games: int
    years: int
    bot: str
    seed: int
    rules: tuple[str, ...]
    powers: tuple[str, ...]
    year_labels: tuple[int, ...]  # the calendar year each game year ends in
    summaries: tuple[GameSummary, ...]  # by game number
    colors: tuple[str, ...] = ()  # each power's colour in the variant (for the curves)
    victory: int = 0  # the centres a solo needs

    @cached_property
    def figures(self) -> tuple[PowerFigures, ...]:
        n = len(self.summaries)
        out = []
        for i, power in enumerate(self.powers):
            per_year = [[s.centers[y][i] for s in self.summaries] for y in range(self.years)]
            outs = [s.eliminated[i] for s in self.summaries if s.eliminated and s.eliminated[i] is not None]
            out.append(PowerFigures(
                power,
                tuple(_mean(v) for v in per_year),
                tuple(_spread(v) for v in per_year),
                sum(1 for s in self.summaries if s.winner == power) / n if n else 0.0,
                len(outs) / n if n else 0.0,
                _mean(outs) if outs else None,
            ))
        return tuple(out)

    @property
    def wins(self) -> int:
        return sum(1 for s in self.summaries if s.winner)

    @property
    def errors(self) -> list[tuple[int, str]]:
        return [(s.index, s.error) for s in self.summaries if s.error]

    @property
    def lengths(self) -> list[int]:
        return [s.years for s in self.summaries]

    @property
    def phases(self) -> int:
        return sum(s.phases for s in self.summaries)

    # -- writing ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        lengths = self.lengths
        return {
            "format": FORMAT,
            "note": HINT,
            "variant": self.variant,
            "name": self.name,
            "games": self.games,
            "years": self.years,
            "bot": self.bot,
            "seed": self.seed,
            "rules": list(self.rules),
            "powers": list(self.powers),
            "colors": list(self.colors),
            "victory_centers": self.victory,
            "year_labels": list(self.year_labels),
            "centers": {f.power: {"mean": [_r(x) for x in f.mean], "spread": [_r(x) for x in f.spread]}
                        for f in self.figures},
            "solo_rate": {f.power: _r(f.solo_rate) for f in self.figures},
            "elimination_rate": {f.power: _r(f.elimination_rate) for f in self.figures},
            "eliminated_in": {f.power: None if f.eliminated_in is None else _r(f.eliminated_in)
                              for f in self.figures},
            "won": self.wins,
            "length": {"mean": _r(_mean(lengths)), "spread": _r(_spread(lengths)),
                       "min": min(lengths, default=0), "max": max(lengths, default=0)},
            "phases": self.phases,
            "errors": [{"game": i, "error": e} for i, e in self.errors],
        }

    def to_text(self) -> str:
        rules = f", rules {', '.join(self.rules)}" if self.rules else ""
        lines = [f"Playtest of {self.name} ({self.variant}): {self.games} games of {self.years} years, "
                 f"{self.bot} bots, seed {self.seed}{rules}", *_wrap(HINT, 92), ""]
        w = max(11, *(len(p) for p in self.powers)) + 2  # room for "20.1 ± 10.3"
        head = "".join(f"{p:>{w}}" for p in self.powers)
        lines.append("Centres held at the end of each year, mean ± spread (standard deviation):")
        lines.append(f"{'year':<8}{head}")
        for y, label in enumerate(self.year_labels):
            cells = "".join(f"{f'{f.mean[y]:.1f} ± {f.spread[y]:.1f}':>{w}}" for f in self.figures)
            lines.append(f"{label:<8}{cells}")
        lines.append("")
        lines.append(f"{'':<8}{head}")
        lines.append(f"{'solo':<8}" + "".join(f"{_pct(f.solo_rate):>{w}}" for f in self.figures))
        lines.append(f"{'out':<8}" + "".join(f"{_pct(f.elimination_rate):>{w}}" for f in self.figures))
        lines.append(f"{'out in':<8}" + "".join(
            f"{'-' if f.eliminated_in is None else f'year {f.eliminated_in:.1f}':>{w}}" for f in self.figures))
        lines.extend(_wrap("solo: the share of games the power won alone; out: the share in which it lost its "
                           "last centre and unit; out in: the mean year it did, where it did.", 92))
        lines.append("")
        n = self.games
        lengths = self.lengths
        lines.append(f"Games won outright: {self.wins} of {n} ({_pct(self.wins / n if n else 0)}); "
                     f"unfinished after {self.years} years: {n - self.wins}.")
        lines.append(f"Game length: {_mean(lengths):.1f} ± {_spread(lengths):.1f} years "
                     f"(shortest {min(lengths, default=0)}, longest {max(lengths, default=0)}); "
                     f"{self.phases} phases in all.")
        errors = self.errors
        if not errors:
            lines.append("Engine errors: none.")
        else:
            lines.append(f"Engine errors: {len(errors)} games stopped on a phase that raised "
                         f"(each replays from its number and the seed):")
            lines.extend(f"  game {i}: {e}" for i, e in errors)
        return "\n".join(lines) + "\n"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width)
