"""A Hypereconomic season by mail: each player gets one message, their own papers and pack and
the gazette, and no message names the bank behind a redemption (VI.9) but its controller's."""

from __future__ import annotations

import copy
from pathlib import Path

from diplodesk.engine import adjudicate, load_variant, seasons
from diplodesk.mail.hyper_compose import hyper_results_mail
from diplodesk.mail.roster import Player, Roster

MINI = str(Path(__file__).resolve().parents[2] / "examples" / "hyper-mini")
ZURICH = {"id": "zsb", "name": "Zurich Quietbank", "at": "swit", "controller": "p04", "gold": 10, "invested": 0}
ROSTER = Roster([Player("Anne", "anne@example.org", ("fra",)), Player("Ben", "ben@example.org", ("spa",)),
                 Player("Zoe", "zoe@example.org", ("sui",)), Player("Nobody", "", ("ita",))])


def _season():
    variant = load_variant(MINI)
    data = seasons.start_other(variant, "mail secret", MINI).to_json()
    data["economy"]["banks"] = [dict(ZURICH)]
    data["orders"] = {"fra": ["bu Y Pari ($ pd by rd from Zurich Quietbank)"], "zsb": ["rd $1 to France"]}
    return seasons.read_other(copy.deepcopy(data), variant), adjudicate(data)


def test_each_player_gets_one_message_their_papers_and_the_gazette_and_the_bank_stays_hidden():
    position, result = _season()
    batch = hyper_results_mail(position, result, ROSTER, "Test game")
    by_to = {m.to[0].split("<")[1].rstrip(">"): m for m in batch.messages}
    assert len(batch.messages) == 3 and not any(m.bcc for m in batch.messages)
    assert sorted(by_to) == ["anne@example.org", "ben@example.org", "zoe@example.org"]
    anne = by_to["anne@example.org"].body
    assert "France (Fran) — Winter 1914" in anne and "Spain (Spai) — Winter 1914" not in anne
    assert "The Hypereconomic gazette — Winter 1914" in anne
    assert [a.filename for a in by_to["anne@example.org"].attachments] == ["hyper-mini-W1914M-p01.pdf"]
    for m in batch.messages:
        assert "mail secret" not in m.body
        if m.player != "Zoe":  # the bank's controller reads its own redemption
            assert "Zurich" not in m.body and "zsb" not in m.body, m.player
    assert "Zurich Quietbank" in by_to["zoe@example.org"].body
    assert batch.skipped == ["Nobody: no e-mail address"]


def test_mail_preview_of_a_hyper_game_file(tmp_path, capsys):
    from diplodesk.cli import main
    from diplodesk.engine.game import Game

    game = Game.new(load_variant(MINI))
    game.settings["variant_folder"] = MINI
    game.players = [p.to_json() for p in ROSTER.players if p.email]
    game.set_orders("fra", ["co A"])
    game.process()
    path = tmp_path / "hyper.json"
    game.save(path)
    assert main(["mail", "preview", str(path), "--no-pdf"]) == 0
    out = capsys.readouterr().out
    assert out.count("=== ") == 3 and "Subject: hyper: Winter 1914, papers for p01" in out
    assert "The Hypereconomic gazette" in out and "Research (V.2)" in out
