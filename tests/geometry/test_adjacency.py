"""Adjacency from geometry, and its diff against a variant's adjacency. No Qt here."""

from __future__ import annotations

from pathlib import Path

import pytest

from diplodesk.engine.board import Board, Province, ProvinceKind
from diplodesk.geometry.adjacency import (
    diff_adjacency,
    geometric_neighbours,
    map_gap,
    shared_borders,
    variant_neighbours,
)
from diplodesk.geometry.shapes import MapGeometry, load_map_geometry
from diplodesk.variants import load_variant, map_path

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def native():
    return MapGeometry.from_svg(FIXTURES / "native.svg", load_variant("standard").board)


def test_borders_and_neighbours(native):
    borders = shared_borders(native)
    assert borders[("bar", "stp")] == pytest.approx(140, abs=1)
    assert borders[("bot", "stp")] == pytest.approx(30, abs=1)
    n = geometric_neighbours(native)
    assert {("bar", "fin"), ("bar", "nwy"), ("bar", "stp"), ("fin", "stp"), ("bot", "fin"),
            ("bot", "stp"), ("bot", "nwy"), ("lvn", "mos"), ("nwy", "swe"), ("mos", "stp")} <= n
    assert ("lvn", "swe") not in n  # a gap of 20 between them
    assert ("bar", "mos") not in n
    # nwy and lvn meet only at a corner (80,130): no border
    assert ("lvn", "nwy") not in n
    assert ("lvn", "nwy") not in borders or borders[("lvn", "nwy")] < 1


def _mini_board(extra: list[tuple[str, str]] = (), drop: tuple[str, str] | None = None) -> Board:
    kinds = {"bar": "sea", "nwy": "coast", "fin": "coast", "bot": "sea", "stp": "coast",
             "swe": "coast", "lvn": "coast", "mos": "land", "swi": "impassable"}
    provinces = [Province(p, p.upper(), ProvinceKind(k)) for p, k in kinds.items()]
    army = [("nwy", "fin"), ("fin", "stp"), ("stp", "mos"), ("lvn", "mos"), ("swe", "lvn"),
            ("nwy", "swe"), ("lvn", "stp")]
    fleet = [("bar", "nwy"), ("bar", "fin"), ("bar", "stp"), ("bot", "fin"), ("bot", "stp"),
             ("bot", "nwy"), ("bot", "lvn"), ("bot", "swe")]
    army = [p for p in army if p != drop] + list(extra)
    return Board.build(provinces, army, [p for p in fleet if p != drop])


def test_diff_finds_both_kinds_of_disagreement(native):
    board = _mini_board(extra=[("nwy", "mos")], drop=("bot", "stp"))
    g = MapGeometry(native.imported, board)
    d = diff_adjacency(g, board)
    assert ("nwy", "mos") not in d.only_geometry
    assert ("mos", "nwy") in d.only_variant
    assert ("bot", "stp") in d.only_geometry
    assert d.missing == ["swi"]
    assert not d.clean
    text = str(d)
    assert "bot-stp" in text and "mos-nwy" in text and "swi" in text


def test_allow_list(native):
    board = _mini_board(extra=[("mos", "nwy")])
    g = MapGeometry(native.imported, board)
    d = diff_adjacency(g, board).without([("nwy", "mos")])
    assert ("mos", "nwy") not in d.only_variant


def test_variant_neighbours_are_province_level():
    board = load_variant("standard").board
    n = variant_neighbours(board)
    assert ("bar", "stp") in n and ("bot", "stp") in n and ("gas", "spa") in n
    assert all(a < b for a, b in n)


@pytest.mark.skipif(map_path("standard") is None, reason="variants/standard/map.svg is not there yet")
def test_standard_map_borders_match_the_adjacency():
    """Every border on the standard map is an adjacency and every adjacency a border.

    Allowed differences, each explained (none needed today): a pair listed here would be a
    strait crossed without a shared border (as Denmark-Sweden or Constantinople are on
    some maps) or a border the rules ignore.
    """
    allowed: list[tuple[str, str]] = []
    board = load_variant("standard").board
    geom = load_map_geometry("standard")
    diff = diff_adjacency(geom, board).without(allowed)
    assert diff.clean, str(diff)


def _gapped_grid(gap: float) -> MapGeometry:
    """A 4 x 3 grid of 200-unit squares drawn 'gap' apart, as several jDip boards are."""
    cells = []
    for r in range(3):
        for c in range(4):
            x, y = c * 200 + gap / 2, r * 200 + gap / 2
            w = 200 - gap
            cells.append(f'<rect id="c{r}{c}" x="{x}" y="{y}" width="{w}" height="{w}"/>')
    svg = f'<svg viewBox="0 0 800 600"><g id="provinces">{"".join(cells)}</g></svg>'
    return MapGeometry.from_svg(svg.encode())


@pytest.mark.parametrize("gap", [0.0, 1.4, 2.5, 3.3])
def test_the_gap_follows_the_map(gap):
    geom = _gapped_grid(gap)
    n = geometric_neighbours(geom)
    expected = {(f"c{r}{c}", f"c{r}{c + 1}") for r in range(3) for c in range(3)}
    expected |= {(f"c{r}{c}", f"c{r + 1}{c}") for r in range(2) for c in range(4)}
    assert n == expected  # every side, no diagonal corner
    if gap:
        assert map_gap(geom) >= gap
        assert not geometric_neighbours(geom, gap=0.8)  # the old fixed 1/1000 finds nothing


def test_borders_measured_on_several_threads_are_those_of_one_pass(monkeypatch):
    """A large map's borders are measured in parts at once; the lengths are the same, to
    the last bit, as one pass over all pairs gives."""
    import numpy as np
    import shapely

    from diplodesk.geometry import adjacency

    rng = np.random.default_rng(3)
    cells = shapely.get_parts(shapely.voronoi_polygons(shapely.MultiPoint(rng.uniform(0, 1000, (400, 2))),
                                                       extend_to=shapely.box(0, 0, 1000, 1000)))
    cells = shapely.intersection(cells, shapely.box(0, 0, 1000, 1000))
    monkeypatch.setattr(adjacency, "PART", 100)
    monkeypatch.setattr(adjacency, "THREADS", 3)
    parts = adjacency.survey_borders(cells, 1.0)
    monkeypatch.setattr(adjacency, "THREADS", 1)
    whole = adjacency.survey_borders(cells, 1.0)
    assert len(whole.left) > 300
    assert np.array_equal(parts.left, whole.left) and np.array_equal(parts.right, whole.right)
    assert np.array_equal(parts.lengths, whole.lengths)
