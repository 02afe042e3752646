"""The Results dock as a GM reads it at the default window size: tall enough to read, lines
grouped by power and sorted by a click on a header, a Detail on every line, unused builds
told, its size remembered; and the unordered-units question can be told to stop asking."""

from __future__ import annotations

from gui_helpers import show_ready
from PySide6.QtCore import QSettings, Qt

from diplodesk.document.game_document import GameDocument
from diplodesk.gui.results_dock import ResultsDock

SPRING = {"Austria": ["A vie - gal", "A bud S A vie - gal"], "Russia": ["A war - gal"],
          "England": ["F lon - nth"]}


def column(dock, name: str) -> list[str]:
    c = ResultsDock.COLUMNS.index(name)
    return [dock.table.item(r, c).text() for r in range(dock.table.rowCount())]


def adjudicated(make_window, orders=SPRING):
    doc = GameDocument.new()
    doc.set_orders(orders)
    w = make_window(doc)
    w.prompts.confirm_answer = True
    w.adjudicate()
    return w


def test_the_dock_starts_tall_enough_to_read_with_a_separator_to_drag(qtbot, tmp_path, prompts):
    from diplodesk.gui.main_window import MainWindow

    w = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                   prompts=prompts, restore_layout=True)
    show_ready(qtbot, w, 1440, 920)
    w.results_dock.raise_()  # its tab, beside history's (adjudicating raises it)
    qtbot.waitUntil(lambda: w.results_dock.table.isVisible())
    table = w.results_dock.table
    rows_shown = (table.viewport().height()) // table.verticalHeader().defaultSectionSize()
    assert rows_shown >= 6
    assert w.view.height() > w.results_dock.height()  # the map keeps the larger part
    assert "separator { width: 7px" in w.styleSheet()


def test_at_1366_x_768_each_result_is_in_view_without_scrolling(qtbot, tmp_path, prompts):
    """In the narrow column of docks beside the map, what became of an order is read first:
    the Result column lies inside the table's view as the window first opens."""
    from diplodesk.gui.main_window import MainWindow

    doc = GameDocument.new()
    doc.set_orders(SPRING)
    w = MainWindow(doc, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                   prompts=prompts, restore_layout=False)
    show_ready(qtbot, w, 1366, 708)
    w.prompts.confirm_answer = True
    w.adjudicate()
    w.results_dock.raise_()
    qtbot.waitUntil(lambda: w.results_dock.table.isVisible())
    table = w.results_dock.table
    header = table.horizontalHeader()
    result = ResultsDock.COLUMNS.index("Result")
    right = header.sectionViewportPosition(result) + header.sectionSize(result)
    assert 0 <= header.sectionViewportPosition(result) and right <= table.viewport().width(), (right, table.viewport().width())


def test_lines_are_grouped_by_power_and_sorted_by_a_header_click(make_window):
    w = adjudicated(make_window)
    dock = w.results_dock
    powers = column(dock, "Power")
    assert powers == sorted(powers) and len(powers) == 22
    austria = [u for p, u in zip(powers, column(dock, "Unit"), strict=True) if p == "Austria"]
    assert austria == ["A bud", "A vie", "F tri"]
    header = dock.table.horizontalHeader()
    assert [ResultsDock.COLUMNS[header.logicalIndex(i)] for i in range(header.count())] == ResultsDock.SHOWN
    assert header.visualIndex(ResultsDock.COLUMNS.index("Unit")) == 1  # shown second
    header.sectionClicked.emit(ResultsDock.COLUMNS.index("Result"))
    results = column(dock, "Result")
    assert results == sorted(results) and results[0] == "fails"
    header.sectionClicked.emit(ResultsDock.COLUMNS.index("Result"))  # again: the other way
    assert column(dock, "Result") == sorted(results, reverse=True)
    header.sectionClicked.emit(ResultsDock.COLUMNS.index("Unit"))
    assert column(dock, "Unit") == sorted(column(dock, "Unit"))


