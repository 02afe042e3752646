"""The map model on its own, without Qt: edits recorded as patches, undone and redone
exactly, as the document's commands rely on."""

from __future__ import annotations

import pytest
import shapely
from shapely.geometry import box

from diplodesk.document.map_model import MapModel
from diplodesk.document.map_records import MapEditError, ProvinceRecord


def two_provinces() -> MapModel:
    records = [ProvinceRecord("sea", "Sea", "sea"), ProvinceRecord("lnd", "Land", "coast")]
    shapes = {"sea": box(0, 0, 200, 100), "lnd": box(0, 100, 200, 200)}
    return MapModel.from_shapes((0, 0, 200, 200), records, shapes, info={"id": "two", "name": "Two"})


def test_a_split_is_a_patch_that_reverts_and_replays_exactly() -> None:
    m = two_provinces()
    assert m.links("F") == {("F", "lnd", "sea")}
    before = (m.to_data(), shapely.to_wkb(m.shape("lnd")))
    patch = m.split_province("lnd", [(100, 90), (100, 210)], "new", "New")
    assert patch is not None and m.has_province("new")
    assert ("F", "new", "sea") in m.links("F") and ("A", "lnd", "new") in m.links("A")
    assert ("lnd", "new") in patch.diff.army_added and ("new", "sea") in patch.diff.fleet_added
    after = m.to_data()
    m.revert(patch)
    assert (m.to_data(), shapely.to_wkb(m.shape("lnd"))) == before and not m.has_province("new")
    m.replay(patch)
    assert m.to_data() == after
    assert m.revision == 3  # the edit, its undo and its redo


def test_a_refused_edit_leaves_nothing_behind() -> None:
    m = two_provinces()
    before = m.to_data()
    with pytest.raises(MapEditError, match="does not cut"):
        m.split_province("lnd", [(300, 300), (310, 310)], "new")
    assert m.to_data() == before and m.revision == 0
