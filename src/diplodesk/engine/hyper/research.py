"""Research (V): teams that roll for production increases, and PIs assigned to provinces.

A nation's teams (one A and one I for each home nation at the start, V.1) may each conduct
research for $1 a season. Two dice are read against T9 at the team's level: no PI, one or two.
A team that fails gains a temporary level; one that succeeds falls back to its permanent level,
which is half the PIs it ever made, within the caps (V.2-3). A PI may be assigned from the
season after it was made to any land province for $½, adding 1A or 1I to its yield for good,
at most one PI to a province in any two seasons (V.6-7). The numbers are the variant's
(rules.toml ``research`` and ``pi``, table T9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..tables import TableReader

KINDS = ("A", "I")


@dataclass(frozen=True)
class ResearchRules:
    cost: int  # gold halves per team
    dice: int
    perm_cap: Mapping[str, int]
    temp_cap: int
    pis: tuple[tuple[int, ...], ...]  # T9: pis[level][total - dice]
    assign_cost: int  # halves
    window: int  # seasons: one PI per province in any ``window`` seasons
    status: str = "provisional"

    def produced(self, level: int, total: int) -> tuple[int, str]:
        """T9's cell: the PIs a team of ``level`` makes with a roll of ``total``."""
        row = self.pis[min(level, len(self.pis) - 1)]
        i = max(0, min(total - self.dice, len(row) - 1))
        return row[i], f"T9 level {level}, total {total}"


def read_research(rules: TableReader, t9: TableReader) -> ResearchRules:
    r = rules.section("research")
    pi = rules.section("pi")
    caps = r.get("perm_cap", {})
    if not isinstance(caps, Mapping) or set(caps) != set(KINDS):
        rules.bad("research", "perm_cap", f"expected {{ A = 5, I = 7 }}, got {caps!r}")
        caps = {"A": 5, "I": 7}
    dice = t9.number("dice", 2, low=1, high=4)
    rows = t9.data.get("pis")
    table: list[tuple[int, ...]] = []
    if not isinstance(rows, list) or not rows:
        t9.bad("", "pis", "expected one row per team level, each a list of PIs per dice total")
    else:
        width = dice * 6 - dice + 1
        for lvl, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != width:
                t9.bad(f"level {lvl}", "pis", f"expected {width} cells (totals {dice} to {dice * 6})")
                continue
            table.append(tuple(t9.whole(v, f"level {lvl}", f"pis[{i}]", 0, 2) for i, v in enumerate(row)))
    t9.known_keys({"dice", "pis", "level_used"})
    return ResearchRules(
        cost=rules.amount(r.get("cost", 1), "gold", "research", "cost"), dice=dice,
        perm_cap={k: rules.whole(caps[k], "research", f"perm_cap.{k}") for k in KINDS},
        temp_cap=rules.whole(r.get("temp_cap", 9), "research", "temp_cap"),
        pis=tuple(table) or ((0,),), assign_cost=rules.amount(pi.get("assign_cost", 0.5), "gold", "pi",
                                                              "assign_cost"),
        window=rules.whole(pi.get("window", 2), "pi", "window", 1), status=t9.meta.status)


def teams_of(nation: Mapping[str, Any] | Any) -> list[dict[str, Any]]:
    """A nation's teams, each with an id (A1, I1, A2 ...) in the order they are listed."""
    out, seen = [], {"A": 0, "I": 0}
    for t in nation:
        kind = str(t.get("kind", "A"))
        seen[kind] = seen.get(kind, 0) + 1
        out.append({"id": t.get("id") or f"{kind}{seen[kind]}", "kind": kind,
                    "perm": int(t.get("perm", 0)), "temp": int(t.get("temp", 0)),
                    "pis_made": int(t.get("pis_made", 0))})
    return out


def after_roll(team: Mapping[str, Any], made: int, rules: ResearchRules) -> dict[str, Any]:
    """V.2-3: the team's levels after a season's research that made ``made`` PIs."""
    t = dict(team)
    if made:
        t["pis_made"] += made
        t["perm"] = min(rules.perm_cap.get(t["kind"], 9), t["pis_made"] // 2)
        t["temp"] = t["perm"]
    else:
        t["temp"] = min(rules.temp_cap, max(t["temp"], t["perm"]) + 1)
    return t


def season_index(phase: str, calendar) -> int:
    """A season's place in the game's time, so two can be subtracted (W1914M -> S1915M is 1).

    A year passes after some seasons (Hypereconomic: after winter), so a season's year is
    taken less the years that passed earlier in the calendar's round.
    """
    season, year = phase[0], int(phase[1:-1])
    seasons = calendar.seasons
    i = seasons.index(season)
    offset = sum(calendar.years_after.get(s, 0) for s in seasons[:i])
    return (year - offset) * len(seasons) + i
