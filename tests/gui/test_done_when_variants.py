"""Done when: Loeb9, Woolworth IIA and Colonial played on the desk from New Game to the
first builds by clicks and keys alone, and a Woolworth player's win told to the GM.

Each game starts the way a GM starts one: the New Game dialog picks the variant (its
answer goes to the window through the prompts, as in ``test_variant_games.py``), the
window's New game action opens it, and every order after that is a click on the map, a
key, or a choice in the menu a click opens.
"""

from __future__ import annotations

import pytest
from gui_helpers import answer_menu, click, key
from PySide6.QtCore import Qt

from diplodesk.document import commands as cmd
from diplodesk.gui.dialogs import NewGameDialog
from diplodesk.gui.history_dock import victory_text
from diplodesk.gui.players_dialog import PowerAssignmentDialog
from diplodesk.variants import map_path

CTRL = Qt.KeyboardModifier.ControlModifier


def _has_map(vid: str) -> bool:
    try:
        return map_path(vid) is not None
    except ValueError:
        return False


def needs_map(vid: str):
    return pytest.mark.skipif(not _has_map(vid), reason=f"variants/{vid} has no map.svg")


def new_game(make_window, prompts, qtbot, vid: str):
    """File > New game…, the dialog set to ``vid``: the window now plays it."""
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.select(vid)
    assert d.ok.isEnabled()
    prompts.new_game_choice = d.choice()
    w = make_window()
    key(w.view, Qt.Key.Key_N, CTRL)  # File > New game…
    assert w.doc.variant.id == vid and not prompts.errors
    assert w.layers is not None and not w.doc.history
    return w


def enter(w, gestures) -> None:
    """Orders by the mouse and keys.

    ``"a>b"`` moves (two clicks), ``"a!"`` holds (the unit clicked twice), ``"a:H"`` holds
    with the H key, ``"a S b>c"`` supports (click a, S, click b, click c; ``b>b`` supports
    a hold), ``"a R b"`` moves by railroad (click a, R, click b).
    """
    for g in gestures:
        pos = w.controller.entry.position
        if " S " in g:
            unit, rest = g.split(" S ")
            supported, dest = rest.split(">")
            click(w, pos.units[unit].loc)
            key(w.view, Qt.Key.Key_S)
            assert w.view.highlights.selected == unit
            click(w, pos.units[supported].loc)
            assert w.view.highlights.picked == supported
            click(w, dest)
        elif " R " in g:
            unit, dest = g.split(" R ")
            click(w, pos.units[unit].loc)
            key(w.view, Qt.Key.Key_R)
            assert dest in w.view.highlights.targets
            click(w, dest)
        elif ">" in g:
            src, dest = g.split(">")
            click(w, pos.units[src].loc)
            assert w.view.highlights.selected == src, (g, w.statusBar().currentMessage())
            click(w, dest)
        elif g.endswith("!"):
            src = g[:-1]
            click(w, pos.units[src].loc)
            click(w, pos.units[src].loc)
        else:
            src = g.split(":")[0]
            click(w, pos.units[src].loc)
            key(w.view, Qt.Key.Key_H)


def adjudicate(w) -> None:
    """Ctrl+Return, then Esc from the results back to the next phase."""
    n = len(w.doc.history)
    w.view.setFocus()
    key(w.view, Qt.Key.Key_Return, CTRL)
    assert len(w.doc.history) == n + 1, w.prompts.errors
    assert w.viewed == n  # the results are shown first
    key(w.view, Qt.Key.Key_Escape)
    assert w.viewed is None and w.editable


def units(w) -> dict[str, tuple[str, str]]:
    return {p: (u.power, str(u)) for p, u in w.doc.position.units.items()}


def result_of(w, order: str, index: int = -1) -> dict:
    return next(r for r in w.doc.history[index].result["orders"] if r["order"] == order)


# -- Loeb9 -------------------------------------------------------------------------------------

