"""The Hypereconomic game document: orders as undoable commands, the sheet's live checks,
completion, the budget against the start-of-season stock, pasted e-mails, adjudication,
undo, save and load, and autosave."""

from __future__ import annotations

from hyperboards import MINI, read, stacked_json

from diplodesk.document.autosave import Orphan, Session, load_orphan
from diplodesk.document.hyper_commands import AdjudicateHyperCommand, SetHyperOrdersCommand
from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.document.hyper_inspect import pi_history
from diplodesk.document.hyper_paste import split_orders
from diplodesk.engine.game import Game
from diplodesk.engine.variant import Variant


def _doc(qtbot=None) -> HyperGameDocument:
    game = Game.new(_variant())
    data = stacked_json()
    data["variant"] = game.current.to_json()["variant"]  # the game's own copy of the variant
    game.current = game.load_position(data)
    return HyperGameDocument(game)


def _variant() -> Variant:
    from diplodesk.variants import load_variant

    return load_variant(MINI)


def test_typed_orders_are_one_undoable_command(qtbot):
    doc = _doc()
    doc.undo_stack.push(SetHyperOrdersCommand(doc, {"fra": ["1D ho", "bu 3 Trs"]}))
    assert doc.orders("fra") == ("1D ho", "bu 3 Trs") and doc.is_modified
    doc.undo_stack.undo()
    assert doc.orders("fra") == ()


def test_each_line_is_checked_with_its_number_and_the_engines_reason():
    doc = _doc()
    checks = doc.preview_with("fra", ["1D ho", "9D ho", "bu D Pari", "hello there"]).check("fra")
    assert [c.number for c in checks] == [1, 2, 3, 4]
    assert checks[0].ok
    assert checks[1].reason == "no such unit" and "9D" in checks[1].detail
    assert checks[2].reason == "illegal" and "armoury" in checks[2].detail
    assert checks[3].reason == "unparsable"


def test_a_fifth_unit_into_a_full_province_is_refused_by_the_engines_stack_check():
    doc = _doc()
    checks = doc.preview_with("spa", ["1D nava mo gaso"]).check("spa")
    assert not checks[0].ok


def test_completion_offers_the_units_then_their_verbs_then_where_they_can_go():
    words = _doc().words()
    partial, hits = words.candidates("fra", "")
    assert partial == "" and {"1D", "2D", "3T", "N gaso", "bu", "pw", "fo"} <= set(hits)
    assert words.candidates("fra", "1D ")[1] == sorted(["st", "ho", "mo", "at", "sp", "dm"])
    partial, hits = words.candidates("fra", "1D at N")
    assert partial == "N" and hits == ["Nava"]  # the D reaches Navarre, not the sea
    assert "LYON" in words.candidates("fra", "3T mo ")[1]
    assert words.candidates("fra", "bu ")[1] == sorted(["D", "T", "N", "Y", "S", "FF", "Trs"], key=str.lower)


def test_completion_of_a_support_offers_the_unit_its_place_then_where_both_reach():
    words = _doc().words()
    assert words.candidates("fra", "2D sp ")[1] == ["1D", "3T", "N gaso"]
    assert words.candidates("fra", "2D sp 1D ")[1] == ["at", "Gaso", "ho"]  # not every province
    assert words.candidates("fra", "2D sp 1D Gaso ")[1] == ["at", "ho"]
    assert words.candidates("fra", "2D sp 1D at ")[1] == words.candidates("fra", "1D at ")[1]
    assert words.candidates("fra", "3T sp 1D at ")[1] == ["Piem"]  # where the fleet reaches too
    assert words.candidates("fra", "2D sp Spain ")[1] == ["1D"]  # an ally's unit, after its nation


def test_the_budget_is_the_orders_cost_against_the_stock_and_says_what_T5_fails_first():
    doc = _doc()
    sheet = ["bu Y Pari", "bu Y Bret", "bu Y Acqu", "bu 40 Trs"]
    budget = doc.preview_with("fra", sheet).budgets["fra"]
    start = doc.position.nations["fra"].stock
    assert budget.start["gold"] == start["gold"]
    assert budget.on_hand["A"] < start["A"]  # deterioration comes first (I.8)
    assert any(budget.over(f) for f in ("gold", "M", "A", "I"))
    assert budget.shortfalls and budget.shortfalls[0].number is not None
    failed = {s.number for s in budget.shortfalls if s.outcome == "failed"}
    checks = doc.preview_with("fra", sheet).check("fra")
    assert {c.number for c in checks if c.reason == "cannot pay"} == failed


def test_a_pasted_email_splits_by_nation_headings_and_ignores_the_greeting():
    pos = read(stacked_json())
    mail = "Hello GM,\n\nFrance\n> 1D ho\n- bu 3 Trs\nSpain: 1D ho\n\nCheers, Bob\n"
    orders, lines = split_orders(mail, pos)
    assert orders == {"fra": ["1D ho", "bu 3 Trs"], "spa": ["1D ho"]}
    assert [ln.number for ln in lines if ln.kind == "ignored"] == [1, 8]


def test_adjudicate_moves_on_and_undo_puts_the_season_back(qtbot):
    doc = _doc()
    doc.undo_stack.push(SetHyperOrdersCommand(doc, {"fra": ["bu 3 Trs"]}))
    before = doc.position
    with qtbot.waitSignal(doc.adjudicated):
        doc.undo_stack.push(AdjudicateHyperCommand(doc))
    assert str(doc.position.phase) != str(before.phase) and len(doc.history) == 1
    assert doc.position.nations["fra"].trs == before.nations["fra"].trs + 3
    doc.undo_stack.undo()
    assert doc.position is before and doc.history == []
    doc.undo_stack.redo()
    assert len(doc.history) == 1


