"""Loeb9, Woolworth IIA and Colonial on the desk: New Game, choice units, the power
assignment, and railroad moves, entered by clicks and keys on the map."""

from __future__ import annotations

import pytest
from gui_helpers import answer_menu, click, key
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox
from tiny_rail import install

from diplodesk.document import commands as cmd
from diplodesk.document.game_document import GameDocument
from diplodesk.gui.dialogs import NewGameDialog
from diplodesk.gui.players_dialog import PowerAssignmentDialog
from diplodesk.variants import list_variants, map_path


def _has_map(vid: str) -> bool:
    try:
        return map_path(vid) is not None
    except ValueError:
        return False


# the standard desk's New Game; a variant with an economy (Hypereconomic's world) is played
# at the GM desk, which has its own tests
MAPPED = [v.id for v in list_variants() if _has_map(v.id) and v.engine == "standard"]
WOOLWORTH = pytest.mark.skipif(not _has_map("woolworth2a"), reason="variants/woolworth2a has no map.svg yet")


# -- New Game ---------------------------------------------------------------------------------


def test_new_game_lists_every_variant_with_rules_as_checkboxes(qtbot, _user_data):
    install(_user_data)  # a user's own variant is listed too
    d = NewGameDialog()
    qtbot.addWidget(d)
    ids = [d.variant.itemData(i) for i in range(d.variant.count())]
    assert {"standard", "loeb9", "colonial", "woolworth2a", "tinyrail"} <= set(ids)
    assert "yours" in d.variant.itemText(ids.index("tinyrail"))
    # Woolworth always has secret powers and choice units: shown ticked and fixed
    d.select("woolworth2a")
    fixed = {b.objectName(): b for b in d.findChildren(QCheckBox) if b.objectName().startswith("fixed-")}
    assert fixed["fixed-secret_powers"].isChecked() and not fixed["fixed-secret_powers"].isEnabled()
    assert "fixed-choice" in fixed and "fixed-land_bridge" in fixed
    d.optional["blind"].setChecked(True)
    assert d.choice() == ("woolworth2a", ("blind",))
    d.select("colonial")
    names = {b.objectName() for b in d.findChildren(QCheckBox) if b.objectName().startswith("fixed-")}
    assert "fixed-railroad" in names and "fixed-secret_powers" not in names
    if not _has_map("colonial"):
        assert "No map art yet" in d.about.text()


@pytest.mark.parametrize("vid", MAPPED)
def test_new_game_starts_each_variant_with_a_map(make_window, prompts, qtbot, vid):
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.select(vid)
    d.optional["blind"].setChecked(True)
    prompts.new_game_choice = d.choice()
    w = make_window()
    w.new_game()
    assert w.doc.variant.id == vid and "blind" in w.doc.position.rules
    assert w.layers is not None and w.view.position is not None and not prompts.errors
    assert len(w.power_actions) == len(w.doc.variant.powers)
    w.grab()  # it draws


def test_a_variant_without_a_map_opens_with_a_clear_message(make_window, prompts, _user_data):
    folder = install(_user_data)
    (folder / "map.svg").unlink()
    prompts.new_game_choice = ("tinyrail", ())
    w = make_window()
    w.new_game()
    assert w.doc.variant.id == "tinyrail"
    assert prompts.errors and "no map.svg" in prompts.errors[0][1] and "type the orders" in prompts.errors[0][1]
    assert w.layers is None and w.view.layers is None
    w.grab()  # nothing of the old map is drawn, nothing breaks
    w.orders_dock.editor.setPlainText("A mos - prm")
    w.orders_dock.commit()
    w.set_power("China")
    w.adjudicate()
    assert "prm" in w.doc.position.units


# -- Woolworth: choice units ----------------------------------------------------------------