LOEB9_SPRING = [
    ("Austria", ["vie>gal", "bud S vie>gal", "tri>alb"], ("A vie - gal", "A bud S A vie - gal", "F tri - alb")),
    ("England", ["lon>nth", "edi>nwg", "lvp>yor"], ("F lon - nth", "F edi - nwg", "A lvp - yor")),
    ("France", ["par>bur", "bre>mao", "mar:H"], ("A par - bur", "F bre - mao", "A mar H")),
    ("Germany", ["mun>ruh", "ber>sil", "kie>hol"], ("A mun - ruh", "A ber - sil", "F kie - hol")),
    ("Italy", ["ven!", "rom>apu", "nap>ion"], ("A ven H", "A rom - apu", "F nap - ion")),
    ("Norway", ["swe>bal", "den>ska", "nwy!"], ("F swe - bal", "F den - ska", "A nwy H")),
    ("Russia", ["stp>bar", "mos>ukr", "sev>rum", "war>gal"],
     ("F stp/nc - bar", "A mos - ukr", "F sev - rum", "A war - gal")),
    ("Spain", ["cor>naf", "mad>cat", "por!"], ("A cor - naf", "A mad - cat", "F por H")),
    ("Turkey", ["ank>bla", "con>bul", "smy>arm"], ("F ank - bla", "A con - bul", "A smy - arm")),
]

LOEB9_FALL = [
    ("Austria", ["alb>gre", "bud>ser"]),
    ("England", ["nth>bel"]),
    ("Germany", ["hol!"]),
    ("Norway", ["bal>pru"]),
    ("Russia", ["rum!"]),
    ("Spain", ["naf>tun", "cat:H"]),
    ("Turkey", ["bul!"]),
]


@needs_map("loeb9")
def test_loeb9_from_new_game_to_the_first_builds_by_clicks(make_window, prompts, qtbot):
    w = new_game(make_window, prompts, qtbot, "loeb9")
    assert [a.text() for a in w.power_actions] == list(w.doc.powers)
    assert len(w.doc.powers) == 9 and {"Spain", "Norway"} <= set(w.doc.powers)
    assert str(w.doc.position.phase) == "S1901M"

    # Spring 1901: each power picked with Ctrl+1 ... Ctrl+9
    for power, gestures, expected in LOEB9_SPRING:
        w.view.setFocus()
        key(w.view, getattr(Qt.Key, f"Key_{w.doc.powers.index(power) + 1}"), CTRL)
        assert w.power == power
        enter(w, gestures)
        assert w.doc.orders(power) == expected
        assert all(c.level == "ok" for c in w.doc.check(power)), w.doc.check(power)
    adjudicate(w)
    assert str(w.doc.position.phase) == "F1901M"
    now = units(w)
    # the support carried Vienna into Galicia against Warsaw; the difficult border let the
    # Spanish army into North Africa; the Norwegian fleet sailed into the Baltic
    assert now["gal"] == ("Austria", "A gal") and now["war"] == ("Russia", "A war")
    assert result_of(w, "A war - gal", 0)["status"] == "fails"
    assert result_of(w, "A bud S A vie - gal", 0)["status"] == "succeeds"
    assert now["naf"] == ("Spain", "A naf") and now["cat"] == ("Spain", "A cat")
    assert now["bal"] == ("Norway", "F bal") and now["ska"] == ("Norway", "F ska")
    assert now["bar"] == ("Russia", "F bar") and now["rum"] == ("Russia", "F rum")
    assert "cor" not in now and "mad" not in now and "swe" not in now

    # Fall 1901
    for power, gestures in LOEB9_FALL:
        w.set_power(power)
        enter(w, gestures)
    assert w.doc.orders("Spain") == ("A naf - tun", "A cat H")
    assert w.doc.orders("Norway") == ("F bal - pru",)
    adjudicate(w)
    pos = w.doc.position
    assert str(pos.phase) == "W1901A"
    owned = {p: len(pos.centers_of(p)) for p in w.doc.powers}
    assert owned == {"Austria": 5, "England": 4, "France": 3, "Germany": 5, "Italy": 3, "Norway": 4,
                     "Russia": 5, "Spain": 4, "Turkey": 4}
    assert pos.centers["tun"] == "Spain" and pos.centers["pru"] == "Norway" and pos.centers["sil"] == "Germany"

    # Winter 1901: builds by clicks on empty home centres
    w.set_power("Spain")
    click(w, "cor")  # a coast: army or fleet?
    answer_menu(w, Qt.Key.Key_F)
    w.set_power("Norway")
    click(w, "den")
    answer_menu(w, Qt.Key.Key_A)
    w.set_power("Russia")
    click(w, "stp")
    answer_menu(w, Qt.Key.Key_S)  # a fleet on the south coast
    w.set_power("Austria")
    click(w, "vie")  # inland: an army at once
    key(w.view, Qt.Key.Key_W)  # and waive the second build
    assert w.doc.orders("Spain") == ("B F cor",) and w.doc.orders("Norway") == ("B A den",)
    assert w.doc.orders("Russia") == ("B F stp/sc",) and w.doc.orders("Austria") == ("B A vie", "Waive")
    adjudicate(w)
    pos = w.doc.position
    assert str(pos.phase) == "S1902M"
    assert str(pos.units["cor"]) == "F cor" and pos.units["cor"].power == "Spain"
    assert str(pos.units["den"]) == "A den" and pos.units["den"].power == "Norway"
    assert str(pos.units["stp"]) == "F stp/sc" and str(pos.units["vie"]) == "A vie"
    assert len(pos.units_of("Austria")) == 4
    assert [r.phase for r in w.doc.history] == ["S1901M", "F1901M", "W1901A"]
    w.grab()


