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
from mapboards import grid_doc

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
