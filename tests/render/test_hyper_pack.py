"""Hypereconomic print packs (issue 18.4, DESIGN §6 milestone 4, acceptance 6): a PDF per
player with the maps and papers they may read, the gazette, and the command line that makes
them and draws the world or one of its sheets."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from diplodesk.cli import main
from diplodesk.engine import adjudicate, load_variant
from diplodesk.engine.game import Game
from diplodesk.geometry.shapes import load_map_geometry
from diplodesk.render.hyper_pages import WHOLE, plan_for

MINI = Path(__file__).resolve().parents[2] / "examples" / "hyper-mini"
ZURICH = {"id": "zsb", "name": "Zurich Quietbank", "at": "swit", "controller": "p04", "gold": 10, "invested": 0}
REDEEMED = {"fra": ["bu Y Pari ($ pd by rd from Zurich Quietbank)", "bu Q Gaso ($ pd by rd from zsb)"],
            "zsb": ["rd $1 to France"]}
# two regional sheets of the test board, in its map's units (1980 x 1430): France and Iberia
# in the west, Italy and Switzerland in the east
SHEETS = """
[sheets]
west = {name = "The West", box = [0, 0, 1450, 1430]}
east = {name = "The East", box = [1500, 0, 1980, 1430]}
"""


@pytest.fixture
def board(tmp_path) -> Path:
    """The test board with two regional sheets."""
    folder = tmp_path / "mini-sheets"
    shutil.copytree(MINI, folder)
    with open(folder / "variant.toml", "a", encoding="utf-8") as f:
        f.write(SHEETS)
    return folder


def _start(folder: Path, secret: str = "pack secret 41c") -> dict:
    from diplodesk.engine import seasons

    return seasons.start_other(load_variant(str(folder)), secret, str(folder)).to_json()


def _banked(folder: Path) -> dict:
    pos = _start(folder)
    pos["economy"]["banks"] = [dict(ZURICH)]
    pos["units"] = [{"id": "1D", "power": "ita", "type": "D", "at": "piem", "M": 2},
                    {"id": "1T", "power": "spa", "type": "T", "at": "lyon", "M": 2}]
    return pos | {"orders": REDEEMED}


def _plan(folder: Path):
    variant = load_variant(str(folder))
    return plan_for(variant, load_map_geometry(variant, ref=str(folder)), per_page=50, columns=110)


def _text(pages) -> str:
    return "\n".join(line for p in pages for line in (p.title, *p.lines))


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_player_s_pack_names_no_bank_behind_a_redemption_but_its_controller_s_does(board):
    pos = _banked(board)
    result = adjudicate(pos)
    plan = _plan(board)
    for player in ("p01", "p02", "p03"):
        text = _text(plan.player(result, pos, player))
        assert not re.search(r"(?i)zurich|\bzsb\b", text), player
    assert "France (Fran)" not in _text(plan.player(result, pos, "p01"))  # no names given: ids
    assert "Zurich Quietbank (zsb) in swit" in _text(plan.player(result, pos, "p04"))
    gazette = _text(plan.gazette(result, pos))
    assert "Accounts at the end of the season" in gazette and not re.search(r"(?i)zurich|\bzsb\b", gazette)
    gm = _text(plan.gm(result, pos))
    assert "rd from Zurich Quietbank" in gm and "pack secret 41c" in gm


def test_a_player_gets_the_sheets_their_provinces_and_units_lie_on(board):
    pos = _banked(board)
    result = adjudicate(pos)
    plan = _plan(board)

    def sheets(player: str) -> list[str | None]:
        return [p.sheet for p in plan.player(result, pos, player) if p.is_map]

    assert sheets("p01") == ["west"]  # France
    assert sheets("p03") == ["east"]  # Italy
    assert sheets("p02") == ["west", "east"]  # Spain, Morocco, and a transport in the Gulf of Lyon
    assert [p.sheet for p in plan.gazette(result, pos) if p.is_map] == [WHOLE, "west", "east"]
    first = plan.player(result, pos, "p01")
    assert first[0].title == "The West, after Winter 1914" and first[1].title.startswith("fra — Winter 1914")


def test_a_board_without_sheets_gives_every_player_the_whole_board():
    from diplodesk.engine import seasons

    variant = load_variant(str(MINI))
    pos = seasons.start_other(variant, "s", str(MINI)).to_json()
    plan = plan_for(variant, load_map_geometry(variant, ref=str(MINI)))
    pages = plan.player(adjudicate(pos), pos, "p01")
    assert [p.sheet for p in pages if p.is_map] == [WHOLE]


def test_a_long_statement_goes_on_over_pages_and_wraps_its_long_lines(board):
    from diplodesk.engine.hyper.papers import Section
    from diplodesk.render.hyper_pages import text_pages

    pages = text_pages([Section("France", tuple(f"line {i}" for i in range(120)) + ("x " * 80,))], 50, 60)
    assert [p.title for p in pages] == ["France (1/3)", "France (2/3)", "France (3/3)"]
    long = pages[-1].lines[20:]
    assert len(long) == 3 and all(len(t) <= 60 for t in long) and all(t.startswith("    x") for t in long[1:])
    assert sum(t.count("x") for t in long) == 80


def _pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", path.read_bytes()))


def test_pack_writes_a_pdf_per_player_the_gazette_and_the_gm_s_with_progress(board, tmp_path, capsys):
    f = tmp_path / "w1914.json"
    f.write_text(json.dumps(_banked(board)))
    code, out, err = run(capsys, "pack", f, "-o", tmp_path / "packs")
    assert code == 0, err
    made = [Path(p) for p in out.split()]
    assert [p.name for p in made] == [f"hyper-mini-W1914M-{w}.pdf" for w in ("p01", "p02", "p03", "p04", "gazette", "gm")]
    assert "[0/6] p01" in err and "[6/6] done" in err
    from diplodesk.render.hyper_pack import HyperPackOptions, columns, lines_per_page

    pos, o = _banked(board), HyperPackOptions()
    variant = load_variant(str(board))
    plan = plan_for(variant, load_map_geometry(variant, ref=str(board)), lines_per_page(o), columns(o))
    pages = plan.player(adjudicate(pos), pos, "p02")
    assert [p.title.split(" — ")[0] for p in pages] == ["The West, after Winter 1914", "The East, after Winter 1914",
                                                        "spa"]
    assert pages[2].lines[pages[2].headings[0]].startswith("mor — Winter 1914")  # its colony on its page
    assert _pdf_pages(made[1]) == len(pages)  # the two sheets, then Spain's statement and Morocco's
    assert all(p.read_bytes().startswith(b"%PDF") for p in made)
    code, out, _ = run(capsys, "pack", f, "-o", tmp_path / "one", "--power", "Spain")
    assert code == 0 and [Path(p).name for p in out.split()] == ["hyper-mini-W1914M-p02.pdf",
                                                                 "hyper-mini-W1914M-gazette.pdf"]
    code, _, err = run(capsys, "pack", f, "-o", tmp_path / "none", "--power", "atlantis")
    assert code == 2 and err.count("\n") == 1 and "'atlantis' is no player or nation here" in err


def test_render_draws_the_world_to_png_and_a_regional_sheet_to_pdf(board, tmp_path, capsys):
    from PySide6.QtGui import QImage

    f = tmp_path / "w1914.json"
    f.write_text(json.dumps(_banked(board)))
    code, _, err = run(capsys, "render", f, "-o", tmp_path / "world.png", "--width", "800")
    assert code == 0, err
    image = QImage(str(tmp_path / "world.png"))
    assert image.width() == 800 and image.height() == round(800 * 1430 / 1980)
    code, _, err = run(capsys, "render", f, "-o", tmp_path / "west.pdf", "--sheet", "WEST")
    assert code == 0, err
    assert (tmp_path / "west.pdf").read_bytes().startswith(b"%PDF")
    code, _, err = run(capsys, "render", f, "-o", tmp_path / "x.pdf", "--sheet", "europe")
    assert code == 2 and err.count("\n") == 1 and "no sheet 'europe' (sheets: west, east)" in err


def test_render_of_a_standard_game_refuses_a_sheet(tmp_path, capsys):
    f = tmp_path / "std.json"
    f.write_text(json.dumps({"variant": "standard", "phase": "S1901M"}))
    code, _, err = run(capsys, "render", f, "-o", tmp_path / "x.png", "--sheet", "europe")
    assert code == 2 and "is not drawn by sheets" in err


def test_report_reads_a_hyper_game_file_by_nation_player_and_gazette(tmp_path, capsys, monkeypatch):
    from diplodesk.paths import user_variants_dir

    shutil.copytree(MINI, user_variants_dir() / "hyper-mini")  # a game file names its variant by id
    game = Game.new(load_variant("hyper-mini"))
    game.set_orders("fra", ["co A"])
    game.process()
    path = tmp_path / "game.json"
    game.save(path)
    code, out, _ = run(capsys, "report", path, "--power", "fra", "--phase", "0")
    assert code == 0 and out.startswith("France (Fran) — Winter 1914")
    assert run(capsys, "report", path, "--power", "France", "--phase", "0")[1] == out
    code, out, _ = run(capsys, "report", path, "--player", "P02", "--phase", "W1914M")
    assert code == 0 and "Morocco (Moro)" in out and "Spain (Spai)" in out and "France" not in out
    code, out, _ = run(capsys, "report", path, "--gazette", "--phase", "0")
    assert code == 0 and "Research (V.2)\n  France: co A1: rolled" in out
    secret = game.current.secret
    assert secret and secret not in out
    code, out, _ = run(capsys, "report", path, "--power", "gm", "--phase", "0")
    assert code == 0 and secret in out
    code, _, err = run(capsys, "report", path, "--player", "fra")
    assert code == 2 and "'fra' is no player here (players: p01, p02, p03, p04)" in err
    code, _, err = run(capsys, "render", path, "-o", tmp_path / "now.png", "--width", "400")
    assert code == 0, err
    code, out, err = run(capsys, "report", path, "--gazette")  # the last season played, as the mailroom
    assert code == 0 and out.startswith("The Hypereconomic gazette — Winter 1914"), err
    code, out, err = run(capsys, "report", path, "--gazette", "--phase", "-1")  # Spring 1915: not played
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "S1915M has not been adjudicated" in err and "the last adjudicated is W1914M" in err
    code, out, err = run(capsys, "pack", path, "-o", tmp_path / "packs", "--phase", "0")
    assert code == 0 and len(out.split()) == 6, err


def test_player_and_gazette_are_for_hyper_games_only(tmp_path, capsys):
    f = tmp_path / "std.json"
    f.write_text(json.dumps({"variant": "standard", "phase": "S1901M"}))
    code, _, err = run(capsys, "report", f, "--gazette")
    assert code == 2 and err.splitlines()[-1].startswith("diplodesk: --gazette: only for variants with an economy")


def test_the_world_renders_whole_to_png_and_europe_to_pdf_and_packs_hide_the_bank(tmp_path, capsys):
    """DESIGN §6 milestone 4, acceptance 6, on the world board of 1914."""
    from diplodesk.engine import seasons

    variant = load_variant("hypereconomic")
    pos = seasons.start_other(variant, "world secret", "hypereconomic").to_json()
    pos["economy"]["banks"] = [dict(ZURICH, at="swit", controller=pos["economy"]["nations"]["swi"]["controllers"][0])]
    pos["orders"] = {"fra": ["bu Y Pari ($ pd by rd from Zurich Quietbank)"], "zsb": ["rd $1 to France"]}
    f = tmp_path / "world.json"
    f.write_text(json.dumps(pos))
    code, _, err = run(capsys, "render", f, "-o", tmp_path / "world.png", "--width", "1000")
    assert code == 0 and (tmp_path / "world.png").stat().st_size > 0, err
    code, _, err = run(capsys, "render", f, "-o", tmp_path / "europe.pdf", "--sheet", "europe", "--width", "800")
    assert code == 0 and (tmp_path / "europe.pdf").read_bytes().startswith(b"%PDF"), err
    result = adjudicate(pos)
    plan = plan_for(variant, load_map_geometry(variant))
    france = pos["economy"]["nations"]["fra"]["controllers"][0]
    pages = plan.player(result, pos, france)
    assert "europe" in [p.sheet for p in pages] and "bu Y pari" in _text(pages)
    assert not re.search(r"(?i)zurich|\bzsb\b", _text(pages) + _text(plan.gazette(result, pos)))


def test_a_board_without_a_map_gets_its_packs_without_maps_and_a_note(tmp_path, capsys):
    folder = tmp_path / "no-map"
    shutil.copytree(MINI, folder)
    (folder / "map.svg").unlink()
    f = tmp_path / "w1914.json"
    f.write_text(json.dumps(_start(folder)))
    code, out, err = run(capsys, "pack", f, "-o", tmp_path / "packs")
    assert code == 0 and len(out.split()) == 6
    assert "note: packs without maps" in err
    code, _, err = run(capsys, "render", f, "-o", tmp_path / "x.png")
    assert code == 2 and err.count("\n") == 1 and "has no map.svg" in err


def test_a_player_id_never_makes_a_pack_outside_its_folder():
    from diplodesk.render.hyper_pack import file_part

    assert file_part("../../etc/p01") == "etc_p01" and file_part("p 02") == "p_02" and file_part("///") == "_"


def test_a_game_started_from_a_variant_folder_renders_from_anywhere(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "boards" / "mini"
    shutil.copytree(MINI, folder)
    game_file = tmp_path / "game.json"
    monkeypatch.chdir(tmp_path / "boards")
    assert run(capsys, "game", "new", "mini", "-o", game_file)[0] == 0
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "render", game_file, "-o", tmp_path / "now.png", "--width", "300")
    assert code == 0, err
    assert (tmp_path / "now.png").stat().st_size > 0


def test_a_player_called_gazette_does_not_take_the_public_file_name(board, tmp_path):
    from diplodesk.render.hyper_pack import hyper_packs
    from diplodesk.render.hyper_pages import plan_for

    pos = load_variant(str(board))
    data = json.loads(json.dumps(_start(board)).replace('"p01"', '"gazette"'))  # p01 renamed
    result = adjudicate(data)
    plan = plan_for(pos, None, 60, 1)
    made = hyper_packs(result, data, plan, tmp_path / "out", "g")
    names = sorted(p.name for p in made)
    assert "g-gazette.pdf" in names and "g-gm.pdf" in names
    assert any(n.startswith("g-gazette-player") for n in names)


def test_the_part_drawn_over_a_whole_board_image_carries_its_labels(board):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from diplodesk.engine import seasons
    from diplodesk.render.export import ensure_app
    from diplodesk.render.hyper_export import BOARD, OVER, HyperDrawer

    ensure_app()
    draw = HyperDrawer(seasons.read_other(_start(board), load_variant(str(board))))
    labelled = []
    draw._labels = lambda painter, size: labelled.append(size)
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    draw(painter, QRectF(0, 0, 400, 300), None, BOARD)  # the image a pack records once
    assert labelled == []
    draw(painter, QRectF(0, 0, 400, 300), None, OVER)  # and what goes over it on each page
    painter.end()
    assert len(labelled) == 1
