"""The GM changes a table with notice (IX.6): the old value before the date, the new from it on."""

import json
from pathlib import Path

import pytest

from diplodesk.engine import load_variant
from diplodesk.engine.game import Game, GameFileError
from diplodesk.engine.position import PositionError
from diplodesk.engine.rule_changes import RuleChange, RuleChangeError
from diplodesk.engine.tables import TableError

MINI = Path(__file__).resolve().parents[2] / "examples" / "hyper-mini"
T1 = "tables/t01-build-costs.toml"


def gold_paid_for_trs(game: Game) -> int:
    result = game.history[-1].result
    return sum(e["amount"] for e in result["ledger"]
               if e["account"] == "fra" and e["factor"] == "gold" and e.get("cell") == "T1 Tr")


def build_two_trs(game: Game) -> int:
    game.set_orders("fra", ["bu 2 Trs"])
    game.process()
    return gold_paid_for_trs(game)


@pytest.fixture
def game() -> Game:
    return Game.new(load_variant(str(MINI)))


def dearer_trs(from_season: str) -> RuleChange:
    """A Tr costs $1 instead of $1/2."""
    return RuleChange(from_season, T1, ((("item", "Tr", "gold"), 1),), made_in="W1914M", note="test")


def test_a_season_before_the_date_pays_the_old_price_and_one_from_the_date_the_new(game):
    game.change_rules(dearer_trs("S1915"))
    assert build_two_trs(game) == -1  # W1914: 2 x $1/2
    assert build_two_trs(game) == -2  # S1915: 2 x $1


def test_a_change_from_the_current_season_applies_at_once(game):
    game.change_rules(dearer_trs("W1914"))
    assert build_two_trs(game) == -2


def test_a_change_dated_before_the_current_season_is_refused(game):
    game.process()
    with pytest.raises(RuleChangeError, match="before the current season S1915M"):
        game.change_rules(dearer_trs("W1914"))
    assert not game.variant.data.get("rule_changes")


def test_a_change_the_tables_cannot_take_is_refused_naming_the_field(game):
    bad = RuleChange("S1915", T1, ((("item", "Tr", "gold"), -1),))
    with pytest.raises(TableError, match="row Tr, field cost.gold"):
        game.change_rules(bad)
    assert not game.variant.data.get("rule_changes")


def test_the_change_is_kept_in_the_game_file_and_the_reopened_game_plays_the_same(game, tmp_path):
    game.change_rules(dearer_trs("S1915"))
    build_two_trs(game)
    game.save(tmp_path / "g.json")
    saved = json.loads((tmp_path / "g.json").read_text())
    record = saved["variant"]["data"]["rule_changes"]
    assert record == [{"effective_from": "S1915", "file": T1, "made_in": "W1914M", "note": "test",
                       "cells": [{"path": ["item", "Tr", "gold"], "value": 1}]}]
    again = Game.load(tmp_path / "g.json")  # the W1914 record still checks against the old price
    assert build_two_trs(again) == -2


def test_a_game_file_without_rule_changes_still_opens(game, tmp_path):
    build_two_trs(game)
    game.save(tmp_path / "g.json")
    assert "rule_changes" not in json.loads((tmp_path / "g.json").read_text())["variant"]["data"]
    assert Game.load(tmp_path / "g.json").phases == game.phases


def test_a_rule_change_naming_no_table_file_is_refused(game):
    with pytest.raises(RuleChangeError, match="no table file 'tables/nope.toml'"):
        game.change_rules(RuleChange("S1915", "tables/nope.toml", ((("x",), 1),)))


def test_a_season_no_calendar_reaches_is_refused(game):
    with pytest.raises(RuleChangeError, match="more than 500 years"):
        game.change_rules(dearer_trs("S99999"))
    with pytest.raises(RuleChangeError, match="'spring' is not a season"):
        game.change_rules(dearer_trs("spring"))


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(cells=[{"path": [], "value": 1}]), "cells[0].path"),
    (lambda r: r.update(cells=[{"path": ["item", 3, "gold"], "value": 1}]), "a path that is not in"),
    (lambda r: r.update(cells=[{"path": ["item", "Tr", "gold"], "value": "lots"}]), "field cost.gold"),
    (lambda r: r.update(file="tables/none.toml"), "no table file 'tables/none.toml'"),
    (lambda r: r.update(effective_from="X1915"), "X1915"),
])
def test_a_hand_edited_rule_change_gives_a_one_line_error(game, tmp_path, change, message):
    game.change_rules(dearer_trs("W1914"))
    data = game.to_json()
    change(data["variant"]["data"]["rule_changes"][0])
    data["variant"].pop("sha256")
    with pytest.raises(GameFileError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Game.from_json(data, "g.json")


def test_a_position_of_a_season_the_calendar_lacks_is_named_as_such_with_rule_changes_too(game):
    game.change_rules(dearer_trs("S1915"))
    data = game.current.to_json() | {"phase": "X1915M"}
    with pytest.raises(PositionError, match="phase"):
        game.load_position(data)


def test_a_hand_edited_change_dated_later_is_refused_when_the_game_opens_not_when_its_season_comes(game):
    game.change_rules(dearer_trs("U1915"))  # two seasons ahead
    data = game.to_json()
    data["variant"]["data"]["rule_changes"][0]["cells"][0]["value"] = "lots"
    data["variant"].pop("sha256")
    with pytest.raises(GameFileError, match="rule_changes"):
        Game.from_json(data, "g.json")


def test_a_season_written_loosely_is_kept_as_the_engine_writes_it_with_when_it_was_made(game):
    game.change_rules(dearer_trs(" s1915 "))
    [kept] = game.variant.data["rule_changes"]
    assert kept["effective_from"] == "S1915" and kept["made_in"] == "W1914M"
