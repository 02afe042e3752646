"""Orders checked as typed, and blocks of orders pasted from e-mails."""

from __future__ import annotations

import pytest

from diplodesk.document.checks import check_order, check_orders
from diplodesk.document.paste import split_orders
from diplodesk.engine.position import Position
from diplodesk.variants import load_variant


@pytest.fixture(scope="module")
def start():
    return Position.start(load_variant("standard"))


def at(data):
    v = load_variant("standard")
    return Position.from_json({"variant": "standard", **data}, lambda _r: v)


@pytest.mark.parametrize("text, level, says", [
    ("F lon - nth", "ok", ""),
    ("F London - North Sea", "ok", ""),
    ("A lvp - edi VIA", "ok", ""),
    ("F lon - bel", "warning", "cannot reach"),
    ("A lvp - nth", "warning", "illegal"),
    ("F edi - lon", "warning", "cannot reach"),
    ("A lon H", "warning", "fleet"),
    ("A par - bur", "error", "France's"),
    ("A bur - par", "error", "no unit"),
    ("F lon -", "error", "where to move"),
    ("Build A lon", "warning", "not an order for a movement phase"),
    ("", "empty", ""),
])
def test_movement_checks(start, text, level, says):
    c = check_order(start, "England", text)
    assert c.level == level
    assert says in c.message


def test_several_orders_for_one_unit(start):
    cs = check_orders(start, "England", ["F lon - nth", "F lon - eng", "A lvp H"])
    assert [c.level for c in cs] == ["warning", "warning", "ok"]
    assert "several orders" in cs[0].message


def test_retreat_checks():
    pos = at({"phase": "F1901R", "units": [{"power": "Turkey", "type": "A", "at": "ser"}],
              "dislodged": [{"power": "Austria", "type": "A", "at": "ser", "attacker_from": "bul"}]})
    assert check_order(pos, "Austria", "A ser - bud").level == "ok"
    assert check_order(pos, "Austria", "A ser R alb").understood == "A ser R alb"
    assert check_order(pos, "Austria", "A ser D").level == "ok"
    assert "cannot retreat to bul" in check_order(pos, "Austria", "A ser - bul").message
    assert check_order(pos, "Turkey", "A ser - bud").level == "error"


def test_adjustment_checks():
    pos = at({"phase": "W1901A", "units": [{"power": "Russia", "type": "A", "at": "war"}],
              "centers": {"Russia": ["stp", "mos", "war", "sev"]}})
    assert check_order(pos, "Russia", "B A mos").level == "ok"
    assert check_order(pos, "Russia", "Build F stp(nc)").understood == "B F stp/nc"
    assert "which coast" in check_order(pos, "Russia", "B F stp").message
    assert "army or fleet" in check_order(pos, "Russia", "B sev").message
    assert "cannot build in war" in check_order(pos, "Russia", "B A war").message
    assert check_order(pos, "Russia", "Waive").level == "ok"
    assert "nothing to build" in check_order(pos, "England", "B F lon").message


def test_paste_block(start):
    text = """Dear GM,

ENGLAND (Alice):
  - F lon - nth
  - F edi - nwg
> > A lvp - yor

Germany: A mun - ruh
German F kie - den
Orders for Italy:
1. A rom - apu
2) F nap - ion
A ven H
A par - bur
Thanks, Alice
"""
    orders, lines = split_orders(text, start)
    assert orders == {
        "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
        "Germany": ["A mun - ruh", "F kie - den"],
        "Italy": ["A rom - apu", "F nap - ion", "A ven H"],
        "France": ["A par - bur"],  # under Italy's heading, but France's unit
    }
    kinds = [ln.kind for ln in lines if ln.kind != "blank"]
    assert kinds[0] == "ignored" and kinds[-1] == "ignored"
    assert "Italy's heading" in next(ln.message for ln in lines if ln.order == "A par - bur")


def test_paste_default_power(start):
    orders, lines = split_orders("A bur - par\nF lon - nth", start, default_power="France")
    assert orders == {"France": ["A bur - par"], "England": ["F lon - nth"]}
    orders, lines = split_orders("A bur - par", start)
    assert orders == {} and lines[0].kind == "ignored"
