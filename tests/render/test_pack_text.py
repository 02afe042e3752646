"""Print packs with real text (issue 28, item 4): the words of every pack are text a reader can
search, copy and extract (pdftotext, or pypdf where it is not installed), in fonts the PDF
embeds; a report's results are a table of unit, order, result and reason in aligned columns;
and a page break never leaves a power's last few lines alone on a page."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF

from diplodesk.engine import load_position
from diplodesk.engine.report_table import Row, blind_row, report_blocks, text_of
from diplodesk.engine.rules import blind
from diplodesk.render.export import ensure_app
from diplodesk.render.pack import all_packs
from diplodesk.render.report_pages import ORPHANS, ReportSetter, paginate
from diplodesk.variants import load_variant

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pdf_text import pdf_fonts, pdf_text  # noqa: E402

MINI = str(Path(__file__).resolve().parents[2] / "examples" / "hyper-mini")


def words(text: str) -> str:
    return " ".join(text.split())


def start(rules=(), orders=None):
    data = load_position({"variant": "standard", "phase": "S1901M"}).start(load_variant("standard")).to_json()
    return dict(data, rules=list(rules), orders=orders or {
        "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"], "France": ["A par - bur", "A mar - bur"],
        "Russia": ["F xyz - abc"]})


def test_a_pack_is_text_in_embedded_fonts(tmp_path):
    england, gm = all_packs(start(), tmp_path, powers=["England"])
    text = words(pdf_text(england, layout=True))
    assert "Standard, Spring 1901 Movement: England" in text
    assert "F lon - nth succeeds" in text and "A par - bur fails bounced" in text
    assert "F xyz - abc invalid unparsable" in text  # an order as written, when none was read
    assert "Centres of England (3): edi, lon, lvp" in text
    assert "A mar - bur fails bounced" in words(pdf_text(gm, layout=True))
    for pdf in (england, gm):
        fonts = pdf_fonts(pdf)
        assert fonts and all(fonts.values()), fonts  # every font's program is in the file


def test_the_map_pages_names_are_text_too(tmp_path):
    """A player looking for Belgium on the map page finds BEL with the viewer's search: every
    province's name on it is text, as on the report pages."""
    england, _gm = all_packs(start(), tmp_path, powers=["England"])
    map_page = pdf_text(england).split("\f")[0]
    names = set(map_page.split())
    board = load_variant("standard").board
    named = [p for p, prov in board.provinces.items() if prov.kind.value != "impassable"]
    missing = sorted(p.upper() for p in named if p.upper() not in names)
    assert not missing, missing


def test_an_svg_export_keeps_the_names_as_text(tmp_path):
    from diplodesk.render.export import render_file

    out = render_file(load_position(start()), tmp_path / "map.svg")
    svg = Path(out).read_text()
    assert ">LON<" in svg and ">BEL<" in svg


def test_a_blind_pack_is_text_too_and_tells_only_what_the_power_may_know(tmp_path):
    orders = {"England": ["F lon - eng"], "France": ["F bre - eng", "A par - bur"]}
    england, _ = all_packs(start(["blind"], orders), tmp_path, powers=["England"])
    text = words(pdf_text(england, layout=True))
    assert "personal adjudication for England" in text and "F(Lon) - Eng failed" in text
    assert "A par - bur" not in text and "Par" not in text.replace("Paris", "")


def test_a_hypereconomic_pack_is_text_in_embedded_fonts(tmp_path, capsys):
    from diplodesk.cli import main
    from diplodesk.engine.game import Game

    game = Game.new(load_variant(MINI))
    game.process()
    path = tmp_path / "h.json"
    game.save(path)
    assert main(["pack", str(path), "-o", str(tmp_path / "packs"), "--power", "p01"]) == 0
    p01 = tmp_path / "packs" / "hyper-mini-W1914M-p01.pdf"
    text = words(pdf_text(p01))
    assert "France (Fran) — Winter 1914" in text and "End of season" in text
    fonts = pdf_fonts(p01)
    assert fonts and all(fonts.values()), fonts


class Recorder:
    """A painter that notes where each text is drawn."""

    def __init__(self):
        self.texts: list[tuple[float, float, str]] = []

    def setFont(self, font):  # noqa: N802 - Qt's names
        pass

    def setPen(self, pen):  # noqa: N802
        pass

    def drawText(self, at, text):  # noqa: N802
        self.texts.append((at.x(), at.y(), text))


