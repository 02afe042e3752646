"""The Hypereconomic world on paper: a player's pack is compact (one statement page for the
home nation, its small territories sharing a page), a regional sheet's names are readable at
A4 and cover nothing, and every map carries a title and a key that is cut nowhere."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from diplodesk.engine import adjudicate, load_variant, seasons
from diplodesk.engine.hyper.shown_names import ShownNames
from diplodesk.geometry.shapes import load_map_geometry
from diplodesk.render.export import ensure_app
from diplodesk.render.hyper_export import NAME_FLOOR_MM, HyperDrawer
from diplodesk.render.hyper_key import key_entries, paint_key
from diplodesk.render.hyper_pack import (
    HyperPackOptions,
    columns,
    lines_per_page,
    map_body_mm,
    map_key,
)
from diplodesk.render.hyper_pages import plan_for

GERMANY = {"ger": ["bu Y Rhin", "co A", "co I", "tt 4I to Netherlands via Hann Holl"],
           "ned": ["co A", "tt $2 to Germany via Holl Hann"]}


@pytest.fixture(scope="module")
def world():
    ensure_app()
    variant = load_variant("hypereconomic")
    geometry = load_map_geometry(variant)
    pos = seasons.start_other(variant, "print test", "hypereconomic").to_json()
    pos["orders"] = GERMANY
    return variant, geometry, pos, adjudicate(pos)


def test_a_players_pack_is_the_maps_then_one_page_for_the_home_nation_and_one_for_its_colonies(world):
    variant, geometry, pos, result = world
    o = HyperPackOptions()
    plan = plan_for(variant, geometry, lines_per_page(o), columns(o))
    names = ShownNames.of(seasons.read_other(pos, variant))
    pages = plan.player(result, pos, "p03", names)  # Germany and five colonies
    maps = [p for p in pages if p.is_map]
    text = [p for p in pages if not p.is_map]
    assert [p.title.split(",")[0] for p in maps] == ["Europe", "Africa", "Asia"]
    assert text[0].title.startswith("Germany (Germ) — Winter 1914 — home nation") and "(1/" not in text[0].title
    assert len(text) <= 2  # the five colonies share what is left of it and one more page
    shared = [p.lines[i] for p in text for i in p.headings]
    assert sum("territory of Germany" in h for h in shared) + sum("territory of Germany" in p.title for p in text) == 5
    assert sum(line.startswith("Note: provisional") for p in text for line in p.lines) == 1  # once a pack
    assert all(len(line) <= columns(o) for p in text for line in p.lines)


def test_the_names_of_europe_are_readable_at_a4_and_none_covers_another(world):
    variant, geometry, pos, result = world
    after = seasons.read_other(result["next"], variant)
    draw = HyperDrawer(after, geometry, text_labels=True, page_mm=map_body_mm(HyperPackOptions(), map_key(after)))
    box = tuple(variant.sheets["europe"].box)
    _scale, size, floor = draw.sizes(QRectF(0, 0, 2400, 1400), box)
    plan = draw.hp.label_plan(size, floor, box, after)
    mm = min(draw.page_mm[0] / (box[2] - box[0]), draw.page_mm[1] / (box[3] - box[1]))
    assert min(b.size for b in plan) * mm >= NAME_FLOOR_MM - 1e-6  # 5 pt and more
    inside = [p for p in geometry.ids if geometry.kind(p) != "impassable"
              and box[0] <= draw.hp.map.sheet.label_point(p)[0] <= box[2]
              and box[1] <= draw.hp.map.sheet.label_point(p)[1] <= box[3]]
    named = {b.prov for b in plan}
    assert len(named & set(inside)) >= 0.97 * len(inside)
    for i, a in enumerate(plan):
        for b in plan[i + 1:]:
            assert not (abs(a.x - b.x) < a.half_w + b.half_w and abs(a.y - b.y) < a.half_h + b.half_h), (a.prov, b.prov)


def test_the_key_says_what_each_mark_means_and_nothing_in_it_is_cut_or_covered(world):
    variant, _geometry, _pos, _result = world
    entries = key_entries(variant.board, ("open", "site"))
    words = [e.text for e in entries]
    assert words[:6] == ["division (12 = 12D)", "task force", "national guard", "armoury", "shipyard",
                         "fishing fleet"]
    assert "canal open" in words and "canal: fleets pass through" in words
    image = QImage(1200, 200, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    band = QRectF(10, 10, 1000, 150)
    boxes = paint_key(painter, band, entries, 14)
    painter.end()
    assert all(band.contains(b) for b in boxes)
    assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