def test_every_line_has_a_detail_and_why_follows_the_sorted_line(make_window):
    w = adjudicated(make_window)
    dock = w.results_dock
    assert all(column(dock, "Detail"))
    dock.sort_by(ResultsDock.COLUMNS.index("Result"))
    row = column(dock, "Read as").index("A bud S A vie - gal")
    assert dock.show_why(row).startswith("A bud S A vie - gal succeeds")
    assert dock.why.isVisible()


def test_unused_builds_get_a_line_in_the_dock(make_window):
    doc = GameDocument.new()
    doc.set_orders({"Russia": ["A war - gal", "F sev - rum"], "Austria": ["A bud - ser"]})
    doc.process()
    doc.process()
    doc.set_orders({"Austria": ["A ser H"], "Russia": ["A gal H"]})
    assert str(doc.position.phase) == "W1901A"
    doc.set_orders({"Austria": ["Build A bud"]})
    w = make_window(doc)
    w.adjudicate()
    dock = w.results_dock
    lines = column(dock, "Read as")
    assert "Russia: 1 build unused" in lines
    assert "Russia: 1 build unused" in dock.heading.text()
    detail = column(dock, "Detail")[lines.index("Russia: 1 build unused")]
    assert detail == "Russia could build 1 and built 0; 1 not ordered, so not built"


def test_the_splitter_between_lines_and_why_is_remembered(qtbot, tmp_path, prompts):
    from diplodesk.gui.main_window import MainWindow

    ini = str(tmp_path / "layout.ini")
    doc = GameDocument.new()
    doc.set_orders(SPRING)
    doc.process()
    w = MainWindow(doc, settings=QSettings(ini, QSettings.Format.IniFormat), prompts=prompts, restore_layout=True)
    show_ready(qtbot, w, 1440, 920)
    w.show_phase(0)
    dock = w.results_dock
    assert not dock.why.isVisible()  # until a line is asked about
    dock.raise_()  # its tab, as after Adjudicate (history's was in front)
    qtbot.waitUntil(lambda: dock.table.height() > 200)
    dock.show_why(0)
    assert dock.why.isVisible() and dock.splitter.sizes()[1] > 150  # below the lines in the column
    dock.splitter.moveSplitter(dock.splitter.sizes()[0] - 80, 1)  # the GM drags it wider
    tall = dock.splitter.sizes()[1]
    assert tall == dock.why_width and tall > 250
    assert w.close()
    w2 = MainWindow(GameDocument.new(), settings=QSettings(ini, QSettings.Format.IniFormat), prompts=prompts,
                    restore_layout=True)
    show_ready(qtbot, w2, 1440, 920)
    w2.doc.set_orders(SPRING)
    w2.adjudicate()
    w2.results_dock.show_why(0)
    assert w2.results_dock.splitter.sizes()[1] == tall
    table = w2.results_dock.table  # the lines keep a good part of the dock
    assert table.viewport().height() // table.verticalHeader().defaultSectionSize() >= 4


def test_dont_ask_again_stops_the_unordered_question_and_the_game_menu_brings_it_back(make_window, prompts):
    doc = GameDocument.new()
    doc.set_orders({"Austria": ["A vie - gal"]})
    w = make_window(doc)
    assert w.act_ask_unordered.isChecked()
    prompts.stop_asking_answer = True
    w.adjudicate()
    assert len(prompts.confirms) == 1 and len(w.doc.history) == 1
    assert not w.act_ask_unordered.isChecked()
    w.adjudicate()  # fall 1901: nobody ordered, nobody asked
    assert len(prompts.confirms) == 1 and len(w.doc.history) == 2
    w.act_ask_unordered.trigger()  # the preference, on again
    assert w.act_ask_unordered.isChecked() and w.ask_unordered
    w.undo()
    prompts.stop_asking_answer = False
    prompts.confirm_answer = False
    w.adjudicate()
    assert len(prompts.confirms) == 2 and len(w.doc.history) == 1


def test_the_preference_is_kept_in_the_settings(make_window, prompts):
    w = make_window()
    w.set_ask_unordered(False)
    w2 = make_window()
    assert not w2.ask_unordered and not w2.act_ask_unordered.isChecked()
    assert Qt  # the settings file is shared by the windows of one test
