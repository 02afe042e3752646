"""Straight-line path data (the editor's own ``M x,y x,y ... Z``) is read without
svgelements, to exactly the rings, counts and refusals svgelements' reading gives."""

from __future__ import annotations

import re
from dataclasses import astuple
from pathlib import Path

import numpy as np
import pytest

from diplodesk.geometry import svg_rings
from diplodesk.geometry.path_data import straight_rings
from diplodesk.geometry.svg_import import MapError, import_svg
from diplodesk.paths import builtin_variants_dir

FIXTURES = Path(__file__).parent / "fixtures"

HAND_MADE = [
    "M1,2 3,4 5,6Z",
    "M 1 2 3 4 5 6 z M10,10 20,10 20,20Z",
    "M1,2 3,4Z",  # too few points for a ring
    "M1e2,2E1 -3.5,+4 .5,6.Z",  # svgelements drops a Z after "6."
    "M1e2,2E1 -3.5,+4 .5,6.0Z",
    "M1E+2,2e-1 3,4 5,6Z",
    "M1.5.5 3,4 5,6Z",
    "M1,2,3,4,5,6Z  ",
    "M1,2 1,2 3,4 5,6Z",
    "M0,0 1e7,0 0,1e7Z",
    "M1,2 3,4 5,6",  # not closed
    "M1,2L3,4 5,6Z",
    "M1,2 3,4 5,6Zm1,1 2,2 3,1z",
    "M1-2 3,4 5,6Z",
    "M1,2 3,4 5Z",
    "M1,,2 3,4 5,6Z",
    "M1,2 3,4 5,6ZZ",
]


def _budget() -> svg_rings.Budget:
    return svg_rings.Budget(deadline=1e18)


def _read(d: str, quick: bool, monkeypatch) -> tuple[list[np.ndarray] | str, tuple]:
    """The rings (or the refusal) and the budget spent, read one way or the other."""
    with monkeypatch.context() as m:
        if not quick:
            m.setattr(svg_rings, "straight_rings", lambda d: None)
        budget = _budget()
        try:
            got: list[np.ndarray] | str = svg_rings._path_rings(d, 0.1, budget)
        except svg_rings._Bad as e:
            got = str(e)
    return got, astuple(budget)


def _same(d: str, monkeypatch) -> None:
    quick, slow = _read(d, True, monkeypatch), _read(d, False, monkeypatch)
    assert quick[1] == slow[1], d
    if isinstance(slow[0], str):
        assert quick[0] == slow[0], d
        return
    assert len(quick[0]) == len(slow[0]), d
    for a, b in zip(quick[0], slow[0], strict=True):
        assert a.shape == b.shape and np.array_equal(a, b), d


@pytest.mark.parametrize("d", HAND_MADE)
def test_hand_made_path_data_reads_as_svgelements_reads_it(d, monkeypatch):
    _same(d, monkeypatch)


def test_only_closed_absolute_straight_rings_take_the_quick_way():
    assert straight_rings("M1,2 3,4 5,6Z") is not None
    for other in ("M1,2 3,4 5,6", "M1,2L3,4 5,6Z", "m1,2 3,4 5,6z", "M1,2 3,4 5,6 C1,2 3,4 5,6Z",
                  "M1-2 3,4 5,6Z", "M1,2 3Z", "M1,2 3,4 5,6.Z", "", "Z"):
        assert straight_rings(other) is None, other


def test_every_path_of_the_built_in_maps_reads_as_svgelements_reads_it(monkeypatch):
    ds = []
    for svg in sorted(builtin_variants_dir().glob("*/map.svg")):
        ds += re.findall(r' d="([^"]*)"', svg.read_text())
    quick = [d for d in ds if straight_rings(d) is not None]
    assert len(quick) > len(ds) * 0.9  # the editor wrote them: nearly all are straight
    for d in quick[::7]:
        _same(d, monkeypatch)


@pytest.mark.parametrize("name", ["native.svg", "jdip.svg", "godip.svg", "generic.svg", "bad_path.svg"])
def test_a_map_reads_the_same_either_way(name, monkeypatch):
    def read():
        try:
            m = import_svg(FIXTURES / name)
        except MapError as e:
            return str(e)
        return ({k: g.wkb for k, g in m.provinces.items()}, {k: g.wkb for k, g in m.coasts.items()},
                m.anchors, m.view_box)

    quick = read()
    with monkeypatch.context() as m:
        m.setattr(svg_rings, "straight_rings", lambda d: None)
        slow = read()
    assert quick == slow


def test_a_huge_number_is_refused_as_before(monkeypatch):
    quick, _ = _read("M1e999,0 1,1 2,2Z", True, monkeypatch)
    assert isinstance(quick, str) and "absurdly large" in quick
