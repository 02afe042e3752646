"""What-if branches: other orders tried beside the game, which the game never feels.

A GM opens a branch from a phase, plays it with the same engine, compares it with the
real game, and throws it away, or makes it the game (undoably, losing nothing).
"""

from __future__ import annotations

import json

import pytest

from diplodesk.document import branches
from diplodesk.document import commands as cmd
from diplodesk.document.game_document import GameDocument
from diplodesk.engine.game import FORMAT, Game, GameFileError

SPRING = {"France": ["A par - bur", "A mar S A par - bur"], "Germany": ["A mun - bur"]}
OTHER_SPRING = {"France": ["A par - pic", "A mar - spa"], "Germany": ["A mun - bur"]}


@pytest.fixture
def doc(qapp):
    d = GameDocument.new("standard")
    push = d.undo_stack.push
    push(cmd.SetOrdersCommand(d, SPRING))
    push(cmd.AdjudicateCommand(d))  # Spring 1901
    push(cmd.AdjudicateCommand(d))  # Fall 1901, nobody ordered
    return d


def play(doc, orders=None):
    if orders:
        doc.undo_stack.push(cmd.SetOrdersCommand(doc, orders))
    doc.undo_stack.push(cmd.AdjudicateCommand(doc))


def trunk_of(path):
    data = json.loads(path.read_text())
    data.pop("branches", None)
    return data


def test_done_when_a_branch_made_played_two_phases_compared_and_thrown_away_leaves_the_file(doc, tmp_path):
    path = tmp_path / "game.json"
    doc.save(path)
    saved = path.read_bytes()
    doc.undo_stack.push(cmd.OpenBranchCommand(doc, 0))  # try other orders in Spring 1901
    assert doc.branch.fork == 0 and str(doc.position.phase) == "S1901M"
    assert doc.orders("France") == tuple(SPRING["France"])  # the orders given, to change
    play(doc, OTHER_SPRING)
    play(doc, {"France": ["A pic - bel"]})
    assert [r.phase for r in doc.history] == ["S1901M", "F1901M"]
    assert len(doc.branch.history) == 2 and len(doc.trunk.history) == 2
    assert doc.trunk.history[0].position["orders"]["France"] == SPRING["France"]  # the game: untouched

    differences = branches.compare(doc.trunk, None, doc.branch)
    said = {(d.phase, d.unit): (d.left, d.right) for d in differences}
    assert said[("S1901M", "A par")] == ("A par - bur succeeds", "A par - pic succeeds")
    assert said[("F1901M", "centres")] == ("France 3", "France 5")  # spa and bel
    doc.save(path)
    assert trunk_of(path) == json.loads(saved)  # the game's part of the file: the same
    assert len(json.loads(path.read_text())["branches"]) == 1

    doc.undo_stack.push(cmd.DeleteBranchCommand(doc, 0))
    assert doc.branch is None and doc.branches == [] and str(doc.position.phase) == "S1902M"
    doc.save(path)
    assert path.read_bytes() == saved


def test_a_branch_is_saved_and_its_records_verified_on_load(doc, tmp_path):
    doc.undo_stack.push(cmd.OpenBranchCommand(doc, 0, "Paris to Picardy"))
    play(doc, OTHER_SPRING)
    path = tmp_path / "game.json"
    doc.save(path)
    again = Game.load(path)
    assert [b.name for b in again.branches] == ["Paris to Picardy"]
    assert again.branches[0].history[0].result == doc.branch.history[0].result
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT == 2
    data["branches"][0]["history"][0]["result"]["orders"][0]["status"] = "fails"
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError, match=r"branches\[0\]\.history\[0\]\.result"):
        Game.load(path)
    data["branches"][0].update(fork=7, history=[])
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError, match=r"branches\[0\]\.fork: 7 is not one of the game's phases"):
        Game.load(path)


