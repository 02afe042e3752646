"""The map editor window, driven as a designer would: mouse events on the map view's
viewport (at points taken from the document's own geometry, mapped through the view), keys,
and the side panels. Every edit must undo to the exact board."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6.QtWidgets")

import shapely  # noqa: E402
from gui_helpers import EditorPrompts, show_ready  # noqa: E402
from mapboards import grid_doc, state
from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from diplodesk.document.map_document import (  # noqa: E402
    MapDocument,
)
from diplodesk.engine.board import UnitType  # noqa: E402
from diplodesk.gui.editor import MapEditorWindow, open_map_editor  # noqa: E402
from diplodesk.gui.editor.autosave import MapAutosave  # noqa: E402
from diplodesk.paths import user_variants_dir  # noqa: E402
from diplodesk.variants import load_variant, map_path  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def prompts():
    return EditorPrompts()


@pytest.fixture
def make_editor(qtbot, tmp_path, prompts):
    def make(doc: MapDocument) -> MapEditorWindow:
        return show_ready(qtbot, MapEditorWindow(doc, prompts=prompts, autosave_root=tmp_path / "autosave"),
                          1200, 800)

    return make


def at(w: MapEditorWindow, x: float, y: float) -> QPoint:
    """A map point as a point of the view's viewport."""
    return w.view.mapFromScene(QPointF(x, y))


def click(w: MapEditorWindow, x: float, y: float, mods=NONE) -> None:
    QTest.mouseClick(w.view.viewport(), LEFT, mods, at(w, x, y))


def key(w: MapEditorWindow, k, mods=NONE) -> None:
    QTest.keyClick(w.view, k, mods)


needs_standard = pytest.mark.skipif(map_path("standard") is None, reason="no standard map")


# -- split and merge with the mouse, undone exactly ---------------------------------------------


