"""Order entry and checks for Woolworth's choice units and Colonial's railroad (no Qt views)."""

from __future__ import annotations

from diplodesk.document import commands as cmd
from diplodesk.document.checks import OK, WARNING, check_order, check_orders
from diplodesk.document.choices import setup_label, setups, tentative, with_setups
from diplodesk.document.game_document import GameDocument
from diplodesk.document.order_entry import OrderEntry
from diplodesk.document.power_view import GM, entry_view, phase_view
from diplodesk.engine.orders import RailMove
from diplodesk.engine.position import Position
from diplodesk.variants import load_variant


def woolworth() -> Position:
    return Position.start(load_variant("woolworth2a"))


def test_setups_come_from_the_engine():
    p = woolworth()
    assert setups(p, "stp") == ["A stp", "F stp/nc", "F stp/sc"]
    assert [setup_label(t) for t in setups(p, "stp")] == ["Army", "Fleet (north coast)", "Fleet (south coast)"]
    assert setups(p, "mos") == []  # not a choice unit
    q = with_setups(p, {"stp": "F stp/nc"})
    assert "stp" not in q.choices and q.units["stp"].loc == "stp/nc"


def test_tentative_reveals_only_what_orders_say():
    p = woolworth().with_orders({"Russia": ["F stp/sc - bot"], "Turkey": ["smy - con"]})
    t = tentative(p)
    assert t.units["stp"].loc == "stp/sc" and "stp" not in t.choices
    assert "smy" in t.choices  # no type given: still a choice


def test_checks_read_a_choice_order_as_the_unit_it_makes():
    p = woolworth()
    assert check_order(p, "Russia", "F stp/sc - bot").level == OK
    assert check_order(p, "Russia", "A stp - fin").level == OK
    c = check_order(p, "Russia", "stp - fin")
    assert c.level == WARNING and "choice unit" in c.message
    assert check_order(p, "Turkey", "F stp/sc - bot").level == "error"  # Russia's
    # a support of a choice unit, checked against what its own order makes it
    checks = check_orders(p, "Russia", ["F stp/sc - bot", "A mos S A war - lvn"])
    assert [c.level for c in checks] == [OK, OK]


def test_entry_asks_for_a_setup_then_orders_that_unit():
    e = OrderEntry(woolworth(), "Russia")
    assert "stp" in e.selectable()
    step = e.click("stp")
    assert step.kind == "setup" and [t for _, t in step.setups] == ["A stp", "F stp/nc", "F stp/sc"]
    e.set_up("stp", "F stp/nc")
    assert e.selected == "stp" and "bar" in e.targets() and "bot" not in e.targets()
    step = e.click("bar")
    assert step.kind == "order" and str(step.order.loc) == "stp/nc"
    # a choice unit of another power is not ours to set up
    assert "another" not in e.click("smy").message and e.click("smy").kind == "ignored"
    # the context menu offers the set-ups
    menu = OrderEntry(woolworth(), "Turkey").menu("smy")
    assert menu[0].label == "Set up as" and [c.setup[1] for c in menu[0].children] == ["A smy", "F smy"]


def test_entry_railroad_mode_by_key():
    p = Position.start(load_variant("colonial"))
    e = OrderEntry(p, "Russia")
    e.click("mos")
    assert e.key("R").kind == "state"
    assert e.targets() == {"prm", "oms", "kra", "irk", "vla"}
    step = e.click("kra")
    assert step.kind == "order" and step.order == RailMove(p.units["mos"].type, "mos", "kra")
    assert "Move by railroad to" in [m.label for m in e.menu("oms")]
    e.click("ode")  # a fleet: no railroad for it
    assert e.key("R").kind == "ignored"


def test_players_are_stored_undoably_and_kept_out_of_power_views(qapp):
    doc = GameDocument.new("woolworth2a")
    deal = {"Ann": {"public": "England", "secret": "Turkey"}}
    doc.undo_stack.push(cmd.SetPlayersCommand(doc, deal, 7, {"Ann": ["England"]}))
    assert doc.players == deal and doc.assignment == {"seed": 7, "preferences": {"Ann": ["England"]}}
    pos = doc.position.with_orders({"England": ["F lon - nth"]})
    for after in (False, True):
        v = phase_view(pos, "England", after)
        assert "players" not in v.position.extra and "assignment" not in v.position.extra
        assert "Ann" not in v.report and "Ann" not in "\n".join(v.orders)
    assert "players" in phase_view(pos, GM, False).position.extra  # the GM's own view
    assert "players" not in entry_view(pos, "England").extra
    doc.undo_stack.undo()
    assert doc.players == {} and doc.assignment == {}


def test_gm_sets_a_choice_unit_up_by_hand_undoably(qapp):
    import pytest

    from diplodesk.document.edits import EditError

    doc = GameDocument.new("woolworth2a")
    with pytest.raises(EditError, match="choice unit"):
        cmd.AddUnitCommand(doc, "Russia", "A", "stp")
    doc.undo_stack.push(cmd.SetUpChoiceCommand(doc, "stp", "F stp/nc"))
    assert doc.position.units["stp"].loc == "stp/nc" and "stp" not in doc.position.choices
    doc.undo_stack.undo()
    assert "stp" in doc.position.choices
    doc.undo_stack.push(cmd.RemoveUnitCommand(doc, "smy"))
    assert "smy" not in doc.position.choices
    with pytest.raises(EditError):
        cmd.SetUpChoiceCommand(doc, "mos", "A mos")
