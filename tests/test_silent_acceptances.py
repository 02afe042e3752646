"""Smaller silent acceptances (issue 29, class 14; the Hypereconomic ones are in
tests/hyper/test_hostile_values.py): a picture that cannot be written is an error, and a
user's variant that stands in for a built-in one of the same id is said, not hidden."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hyperboards import MINI

from diplodesk.cli import main
from diplodesk.paths import builtin_variants_dir
from diplodesk.variants import list_variants, load_variant


def one_line(capsys, *args) -> str:
    code = main([str(a) for a in args])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_tables_edit_grab_into_a_missing_folder_is_refused_before_a_window_opens(tmp_path, capsys):
    shutil.copytree(MINI, tmp_path / "mini")
    err = one_line(capsys, "tables", "edit", tmp_path / "mini", "--grab", tmp_path / "no" / "such" / "w.png")
    assert "w.png: cannot write" in err and "is not a folder" in err


def test_map_editor_grab_into_a_missing_folder_is_refused(tmp_path, capsys):
    pytest.importorskip("PySide6.QtWidgets")
    err = one_line(capsys, "map-editor", "standard", "--grab", tmp_path / "no" / "such" / "e.png")
    assert "e.png: cannot write" in err


def test_a_picture_qt_cannot_save_is_an_error_not_exit_0(tmp_path, capsys):
    pytest.importorskip("PySide6.QtWidgets")
    shutil.copytree(MINI, tmp_path / "mini")
    (tmp_path / "taken.png").mkdir()  # the folder exists, but the name is a folder: Qt says False
    err = one_line(capsys, "tables", "edit", tmp_path / "mini", "--grab", tmp_path / "taken.png")
    assert "taken.png: cannot write the picture" in err


@pytest.fixture
def my_standard(_user_data) -> Path:
    """The map editor's copy of the built-in board, saved in the user's folder as it does."""
    folder = _user_data / "diplodesk" / "variants" / "standard"
    shutil.copytree(builtin_variants_dir() / "standard", folder)
    toml = folder / "variant.toml"
    toml.write_text(toml.read_text().replace('name = "Standard"', 'name = "My Standard"', 1))
    return folder


def test_a_users_standard_is_listed_beside_the_built_in_saying_which_is_used(my_standard, capsys):
    assert main(["variant", "list"]) == 0
    lines = [line.split("\t") for line in capsys.readouterr().out.splitlines() if line.startswith("standard\t")]
    assert lines == [["standard", "Standard", "built-in", f"not used: replaced by {my_standard}"],
                     ["standard", "My Standard", str(my_standard), "used instead of the built-in variant"]]
    [info] = [v for v in list_variants() if v.id == "standard"]
    assert info.path == my_standard and info.replaces is not None and info.replaces.builtin
    assert load_variant("standard").name == "My Standard"


def test_adjudicating_on_a_users_standard_says_so(my_standard, tmp_path, capsys):
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"variant": "standard", "phase": "S1901M",
                               "units": [{"power": "England", "type": "F", "at": "nth"}]}))
    assert main(["adjudicate", str(pos)]) == 0
    err = capsys.readouterr().err
    assert f"note: variant 'standard' is your copy in {my_standard}, not the built-in board" in err


def test_without_a_users_copy_nothing_is_said(tmp_path, capsys):
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"variant": "standard", "phase": "S1901M",
                               "units": [{"power": "England", "type": "F", "at": "nth"}]}))
    assert main(["adjudicate", str(pos)]) == 0
    assert capsys.readouterr().err == ""
    assert all(v.replaces is None for v in list_variants())


def test_every_command_that_takes_the_id_says_it_uses_the_users_standard(my_standard, tmp_path, capsys):
    # only adjudicate said so: game new, variant check and the others used the copy silently
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"variant": "standard", "phase": "S1901M",
                               "units": [{"power": "England", "type": "F", "at": "nth"}]}))
    prefs = tmp_path / "prefs.json"
    prefs.write_text(json.dumps({"Ann": ["England"], "Bob": ["France"]}))
    said = f"note: variant 'standard' is your copy in {my_standard}, not the built-in board it replaces"
    for args in (["game", "new", "standard", "-o", tmp_path / "g.json"], ["variant", "check", "standard"],
                 ["variant", "export", "standard", "-o", tmp_path / "v.json"], ["adjudicate", pos],
                 ["report", pos, "--power", "England"], ["assign", prefs, "--variant", "standard", "--seed", "1"]):
        main([str(a) for a in args])
        assert said in capsys.readouterr().err, args
    main(["game", "new", "colonial", "-o", str(tmp_path / "c.json")])
    assert capsys.readouterr().err == ""
