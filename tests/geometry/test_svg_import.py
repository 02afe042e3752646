"""Reading SVG maps: our own format, jDip's and godip's layouts, any SVG with ids, and
files that must be refused. No Qt here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import shapely

from diplodesk.geometry import svg_xml
from diplodesk.geometry.svg_import import MapError, import_svg, parse_transform
from diplodesk.variants import load_variant

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def board():
    return load_variant("standard").board


def bounds(g):
    return tuple(round(v, 3) for v in g.bounds)


def test_geometry_never_imports_qt():
    code = (
        "import sys, diplodesk.geometry.svg_import, diplodesk.geometry.shapes, "
        "diplodesk.geometry.adjacency; "
        "print(any(m.startswith('PySide6') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- our own format ------------------------------------------------------------------------


def test_native_layout(board):
    m = import_svg(FIXTURES / "native.svg", board)
    assert m.layout == "native"
    assert m.view_box == (0, 0, 300, 200)
    assert set(m.provinces) == {"bar", "nwy", "fin", "bot", "stp", "swe", "lvn", "mos"}
    assert m.kinds["bar"] == "sea" and m.kinds["mos"] == "land"
    assert bounds(m.provinces["nwy"]) == (0, 50, 80, 130)
    assert bounds(m.provinces["fin"]) == (80, 50, 160, 100)  # relative path commands


def _native_with_unit_size(value: str) -> bytes:
    text = (FIXTURES / "native.svg").read_text(encoding="utf-8")
    return text.replace('data-diplodesk-map="1"', f'data-diplodesk-map="1" data-unit-size="{value}"', 1).encode()


def test_a_native_map_may_say_its_glyph_size(board):
    from diplodesk.geometry.shapes import MapGeometry

    assert import_svg(FIXTURES / "native.svg", board).unit_size is None
    m = import_svg(_native_with_unit_size("7.5"), board)
    assert m.unit_size == 7.5
    assert MapGeometry(m, board).unit_size == 7.5


@pytest.mark.parametrize("value", ["0", "-3", "big", "inf", "5000"])
def test_a_glyph_size_that_is_no_size_on_the_map_is_refused(board, value):
    with pytest.raises(MapError, match="data-unit-size"):
        import_svg(_native_with_unit_size(value), board)


def test_native_coasts_and_anchors(board):
    m = import_svg(FIXTURES / "native.svg", board)
    assert set(m.coasts) == {"stp/nc", "stp/sc"}
    assert bounds(m.coasts["stp/nc"]) == (160, 50, 300, 90)
    assert m.anchors["unit-stp/nc"] == (230, 70)
    assert m.anchors["center-stp"] == (280, 90)
    assert m.anchors["label-bar"] == (150, 40)
    assert "unit-nowhere" in m.ignored


def test_native_own_transform(board):
    m = import_svg(FIXTURES / "native.svg", board)
    assert bounds(m.provinces["mos"]) == (200, 130, 300, 200)


def test_multi_part_group(board):
    swe = import_svg(FIXTURES / "native.svg", board).provinces["swe"]
    assert swe.geom_type == "MultiPolygon" and len(swe.geoms) == 2
    assert swe.area == pytest.approx(60 * 70 + 3.14159 * 5 * 4, rel=0.01)


def test_hole_even_odd(board):
    lvn = import_svg(FIXTURES / "native.svg", board).provinces["lvn"]
    assert lvn.area == pytest.approx(120 * 70 - 20 * 20)
    assert not lvn.contains(shapely.Point(110, 160))


def test_curve_flattened_to_tolerance(board):
    # bar's top edge is Q(150,-20) from (0,0) to (300,0): its peak is at y = -10
    for tol in (1.0, 0.05):
        bar = import_svg(FIXTURES / "native.svg", board, tolerance=tol).provinces["bar"]
        assert bar.bounds[1] == pytest.approx(-10, abs=tol)
        # the exact area under the parabola is 2/3 * 300 * 10 = 2000 above y=0
        assert bar.area == pytest.approx(300 * 50 + 2000, abs=300 * tol)
    fine = import_svg(FIXTURES / "native.svg", board, tolerance=0.01).provinces["bar"]
    coarse = import_svg(FIXTURES / "native.svg", board, tolerance=2.0).provinces["bar"]
    assert len(fine.exterior.coords) > len(coarse.exterior.coords)


def test_decorations_keep_their_colours(board):
    m = import_svg(FIXTURES / "native.svg", board)
    fills = [d.fill for d in m.decorations]
    assert "#b9d4e6" in fills and "#d9d2c2" in fills  # the island inherits its group's fill


def test_strict_refuses_incomplete_native_map(board):
    with pytest.raises(MapError, match="no shape for"):
        import_svg(FIXTURES / "native.svg", board, strict=True)


# -- jDip ------------------------------------------------------------------------------


def test_jdip_layout(board):
    m = import_svg(FIXTURES / "jdip.svg", board)
    assert m.layout == "jdip"
    # jDip's own ids resolve through the variant's aliases
    assert {"mao", "nao", "lyo", "spa", "por", "gas", "mar", "wes"} == set(m.provinces)
    # user units of the viewBox, not the half-size width/height
    assert m.view_box == (0, 0, 400, 300)
    assert bounds(m.provinces["spa"]) == (150, 80, 350, 250)
    # nested translate + scale inside the mouse layer
    assert bounds(m.provinces["por"]) == (100, 80, 150, 250)


def test_jdip_province_data(board):
    m = import_svg(FIXTURES / "jdip.svg", board)
    assert m.anchors["unit-spa/nc"] == (200, 100)
    assert m.anchors["dislodged-spa/sc"] == (312, 238)
    assert m.anchors["center-spa"] == (230, 190)
    assert m.anchors["unit-mao"] == (50, 200)  # "mid"
    assert "xyz" in m.ignored


def test_jdip_drawn_layer_without_mouse_layer(board):
    text = (FIXTURES / "jdip.svg").read_text()
    start = text.index('<g id="MouseLayer">')
    text = text[:start] + "</svg>\n"
    m = import_svg(text=text, board=board)
    # the drawn layer's "_spa", "_gas" name the provinces now
    assert set(m.provinces) == {"spa", "gas"}


# -- godip -----------------------------------------------------------------------------


def test_godip_layout(board):
    m = import_svg(FIXTURES / "godip.svg", board)
    assert m.layout == "godip"
    assert set(m.provinces) == {"bla", "ser", "bul", "con", "aeg"}
    # the layer's matrix() moves everything 10 to the right
    assert bounds(m.provinces["ser"]) == (0, 60, 60, 150)
    # rotate(90 90 175) inside it
    assert bounds(m.provinces["aeg"]) == pytest.approx((0, 150, 200, 200), abs=1e-6)
    assert set(m.coasts) == {"bul/ec", "bul/sc"}


def test_godip_center_markers(board):
    m = import_svg(FIXTURES / "godip.svg", board)
    assert m.anchors["unit-bul/ec"] == (97, 82)
    assert m.anchors["unit-bul"] == (98, 133)
    assert m.anchors["unit-bla"] == (100, 30)  # a bare "m x,y" marker


# -- any SVG ---------------------------------------------------------------------------


def test_generic_ids_names_and_transforms(board):
    m = import_svg(FIXTURES / "generic.svg", board)
    assert m.layout == "generic"
    assert set(m.provinces) == {"nth", "eng", "iri", "nwg", "wal"}
    assert bounds(m.provinces["nth"]) == (10, 10, 50, 50)  # translate then scale(2)
    assert m.provinces["eng"].area == pytest.approx(3.14159 * 100, rel=0.01)
    assert bounds(m.provinces["iri"]) == pytest.approx((15, 62, 45, 78), abs=0.01)
    assert m.provinces["nwg"].area == pytest.approx(900)  # a polyline closes as a fill
    assert m.provinces["wal"].area == pytest.approx(100)  # skewX keeps the area
    assert m.ignored == ["decoration"]


def test_without_a_board_ids_are_taken_as_they_are():
    m = import_svg(FIXTURES / "godip.svg")
    assert {"bla", "bul", "con"} <= set(m.provinces)
    assert "bul/ec" in m.coasts


def test_extra_aliases(board):
    svg = '<svg viewBox="0 0 10 10"><g id="provinces"><rect id="london-town" width="5" height="5"/></g></svg>'
    m = import_svg(text=svg, board=board, aliases={"london-town": "lon"})
    assert set(m.provinces) == {"lon"}


def test_transform_parser():
    assert parse_transform("translate(10,5) scale(2)") == (2, 0, 0, 2, 10, 5)
    a, b, c, d, e, f = parse_transform("rotate(90)")
    assert (round(a, 9), round(b, 9), round(c, 9), round(d, 9)) == (0, 1, -1, 0)
    assert parse_transform("matrix(1 2 3 4 5 6)") == (1, 2, 3, 4, 5, 6)
    with pytest.raises(MapError, match="bad transform"):
        parse_transform("scale()")


# -- refused -------------------------------------------------------------------------------


def test_entities_are_refused_unexpanded(board):
    with pytest.raises(MapError, match="entities"):
        import_svg(FIXTURES / "entity.svg", board)


def test_dtd_subset_without_entities_is_read(board):
    # ELEMENT declarations only (as jDip's maps carry): harmless, read
    assert set(import_svg(FIXTURES / "external.svg", board).provinces) == {"lon"}


def test_external_entity_reference_is_refused(board):
    svg = ('<?xml version="1.0"?><!DOCTYPE svg SYSTEM "http://example.invalid/x.dtd">'
           '<svg viewBox="0 0 1 1"><rect id="lon" width="1" height="1"/><text>&xxe;</text></svg>')
    with pytest.raises(MapError):
        import_svg(text=svg, board=board)


def test_utf16_entity_is_refused(board):
    svg = ('<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE svg [<!ENTITY a "b">]>'
           '<svg viewBox="0 0 1 1"><rect id="lon" width="1" height="1"/><text>&a;</text></svg>')
    with pytest.raises(MapError, match="entities"):
        import_svg(svg.encode("utf-16"), board)


def test_not_svg(board):
    with pytest.raises(MapError, match=r"not an SVG file \(the root element is <html>\)"):
        import_svg(FIXTURES / "not_svg.html", board)
    with pytest.raises(MapError, match="not an SVG file"):
        import_svg(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", board)
    with pytest.raises(MapError, match="not well-formed"):
        import_svg(b"<just some text", board)


def test_broken_xml_names_the_line(board):
    with pytest.raises(MapError, match="broken.svg: not well-formed XML at line 4"):
        import_svg(FIXTURES / "broken.svg", board)


def test_no_ids_match(board):
    with pytest.raises(MapError, match=r"no element's id names a province.*path4711"):
        import_svg(FIXTURES / "noids.svg", board)


def test_bad_path_data_names_the_element(board):
    with pytest.raises(MapError, match=r"bad_path.svg: <path id='lon'>: bad path data"):
        import_svg(FIXTURES / "bad_path.svg", board)


def test_size_limit(board, monkeypatch, tmp_path):
    monkeypatch.setattr(svg_xml, "MAX_BYTES", 100)  # the limit lives where files are read
    with pytest.raises(MapError, match="more than the 100 bytes allowed"):
        import_svg(FIXTURES / "native.svg", board)
    with pytest.raises(MapError, match="larger than"):
        import_svg(b" " * 200, board)


def test_missing_file(board, tmp_path):
    with pytest.raises(MapError, match="nothing.svg"):
        import_svg(tmp_path / "nothing.svg", board)


def test_nested_svg_is_offset(board):
    svg = ('<svg viewBox="0 0 100 100"><svg x="50" y="20"><rect id="lon" width="10" height="10"/></svg>'
           '<rect id="wal" x="0" y="0" width="10" height="10"/></svg>')
    m = import_svg(text=svg, board=board)
    assert bounds(m.provinces["lon"]) == (50, 20, 60, 30)


# -- what real jDip and godip files carry ----------------------------------------------


def test_jdip_dtd_subset_binds_the_namespace(board):
    # a DTD with ELEMENT / ATTLIST declarations and parameter entities, jdipNS bound only
    # by ATTLIST defaults, "<!ENTITY" inside CDATA, a DOCTYPE inside a comment
    m = import_svg(FIXTURES / "jdip_dtd.svg", board)
    assert m.layout == "jdip"
    assert m.anchors["unit-spa"] == (250, 165)
    assert {"spa", "gas", "por", "wes", "mar"} <= set(m.provinces)


def test_jdip_namespace_bound_without_the_attlist(board):
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><jdipNS:PROVINCE_DATA>'
           '<jdipNS:PROVINCE name="lon"><jdipNS:UNIT x="5" y="5"/></jdipNS:PROVINCE></jdipNS:PROVINCE_DATA>'
           '<g id="MouseLayer"><rect id="lon" width="10" height="10"/></g></svg>')
    assert import_svg(text=svg, board=board).anchors["unit-lon"] == (5, 5)


def test_jdip_drawn_layer_fills_in_for_the_mouse_layer(board):
    m = import_svg(FIXTURES / "jdip_dtd.svg", board)
    assert bounds(m.provinces["mar"]) == (250, 0, 350, 80)  # only "_mar" draws it, with exponents


def test_use_elements_with_their_transforms(board):
    m = import_svg(FIXTURES / "jdip_dtd.svg", board)
    assert bounds(m.provinces["por"]) == (100, 170, 150, 250)  # xlink:href, translate, then y
    assert bounds(m.provinces["wes"]) == (200, 250, 300, 410)  # href, scale(2), then x, y
    assert m.skipped == ["<use id='lyo'>: it refers to '#nowhere', which the file lacks"]


def test_missing_provinces_name_the_closest_ids(board):
    m = import_svg(FIXTURES / "jdip_dtd.svg", board)
    assert "lyo" in m.missing and "lyo" in m.closest["lyo"]
    lines = m.problems()
    assert any("no shape for province lyo (closest ids: lyo" in line for line in lines)
    assert any("skipped <use id='lyo'>" in line for line in lines)


@pytest.mark.parametrize("d", ["M0,0 L1e1,0 10,10 z", "M0,0 L10,0 L1E1,1.0e+1 z", "M0 0 10 0 10 10z",
                               "m0,0 l1e1,0 0,1e1 z", "M0,0 h10 v10 z"])
def test_path_numbers_with_exponents(board, d):
    svg = f'<svg viewBox="0 0 20 20"><g id="provinces"><path id="lon" d="{d}"/></g></svg>'
    lon = import_svg(text=svg, board=board).provinces["lon"]
    assert lon.area == pytest.approx(50)


def test_a_str_is_a_path_never_svg_text(board, tmp_path, monkeypatch):
    monkeypatch.chdir(FIXTURES)
    assert import_svg("native.svg", board).layout == "native"
    with pytest.raises(MapError, match="<svg viewBox"):  # a file that does not exist
        import_svg('<svg viewBox="0 0 1 1"><rect id="lon" width="1" height="1"/></svg>', board)
    assert set(import_svg((FIXTURES / "native.svg").read_bytes(), board).provinces) >= {"bar"}


def test_general_entity_used_is_refused_unused_is_harmless(board):
    used = ('<!DOCTYPE svg [<!ENTITY a "lon">]><svg viewBox="0 0 1 1">'
            '<rect id="&a;" width="1" height="1"/></svg>')
    with pytest.raises(MapError, match="uses an XML entity &a;"):
        import_svg(text=used, board=board)
    unused = used.replace('id="&a;"', 'id="lon"')
    assert set(import_svg(text=unused, board=board).provinces) == {"lon"}
