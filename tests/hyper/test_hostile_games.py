"""A Hypereconomic game file's what-ifs are checked by a schema of their own, and no game's
free data may nest deeper than the writer can write (issue 29, class 7): every damage is a
GameFileError naming its place, never a KeyError, TypeError or AttributeError, and never
a file that loads and then cannot be saved."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from diplodesk.engine.game import Game, GameFileError, variant_digest
from diplodesk.engine.schemas import MAX_FREE_DEPTH
from diplodesk.variants import load_variant

from .conftest import MINI


def _played() -> dict:
    game = Game.new(load_variant(str(MINI)))
    game.process()
    return json.loads(json.dumps(game.to_json()))


GAME = _played()
BRANCH = {"name": "what if", "fork": 1, "current": GAME["current"], "history": [], "winner": None}


def refused(data, where: str, what: str = "") -> str:
    with pytest.raises(GameFileError) as e:
        Game.from_json(data, "g.json")
    message = str(e.value)
    assert message.startswith(f"g.json: {where}") and what in message and "\n" not in message, message
    return message


def test_a_good_what_if_loads():
    assert Game.from_json(GAME | {"branches": [BRANCH]}, "g.json").branches[0].name == "what if"


@pytest.mark.parametrize("change, where, what", [
    (lambda b: b.pop("fork"), "branches[0]", "missing required field `fork`"),
    (lambda b: b.__setitem__("fork", "x"), "branches[0].fork", "expected `int`"),
    (lambda b: b.__setitem__("colour", "red"), "branches[0]", "unknown field 'colour'"),
    (lambda b: b.__setitem__("current", []), "branches[0].current", "expected `object`"),
    (lambda b: b.__setitem__("history", [{"position": 1}]), "branches[0].history[0].position", "expected `object`"),
    (lambda b: b.__setitem__("name", ""), "branches[0].name", "length >= 1"),
    (lambda b: b.__setitem__("fork", 7), "branches[0].fork", "is not one of the game's phases"),
])
def test_a_damaged_what_if_is_refused_by_name(change, where, what):
    branch = copy.deepcopy(BRANCH)
    change(branch)
    refused(GAME | {"branches": [branch]}, where, what)


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**6), st.text(max_size=8),
                 st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(["name", "fork", "current", "history", "winner", "extra"]), JUNK, st.booleans())
def test_a_what_if_mangled_at_random_is_a_game_file_error_or_loads(key, junk, delete):
    branch = copy.deepcopy(BRANCH)
    if delete:
        branch.pop(key, None)
    else:
        branch[key] = junk
    try:
        Game.from_json(GAME | {"branches": [branch]}, "g.json")
    except GameFileError as e:
        assert "\n" not in str(e)


def _deep(n: int):
    return json.loads("[" * n + "]" * n)


def test_a_standard_game_whose_variant_data_nests_600_deep_is_refused_at_load(tmp_path):
    game = Game.new(load_variant("standard"))
    game.process()
    data = json.loads(json.dumps(game.to_json()))
    data["variant"]["data"]["table_files"] = {"x.toml": {"a": _deep(600)}}
    data["variant"]["sha256"] = variant_digest(data["variant"]["data"])
    refused(data, "variant.data.table_files", f"nested more than {MAX_FREE_DEPTH} deep")
    data["variant"]["data"]["table_files"] = {"x.toml": {"a": _deep(MAX_FREE_DEPTH - 3)}}
    data["variant"]["sha256"] = variant_digest(data["variant"]["data"])
    again = Game.from_json(data, "g.json")
    again.save(tmp_path / "g.json")  # what loads is saved again
    assert Game.load(tmp_path / "g.json").to_json() == again.to_json()


@pytest.mark.parametrize("where, put", [
    ("settings", lambda d: d.__setitem__("settings", {"x": _deep(600)})),
    ("current", lambda d: d["current"]["economy"]["players"][0].__setitem__("name", _deep(40))),
    ("current.economy.players[0].name", lambda d: d["current"]["economy"]["players"][0].__setitem__("name", [[1]])),
    ("current.economy.players[0].name", lambda d: d["current"]["economy"]["players"][0].__setitem__("name", "a\nb")),
    ("current.economy.players[0].joint_victory",
     lambda d: d["current"]["economy"]["players"][0].__setitem__("joint_victory", ["x"])),
])
def test_free_data_a_hyper_game_keeps_is_bounded(where, put):
    data = copy.deepcopy(GAME)
    put(data)
    refused(data, where)


@pytest.mark.parametrize("damage, said", [(lambda r: r.pop("orders"), "missing (adjudicating the phase gives"),
                                          (lambda r: r.__setitem__("orders", 7), "7 is not what adjudicating"),
                                          (lambda r: r.__setitem__("orders", "x" * 100_000), "'xxx")])
@pytest.mark.parametrize("where", ["history[0]", "branches[0].history[0]"])
def test_a_season_record_without_its_orders_is_refused_by_name(damage, said, where):
    # a season's result is free data: without its orders it was a KeyError, with a number a
    # TypeError, and a long text was quoted whole
    data = copy.deepcopy(GAME | {"branches": [copy.deepcopy(BRANCH) | {"history": copy.deepcopy(GAME["history"])}]})
    record = data["history"][0] if where == "history[0]" else data["branches"][0]["history"][0]
    damage(record["result"])
    message = refused(data, where if where == "history[0]" else "branches[0]")
    assert f"result.orders: {said}" in message and "the record was changed or damaged" in message
    assert len(message) < 500
