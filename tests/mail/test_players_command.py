"""``diplodesk mail players``: the players of any game from the command line, and one resolver
for the names of powers and nations everywhere (issue 26, item 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mailhelp import blind_game

from diplodesk.cli import main
from diplodesk.engine import load_variant
from diplodesk.engine.game import Game
from diplodesk.engine.giver_names import UnknownName, giver_named, order_givers

MINI = str(Path(__file__).resolve().parents[2] / "examples" / "hyper-mini")


def _standard(tmp_path) -> Path:
    game = blind_game()
    game.players = []
    game.save(tmp_path / "g.json")
    return tmp_path / "g.json"


def _hyper(tmp_path) -> Path:
    game = Game.new(load_variant(MINI))
    game.settings["variant_folder"] = MINI
    game.save(tmp_path / "h.json")
    assert main(["game", "control", str(tmp_path / "h.json"), "sui", "p04,p05", "--new-player"]) == 0
    return tmp_path / "h.json"


def _players(path: Path) -> list[dict]:
    return json.loads(path.read_text()).get("players", [])


def test_players_are_added_changed_listed_and_removed_by_any_name_of_their_powers(tmp_path, capsys):
    path = _standard(tmp_path)
    assert main(["mail", "players", str(path), "add", "Anna", "anna@players.example", "Aus"]) == 0
    assert main(["mail", "players", str(path), "add", "Ed", "ed@players.example", "english,fra"]) == 0
    assert [p["powers"] for p in _players(path)] == [["Austria"], ["England", "France"]]
    assert main(["mail", "players", str(path), "set", "ED@players.example", "--remove-power", "France",
                 "--add-power", "Germ", "--name", "Edward", "--note", "away in June"]) == 0
    assert main(["mail", "players", str(path), "set", "anna", "--email", "anna@home.example"]) == 0
    capsys.readouterr()
    assert main(["mail", "players", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["Anna", "anna@home.example", "Austria"]
    assert out[1].split() == ["Edward", "ed@players.example", "England,", "Germany", "—", "away", "in", "June"]
    assert out[2] == "no player with an address yet for: France, Italy, Russia, Turkey"
    assert main(["mail", "players", str(path), "remove", "Edward"]) == 0
    assert [p["name"] for p in _players(path)] == ["Anna"]
    assert Path(str(path) + ".bak").exists()  # saved as the app saves


@pytest.mark.parametrize("args, said", [
    (["add", "Bob", "bob@x.org", "Narnia"], "unknown power 'Narnia'"),
    (["add", "Bob", "bob-at-home", "France"], "email: 'bob-at-home' is not an e-mail address"),
    (["add", "Bob\r\nBcc: eve@evil.example", "bob@x.org"], "name: a control character (\\r) is not allowed"),
    (["add", "Anna", "other@x.org"], "name: 'Anna' is already a player's"),
    (["add", "Bob", "ANNA@players.example"], "is also players[0]'s; one address, one player"),
    (["add", "Bob", "bob@x.org", "Fra", "France"], "'France': France is named twice"),
    (["remove", "Zed"], "'Zed' is no player of this game (players: Anna)"),
    (["set", "Anna", "--remove-power", "Italy"], "Anna does not play Italy (plays: Austria)"),
])
def test_a_change_that_cannot_be_made_is_one_line_and_nothing_is_saved(tmp_path, capsys, args, said):
    path = _standard(tmp_path)
    assert main(["mail", "players", str(path), "add", "Anna", "anna@players.example", "Austria"]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["mail", "players", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err, err
    assert path.read_bytes() == before


def test_a_hypereconomic_player_plays_a_game_player_named_by_id_name_or_nation(tmp_path, capsys):
    path = _hyper(tmp_path)
    assert main(["mail", "players", str(path), "add", "Anne", "anne@example.org", "France"]) == 0
    assert main(["mail", "players", str(path), "add", "Ben", "ben@example.org", "Player 2"]) == 0
    assert main(["mail", "players", str(path), "add", "Cleo", "cleo@example.org", "ital"]) == 0
    assert [p["powers"] for p in _players(path)] == [["p01"], ["p02"], ["p03"]]
    capsys.readouterr()
    assert main(["mail", "players", str(path), "add", "Zoe", "zoe@example.org", "Switzerland"]) == 2
    assert "'Switzerland': sui is played by p04 and p05; name the player (p04 and p05)" in capsys.readouterr().err
    assert main(["mail", "players", str(path), "add", "Zoe", "zoe@example.org", "p04"]) == 0
    out = capsys.readouterr().out
    assert "Ben   ben@example.org   p02 (mor, spa)" in out
    assert out.rstrip().endswith("no player with an address yet for: p05")
    assert Game.load(path).players[1]["powers"] == ["p02"]  # the game file takes a player's id


def test_every_command_names_a_power_or_nation_the_same_way(tmp_path, capsys):
    std = blind_game()
    for name in ("England", "english", "ENG", "Engl"):
        assert giver_named(std.current, name) == "England"
    with pytest.raises(UnknownName, match="unknown power 'E'"):  # too short to be anyone's
        giver_named(std.current, "E")
    hyper = Game.load(_hyper(tmp_path))
    assert {order_givers(hyper.current)[k] for k in ("fra", "france", "fran")} == {"fra"}
    path = tmp_path / "std.json"
    std.save(path)
    (tmp_path / "orders.txt").write_text("F Lon - Nth\n")
    assert main(["game", "orders", str(path), "Eng", str(tmp_path / "orders.txt")]) == 0
    (tmp_path / "hyper-orders.txt").write_text("co A\n")  # game orders checks each line now
    assert main(["game", "orders", str(tmp_path / "h.json"), "Fran", str(tmp_path / "hyper-orders.txt")]) == 0
    assert main(["game", "play", str(path)]) == 0
    capsys.readouterr()
    assert main(["report", str(path), "--power", "English"]) == 0
    assert "adjudication for England" in capsys.readouterr().out
    assert main(["game", "play", str(tmp_path / "h.json")]) == 0
    capsys.readouterr()
    assert main(["report", str(tmp_path / "h.json"), "--power", "Player 1", "--phase", "W1914M"]) == 0
    assert capsys.readouterr().out.startswith("Player p01 — Winter 1914\nNations: France (Fran)")


def test_naming_a_nation_someone_else_plays_says_that_both_get_all_its_player_s_papers(tmp_path, capsys):
    """A GM who meant to share Morocco alone is pointed at ``game control`` (I.4)."""
    path = _hyper(tmp_path)
    assert main(["mail", "players", str(path), "add", "Anne", "anne@example.org", "p01"]) == 0
    assert main(["mail", "players", str(path), "add", "Ben", "ben@example.org", "p02"]) == 0
    assert "note:" not in capsys.readouterr().out
    assert main(["mail", "players", str(path), "set", "anne", "--add-power", "Morocco"]) == 0
    note = capsys.readouterr().out.splitlines()[-1]
    assert note == (f"note: Anne and Ben each play p02 and get all its papers (mor, spa); to share one nation "
                    f"instead: diplodesk game control {path} NATION PLAYER,PLAYER")
