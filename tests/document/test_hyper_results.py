"""The rows of the desk's results view: each order with what it did, and a Why in the
engine's own words (its detail, the battle and its table cells, the ledger lines it caused)."""

from __future__ import annotations

from hyperboards import desk_game

from diplodesk.document import hyper_results
from diplodesk.document.hyper_words import kind_of
from diplodesk.engine.hyper.shown_names import ShownNames

SEASON = {"fra": ["1D Gaso ho", "2D Gaso ho", "bu 3 Trs", "co A"], "spa": ["1D Nava at Gaso", "bu 2 Trs"]}


def _played():
    game = desk_game()
    for n, lines in SEASON.items():
        game.set_orders(n, lines)
    game.process()
    rec = game.history[-1]
    return rec, hyper_results.rows(rec.result, rec.position, ShownNames.of(game.current))


def _row(rows, giver, given):
    return next(r for r in rows if r.giver == giver and r.given == given)


def test_every_line_of_the_result_is_a_row_grouped_by_nation():
    rec, rows = _played()
    assert len(rows) == len(rec.result["orders"])
    names = [r.name for r in rows]
    assert names == sorted(names)  # France's rows, then Spain's, whatever the record's order
    assert any(r.unit == "3T" and r.reason == "no order" and r.detail == "stands (III.25)" for r in rows)


def test_an_attack_s_why_names_the_battle_and_the_table_cells_read():
    _rec, rows = _played()
    attack = _row(rows, "spa", "1D Nava at Gaso")
    assert (attack.kind, attack.unit, attack.status, attack.reason) == ("attack", "1D", "fails", "bounced")
    why = attack.why_text()
    assert "T7[2][2] = 6 needed" in why
    assert "Battle: Gascony: attacked by Spain 1D nava bounced" in why
    assert "losses of Spain: 8M (T6 row 2 attacker/hold/any)" in why


def test_a_build_s_why_is_its_ledger_lines_with_rule_and_cell():
    _rec, rows = _played()
    why = _row(rows, "fra", "bu 3 Trs").why_text()
    assert "In the ledger:" in why and "build 3 Trs: -$1.5 +$1.5 (escrow) -3I (IV.3, T1 Tr)" in why


def test_research_says_what_it_rolled():
    _rec, rows = _played()
    research = _row(rows, "fra", "co A")
    assert research.kind == "research" and "rolled" in research.detail and "APIs" in research.detail


def test_sorting_by_a_column_keeps_a_nation_s_rows_together():
    _rec, rows = _played()
    by_status = sorted(rows, key=lambda r: r.sort_key("status"))
    fails = [r for r in by_status if r.status == "fails"]
    assert by_status[: len(fails)] == fails


def test_each_order_is_named_by_its_kind():
    assert [kind_of(t) for t in ("2D Gaso sp 1D at Nava", "1D at Nava", "N Pari ho", "7T dm Bisc Gasc",
                                 "bu D Rhin", "co A", "tt 4I to Netherlands via Hann Holl", "FF2 mo Bisc")] == [
        "support", "attack", "hold", "double move", "build", "research", "trade", "move a fishing fleet"]
