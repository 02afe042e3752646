"""Packs and print from the desk: File › Print packs… makes every player's pack, one player's
or the gazette, with a preview of the same pages; File › Export the map… draws the map."""

from __future__ import annotations

import re

from gui_helpers import show_ready
from hyperboards import desk_game

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper.window import open_desk


def _played(qtbot, prompts):
    w = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    w.paste_orders("France\nco A\nbu 3 Trs\nSpain\n1D Nava at Gaso\n")
    assert w.adjudicate()
    return w


def _pages(path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", path.read_bytes()))


def test_print_packs_before_any_season_says_there_is_nothing_to_print(qtbot, prompts):
    w = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    assert w.print_packs(run=False) is None and "nothing to print" in prompts.infos[-1][1]


def test_one_player_s_pack_from_the_desk(qtbot, prompts, tmp_path):
    w = _played(qtbot, prompts)
    assert w.act_packs.shortcut().toString() == "Ctrl+P"
    w.show_sheet("spa")
    dialog = w.print_packs(run=False)
    qtbot.addWidget(dialog)
    assert dialog.players.currentData() == "p02" and dialog.chosen() == "one"  # the sheet's player
    dialog.folder.setText(str(tmp_path / "packs"))
    made = dialog.make()
    assert [p.name for p in made] == [f"{w.doc.variant.id}-W1914M-p02.pdf", f"{w.doc.variant.id}-W1914M-gazette.pdf"]
    _title, pages = dialog.pages()
    assert _pages(made[0]) == len(pages) and "Made 2 PDFs" in dialog.status.text()


def test_every_player_and_the_gazette_alone(qtbot, prompts, tmp_path):
    w = _played(qtbot, prompts)
    dialog = w.print_packs(run=False)
    qtbot.addWidget(dialog)
    dialog.folder.setText(str(tmp_path / "all"))
    assert dialog.chosen() == "one"  # the player of the sheet open (France's)
    dialog.choose("every")
    names = sorted(p.name.split("-")[-1] for p in dialog.make())
    assert names == ["gazette.pdf", "gm.pdf", "p01.pdf", "p02.pdf", "p03.pdf", "p04.pdf"]
    dialog.choose("gazette")
    dialog.folder.setText(str(tmp_path / "public"))
    assert [p.name.split("-")[-1] for p in dialog.make()] == ["gazette.pdf"]


def test_the_preview_paints_the_pack_s_pages_on_a_printer(qtbot, prompts, tmp_path):
    from PySide6.QtPrintSupport import QPrinter

    w = _played(qtbot, prompts)
    dialog = w.print_packs(run=False)
    qtbot.addWidget(dialog)
    dialog.choose_player("p01")
    preview = dialog.preview(run=False)
    qtbot.addWidget(preview)
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "preview.pdf"))
    preview.paintRequested.emit(printer)
    _title, pages = dialog.pages()
    assert _pages(tmp_path / "preview.pdf") == len(pages) >= 2  # the map, then France's statement


def test_export_the_map_draws_the_region_in_view(qtbot, prompts, tmp_path):
    w = _played(qtbot, prompts)
    out = tmp_path / "map.png"
    prompts.next_path = str(out)
    assert w.export_map()
    assert out.read_bytes()[:4] == b"\x89PNG" and "Exported world" in w.statusBar().currentMessage()
