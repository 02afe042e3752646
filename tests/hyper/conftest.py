"""Hypereconomic on the test board: a start position and one season, as the rules read."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from diplodesk.engine import adjudicate, load_variant, seasons

MINI = Path(__file__).resolve().parents[2] / "examples" / "hyper-mini"


def start(secret: str = "test secret") -> dict:
    """Winter 1914 on the test board, as JSON."""
    variant = load_variant(str(MINI))
    return seasons.start_other(variant, secret, str(MINI)).to_json()


def names():
    """What the papers call the test board's nations and provinces (France, Navarre)."""
    from diplodesk.engine.hyper.shown_names import ShownNames

    return ShownNames.of(seasons.start_other(load_variant(str(MINI)), "", str(MINI)))


def season(position: dict, orders: dict | None = None) -> dict:
    pos = copy.deepcopy(position)
    pos["orders"] = orders or {}
    return adjudicate(pos)


def line(result: dict, nation: str, text: str) -> dict:
    """The result line of the order ``text`` of ``nation``."""
    hits = [o for o in result["orders"] if o["power"] == nation and o["text"] == text]
    assert len(hits) == 1, f"no single line for {nation} {text!r}: {result['orders']}"
    return hits[0]


def stock(result: dict, nation: str) -> dict:
    return result["next"]["economy"]["nations"][nation]["stock"]


@pytest.fixture
def w1914() -> dict:
    return start()
