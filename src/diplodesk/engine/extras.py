"""The position's fields beyond the board (CONTRACTS §3): checked, never taken on trust.

These fields belong to rule modules (``land`` and ``anarchy`` to Blind, ``players`` and
``assignment`` to secret powers, ``winner`` to the end of a game). One of them wrong could
turn a rule off without a word (a ``winner`` of ``"false"`` reveals a Blind board to all),
so each is checked here, and a field no rule knows is an error, not something kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .board import Board

FIELDS = ("anarchy", "assignment", "land", "players", "winner")


def check_extra(extra: Mapping[str, Any], board: Board, powers: Mapping[str, str],
                victory_by: str) -> dict[str, Any]:
    """The fields, with power names in their exact spelling; ValueError("field: what")."""
    out: dict[str, Any] = {}
    for key, value in extra.items():
        if key not in FIELDS:
            raise ValueError(f"{key}: unknown field (a position has variant, rules, phase, units, dislodged, "
                             f"contested, centers, orders and, for some rules, {', '.join(FIELDS)})")
        if value is None:
            continue
        out[key] = value
    if "players" in out:
        check_players(out["players"], sorted(powers.values()))
    if "anarchy" in out:
        out["anarchy"] = _powers(out["anarchy"], powers, "anarchy")
    if "land" in out:
        out["land"] = _land(out["land"], board, powers)
    if "assignment" in out:
        _assignment(out["assignment"])
    if "winner" in out:
        out["winner"] = _winner(out["winner"], powers, out.get("players"), victory_by)
    return out


def _power(name: Any, powers: Mapping[str, str], where: str) -> str:
    p = powers.get(name.lower()) if isinstance(name, str) else None
    if p is None:
        raise ValueError(f"{where}: unknown power {name!r} (powers: {', '.join(sorted(powers.values()))})")
    return p


def _powers(value: Any, powers: Mapping[str, str], where: str) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list of powers, got {type(value).__name__} {value!r}")
    return [_power(v, powers, f"{where}[{i}]") for i, v in enumerate(value)]


def _land(value: Any, board: Board, powers: Mapping[str, str]) -> dict[str, list[str]]:
    if not isinstance(value, Mapping):
        raise ValueError(f"land: expected an object of power -> list of provinces, got {value!r}")
    out: dict[str, list[str]] = {}
    owner: dict[str, str] = {}
    for key, provs in value.items():
        power = _power(key, powers, f"land.{key}")
        if not isinstance(provs, list):
            raise ValueError(f"land.{key}: expected a list of provinces, got {provs!r}")
        for i, prov in enumerate(provs):
            if not isinstance(prov, str) or prov not in board.provinces:
                raise ValueError(f"land.{key}[{i}]: unknown province {prov!r}")
            if prov in owner and owner[prov] != power:
                raise ValueError(f"land.{key}[{i}]: {prov} is also owned by {owner[prov]}")
            owner[prov] = power
        out[power] = list(provs)
    return out


def _assignment(value: Any) -> None:
    if not isinstance(value, Mapping):
        raise ValueError(f"assignment: expected an object with seed and preferences, got {value!r}")
    for key, v in value.items():
        if key == "seed":
            if type(v) is not int:
                raise ValueError(f"assignment.seed: expected a whole number, got {v!r}")
        elif key == "preferences":
            if not isinstance(v, Mapping) or not all(
                isinstance(x, list) and all(isinstance(p, str) for p in x) for x in v.values()
            ):
                raise ValueError("assignment.preferences: expected an object of player -> list of powers")
        else:
            raise ValueError(f"assignment.{key}: unknown field (only seed and preferences)")


def _winner(value: Any, powers: Mapping[str, str], players: Any, victory_by: str) -> str:
    if isinstance(value, str) and victory_by == "player" and isinstance(players, Mapping) and value in players:
        return value
    if not isinstance(value, str) or value.lower() not in powers:
        who = "a power or a player" if victory_by == "player" else "a power"
        raise ValueError(f"winner: expected {who} of this game, got {value!r}")
    return powers[value.lower()]


def check_players(players, power_names: Sequence[str]) -> None:
    """Raise ValueError naming the fault if a ``players`` field is malformed."""
    if not isinstance(players, Mapping):
        raise ValueError("players: expected an object of player -> {public, secret}")
    seen: dict[str, str] = {}
    for player, pw in players.items():
        if not isinstance(pw, Mapping):
            raise ValueError(f"players.{player}: expected {{public, secret}}")
        for role, power in pw.items():
            if role not in ("public", "secret"):
                raise ValueError(f"players.{player}.{role}: only public and secret")
            if power not in power_names:
                raise ValueError(f"players.{player}.{role}: unknown power {power!r}")
            if power in seen:
                raise ValueError(f"players.{player}.{role}: {power} is also played by {seen[power]}")
            seen[power] = player
