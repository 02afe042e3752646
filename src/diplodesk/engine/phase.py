"""Phases and the calendar that orders them.

A phase is written ``S1901M``: season letter, year, phase letter. The calendar is variant
data: which seasons have movement turns, how many years pass after each, and after which
season the adjustments come (standard: spring, fall, then winter builds in the same year;
Colonial: every turn is a year, so S1870, F1871, W1871, S1872).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class PhaseType(StrEnum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


SEASON_NAMES = {"S": "Spring", "F": "Fall", "W": "Winter", "U": "Summer"}
PHASE_NAMES = {"M": "Movement", "R": "Retreats", "A": "Adjustments"}

_PHASE_RE = re.compile(r"^([A-Z])(\d{1,5})([MRA])$")


@dataclass(frozen=True)
class Phase:
    season: str
    year: int
    type: PhaseType

    @classmethod
    def parse(cls, text: str) -> Phase:
        m = _PHASE_RE.match(text.strip().upper()) if isinstance(text, str) else None
        if not m:
            raise ValueError(f"bad phase {text!r}: expected season, year and M/R/A, like S1901M")
        return cls(m.group(1), int(m.group(2)), PhaseType(m.group(3)))

    def __str__(self) -> str:
        # written into every result: made once per phase object
        text = self.__dict__.get("_text")
        if text is None:
            text = self.__dict__["_text"] = f"{self.season}{self.year}{self.type.value}"
        return text

    @property
    def long_name(self) -> str:
        return f"{SEASON_NAMES.get(self.season, self.season)} {self.year} {PHASE_NAMES[self.type]}"


@dataclass(frozen=True)
class Calendar:
    seasons: tuple[str, ...] = ("S", "F")
    # Years that pass after each season's turn (standard: none after spring, one after fall).
    years_after: Mapping[str, int] = field(default_factory=lambda: {"S": 0, "F": 1})
    build_after: frozenset[str] = frozenset({"F"})
    start_year: int = 1901

    def check(self, phase: Phase) -> None:
        if phase.type is PhaseType.ADJUSTMENT:
            if phase.season != "W":
                raise ValueError(f"bad phase {phase}: adjustments happen in winter (W)")
        elif phase.season not in self.seasons:
            raise ValueError(
                f"bad phase {phase}: season {phase.season!r} is not one of {', '.join(self.seasons)}"
            )

    def is_build_season(self, season: str) -> bool:
        return season in self.build_after

    def next_movement(self, phase: Phase) -> Phase:
        """The movement turn after the turn of ``phase`` (a movement or retreat phase)."""
        i = self.seasons.index(phase.season)
        nxt = self.seasons[(i + 1) % len(self.seasons)]
        return _phase(nxt, phase.year + self.years_after.get(phase.season, 0), PhaseType.MOVEMENT)

    def adjustment_after(self, phase: Phase) -> Phase:
        return _phase("W", phase.year, PhaseType.ADJUSTMENT)

    def after_adjustment(self, phase: Phase) -> Phase:
        """The movement turn after a winter adjustment phase."""
        last = self.seasons[-1]
        return _phase(self.seasons[0], phase.year + self.years_after.get(last, 0), PhaseType.MOVEMENT)


_PHASES: dict[tuple[str, int, PhaseType], Phase] = {}


def _phase(season: str, year: int, kind: PhaseType) -> Phase:
    """The phase, one object per phase however often the calendar is asked (phases are
    values; one object also writes its name only once)."""
    key = (season, year, kind)
    hit = _PHASES.get(key)
    if hit is None:
        hit = Phase(season, year, kind)
        if len(_PHASES) < 100_000:
            _PHASES[key] = hit
    return hit
