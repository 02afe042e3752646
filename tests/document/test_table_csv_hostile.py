"""A table's CSV, both ways, under hostile cells (issue 29, classes 8 and 11): an exported
cell is never a spreadsheet formula (OWASP's advice: a ' before it), and an import that
cannot stand is refused whole, before anything is written."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from diplodesk.cli import main
from diplodesk.document.hyper_tables import TableEditError, TableSet
from diplodesk.document.table_csv import (
    FORMULA,
    CsvError,
    export_csv,
    import_csv,
    neutralised,
    restored,
)
from diplodesk.document.table_grid import CellTextError, parse

MINI = Path(__file__).resolve().parents[2] / "examples" / "hyper-mini"
T4 = Path("tables") / "t04-further-costs.toml"
HEAD = "row,key,cost.A,cost.I,note\n"


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(MINI, tmp_path / "mini")
    return tmp_path / "mini"


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet=st.sampled_from(["=", "+", "-", "@", "\t", "\r", "'", "1", ".", "a", " ", "e"]),
               max_size=8))
def test_a_cell_comes_back_as_it_went_and_never_starts_a_formula(cell):
    out = neutralised(cell)
    assert restored(out) == cell
    if out.startswith(FORMULA):  # only a plain number may: a spreadsheet reads it as a number
        float(out)


@pytest.mark.parametrize("note", ["=HYPERLINK(\"http://evil.example\",\"click\")", "+1+cmd|' /C calc'!A0",
                                  "-2+3", "@SUM(A1)", "'=quoted already", "=1"])
def test_a_formula_in_a_table_is_exported_as_text_and_imported_as_it_was(folder, note):
    tables = TableSet.open(folder)
    t4 = tables.find("T4")
    tables.set_cells(t4.name, {}, new_rows={"items": [{"key": "k", "cost": {"A": 1}, "note": note}]}).redo()
    text = export_csv(t4)
    [row] = [line for line in text.splitlines() if line.startswith("items k")]
    assert ",'" + note[0] in row or ",\"'" + note[0] in row
    assert import_csv(tables, t4, text) is None  # it says what the table has


@pytest.mark.parametrize("cell, message", [
    ('"12\n[meta]\ntable = ""T9"""', "holds a line break"),
    ("1\x1b[2J", "control character U+001B"),
    ("[" * 3000, "nested too deeply"),
    ("[" * 20 + "]" * 20, "nested more than 8 deep"),
    ("9" * 20_000, "a cell holds at most 10000"),
    ("9" * 5_000, "a number of more digits than any table holds"),
])
def test_a_hostile_cell_is_refused_with_its_line_and_column(folder, cell, message):
    tables = TableSet.open(folder)
    with pytest.raises(CsvError, match=r"line 2, column 3 \(cost.A\): .*" + re.escape(message)):
        import_csv(tables, tables.find("T4"), HEAD + f"items[1],k,{cell},,n\n")
    assert not tables.modified


def test_a_quote_never_closed_is_refused(folder):
    tables = TableSet.open(folder)
    with pytest.raises(CsvError, match=r"line 3: not CSV \(unexpected end of data\)"):
        import_csv(tables, tables.find("T4"), HEAD + 'items[1],k,1,,"the note\nitems[2],k,1,,x\n')


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(max_size=60), st.sampled_from([0, 1.5, [1], "a", None]))
def test_any_typed_text_is_a_value_or_a_cell_text_error(text, old):
    try:
        parse(text, old)
    except CellTextError as e:
        assert "\n" not in str(e)


def test_an_import_that_would_outgrow_the_table_loader_is_refused_before_writing(folder, tmp_path, capsys):
    before = (folder / T4).read_bytes()
    rows = "".join(f"items[{i}],k{i},1,,{'n' * 9000}\n" for i in range(1, 471))  # 4.2 MB of notes
    (tmp_path / "big.csv").write_text(HEAD + rows)
    assert main(["tables", "import", str(folder), "T4", str(tmp_path / "big.csv")]) == 2
    err = capsys.readouterr().err
    assert "more than the 4 MiB a table file may be; nothing was changed" in err and err.count("\n") == 1
    assert (folder / T4).read_bytes() == before and not (folder / f"{T4}.bak").exists()


def test_an_edit_too_large_is_refused_in_the_editor_too(folder):
    tables = TableSet.open(folder)
    t4 = tables.find("T4")
    rows = [{"key": f"k{i}", "cost": {"A": 1}, "note": "n" * 9000} for i in range(470)]
    with pytest.raises(TableEditError, match="more than the 4 MiB"):
        tables.set_cells(t4.name, {}, new_rows={"items": rows})
    assert not tables.modified


@pytest.mark.parametrize("head, said", [
    ("row," + ",".join(f"c{i}" for i in range(80_000)), "line 1: 80001 columns; a table has at most 200"),
    ("row,key," + ".".join(["a"] * 5000), "line 1, column 3 ('a.a.a.a.a"),
])
def test_a_header_too_wide_or_too_deep_is_refused_at_once(folder, head, said):
    # 80,000 columns took 36 s (each looked for among those before it) and the new rows' TOML
    # writer is quadratic in them; a column 5,000 fields deep made it recurse past the stack
    tables = TableSet.open(folder)
    with pytest.raises(CsvError) as e:
        import_csv(tables, tables.find("T4"), head + "\nitems[1],k,1\n", "t4.csv")
    assert str(e.value).startswith(f"t4.csv, {said}") and len(str(e.value)) < 200
