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
