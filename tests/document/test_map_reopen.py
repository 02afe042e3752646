"""A board the editor saves reopens as it was saved: the geometry read back gives the
saved adjacency, so no pins appear that the user never made."""

from __future__ import annotations

import random

import numpy as np
import shapely
from shapely.geometry import MultiPoint, box

from diplodesk.document.map_document import MapDocument, ProvinceRecord


def small_cells_board(n: int = 200) -> MapDocument:
    """``n`` Voronoi provinces packed in a corner of a large map: so small that the gap
    measured from the shapes alone would be wider than the one they were drawn with."""
    rng = random.Random(7)
    area = box(0, 0, 560, 420)
    pts = MultiPoint([(rng.uniform(0, 560), rng.uniform(0, 420)) for _ in range(n)])
    cells = shapely.get_parts(shapely.voronoi_polygons(pts, extend_to=area))
    cells = [shapely.transform(shapely.intersection(c, area), lambda xy: np.round(xy, 1)) for c in cells]
    ids = [f"p{i:03d}" for i in range(len(cells))]
    records = [ProvinceRecord(p, f"Province {p}", "land") for p in ids]
    return MapDocument.from_shapes((0, 0, 2000, 1500), records, dict(zip(ids, cells, strict=True)))


def test_a_saved_board_reopens_with_no_pins(tmp_path):
    doc = small_cells_board()
    folder = doc.save(tmp_path / "small")
    opened = MapDocument.open(folder)
    assert opened.overrides == {}
    assert opened.links() == doc.links()


def test_a_bad_saved_gap_is_reported_and_measured_instead(tmp_path):
    folder = small_cells_board(40).save(tmp_path / "small")
    toml = folder / "variant.toml"
    toml.write_text(toml.read_text().replace("gap = 2.0", 'gap = "wide"'))
    opened = MapDocument.open(folder)
    assert any("[editor] gap" in p for p in opened.load_problems)
    assert opened.gap >= 2.0


def test_a_map_read_once_is_read_again_from_the_cache(tmp_path):
    """The editor keeps what it parsed of a map, keyed by the file's bytes: a second open of
    the same map reads no SVG (geometry/map_cache.py)."""
    from diplodesk.document.map_document import MapDocument
    from diplodesk.geometry import map_cache

    first = MapDocument.open("standard")
    entries = list(map_cache.cache_dir().glob("*.pickle"))
    assert entries
    again = MapDocument.open("standard")
    assert list(map_cache.cache_dir().glob("*.pickle")) == entries
    assert sorted(again.shapes) == sorted(first.shapes)
