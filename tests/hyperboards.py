"""Hypereconomic positions on the test board for the desk's tests: the start, and a French
stack of four in Gascony with an armoury, a shipyard and a fishing fleet."""

from __future__ import annotations

from pathlib import Path

from diplodesk.engine import hyper, load_variant, seasons

MINI = str(Path(__file__).resolve().parents[1] / "examples" / "hyper-mini")

FOUR_IN_GASCONY = [
    {"id": "1D", "power": "fra", "type": "D", "at": "gaso", "M": 2},
    {"id": "2D", "power": "fra", "type": "D", "at": "gaso", "M": 2},
    {"id": "3T", "power": "fra", "type": "T", "at": "gaso", "M": 2},
    {"power": "fra", "type": "N", "at": "gaso", "M": 1},
]


def start_json(secret: str = "desk secret") -> dict:
    variant = load_variant(MINI)
    return seasons.start_other(variant, secret, MINI).to_json()


def stacked_json() -> dict:
    pos = start_json()
    pos["units"] = [*FOUR_IN_GASCONY,
                    {"id": "1D", "power": "spa", "type": "D", "at": "nava", "M": 2}]
    eco = pos["economy"]
    eco["installations"] = [
        {"type": "Y", "owner": "fra", "at": "gaso", "built": "W1914M", "M": 2},
        {"type": "S", "owner": "fra", "at": "gaso", "built": "W1914M", "M": 2},
    ]
    eco["ffs"] = [{"id": "FF1", "owner": "fra", "at": "gaso", "built": "W1914M", "fished": None}]
    return pos


def read(data: dict):
    return hyper.read(data, load_variant(MINI))