def _set(blocks, height=2000.0):
    ensure_app()
    rec, pages = Recorder(), []
    ReportSetter(rec, QRectF(0, 0, 3000, height), 150).set(lambda: pages.append(len(rec.texts)), "Title", blocks)
    return rec.texts, pages


def test_the_results_are_a_table_in_aligned_columns():
    pos = load_position(start())
    blocks = report_blocks(pos, "England")
    texts, _ = _set(blocks)
    rows = [x for b in blocks for x in b if isinstance(x, Row)]
    cells = {t: x for x, _, t in texts}
    unit_x = {cells[r.unit] for r in rows if r.unit}
    order_x = {cells[r.order] for r in rows if r.order}
    result_x = {cells[r.result] for r in rows}
    reason_x = {cells[r.reason] for r in rows if r.reason}
    assert len(unit_x) == len(order_x) == len(result_x) == len(reason_x) == 1  # one x a column
    assert unit_x.pop() < order_x.pop() < result_x.pop() < reason_x.pop()
    headings = [t for _, _, t in texts if t in ("UNIT", "ORDER", "RESULT", "REASON")]
    assert headings == ["UNIT", "ORDER", "RESULT", "REASON"]


def test_the_text_report_and_the_table_say_the_same():
    from diplodesk.engine.process import process
    from diplodesk.engine.reports import power_report

    for rules in ((), ("blind",)):
        pos = load_position(start(rules))
        for power in ("England", "France", "Russia"):
            expected = (blind.report_text(pos, process(pos), power) if rules else power_report(pos, power))
            assert text_of(report_blocks(pos, power)) == expected


@pytest.mark.parametrize("line, mine, cells", [
    ("F(Lon) - Eng (FAILED) Stood off by French fleet", True, ("F(Lon)", "- Eng", "failed", "Stood off by French fleet")),
    ("F(Edi) - Nth", True, ("F(Edi)", "- Nth", "succeeded", "")),
    ("F(???) - Eng (FAILED)", False, ("F(???)", "- Eng", "failed", "")),
    ("A(Mun) S A(Ber) - Sil (CUT)", True, ("A(Mun)", "S A(Ber) - Sil", "cut", "")),
    ("A(Par) H Attacked by German army", True, ("A(Par)", "H", "succeeded", "Attacked by German army")),
    ("F(Bre) C A(Pic) - Lon (INVALID: illegal)", True, ("F(Bre)", "C A(Pic) - Lon", "invalid", "illegal")),
    ("A hol R yor (FAILED)", True, ("A hol", "R yor", "failed", "")),
    ("B F stp/nc", True, ("F stp/nc", "B", "succeeded", "")),
])
def test_a_blind_line_is_cut_into_its_cells(line, mine, cells):
    r = blind_row(line, mine)
    assert (r.unit, r.order, r.result, r.reason) == cells and r.text == line


def test_a_power_that_fits_on_the_next_page_is_not_broken():
    pages = paginate([[1] * 20, [1] * 8, [1] * 3], per_page=26)
    assert [[(p.block, p.start, p.stop) for p in page] for page in pages] == [[(0, 0, 20)], [(1, 0, 8), (2, 0, 3)]]


@pytest.mark.parametrize("length", range(27, 60))
def test_a_power_longer_than_a_page_leaves_no_few_lines_alone(length):
    pages = paginate([[1] * 5, [1] * length, [1] * 2], per_page=26)
    pieces = [p for page in pages for p in page if p.block == 1]
    assert len(pieces) >= 2 and all(p.stop - p.start >= ORPHANS for p in pieces)
    assert [p.continued for p in pieces] == [False] + [True] * (len(pieces) - 1)
    assert pieces[0].start == 0 and pieces[-1].stop == length
    assert all(a.stop == b.start for a, b in zip(pieces, pieces[1:], strict=False))
    for page in pages:  # and no page holds more than it can
        used = sum(p.stop - p.start + (1 if p.continued else 0) for p in page) + len(page) - 1
        assert used <= 26


def test_a_long_report_repeats_its_power_above_a_continuation():
    rows = [Row(f"A x{i}", "H", "succeeds", "", "") for i in range(70)]
    texts, pages = _set([["Head"], ["England:", *rows]], height=900.0)
    assert len(pages) >= 3
    assert [t for _, _, t in texts].count("England: (continued)") == len(pages) - 1
    assert "Title (1/" in texts[0][2]
