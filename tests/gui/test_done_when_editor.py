"""Done when (issue 5): in the map editor window alone, from the standard board, a small
change is made with the mouse, saved as the user's own variant, checked playable and
played (one turn adjudicated in the game the editor starts); the edit undoes to the exact
board; an editor that crashes with an unsaved edit gives it back when the variant is
opened again; and the game saved from the variant opens again, after a restart, at the
same position."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytest.importorskip("PySide6.QtWidgets")

import shapely  # noqa: E402
from gui_helpers import EditorPrompts  # noqa: E402
from gui_helpers import click as map_click  # noqa: E402
from gui_helpers import key as map_key  # noqa: E402
from mapboards import state
from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QToolBar  # noqa: E402

from diplodesk.document.map_checks import playability  # noqa: E402
from diplodesk.engine.board import UnitType  # noqa: E402
from diplodesk.gui.editor import MapEditorWindow, open_map_editor  # noqa: E402
from diplodesk.gui.editor.autosave import find_map_orphans, folder_key  # noqa: E402
from diplodesk.gui.main_window import MainWindow  # noqa: E402
from diplodesk.paths import user_variants_dir  # noqa: E402
from diplodesk.variants import list_variants, load_variant, map_path  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier

pytestmark = pytest.mark.skipif(map_path("standard") is None, reason="no standard map")


class DesignerPrompts(EditorPrompts):
    """The designer's answers to the editor's questions; records what was asked."""

    def ask_recover(self, orphan):
        self.asked.append(f"recover {orphan.name}")
        return self.recover_answer

    def split_province(self, doc, pid, parts):
        """The split dialog: the eastern part is the new province, Lorraine."""
        self.asked.append(f"split {pid}")
        east = max(parts, key=lambda k: parts[k]["at"][0])
        return {"id": "lor", "name": "Lorraine", "kind": None, "part": east}

    def variant_identity(self, vid, name, builtin):
        self.asked.append(f"identity {vid}")
        return self.identity


def at(w: MapEditorWindow, x: float, y: float):
    return w.view.mapFromScene(QPointF(x, y))


def activate(qtbot, w) -> None:
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=2000)  # window shortcuts need it


def crash(qtbot, w: MapEditorWindow) -> None:
    """The editor's process dies: its window goes without closing (no question asked, no
    clean-up), its autosave stays, and its lock is left naming a process that has gone."""
    import shiboken6

    lock_file = w.autosave_session.lock.fileName()
    with open(lock_file, encoding="utf-8", errors="replace") as f:
        held = f.read().split("\n")
    w.autosave_session.lock.unlock()
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    held[0] = str(gone.pid)
    with open(lock_file, "w", encoding="utf-8") as f:
        f.write("\n".join(held))
    w.hide()
    w.deleteLater()  # no closeEvent: nothing is asked or cleaned up
    qtbot.waitUntil(lambda: not shiboken6.isValid(w), timeout=2000)


def close_at_the_end(request, w) -> None:
    """Close a window after the test unless it is gone (one that deletes itself on close)."""
    import shiboken6

    request.addfinalizer(lambda: shiboken6.isValid(w) and w.close())


def test_editor_done_when(qtbot, request, tmp_path, prompts, make_window, game_file):
    ask = DesignerPrompts()
    root = tmp_path / "map-autosave"
    w = open_map_editor(None, "standard", prompts=ask, autosave_root=root)
    assert w is not None
    close_at_the_end(request, w)
    w.resize(1200, 800)
    qtbot.waitExposed(w)
    activate(qtbot, w)
    w.view.fit()
    doc = w.doc
    assert doc.variant_id == "standard" and doc.builtin and not doc.modified
    before = state(doc)

    # -- a small change: Burgundy split in two with the split tool, the new part named -------
    QTest.keyClick(w.view, Qt.Key.Key_K)
    assert w.tool.name == "split"
    bur = doc.shape("bur")
    x0, y0, x1, y1 = bur.bounds
    cx = bur.representative_point().x
    cy = (y0 + y1) / 2
    line = [(cx, y0 - 8), (cx + 6, cy), (cx, y1 + 8)]
    assert shapely.LineString(line).crosses(bur)
    for x, y in line[:-1]:
        QTest.mouseClick(w.view.viewport(), LEFT, NONE, at(w, x, y))
    QTest.mouseDClick(w.view.viewport(), LEFT, NONE, at(w, *line[-1]))
    assert ask.asked == ["split bur"] and not ask.errors
    assert doc.has_province("lor") and doc.province("lor").name == "Lorraine"
    assert doc.shape("lor").centroid.x > doc.shape("bur").centroid.x  # the eastern part
    assert doc.shape("lor").area + doc.shape("bur").area == pytest.approx(bur.area, rel=1e-3)
    assert doc.adjacent("A", "bur", "lor") and doc.adjacent("A", "lor", "mun")
    assert w.selection == ("lor",) and doc.modified and w.isWindowModified()
    w.flush_checks()
    assert w.play_action.isEnabled(), w.play_action.toolTip()

    # -- saved as the user's own variant -----------------------------------------------------
    ask.identity = ("burgundy2", "Two Burgundies")
    QTest.keyClick(w.view, Qt.Key.Key_S, CTRL)
    folder = user_variants_dir() / "burgundy2"
    assert (folder / "variant.toml").is_file() and (folder / "map.svg").is_file()
    assert not doc.modified and not w.isWindowModified() and not doc.builtin
    assert "Saved Two Burgundies" in w.statusBar().currentMessage()
    # it is playable: listed as the user's, loads, has its map, and the checks find no error
    info = next(v for v in list_variants() if v.id == "burgundy2")
    assert not info.builtin
    variant = load_variant("burgundy2")
    assert variant.board.province("lor").name == "Lorraine"
    assert variant.board.adjacent(UnitType.ARMY, "lor", "mun")
    assert not variant.board.adjacent(UnitType.ARMY, "bur", "mun")  # Lorraine lies between
    assert playability(doc, w.problems)[0] and map_path("burgundy2") is not None

    # -- "Play this variant": a game on it, an order by clicks, a turn adjudicated -------------
    toolbar = next(tb for tb in w.findChildren(QToolBar) if w.play_action in tb.actions())
    button = toolbar.widgetForAction(w.play_action)
    QTest.mouseClick(button, LEFT)
    assert len(w._game_windows) == 1
    g = w._game_windows[0]
    assert isinstance(g, MainWindow)
    close_at_the_end(request, g)
    g.prompts = prompts  # the GM's answers from here on
    qtbot.waitExposed(g)
    activate(qtbot, g)
    g.view.fit()
    assert g.doc.variant.id == "burgundy2" and str(g.doc.position.phase) == "S1901M"
    assert g.layers is not None and "lor" in g.layers.geometry.ids
    g.set_power("Germany")
    map_click(g, "mun")
    assert "lor" in g.view.highlights.targets and "bur" not in g.view.highlights.targets
    map_click(g, "lor")
    g.set_power("France")
    map_click(g, "par")
    map_click(g, "bur")
    assert g.doc.orders("Germany") == ("A mun - lor",) and g.doc.orders("France") == ("A par - bur",)
    map_key(g.view, Qt.Key.Key_Return, CTRL)
    map_key(g.view, Qt.Key.Key_Escape)
    pos = g.doc.position
    assert str(pos.phase) == "F1901M" and not prompts.errors
    assert str(pos.units["lor"]) == "A lor" and pos.units["lor"].power == "Germany"
    assert str(pos.units["bur"]) == "A bur" and pos.units["bur"].power == "France"
    prompts.next_path = str(game_file)
    map_key(g.view, Qt.Key.Key_S, CTRL)
    assert game_file.is_file() and not g.doc.is_modified
    saved = g.doc.game.to_json()

    # -- undo in the editor restores the board exactly; redo gives the saved variant back --------
    activate(qtbot, w)
    while doc.undo_stack.canUndo():
        QTest.keyClick(w.view, Qt.Key.Key_Z, CTRL)
    assert state(doc) == before and not doc.has_province("lor")
    while doc.undo_stack.canRedo():
        QTest.keyClick(w.view, Qt.Key.Key_Z, CTRL | SHIFT)
    assert doc.has_province("lor") and not doc.modified

    # -- a crash with an unsaved edit: the variant opened again offers it back ------------------
    w.select(["lor"])
    panel = w.province_panel
    panel.name.selectAll()
    QTest.keyClicks(panel.name, "Lothringen")
    QTest.keyClick(panel.name, Qt.Key.Key_Return)
    assert doc.province("lor").name == "Lothringen" and doc.modified
    w.autosave()
    crash(qtbot, w)
    assert [o.name for o in find_map_orphans(folder_key(folder), root)] == ["Two Burgundies"]
    ask.recover_answer = "recover"
    w2 = open_map_editor(None, folder, prompts=ask, autosave_root=root)
    qtbot.addWidget(w2)
    assert ask.asked[-1] == "recover Two Burgundies"
    assert w2.doc.province("lor").name == "Lothringen" and w2.doc.modified
    assert w2.doc.folder == folder and w2.isWindowModified()
    assert "Recovered" in w2.statusBar().currentMessage()
    assert not find_map_orphans(folder_key(folder), root)  # taken over by the new window
    assert load_variant("burgundy2").board.province("lor").name == "Lorraine"  # not saved yet
    # a clean close asks to save and leaves no autosave behind
    ask.save_answer = "save"
    assert w2.close()
    assert load_variant("burgundy2").board.province("lor").name == "Lothringen"
    assert not w2.autosave_session.folder.exists()

    # -- a restart: a new app window opens the saved game at the same position ----------------
    assert g.close()
    again = make_window()
    assert again.open_file(game_file)
    assert again.doc.game.to_json() == saved
    assert str(again.doc.position.phase) == "F1901M"
    assert {p: str(u) for p, u in again.doc.position.units.items()} == {p: str(u) for p, u in pos.units.items()}
    assert [r.phase for r in again.doc.history] == ["S1901M"]
    assert again.layers is not None and "lor" in again.layers.geometry.ids
    assert os.path.samefile(again.doc.path, game_file)
