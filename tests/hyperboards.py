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
    eco["nations"]["fra"]["acquired"] = 3  # 1D, 2D and 3T: the next unit France builds is 4 (III.10)
    eco["nations"]["spa"]["acquired"] = 1
    eco["installations"] = [
        {"type": "Y", "owner": "fra", "at": "gaso", "built": "W1914M", "M": 2},
        {"type": "S", "owner": "fra", "at": "gaso", "built": "W1914M", "M": 2},
    ]
    eco["ffs"] = [{"id": "FF1", "owner": "fra", "at": "gaso", "built": "W1914M", "fished": None}]
    return pos


def read(data: dict):
    return hyper.read(data, load_variant(MINI))


def install_mini() -> str:
    """The test board among the user's variants (as a GM who copied it there), so that its
    games find their map by the variant's id; returns that id."""
    import shutil

    from diplodesk.paths import user_variants_dir
    from diplodesk.variants import forget_recent

    target = user_variants_dir() / "hyper-mini"
    if not target.exists():
        shutil.copytree(MINI, target)
    forget_recent()
    return "hyper-mini"


def desk_game():
    """A game of the installed test board at its first season, with a French stack of four."""
    from diplodesk.engine.game import Game

    game = Game.new(load_variant(install_mini()))
    data = stacked_json()
    data["variant"] = game.current.to_json()["variant"]
    game.current = game.load_position(data)
    return game
