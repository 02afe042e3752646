"""A small board of rectangles for the map editor's tests, and its adjacency from geometry.

::

      0        100       200       300       400
    0 +---------------------------------------+
      |                 nor (sea)             |
  100 +---------+---------+---------+---------+
      |  aaa    |  bbb    |  ccc    |  ddd    |    coasts
  200 +---------+---------+---------+---------+
      |       eee         |       fff         |    land
  300 +-------------------+-------------------+
"""

from __future__ import annotations

import shapely
from shapely.geometry import Polygon, box

from diplodesk.document.map_document import MapDocument, PowerRecord, ProvinceRecord, StartUnit


def grid_doc() -> MapDocument:
    records = [
        ProvinceRecord("nor", "North", "sea"),
        ProvinceRecord("aaa", "Aaa", "coast", center=True, home="Red"),
        ProvinceRecord("bbb", "Bbb", "coast"),
        ProvinceRecord("ccc", "Ccc", "coast", center=True),
        ProvinceRecord("ddd", "Ddd", "coast", center=True, home="Blue"),
        ProvinceRecord("eee", "Eee", "land"),
        ProvinceRecord("fff", "Fff", "land"),
    ]
    # shared borders have their points in common (no T-junctions), as a drawn map's do
    shapes = {
        "nor": Polygon([(0, 0), (400, 0), (400, 100), (300, 100), (200, 100), (100, 100), (0, 100)]),
        "aaa": box(0, 100, 100, 200), "bbb": box(100, 100, 200, 200),
        "ccc": box(200, 100, 300, 200), "ddd": box(300, 100, 400, 200),
        "eee": Polygon([(0, 200), (100, 200), (200, 200), (200, 300), (0, 300)]),
        "fff": Polygon([(200, 200), (300, 200), (400, 200), (400, 300), (200, 300)]),
    }
    info = {
        "id": "grid", "name": "Grid",
        "powers": (PowerRecord("Red", "Red", "#aa0000"), PowerRecord("Blue", "Blue", "#0000aa")),
        "start_units": (StartUnit("Red", "F", "aaa"), StartUnit("Blue", "A", "ddd")),
        "victory": {"centers": 2},
    }
    doc = MapDocument.from_shapes((0, 0, 400, 300), records, shapes, info=info)
    doc.move_anchor("center-aaa", (50, 170))
    doc.move_anchor("center-ccc", (250, 170))
    doc.move_anchor("center-ddd", (350, 170))
    doc.mark_clean()
    return doc


def state(doc: MapDocument):
    """Everything that makes the board, compared exactly."""
    return (
        doc.to_data(),
        {k: g.wkb for k, g in doc.shapes.items()},
        {k: g.wkb for k, g in doc.coast_shapes.items()},
        doc.anchors,
        sorted(doc.decorations),
        doc.borders(),
        sorted(doc.geometric_links()),
        doc.overrides,
    )


GRID_ARMY = {("aaa", "bbb"), ("bbb", "ccc"), ("ccc", "ddd"), ("aaa", "eee"), ("bbb", "eee"),
             ("ccc", "fff"), ("ddd", "fff"), ("eee", "fff")}
GRID_FLEET = {("aaa", "nor"), ("bbb", "nor"), ("ccc", "nor"), ("ddd", "nor"),
              ("aaa", "bbb"), ("bbb", "ccc"), ("ccc", "ddd")}


def test_grid_adjacency_from_geometry():
    doc = grid_doc()
    assert shapely.coverage_is_valid(list(doc.shapes.values()))
    assert set(doc.pairs("A")) == GRID_ARMY
    assert set(doc.pairs("F")) == GRID_FLEET
    assert doc.overrides == {}
    # corner touches are no border
    assert ("aaa", "fff") not in doc.borders() and ("bbb", "fff") not in doc.borders()


def test_grid_is_a_valid_variant():
    doc = grid_doc()
    v = doc.variant()
    assert v.board.adjacent("F", "aaa", "bbb") and not v.board.adjacent("F", "eee", "fff")
    assert v.start_centers["Red"] == ("aaa",)