def test_save_and_open_give_the_same_game(tmp_path):
    doc = _doc()
    doc.undo_stack.push(SetHyperOrdersCommand(doc, {"fra": ["bu 3 Trs"]}))
    doc.undo_stack.push(AdjudicateHyperCommand(doc))
    path = doc.save(tmp_path / "g.json")
    again = HyperGameDocument.open(path)
    assert again.position.to_json() == doc.position.to_json()
    assert [r.result for r in again.history] == [r.result for r in doc.history]
    assert not again.is_modified


def test_an_autosave_of_a_hyper_game_recovers_it(tmp_path):
    doc = _doc()
    doc.undo_stack.push(SetHyperOrdersCommand(doc, {"fra": ["bu 3 Trs"]}))
    session = Session(tmp_path)
    f = session.write(doc.game, None, doc.title)
    back = load_orphan(Orphan(f, None, 0.0, str(doc.position.phase), doc.title))
    assert HyperGameDocument(back).orders("fra") == ("bu 3 Trs",)
    session.close()


def test_the_inspector_keeps_the_pis_a_province_was_given():
    played = [("S1915M", {"orders": [
        {"power": "fra", "order": "as API gaso", "status": "succeeds"},
        {"power": "fra", "order": "as IPI pari", "status": "succeeds"},
        {"power": "spa", "order": "as IPI gaso", "status": "fails"},
    ]})]
    assert pi_history(played, "gaso") == ["S1915M: API from fra (V.6)"]


def test_a_statement_adds_up_from_the_start_through_every_line_to_the_end():
    from diplodesk.document.hyper_ledger import STATEMENT_COLUMNS, statement
    from diplodesk.engine.hyper import process

    data = stacked_json()
    data["economy"]["banks"] = [{"id": "bop", "name": "Bank of Paris", "at": "pari", "controller": "p01",
                                 "gold": 10, "invested": 0, "frozen": False}]
    data["orders"] = {"bop": ["in $10"], "fra": ["tt $3 to Bank of Paris", "bu 3 Trs"],
                      "spa": ["1D Nava at Gaso"]}
    pos = read(data)
    result = process(pos).to_json()
    for who in ("fra", "spa", "bop"):
        lines = statement(pos.to_json(), result, who)
        for col in STATEMENT_COLUMNS:
            total = sum(ln.values.get(col, 0) for ln in lines if ln.kind in ("start", "entry"))
            end = next(ln for ln in lines if ln.kind == "end").values.get(col, 0)
            assert abs(total - end) < 1e-9, (who, col)
    bank = statement(pos.to_json(), result, "bop")
    assert any(ln.order == "in $10" for ln in bank)  # the investment is on the bank's statement


def test_the_sheet_sees_gold_a_bank_withdraws_as_spendable_this_season_as_adjudication_does():
    """VI.11: gold withdrawn from the market may be spent in the same season."""
    from hyperboards import start_json

    from diplodesk.document.hyper_preview import preview
    from diplodesk.engine import adjudicate

    pos = start_json()
    pos["economy"]["banks"] = [{"id": "bop", "name": "Bank of Paris", "at": "pari", "controller": "p01",
                                "gold": 0, "invested": 20, "frozen": False}]
    pos["orders"] = {"bop": ["wd $2", "tt $2 to France"]}
    sent = next(o for o in adjudicate(pos)["orders"] if o["text"] == "tt $2 to France")
    assert sent["status"] == "succeeds"
    assert all(c.ok for c in preview(read(pos)).check("bop"))


def test_a_pasted_sentence_that_starts_like_an_order_code_is_not_taken_for_one():
    doc = _doc()
    text = "France\nbu D Pari\nAs promised, these are all.\nIn haste,\nbu D Lyonn\nBob"
    orders, lines = split_orders(text, doc.position)
    assert orders == {"fra": ["bu D Pari", "bu D Lyonn"]}  # a slip stays, to be shown in red
    assert [ln.kind for ln in lines] == ["heading", "order", "ignored", "ignored", "order", "ignored"]
    assert "a sentence" in lines[2].message


def test_the_inspector_lists_an_attack_on_a_province_not_one_from_it():
    from diplodesk.document.hyper_inspect import inspect

    data = stacked_json()
    data["units"].append({"id": "1D", "power": "ita", "type": "D", "at": "nava", "M": 2})
    data["economy"]["nations"]["ita"]["acquired"] = 1
    data["orders"] = {"ita": ["1D Nava at Cast"]}  # an Italian division leaves Spanish Navarre
    pos = read(data)
    def ordered(prov):
        return next(s for s in inspect(pos, prov) if s.title.startswith("Yield modifiers")).lines

    assert "attack ordered by Italy: 1D Nava at Cast (no yield if attacked, I.6b)" in ordered("cast")
    assert not any("Italy" in line for line in ordered("nava"))  # it leaves from there


def test_a_territory_won_in_battle_is_named_by_its_province_and_conqueror_everywhere(qtbot):
    from diplodesk.document.hyper_inspect import inspect
    from diplodesk.document.hyper_ledger import rows

    doc = _doc()
    doc.undo_stack.push(SetHyperOrdersCommand(doc, {"fra": ["1D Gaso at Nava", "2D Gaso sp 1D at Nava"]}))
    doc.undo_stack.push(AdjudicateHyperCommand(doc))
    assert doc.position.provinces["nava"].de_facto == "fra-nava"  # the id the GM types stays
    assert doc.name_of("fra-nava") == "Navarre under France"
    assert {r.who: r.name for r in rows(doc.position)}["fra-nava"] == "Navarre under France"
    owners = inspect(doc.position, "nava")[0].lines
    assert "owner de facto: Navarre under France (fra-nava)" in owners
    assert "owner de jure: Spain (spa)" in owners
