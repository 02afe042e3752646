"""The game map at the window's Fit zoom: readable units and labels, labels that click as
their province, nothing cut off at the edge, zoom kept with the game, fog that reads as
fog, and a word in the status bar on a click that gives no order."""

from __future__ import annotations

from gui_helpers import click, key
from PySide6.QtCore import QPointF, QRectF, QSettings, Qt
from PySide6.QtTest import QTest

from diplodesk.document import commands as cmd
from diplodesk.document.game_document import GameDocument
from diplodesk.document.power_view import phase_view
from diplodesk.gui.main_window import MainWindow
from diplodesk.gui.map_view import Highlights
from diplodesk.render import detail


def test_at_fit_units_and_drawn_labels_are_readable(make_window):
    w = make_window()
    w.resize(1440, 920)
    w.view.fit()
    sheet = w.view.sheet
    scale = w.view.scale_now
    sheet.use_scale(scale)
    assert sheet.g * scale >= detail.MIN_UNIT_PX
    plan = sheet.label_plan()
    assert len(plan) >= 30  # the big provinces keep their labels
    assert all(b.size * scale >= detail.FLOOR_LABEL_PX for b in plan)  # shrunk no further than the floor


def test_a_label_drawn_beside_its_province_clicks_as_its_own(window):
    w = window
    w.resize(1366, 708)
    v = w.view
    v.fit()
    sheet = v.sheet
    sheet.use_scale(v.scale_now)
    # a name the plan set beside its crowded province, with a leader line
    box = next(b for b in sheet.label_plan() if b.leader is not None and b.prov in w.doc.position.units
               and v.geometry_.province_at(b.x, b.y) != b.prov)
    assert v.province_at(QPointF(box.x, box.y)) == box.prov
    w.set_power(w.doc.position.units[box.prov].power)
    QTest.mouseClick(v.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     v.mapFromScene(QPointF(box.x, box.y)))
    assert v.highlights.selected == box.prov


def test_a_fleet_on_the_boards_edge_is_drawn_whole(window):
    v = window.view
    v.fit()
    sheet = v.sheet
    sheet.use_scale(v.scale_now)
    c = sheet.unit_point("stp/nc")
    half = sheet.g * 0.62
    assert v.sceneRect().contains(QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half))
    seen = v.mapToScene(v.viewport().rect()).boundingRect()
    assert seen.contains(QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half))


def test_zoom_and_scroll_survive_save_and_reopen(make_window, qtbot, tmp_path, prompts):
    w = make_window()
    w.view.zoom_by(2.0, w.view.viewport_point("vie"))
    zoom = w.view.zoom
    centre = w.view.mapToScene(w.view.viewport().rect().center())
    path = tmp_path / "game.json"
    assert w._save_to(path)
    settings = QSettings(str(tmp_path / "again.ini"), QSettings.Format.IniFormat)
    again = MainWindow(GameDocument.open(path), settings=settings, prompts=prompts, restore_layout=False)
    qtbot.addWidget(again)
    again.resize(1400, 900)
    again.show()
    qtbot.waitExposed(again)
    assert abs(again.view.zoom - zoom) < 0.01
    c = again.view.mapToScene(again.view.viewport().rect().center())
    assert abs(c.x() - centre.x()) < 3 and abs(c.y() - centre.y()) < 3


def test_a_new_game_opens_fitted(make_window):
    w = make_window()
    assert abs(w.view.zoom - 1.0) < 1e-6
    assert w.view.view_state() == {"zoom": 1.0, "fit": True}


def test_a_click_that_gives_no_order_says_why(window):
    w = window
    w.set_power("Austria")
    click(w, "vie")
    click(w, "lon", "label")
    assert "does not border" in w.statusBar().currentMessage()
    assert w.view.highlights.selected == "vie"  # still ready to move
    key(w.view, Qt.Key.Key_Escape)
    click(w, "tri")
    click(w, "boh", "label")
    assert "fleet cannot go inland" in w.statusBar().currentMessage()


def test_fog_greys_what_a_power_cannot_see_and_leaves_units_visible(window):
    w = window
    w.set_document(GameDocument.new("standard", ("blind",)))
    w.push(cmd.SetOrdersCommand(w.doc, {"Austria": ["A vie - gal"], "Russia": ["A war - gal"]}))
    before = w.doc.position
    view = phase_view(before, "Austria", after=True)
    assert view.fog and "lon" in view.fog and "vie" not in view.fog
    assert not {p.partition("/")[0] for p in view.position.units} & view.fog  # no unit under fog
    v = w.view
    v.set_content(before)
    v.set_highlights(Highlights())
    v.viewport().repaint()
    at = v.viewport_point("lon")
    plain = v.viewport().grab().toImage().pixelColor(at)
    v.set_highlights(Highlights(fog=frozenset(before.board.provinces)))
    v.viewport().repaint()
    fogged = v.viewport().grab().toImage().pixelColor(at)
    assert fogged == plain  # the fleet in London is drawn over the fog
