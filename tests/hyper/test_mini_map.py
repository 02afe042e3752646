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


def _tool():
    import importlib.util
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))  # the tool reads tools.mapgen's border check
    spec = importlib.util.spec_from_file_location("hyper_mini_map", root / "tools" / "hyper_mini_map.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_committed_map_is_the_tools_output_and_passes_the_boards_check():
    """Borders, kinds of border (a coast's border reaching the sea is a fleet move), anda's
    coasts and the three canal lines, as tools/mapgen/check.py checks the other boards."""
    tool = _tool()
    assert tool.render() == (tool.BOARD / "map.svg").read_text(encoding="utf-8"), \
        "map.svg is stale: run python -m tools.hyper_mini_map"
    assert tool.check(tool.BOARD / "map.svg") is None