@WOOLWORTH
def test_a_choice_unit_set_up_by_clicks_and_revealed_by_adjudication(make_window):
    w = make_window(GameDocument.new("woolworth2a"))
    assert "stp" in w.view.position.choices  # drawn as a "?"
    w.set_power("Russia")
    click(w, "stp")
    menu = w.controller.menu
    assert menu is not None and menu.isVisible()
    labels = [a.text().replace("&", "") for a in menu.actions()]
    assert labels[1:] == ["Army", "Fleet (north coast)", "Fleet (south coast)"]
    answer_menu(w, Qt.Key.Key_S)  # the south coast
    assert w.view.highlights.selected == "stp"
    assert w.view.highlights.targets == {"bot", "fin", "lvn"}  # a fleet on the south coast
    assert w.view.position.units["stp"].loc == "stp/sc"  # shown as the fleet chosen
    click(w, "bot")
    assert w.doc.orders("Russia") == ("F stp/sc - bot",)
    assert w.doc.check("Russia")[0].level == "ok"
    # the order says what the unit is: the map shows it so, before adjudication
    assert "stp" not in w.view.position.choices and w.view.position.units["stp"].loc == "stp/sc"
    # Turkey's is ordered as an army through the context menu's set-up
    w.set_power("Turkey")
    click(w, "smy", button=Qt.MouseButton.RightButton)
    menu = w.controller.menu
    setup = next(a for a in menu.actions() if a.text().replace("&", "") == "Set up as")
    army = next(a for a in setup.menu().actions() if a.text().replace("&", "") == "Army")
    army.trigger()
    assert w.view.highlights.selected == "smy"
    click(w, "smy")  # itself: hold
    assert w.doc.orders("Turkey") == ("A smy H",)
    w.adjudicate()
    revealed = {r["order"] for r in w.doc.history[-1].result["orders"] if r.get("reason") == "revealed"}
    assert {"F stp/sc", "A smy"} <= revealed
    pos = w.doc.position
    assert not pos.choices and pos.units["bot"].power == "Russia" and pos.units["smy"].type.value == "A"


@WOOLWORTH
def test_undo_of_a_choice_order_shows_the_question_mark_again(make_window):
    w = make_window(GameDocument.new("woolworth2a"))
    w.set_power("Italy")
    click(w, "rom")
    answer_menu(w, Qt.Key.Key_F)
    key(w.view, Qt.Key.Key_H)
    assert w.doc.orders("Italy") == ("F rom H",)
    assert "rom" not in w.view.position.choices
    w.undo()
    assert "rom" in w.view.position.choices and w.doc.orders("Italy") == ()


# -- Woolworth: dealing the powers -------------------------------------------------------------

PREFS = {
    "Ann": ["England", "France", "Spain"],
    "Bob": ["England", "Germany"],
    "Cy": ["Turkey", "Russia"],
    "Dee": ["Turkey", "Austria"],
    "Eve": ["Italy", "Balkans"],
}


def fill(d: PowerAssignmentDialog, seed: int) -> None:
    while d.players.count():
        d.players.setCurrentRow(0)
        d.remove_player()
    for name in PREFS:
        d.add_player(name)
    for name, ranked in PREFS.items():
        d.set_preferences(name, ranked)
    d.seed.setValue(seed)


@WOOLWORTH
def test_assignment_dialog_deals_by_the_seed_and_the_game_keeps_it_undoably(make_window, prompts, qtbot):
    from diplodesk.engine.rules.secret_powers import assign_powers

    w = make_window(GameDocument.new("woolworth2a"))
    assert w.act_assign.isEnabled()
    d = PowerAssignmentDialog(w.doc)
    qtbot.addWidget(d)
    fill(d, 1234)
    # Up/Down reorder a list: Bob's England goes below Germany, and back
    d.players.setCurrentRow(1)
    d.ranking.setCurrentRow(0)
    d.down_button.click()
    assert d.preferences()["Bob"][:2] == ["Germany", "England"]
    d.up_button.click()
    assert d.preferences()["Bob"][:2] == ["England", "Germany"]
    assert not d.ok.isEnabled()
    d.deal_button.click()
    assert d.ok.isEnabled()
    deal, seed, prefs = d.result()
    expected, draws = assign_powers(PREFS, w.doc.powers, 1234)
    assert seed == 1234 and deal == expected  # the same lists and seed: the same deal
    assert "lots drawn" in d.output.toPlainText() and "seed 1234" in d.output.toPlainText()
    d2 = PowerAssignmentDialog(w.doc)
    qtbot.addWidget(d2)
    fill(d2, 1234)
    assert d2.run() and d2.result()[0] == deal  # deterministic
    d.new_seed_button.click()
    assert not d.ok.isEnabled()  # a new seed: deal again before keeping it

    prompts.assign_answer = (deal, seed, prefs)
    w.assign_powers()
    assert w.doc.players == deal and w.doc.assignment["seed"] == 1234
    assert w.doc.assignment["preferences"]["Bob"][:2] == ["England", "Germany"]
    assert w.orders_dock.table.columnCount() == 4  # the GM sees who plays what
    assert "Deal the powers" in w.act_undo.text()
    w.undo()
    assert w.doc.players == {} and w.orders_dock.table.columnCount() == 3
    w.redo()
    assert w.doc.players == deal
    # the inspector, a power's view: no player is named anywhere
    w.inspect()
    insp = w.inspector_dock
    insp.set_viewers("England", None)
    text = insp.left.orders.toPlainText() + insp.left.report.toPlainText()
    assert not any(name in text for name in PREFS)
    assert "players" not in insp.left.shown.position.extra
    # a game saved and opened again keeps the deal
    path = w.doc.path
    assert path is None
    w.show_players()
    assert any("Ann: public" in t for _, t in prompts.infos)


