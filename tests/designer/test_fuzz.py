"""Bot games as a fuzzer: on every built-in variant, with and without Blind, no phase
raises and every game replays byte for byte from its seed (issue 30, item 4).

Kept small (a few years of one game per bot and board); ``diplodesk variant playtest``
runs the same games by the thousand.
"""

import pytest

from diplodesk.designer.bot_game import play_game
from diplodesk.designer.bots import bot_named
from diplodesk.variants import list_variants, load_variant

BUILT_IN = sorted(i.id for i in list_variants() if i.builtin and i.playable and load_variant(i.id).engine == "standard")


def test_every_built_in_variant_is_fuzzed():
    assert {"standard", "loeb9", "colonial", "woolworth2a"} <= set(BUILT_IN)


@pytest.mark.parametrize("rules", [(), ("blind",)], ids=["open", "blind"])
@pytest.mark.parametrize("vid", BUILT_IN)
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bot_games_raise_nowhere_and_replay_byte_for_byte(vid, rules, bot):
    variant = load_variant(vid)
    years = 2 if bot == "random" else 4
    first: list[str] = []
    game = play_game(variant, bot_named(bot), 30, 1, years, rules, record=first)
    assert game.error is None
    assert game.phases == len(first) >= 2 * years
    again: list[str] = []
    assert play_game(variant, bot_named(bot), 30, 1, years, rules, record=again) == game
    assert again == first
    assert play_game(variant, bot_named(bot), 30, 1, years, rules) == game  # the record changes nothing
    if bot == "greedy":  # it gives only orders the engine takes: none illegal, none void
        assert not [line for line in first if '"status": "invalid"' in line]
