"""The players by mail are editable at the desk (issue 31): added, changed and removed in the
Players panel, each change one step on the desk's undo stack, checked by the same model as
``diplodesk mail players``."""

from __future__ import annotations

from hyperboards import desk_game

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper.window import open_desk


def test_the_gm_adds_changes_and_removes_players_at_the_desk_with_undo(qtbot, prompts):
    win = open_desk(HyperGameDocument(desk_game()), prompts, show=False)
    qtbot.addWidget(win)
    roster = win.gm_panels["Players"].roster
    game = win.doc.game
    roster.new_name.setText("Anne")
    roster.new_email.setText("anne@example.org")
    roster.new_plays.setText("France")
    assert roster.add_player()
    assert game.players == [{"name": "Anne", "email": "anne@example.org", "powers": ["p01"]}]
    assert roster.table.item(0, 2).text() == "p01 (fra)" and "p02" in roster.problem.text()
    fm = roster.table.fontMetrics()  # each column as wide as what it shows
    assert roster.table.columnWidth(1) >= fm.horizontalAdvance("anne@example.org")
    assert win.doc.is_modified
    roster.new_name.setText("Ben")
    roster.new_email.setText("ben-at-home")
    assert not roster.add_player()
    assert "Not added: players[1] (Ben): email: 'ben-at-home' is not an e-mail address" in roster.problem.text()
    roster.new_email.setText("ben@example.org")
    roster.new_plays.setText("Player 2")
    assert roster.add_player()
    roster.table.item(1, 1).setText("ben@home.example")  # the GM edits the address cell
    roster.table.item(1, 2).setText("p02 (mor, spa), Italy")
    assert game.players[1] == {"name": "Ben", "email": "ben@home.example", "powers": ["p02", "p03"]}
    roster.table.item(0, 0).setText("Anne\nBcc: eve@evil.example")
    assert "Not changed: name: a control character" in roster.problem.text()
    assert game.players[0]["name"] == "Anne"
    roster.table.setCurrentCell(0, 0)
    assert roster.remove_player()
    assert [p["name"] for p in game.players] == ["Ben"]
    for _ in range(3):
        win.doc.undo_stack.undo()
    assert [p["email"] for p in game.players] == ["anne@example.org", "ben@example.org"]
    assert roster.table.rowCount() == 2 and roster.table.item(1, 1).text() == "ben@example.org"
