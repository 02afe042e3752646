"""Game files in the window: a bad one says why and opens nothing; one that opens can have
every phase shown, as the GM and as each power, without an error."""

from __future__ import annotations

import json
import random

import pytest

from diplodesk.engine.game import Game
from diplodesk.engine.options import movement_options
from diplodesk.engine.orders import format_order
from diplodesk.engine.phase import PhaseType
from diplodesk.variants import load_variant


def played(seed: int = 5, rules: tuple[str, ...] = ()) -> dict:
    """A standard game with random legal orders until it has moves, retreats and builds."""
    rng = random.Random(seed)
    game = Game.new(load_variant("standard"), rules)
    while len(game.history) < 17:
        pos = game.current
        if pos.phase.type is PhaseType.MOVEMENT:
            for power in pos.variant.power_names:
                texts = [format_order(rng.choice(movement_options(pos, prov)))
                         for prov, u in pos.units.items() if u.power == power]
                if texts:
                    game.set_orders(power, texts)
        game.process()
    return game.to_json()


@pytest.mark.parametrize("rules", [(), ("blind",)])
def test_every_phase_of_a_loaded_game_can_be_shown(window, prompts, tmp_path, rules):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(played(rules=rules)))
    w = window
    assert w.open_file(path), prompts.errors
    for index in [*range(len(w.doc.history)), None]:
        for power in (None, "England", "Russia"):
            w.set_power(power)
            w.show_phase(index)
    assert not prompts.errors


MUTANTS = {
    "renamed units": lambda d: d["history"][3]["position"].__setitem__(
        "ujits", d["history"][3]["position"].pop("units")),
    "result changed": lambda d: d["history"][0]["result"]["orders"][0].__setitem__("status", "invalid"),
    "winner": lambda d: d.__setitem__("winner", "Narnia"),
    "format true": lambda d: d.__setitem__("format", True),
    "london-moscow": lambda d: d["variant"]["data"]["adjacency"]["army"].append("lon mos"),
    "unit at a number": lambda d: d["current"]["units"][0].__setitem__("at", 12),
}


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_a_damaged_game_opens_nothing_and_says_where(window, prompts, tmp_path, name):
    data = played()
    MUTANTS[name](data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    before = window.doc
    assert not window.open_file(path)
    assert window.doc is before
    title, text = prompts.errors[-1]
    assert "bad.json" in text and "\n" not in text.strip()
