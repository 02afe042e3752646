"""The order-entry gesture: what each click and key makes, with the engine's legal orders."""

from __future__ import annotations

import pytest

from diplodesk.document.order_entry import OrderEntry
from diplodesk.engine.orders import format_order
from diplodesk.engine.position import Position
from diplodesk.variants import load_variant


def at(data):
    v = load_variant("standard")
    return Position.from_json({"variant": "standard", **data}, lambda _r: v)


@pytest.fixture(scope="module")
def start():
    return Position.start(load_variant("standard"))


def made(step):
    assert step.kind == "order", step
    return format_order(step.order)


def test_move_hold_and_reselect(start):
    e = OrderEntry(start, "England")
    assert e.selectable() == {"lon", "edi", "lvp"}
    assert e.click("par").kind == "ignored"
    assert e.click("lon").kind == "state" and e.targets() == {"eng", "nth", "wal", "yor"}
    assert e.click("lvp").kind == "state" and e.selected == "lvp"  # another own unit
    assert made(e.click("edi")) == "A lvp - edi"
    e.click("lon")
    assert made(e.click("lon")) == "F lon H"
    e.click("lon")
    assert e.click("bel").kind == "ignored" and e.selected == "lon"
    assert e.key("Escape").kind == "state" and e.selected is None
    e.click("edi")
    assert made(e.key("H")) == "F edi H"
    e.click("edi")
    step = e.key("Delete")
    assert step.kind == "clear" and step.province == "edi"


def test_support_convoy_via():
    pos = at({"phase": "S1901M", "units": [
        {"power": "England", "type": "F", "at": "nth"}, {"power": "England", "type": "A", "at": "lon"},
        {"power": "England", "type": "F", "at": "eng"}, {"power": "France", "type": "A", "at": "bel"}]})
    e = OrderEntry(pos, "England")
    e.click("eng")
    e.key("S")
    assert {"lon", "nth", "bel"} <= e.targets()
    e.click("lon")
    # what the engine offers: hold, the moves next to lon that eng can reach, and the
    # convoyed move A lon - bel
    assert e.targets() == {"lon", "wal", "bel"}
    assert made(e.click("lon")) == "F eng S A lon"
    e.click("nth")
    assert e.key("C").kind == "state"
    e.click("lon")
    assert made(e.click("bel")) == "F nth C A lon - bel"
    e.click("lon")
    assert e.key("V").kind == "state" and "bel" in e.targets()
    assert made(e.click("bel")) == "A lon - bel VIA"
    e.click("lon")
    assert e.key("C").kind == "ignored"  # an army convoys nobody


def test_coast_choice(start):
    pos = at({"phase": "S1901M", "units": [{"power": "France", "type": "F", "at": "mao"},
                                          {"power": "Russia", "type": "F", "at": "bot"}]})
    e = OrderEntry(pos, "France")
    e.click("mao")
    step = e.click("spa")
    assert step.kind == "choose"
    assert [c.label for c in step.choices] == ["north coast", "south coast"]
    assert [format_order(c.order) for c in step.choices] == ["F mao - spa/nc", "F mao - spa/sc"]
    r = OrderEntry(pos, "Russia")
    r.click("bot")
    assert made(r.click("stp")) == "F bot - stp/sc"  # only one coast in reach: no question


def test_retreats_and_adjustments():
    pos = at({"phase": "F1901R", "units": [{"power": "Turkey", "type": "A", "at": "ser"}],
              "dislodged": [{"power": "Austria", "type": "A", "at": "ser", "attacker_from": "bul"}]})
    e = OrderEntry(pos, "Austria")
    assert e.selectable() == {"ser"}
    e.click("ser")
    assert "bul" not in e.targets() and "alb" in e.targets()
    assert made(e.click("alb")) == "A ser R alb"
    e.click("ser")
    assert made(e.key("D")) == "A ser D"
    w = at({"phase": "W1901A", "units": [{"power": "Russia", "type": "A", "at": "war"},
                                        {"power": "Turkey", "type": "A", "at": "con"},
                                        {"power": "Turkey", "type": "A", "at": "smy"}],
            "centers": {"Russia": ["stp", "mos", "war", "sev"], "Turkey": ["con"]}})
    r = OrderEntry(w, "Russia")
    assert r.selectable() == {"stp", "mos", "sev"}
    assert made(r.click("mos")) == "B A mos"
    step = r.click("sev")
    assert [c.label for c in step.choices] == ["Army", "Fleet"]
    assert r.key("W").order is not None
    t = OrderEntry(w, "Turkey")
    assert made(t.click("smy")) == "D A smy"
    assert t.key("W").kind == "ignored"


def test_context_menu_lists_every_legal_order(start):
    e = OrderEntry(start, "Austria")
    items = {i.label: i for i in e.menu("vie")}
    assert {"Hold", "Move to", "Support", "Clear order"} <= set(items)
    assert {c.label for c in items["Move to"].children} == {"boh", "bud", "gal", "tri", "tyr"}
    assert e.menu("par") == []
