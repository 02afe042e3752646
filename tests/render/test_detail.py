"""Level of detail on screen: glyphs and labels never shrink below a readable size, and a
grown label is drawn only where it fits; the variant's special lines have a legend."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6.QtGui")

import shapely  # noqa: E402
from PySide6.QtCore import QPointF, QRectF  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402

from diplodesk.engine.position import Position  # noqa: E402
from diplodesk.geometry.shapes import load_map_geometry  # noqa: E402
from diplodesk.render import RenderOptions, detail  # noqa: E402
from diplodesk.render.export import ensure_app  # noqa: E402
from diplodesk.render.layers.arrows import shaft_gaps  # noqa: E402
from diplodesk.render.layers.specials import legend_entries  # noqa: E402
from diplodesk.render.painter import MapPainter  # noqa: E402
from diplodesk.variants import load_variant  # noqa: E402


@pytest.fixture(autouse=True)
def _app():
    ensure_app()


def painter(variant: str = "standard") -> MapPainter:
    v = load_variant(variant)
    return MapPainter(v, load_map_geometry(v))


@pytest.mark.parametrize("scale", [0.05, 0.2, 0.39, 1.0, 3.0])
def test_on_screen_units_and_labels_are_never_smaller_than_readable(scale):
    sheet = painter().sheet
    sheet.use_scale(scale)
    assert sheet.g * scale >= detail.MIN_UNIT_PX - 1e-9 or sheet.g == sheet.base_g
    assert sheet.label_size * scale >= detail.MIN_LABEL_PX - 1e-9 or sheet.label_step == 0
    assert sheet.g >= sheet.base_g


def test_a_page_keeps_the_maps_own_sizes_and_every_label():
    sheet = painter().sheet
    sheet.use_scale(0)
    assert sheet.g == sheet.base_g
    labelled = {b.prov for b in sheet.label_plan()}
    assert labelled == {p for p in sheet.geometry.ids if sheet.geometry.kind(p) != "impassable"}


@pytest.mark.parametrize("scale", [0.2, 0.39, 2.0])
def test_on_screen_every_name_is_kept_at_every_zoom(scale):
    sheet = painter().sheet
    sheet.use_scale(scale)
    plan = sheet.label_plan()
    assert {b.prov for b in plan} == {p for p in sheet.geometry.ids if sheet.geometry.kind(p) != "impassable"}
    if scale >= 0.35:  # from the Fit of the smallest default window (1366 x 768) in, each has room
        assert not [b.prov for b in plan if b.crowded]
    floor = detail.FLOOR_CAP_PX / detail.CAP_OF_SIZE
    assert all(b.size * scale >= floor or b.size >= sheet.base_g * detail.LABEL_OF_GLYPH for b in plan)


def test_far_out_a_name_that_cannot_fit_is_set_beside_its_province_with_a_leader_line():
    sheet = painter().sheet
    sheet.use_scale(0.2)
    led = [b for b in sheet.label_plan() if b.leader is not None]
    assert led  # Holland's and Belgium's names do not fit in them at this zoom
    for b in led:
        assert sheet.geometry.province_at(*b.leader) == b.prov  # the line ends in its province


def test_a_board_too_big_to_keep_every_name_still_thins_them_out():
    sheet = painter().sheet
    sheet.use_scale(0.2)
    boxes = []
    for pid in sheet.geometry.ids:
        if sheet.geometry.kind(pid) != "impassable":
            x, y = sheet.label_point(pid)
            boxes.append(detail.LabelBox(pid, x, y, sheet.label_size, sheet.label_size, sheet.label_size * 0.45))
    g = sheet.geometry
    some = detail.plan_labels(boxes, lambda p: g.shape(p).area,
                              lambda p, xs, ys: shapely.contains_xy(g.shape(p), xs, ys), set(), True)
    assert 0 < len(some) < len(boxes) and "mos" in {b.prov for b in some}


def test_a_grown_label_lies_mostly_in_its_province_and_clear_of_the_others():
    sheet = painter().sheet
    sheet.use_scale(0.39)
    plan = sheet.label_plan()
    for i, a in enumerate(plan):
        for b in plan[i + 1:]:
            apart = abs(a.x - b.x) > a.half_w + b.half_w or abs(a.y - b.y) > a.half_h + b.half_h
            assert apart, (a.prov, b.prov)


def test_label_plan_does_not_depend_on_the_order_of_provinces():
    sheet = painter().sheet
    sheet.use_scale(0.39)
    boxes = sheet.label_plan()
    g = sheet.geometry

    def plan(bs):
        return detail.plan_labels(bs, lambda p: g.shape(p).area, lambda p, xs, ys: shapely.contains_xy(g.shape(p), xs, ys),
                                  set(), True)

    assert plan(boxes) == plan(list(reversed(boxes)))


def test_a_drawn_label_covers_its_province_for_clicks():
    sheet = painter().sheet
    sheet.use_scale(0.39)
    b = next(b for b in sheet.label_plan() if b.prov == "nao")
    assert sheet.label_at(b.x + b.half_w * 0.9, b.y) == "nao"
    assert sheet.label_at(b.x + b.half_w * 1.5 + 50, b.y + 500) != "nao"


def test_the_legend_lists_the_variants_special_lines():
    assert [e.kind for e in legend_entries(load_variant("loeb9").board)] == ["difficult", "seasonal"]
    assert [e.kind for e in legend_entries(load_variant("colonial").board)] == ["canal", "land_bridge",
                                                                               "railroad"]
    assert legend_entries(load_variant("standard").board) == []
    closed = next(e for e in legend_entries(load_variant("loeb9").board) if e.kind == "seasonal")
    assert "closed in F" in closed.text


def test_every_special_of_the_board_has_a_line_or_area_on_the_map():
    mp = painter("loeb9")
    mp.sheet.use_scale(0.39)
    drawn = mp.specials._lines()
    assert [k for k, _, _ in drawn] == [s.kind for s in mp.board.specials]
    assert all(not (line.isEmpty() and area.isEmpty()) for _, line, area in drawn)


def test_an_arrow_between_adjacent_units_keeps_a_head_and_some_shaft():
    head = 10.0
    start, end = shaft_gaps(30.0, 20.0, 20.0, head)  # the units' gaps would eat the arrow whole
    assert 30.0 - start - end >= min(30.0 * 0.8, head * 2.2) - 1e-9
    assert shaft_gaps(300.0, 20.0, 20.0, head) == (20.0, 20.0)  # far apart: as before


def test_homeland_land_that_is_no_centre_is_painted_in_its_powers_colour(grid_geometry):
    v = load_variant("standard")
    mp = MapPainter(v, grid_geometry)
    pos = Position.start(v)
    img = QImage(900, 900, QImage.Format.Format_RGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    t = mp.fit_transform(QRectF(0, 0, 900, 900))
    p.setTransform(t)
    mp.paint(p, pos, options=RenderOptions(show_labels=False))
    p.end()
    pal = mp.palette("default")
    g = grid_geometry
    for prov, power in (("boh", "Austria"), ("yor", "England"), ("ukr", "Russia"), ("bur", "France"),
                        ("alb", None)):
        shape = g.shape(prov).buffer(-g.unit_size * 0.2)
        for kind in ("unit", "center", "label"):
            shape = shape.difference(shapely.Point(*g.anchor(kind, prov)).buffer(g.unit_size * 0.8))
        at = shape.representative_point()
        q = t.map(QPointF(at.x, at.y))
        got = img.pixelColor(int(q.x()), int(q.y()))
        want = pal.territory(power) if power else pal.land
        assert abs(got.red() - want.red()) + abs(got.green() - want.green()) + abs(got.blue() - want.blue()) < 8, prov
