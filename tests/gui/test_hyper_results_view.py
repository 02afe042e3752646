"""The desk's results view after a season: every order with its result and Why, grouped by
nation and sortable, filtered to the sheet's nation on a toggle, the season's gazette beside
it, and any earlier season read again."""

from __future__ import annotations

from gui_helpers import show_ready
from hyperboards import desk_game

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.document.hyper_results import COLUMNS
from diplodesk.gui.hyper.window import open_desk

SEASON = "France\n1D Gaso ho\n2D Gaso ho\nbu 3 Trs\nco A\nSpain\n1D Nava at Gaso\nbu 2 Trs\n"


def _played(qtbot, prompts):
    w = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    w.paste_orders(SEASON)
    assert w.adjudicate()
    return w


def test_after_a_season_the_results_view_lists_every_order_with_its_result(qtbot, prompts):
    w = _played(qtbot, prompts)
    r = w.results
    assert r.isVisible() and not r.visibleRegion().isEmpty()  # brought forward after Ctrl+Enter
    assert r.table.rowCount() == len(w.doc.history[-1].result["orders"])
    row = r.row_of("spa", "1D Nava at Gaso")
    assert [r.cell(row, c) for c in ("Nation", "Unit", "Kind", "Result", "Reason")] == [
        "Spain", "1D", "attack", "fails", "bounced"]
    why = r.show_why(row)
    assert "T7[2][2]" in why and "Battle: Gascony" in why and r.side.currentWidget() is r.why
    assert "Winter 1914" in r.heading.text()


def test_the_gazette_of_the_season_is_beside_the_results(qtbot, prompts):
    w = _played(qtbot, prompts)
    gazette = w.results.gazette_text()
    assert gazette.startswith("The Hypereconomic gazette — Winter 1914")
    assert "Gascony: attacked by Spain 1D nava bounced" in gazette  # nations and places by name


def test_sorting_by_result_keeps_each_nation_s_rows_together(qtbot, prompts):
    w = _played(qtbot, prompts)
    r = w.results
    r.sort_by(COLUMNS.index("Result"))
    results = [r.cell(i, "Result") for i in range(r.table.rowCount())]
    assert results == sorted(results)


def test_only_the_sheet_s_nation_on_a_toggle(qtbot, prompts):
    w = _played(qtbot, prompts)
    w.show_sheet("spa")
    w.results.only.setChecked(True)
    assert {w.results.cell(i, "Nation") for i in range(w.results.table.rowCount())} == {"Spain"}
    assert w.results.only.text() == "Only Spain"
    w.results.only.setChecked(False)
    assert w.results.table.rowCount() == len(w.doc.history[-1].result["orders"])


def test_an_earlier_season_is_read_again(qtbot, prompts):
    w = _played(qtbot, prompts)
    w.paste_orders("France\nbu 1 Trs\n")
    assert w.adjudicate()
    r = w.results
    assert r.season.count() == 2 and r.season_index() == 1
    r.show_season(0)
    assert "read only" in r.heading.text() and r.row_of("spa", "1D Nava at Gaso") >= 0
    assert r.gazette_text().startswith("The Hypereconomic gazette — Winter 1914")


def test_an_earlier_season_s_map_is_shown_read_only_with_the_way_back(qtbot, prompts):
    w = _played(qtbot, prompts)
    w.paste_orders("France\n1D Gaso at Nava\n2D Gaso sp 1D at Nava\n")
    assert w.adjudicate()
    w.results.show_season(0)
    assert w.viewing == 0 and w.history_banner.isVisible()
    assert w.view.position is not w.doc.position  # the map after Winter 1914, not Summer's start
    assert str(w.view.position.phase) == w.doc.history[1].phase
    assert w.click("gaso") is None and "read only" in w.statusBar().currentMessage()
    w.history_banner.back.click()
    assert w.viewing is None and not w.history_banner.isVisible() and w.view.position is w.doc.position