# -- Colonial: railroad moves -------------------------------------------------------------------


def rail_game(user_data):
    install(user_data)
    return GameDocument.new("tinyrail")


def test_railroad_move_by_clicks_and_where_it_stopped(make_window, _user_data):
    w = make_window(rail_game(_user_data))
    w.set_power("Russia")
    click(w, "mos")
    key(w.view, Qt.Key.Key_R)
    assert w.view.highlights.targets == {"prm", "oms", "kra", "irk", "vla"}
    assert "railroad" in w.statusBar().currentMessage()
    click(w, "irk")
    assert w.doc.orders("Russia") == ("A mos TSR irk",)
    # the context menu offers it too
    click(w, "oms", button=Qt.MouseButton.RightButton)
    titles = [a.text().replace("&", "") for a in w.controller.menu.actions()]
    assert "Move by railroad to" in titles
    w.controller.menu.close()
    click(w, "oms")
    click(w, "mon")
    w.set_power("China")
    click(w, "man")
    click(w, "kra")  # onto the line: the railroad army stops before it
    click(w, "mon")
    click(w, "mon")
    w.adjudicate()
    r = next(r for r in w.doc.history[-1].result["orders"] if r["order"] == "A mos TSR irk")
    assert r["reason"] == "interrupted" and r["detail"] == "the railroad move stopped in prm"
    table = w.results_dock.table
    row = next(i for i in range(table.rowCount()) if table.item(i, 1).text() == "A mos TSR irk")
    assert table.item(row, 4).text() == "interrupted" and "prm" in table.item(row, 5).text()
    assert w.doc.position.units["prm"].power == "Russia"  # where it stopped
    w.grab()


@pytest.mark.skipif(not _has_map("colonial"), reason="variants/colonial has no map.svg yet (the map art is in progress)")
def test_colonial_railroad_by_clicks_interrupted(make_window):
    w = make_window(GameDocument.new("colonial"))
    w.set_power("Russia")
    click(w, "oms")
    key(w.view, Qt.Key.Key_R)
    assert w.view.highlights.targets == {"mos", "prm", "kra", "irk", "vla"}
    click(w, "vla")
    click(w, "vla")
    click(w, "mac")
    assert w.doc.orders("Russia") == ("A oms TSR vla", "A vla - mac")
    w.set_power("China")
    click(w, "mac")
    click(w, "irk")  # onto the line ahead of the railroad army
    w.adjudicate()
    r = next(r for r in w.doc.history[-1].result["orders"] if r["order"] == "A oms TSR vla")
    assert r["reason"] == "interrupted" and r["detail"] == "the railroad move stopped in kra"
    assert w.doc.position.units["kra"].power == "Russia"
    w.grab()


def test_a_non_railroad_unit_refuses_r(make_window, _user_data):
    w = make_window(rail_game(_user_data))
    w.set_power("China")
    click(w, "man")
    key(w.view, Qt.Key.Key_R)
    assert "cannot move by railroad" in w.statusBar().currentMessage()
    w.push(cmd.SetOrdersCommand(w.doc, {"China": ["A man H"]}))


@WOOLWORTH
def test_player_facing_exports_never_name_the_players(make_window, prompts, tmp_path):
    from diplodesk.render.pack import all_packs

    w = make_window(GameDocument.new("woolworth2a"))
    deal = {"Zelda": {"public": "England", "secret": "Turkey"}, "Quentin": {"public": "Russia", "secret": "Spain"}}
    w.push(cmd.SetPlayersCommand(w.doc, deal, 99))
    w.set_power("England")
    w.act_as_power.trigger()  # the map as England knows it: exports are England's
    assert w.export_to(tmp_path / "england.svg", width=600)
    svg = (tmp_path / "england.svg").read_text(encoding="utf-8")
    assert "Zelda" not in svg and "Quentin" not in svg and "secret" not in svg.lower()
    for pdf in all_packs(w.doc.position.to_json(), tmp_path / "packs", powers=["England"]):
        data = pdf.read_bytes()
        assert b"Zelda" not in data and b"Quentin" not in data
