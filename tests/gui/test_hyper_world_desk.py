"""The world desk at its default sizes (1920 x 1080 and 1366 x 768, maximised): it opens on
Europe, its province names are 8 px high and more and cover neither each other nor a canal's
tag, the tags cover no tag, the nation sheets are a searchable list that keeps the sheet shown
in sight, and the desk opens again on the region and sheet the GM left it on."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QTabBar

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper import desk_layout
from diplodesk.gui.hyper.window import open_desk

SIZES = [(1920, 1080), (1366, 768)]


@pytest.fixture(scope="module")
def world(qapp):
    """One world desk for the module (opening one costs seconds); each test sizes it."""
    w = open_desk(HyperGameDocument.new("hypereconomic"), show=False)
    yield w
    w.doc.undo_stack.setClean()
    w.close()
    w.deleteLater()


def _at(w, size):
    from PySide6.QtWidgets import QApplication

    w.resize(*size)
    w.show()
    QApplication.processEvents()
    desk_layout.default_layout(w, *size)  # as show_maximised lays it out, once it has its size
    QApplication.processEvents()
    w.show_start()
    return w


def _world_desk(qtbot, size, doc):
    w = open_desk(doc, show=False)
    qtbot.addWidget(w)
    _at(w, size)
    qtbot.waitExposed(w)
    return w


def _tags(w) -> list[QRectF]:
    """The canal tags the stacks layer draws at the view's scale."""
    hp = w.layers.hp
    hp.map.sheet.use_scale(w.view.scale_now)
    return [p.rect for p in hp.stacks.plan(w.doc.position) if p.kind == "canal"]


def _boxes_meet(a, b) -> bool:
    return abs(a.x - b.x) < a.half_w + b.half_w and abs(a.y - b.y) < a.half_h + b.half_h


@pytest.mark.parametrize("size", SIZES)
def test_the_world_desk_opens_on_europe_with_names_8_px_high_that_cover_nothing(world, qtbot, size):
    w = _at(world, size)
    qtbot.waitExposed(w)
    assert w.region == "europe"
    scale = w.view.scale_now
    seen = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    x0, y0, x1, y1 = w.doc.variant.sheets["europe"].box
    assert seen.contains(QRectF(x0, y0, x1 - x0, y1 - y0).center())
    names = [b for b in w.layers.hp.screen_labels(scale, w.doc.position) if seen.contains(b.x, b.y)]
    assert len(names) >= 120  # Europe's names (a few of its smallest come back zoomed in)
    assert min(b.size * scale * 0.72 for b in names) >= 8.0  # the letters' cap height, in pixels
    assert not [(a.prov, b.prov) for i, a in enumerate(names) for b in names[i + 1:] if _boxes_meet(a, b)]
    tags = _tags(w)
    assert tags and not [1 for i, a in enumerate(tags) for b in tags[i + 1:] if a.intersects(b)]
    for t in tags:
        assert not [b.prov for b in names if t.intersects(QRectF(b.x - b.half_w, b.y - b.half_h, 2 * b.half_w,
                                                                  2 * b.half_h))]
    sheet = w.sheets[w.orders.current]
    assert sheet.editor.height() >= 120 and sheet.budget.isVisible()  # room to type, the budget whole
    assert w.view.viewport().width() * w.view.viewport().height() >= 0.45 * size[0] * size[1]


def test_at_world_zoom_the_canal_tags_cover_no_other_tag(world):
    w = _at(world, SIZES[1])
    w.show_whole()
    tags = _tags(w)
    assert len(tags) >= 4 and not [1 for i, a in enumerate(tags) for b in tags[i + 1:] if a.intersects(b)]


def test_the_sheets_are_a_searchable_list_not_a_hundred_tabs(world):
    w = _at(world, SIZES[1])
    assert len(w.picker.visible_givers()) == len(w.doc.givers) > 100
    assert not [t for t in w.findChildren(QTabBar) if t.count() > 10]
    w.picker.filter.setText("brit")  # a usual name the board lists
    assert "gbr" in w.picker.visible_givers()
    gbr = next(w.picker.list.item(i) for i in range(w.picker.list.count())
               if w.picker.list.item(i).text().startswith("United Kingdom"))
    assert gbr.text().endswith("— Britain")  # found by that name, and says so
    w.picker.filter.setText("turk")
    assert w.picker.visible_givers() == ["ott"]
    w.picker.filter.clear()


def test_the_sheet_list_puts_the_likeliest_first_and_enter_takes_it(world):
    w = _at(world, SIZES[1])
    for typed, first in (("brit", "gbr"), ("ger", "ger"), ("germ", "ger"), ("ita", "ita"), ("russia", "rus")):
        w.picker.filter.setText(typed)  # "ger" is inside Algeria, "brit" starts British India too
        assert w.picker.visible_givers()[0] == first, typed
        assert w.picker.list.currentItem().data(Qt.ItemDataRole.UserRole) == first  # marked for Enter
        w.picker.filter.returnPressed.emit()
        assert w.orders.current == first
    w.picker.filter.setText("brit")
    assert {"bin", "bbo", "bea"} <= set(w.picker.visible_givers()[1:])  # British India and the rest follow
    w.picker.filter.clear()
    assert w.picker.list.currentItem().data(Qt.ItemDataRole.UserRole) == "rus"  # the sheet shown, marked again


def test_the_sheet_list_keeps_the_sheet_shown_in_sight(qtbot):
    from PySide6.QtWidgets import QApplication

    w = _world_desk(qtbot, SIZES[1], HyperGameDocument.new("hypereconomic"))  # a desk just opened
    listed = w.picker.list
    assert listed.count() > 2 * listed.height() // max(1, listed.sizeHintForRow(0))  # a short list of many
    assert listed.shows(listed.currentItem()), w.orders.current  # the sheet it opens on
    givers = w.doc.givers
    for g in (givers[-1], givers[len(givers) // 2], givers[0], givers[len(givers) // 3]):
        w.show_sheet(g)  # a sheet made under the list shortens it after it was scrolled
        QApplication.processEvents()
        assert listed.currentItem().data(Qt.ItemDataRole.UserRole) == g
        assert listed.shows(listed.currentItem()), g
    w.doc.undo_stack.setClean()


def test_the_desk_opens_again_on_the_region_and_sheet_it_was_left_on(world, qtbot, tmp_path):
    w = _at(world, SIZES[1])
    w.show_region("asia")
    w.show_sheet("jpn")
    assert w._save_to(tmp_path / "world.json")
    again = _world_desk(qtbot, SIZES[1], HyperGameDocument.open(tmp_path / "world.json"))
    assert again.region == "asia" and again.orders.current == "jpn"
    w.doc.game.settings.pop(desk_layout.KEY)  # a game that kept none opens where the GM looked last
    assert desk_layout.start_region(w) == "asia"
    w.show_region("europe")


def test_a_desk_opens_maximised_to_the_screen_s_available_size(qtbot):
    from hyperboards import desk_game

    w = open_desk(HyperGameDocument(desk_game()))
    qtbot.addWidget(w)
    area = w.screen().availableGeometry()
    qtbot.waitUntil(lambda: w.isMaximized() or w.size() == area.size(), timeout=3000)
    assert w.width() >= area.width() - 2 and w.height() >= area.height() - 2
