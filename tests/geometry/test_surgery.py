"""Shape surgery on its own: plain shapely in, plain shapely out, no document, no Qt."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, MultiPolygon, Point, box

from diplodesk.geometry import surgery


def test_imports_no_qt_and_no_document() -> None:
    imports = [line for line in open(surgery.__file__).read().splitlines()
               if line.startswith(("import ", "from "))]
    assert not [line for line in imports if "PySide6" in line or "document" in line or "gui" in line]


def test_split_pieces_by_side_and_crumbs_join_their_neighbour() -> None:
    square = box(0, 0, 100, 100)
    cut = LineString(surgery.extend_line([(50, 0), (50, 100)], 5))
    pieces = surgery.split_pieces(square, cut)
    sides = {side: round(p.centroid.x) for p, side in pieces}
    # walking down the screen (y grows), the east half is on the left
    assert sides == {"left": 25, "right": 75} or sides == {"right": 25, "left": 75}
    assert surgery.line_side(cut, 75, 50) != surgery.line_side(cut, 25, 50)
    # a line that misses leaves the shape whole and sideless
    assert [side for _, side in surgery.split_pieces(square, LineString([(200, 0), (200, 100)]))] == [None]
    # a crumb takes the side it borders most
    crumb = box(100, 0, 101, 1)
    joined = surgery.join_crumbs([(square, "left"), (crumb, "right")], gap=0.1, min_area=100)
    assert [side for _, side in joined] == ["left", "left"]


def test_vertex_edits_keep_rings_closed() -> None:
    square = box(0, 0, 10, 10)
    moved = surgery.move_vertex(square, (10, 10), (12, 12), snap=0.5)
    assert moved.contains(Point(11, 11)) and moved.area > square.area
    added = surgery.add_vertex(square, (5, 0), snap=0.5, grid=0.1)
    assert shapely.get_num_coordinates(added) == shapely.get_num_coordinates(square) + 1
    assert surgery.add_vertex(added, (5, 0), snap=0.5, grid=0.1).equals_exact(added, 0)
    fewer = surgery.delete_vertex(square, (10, 10), snap=0.5)
    assert fewer.area == pytest.approx(50)
    with pytest.raises(surgery.ShapeEditError):
        surgery.delete_vertex(fewer, (0, 0), snap=0.5)


def test_clean_drops_specks_and_snaps_to_grid() -> None:
    g = MultiPolygon([box(0, 0, 10, 10), box(20, 20, 20.01, 20.01)])
    out = surgery.clean(g, grid=0.1, tiny=0.5)
    assert out.geom_type == "Polygon" and out.area == pytest.approx(100)
    xs = shapely.get_coordinates(surgery.clean(box(0.04, 0, 10, 10), 0.1, 0.5))[:, 0]
    assert np.allclose(np.round(xs / 0.1) * 0.1, xs)
    assert surgery.clean(box(0, 0, 0.1, 0.1), grid=0, tiny=0.5).is_empty


def test_share_out_gives_each_name_its_nearest_part() -> None:
    square = box(0, 0, 100, 100)
    parts = surgery.share_out(square, {(0.0, 50.0): "wc", (100.0, 50.0): "ec"}, margin=5)
    assert parts["wc"].centroid.x < 50 < parts["ec"].centroid.x
    assert parts["wc"].area + parts["ec"].area == pytest.approx(square.area)
