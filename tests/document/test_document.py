"""The game document and its commands: every change undoable, redo gives the same game."""

from __future__ import annotations

import pytest

from diplodesk.document import commands as cmd
from diplodesk.document.edits import EditError
from diplodesk.document.game_document import GameDocument
from diplodesk.engine.game import GameFileError


@pytest.fixture
def doc(qapp):
    return GameDocument.new("standard")


def state(doc):
    return doc.game.to_json()


def test_orders_commands_undo_and_redo(doc):
    seen = []
    doc.orders_changed.connect(seen.append)
    doc.undo_stack.push(cmd.SetOrdersCommand(doc, {"England": ["F lon - nth"]}))
    doc.undo_stack.push(cmd.SetOrdersCommand(doc, {"England": ["F lon - eng"], "France": ["A par - bur"]}))
    assert doc.orders("England") == ("F lon - eng",) and doc.orders("France") == ("A par - bur",)
    assert seen == ["England", "England", "France"]
    doc.undo_stack.undo()
    assert doc.orders("England") == ("F lon - nth",) and doc.orders("France") == ()
    doc.undo_stack.undo()
    assert doc.position.orders == {} and not doc.is_modified
    doc.undo_stack.redo()
    doc.undo_stack.redo()
    assert doc.orders("France") == ("A par - bur",) and doc.is_modified


def test_orders_with_replaces_the_units_order(doc):
    from diplodesk.engine.board import UnitType
    from diplodesk.engine.orders import Build, Hold, Move, Waive

    doc.set_orders({"France": ["A par - bur", "garbage", "F bre - mao"]})
    assert doc.orders_with("France", Hold(UnitType.ARMY, "par")) == ["A par H", "garbage", "F bre - mao"]
    assert doc.orders_with("France", Move(UnitType.ARMY, "mar", "spa")) == [
        "A par - bur", "garbage", "F bre - mao", "A mar - spa"]
    assert doc.orders_without("France", "bre") == ["A par - bur", "garbage"]
    assert doc.order_for("France", "bre") == "F bre - mao"
    # adjustments: the same build again takes it back; waives add up
    doc.set_position(cmd.edits.set_phase(doc.position, "W1901A"))
    doc.set_orders({"Russia": ["B A mos"]})
    assert doc.orders_with("Russia", Build(UnitType.ARMY, "mos")) == []
    assert doc.orders_with("Russia", Waive()) == ["B A mos", "Waive"]


def test_adjudicate_rollback_and_edits_undo_redo(doc):
    states = [state(doc)]
    doc.undo_stack.push(cmd.SetOrdersCommand(doc, {"France": ["A par - bur"], "Germany": ["A mun - bur"]}))
    states.append(state(doc))
    doc.undo_stack.push(cmd.AddUnitCommand(doc, "Italy", "F", "lyo"))
    states.append(state(doc))
    done = []
    doc.adjudicated.connect(done.append)
    doc.undo_stack.push(cmd.AdjudicateCommand(doc))
    assert done == [0] and str(doc.position.phase) == "F1901M"
    assert doc.history[0].result["orders"]
    states.append(state(doc))
    doc.undo_stack.push(cmd.MoveUnitCommand(doc, "lyo", "tys"))
    doc.undo_stack.push(cmd.SetCenterOwnerCommand(doc, "tun", "Italy"))
    doc.undo_stack.push(cmd.ChangeUnitOwnerCommand(doc, "tys", "France"))
    doc.undo_stack.push(cmd.RemoveUnitCommand(doc, "par"))
    states.append(state(doc))
    doc.undo_stack.push(cmd.RollbackCommand(doc, 0))
    assert str(doc.position.phase) == "S1901M" and doc.history == []
    assert doc.orders("France") == ("A par - bur",)
    states.append(state(doc))
    doc.undo_stack.push(cmd.SetPhaseCommand(doc, "F1905M"))
    states.append(state(doc))
    n = doc.undo_stack.count()
    for _ in range(n):
        doc.undo_stack.undo()
    assert state(doc) == states[0]
    for _ in range(n):
        doc.undo_stack.redo()
    assert state(doc) == states[-1]
    # and once more back through every step, checking the ones we kept
    for _ in range(2):
        doc.undo_stack.undo()
    assert state(doc) == states[-3]


def test_adjudicating_a_finished_game_is_dropped_from_the_stack(doc):
    doc.game.winner = "France"
    c = cmd.AdjudicateCommand(doc)
    doc.undo_stack.push(c)
    assert c.error and "France" in c.error
    assert doc.undo_stack.count() == 0


def test_bad_edits_say_why(doc):
    with pytest.raises(EditError, match="army cannot stand"):
        cmd.AddUnitCommand(doc, "France", "A", "nth")
    with pytest.raises(EditError, match="which coast"):
        cmd.AddUnitCommand(doc, "Russia", "F", "spa")
    with pytest.raises(EditError, match="already holds"):
        cmd.AddUnitCommand(doc, "France", "A", "par")
    with pytest.raises(EditError, match="not a supply centre"):
        cmd.SetCenterOwnerCommand(doc, "bur", "France")
    with pytest.raises(EditError, match="phase"):
        cmd.SetPhaseCommand(doc, "Q1901X")
    with pytest.raises(EditError, match="no unit"):
        cmd.RemoveUnitCommand(doc, "bur")


def test_edits_drop_the_orders_of_units_that_move(doc):
    doc.set_orders({"France": ["A par - bur", "F bre - mao"]})
    doc.undo_stack.push(cmd.MoveUnitCommand(doc, "par", "pic"))
    assert doc.orders("France") == ("F bre - mao",)


def test_save_and_open(doc, tmp_path):
    doc.undo_stack.push(cmd.SetOrdersCommand(doc, {"France": ["A par - bur"]}))
    doc.undo_stack.push(cmd.AdjudicateCommand(doc))
    path = tmp_path / "g.json"
    doc.save(path)
    assert not doc.is_modified and doc.path == path
    again = GameDocument.open(path)
    assert again.game.to_json() == doc.game.to_json()
    path.write_text("{broken", encoding="utf-8")
    with pytest.raises(GameFileError, match="not JSON"):
        GameDocument.open(path)


def test_mark_modified(doc, tmp_path):
    assert not doc.is_modified
    doc.mark_modified()
    assert doc.is_modified
    doc.save(tmp_path / "x.json")
    assert not doc.is_modified
