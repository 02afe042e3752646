"""Drawing positions: files of each type, orders and results, views, palettes, errors.

Runs offscreen (tests/conftest.py sets QT_QPA_PLATFORM)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
import shapely
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from diplodesk.engine import adjudicate, load_position
from diplodesk.engine.orders import Convoy, Hold, Move, Support
from diplodesk.engine.position import Position
from diplodesk.render import MapPainter, RenderError, RenderOptions, render_file
from diplodesk.render.export import ensure_app
from diplodesk.render.palette import OKABE_ITO, make_palette
from diplodesk.variants import find_variant, load_variant, map_path

FIXTURES = Path(__file__).parents[1] / "geometry" / "fixtures"
needs_map = pytest.mark.skipif(map_path("standard") is None, reason="variants/standard/map.svg is not there yet")

MIDGAME = {
    "variant": "standard",
    "phase": "F1902M",
    "units": [
        {"power": "England", "type": "A", "at": "lon"}, {"power": "England", "type": "F", "at": "nth"},
        {"power": "England", "type": "F", "at": "eng"},
        {"power": "France", "type": "A", "at": "bur"}, {"power": "France", "type": "A", "at": "pic"},
        {"power": "Germany", "type": "A", "at": "mun"}, {"power": "Germany", "type": "F", "at": "den"},
        {"power": "Germany", "type": "A", "at": "kie"},
        {"power": "Russia", "type": "A", "at": "war"}, {"power": "Russia", "type": "A", "at": "ukr"},
        {"power": "Austria", "type": "A", "at": "gal"}, {"power": "Austria", "type": "A", "at": "bud"},
        {"power": "Russia", "type": "A", "at": "rum"}, {"power": "Russia", "type": "F", "at": "stp/sc"},
        {"power": "Turkey", "type": "F", "at": "bla"}, {"power": "Russia", "type": "F", "at": "sev"},
    ],
    "centers": {"England": ["lon", "edi", "lvp"], "Russia": ["war", "mos", "sev", "stp", "rum"],
                "Austria": ["vie", "bud", "tri"]},
    "orders": {
        "England": ["A lon - bel VIA", "F nth C A lon - bel", "F eng S A lon - bel"],
        "France": ["A bur - bel", "A pic S A bur - bel"],
        "Germany": ["A mun - bur", "F den S A kie - hol", "A kie - hol"],
        "Russia": ["A war - gal", "A ukr S A war - gal", "A rum - bud", "F stp/sc - bot", "F sev - bla"],
        "Austria": ["A gal H", "A bud S A gal", "this is no order"],
        "Turkey": ["F bla - sev"],
    },
}


@pytest.fixture(scope="module", autouse=True)
def app():
    return ensure_app()


@pytest.fixture(scope="module")
def variant():
    return load_variant("standard")


@pytest.fixture(scope="module")
def start_json(variant):
    return Position.start(variant).to_json()


def read_image(path: Path) -> QImage:
    img = QImage(str(path))
    assert not img.isNull(), path
    return img


# -- files ---------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_each_file_type(tmp_path, start_json, grid_geometry, suffix):
    out = tmp_path / f"start{suffix}"
    assert render_file(start_json, out, width=600, geometry=grid_geometry) == out
    data = out.read_bytes()
    assert len(data) > 1000
    if suffix == ".png":
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        img = read_image(out)
        assert img.width() == 600 and img.height() > 300
    elif suffix == ".svg":
        assert b"<svg" in data[:400] and b'viewBox="0 0 600 ' in data
        from PySide6.QtSvg import QSvgRenderer

        assert QSvgRenderer(str(out)).isValid()
    else:
        assert data.startswith(b"%PDF")
    assert not list(tmp_path.glob(".*.part"))  # no half-written file left behind


def test_orders_and_results_are_drawn(tmp_path, grid_geometry):
    plain = dict(MIDGAME, orders={})
    render_file(plain, tmp_path / "plain.png", width=500, geometry=grid_geometry)
    render_file(MIDGAME, tmp_path / "orders.png", width=500, geometry=grid_geometry)
    result = adjudicate(MIDGAME)
    render_file(MIDGAME, tmp_path / "results.png", width=500, geometry=grid_geometry, results=result)
    a, b, c = (read_image(tmp_path / f"{n}.png") for n in ("plain", "orders", "results"))
    assert a != b and b != c
    # red failure marks appear only once there are results
    assert count_colour(c, QColor("#d0021b")) > count_colour(b, QColor("#d0021b"))


def count_colour(img: QImage, colour: QColor, tol: int = 40) -> int:
    """Pixels within ``tol`` (sum of channel differences) of ``colour``."""
    img = img.convertToFormat(QImage.Format.Format_RGB888)
    a = np.frombuffer(img.constBits(), np.uint8, img.sizeInBytes()).reshape(img.height(), img.bytesPerLine())
    a = a[:, : img.width() * 3].reshape(img.height(), img.width(), 3).astype(int)
    d = np.abs(a - np.array([colour.red(), colour.green(), colour.blue()])).sum(axis=2)
    return int((d < tol).sum())


def test_retreat_phase(tmp_path, grid_geometry):
    nxt = adjudicate(MIDGAME)["next"]
    assert nxt["phase"] == "F1902R" and nxt["dislodged"]
    nxt["orders"] = {"Austria": ["A gal - boh"], "Russia": ["F sev D"]}
    render_file(nxt, tmp_path / "retreat.png", width=500, geometry=grid_geometry)
    assert read_image(tmp_path / "retreat.png").width() == 500


def test_adjustment_phase(tmp_path, grid_geometry, start_json):
    pos = dict(start_json, phase="W1901A", units=[u for u in start_json["units"] if u["at"] != "lon"])
    pos["orders"] = {"England": ["B F lon"], "Russia": ["Build F stp/nc"], "Turkey": ["Remove A con"]}
    render_file(pos, tmp_path / "builds.svg", width=400, geometry=grid_geometry)
    assert (tmp_path / "builds.svg").stat().st_size > 1000


def test_retreat_and_adjustment_results(tmp_path, grid_geometry, start_json):
    nxt = adjudicate(MIDGAME)["next"]
    nxt["orders"] = {"Austria": ["A gal - boh"], "Russia": ["F sev D"]}
    render_file(nxt, tmp_path / "r.png", width=400, geometry=grid_geometry, results=adjudicate(nxt))
    adj = dict(start_json, phase="W1901A", units=[u for u in start_json["units"] if u["at"] not in ("lon", "mos")])
    adj["orders"] = {"England": ["B A lon"], "Russia": ["Build A mos"], "Turkey": ["Remove A con"]}
    result = adjudicate(adj)
    assert {o["status"] for o in result["orders"]} >= {"succeeds", "invalid"}
    render_file(adj, tmp_path / "a.png", width=400, geometry=grid_geometry, results=result)
    assert read_image(tmp_path / "a.png").width() == 400


def test_power_view_and_colorblind(tmp_path, grid_geometry):
    render_file(MIDGAME, tmp_path / "a.png", width=400, power="austria", geometry=grid_geometry,
                palette="colorblind")
    assert read_image(tmp_path / "a.png").width() == 400


# -- the painter ---------------------------------------------------------------------------


def test_order_marks_from_orders_and_results(variant, grid_geometry):
    mp = MapPainter(variant, grid_geometry)
    pos = load_position(MIDGAME)
    marks = mp.order_marks(pos)
    kinds = {type(m.order) for m in marks}
    assert {Move, Support, Convoy, Hold} <= kinds
    assert len(marks) == sum(len(v) for v in MIDGAME["orders"].values()) - 1  # the unparsable one
    assert all(m.status is None for m in marks)
    result = adjudicate(MIDGAME)
    marks = mp.order_marks(pos, result)
    by = {m.order.province: m for m in marks if isinstance(m.order, Move)}
    assert by["lon"].status == "fails" and by["lon"].reason == "bounced"
    assert by["war"].status == "succeeds"
    assert mp.order_marks(pos, result["orders"])  # the orders list alone works too


def test_paint_fills_centres_in_owner_colour(variant, grid_geometry, start_json):
    mp = MapPainter(variant, grid_geometry)
    pos = load_position(start_json)
    img = QImage(900, 900, QImage.Format.Format_RGB32)
    img.fill(QColor("white"))
    painter = QPainter(img)
    t = mp.fit_transform(QRectF(0, 0, 900, 900))
    painter.setTransform(t)
    mp.paint(painter, pos, options=RenderOptions(show_labels=False))
    painter.end()
    pal = mp.palette("default")
    g = grid_geometry
    for prov, power in (("vie", "Austria"), ("mos", "Russia"), ("bel", None)):
        shape = g.shape(prov).buffer(-g.unit_size * 0.2)
        for kind in ("unit", "center", "label"):
            shape = shape.difference(shapely.Point(*g.anchor(kind, prov)).buffer(g.unit_size * 0.8))
        p = shape.representative_point()
        q = t.map(QPointF(p.x, p.y))
        got = img.pixelColor(int(q.x()), int(q.y()))
        want = pal.territory(power) if power else pal.land
        assert abs(got.red() - want.red()) + abs(got.green() - want.green()) + abs(got.blue() - want.blue()) < 8, prov


def test_fit_transform_keeps_the_aspect(variant, grid_geometry):
    mp = MapPainter(variant, grid_geometry)
    page = mp.page_rect()
    t = mp.fit_transform(QRectF(0, 0, 1000, 400))
    tl = t.map(page.topLeft())
    br = t.map(page.bottomRight())
    assert tl.y() == pytest.approx(0) and br.y() == pytest.approx(400)
    assert (br.x() - tl.x()) / (br.y() - tl.y()) == pytest.approx(page.width() / page.height())


def test_palettes(variant):
    cb = make_palette("colorblind", [(p.name, p.color) for p in variant.powers])
    assert {c.name().upper() for c in cb.powers.values()} <= {v.upper() for v in OKABE_ITO.values()}
    assert len({c.name() for c in cb.powers.values()}) == 7
    with pytest.raises(ValueError):
        make_palette("neon", [])


def test_army_and_fleet_glyphs_differ(variant, grid_geometry):
    mp = MapPainter(variant, grid_geometry)
    imgs = []
    for t in ("A", "F"):
        img = QImage(60, 60, QImage.Format.Format_RGB32)
        img.fill(QColor("white"))
        p = QPainter(img)
        mp.draw_unit(p, QPointF(30, 30), t, QColor("#808080"), 50)
        p.end()
        imgs.append(img)
    assert imgs[0] != imgs[1]


def test_none_survives_many_qt_calls(variant, grid_geometry):
    """PySide6 6.12 on CPython 3.11 drops a reference to None on every void call."""
    img = QImage(10, 10, QImage.Format.Format_RGB32)
    p = QPainter(img)
    for _ in range(30000):
        p.setOpacity(0.5)
    p.end()
    assert sys.getrefcount(None) > 1000


# -- errors ---------------------------------------------------------------------------------


def test_position_naming_provinces_the_map_lacks(tmp_path, start_json, variant):
    from diplodesk.geometry.shapes import MapGeometry

    small = MapGeometry.from_svg(FIXTURES / "native.svg", variant.board)
    with pytest.raises(RenderError, match=r"has no shape for: .*lon"):
        render_file(start_json, tmp_path / "x.png", geometry=small)


def test_variant_without_a_map(tmp_path, start_json):
    folder = tmp_path / "nomap"
    folder.mkdir()
    shutil.copy(find_variant("standard") / "variant.toml", folder / "variant.toml")
    pos = dict(start_json, variant=str(folder))
    with pytest.raises(RenderError, match="has no map.svg"):
        render_file(pos, tmp_path / "x.png")


def test_bad_requests(tmp_path, start_json, grid_geometry):
    with pytest.raises(RenderError, match="file type"):
        render_file(start_json, tmp_path / "x.gif", geometry=grid_geometry)
    with pytest.raises(RenderError, match="unknown power"):
        render_file(start_json, tmp_path / "x.png", power="Atlantis", geometry=grid_geometry)
    with pytest.raises(RenderError, match="unknown palette"):
        render_file(start_json, tmp_path / "x.png", palette="neon", geometry=grid_geometry)
    with pytest.raises(RenderError, match="width"):
        render_file(start_json, tmp_path / "x.png", width=0, geometry=grid_geometry)
    with pytest.raises(RenderError, match="position: units"):
        render_file(dict(start_json, units="many"), tmp_path / "x.png", geometry=grid_geometry)
    with pytest.raises(RenderError, match="nodir"):
        render_file(start_json, tmp_path / "nodir" / "x.png", geometry=grid_geometry)


# -- the real standard map ---------------------------------------------------------------------


@needs_map
def test_standard_map_start_and_orders(tmp_path, start_json):
    """The positions of docs/images: the start, and a fall turn with every kind of order."""
    render_file(start_json, tmp_path / "start.png", width=800)
    midgame = json.loads((Path(__file__).parent / "fixtures" / "midgame.json").read_text())
    result = adjudicate(midgame)
    reasons = {o["reason"] for o in result["orders"]}
    assert {"bounced", "dislodged", "cut", "illegal", "void"} <= reasons
    render_file(midgame, tmp_path / "orders.pdf", width=800, results=result)
    render_file(midgame, tmp_path / "orders.png", width=800, results=result, power="Russia")
    assert read_image(tmp_path / "start.png").width() == 800
    assert (tmp_path / "orders.pdf").read_bytes().startswith(b"%PDF")
