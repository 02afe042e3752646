"""Special borders read from the board: difficult borders and seasonal closures.

They are data on the board's edges that the checks and the resolver read as generic
knobs (a move's base strength, provinces closed this season), so they live beside the
board rather than among the rule modules above the core.

A *difficult* border (Loeb9's Cordoba-North Africa, Naples-Sicily) may be crossed by armies
only; such a move has the strength of its supports alone, no support can be given across it,
and unsupported it has no effect at all. A *seasonal* closure (Loeb9's icy Arctic) shuts a
province in some seasons: its units can't be ordered and nothing may enter it or act into it.
"""

from __future__ import annotations

from .board import Board, province_of


def _pairs(board: Board) -> frozenset[frozenset[str]]:
    cached = board._cache.get("difficult")
    if cached is None:
        cached = frozenset(
            frozenset(province_of(p) for p in s.get("between", ())) for s in board.specials_of("difficult")
        )
        board._cache["difficult"] = cached
    return cached


def is_difficult(board: Board, a: str, b: str) -> bool:
    """Is the border between provinces a and b a difficult one?"""
    pairs = _pairs(board)
    return bool(pairs) and frozenset((province_of(a), province_of(b))) in pairs


def closed_provinces(board: Board, season: str) -> frozenset[str]:
    """Provinces shut in this season (no orders there, no entry)."""
    key = ("closed", season)
    cached = board._cache.get(key)
    if cached is None:
        cached = frozenset(
            province_of(p)
            for s in board.specials_of("seasonal")
            if season in (s.get("seasons") or ())
            for p in s.get("provinces", ())
        )
        board._cache[key] = cached
    return cached