def test_a_format_1_file_opens_with_no_branches(doc, tmp_path):
    data = doc.trunk.to_json()
    data["format"] = 1
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    game = Game.load(path)
    assert game.branches == [] and [r.phase for r in game.history] == ["S1901M", "F1901M"]
    assert game.to_json()["format"] == 2 and "branches" not in game.to_json()


def test_making_a_branch_the_game_loses_nothing_and_is_undone(doc):
    real = doc.trunk.to_json()
    doc.undo_stack.push(cmd.OpenBranchCommand(doc, 0, "Picardy"))
    play(doc, OTHER_SPRING)
    picardy = doc.branch.history[0].result
    doc.undo_stack.push(cmd.SwitchBranchCommand(doc, None))
    doc.undo_stack.push(cmd.OpenBranchCommand(doc, 1, "Late"))  # from the real game's Fall 1901
    doc.undo_stack.push(cmd.PromoteBranchCommand(doc, 0))
    assert doc.branch is None and doc.history[0].result == picardy
    names = [b.name for b in doc.branches]
    assert names == ["Late", "Real game before 'Picardy'"]
    late, former = doc.branches
    assert late.fork == 0 and [r.phase for r in late.history] == ["S1901M"]  # it keeps its past
    assert [r.phase for r in branches.records(doc.trunk, former)] == ["S1901M", "F1901M"]
    doc.undo_stack.undo()  # the real game is the real game again
    assert doc.trunk.to_json() | {"branches": None} == real | {"branches": None}
    assert [b.name for b in doc.branches] == ["Picardy", "Late"] and doc.branch.name == "Late"
    doc.undo_stack.redo()
    assert doc.history[0].result == picardy and doc.branch is None


def test_a_branch_cannot_roll_back_before_it_begins(doc):
    doc.undo_stack.push(cmd.OpenBranchCommand(doc, 1))
    play(doc)
    cmdo = cmd.RollbackCommand(doc, 0)
    doc.undo_stack.push(cmdo)
    assert "before this what-if begins" in cmdo.error and len(doc.history) == 2
    doc.undo_stack.push(cmd.RollbackCommand(doc, 1))
    assert str(doc.position.phase) == "F1901M" and doc.branch.history == ()


def test_comparing_the_game_with_itself_finds_nothing(doc):
    assert branches.compare(doc.trunk, None, None) == []


def test_a_branch_of_a_branch_hangs_on_the_real_game_with_the_phases_it_shares(doc):
    doc.undo_stack.push(cmd.OpenBranchCommand(doc, 0, "Picardy"))
    play(doc, OTHER_SPRING)
    first = doc.branch.history[0]
    doc.undo_stack.push(cmd.OpenBranchCommand(doc, 1, "Picardy, then Belgium", within=0))
    b = doc.branch
    assert b.fork == 0 and b.history == (first,) and str(b.current.phase) == "F1901M"
    play(doc, {"France": ["A pic - bel"]})
    assert [r.phase for r in doc.history] == ["S1901M", "F1901M"] and len(doc.branches[0].history) == 1


@pytest.mark.parametrize("branch, said", [
    ({"name": "x", "fork": -1, "current": {}}, "branches[0].fork"),
    ({"name": "", "fork": 0, "current": {}}, "branches[0].name"),
    ({"name": "x", "fork": "0", "current": {}}, "branches[0].fork"),
    ({"name": "x", "fork": 0}, "current"),
    ({"name": "x", "fork": 0, "current": {"phase": "S1901Q"}}, "branches[0].current"),
    ({"name": "x", "fork": 0, "current": "CURRENT", "colour": "red"}, "colour"),
    ({"name": "x", "fork": 0, "current": "CURRENT", "winner": "France"}, "branches[0].winner"),
])
def test_a_damaged_branch_is_refused_naming_its_place(doc, tmp_path, branch, said):
    if branch.get("current") == "CURRENT":
        branch = branch | {"current": doc.trunk.current.to_json()}
    data = doc.trunk.to_json() | {"branches": [branch]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError) as e:
        Game.load(path)
    assert said in str(e.value) and "\n" not in str(e.value)
