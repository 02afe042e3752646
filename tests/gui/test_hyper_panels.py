"""The decisions panel, the dice log and the players panel over a played hyper-mini season."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox

from diplodesk.engine import load_variant
from diplodesk.engine.game import Game
from diplodesk.gui.hyper.decisions_panel import DecisionsPanel
from diplodesk.gui.hyper.dice_log import DiceLog
from diplodesk.gui.hyper.game_view import HyperGameView
from diplodesk.gui.hyper.players_panel import PlayersPanel

MINI = Path(__file__).resolve().parents[2] / "examples" / "hyper-mini"
TUNNEL = "sa dig a tunnel under the Pyrenees"


@pytest.fixture
def view() -> HyperGameView:
    game = Game.new(load_variant(str(MINI)))
    game.set_orders("fra", ["co A1", "co I1", TUNNEL])
    game.set_orders("ita", ["co A1"])
    game.process()
    return HyperGameView(game)


def with_diplomacy(game: Game) -> None:
    d = game.current.to_json()
    eco = d["economy"]
    eco["alliances"] = [{"id": "entente", "members": ["fra", "ita"], "since": "W1914M",
                         "reaffirmed": "W1914M", "terms": "mutual defence of the Alps"}]
    eco["joint"] = [{"id": "jv1", "players": ["p01", "p03"], "public": False},
                    {"id": "jv2", "players": ["p02", "p04"], "public": True}]
    eco["nations"]["mor"]["controllers"] = ["p02", "p03"]
    game.current = game.load_position(d)


def test_answering_a_question_adjudicates_again_with_the_answer_and_undo_takes_it_back(qtbot, view):
    panel = DecisionsPanel(view)
    qtbot.addWidget(panel)
    assert panel.table.rowCount() == 1 and "not final" in panel.heading.text()
    box = panel.table.cellWidget(0, DecisionsPanel.ANSWER)
    assert isinstance(box, QComboBox)
    box.setCurrentText("accept")
    assert "(final)" in panel.heading.text()
    assert [o["status"] for o in view.game.history[-1].result["orders"] if o["text"] == TUNNEL] == ["succeeds"]
    view.undo_stack.undo()
    assert "not final" in panel.heading.text()
    assert not view.game.history[-1].position.get("decisions")


def test_real_dice_typed_into_the_log_replace_the_roll(qtbot, view):
    log = DiceLog(view)
    qtbot.addWidget(log)
    row = [r["subject"] for r in log.rolls].index("fra/A1")
    assert log.table.item(row, 5).text().startswith("T9 level 0, total")
    log.table.item(row, DiceLog.FACES).setText("6 6")
    row = [r["subject"] for r in log.rolls].index("fra/A1")
    assert (log.table.item(row, 4).text(), log.table.item(row, 6).text()) == ("12", "manual")
    assert view.game.history[-1].position["rng"]["overrides"] == {log.rolls[row]["key"]: [6, 6]}
    view.undo_stack.undo()
    assert not any(r["manual"] for r in log.rolls)


def test_faces_a_die_cannot_show_are_refused_with_a_line(qtbot, view):
    log = DiceLog(view)
    qtbot.addWidget(log)
    assert not log.override(log.rolls[0]["key"], "9 9")
    assert "expected 2 dice of 1 to 6, got 9 9" in log.message.text()
    assert not log.override(log.rolls[0]["key"], "six")
    assert "is not faces like 3 5" in log.message.text()


def test_the_players_panel_shows_joint_control_alliances_and_a_secret_agreement_as_gm_only(qtbot, view):
    with_diplomacy(view.game)
    panel = PlayersPanel(view)
    qtbot.addWidget(panel)
    nations = panel.tables["nations"]
    mor = [nations.item(i, 0).text() for i in range(nations.rowCount())].index("mor")
    assert nations.item(mor, 4).text() == "p02, p03 (joint control)"
    alliances = panel.tables["alliances"]
    assert alliances.item(0, 4).text() == "mutual defence of the Alps"
    assert "due again in S1915M" in alliances.item(0, 3).text()
    agreements = panel.tables["agreements"]
    assert [agreements.item(i, 2).text() for i in range(2)] == ["GM only (secret)", "everyone"]


def test_the_players_panel_lists_this_season_s_delegations_as_written(qtbot, view):
    with_diplomacy(view.game)
    view.game.set_orders("spa", ["dg p03 for Morocco", "co A1"])
    panel = PlayersPanel(view)
    qtbot.addWidget(panel)
    t = panel.tables["delegations"]
    assert t.rowCount() == 1
    assert [t.item(0, j).text() for j in range(4)] == ["p02", "p03", "Morocco", "spa"]


def test_on_the_desk_s_document_an_answer_is_one_of_its_undoable_changes(qtbot):
    from diplodesk.document.hyper_game import HyperGameDocument
    from diplodesk.gui.hyper.gm_panels import DeskGameView

    doc = HyperGameDocument.new(str(MINI))
    doc.game.set_orders("fra", [TUNNEL])
    doc.game.process()
    view = DeskGameView(doc)
    panel = DecisionsPanel(view)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(doc.history_changed, timeout=1000):
        panel.table.cellWidget(0, DecisionsPanel.ANSWER).setCurrentText("accept")
    assert doc.is_modified and doc.undo_stack.count() == 1
    assert "(final)" in panel.heading.text()
    doc.undo_stack.undo()
    assert "not final" in panel.heading.text()
