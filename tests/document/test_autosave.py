"""Autosave sessions: a running session's file is never offered; a dead one's is."""

from __future__ import annotations

from diplodesk.document.autosave import Session, discard, find_orphans, load_orphan
from diplodesk.engine.game import Game
from diplodesk.variants import load_variant


def test_sessions_and_orphans(qapp, tmp_path):
    game = Game.new(load_variant("standard"))
    game.set_orders("France", ["A par - bur"])
    s = Session(tmp_path)
    s.write(game, None, "Untitled")
    assert find_orphans(tmp_path) == []  # alive: its lock is held
    s.lock.unlock()  # as if the process died
    (orphan,) = find_orphans(tmp_path)
    assert orphan.phase == "S1901M" and "Untitled" in orphan.describe()
    assert load_orphan(orphan).to_json() == game.to_json()
    discard(orphan)
    assert find_orphans(tmp_path) == []


def test_clean_close_leaves_nothing(qapp, tmp_path):
    s = Session(tmp_path)
    s.write(Game.new(load_variant("standard")), tmp_path / "g.json", "g.json")
    s.close()
    assert list(tmp_path.iterdir()) == []


def test_garbage_in_the_folder_is_ignored(qapp, tmp_path):
    (tmp_path / "junk.json").write_text("{not json")
    (tmp_path / "other.json").write_text('{"format": 1}')
    assert find_orphans(tmp_path) == []
