"""The test board's map (examples/hyper-mini/map.svg, drawn by tools/hyper_mini_map.py)."""

from __future__ import annotations

import shapely

from diplodesk.geometry.adjacency import diff_adjacency
from diplodesk.geometry.shapes import load_map_geometry
from diplodesk.variants import load_variant

MINI = "examples/hyper-mini"


def test_the_map_borders_match_the_adjacency():
    """Every border on the map is an adjacency and every adjacency a border (no allowed
    differences: the board has no strait crossed without a shared border)."""
    board = load_variant(MINI).board
    diff = diff_adjacency(load_map_geometry(MINI), board)
    assert diff.clean, str(diff)


def test_every_place_has_its_anchors_inside_it():
    geom = load_map_geometry(MINI)
    board = load_variant(MINI).board
    for pid in board.provinces:
        for kind in ("unit", "label"):
            x, y = geom.anchor(kind, pid)
            assert shapely.contains_xy(geom.shape(pid), x, y), f"{kind}-{pid}"
    for loc in ("anda/wc", "anda/ec"):
        assert shapely.contains_xy(geom.shape(loc), *geom.anchor("unit", loc)), loc


def test_andalusia_has_two_coasts_on_two_seas():
    geom = load_map_geometry(MINI)

    def coastline(loc: str, sea: str) -> float:
        return geom.shape(loc).boundary.intersection(geom.shape(sea).buffer(0.5)).length

    assert coastline("anda/wc", "atla") > 100 and coastline("anda/wc", "wmed") < 2
    assert coastline("anda/ec", "wmed") > 100 and coastline("anda/ec", "atla") < 2
