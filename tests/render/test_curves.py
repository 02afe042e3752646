"""A playtest's centre curves, drawn to PNG and SVG (and by the command line)."""

import xml.etree.ElementTree as ET

import pytest

from diplodesk.cli import main
from diplodesk.designer.bot_game import GameSummary
from diplodesk.designer.playtest_report import PlaytestReport
from diplodesk.render.curves import write_curves
from diplodesk.render.export import RenderError


def report(victory=6):
    games = (GameSummary(0, ((3, 3), (5, 1), (6, 0)), "North", 3, 9, (None, 3)),
             GameSummary(1, ((3, 3), (4, 2), (4, 2)), None, 3, 9, (None, None)))
    return PlaytestReport("duel", "Duel", 2, 3, "greedy", 1, (), ("North", "South"), (1901, 1902, 1903), games,
                          ("#2a6ebb", "#d94c2a"), victory)


def test_the_png_shows_each_power_in_its_colour(tmp_path, qapp):
    from PySide6.QtGui import QImage

    out = write_curves(report(), tmp_path / "c.png", width=600, height=360)
    image = QImage(str(out))
    assert (image.width(), image.height()) == (600, 360)
    seen = {image.pixelColor(x, y).name() for x in range(0, 600) for y in range(0, 360, 2)}
    assert {"#2a6ebb", "#d94c2a"} <= seen


def test_the_svg_names_each_curve_and_the_solo_line(tmp_path, qapp):
    out = write_curves(report(), tmp_path / "c.svg")
    text = " ".join(t.text or "" for t in ET.parse(out).iter() if t.tag.endswith("text"))
    assert "North" in text and "South" in text
    assert "a solo: 6 centres" in text and "hint, not a proof" in text


def test_other_file_types_are_refused(tmp_path):
    with pytest.raises(RenderError, match=r"\.png or \.svg"):
        write_curves(report(), tmp_path / "c.pdf")


def test_the_command_draws_the_curves_beside_the_report(tmp_path, capsys):
    png, svg = tmp_path / "c.png", tmp_path / "c.svg"
    assert main(["variant", "playtest", "loeb9", "--games", "2", "--years", "2", "--workers", "1",
                 "--png", str(png), "--svg", str(svg)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Norway" in svg.read_text()
    assert capsys.readouterr().out.startswith("Playtest of Loeb9")


def test_the_solo_line_at_the_top_of_the_plot_is_named_under_it_clear_of_the_subtitle(tmp_path, qapp):
    """The duel's solo (6 centres) is the top of its scale: its name goes under the line, not
    over the subtitle (Colonial's 30 centres were written across it)."""
    root = ET.parse(write_curves(report(), tmp_path / "c.svg")).getroot()
    texts = {(t.text or "").split(";")[0]: t for t in root.iter() if t.tag.endswith("text")}
    solo, subtitle = texts["a solo: 6 centres"], texts["mean of 2 games of greedy bots (seed 1)"]
    assert float(solo.get("y")) - float(subtitle.get("y")) >= 1.5 * float(solo.get("font-size"))
