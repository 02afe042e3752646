"""tools/mapgen writes coordinates to one decimal. An inlet of a sea joined to it by a channel
narrower than that is cut off when the file is written: read back, the sea has a sliver lying
in a hole of the land around it, which the map editor reads as the two overlapping (the
world board's Alaska and Bering Sea). The generator hands such a piece to the land, as it
hands every part cut off from its province's seeds to the neighbour with the longest border.
"""

from __future__ import annotations

import sys
from pathlib import Path

import shapely
from shapely.geometry import Point, Polygon, box

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # tools/ is no package of the app

from tools.mapgen.build import as_read, on_grid, polygons, rounds_cleanly  # noqa: E402

# a sea west of x = 0, and a bay 4 x 2 inside the land, joined to it by a channel 0.04 wide
CHANNEL = box(0, 4.98, 2, 5.02)
BAY = box(2, 4, 6, 6)
SEA = shapely.union_all([box(-10, 0, 0, 10), CHANNEL, BAY])
LAND = shapely.difference(box(0, 0, 10, 10), shapely.union(CHANNEL, BAY))
FAR = box(20, 0, 30, 10)
SEEDS = {"sea": [Point(-5, 5)], "lnd": [Point(8, 8)], "far": [Point(25, 5)]}


def test_a_channel_narrower_than_the_grid_is_pinched_shut_when_written():
    assert not rounds_cleanly(SEA) and not rounds_cleanly(LAND)
    sea, land = as_read(SEA), as_read(LAND)
    assert len(polygons(sea)) == 2  # the bay, cut off from its sea
    assert shapely.intersection(sea, land).area < 0.1  # ... lying in a hole of the land
    assert [len(p.interiors) for p in polygons(land)] == [1]


def test_the_cut_off_bay_goes_to_the_land_and_nothing_else_changes():
    out = on_grid({"sea": SEA, "lnd": LAND, "far": FAR}, SEEDS)
    sea, land = as_read(out["sea"]), as_read(out["lnd"])
    assert len(polygons(sea)) == 1 and sea.contains(SEEDS["sea"][0])
    assert [len(p.interiors) for p in polygons(land)] == [0]
    assert land.contains(BAY.centroid) and not sea.intersects(BAY.centroid)
    assert shapely.intersection(sea, land).area < 0.1
    assert abs(sea.area + land.area - 200) < 0.1  # nothing lost, nothing twice
    assert out["far"] is FAR


def test_provinces_that_round_cleanly_are_left_exactly_as_they_were():
    wide = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
    provinces = {"lnd": wide, "far": FAR}
    assert on_grid(provinces, SEEDS) == provinces
