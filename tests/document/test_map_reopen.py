"""A board the editor saves reopens as it was saved: the geometry read back gives the
saved adjacency, so no pins appear that the user never made."""

from __future__ import annotations

import pickle
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


def _fresh_borders(doc: MapDocument) -> dict[tuple[str, str], float]:
    """Every border of a document's shapes, measured now (as on a first open)."""
    from diplodesk.geometry.adjacency import survey_borders

    ids = sorted(doc.shapes)
    s = survey_borders(np.array([doc.shapes[p] for p in ids], dtype=object), doc.gap)
    return {(ids[i], ids[j]): n for i, j, n in zip(s.left.tolist(), s.right.tolist(), s.lengths.tolist(),
                                                   strict=True) if n > doc.min_border}


def _no_survey(monkeypatch) -> None:
    """Measuring the borders of the whole map fails the test from here on."""
    from diplodesk.document import map_adjacency

    def refuse(*_a, **_k):
        raise AssertionError("the borders were measured again")

    monkeypatch.setattr(map_adjacency, "survey_borders", refuse)


def test_a_reopened_map_has_the_borders_a_fresh_survey_gives(tmp_path, monkeypatch):
    """The second open of a map takes its borders from the disk cache
    (geometry/border_cache.py), and they are the ones measuring them again gives."""
    from diplodesk.geometry import border_cache

    folder = small_cells_board(120).save(tmp_path / "small")
    first = MapDocument.open(folder)
    assert len(list(border_cache.borders_dir().glob("*.npz"))) == 1
    _no_survey(monkeypatch)
    again = MapDocument.open(folder)
    assert again.borders() == first.borders() == _fresh_borders(again)
    assert again.links() == first.links() and again.overrides == {}


def test_a_changed_map_is_surveyed_again(tmp_path, monkeypatch):
    """The borders kept for a map are not those of another version of it: a province
    grown over its neighbours gives a new entry, with the new borders."""
    from diplodesk.geometry import border_cache

    doc = small_cells_board(60)
    folder = doc.save(tmp_path / "small")
    MapDocument.open(folder)
    moved = doc.province_ids[0]
    x0, y0, x1, y1 = doc.shape(moved).bounds
    doc.set_shape(moved, doc.shape(moved).union(shapely.box(x0, y0, x1, y1).buffer(8)))
    doc.save(folder)
    reopened = MapDocument.open(folder)
    assert len(list(border_cache.borders_dir().glob("*.npz"))) == 2
    assert reopened.borders() == _fresh_borders(reopened)


def test_borders_kept_for_one_gap_are_not_those_of_another(tmp_path):
    """The same shapes measured across a wider gap (the saved [editor] gap changed) are
    surveyed again: more pairs come within it."""
    from diplodesk.geometry import border_cache

    folder = small_cells_board(60).save(tmp_path / "small")
    narrow = MapDocument.open(folder)
    toml = folder / "variant.toml"
    toml.write_text(toml.read_text().replace("gap = 2.0", "gap = 6.0"))
    wide = MapDocument.open(folder)
    assert wide.gap == 6.0 and len(list(border_cache.borders_dir().glob("*.npz"))) == 2
    assert wide.borders() == _fresh_borders(wide) != narrow.borders()


def test_a_foreign_or_broken_cache_entry_is_ignored(tmp_path):
    """An entry under a map's key that we did not write for it (another map's survey,
    garbage, a pickle) is measured again, and the entry rewritten."""
    from diplodesk.geometry import border_cache

    a = small_cells_board(60).save(tmp_path / "a")
    b = small_cells_board(90).save(tmp_path / "b")
    MapDocument.open(a)
    (entry_a,) = border_cache.borders_dir().glob("*.npz")
    expected = MapDocument.open(b).borders()
    (entry_b,) = set(border_cache.borders_dir().glob("*.npz")) - {entry_a}
    for foreign in (entry_a.read_bytes(), b"not a survey", pickle.dumps({"left": [0]})):
        entry_b.write_bytes(foreign)
        assert MapDocument.open(b).borders() == expected
        assert border_cache.load_survey(entry_b.stem, 90) is not None  # rewritten, ours again
