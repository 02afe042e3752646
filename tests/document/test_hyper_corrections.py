"""The GM answers a question, rolls real dice, changes a table with notice; undo takes it back."""

from pathlib import Path

import pytest

from diplodesk.document.hyper_desk import (
    DeskError,
    answer_command,
    cell_changes,
    dice_command,
    game_tables,
    next_season,
    questions,
    rolls,
    rule_change_command,
)
from diplodesk.engine import load_variant
from diplodesk.engine.game import Game

MINI = Path(__file__).resolve().parents[2] / "examples" / "hyper-mini"
TUNNEL = "sa dig a tunnel under the Pyrenees"


@pytest.fixture
def game() -> Game:
    return Game.new(load_variant(str(MINI)))


def test_an_answer_is_stored_and_the_season_adjudicated_again_with_it(game):
    game.set_orders("fra", [TUNNEL])
    game.process()
    [q] = questions(game)
    assert (q["default"], q["answered"]) == ("reject", False)
    command = answer_command(game, q["id"], "accept")
    command.redo()
    assert game.history[-1].position["decisions"] == {q["id"]: "accept"}
    assert questions(game)[0]["answered"] and game.history[-1].result["final"]
    command.undo()
    assert not questions(game)[0]["answered"]


def test_an_answer_that_is_no_option_is_refused(game):
    game.set_orders("fra", [TUNNEL])
    game.process()
    with pytest.raises(DeskError, match="'maybe' is not one of accept, reject"):
        answer_command(game, questions(game)[0]["id"], "maybe")


def test_real_dice_replace_a_roll_and_are_marked_manual(game):
    game.set_orders("fra", ["co A1"])
    game.process()
    [roll] = [r for r in rolls(game) if r["subject"] == "fra/A1"]
    assert roll["cell"].startswith("T9 level 0, total")
    command = dice_command(game, roll["key"], [6, 6])
    command.redo()
    [roll] = [r for r in rolls(game) if r["subject"] == "fra/A1"]
    assert (roll["faces"], roll["manual"], roll["cell"]) == ([6, 6], True, "T9 level 0, total 12")
    assert game.history[-1].position["rng"]["overrides"] == {roll["key"]: [6, 6]}
    command.undo()
    assert not [r for r in rolls(game) if r["manual"]]


def test_faces_a_die_cannot_show_are_refused(game):
    game.set_orders("fra", ["co A1"])
    game.process()
    key = rolls(game)[0]["key"]
    with pytest.raises(DeskError, match="expected 2 dice of 1 to 6, got 7 1"):
        dice_command(game, key, [7, 1])


def test_a_mid_game_table_edit_records_a_dated_rule_change(game):
    tables = game_tables(game)
    t1 = tables.find("T1")
    assert next_season(game) == "S1915"
    command = rule_change_command(game, tables, t1.name, {("item", "Tr", "gold"): 1}, "S1915", "notice given")
    command.redo()
    [record] = game.variant.data["rule_changes"]
    assert (record["effective_from"], record["made_in"], record["note"]) == ("S1915", "W1914M", "notice given")
    assert t1.data["item"]["Tr"]["gold"] == 1
    assert cell_changes(game, t1.name) == {("item", "Tr", "gold"): ("S1915", 1)}
    command.undo()
    assert not game.variant.data.get("rule_changes") and t1.data["item"]["Tr"]["gold"] == 0.5


def test_a_rule_change_dated_before_the_current_season_is_refused(game):
    game.process()
    tables = game_tables(game)
    with pytest.raises(DeskError, match="W1914M is before the current season S1915M"):
        rule_change_command(game, tables, tables.find("T1").name, {("item", "Tr", "gold"): 1}, "W1914")


def test_an_answer_keeps_the_orders_already_typed_for_the_season_ahead(game):
    game.set_orders("fra", ["sa dig a tunnel under the Pyrenees"])
    game.process()
    game.set_orders("fra", ["co A"])
    [q] = questions(game)
    command = answer_command(game, q["id"], "accept")
    command.redo()
    assert dict(game.current.orders) == {"fra": ("co A",)}
    command.undo()
    assert dict(game.current.orders) == {"fra": ("co A",)}
