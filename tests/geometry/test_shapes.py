"""Hit testing, coasts and anchors of MapGeometry. No Qt here."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from diplodesk.geometry.shapes import MapGeometry, load_map_geometry
from diplodesk.geometry.svg_import import MapError
from diplodesk.variants import find_variant, load_variant, map_path

FIXTURES = Path(__file__).parent / "fixtures"
STANDARD_MAP = map_path("standard")
needs_map = pytest.mark.skipif(STANDARD_MAP is None, reason="variants/standard/map.svg is not there yet")


@pytest.fixture(scope="module")
def board():
    return load_variant("standard").board


@pytest.fixture(scope="module", params=["native.svg", "jdip.svg", "godip.svg", "generic.svg"])
def fixture_geom(request, board):
    return MapGeometry.from_svg(FIXTURES / request.param, board)


@pytest.fixture(scope="module")
def native(board):
    return MapGeometry.from_svg(FIXTURES / "native.svg", board)


@pytest.fixture(scope="module")
def standard():
    if STANDARD_MAP is None:
        pytest.skip("variants/standard/map.svg is not there yet")
    return load_map_geometry("standard")


# -- hit testing -------------------------------------------------------------------------


def test_a_point_inside_each_province_finds_it(fixture_geom):
    for pid, shape in zip(fixture_geom.ids, fixture_geom.shapes, strict=True):
        p = shape.representative_point()
        assert fixture_geom.province_at(p.x, p.y) == pid


def test_off_the_map_is_none(native):
    assert native.province_at(-50, -50) is None
    assert native.province_at(1000, 50) is None
    assert native.province_at(110, 160) is None  # the hole in lvn
    assert native.province_at(280, 180) == "mos"


@settings(max_examples=300, deadline=None)
@given(x=st.floats(-20, 320), y=st.floats(-30, 220))
def test_hit_testing_agrees_with_shapely(native, x, y):
    got = native.province_at(x, y)
    pt = shapely.Point(x, y)
    exact = [native.ids[i] for i in native.tree.query(pt, predicate="covers")]
    if got is None:
        assert not exact
    elif got not in exact:
        # only a point on a border or in a hairline gap snaps to a shape near it
        assert native.shape(got).distance(pt) <= max(native.view_box[2:]) * 1e-3 + 1e-9


def test_fleet_coasts_from_the_coasts_layer(native):
    assert native.location_at(200, 60, "F") == "stp/nc"
    assert native.location_at(200, 125, "F") == "stp/sc"
    assert native.location_at(200, 60, "A") == "stp"
    assert native.location_at(200, 60) == "stp"
    assert native.location_at(40, 90, "F") == "nwy"


def test_fleet_coasts_from_neighbours_without_a_coasts_layer(board):
    # jdip.svg has no coast shapes: spa/nc faces gas (north-west), spa/sc faces lyo,
    # mar and wes (east and south)
    g = MapGeometry.from_svg(FIXTURES / "jdip.svg", board)
    assert not g.coasts
    assert g.location_at(170, 100, "F") == "spa/nc"
    assert g.location_at(300, 230, "F") == "spa/sc"
    assert g.location_at(340, 120, "F") == "spa/sc"
    assert g.location_at(170, 100, "A") == "spa"


def test_godip_coast_shapes(board):
    g = MapGeometry.from_svg(FIXTURES / "godip.svg", board)
    assert g.location_at(100, 70, "F") == "bul/ec"
    assert g.location_at(100, 140, "F") == "bul/sc"


# -- anchors ---------------------------------------------------------------------------


def test_anchors_lie_inside_their_shapes(fixture_geom):
    for pid in fixture_geom.ids:
        for kind in ("unit", "dislodged", "label", "center"):
            x, y = fixture_geom.anchor(kind, pid)
            assert fixture_geom.shape(pid).covers(shapely.Point(x, y)), (kind, pid)


def test_anchors_from_the_svg_win(native):
    assert native.anchor("unit", "stp/nc") == (230, 70)
    assert native.anchor("center", "stp") == (280, 90)
    assert native.anchor("label", "bar") == (150, 40)


def test_computed_coast_anchor_is_on_its_side(board):
    g = MapGeometry.from_svg(FIXTURES / "native.svg", board)
    g._anchors.clear()
    x, y = g.anchor("unit", "stp/nc")
    assert g.coasts["stp/nc"].contains(shapely.Point(x, y))
    x, y = g.anchor("unit", "stp/sc")
    assert g.coasts["stp/sc"].contains(shapely.Point(x, y))


def test_dislodged_is_offset_from_the_unit(native):
    u = native.anchor("unit", "nwy")
    d = native.anchor("dislodged", "nwy")
    assert u != d and abs(u[0] - d[0]) + abs(u[1] - d[1]) > native.unit_size * 0.5


def test_anchor_errors(native):
    with pytest.raises(KeyError, match="vie"):
        native.anchor("unit", "vie")
    with pytest.raises(ValueError, match="anchor kind"):
        native.anchor("flag", "nwy")


def test_bounds_and_shape(native):
    assert native.bounds == (0, 0, 300, 200)
    assert native.shape("stp/nc").area == pytest.approx(140 * 40)
    assert native.shape("stp").area == pytest.approx(140 * 80)
    assert native.kind("bar") == "sea"
    with pytest.raises(KeyError):
        native.shape("vie")


# -- loading a variant's map ---------------------------------------------------------------


def _copy_variant(tmp_path: Path, with_map: Path | None) -> Path:
    """A copy of the standard variant under another id, with the given map or none."""
    folder = tmp_path / "mini"
    folder.mkdir()
    toml = find_variant("standard") / "variant.toml"
    (folder / "variant.toml").write_text(toml.read_text().replace('id = "standard"', 'id = "mini-test"'))
    if with_map is not None:
        shutil.copy(with_map, folder / "map.svg")
    return folder


def test_load_map_geometry_is_cached_per_file_and_mtime(tmp_path):
    folder = _copy_variant(tmp_path, FIXTURES / "godip.svg")
    variant = load_variant(str(folder))
    path = folder / "map.svg"
    a = load_map_geometry(variant, path)
    assert load_map_geometry(variant, path) is a
    later = time.time() + 5
    os.utime(path, (later, later))
    b = load_map_geometry(variant, path)
    assert b is not a and b.ids == a.ids


def test_own_format_map_must_cover_the_board(tmp_path):
    folder = _copy_variant(tmp_path, FIXTURES / "native.svg")
    with pytest.raises(MapError, match=r"no shape for adr, aeg, .* and \d+ more"):
        load_map_geometry(str(folder))


def test_variant_without_a_map(tmp_path):
    variant = load_variant(str(_copy_variant(tmp_path, None)))
    with pytest.raises(MapError, match="has no map.svg"):
        load_map_geometry(variant)


# -- the standard map ------------------------------------------------------------------------


@needs_map
def test_standard_map_has_every_province(standard):
    board = load_variant("standard").board
    assert set(standard.ids) == set(board.provinces)
    assert {"stp/nc", "stp/sc", "spa/nc", "spa/sc", "bul/ec", "bul/sc"} == set(standard.coasts)


@needs_map
def test_standard_hit_test_every_province_and_coast(standard):
    for pid, shape in zip(standard.ids, standard.shapes, strict=True):
        x, y = standard.anchor("unit", pid)
        assert standard.province_at(x, y) == pid
        p = shape.representative_point()
        assert standard.province_at(p.x, p.y) == pid
    for loc in standard.coasts:
        x, y = standard.anchor("unit", loc)
        assert standard.location_at(x, y, "F") == loc


@needs_map
def test_standard_anchors_inside(standard):
    board = load_variant("standard").board
    for pid in standard.ids:
        for kind in ("unit", "dislodged", "label"):
            x, y = standard.anchor(kind, pid)
            assert standard.shape(pid).covers(shapely.Point(x, y)), (kind, pid)
    for pid in board.centers:
        x, y = standard.anchor("center", pid)
        assert standard.shape(pid).covers(shapely.Point(x, y)), pid
