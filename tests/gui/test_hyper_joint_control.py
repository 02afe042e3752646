"""A nation made jointly played at the desk (I.4): the Players panel names its players, the
change is one step on the desk's undo stack, made to the season being ordered by the model
``diplodesk game control`` uses; orders then need each player's signature (IX.4)."""

from __future__ import annotations

from hyperboards import desk_game

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper.window import open_desk


def test_the_gm_makes_a_nation_jointly_played_in_the_players_panel_with_undo(qtbot, prompts):
    win = open_desk(HyperGameDocument(desk_game()), prompts, show=False)
    qtbot.addWidget(win)
    panel = win.gm_panels["Players"]
    control = panel.control
    nations = panel.tables["nations"]
    nations.setCurrentCell(next(r for r in range(nations.rowCount()) if nations.item(r, 0).text() == "sui"), 1)
    assert control.chosen() == "sui"  # a nation's row picked in the table is the one changed
    assert control.players.text() == "p04" and "Switzerland (sui) is played by p04" in control.said.text()
    control.players.setText("p04, p05")
    assert not control.set_control()  # p05 is no player yet: said, not made
    assert "'p05' is no player of this game" in control.said.text()
    assert win.doc.position.nations["sui"].controllers == ("p04",) and not win.doc.undo_stack.count()
    control.new.setChecked(True)
    control.players.setText("p05, Italy")  # a new player, and Italy's player (p03); p04 leaves
    assert control.set_control()
    pos = win.doc.position
    assert pos.nations["sui"].controllers == ("p03", "p05") and "p05" in pos.player_ids()
    assert "played jointly by p03 and p05" in control.said.text()
    row = next(r for r in range(nations.rowCount()) if nations.item(r, 0).text() == "sui")
    assert nations.item(row, 4).text() == "p03, p05 (joint control)"
    assert win.doc.undo_stack.undoText() == "sui played by p03 and p05 from W1914M"
    assert win.doc.is_modified and win.doc.history == []  # the season being ordered, nothing played
    win.doc.undo_stack.undo()
    assert win.doc.position.nations["sui"].controllers == ("p04",) and "p05" not in win.doc.position.player_ids()
    assert control.players.text() == "p04"


def test_giving_a_player_a_nation_another_plays_says_both_get_all_its_papers(qtbot, prompts):
    game = desk_game()
    game.players = [{"name": "Anne", "email": "anne@example.org", "powers": ["p01"]},
                    {"name": "Ben", "email": "ben@example.org", "powers": ["p02"]}]
    win = open_desk(HyperGameDocument(game), prompts, show=False)
    qtbot.addWidget(win)
    roster = win.gm_panels["Players"].roster
    roster.table.item(0, 2).setText("p01, Morocco")  # Morocco's player is Ben's p02
    assert game.players[0]["powers"] == ["p01", "p02"]
    assert roster.problem.text().startswith("Anne and Ben each play p02 and get all its papers. To share one "
                                            "nation instead, name its players under the nations' table.")
