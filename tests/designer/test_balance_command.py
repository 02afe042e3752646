"""``diplodesk variant balance``: the report on stdout, the picture on request, and one line
with status 2 for anything wrong."""

from __future__ import annotations

import shutil

import pytest

from diplodesk.cli import main
from diplodesk.paths import builtin_variants_dir, user_variants_dir


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_report_is_printed_and_the_picture_drawn(tmp_path, capsys):
    png, svg = tmp_path / "b.png", tmp_path / "b.svg"
    code, out, err = run(capsys, "variant", "balance", "standard", "--png", str(png), "--svg", str(svg),
                         "--width", "400")
    assert code == 0 and err == ""
    assert out.startswith("Balance of Standard (standard)") and "Neutral centres" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in svg.read_text()[:2000]


def test_a_user_variant_and_a_variant_folder_are_weighed_too(tmp_path, capsys):
    mine = user_variants_dir() / "mine"
    mine.mkdir(parents=True)
    text = (builtin_variants_dir() / "loeb9" / "variant.toml").read_text()
    (mine / "variant.toml").write_text(text.replace('id = "loeb9"', 'id = "mine"'))
    code, out, _ = run(capsys, "variant", "balance", "mine")
    assert code == 0 and "Balance of Loeb9 (mine)" in out
    code, out, _ = run(capsys, "variant", "balance", str(mine))
    assert code == 0 and "bel     England, France, Germany, Norway  2" in out


@pytest.mark.parametrize("args, words", [
    (["no-such-board"], "no such variant"),
    (["hypereconomic"], "an economy has neither"),
    (["standard", "--png", "/no/such/folder/b.png"], "cannot write"),
    (["standard", "--svg", "x.svg", "--width", "7"], "--width: 7 is not between"),
    (["standard", "--width", "wide"], "invalid int value"),
])
def test_bad_input_is_one_line_and_status_2(capsys, args, words):
    code, out, err = run(capsys, "variant", "balance", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_a_board_without_a_map_has_a_report_but_no_picture(tmp_path, capsys):
    folder = tmp_path / "nomap"
    folder.mkdir()
    shutil.copy(builtin_variants_dir() / "standard" / "variant.toml", folder / "variant.toml")
    code, out, _ = run(capsys, "variant", "balance", str(folder))
    assert code == 0 and "Balance of Standard" in out
    code, out, err = run(capsys, "variant", "balance", str(folder), "--png", str(tmp_path / "b.png"))
    assert code == 2 and "no map.svg" in err and err.count("\n") == 1
    assert not (tmp_path / "b.png").exists()
