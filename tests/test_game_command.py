"""``diplodesk game``: a game kept from the command line, season after season."""

from __future__ import annotations

import json
from pathlib import Path

from diplodesk.cli import main

MINI = str(Path(__file__).resolve().parents[1] / "examples" / "hyper-mini")


def test_a_hypereconomic_game_is_started_ordered_played_and_reported(tmp_path, capsys, monkeypatch):
    game = tmp_path / "hyper.json"
    assert main(["game", "new", MINI, "-o", str(game)]) == 0
    orders = tmp_path / "france.txt"
    orders.write_text("bu Y Pari\nbu 2 Trs\n")
    assert main(["game", "orders", str(game), "France", str(orders)]) == 0
    assert main(["game", "play", str(game)]) == 0
    out = capsys.readouterr().out
    assert "W1914M adjudicated; now S1915M" in out and "provisional values in use" in out
    data = json.loads(game.read_text())
    assert [h["position"]["phase"] for h in data["history"]] == ["W1914M"]
    assert data["current"]["economy"]["installations"][0]["at"] == "pari"
    assert main(["report", str(game), "--power", "fra", "--phase", "W1914M"]) == 0
    assert capsys.readouterr().out.startswith("France (Fran) — Winter 1914")
    assert (tmp_path / "hyper.json.bak").exists()  # saved as the app saves


