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


def _planned_at(position, scale: float):
    """The stacks layer's plan for a screen of ``scale`` pixels per map unit."""
    ensure_app()
    hp = painter_for(position)
    hp.map.sheet.use_scale(scale)
    return hp.stacks.plan(position)


def test_zoomed_far_out_a_stack_is_one_glyph_with_its_count():
    position = read(stacked_json())
    scale = 0.001  # a whole world on a screen: the glyph grown many steps over its own size
    plan = _planned_at(position, scale)
    here = [p for p in plan if p.province == "gaso"]
    assert [(p.kind, p.text) for p in here] == [("D", "4")]  # four units, one glyph, no boats or badges
    assert not [p for p in plan if p.kind in ("FF", "Y", "S")]


def test_an_installation_s_badge_is_at_least_11_px_on_screen():
    position = read(stacked_json())
    seen = []
    for scale in (0.05, 0.1, 0.3, 0.6, 1.0, 2.0):
        badges = [p for p in _planned_at(position, scale) if p.kind in ("Y", "S")]
        if badges:  # none where the stacks are compact
            seen.append(min(p.rect.height() for p in badges) * scale)
    assert len(seen) >= 3 and min(seen) >= 11 * 0.99, seen
