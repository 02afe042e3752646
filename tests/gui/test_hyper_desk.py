"""The GM desk for a Hypereconomic game, driven as a GM would, offscreen (DESIGN §6, M4 5):
the ledger dock's balances are the engine's, the inspector lists an attacked winter
province's yield modifiers, clicks write military orders, the sheets check as they are typed,
complete and take pasted e-mails, and the app opens hyper games in the desk."""

from __future__ import annotations

from gui_helpers import show_ready
from hyperboards import desk_game, install_mini
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.document.hyper_ledger import COLUMNS
from diplodesk.gui.hyper.window import HyperDeskWindow


def _desk(qtbot, prompts, game=None) -> HyperDeskWindow:
    w = HyperDeskWindow(HyperGameDocument(game or desk_game()), prompts=prompts)
    return show_ready(qtbot, w, 1440, 920)


SEASON = ("France\n1D Gaso ho\n2D Gaso ho\nbu 3 Trs\nbu Y Pari\n"
          "Spain\n1D Nava at Gaso\nbu 2 Trs\nItaly\nbu Y Roma\npw $2 Roma\n")


def test_the_ledger_docks_end_of_season_balances_are_the_engines(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.paste_orders(SEASON)
    assert w.adjudicate()
    engine = w.doc.history[-1].result["next"]["economy"]
    for n, st in engine["nations"].items():
        shown = {c: w.ledger.value(n, c) for c in COLUMNS}
        assert float(shown["$"]) == st["stock"]["gold"] and float(shown["E"]) == st["escrow"]
        assert [int(shown[f]) for f in ("M", "A", "I")] == [st["stock"][f] for f in ("M", "A", "I")]
        assert int(shown["Trs"]) == st["trs"]
        held = sum(1 for p in engine["provinces"].values() if p["de_facto"] == n)
        assert int(shown["provinces"]) == held
    w.ledger.pick("fra")
    rows = w.ledger.statement_rows()
    assert rows[0][0] == "Start of season" and rows[-1][0] == "End of season"
    built = next(r for r in rows if r[0].strip() == "build 3 Trs")
    assert built[7:] == ["bu 3 Trs", "IV.3", "T1 Tr"]  # its order, rule and table cell
    assert float(rows[-1][1]) == engine["nations"]["fra"]["stock"]["gold"]


def test_the_ledger_sorts_by_a_column(qtbot, prompts):
    w = _desk(qtbot, prompts)
    t = w.ledger.table
    t.sortItems(1 + COLUMNS.index("$"), Qt.SortOrder.DescendingOrder)
    golds = [float(t.item(r, 1).text()) for r in range(t.rowCount())]
    assert golds == sorted(golds, reverse=True)


def test_the_inspector_lists_the_yield_modifiers_of_an_attacked_winter_province(qtbot, prompts):
    game = desk_game()
    data = game.current.to_json()
    data["phase"] = "W1915M"  # a winter after the first season: half the A (I.6c)
    game.current = game.load_position(data)
    w = _desk(qtbot, prompts, game)
    w.paste_orders("Spain\n1D Nava at Gaso\n")
    assert w.adjudicate()
    w.click("gaso")
    played = w.inspector.lines("Yield modifiers, W1915M (played)")
    assert "attacked: no yield this season (I.6b)" in played
    assert "winter: half the A yield, rounded up (I.6c)" in played
    assert "owner de facto: France (fra)" in w.inspector.lines("Gascony")


def test_clicking_a_unit_then_a_province_writes_its_order_on_the_sheet(qtbot, prompts):
    w = _desk(qtbot, prompts)
    glyph = next(p for p in w.layers.plan if p.ref == "1D" and p.owner == "fra")
    w.click("gaso", glyph)
    assert w.clicks.unit is not None and "click where it goes" in w.statusBar().currentMessage()
    w.click("nava")
    assert w.doc.orders("fra") == ("1D Gaso at Nava",)
    assert w.sheets["fra"].editor.toPlainText() == "1D Gaso at Nava"
    w.click("gaso", glyph)
    w.click("gaso", glyph)  # the unit clicked again: it holds, in place of its attack
    assert w.doc.orders("fra") == ("1D Gaso ho",)
    w.doc.undo_stack.undo()
    assert w.doc.orders("fra") == ("1D Gaso at Nava",)


def test_an_illegal_click_says_why_in_the_status_bar(qtbot, prompts):
    w = _desk(qtbot, prompts)
    glyph = next(p for p in w.layers.plan if p.ref == "1D" and p.owner == "fra")
    w.click("gaso", glyph)
    w.click("tyrs")
    assert w.statusBar().currentMessage() == "1D cannot reach tyrs from gaso"
    assert w.doc.orders("fra") == ()
    guard = next(p for p in w.layers.plan if p.kind == "N")
    w.click("gaso", None)
    w.clicks.reset()
    w.click("gaso", guard)
    w.click("pari")
    assert "never moves or attacks (III.1)" in w.statusBar().currentMessage()


def test_a_real_mouse_click_on_a_glyph_picks_that_unit(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.view.viewport().repaint()
    glyph = next(p for p in w.layers.plan if p.ref == "2D" and p.owner == "fra")
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=w.view.mapFromScene(glyph.center))
    assert w.clicks.unit is not None and w.clicks.unit.ref == "2D"


def test_the_sheet_checks_each_line_as_it_is_typed(qtbot, prompts):
    w = _desk(qtbot, prompts)
    sheet = w.sheets["fra"]
    sheet.editor.setPlainText("1D ho\n\n9D ho\nbu 40 Trs")
    sheet.recheck()
    bad = [c for c in sheet.checks() if not c.ok]
    assert [(c.number, c.reason) for c in bad] == [(2, "no such unit"), (3, "cannot pay")]
    cursor = sheet.editor.textCursor()
    cursor.movePosition(cursor.MoveOperation.Start)
    cursor.movePosition(cursor.MoveOperation.Down, n=2)
    sheet.editor.setTextCursor(cursor)
    assert sheet.why.text().startswith("line 2: no such unit")
    assert "T5 fails first: line 3: build 40 Trs failed" in sheet.budget.text()
    qtbot.waitUntil(lambda: w.doc.orders("fra") == ("1D ho", "9D ho", "bu 40 Trs"), timeout=3000)


def test_ctrl_space_completes_from_the_engines_words(qtbot, prompts):
    w = _desk(qtbot, prompts)
    sheet = w.sheets["fra"]
    sheet.raise_()
    editor = sheet.editor
    editor.setFocus()
    QTest.keyClicks(editor, "3T mo LY")
    QTest.keySequence(editor, QKeySequence("Ctrl+Space"))
    assert editor.toPlainText() == "3T mo LYON "  # the only place of that name it reaches
    editor.setPlainText("1D ")
    cur = editor.textCursor()
    cur.movePosition(cur.MoveOperation.End)
    editor.setTextCursor(cur)
    assert set(editor.complete()) == {"st", "ho", "mo", "at", "sp", "dm"}


def test_pasting_an_email_fills_the_sheets_it_names_in_one_undoable_step(qtbot, prompts):
    w = _desk(qtbot, prompts)
    orders = w.paste_orders("Dear GM,\n" + SEASON + "-- \nBob")
    assert set(orders) == {"fra", "spa", "ita"}
    assert w.sheets["spa"].editor.toPlainText() == "1D Nava at Gaso\nbu 2 Trs"
    assert "not orders" in w.statusBar().currentMessage()
    w.doc.undo_stack.undo()
    assert w.doc.orders("fra") == () and w.doc.orders("spa") == ()


def test_ctrl_enter_adjudicates_and_undo_puts_the_season_back(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.paste_orders(SEASON)
    start = str(w.doc.position.phase)
    assert QKeySequence("Ctrl+Return") in w.act_adjudicate.shortcuts()
    w.act_adjudicate.trigger()
    assert str(w.doc.position.phase) != start and w.ledger.season.count() == 2
    w.act_undo.trigger()
    assert str(w.doc.position.phase) == start and w.doc.orders("spa") == ("1D Nava at Gaso", "bu 2 Trs")


def test_the_app_opens_a_hyper_game_file_in_a_desk(qtbot, window, tmp_path):
    game = desk_game()
    game.save(tmp_path / "hyper.json")
    from diplodesk.gui.hyper.window import open_windows

    assert window.open_file(tmp_path / "hyper.json")
    desks = [d for d in open_windows() if d.doc.path == tmp_path / "hyper.json"]
    assert len(desks) == 1 and desks[0].layers is not None
    qtbot.addWidget(desks[0])
    assert window.prompts.errors == []


def test_new_game_lists_hyper_variants_and_starts_them_in_a_desk(qtbot, window, prompts):
    from diplodesk.gui.dialogs import NewGameDialog
    from diplodesk.gui.hyper.window import open_windows

    vid = install_mini()
    d = NewGameDialog()
    qtbot.addWidget(d)
    i = d.variant.findData(vid)
    assert i >= 0 and d.variant.model().item(i).isEnabled()
    before = len(open_windows())
    prompts.new_game_choice = (vid, ())
    window.new_game()
    desks = open_windows()
    assert len(desks) == before + 1 and desks[-1].doc.variant.id == vid
    qtbot.addWidget(desks[-1])


def test_closing_with_unsaved_orders_asks_and_an_autosave_keeps_them(qtbot, prompts):
    from diplodesk.document.autosave import find_orphans

    w = _desk(qtbot, prompts)
    w.paste_orders("France\nbu 3 Trs\n")
    w.autosave()
    assert w.session.file.is_file()
    prompts.save_answer = "cancel"
    assert not w.close() and prompts.asked == ["save"]
    assert w.session.file.is_file() and not [o for o in find_orphans() if o.file == w.session.file]
    prompts.save_answer = "discard"
    assert w.close()


def test_a_hyper_autosave_left_by_a_crash_comes_back_in_a_desk(qtbot, window, prompts):
    from diplodesk.document.autosave import Session
    from diplodesk.gui.hyper.window import open_windows

    doc = HyperGameDocument(desk_game())
    doc.set_orders({"fra": ["bu 3 Trs"]})
    crashed = Session()
    crashed.write(doc.game, None, "Untitled")
    crashed.lock.unlock()  # its process is gone
    prompts.recover_answer = "recover"
    assert window.offer_recovery()
    desk = open_windows()[-1]
    qtbot.addWidget(desk)
    assert desk.doc.orders("fra") == ("bu 3 Trs",) and desk.doc.is_modified
    assert not crashed.file.exists() and desk.session.file.is_file()


def test_the_ledger_filters_by_player(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.ledger.player.setCurrentIndex(w.ledger.player.findData("p02"))  # Spain's player
    assert sorted(r.who for r in w.ledger.shown) == ["mor", "spa"]  # Spain and its territory
    assert w.ledger.table.rowCount() == 2


def test_undo_commits_what_is_being_typed_before_it_steps_back(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.paste_orders("France\nbu 3 Trs\n")
    sheet = w.sheets["fra"]
    sheet.editor.setPlainText("bu 3 Trs\nbu Y Pari")
    assert sheet.has_pending()
    w.act_undo.trigger()  # takes back the typing, not the paste
    assert w.doc.orders("fra") == ("bu 3 Trs",)
    w.act_redo.trigger()
    assert w.doc.orders("fra") == ("bu 3 Trs", "bu Y Pari")



def test_a_nation_formed_in_play_gets_its_own_sheet(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.paste_orders(SEASON)
    w.adjudicate()
    w.paste_orders("France\n1D Gaso at Nava\n2D Gaso sp 1D at Nava\n")  # Navarre taken
    w.adjudicate()
    formed = set(w.doc.position.nations) - {"fra", "ita", "mor", "spa", "sui"}
    assert formed and formed <= set(w.sheets)
    w.act_undo.trigger()  # the sheet stays; the nation is gone from the ledger
    assert not formed & {r.who for r in w.ledger.shown}


def test_the_statement_follows_the_season_picked_for_the_same_nation(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.paste_orders(SEASON)
    assert w.adjudicate()
    w.paste_orders("France\nbu 1 Trs\n")
    assert w.adjudicate()
    w.ledger.season.setCurrentIndex(1)
    w.ledger.pick("fra")
    assert w.ledger.title.text().endswith(w.doc.history[1].phase)
    w.ledger.season.setCurrentIndex(0)  # France stays picked: its statement is the other season's
    assert w.ledger.title.text().endswith(w.doc.history[0].phase)


def test_a_regional_sheet_of_the_map_is_a_view(qtbot, prompts, tmp_path):
    from dataclasses import replace

    from PySide6.QtCore import QRectF

    from diplodesk.engine.variant import Sheet

    game = desk_game()
    game.variant = replace(game.variant, sheets={"north": Sheet("North", (0.0, 0.0, 300.0, 150.0))})
    w = _desk(qtbot, prompts, game)
    action = next(a for a in w.findChildren(type(w.act_fit)) if a.objectName() == "region-north")
    assert action.shortcut().toString() == "Ctrl+1"
    action.trigger()
    seen = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert seen.contains(QRectF(0, 0, 300, 150).center())
    assert seen.width() < w.view.sceneRect().width()  # closer than the whole board