# -- Woolworth IIA ---------------------------------------------------------------------------

PREFS = {
    "Ann": ["England", "Turkey"],
    "Bob": ["Russia", "Germany"],
    "Cy": ["France", "Italy"],
    "Dee": ["Spain", "Austria"],
    "Eve": ["Balkans", "Scandinavia"],
}
SEED = 2024


class DealingPrompts:
    """The GM's answers to the window, with the power assignment dialog really used."""

    def __init__(self, base, qtbot):
        self.base = base
        self.qtbot = qtbot
        self.dialog: PowerAssignmentDialog | None = None

    def __getattr__(self, name):
        return getattr(self.base, name)

    def assign_powers(self, doc):
        d = PowerAssignmentDialog(doc)
        self.qtbot.addWidget(d)
        assert d.players.count() == len(PREFS)  # ten powers: five players to name
        for i, name in enumerate(PREFS):
            d.players.item(i).setText(name)  # renamed in place (a double-click edits)
        for name, ranked in PREFS.items():
            d.set_preferences(name, ranked)
        d.seed.setValue(SEED)
        assert not d.ok.isEnabled()
        d.deal_button.click()
        assert d.ok.isEnabled() and f"seed {SEED}" in d.output.toPlainText()
        d.ok.click()
        self.dialog = d
        return d.result()


def set_up_choice(w, prov: str, k) -> None:
    """Click a "?" unit and answer the set-up menu with a key."""
    click(w, prov)
    menu = w.controller.menu
    assert menu is not None and menu.isVisible() and "set up" in menu.title()
    answer_menu(w, k)
    assert w.view.highlights.selected == prov


