"""``diplodesk variant check`` reads the map too, as the map editor opens it, and runs the
editor's checks on it: a map that is garbage, too large, short of a province or whose shapes
overlap is an error (status 2), a warning is printed and passes (status 0), and a clean
variant still says "no problems" as it always has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mapboards import grid_doc

from diplodesk.cli import main

CLEAN = "grid: no problems (7 provinces, 3 centres, 2 powers)\n"


@pytest.fixture
def grid(tmp_path) -> Path:
    """A small clean variant folder (the editor's grid board), saved as the editor saves it."""
    return grid_doc().save(tmp_path / "grid")


def check(capsys, folder: Path) -> tuple[int, str, str]:
    code = main(["variant", "check", str(folder)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def refused(capsys, folder: Path) -> tuple[str, str]:
    """An error: status 2, one line on stderr naming the map; stdout lists the problems."""
    code, out, err = check(capsys, folder)
    assert code == 2 and err.count("\n") == 1 and str(folder / "map.svg") in err, err
    return out, err


def edit_map(folder: Path, old: str, new: str) -> None:
    svg = folder / "map.svg"
    text = svg.read_text()
    assert old in text
    svg.write_text(text.replace(old, new))


def test_a_clean_variant_says_no_problems_as_before(capsys, grid):
    assert check(capsys, grid) == (0, CLEAN, "")


def test_shapes_that_overlap_are_an_error_with_their_place(capsys, grid):
    # bbb reaches 50 units into ccc: the data still says they only border
    edit_map(grid, 'd="M200,100 200,200 100,200 100,100Z"', 'd="M250,100 250,200 100,200 100,100Z"')
    out, err = refused(capsys, grid)
    line = f"{grid / 'map.svg'}: bbb, ccc (x 225, y 150): error: bbb and ccc overlap (5000 square units)"
    assert line in out.splitlines()
    assert err.startswith(f"diplodesk: variant {grid}: {grid / 'map.svg'}: bbb, ccc (x 225, y 150): error: ")
    assert "no problems" not in out


def test_a_map_without_a_province_or_with_an_unknown_one_is_an_error(capsys, grid):
    """The app reads a map strictly: a province the map lacks can't be drawn."""
    edit_map(grid, 'path id="eee"', 'path id="zzz"')
    out, _ = refused(capsys, grid)
    svg = grid / "map.svg"
    assert f"{svg}: eee: error: the map has no shape for this province" in out.splitlines()
    assert f"{svg}: zzz: error: the map has a shape of this id, which the variant does not know" in out


@pytest.mark.parametrize("body, words", [
    (b"\x00\x01 not a map", "not an SVG file"),
    (b'<svg xmlns="http://www.w3.org/2000/svg"><path', "not well-formed XML"),
    (None, "1200000000 bytes is more than the 32 MiB allowed"),  # refused before it is read
])
def test_a_garbage_or_huge_map_is_one_error_line(capsys, grid, body, words):
    svg = grid / "map.svg"
    if body is None:
        with open(svg, "wb") as f:
            f.truncate(1_200_000_000)  # takes no room; would fill the memory if read
    else:
        svg.write_bytes(body)
    out, err = refused(capsys, grid)
    assert out.count("\n") == 1 and out.startswith(f"{svg}: error: ") and words in out
    assert words in err


def test_warnings_are_printed_apart_after_errors_and_pass(capsys, grid):
    toml = grid / "variant.toml"
    toml.write_text(toml.read_text().replace('"aaa bbb", "aaa eee"', '"aaa bbb", "aaa ccc", "aaa eee"'))
    code, out, err = check(capsys, grid)
    assert code == 0 and err == ""
    *problems, last = out.splitlines()
    assert problems == [f"{grid / 'map.svg'}: aaa, ccc (x 150, y 150): warning: the army link aaa-ccc was added "
                        "by hand, but aaa and ccc do not border; mark it a difficult border or a land bridge, "
                        "or take it out"]
    assert last == "grid: no errors, 1 warning (7 provinces, 3 centres, 2 powers)"
    # with an error too, the error comes first
    edit_map(grid, 'd="M200,100 200,200 100,200 100,100Z"', 'd="M250,100 250,200 100,200 100,100Z"')
    out, _ = refused(capsys, grid)
    levels = [re.search(r": (error|warning): ", line).group(1) for line in out.splitlines()]
    assert levels == sorted(levels) and levels[0] == "error" and levels[-1] == "warning"


def test_a_variant_without_a_map_says_so_and_checks_the_data(capsys, grid):
    (grid / "map.svg").unlink()
    code, out, err = check(capsys, grid)
    assert code == 0 and err == ""
    assert out == f"{grid / 'map.svg'}: no map: only the data was checked\n" + CLEAN


def test_bad_data_is_still_listed_by_place_and_the_map_left_alone(capsys, grid):
    toml = grid / "variant.toml"
    toml.write_text(toml.read_text().replace("centers = 2", 'centers = "two"'))
    code, out, err = check(capsys, grid)
    assert code == 2 and out == f"{toml}: victory.centers: expected `int`, got `str`\n"
    assert err.count("\n") == 1 and "victory.centers" in err
