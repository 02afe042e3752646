"""Games: processing phases, rolling back, and files that survive crashes and new versions."""

import json

import pytest

from diplodesk.engine.game import FORMAT, Game, GameFileError
from diplodesk.variants import load_variant

SPRING = {
    "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
    "France": ["A par - bur", "A mar - spa", "F bre - mao"],
    "Germany": ["A mun - ruh", "A ber - kie", "F kie - den"],
    "Russia": ["A war - gal", "A mos - ukr", "F sev - bla", "F stp/sc - bot"],
    "Turkey": ["A con - bul", "A smy - con", "F ank - bla"],
}


def test_play_a_year_and_reload(tmp_path):
    game = Game.new(load_variant("standard"))
    for power, orders in SPRING.items():
        game.set_orders(power, orders)
    game.process()
    assert str(game.current.phase) == "F1901M"
    assert game.current.units["bur"].power == "France"
    assert "bla" not in game.current.units  # Russia and Turkey bounced
    game.set_orders("France", ["A spa - por", "F mao - spa/nc"])
    game.set_orders("Germany", ["F den - swe", "A kie - hol"])
    game.process()
    assert str(game.current.phase) == "W1901A"
    assert game.current.centers["por"] == "France"
    path = tmp_path / "game.json"
    game.save(path)
    again = Game.load(path)
    assert again.to_json() == game.to_json()
    assert again.phases == ["S1901M", "F1901M", "W1901A"]


def test_rollback_restores_phase_and_orders():
    game = Game.new(load_variant("standard"))
    game.set_orders("France", ["A par - bur"])
    game.process()
    game.process()
    game.rollback(0)
    assert str(game.current.phase) == "S1901M"
    assert game.current.orders["France"] == ("A par - bur",)
    assert game.history == []


def test_save_keeps_previous_file_as_bak(tmp_path):
    path = tmp_path / "g.json"
    game = Game.new(load_variant("standard"))
    game.save(path)
    game.process()
    game.save(path)
    assert json.loads((tmp_path / "g.json.bak").read_text())["current"]["phase"] == "S1901M"
    assert json.loads(path.read_text())["current"]["phase"] == "F1901M"
    assert not list(tmp_path.glob(".*.tmp"))


def test_game_keeps_its_own_copy_of_the_variant(tmp_path):
    game = Game.new(load_variant("standard"))
    data = game.to_json()
    assert data["variant"]["data"]["provinces"]["lon"]["name"] == "London"


def test_future_format_is_refused(tmp_path):
    path = tmp_path / "new.json"
    data = Game.new(load_variant("standard")).to_json()
    data["format"] = FORMAT + 1
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError, match="newer diplodesk"):
        Game.load(path)


@pytest.mark.parametrize("content, message", [
    ("not json", "not JSON"),
    ('{"hello": 1}', "not a diplodesk game file"),
    ('{"format": 1, "variant": {}}', "variant"),
])
def test_bad_files(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(GameFileError, match=message):
        Game.load(path)


def test_missing_file(tmp_path):
    with pytest.raises(GameFileError, match="no such file"):
        Game.load(tmp_path / "nope.json")


def test_a_position_read_from_json_has_every_field():
    # the reader builds Position without its __init__ (speed): a new field must be set there too
    from dataclasses import fields

    from diplodesk.engine import load_position

    pos = load_position({"variant": "standard", "phase": "S1901M",
                         "units": [{"power": "France", "type": "A", "at": "par"}]})
    assert {f.name for f in fields(pos)} <= set(vars(pos))
    assert pos == pos.evolve()