@needs_map("woolworth2a")
def test_woolworth_deal_choice_units_and_a_year_by_clicks(make_window, prompts, qtbot, tmp_path):
    from diplodesk.engine.rules.secret_powers import assign_powers

    w = new_game(make_window, prompts, qtbot, "woolworth2a")
    gm = DealingPrompts(prompts, qtbot)
    w.prompts = gm
    assert w.act_assign.isEnabled()
    w.act_assign.trigger()
    expected, _ = assign_powers(PREFS, w.doc.powers, SEED)
    assert w.doc.players == expected and w.doc.assignment["seed"] == SEED
    ann = w.doc.players["Ann"]
    assert ann["public"] == "England"  # nobody else asked for it first

    # Spring 1901: the choice units set up by clicks (a fleet on St Petersburg's south coast)
    assert set(w.view.position.choices) == {"lvp", "mar", "rom", "stp", "spa", "smy"}
    w.set_power("Russia")
    set_up_choice(w, "stp", Qt.Key.Key_S)
    assert w.view.highlights.targets == {"bot", "fin", "lvn"}
    click(w, "bot")
    enter(w, ["war>gal"])
    assert w.doc.orders("Russia") == ("F stp/sc - bot", "A war - gal")
    w.set_power("England")
    set_up_choice(w, "lvp", Qt.Key.Key_F)
    click(w, "iri")
    enter(w, ["lon>nth", "edi>nwg"])
    w.set_power("France")
    set_up_choice(w, "mar", Qt.Key.Key_A)
    click(w, "swi")  # Switzerland is a centre here
    w.set_power("Italy")
    set_up_choice(w, "rom", Qt.Key.Key_A)
    click(w, "tus")
    w.set_power("Spain")
    set_up_choice(w, "spa", Qt.Key.Key_F)
    click(w, "wes")
    w.set_power("Turkey")
    set_up_choice(w, "smy", Qt.Key.Key_A)
    click(w, "arm")
    for power, gestures in (("Scandinavia", ["swe>fin"]), ("Balkans", ["bul>rum"]),
                            ("Germany", ["kie>hol"]), ("Austria", ["tri>alb"])):
        w.set_power(power)
        enter(w, gestures)
    assert w.doc.orders("France") == ("A mar - swi",) and w.doc.orders("Spain") == ("F spa - wes",)
    assert not w.view.position.choices  # every "?" shows as what its order makes it
    adjudicate(w)
    # the reveal: each choice unit is what its order said
    revealed = {r["order"] for r in w.doc.history[0].result["orders"] if r.get("reason") == "revealed"}
    assert revealed == {"F lvp", "A mar", "A rom", "F stp/sc", "F spa", "A smy"}
    pos = w.doc.position
    assert str(pos.phase) == "F1901M" and not pos.choices
    now = units(w)
    assert now["bot"] == ("Russia", "F bot") and now["iri"] == ("England", "F iri")
    assert now["swi"] == ("France", "A swi") and now["wes"] == ("Spain", "F wes")
    assert now["tus"] == ("Italy", "A tus") and now["arm"] == ("Turkey", "A arm")
    # the results dock lists the reveal
    table = w.results_dock.table
    rows = {table.item(r, 2).text(): table.item(r, 4).text() for r in range(table.rowCount())}
    assert rows["F stp/sc"] == "revealed"

    # Fall 1901
    for power, gestures in (("England", ["nwg>ice"]), ("Spain", ["wes>tun"]), ("Russia", ["gal!"]),
                            ("France", ["swi!"]), ("Balkans", ["rum!"]), ("Germany", ["hol!"])):
        w.set_power(power)
        enter(w, gestures)
    adjudicate(w)
    pos = w.doc.position
    assert str(pos.phase) == "W1901A"
    owned = {p: len(pos.centers_of(p)) for p in w.doc.powers}
    assert owned == {"Austria": 3, "Balkans": 4, "England": 4, "France": 4, "Germany": 4, "Italy": 3,
                     "Russia": 5, "Scandinavia": 3, "Spain": 4, "Turkey": 3}

    # the builds
    w.set_power("England")
    click(w, "lvp")
    answer_menu(w, Qt.Key.Key_F)
    w.set_power("Russia")
    click(w, "stp")
    answer_menu(w, Qt.Key.Key_N)
    w.set_power("France")
    click(w, "mar")
    answer_menu(w, Qt.Key.Key_A)
    adjudicate(w)
    pos = w.doc.position
    assert str(pos.phase) == "S1902M"
    assert str(pos.units["lvp"]) == "F lvp" and str(pos.units["stp"]) == "F stp/nc"
    assert str(pos.units["mar"]) == "A mar"

    # as a power, nothing names a player: the map exported as England, its report
    names = list(PREFS)
    w.show_phase(0)
    w.set_power("England")
    w.act_as_power.trigger()
    assert w.as_power_active
    out = tmp_path / "england.svg"
    assert w.export_to(out, width=600)
    svg = out.read_text(encoding="utf-8")
    assert "<svg" in svg
    assert not any(n in svg for n in names) and "secret" not in svg.lower()
    png = tmp_path / "england.png"
    assert w.export_to(png, width=400) and png.stat().st_size > 0
    w.act_as_power.trigger()
    # the GM's own view (Players, GM only) does name them
    w.show_players()
    assert any("Ann: public England" in t for _, t in prompts.infos)
    assert not prompts.errors


