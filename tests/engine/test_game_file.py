"""Game files are read strictly: every key known, every type right, every result what the
engine gives, and a long game still opens in a moment."""

import json

import pytest

from diplodesk.engine.game import Game, GameFileError, variant_digest
from diplodesk.variants import load_variant

SPRING = {
    "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
    "France": ["A par - bur", "A mar - spa", "F bre - mao"],
    "Russia": ["A war - gal", "F sev - bla"],
    "Turkey": ["F ank - bla"],
}


@pytest.fixture(scope="module")
def played() -> dict:
    game = Game.new(load_variant("standard"))
    for power, orders in SPRING.items():
        game.set_orders(power, orders)
    game.process()
    game.set_orders("France", ["A spa - por", "F mao - spa/nc"])
    game.process()
    return game.to_json()


def load(data, tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    return Game.load(path)


def refused(data, tmp_path, *words):
    with pytest.raises(GameFileError) as e:
        load(data, tmp_path)
    message = str(e.value)
    assert str(tmp_path / "g.json") in message
    for w in words:
        assert w in message, message
    return message


def copy(d):
    return json.loads(json.dumps(d))


def test_a_played_game_loads(played, tmp_path):
    game = load(played, tmp_path)
    assert game.to_json() == played


def test_a_renamed_key_is_an_error_not_missing_data(played, tmp_path):
    d = copy(played)
    pos = d["history"][1]["position"]
    pos["ujits"] = pos.pop("units")
    refused(d, tmp_path, "history[1].position", "unknown field 'ujits'", "units")


def test_wrong_types_name_the_path_and_the_expectation(played, tmp_path):
    d = copy(played)
    d["history"][0]["position"]["units"][3]["at"] = 7
    refused(d, tmp_path, "history[0].position.units[3].at", "expected `str`, got `int`")
    d = copy(played)
    d["current"]["centers"]["France"] = ["bre", 3]
    refused(d, tmp_path, "current.centers.France[1]", "expected `str`")


def test_format_true_is_refused(played, tmp_path):
    d = copy(played)
    d["format"] = True
    refused(d, tmp_path, "format")


def test_a_winner_must_be_the_one_the_last_result_names(played, tmp_path):
    d = copy(played)
    d["winner"] = "Narnia"
    refused(d, tmp_path, "winner", "Narnia")
    d["winner"] = "France"
    refused(d, tmp_path, "winner")
    d["winner"] = {"who": "France"}
    refused(d, tmp_path, "winner")


def test_a_changed_result_cannot_stand(played, tmp_path):
    d = copy(played)
    entry = next(o for o in d["history"][0]["result"]["orders"] if o["order"] == "F sev - bla")
    entry["status"] = "succeeds"
    refused(d, tmp_path, "history[0].result", "succeeds", "fails")
    d = copy(played)
    d["history"][0]["result"]["next"]["centers"]["France"].append("bel")
    refused(d, tmp_path, "history[0].result.next.centers")


def test_a_changed_variant_copy_is_refused(played, tmp_path):
    d = copy(played)
    d["variant"]["data"]["adjacency"]["army"].append("lon mos")  # London next to Moscow
    refused(d, tmp_path, "variant.data", "sha256")
    d["variant"]["data"]["adjacency"]["army"].pop()
    assert load(d, tmp_path).to_json() == played


def test_a_hand_made_file_without_a_digest_is_read(played, tmp_path):
    d = copy(played)
    del d["variant"]["sha256"]
    assert load(d, tmp_path).history[0].result == played["history"][0]["result"]
    assert variant_digest(d["variant"]["data"]) == played["variant"]["sha256"]


def test_positions_are_of_the_game_variant(played, tmp_path):
    d = copy(played)
    d["history"][1]["position"]["variant"] = "loeb9"
    refused(d, tmp_path, "history[1].position.variant", "loeb9")


def test_a_bad_position_in_the_history_names_its_place(played, tmp_path):
    d = copy(played)
    d["history"][1]["position"]["units"][0]["at"] = "atlantis"
    refused(d, tmp_path, "history[1].position.units[0].at", "atlantis")


@pytest.mark.parametrize("text", ['{"format": 1e999}', '{"format": ' + "9" * 5000 + "}",
                                  "[" * 100_000, '{"format": 1, "variant": []}'])
def test_odd_json_is_a_game_file_error(tmp_path, text):
    path = tmp_path / "g.json"
    path.write_text(text)
    with pytest.raises(GameFileError):
        Game.load(path)


def test_a_2000_phase_game_opens_whole(tmp_path):
    """A thousand years of play load back phase for phase (how fast: bench/bench_game_file.py;
    a timed assertion here failed whenever the machine was busy)."""
    game = Game.new(load_variant("standard"))
    for _ in range(2000):  # everyone holds: a spring and a fall a year, 1000 years
        game.process()
    path = tmp_path / "long.json"
    game.save(path)
    again = Game.load(path)
    assert len(again.history) == 2000
    assert again.history[-1].position == game.history[-1].position


def test_a_result_an_earlier_engine_gave_stands_with_a_notice_and_todays_must_match(tmp_path):
    """A game saved before an engine change keeps the results its players were sent; a
    result that today's engine revision recorded and that differs is damage."""
    from diplodesk.engine.process import REVISION

    game = Game.new(load_variant("standard"))
    game.set_orders("England", ["F lon - nth"])
    game.process()
    data = game.to_json()
    assert data["engine_revision"] == REVISION
    entry = next(o for o in data["history"][0]["result"]["orders"] if o["text"] == "F lon - nth")
    entry["status"] = "fails"
    with pytest.raises(GameFileError, match=r"history\[0\]\.result\.orders"):
        Game.from_json(json.loads(json.dumps(data)))
    older = json.loads(json.dumps(data))
    del older["engine_revision"]  # files from before the revision was recorded: revision 1
    loaded = Game.from_json(older)
    assert len(loaded.notices) == 1 and "S1901M was adjudicated by engine revision 1" in loaded.notices[0]
    assert loaded.history[0].result == older["history"][0]["result"]
    # saved again, the old record keeps its revision: still a notice, not an error
    again = Game.from_json(json.loads(json.dumps(loaded.to_json())))
    assert again.history[0].revision == 1 and len(again.notices) == 1


def test_a_game_whose_powers_were_dealt_with_a_seed_opens_again():
    from dataclasses import replace

    game = Game.new(load_variant("woolworth2a"))
    game.current = replace(game.current, extra={
        "players": {"ann": {"public": "England", "secret": "Spain"}},
        "assignment": {"seed": 3, "preferences": {"ann": ["England"]}}})
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.current.extra["assignment"] == {"seed": 3, "preferences": {"ann": ["England"]}}