@needs_standard
def test_split_spain_with_the_mouse_and_undo_restores_the_board(make_editor, prompts):
    doc = MapDocument.open("standard")
    before = state(doc)
    w = make_editor(doc)
    key(w, Qt.Key.Key_K)  # the split tool
    assert w.tool.name == "split"
    # a line down through Spain, from beyond its northern border to beyond its southern one
    spain = doc.shape("spa")
    x0, y0, x1, y1 = spain.bounds
    cx, cy = spain.representative_point().x, spain.representative_point().y
    line = [(cx, y0 - 8), (cx + 12, cy), (cx, y1 + 8)]
    assert shapely.LineString(line).crosses(spain)
    prompts.split_answer = {"id": "mad", "name": "Madrid", "kind": None, "part": "smaller"}
    for x, y in line[:-1]:
        click(w, x, y)
    QTest.mouseDClick(w.view.viewport(), LEFT, NONE, at(w, *line[-1]))
    assert prompts.asked == ["split spa"]
    assert doc.has_province("mad") and doc.province("mad").name == "Madrid"
    assert doc.shape("mad").area + doc.shape("spa").area == pytest.approx(spain.area, rel=1e-3)
    assert doc.shape("mad").area < doc.shape("spa").area  # the smaller part is the new one
    assert doc.adjacent("A", "mad", "spa")
    assert w.selection == ("mad",)
    # the adjacency panel shows the change
    assert "Split" in w.adjacency_panel.title.text()
    assert w.adjacency_panel.tree.topLevelItemCount() > 0
    key(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert state(doc) == before
    assert not doc.modified
    key(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert doc.has_province("mad")


@needs_standard
def test_merge_belgium_into_holland_with_the_mouse_and_undo(make_editor):
    doc = MapDocument.open("standard")
    before = state(doc)
    w = make_editor(doc)
    w.tool_actions["merge"].trigger()  # the toolbar button
    assert w.tool.name == "merge"
    hol, bel = doc.anchor("unit", "hol"), doc.anchor("unit", "bel")
    area = doc.shape("hol").area + doc.shape("bel").area
    click(w, *hol)
    assert w.scene.picked == ("hol",)
    click(w, *bel)
    assert not doc.has_province("bel")
    assert doc.shape("hol").area == pytest.approx(area, rel=1e-3)
    assert doc.adjacent("A", "hol", "pic") and doc.adjacent("F", "eng", "hol")
    w.undo_action.trigger()
    assert state(doc) == before


# -- vertices ---------------------------------------------------------------------------------


def test_dragging_a_shared_point_moves_both_provinces(make_editor):
    doc = grid_doc()
    before = state(doc)
    w = make_editor(doc)
    click(w, 100, 250)  # select eee
    assert w.selection == ("eee",)
    key(w, Qt.Key.Key_E)
    vp = w.view.viewport()
    QTest.mousePress(vp, LEFT, NONE, at(w, 200, 300))
    QTest.mouseMove(vp, at(w, 210, 290))
    QTest.mouseMove(vp, at(w, 220, 280))
    QTest.mouseRelease(vp, LEFT, NONE, at(w, 220, 280))
    moved = shapely.Point(220, 280)
    for pid in ("eee", "fff"):
        assert shapely.distance(shapely.MultiPoint(shapely.get_coordinates(doc.shape(pid))), moved) < 1.5
    assert shapely.coverage_is_valid([doc.shape("eee"), doc.shape("fff")])
    # double-click an edge adds a point; Delete takes it away again
    n = len(shapely.get_coordinates(doc.shape("eee")))
    QTest.mouseDClick(vp, LEFT, NONE, at(w, 0, 250))  # on its western edge
    assert len(shapely.get_coordinates(doc.shape("eee"))) == n + 1
    key(w, Qt.Key.Key_Delete)
    assert len(shapely.get_coordinates(doc.shape("eee"))) == n
    while doc.undo_stack.canUndo():
        w.undo_action.trigger()
    assert state(doc) == before


# -- panels ------------------------------------------------------------------------------------


def test_property_edits_in_the_panel_are_undoable(make_editor):
    doc = grid_doc()
    w = make_editor(doc)
    click(w, 50, 150)
    assert w.selection == ("aaa",)
    panel = w.province_panel
    assert panel.name.text() == "Aaa"
    panel.name.selectAll()
    QTest.keyClicks(panel.name, "Alpha")
    QTest.keyClick(panel.name, Qt.Key.Key_Return)
    assert doc.province("aaa").name == "Alpha"
    panel.center.click()  # no longer a supply centre
    assert not doc.province("aaa").center
    assert doc.undo_stack.count() == 2
    w.undo_action.trigger()
    w.undo_action.trigger()
    assert doc.province("aaa").name == "Aaa" and doc.province("aaa").center
    assert panel.name.text() == "Aaa" and panel.center.isChecked()
    assert not doc.modified


def test_a_failed_edit_says_why_and_changes_nothing(make_editor, prompts):
    doc = grid_doc()
    before = state(doc)
    w = make_editor(doc)
    click(w, 50, 150)
    panel = w.province_panel
    panel.id.selectAll()
    QTest.keyClicks(panel.id, "bbb")  # the id of another province
    QTest.keyClick(panel.id, Qt.Key.Key_Return)
    assert "already a province" in w.statusBar().currentMessage()
    assert w.last_error and "bbb" in w.last_error
    assert panel.id.text() == "aaa"  # the field shows the model again
    assert doc.undo_stack.count() == 0 and state(doc) == before
    # a split that cuts nothing: a message, no dialog, no edit
    w.set_tool("split")
    click(w, 20, 20)
    QTest.mouseDClick(w.view.viewport(), LEFT, NONE, at(w, 60, 40))
    assert "does not cut" in w.statusBar().currentMessage() or "crosses no" in w.statusBar().currentMessage()
    assert prompts.asked == [] and state(doc) == before


def test_clicking_a_check_zooms_to_it(make_editor, qtbot):
    from diplodesk.document import map_commands as mc

    doc = grid_doc()
    w = make_editor(doc)
    assert w.checks_panel.list.count() == 0 and w.play_action.isEnabled()
    assert w.push(lambda: mc.RemoveAnchorCommand(doc, "center-ccc"))  # ccc's marker goes
    qtbot.waitUntil(lambda: w.checks_panel.list.count() > 0, timeout=3000)
    problem = w.checks_panel.problems[0]
    assert problem.code == "center-without-marker" and "ccc" in problem.ids
    before = w.view.visible_rect()
    lst = w.checks_panel.list
    item = lst.item(0)
    QTest.mouseClick(lst.viewport(), LEFT, NONE, lst.visualItemRect(item).center())
    after = w.view.visible_rect()
    assert after.width() < before.width() * 0.8
    x0, y0, x1, y1 = problem.bounds
    assert after.contains(QPointF((x0 + x1) / 2, (y0 + y1) / 2))
    assert w.selection == ("ccc",)


# -- specials and pins -----------------------------------------------------------------------------


def test_difficult_border_and_pin_by_clicking_two_provinces(make_editor):
    doc = grid_doc()
    before = state(doc)
    w = make_editor(doc)
    key(w, Qt.Key.Key_D)
    click(w, 150, 150)
    click(w, 150, 250)
    assert [sp.kind for sp in doc.specials] == ["difficult"]
    assert len(w.scene.specials) == 1
    w.set_tool("override")
    w.state_combo.setCurrentIndex(1)  # remove the pair
    click(w, 50, 250)
    click(w, 350, 250)
    assert not doc.adjacent("A", "eee", "fff")
    assert doc.overrides == {("A", "eee", "fff"): False}
    w.undo_action.trigger()
    w.undo_action.trigger()
    assert state(doc) == before


# -- saving, playing, autosave and recovery ------------------------------------------------------------


def test_save_writes_a_user_variant_the_app_can_load(make_editor, prompts):
    doc = grid_doc()
    w = make_editor(doc)
    click(w, 50, 250)
    w.province_panel.name.setText("Eastmarch")
    w.province_panel.name.editingFinished.emit()
    assert doc.modified and w.isWindowModified()
    prompts.identity = ("gridx", "Grid X")
    key(w, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    folder = user_variants_dir() / "gridx"
    assert (folder / "variant.toml").is_file() and (folder / "map.svg").is_file()
    assert not doc.modified and not w.isWindowModified()
    variant = load_variant("gridx")
    assert variant.board.province("eee").name == "Eastmarch"
    assert variant.board.adjacent(UnitType.ARMY, "eee", "fff")


def test_play_is_refused_with_the_reasons_while_the_map_has_errors(make_editor, prompts):
    from diplodesk.document import map_commands as mc

    doc = grid_doc()
    w = make_editor(doc)
    played = []
    w.on_play = played.append
    assert w.push(lambda: mc.SetProvinceCommand(doc, "eee", home="Red"))  # a home that is no centre
    w.flush_checks()
    assert not w.play_action.isEnabled()
    assert "not a supply centre" in w.play_action.toolTip()
    w.play()
    assert played == [] and prompts.errors and "Not playable" in prompts.errors[-1][0]
    w.undo_action.trigger()
    w.flush_checks()
    assert w.play_action.isEnabled()
    prompts.identity = ("gridp", "Grid P")
    w.play()
    assert played == [user_variants_dir() / "gridp"]


def test_an_autosave_is_offered_back_after_a_crash(qtbot, tmp_path, prompts):
    from diplodesk.document import map_commands as mc

    folder = tmp_path / "mine"
    grid_doc().save(folder)
    root = tmp_path / "autosave"
    w = open_map_editor(None, folder, prompts=prompts, autosave_root=root, show=False)
    qtbot.addWidget(w)
    assert w.push(lambda: mc.SetProvinceCommand(w.doc, "fff", name="Farland"))
    w.autosave()
    # the editor dies: its lock goes with its process, its autosave stays
    crashed = w.autosave_session
    crashed.lock.unlock()
    w.autosave_session = MapAutosave(tmp_path / "elsewhere")
    prompts.recover_answer = "recover"
    w2 = open_map_editor(None, folder, prompts=prompts, autosave_root=root, show=False)
    qtbot.addWidget(w2)
    assert prompts.asked == ["recover"]
    assert w2.doc.province("fff").name == "Farland" and w2.doc.modified
    assert w2.doc.folder == folder and not crashed.folder.exists()
    # a clean close asks to save, and leaves no autosave behind
    w2.close()
    assert prompts.asked[-1] == "save"
    assert not w2.autosave_session.folder.exists()


def test_wheel_zooms_around_the_cursor_and_the_middle_button_pans(make_editor):
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    w = make_editor(grid_doc())
    vp = w.view.viewport()
    spot = at(w, 300, 150)
    scale = w.view.scale_now
    wheel = QWheelEvent(QPointF(spot), QPointF(vp.mapToGlobal(spot)), QPoint(), QPoint(0, 240),
                        Qt.MouseButton.NoButton, NONE, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(vp, wheel)
    assert w.view.scale_now == pytest.approx(scale * 1.25 ** 2)
    under = w.view.mapToScene(spot)
    assert (under.x(), under.y()) == pytest.approx((300, 150), abs=2)
    centre = w.view.visible_rect().center()
    QTest.mousePress(vp, Qt.MouseButton.MiddleButton, NONE, spot)
    QTest.mouseMove(vp, spot + QPoint(-60, 0))
    QTest.mouseRelease(vp, Qt.MouseButton.MiddleButton, NONE, spot + QPoint(-60, 0))
    assert w.view.visible_rect().center().x() > centre.x() + 10
    assert w.doc.undo_stack.count() == 0  # panning edits nothing
    key(w, Qt.Key.Key_0)
    assert w.view.scale_now == pytest.approx(scale)


def test_the_main_window_opens_the_editor_on_its_variant(window):
    window.open_map_editor()
    editor = window.editors[-1]
    assert editor.doc.variant_id == "standard"
    editor.close()
    assert window._open_editors() == []


def test_the_editor_draws_every_name_at_fit_with_a_toggle_and_keys_its_colours(make_editor):
    from PySide6.QtWidgets import QLabel

    from diplodesk.render.detail import FLOOR_CAP_PX

    w = make_editor(MapDocument.open("standard"))
    w.resize(1366, 708)
    w.view.fit()
    labels = w.scene.labels
    assert w.names_action.isChecked() and labels.show_names
    before = w.view.viewport().grab().toImage()
    w.names_action.setChecked(False)
    assert not labels.show_names
    w.view.viewport().repaint()
    after = w.view.viewport().grab().toImage()
    assert before != after  # the names were drawn, and the toggle takes them off
    w.names_action.setChecked(True)
    from diplodesk.render.detail import CAP_OF_SIZE, FLOOR_LABEL_PX

    assert FLOOR_LABEL_PX * CAP_OF_SIZE >= FLOOR_CAP_PX
    key = w.findChild(QLabel, "kind-key")
    assert key is not None and "land only" in key.text() and "#e2d3a6" in key.text()
