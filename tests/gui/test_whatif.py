"""What-ifs at the desk: try other orders from a phase in the History, play them, compare
them with the real game, make one the game or throw it away; the real game never feels it."""

from __future__ import annotations

import json

from diplodesk.document import commands as cmd

SPRING = {"France": ["A par - bur", "A mar S A par - bur"], "Germany": ["A mun - bur"]}
OTHER = {"France": ["A par - pic", "A mar - spa"]}


def played(window):
    doc = window.doc
    doc.undo_stack.push(cmd.SetOrdersCommand(doc, SPRING))
    window.adjudicate()
    return doc


def labels(item):
    return [item.child(i).text(0) for i in range(item.childCount())]


def test_try_other_orders_from_a_past_phase_opens_a_branch_under_it(window, prompts, tmp_path):
    doc = played(window)
    path = tmp_path / "game.json"
    doc.save(path)
    saved = path.read_bytes()
    menu = window.history_dock.context_menu((None, 0))
    assert [a.text() for a in menu.actions()][0] == "Try other orders from here…"
    window.history_dock.try_requested.emit(None, 0)  # the menu's first item
    assert doc.branch is not None and str(doc.position.phase) == "S1901M" and window.editable
    assert window.banner.isVisible() and "a what-if" in window.banner.label.text()
    assert "what-if" in window.windowTitle()
    tree = window.history_dock.tree
    spring = tree.topLevelItem(0)
    assert labels(spring) == ["↳ What-if from S1901M"]
    assert labels(spring.child(0)) == ["▶ Spring 1901 Movement  (S1901M)"]
    doc.undo_stack.push(cmd.SetOrdersCommand(doc, OTHER))
    window.adjudicate()
    window.adjudicate()  # Fall 1901: two phases played in the branch
    assert [r.phase for r in doc.branch.history] == ["S1901M", "F1901M"]
    assert len(labels(tree.topLevelItem(0).child(0))) == 3
    # side by side with the real game
    window.compare_timelines(None)
    dialog = window.compare_dialog
    assert dialog.sides[0].currentText() == "Real game" and dialog.sides[1].currentData() == 0
    units = {(d.phase, d.unit) for d in dialog.differences}
    assert ("S1901M", "A par") in units and dialog.table.rowCount() == len(dialog.differences)
    assert dialog.maps[0].results is not None and dialog.maps[1].results is not None
    assert {"par", "mar"} <= dialog.maps[0].highlights.marked  # the units whose results differ
    dialog.close()
    # the real game, picked in the History, is as it was; then the branch goes
    window.history_dock.place_chosen.emit(None, None)
    assert doc.branch is None and str(doc.position.phase) == "F1901M"
    assert not window.banner.isVisible()
    window.delete_branch(0)
    assert prompts.confirms[-1][0] == "Delete this branch?" and doc.branches == []
    assert tree.topLevelItem(0).childCount() == 0
    window.save()
    assert path.read_bytes() == saved


def test_a_click_on_a_branch_in_the_history_goes_there(window, qtbot):
    doc = played(window)
    window.try_other_orders(None, 0)
    window.go_to(None)
    assert doc.branch is None
    tree = window.history_dock.tree
    tree.setCurrentItem(tree.topLevelItem(0).child(0))  # the branch's heading
    qtbot.waitUntil(lambda: doc.branch is not None)
    assert str(doc.position.phase) == "S1901M" and window.viewed is None
    heading = window.history_dock.tree.topLevelItem(0).child(0)
    assert heading.child(heading.childCount() - 1).font(0).bold()  # the phase played


def test_make_this_the_game_asks_and_is_undone(window, prompts):
    doc = played(window)
    real = doc.trunk.history[0].result
    window.try_other_orders(None, 0)
    doc.undo_stack.push(cmd.SetOrdersCommand(doc, OTHER))
    window.adjudicate()
    tried = doc.branch.history[0].result
    prompts.confirm_answer = False
    window.promote_branch()
    assert doc.trunk.history[0].result == real  # not asked twice: no means no
    prompts.confirm_answer = True
    window.promote_branch()
    assert doc.branch is None and doc.trunk.history[0].result == tried
    assert [b.name for b in doc.branches] == ["Real game before 'What-if from S1901M'"]
    window.undo()
    assert doc.trunk.history[0].result == real and doc.branch is not None
    saved = json.loads(json.dumps(doc.trunk.to_json()))
    assert saved["branches"][0]["name"] == "What-if from S1901M"