# -- Colonial ---------------------------------------------------------------------------------


@needs_map("colonial")
def test_colonial_from_spring_1870_to_the_builds_of_1871_by_clicks(make_window, prompts, qtbot):
    w = new_game(make_window, prompts, qtbot, "colonial")
    assert str(w.doc.position.phase) == "S1870M"
    # Spring 1870: Omsk takes the Trans-Siberian Railroad to Irkutsk (the R key)
    w.set_power("Russia")
    click(w, "oms")
    key(w.view, Qt.Key.Key_R)
    assert w.view.highlights.targets == {"mos", "prm", "kra", "irk", "vla"}
    assert "railroad" in w.statusBar().currentMessage()
    click(w, "irk")
    enter(w, ["ode>rum"])
    assert w.doc.orders("Russia") == ("A oms TSR irk", "F ode - rum")
    for power, gestures in (("Britain", ["sig>mal", "bom>aras", "del!"]), ("China", ["pek>lan"]),
                            ("Japan", ["kyu>ecs"]), ("Turkey", ["ang>arm"])):
        w.set_power(power)
        enter(w, gestures)
    adjudicate(w)
    assert str(w.doc.position.phase) == "F1871M"  # a turn is a year
    now = units(w)
    assert now["irk"] == ("Russia", "A irk") and "oms" not in now
    assert result_of(w, "A oms TSR irk", 0)["status"] == "succeeds"
    assert now["mal"] == ("Britain", "F mal") and now["rum"] == ("Russia", "F rum")

    # Fall 1871: the railroad again by the context menu (Vladivostok to Krasnoyarsk)
    w.set_power("Russia")
    click(w, "vla", button=Qt.MouseButton.RightButton)
    menu = w.controller.menu
    rail = next(a for a in menu.actions() if a.text().replace("&", "") == "Move by railroad to")
    kra = next(a for a in rail.menu().actions() if a.text().replace("&", "") == "kra")
    kra.trigger()
    menu.close()  # a chosen entry closes the menu
    enter(w, ["irk>mon", "rum!"])
    assert w.doc.orders("Russia") == ("A vla TSR kra", "A irk - mon", "F rum H")
    for power, gestures in (("Britain", ["mal!"]), ("China", ["lan!"])):
        w.set_power(power)
        enter(w, gestures)
    adjudicate(w)
    pos = w.doc.position
    assert str(pos.phase) == "W1871A"
    assert pos.units["kra"].power == "Russia" and pos.units["mon"].power == "Russia"
    assert pos.centers["mon"] == "Russia" and pos.centers["rum"] == "Russia"
    assert pos.centers["mal"] == "Britain"
    assert len(pos.centers_of("Russia")) == 7 and len(pos.units_of("Russia")) == 5

    # W1871A: Russia builds twice, Britain once
    w.set_power("Russia")
    click(w, "oms")  # inland: an army
    click(w, "ode")
    answer_menu(w, Qt.Key.Key_F)
    w.set_power("Britain")
    click(w, "sig")
    answer_menu(w, Qt.Key.Key_F)
    assert len(w.doc.orders("Russia")) == 2 and len(w.doc.orders("Britain")) == 1
    adjudicate(w)
    pos = w.doc.position
    assert str(pos.phase) == "S1872M"
    assert str(pos.units["oms"]) == "A oms" and str(pos.units["ode"]) == "F ode"
    assert str(pos.units["sig"]) == "F sig"
    assert [r.phase for r in w.doc.history] == ["S1870M", "F1871M", "W1871A"]
    w.grab()