def test_a_standard_game_with_orders_from_standard_input(tmp_path, capsys, monkeypatch):
    import io

    game = tmp_path / "blind.json"
    assert main(["game", "new", "standard", "-o", str(game), "--rules", "blind"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("A vie - gal\nA bud - ser\n"))
    assert main(["game", "orders", str(game), "austria"]) == 0
    assert main(["game", "status", str(game)]) == 0
    assert "Austria: 2 orders" in capsys.readouterr().out
    assert main(["game", "play", str(game)]) == 0
    assert json.loads(game.read_text())["current"]["phase"] == "F1901M"


def test_bad_input_is_one_line(tmp_path, capsys):
    game = tmp_path / "g.json"
    assert main(["game", "new", "standard", "-o", str(game)]) == 0
    assert main(["game", "new", "standard", "-o", str(game)]) == 2
    assert "exists (--force replaces it)" in capsys.readouterr().err
    assert main(["game", "orders", str(game), "Atlantis", str(game)]) == 2
    assert "'Atlantis' gives no orders in this game" in capsys.readouterr().err
    assert main(["game", "play", str(tmp_path / "none.json")]) == 2
    assert main(["game", "new", "no-such-variant", "-o", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err


def test_order_lines_are_checked_against_the_board_as_they_are_entered(tmp_path, capsys):
    """No order, no such unit, not the power's unit: named, nothing saved, exit 2. An
    impossible move is the player's to give: it fails when the phase is played."""
    game = tmp_path / "g.json"
    assert main(["game", "new", "standard", "-o", str(game)]) == 0
    before = game.read_bytes()
    orders = tmp_path / "england.txt"
    orders.write_text("F xyz - abc\nA nth H\nF lon - nth\nA par - bur\nA lvp - par\n")
    capsys.readouterr()
    assert main(["game", "orders", str(game), "England", str(orders)]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        f"{orders} line 1: 'F xyz - abc': unparsable: expected a unit's province but found 'xyz', "
        "which is no place or order word (at column 3)",
        f"{orders} line 2: 'A nth H': no such unit: there is no unit in nth",
        f"{orders} line 4: 'A par - bur': not your unit: the unit in par belongs to France"]
    assert err.count("\n") == 1 and "3 of 5 lines refused, nothing saved" in err
    assert game.read_bytes() == before
    orders.write_text("F lon - nth\nA lvp - par\n")  # the impossible move stands, to fail in play
    assert main(["game", "orders", str(game), "England", str(orders)]) == 0
    assert json.loads(game.read_text())["current"]["orders"]["England"] == ["F lon - nth", "A lvp - par"]


def test_hypereconomic_order_lines_are_checked_too(tmp_path, capsys):
    game = tmp_path / "h.json"
    assert main(["game", "new", MINI, "-o", str(game)]) == 0
    before = game.read_bytes()
    capsys.readouterr()
    orders = tmp_path / "france.txt"
    orders.write_text("12D Gaso ho\nbu Y Pari\nhello there\n")
    assert main(["game", "orders", str(game), "France", str(orders)]) == 2
    out, err = capsys.readouterr()
    assert [line.split(": ")[1] for line in out.splitlines()] == ["'12D Gaso ho'", "'hello there'"]
    assert "line 1: '12D Gaso ho': no such unit" in out and "2 of 3 lines refused, nothing saved" in err
    assert game.read_bytes() == before


def test_orders_are_read_within_bounds_never_from_a_fifo_or_device(tmp_path, capsys, monkeypatch):
    import io
    import os

    game = tmp_path / "g.json"
    assert main(["game", "new", "standard", "-o", str(game)]) == 0
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # nobody writes to it: reading would block forever
    for source in (fifo, Path("/dev/zero")):
        capsys.readouterr()
        assert main(["game", "orders", str(game), "England", str(source)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not a regular file" in err
    big = tmp_path / "big.txt"
    big.write_bytes(b"A lon H\n" * 200_000)
    assert main(["game", "orders", str(game), "England", str(big)]) == 2
    assert "allowed" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\0" * (2 << 20))))
    assert main(["game", "orders", str(game), "England"]) == 2
    assert "standard input: more than the 1024 KiB of orders allowed" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe A lon H\n")))
    assert main(["game", "orders", str(game), "England"]) == 2
    assert "standard input: not UTF-8 text" in capsys.readouterr().err


def test_a_refused_line_is_quoted_by_its_start(tmp_path, capsys):
    # an order padded with 150,000 spaces was printed whole, once a line on standard output
    game = tmp_path / "h.json"
    assert main(["game", "new", MINI, "-o", str(game)]) == 0
    capsys.readouterr()
    orders = tmp_path / "france.txt"
    orders.write_text("pw $1 Gaso if Spain" + " " * 150_000 + "x\n")
    assert main(["game", "orders", str(game), "France", str(orders)]) == 2
    out, err = capsys.readouterr()
    assert "france.txt line 1: 'pw $1 Gaso if Spain   " in out and len(out) < 400, out[:400]
    assert "longer than an order line may be (1000)" in out and len(err) < 500


def test_a_nation_is_made_jointly_played_from_the_command_line_and_its_orders_need_both_signatures(
        tmp_path, capsys):
    """I.4 and IX.4: ``game control`` names a nation's players from the current season on; a
    new player joins only when the GM says so; the seasons played keep who played them."""
    game = tmp_path / "hyper.json"
    assert main(["game", "new", MINI, "-o", str(game)]) == 0
    assert main(["game", "play", str(game)]) == 0
    capsys.readouterr()
    assert main(["game", "control", str(game), "Switzerland"]) == 0
    assert capsys.readouterr().out == "Switzerland (sui) is played by p04\n"
    assert main(["game", "control", str(game), "sui", "p04,p05"]) == 2
    err = capsys.readouterr().err
    assert "'p05' is no player of this game (players: p01, p02, p03, p04); to add a new player" in err
    assert len(err.strip().splitlines()) == 1
    assert main(["game", "control", str(game), "sui", "p05", "p04", "--new-player"]) == 0
    assert capsys.readouterr().out.startswith(f"{game}: from S1915M on, Switzerland (sui) is played jointly "
                                              "by p04 and p05: its orders need the signature of each")
    data = json.loads(game.read_text())
    assert data["current"]["economy"]["nations"]["sui"]["controllers"] == ["p04", "p05"]  # the old first
    assert {"id": "p05"} in data["current"]["economy"]["players"]
    assert data["history"][0]["position"]["economy"]["nations"]["sui"]["controllers"] == ["p04"]
    for args, said in ((["sui", "p04", "p04"], "p04 is named twice"), (["sui", "p05", "p04"], "already played by p04 and p05"),
                       (["xyz", "p01"], "unknown nation 'xyz'"), (["mor", "Spain"], "already played by p02")):
        assert main(["game", "control", str(game), *args]) == 2
        assert said in capsys.readouterr().err
    # the season played with p04's signature alone on Switzerland's orders: void (IX.4)
    from dataclasses import replace

    from diplodesk.engine.game import Game

    g = Game.load(game)
    g.current = replace(g.current, orders={"sui": ("pw $1 Swit",)}, signatures={"sui": ("p04",)})
    g.process()
    [order] = [o for o in g.history[-1].result["orders"] if o["power"] == "sui" and o.get("text") == "pw $1 Swit"]
    assert order["status"] != "succeeds" and "p05" in order["detail"]
    assert main(["game", "new", "standard", "-o", str(tmp_path / "s.json")]) == 0
    assert main(["game", "control", str(tmp_path / "s.json"), "England", "p01"]) == 2
    assert "a Standard game's powers have no players to share them" in capsys.readouterr().err
