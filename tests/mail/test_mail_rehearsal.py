"""The rehearsal at a small size (issue 26, item 5): four seasons of examples/hyper-mini by mail
with six players, a delegation, two nations played jointly and a bank, round the whole loop
(mail read --apply, game play, mail send to an SMTP server here), every inbox checked.
tools/mail_rehearsal.py runs the same on the world board with 59 players."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "mail_rehearsal.py"


def _tool():
    spec = importlib.util.spec_from_file_location("mail_rehearsal", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules["mail_rehearsal"] = module
    spec.loader.exec_module(module)
    return module


def test_four_seasons_by_mail_with_six_players_each_gets_one_message_with_only_their_papers(tmp_path):
    tool = _tool()
    said: list[str] = []
    problems = tool.rehearse(tool.mini(), tmp_path, seasons=4, pdf={0}, say=said.append)
    assert problems == []
    heads = [line for line in said if not line.startswith(" ")]
    assert [line.split(":")[0] for line in heads] == ["W1914M", "S1915M", "U1915M", "F1915M"]
    assert all(line.startswith(f"{line[:6]}: 6 messages: orders for 6 of 6 nations and banks") for line in heads), said
    assert not [line for line in said if ": fails (" in line or ": invalid (" in line]  # every order stood
    from diplodesk.engine.game import Game

    game = Game.load(tmp_path / "game.json")
    results = [{(o["power"], o["text"]): o["status"] for o in h.result["orders"]} for h in game.history]
    assert results[0][("spa", "dg p05 for Morocco")] == "succeeds"  # the delegation, every season
    assert results[0][("mor", "pw $1 Moro")] == "succeeds"  # signed by the player delegated to
    assert results[0][("sui", "pw $1 Swit")] == "succeeds"  # signed by both its players
    assert results[0][("rbk", "in $10")] == "succeeds" and results[1][("spa", "bu D Cast")] == "succeeds"
    assert results[2][("fra", "1D at Gaso")] == "succeeds" and results[0][("fra", "tt $1 to Spain via Gaso Nava")] \
        == "succeeds"


def test_a_check_of_the_inboxes_finds_a_message_with_another_players_papers(tmp_path):
    tool = _tool()
    s = tool.mini()
    tool.rehearse(s, tmp_path, seasons=1, pdf=False, say=lambda _line: None)
    from email.message import EmailMessage

    from diplodesk.engine.game import Game

    game = Game.load(tmp_path / "game.json")
    wrong = EmailMessage()
    wrong.set_content("France (Fran) — Winter 1914 — home nation\nSpain (Spai) — Winter 1914 — home nation\n"
                      "The Hypereconomic gazette — Winter 1914\n")
    problems = tool.check(game, s, [(["player1@example.org"], wrong)], 0)
    assert "Winter 1914: Player 1's papers are for ['Fran', 'Spai'], not ['Fran']" in problems
    assert "Winter 1914: Player 2 got 0 messages, not one" in problems


def test_the_same_loop_at_the_desk_through_its_dialogs(qtbot, tmp_path):
    tool = _tool()
    said: list[str] = []
    assert tool.rehearse(tool.mini(), tmp_path, seasons=2, pdf=False, say=said.append, desk=True) == []
    assert [line.split(":")[0] for line in said if not line.startswith(" ")] == ["W1914M", "S1915M"]
    from diplodesk.engine.game import Game

    game = Game.load(tmp_path / "game.json")
    assert len(game.history) == 2 and game.history[0].position["signatures"]["mor"] == ["p05"]