# -- Woolworth: a player wins -------------------------------------------------------------------

VICTORY_DEAL = {
    "Ann": {"public": "England", "secret": "Turkey"},
    "Bob": {"public": "Russia", "secret": "Germany"},
    "Cy": {"public": "France", "secret": "Italy"},
    "Dee": {"public": "Spain", "secret": "Austria"},
    "Eve": {"public": "Balkans", "secret": "Scandinavia"},
}


@needs_map("woolworth2a")
def test_woolworth_player_victory_is_told_to_the_gm(make_window, prompts, qtbot):
    w = new_game(make_window, prompts, qtbot, "woolworth2a")
    doc = w.doc
    w.push(cmd.SetPlayersCommand(doc, VICTORY_DEAL, 7))
    # the GM sets up a Fall 1901 with Ann's England and Turkey on 19 centres between them
    w.push(cmd.SetPhaseCommand(doc, "F1901M"))
    for prov in ("vie", "bud", "tri", "nap", "ven", "rom"):
        w.push(cmd.RemoveUnitCommand(doc, prov))  # Austria and Italy are gone
    england = ("ice", "bel", "tun", "nap", "ven", "rom")
    turkey = ("cre", "swi", "gal", "rum", "vie", "bud", "tri")
    for prov in england:
        w.push(cmd.SetCenterOwnerCommand(doc, prov, "England"))
    for prov in turkey:
        w.push(cmd.SetCenterOwnerCommand(doc, prov, "Turkey"))
    w.push(cmd.MoveUnitCommand(doc, "lon", "nth"))
    pos = doc.position
    assert len(pos.centers_of("England")) + len(pos.centers_of("Turkey")) == 19
    assert str(pos.phase) == "F1901M"
    # the 20th: the North Sea fleet into Holland, by clicks
    w.set_power("England")
    enter(w, ["nth>hol"])
    assert doc.orders("England") == ("F nth - hol",)
    w.view.setFocus()
    key(w.view, Qt.Key.Key_Return, CTRL)
    assert len(doc.history) == 1
    result = doc.history[-1].result
    assert result["next"]["winner"] == "Ann" and doc.game.winner == "Ann"
    told = "Ann has won with 20 centres (England 10 public + Turkey 10 secret)"
    # a message box (the prompts' info), the status bar, the results dock and the history
    assert ("Game over", told) in prompts.infos
    assert told in w.statusBar().currentMessage()
    assert w.results_dock.winner.isVisible() and told in w.results_dock.winner.text()
    tree = w.history_dock.tree
    assert "Ann wins" in tree.topLevelItem(tree.topLevelItemCount() - 1).text(0)
    assert not w.act_adjudicate.isEnabled() and not w.editable
    # the line stays with the phase: back at the current phase, then at the result again
    w.show_phase(None)
    assert w.results_dock.winner.isVisible() and told in w.results_dock.winner.text()
    # a power's win (not a player's) is told the same way
    assert victory_text({"next": {"winner": "France", "centers": {"France": [f"c{i}" for i in range(18)]}}}) \
        == "France has won with 18 centres"
    assert victory_text({"next": {}}) is None
    # an undo takes the win back, and the line goes
    w.undo()
    assert doc.game.winner is None and not w.results_dock.winner.isVisible()
    assert w.act_adjudicate.isEnabled()
