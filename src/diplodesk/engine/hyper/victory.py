"""Victory (IX.9): half the land or half the gold, held three seasons running; or jointly.

A player counts the provinces and the gold of the nations they control alone (a nation
controlled jointly counts only towards an agreement that all its controllers are part of).
Gold is on hand plus escrow (banks and investment join it with banking). Impassable provinces
are not land to be held.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..board import ProvinceKind


@dataclass(frozen=True)
class Standing:
    who: str  # a player id or an agreement id
    provinces: int
    gold: int  # halves
    provinces_streak: int
    gold_streak: int


def land_provinces(board) -> list[str]:
    return sorted(p.id for p in board.provinces.values()
                  if p.kind in (ProvinceKind.LAND, ProvinceKind.COAST))


def standings(owners: Mapping[str, str | None], controllers: Mapping[str, tuple[str, ...]],
              gold: Mapping[str, int], groups: Mapping[str, tuple[str, ...]],
              shares: Mapping[str, tuple[int, int]], before: Mapping[str, Mapping[str, int]],
              land: list[str]) -> list[Standing]:
    """Each group's (player's or agreement's) holdings and streaks after this season.

    ``groups``: who -> the players it stands for; ``shares``: who -> the fraction needed.
    """
    total_land = len(land)
    total_gold = sum(gold.values())
    out = []
    for who in sorted(groups):
        members = set(groups[who])
        nations = {n for n, cs in controllers.items() if cs and set(cs) <= members}
        provs = sum(1 for p in land if owners.get(p) in nations)
        g = sum(gold.get(n, 0) for n in nations)
        num, den = shares[who]
        prev = before.get(who, {})
        ps = prev.get("provinces_streak", 0) + 1 if provs * den >= total_land * num > 0 else 0
        gs = prev.get("gold_streak", 0) + 1 if total_gold and g * den >= total_gold * num else 0
        out.append(Standing(who, provs, g, ps, gs))
    return out
