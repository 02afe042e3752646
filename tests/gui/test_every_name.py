"""Every name, all the time: at each default window size (1920 x 1080 maximised, 1366 x 768)
a new game of each standard-size board draws every province's name, capitals at least 8 px
tall, under no unit and no other name, on the map; the map is fitted both ways and has two
thirds of the window. Counted as a person would: from the drawn glyphs' outlines."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from diplodesk.document.game_document import GameDocument
from diplodesk.gui.main_window import MainWindow
from diplodesk.render.legibility import measure

# the window's inside when maximised: a title bar and a task bar (about 30 px each) off the screen
DEFAULT_SIZES = {"1920x1080": (1920, 1020), "1366x768": (1366, 708)}
BOARDS = ["standard", "loeb9", "colonial", "woolworth2a"]


def open_at(qtbot, tmp_path, variant: str, size: tuple[int, int], doc: GameDocument | None = None) -> MainWindow:
    """A window opened the first time (no saved layout) at ``size``, its game shown."""
    settings = QSettings(str(tmp_path / f"{variant}.ini"), QSettings.Format.IniFormat)
    w = MainWindow(doc or GameDocument.new(variant), settings=settings, restore_layout=False)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.mark.parametrize("variant", BOARDS)
@pytest.mark.parametrize("screen", sorted(DEFAULT_SIZES))
def test_every_name_is_drawn_readable_and_uncovered(qtbot, tmp_path, variant, screen):
    w = open_at(qtbot, tmp_path, variant, DEFAULT_SIZES[screen])
    seen = measure(w.view.sheet, w.view.scale_now, w.doc.position)
    assert seen.drawn == seen.total, seen.line()
    assert seen.cap_px >= 8.0 and not seen.small, seen.line()
    assert not seen.covered, seen.covered
    assert not seen.overlapping, seen.overlapping
    assert not seen.clipped, seen.clipped
    w.doc.undo_stack.setClean()


@pytest.mark.parametrize("screen", sorted(DEFAULT_SIZES))
def test_the_map_is_fitted_both_ways_and_keeps_most_of_the_window(qtbot, tmp_path, screen):
    width, height = DEFAULT_SIZES[screen]
    w = open_at(qtbot, tmp_path, "standard", (width, height))
    vp = w.view.viewport().rect()
    assert vp.width() * vp.height() >= 0.6 * width * height
    drawn = w.view.mapFromScene(w.view.sceneRect()).boundingRect()
    # the map touches two opposite sides of the view and is centred between the other two
    assert abs(drawn.width() - vp.width()) <= 4 or abs(drawn.height() - vp.height()) <= 4
    assert abs(drawn.center().x() - vp.center().x()) <= 3 and abs(drawn.center().y() - vp.center().y()) <= 3
    w.doc.undo_stack.setClean()


def test_after_adjudication_the_names_stay_clear_of_the_units_that_moved(qtbot, tmp_path):
    doc = GameDocument.new("standard")
    doc.set_orders({"England": ["F lon - eng", "F edi - nth", "A lvp - yor"], "France": ["A par - bur", "F bre - mao"],
                    "Germany": ["A mun - ruh", "F kie - hol"], "Italy": ["A ven - pie", "F nap - ion"],
                    "Austria": ["A vie - gal", "F tri - alb"], "Russia": ["A war - ukr", "F sev - bla"],
                    "Turkey": ["A con - bul", "F ank - arm"]})
    doc.process()
    w = open_at(qtbot, tmp_path, "standard", DEFAULT_SIZES["1366x768"], doc)
    seen = measure(w.view.sheet, w.view.scale_now, w.doc.position)
    assert seen.readable, seen.line()
    w.doc.undo_stack.setClean()
