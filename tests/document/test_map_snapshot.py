"""The checks read a snapshot of the map, not the document: one taken before an edit
still shows the map as it was, and gives the same findings as the document did then."""

from __future__ import annotations

import dataclasses

import pytest
from mapboards import grid_doc

from diplodesk.document.map_checks import check_map
from diplodesk.document.map_snapshot import MapSnapshot


def test_a_snapshot_is_the_map_at_that_moment() -> None:
    doc = grid_doc()
    before = doc.snapshot()
    assert isinstance(before, MapSnapshot)
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.span = 1.0  # type: ignore[misc]
    assert before.links() == doc.links() and before.borders() == doc.borders()
    assert all(before.adjacent(u, a, b) for u, a, b in doc.links())
    pid = doc.province_ids[0]
    doc.delete_province(pid)
    assert before.has_province(pid) and not doc.has_province(pid)
    assert check_map(before) == []  # the clean board it was
    assert check_map(doc) == check_map(doc.snapshot())


def test_shared_border_is_measured_as_the_document_does() -> None:
    doc = grid_doc()
    snap = doc.snapshot()
    for a, b in sorted(doc.borders())[:5]:
        assert snap.shared_border(a, b).equals(doc.shared_border(a, b))
