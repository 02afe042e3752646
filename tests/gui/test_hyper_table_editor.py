"""The table editor, as a GM uses it: type a cell, undo, import a CSV, change a rule mid-game."""

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from diplodesk.document.hyper_desk import game_tables
from diplodesk.document.hyper_tables import TableSet
from diplodesk.engine import load_variant
from diplodesk.engine.game import Game
from diplodesk.gui.hyper.game_view import HyperGameView, TablesView
from diplodesk.gui.hyper.table_editor import TableEditor

MINI = Path(__file__).resolve().parents[2] / "examples" / "hyper-mini"


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(MINI, tmp_path / "mini")
    return tmp_path / "mini"


def open_tab(editor: TableEditor, table: str):
    names = list(editor.tables.files)
    editor.tabs.setCurrentIndex(names.index(editor.tables.find(table).name))
    return editor.models[editor.tables.find(table).name]


def cell(model, row_label: str, column: str):
    rows = [r.label for r in model.grid.rows]
    return model.index(rows.index(row_label), model.grid.columns.index(column))


def test_an_edit_then_ctrl_z_leaves_the_toml_byte_identical(qtbot, folder):
    tables = TableSet.open(folder)
    editor = TableEditor(tables, TablesView())
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    editor.activateWindow()
    qtbot.waitUntil(editor.isActiveWindow, timeout=2000)
    t1 = open_tab(editor, "T1")
    editor.tabs.currentWidget().setFocus()
    before = (folder / "tables" / "t01-build-costs.toml").read_bytes()
    assert t1.setData(cell(t1, "item.D", "gold"), "2.5")
    assert t1.data(cell(t1, "item.D", "gold")) == "2.5"
    assert "edited by the GM" in t1.data(cell(t1, "item.D", "gold"), Qt.ToolTipRole)
    qtbot.keyClick(editor.tabs.currentWidget(), Qt.Key_Z, Qt.ControlModifier)
    assert t1.data(cell(t1, "item.D", "gold")) == "1"
    tables.save()
    assert (folder / "tables" / "t01-build-costs.toml").read_bytes() == before
    qtbot.keyClick(editor.tabs.currentWidget(), Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert t1.data(cell(t1, "item.D", "gold")) == "2.5"


def test_a_value_the_engine_refuses_is_refused_with_its_message(qtbot, folder):
    editor = TableEditor(TableSet.open(folder), TablesView())
    qtbot.addWidget(editor)
    t7 = open_tab(editor, "T7")
    assert not t7.setData(cell(t7, "needed[1]", "1"), "-1")
    assert "table T7" in editor.message.text() and "needed[1][1]" in editor.message.text()
    assert not editor.tables.modified


def test_a_cell_shows_its_status_source_and_effective_from(qtbot, folder):
    editor = TableEditor(TableSet.open(folder), TablesView())
    qtbot.addWidget(editor)
    t1 = open_tab(editor, "T1")
    tip = t1.data(cell(t1, "item.FF", "I"), Qt.ToolTipRole)
    assert "status: published" in tip and "source: diplodesk provisional pack 1" in tip
    assert "effective from: W1914M" in tip
    assert t1.data(cell(t1, "item.D", "I"), Qt.BackgroundRole).color().name() == "#fff3c4"


def test_csv_export_then_import_of_a_changed_file_is_one_undo(qtbot, folder, tmp_path):
    view = TablesView()
    editor = TableEditor(TableSet.open(folder), view)
    qtbot.addWidget(editor)
    t1 = open_tab(editor, "T1")
    editor.export_to(tmp_path / "t1.csv")
    text = (tmp_path / "t1.csv").read_text().replace("item.T,2,6,1,6", "item.T,3,7,1,6")
    (tmp_path / "t1.csv").write_text(text)
    assert editor.import_from(tmp_path / "t1.csv")
    assert t1.data(cell(t1, "item.T", "M")) == "7"
    view.undo_stack.undo()
    assert t1.data(cell(t1, "item.T", "M")) == "6" and not editor.tables.modified


def test_a_bad_csv_is_refused_with_its_line_and_column(qtbot, folder, tmp_path):
    editor = TableEditor(TableSet.open(folder), TablesView())
    qtbot.addWidget(editor)
    open_tab(editor, "T1")
    (tmp_path / "bad.csv").write_text("row,gold\nitem.D,lots\n")
    assert not editor.import_from(tmp_path / "bad.csv")
    assert editor.message.text() == "bad.csv, line 2, column 2 (gold): 'lots' is not a number"


def test_differences_from_the_bundled_pack_are_bold_with_the_bundled_value(qtbot, folder):
    tables = TableSet.open(folder)
    baseline = {n: f.data for n, f in tables.files.items()}
    editor = TableEditor(tables, TablesView(), baseline=baseline)
    qtbot.addWidget(editor)
    t1 = open_tab(editor, "T1")
    t1.setData(cell(t1, "item.S", "I"), "9")
    editor.diff_button.setChecked(True)
    assert t1.data(cell(t1, "item.S", "I"), Qt.FontRole).bold()
    assert "bundled pack: 8" in t1.data(cell(t1, "item.S", "I"), Qt.ToolTipRole)
    assert "1 cell differs" in editor.message.text()


def test_a_mid_game_edit_asks_for_effective_from_and_records_a_rule_change(qtbot):
    game = Game.new(load_variant(str(MINI)))
    game.process()  # now in S1915
    asked = []

    def ask(default, now):
        asked.append((default, now))
        return "U1915", "announced in the S1915 gazette"

    view = HyperGameView(game)
    editor = TableEditor(game_tables(game), view, ask_date=ask)
    qtbot.addWidget(editor)
    t1 = open_tab(editor, "T1")
    assert t1.setData(cell(t1, "item.Tr", "gold"), "1")
    assert asked == [("U1915", "S1915M")]
    [record] = game.variant.data["rule_changes"]
    assert (record["effective_from"], record["made_in"]) == ("U1915", "S1915M")
    assert record["cells"] == [{"path": ["item", "Tr", "gold"], "value": 1}]
    assert "rule change: 1 from U1915 on" in t1.data(cell(t1, "item.Tr", "gold"), Qt.ToolTipRole)
    view.undo_stack.undo()
    assert not game.variant.data.get("rule_changes")
    assert t1.data(cell(t1, "item.Tr", "gold")) == "0.5"


def test_a_mid_game_edit_dated_in_the_past_is_refused(qtbot):
    game = Game.new(load_variant(str(MINI)))
    game.process()
    editor = TableEditor(game_tables(game), HyperGameView(game), ask_date=lambda d, now: ("W1914", ""))
    qtbot.addWidget(editor)
    t1 = open_tab(editor, "T1")
    assert not t1.setData(cell(t1, "item.Tr", "gold"), "1")
    assert "before the current season" in editor.message.text()
    assert not game.variant.data.get("rule_changes")


def test_typing_into_a_cell_and_pressing_enter_edits_it(qtbot, folder):
    editor = TableEditor(TableSet.open(folder), TablesView())
    qtbot.addWidget(editor)
    editor.show()
    t13 = open_tab(editor, "T13")
    grid = editor.tabs.currentWidget()
    index = cell(t13, "capacity.atla", "value")
    grid.setCurrentIndex(index)
    grid.setFocus()
    QApplication.processEvents()
    grid.edit(index)
    QApplication.processEvents()
    field = grid.viewport().findChild(QLineEdit)
    field.selectAll()
    QTest.keyClicks(field, "5")
    QTest.keyClick(field, Qt.Key_Return)
    QApplication.processEvents()
    assert t13.data(index) == "5"
    assert editor.tables.find("T13").data["capacity"]["atla"] == 5
    assert "atla = 5" in editor.tables.find("T13").text


def test_a_mid_game_csv_import_that_adds_rows_is_refused(qtbot, tmp_path):
    game = Game.new(load_variant(str(MINI)))
    editor = TableEditor(game_tables(game), HyperGameView(game), ask_date=lambda d, now: (d, ""))
    qtbot.addWidget(editor)
    open_tab(editor, "T4")
    (tmp_path / "t4.csv").write_text("row,key,cost.A\nitems[1],civil,1\n")
    assert not editor.import_from(tmp_path / "t4.csv")
    assert "a rule change in a running game changes cells only" in editor.message.text()
