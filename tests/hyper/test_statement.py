"""A nation's statement tells the nation what its season did: every order with what decided
it (a research roll too), the battles it fought, the provinces it won or lost; and a line is
never cut, however long its reason or table cell."""

from __future__ import annotations

from diplodesk.engine.hyper import papers, report

from .conftest import season, start


def _statement(pos: dict, orders: dict, nation: str) -> str:
    return papers.text(papers.statement(season(pos, orders), pos | {"orders": orders}, nation))


def test_a_conquest_is_in_the_conqueror_s_and_the_loser_s_statements():
    pos = start()
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "gaso", "M": 6}]
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    orders = {"fra": ["1D at Nava"]}
    france = _statement(pos, orders, "fra")
    assert "Battles (III.29-31)\n  nava: attacked by fra 1D gaso conquered\n" in france
    assert "Provinces won (II)\n  nava: conquered from spa, now fra-nava\n" in france
    assert "Provinces lost (II)\n  nava: lost to fra-nava\n" in _statement(pos, orders, "spa")


def test_a_research_roll_is_in_the_statement_even_when_it_succeeds():
    text = _statement(start(), {"fra": ["co A"]}, "fra")
    line = text.split("  co A1\n", 1)[1].split("\n", 1)[0]
    assert line.strip().startswith("rolled") and "APIs" in line


def test_a_long_label_wraps_with_its_figures_on_its_last_line_and_nothing_cut():
    label = "  upkeep 12D in rhin (attacking) + supply route rhin-hann-holl-belg-pica (+2I) [T3 row 33 T/sp/foreign]"
    lines = report._row(label, {"$": -1.5, "I": -2}).split("\n")
    assert len(lines) > 1 and all(len(ln) <= report.LABEL for ln in lines[:-1])
    words = " ".join(ln.strip() for ln in lines)
    assert "[T3 row 33 T/sp/foreign]" in words  # every word of it, the cell whole
    assert lines[-1].rstrip().endswith("-2") and "-1.5" in lines[-1]
