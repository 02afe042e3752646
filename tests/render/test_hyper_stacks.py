"""Stacks on a Hypereconomic map: four units in one province, each its own glyph."""

from __future__ import annotations

import itertools

from hyperboards import read, stacked_json
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from diplodesk.render.export import ensure_app
from diplodesk.render.hyper_export import render_hyper_file
from diplodesk.render.hyper_map import painter_for


def _drawn(position):
    ensure_app()
    hp = painter_for(position)
    x0, y0, x1, y1 = hp.geometry.bounds
    image = QImage(int(x1 - x0), int(y1 - y0), QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setTransform(hp.fit_transform(QRectF(0, 0, image.width(), image.height())))
    plan = hp.paint(painter, position)
    painter.end()
    return image, plan


def _has_colour(image: QImage, rect: QRectF, colour: QColor) -> bool:
    r = rect.toAlignedRect()
    return any(image.pixelColor(x, y) == colour
               for x in range(r.left(), r.right()) for y in range(r.top(), r.bottom()))


def test_a_four_unit_stack_draws_four_glyphs_without_overlap():
    position = read(stacked_json())
    image, plan = _drawn(position)
    units = [p for p in plan if p.province == "gaso" and p.kind in ("D", "T", "N")]
    assert sorted(p.kind for p in units) == ["D", "D", "N", "T"]
    assert sorted(p.text for p in units) == ["1", "2", "3", "N"]
    for a, b in itertools.combinations(units, 2):
        assert not a.rect.intersects(b.rect), (a.ref, b.ref)
    french = QColor("#4fa3d8")  # France's colour, as the variant gives it
    for p in units:
        assert _has_colour(image, p.rect, french), f"nothing drawn for {p.ref}"


def test_boats_and_badges_stand_clear_of_the_stack():
    plan = _drawn(read(stacked_json()))[1]
    units = [p.rect for p in plan if p.kind in ("D", "T", "N") and p.province == "gaso"]
    others = [p for p in plan if p.kind in ("FF", "Y", "S")]
    assert sorted(p.kind for p in others) == ["FF", "S", "Y"]
    for p in others:
        assert not any(p.rect.intersects(u) for u in units), p.ref


def test_a_hyper_position_renders_to_png(tmp_path):
    out = render_hyper_file(read(stacked_json()), tmp_path / "mini.png", width=600)
    image = QImage(str(out))
    assert image.width() == 600 and image.height() > 300


def test_each_canal_shows_its_state():
    data = stacked_json()
    data["economy"]["canals"] = {"brest-canal": {"state": "open"}}
    plan = _drawn(read(data))[1]
    tags = {p.ref: p.text for p in plan if p.kind == "canal"}
    assert tags == {"brest-canal": "open", "naples-canal": "closed", "andalusia-site": "site"}
