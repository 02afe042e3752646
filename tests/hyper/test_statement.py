"""A nation's statement tells the nation what its season did: every order with what decided
it (a research roll too), the battles it fought, the provinces it won or lost, each nation and
province by its name (a territory formed in play by its province and conqueror); and a line
is never cut, however long its reason or table cell."""

from __future__ import annotations

from diplodesk.engine.hyper import papers, report

from .conftest import names, season, start


def _statement(pos: dict, orders: dict, nation: str) -> str:
    return papers.text(papers.statement(season(pos, orders), pos | {"orders": orders}, nation, names()))


def test_a_conquest_is_in_the_conqueror_s_and_the_loser_s_statements():
    pos = start()
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "gaso", "M": 6}]
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    orders = {"fra": ["1D at Nava"]}
    france = _statement(pos, orders, "fra")
    assert "Battles (III.29-31)\n  Navarre: attacked by France 1D gaso conquered\n" in france
    assert "Provinces won (II)\n  Navarre: conquered from Spain, now Navarre under France\n" in france
    assert "; Navarre conquered by France (II.2b)\n" in france  # the attack's own detail too
    assert "yield of 4 provinces: Aquitaine, Brittany, Gascony, Paris (I.3)" in " ".join(france.split())
    spain = _statement(pos, orders, "spa")
    assert "Provinces lost (II)\n  Navarre: lost to Navarre under France\n" in spain
    assert "fra-nava" not in france.split("Battles")[1] and "fra-nava" not in spain  # no id to read


def test_a_territory_s_statement_is_headed_by_its_name_and_its_suzerain_s():
    pos = start()
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "gaso", "M": 6}]
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    after = season(pos, {"fra": ["1D at Nava"]})["next"]  # a season later, Navarre a territory
    text = _statement(after, {}, "fra-nava")
    assert text.startswith("Navarre under France (fra-nava) — Spring 1915 — territory of France,")


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
