"""``diplodesk tables``: a GM exports a table, fixes it in a spreadsheet, imports it back."""

import shutil
from pathlib import Path

import pytest

from diplodesk.cli import main

MINI = Path(__file__).resolve().parents[1] / "examples" / "hyper-mini"
T1 = Path("tables") / "t01-build-costs.toml"


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(MINI, tmp_path / "mini")
    return tmp_path / "mini"


def test_export_then_import_a_changed_cell_saves_the_table_and_keeps_a_backup(folder, tmp_path, capsys):
    before = (folder / T1).read_text()
    assert main(["tables", "export", str(folder), "T1", str(tmp_path / "t1.csv")]) == 0
    text = (tmp_path / "t1.csv").read_text()
    (tmp_path / "t1.csv").write_text(text.replace("item.T,2,6,1,6", "item.T,3,6,1,6"))
    assert main(["tables", "import", str(folder), "T1", str(tmp_path / "t1.csv")]) == 0
    after = (folder / T1).read_text()
    assert "T = { gold = 3, M = 6, A = 1, I = 6" in after
    assert after.replace('gold = 3, M = 6, A = 1, I = 6, status = "gm-edited" }',
                         "gold = 2, M = 6, A = 1, I = 6 }") == before
    assert (folder / f"{T1}.bak").read_text() == before
    assert "T1 imported" in capsys.readouterr().out


def test_importing_what_the_table_has_saves_nothing(folder, tmp_path, capsys):
    main(["tables", "export", str(folder), "t01-build-costs", str(tmp_path / "t1.csv")])
    assert main(["tables", "import", str(folder), "T1", str(tmp_path / "t1.csv")]) == 0
    assert "nothing saved" in capsys.readouterr().out
    assert not (folder / f"{T1}.bak").exists()


@pytest.mark.parametrize("argv, message", [
    (["import", "{f}", "T1", "{t}/bad.csv"], "bad.csv, line 2, column 2 (gold): 'much' is not a number"),
    (["import", "{f}", "T99", "{t}/bad.csv"], "no table 'T99' (the tables: rules, nations"),
    (["import", "{t}", "T1", "{t}/bad.csv"], "not a variant folder (no variant.toml)"),
    (["import", "{f}", "T1", "{t}/none.csv"], "none.csv: no such file"),
    (["import", "{f}", "T1", "{t}"], "is a folder, not a file"),
    (["import", "{f}", "T1", "{t}/latin.csv"], "not UTF-8 text (byte 15); save the CSV as UTF-8"),
    (["export", "{f}", "T1", "{t}/bad.csv"], "bad.csv: exists (--force replaces it)"),
])
def test_bad_input_is_one_line_and_exit_2(folder, tmp_path, capsys, argv, message):
    (tmp_path / "bad.csv").write_text("row,gold\nitem.D,much\n")
    (tmp_path / "latin.csv").write_bytes("row,gold\nitem.Ré,1\n".encode("latin-1"))
    args = [a.format(f=folder, t=tmp_path) for a in argv]
    assert main(["tables", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_edit_opens_the_editor_window(folder, tmp_path):
    pytest.importorskip("PySide6.QtWidgets")
    assert main(["tables", "edit", str(folder), "--grab", str(tmp_path / "w.png")]) == 0
    assert (tmp_path / "w.png").stat().st_size > 10_000


def test_an_import_can_mark_the_rows_as_published(folder, tmp_path):
    (tmp_path / "t4.csv").write_text("row,key,cost.A\nitems[1],civil,1\n")
    assert main(["tables", "import", str(folder), "T4", str(tmp_path / "t4.csv"), "--status", "published"]) == 0
    text = (folder / "tables" / "t04-further-costs.toml").read_text()
    assert '[[items]]\nkey = "civil"\ncost = {A = 1}\nstatus = "published"' in text
