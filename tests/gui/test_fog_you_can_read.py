"""Fog you can read: the inspector puts a power's view on the main map at full size; land
the power cannot see is drawn unlike neutral land (grey and hatched) and the key says so;
while the map shows the power's view, the Results dock lists only what the power may know.
The Colonial key stays off the map, the order box's example comes from the board's own units."""

from __future__ import annotations

import shapely
from PySide6.QtCore import QPointF, QRectF

from diplodesk.document.game_document import GameDocument
from diplodesk.gui.orders_dock import example_text

ORDERS = {"Austria": ["A vie - gal", "A bud - ser", "F tri H"], "Russia": ["A war - gal", "F sev - bla"],
          "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"]}


def blind_game_played() -> GameDocument:
    doc = GameDocument.new("standard", ("blind",))
    doc.set_orders(ORDERS)
    doc.process()
    return doc


def bare_point(v, prov: str) -> QPointF:
    """A point of the province away from its unit, label and centre marker."""
    g = v.geometry_
    shape = g.shape(prov).buffer(-g.unit_size * 0.3)
    for kind in ("unit", "center", "label"):
        shape = shape.difference(shapely.Point(*g.anchor(kind, prov)).buffer(g.unit_size * 1.5))
    for b in v.sheet.label_plan():
        shape = shape.difference(shapely.box(b.x - b.half_w, b.y - b.half_h, b.x + b.half_w, b.y + b.half_h))
    p = shape.representative_point()
    return QPointF(p.x, p.y)


def test_the_inspector_shows_its_power_on_the_main_map_fogged_and_keyed(make_window):
    w = make_window(blind_game_played())
    w.inspect()
    w.inspector_dock.left.viewer.setCurrentText("Austria")
    w.inspector_dock.on_map.click()
    assert w.as_power_active and w.power == "Austria"
    v = w.view
    assert "lon" in v.fog and "vie" not in v.fog  # what Austria cannot see
    assert {e.kind for e in v.key_entries()} >= {"fog", "neutral"}
    at = v.mapFromScene(bare_point(v, "spa"))  # neutral land Austria does not see
    v.viewport().repaint()
    unseen = v.viewport().grab().toImage().pixelColor(at)
    v.set_fog(frozenset())
    v.viewport().repaint()
    plain = v.viewport().grab().toImage().pixelColor(at)
    assert abs(unseen.lightness() - plain.lightness()) > 40  # greyed, not the same cream
    assert not w.inspector_dock.left.view.isVisible()  # its small map gives way to the report
    w.inspector_dock.on_map.click()  # and again: the whole board
    assert not w.as_power and not w.act_as_power.isChecked() and not w.view.fog


def test_as_the_power_the_results_dock_lists_only_what_it_may_know(make_window):
    w = make_window(blind_game_played())
    w.set_power("Austria")
    everything = len(w.results_dock.rows)
    w.set_as_power(True)
    known = [r.power for r in w.results_dock.rows]
    assert "Austria" in known and "England" not in known  # England's fleets sailed far from Austria
    assert len(known) < everything and "as Austria knows" in w.results_dock.heading.text()
    w.set_as_power(False)
    assert len(w.results_dock.rows) == everything


def test_the_colonial_key_lies_off_the_fitted_map(make_window):
    w = make_window(GameDocument.new("colonial"))
    w.resize(1366, 708)
    v = w.view
    v.fit()
    key = v.key_rect()
    drawn = QRectF(v.mapFromScene(v.sceneRect()).boundingRect())
    assert key is not None and not key.intersects(drawn)


def test_the_order_box_example_comes_from_the_boards_own_units():
    doc = GameDocument.new("colonial")
    text = example_text(doc.position, "Britain")
    assert "lon" not in text and "nth" not in text
    first = text.splitlines()[1].split()
    assert first[1] in {u.loc for u in doc.position.units.values() if u.power == "Britain"}


def test_the_colonial_railroad_is_drawn_dark_enough_to_be_seen(make_window):
    from diplodesk.engine.rules import railroad

    w = make_window(GameDocument.new("colonial"))
    w.resize(1366, 708)
    v = w.view
    v.fit()
    v._rerender()
    v.viewport().repaint()
    img = v.viewport().grab().toImage()
    sheet = v.sheet
    line = next(iter(railroad.lines(w.doc.position.board)))
    pts = sheet.rail_points(line.provinces)
    dark = 0
    for a, b in zip(pts, pts[1:], strict=False):
        # a third of the way along each stretch: on the rail, away from the units at its ends
        at = v.mapFromScene(QPointF(a.x() + (b.x() - a.x()) / 3, a.y() + (b.y() - a.y()) / 3))
        near = [img.pixelColor(at.x() + dx, at.y() + dy).lightness() for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        dark += min(near) < 110  # the land and the powers' colours around it are lighter
    assert dark >= 0.8 * (len(pts) - 1)
