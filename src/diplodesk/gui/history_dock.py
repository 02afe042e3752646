"""What the docks say of a phase: its title, who won with it, a status's colour. The history
dock is ``history_tree.py``, the results dock ``results_dock.py``."""

from __future__ import annotations

from typing import Any

from ..engine.phase import Phase

STATUS_COLOURS = {"succeeds": "#2e7d32", "fails": "#c62828", "invalid": "#7a7a7a"}


def phase_title(phase: str) -> str:
    try:
        return Phase.parse(phase).long_name
    except ValueError:
        return phase


def victory_text(result: dict[str, Any] | None) -> str | None:
    """Who won with the phase of ``result`` (a phase record's result), for the GM: "France
    has won with 18 centres", or in a game played by players (Woolworth) "Ann has won with
    20 centres (England 12 public + Turkey 8 secret)". None if nobody won then."""
    nxt = (result or {}).get("next") or {}
    winner = nxt.get("winner")
    if not winner:
        return None
    centers = nxt.get("centers") or {}

    def count(power: str) -> int:
        owned = centers.get(power)
        return len(owned) if isinstance(owned, list) else 0

    players = nxt.get("players")
    if isinstance(players, dict) and isinstance(players.get(winner), dict):
        parts, total = [], 0
        for role in ("public", "secret"):
            power = players[winner].get(role)
            if power:
                total += count(power)
                parts.append(f"{power} {count(power)} {role}")
        return f"{winner} has won with {total} centres ({' + '.join(parts)})"
    return f"{winner} has won with {count(winner)} centres"
