"""The GM types in the tables: edits checked as the engine checks them, undo gives the bytes back."""

import shutil
from pathlib import Path

import pytest

from diplodesk.document.hyper_tables import TableEditError, TableSet, UndoStack
from diplodesk.document.table_csv import CsvError, export_csv, import_csv

MINI = Path(__file__).parents[2] / "examples" / "hyper-mini"


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(MINI, tmp_path / "mini")
    return tmp_path / "mini"


def test_an_edit_then_undo_leaves_the_file_byte_identical(folder):
    tables = TableSet.open(folder)
    t1 = tables.find("T1")
    before = (folder / t1.name).read_bytes()
    stack = UndoStack()
    stack.push(tables.set_cells(t1.name, {("item", "D", "gold"): 2}))
    tables.save()
    assert (folder / t1.name).read_bytes() != before
    stack.undo()
    tables.save()
    assert (folder / t1.name).read_bytes() == before


def test_an_edit_keeps_the_comments_and_marks_the_row_gm_edited(folder):
    tables = TableSet.open(folder)
    t7 = tables.find("T7")
    tables.set_cells(t7.name, {("needed", 1, 1): 2}).redo()
    assert "[1, 2, 5, 7],      # s = 1" in t7.text
    assert t7.data["needed"][1][1] == 2
    t3 = tables.find("T3")
    tables.set_cells(t3.name, {("rows", 0, "cost", "gold"): 1}).redo()
    assert t3.status(("rows", 0, "cost", "gold")) == "gm-edited"
    assert t3.status(("rows", 1, "cost", "gold")) == "provisional"


def test_an_edit_the_engine_refuses_is_refused_naming_table_row_and_field(folder):
    tables = TableSet.open(folder)
    t1 = tables.find("T1")
    with pytest.raises(TableEditError, match=r"table T1, row D, field cost.gold: -1 is below zero"):
        tables.set_cells(t1.name, {("item", "D", "gold"): -1})
    assert not tables.modified


def test_a_published_cell_is_shown_as_published(folder):
    t1 = TableSet.open(folder).find("T1")
    assert t1.status(("item", "FF", "I")) == "published"
    assert t1.status(("item", "D", "I")) == "provisional"


def test_every_table_goes_to_csv_and_back_unchanged(folder):
    tables = TableSet.open(folder)
    for f in tables.files.values():
        assert import_csv(tables, f, export_csv(f)) is None, f.name


def test_a_csv_import_is_one_undoable_edit_and_fills_a_left_out_cell(folder):
    tables = TableSet.open(folder)
    t1 = tables.find("T1")
    text = export_csv(t1).replace("item.FF,,,,1", "item.FF,,2,,1").replace("item.D,1,", "item.D,1.5,")
    stack = UndoStack()
    stack.push(import_csv(tables, t1, text))
    assert t1.data["item"]["FF"] == {"I": 1, "M": 2, "status": "gm-edited"}
    assert t1.data["item"]["D"]["gold"] == 1.5
    stack.undo()
    assert not tables.modified


@pytest.mark.parametrize("csv_text, message", [
    ("row,gold,Q\n", "line 1, column 3 ('Q'): not a column of table T1"),
    ("gold\n", "line 1, column 1: expected 'row'"),
    ("row,gold\nitem.Z,1\n", "line 2, column 1: 'item.Z' is not a row of table T1"),
    ("row,gold\nitem.D,abc\n", "line 2, column 2 (gold): 'abc' is not a number"),
    ("row,gold\nitem.D,1\nitem.D,2\n", "line 3, column 1: row 'item.D' a second time"),
    ("", "line 1: empty"),
])
def test_a_bad_csv_says_its_line_and_column(folder, csv_text, message):
    tables = TableSet.open(folder)
    with pytest.raises(CsvError, match=message.replace("(", r"\(").replace(")", r"\)")):
        import_csv(tables, tables.find("T1"), csv_text, "t1.csv")
    assert not tables.modified


def test_a_csv_value_the_engine_refuses_names_the_row_and_field(folder):
    tables = TableSet.open(folder)
    with pytest.raises(TableEditError, match="row D, field cost.gold"):
        import_csv(tables, tables.find("T1"), "row,gold\nitem.D,-3\n")


def test_a_csv_adds_rows_to_an_empty_list_of_rows_marked_as_the_printed_table(folder):
    tables = TableSet.open(folder)
    t4 = tables.find("T4")
    text = "row,key,cost.A,cost.I,note\nitems[1],civil,1,2,civil service\nitems[2],roads,,3,\n"
    stack = UndoStack()
    stack.push(import_csv(tables, t4, text, "t4.csv", status="published"))
    assert t4.data["items"] == [
        {"key": "civil", "cost": {"A": 1, "I": 2}, "note": "civil service", "status": "published"},
        {"key": "roads", "cost": {"I": 3}, "status": "published"}]
    assert import_csv(tables, t4, export_csv(t4)) is None
    stack.undo()
    assert not tables.modified


def test_a_new_row_must_come_right_after_the_last(folder):
    tables = TableSet.open(folder)
    with pytest.raises(CsvError, match=r"line 2, column 1: 'items\[2\]' is not a row of table T4 "
                                       r"\(a new row of items is items\[1\]\)"):
        import_csv(tables, tables.find("T4"), "row,key\nitems[2],x\n")


def test_edits_undone_and_edits_never_made_leave_no_trace_in_the_next(folder):
    tables = TableSet.open(folder)
    t1 = tables.find("T1")
    stack = UndoStack()
    stack.push(tables.set_cells(t1.name, {("item", "D", "gold"): 2}))
    stack.undo()
    tables.set_cells(t1.name, {("item", "T", "gold"): 5})  # made, never done
    stack.push(tables.set_cells(t1.name, {("item", "N", "M"): 4}))
    stack.push(tables.set_cells(t1.name, {("item", "Y", "M"): 1}))
    assert [t1.data["item"][k]["M"] for k in "DTNY"] == [6, 6, 4, 1]
    assert [t1.data["item"][k]["gold"] for k in "DT"] == [1, 2]
    stack.undo()
    stack.undo()
    assert t1.text == t1.saved
