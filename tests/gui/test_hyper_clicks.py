"""Clicks at the desk do what they do on the standard board: S makes a support, D a task
force's double move, a right click offers the unit's legal orders, the orders are drawn as
arrows, and the inspector names each order by its kind."""

from __future__ import annotations

from gui_helpers import show_ready
from hyperboards import desk_game
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper import unit_menu
from diplodesk.gui.hyper.window import open_desk


def _desk(qtbot, prompts):
    w = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    w.view.viewport().repaint()
    return w


def _glyph(w, owner, ref):
    return next(p for p in w.layers.plan if p.owner == owner and p.ref == ref)


def test_s_makes_a_support_of_an_attack_and_of_a_hold(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.click("gaso", _glyph(w, "fra", "1D"))
    w.click("nava")  # 1D attacks Navarre
    w.click("gaso", _glyph(w, "fra", "2D"))
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_S)  # the key, as on the standard board
    assert w.clicks.mode == "support" and "click the unit it supports" in w.statusBar().currentMessage()
    w.click("gaso", _glyph(w, "fra", "1D"))
    w.click("nava")
    assert w.doc.orders("fra") == ("1D Gaso at Nava", "2D Gaso sp 1D at Nava")
    w.click("gaso", _glyph(w, "fra", "3T"))
    w.press("S")
    w.click("gaso", _glyph(w, "fra", "2D"))
    w.click("gaso")  # its own province: a support of its hold
    assert w.doc.orders("fra")[-1] == "3T Gaso sp 2D ho"


def test_d_makes_a_task_force_s_double_move(qtbot, prompts):
    w = _desk(qtbot, prompts)
    words = w.doc.words()
    unit = next(u for u in w.doc.position.units if u.ref == "3T")
    first = words.names.location(words.reachable(unit)[0])
    second = next(p for p in sorted(w.doc.position.board.provinces)
                  if p not in (first, "gaso") and words.parser.reaches(unit, first, p))
    w.click("gaso", _glyph(w, "fra", "3T"))
    assert "D to double move" in w.statusBar().currentMessage()
    w.press("D")
    w.click(first)
    w.click(second)
    assert w.doc.orders("fra") == (f"3T Gaso dm {words.shown(first)} {words.shown(second)}",)
    w.click("gaso", _glyph(w, "fra", "1D"))
    assert "double move (III.28)" in w.press("D").message


def test_a_right_click_offers_the_unit_s_legal_orders(qtbot, prompts):
    w = _desk(qtbot, prompts)
    glyph = _glyph(w, "fra", "2D")
    at = w.view.viewport().mapToGlobal(w.view.mapFromScene(glyph.center))
    menu = unit_menu.open_menu(w, "gaso", at)
    assert menu is not None and w.menu is menu
    orders = unit_menu.actions(menu)
    assert {"2D Gaso ho", "2D Gaso st", "2D Gaso at Nava", "2D Gaso sp 1D ho", "2D Gaso sp 1D at Nava",
            "de 2D"} <= set(orders)
    assert not [t for t in orders if " at " in t and "TYRS" in t]  # a division never goes to sea
    menu.hide()
    orders["2D Gaso sp 1D at Nava"].trigger()
    assert w.doc.orders("fra") == ("2D Gaso sp 1D at Nava",)
    w.doc.undo_stack.undo()
    assert w.doc.orders("fra") == ()


def test_a_right_click_menu_while_a_support_is_clicked_leaves_the_support_to_finish(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.click("gaso", _glyph(w, "fra", "2D"))
    w.press("S")
    w.click("gaso", _glyph(w, "fra", "1D"))  # 2D supports 1D: where it attacks comes next
    unit_menu.unit_menu(w, next(u for u in w.doc.position.units if u.ref == "3T")).hide()  # a look at another
    w.click("nava")
    assert w.doc.orders("fra") == ("2D Gaso sp 1D at Nava",)


def test_the_orders_are_drawn_as_arrows(qtbot, prompts):
    w = _desk(qtbot, prompts)
    hp = w.layers.hp

    def picture():
        image = QImage(600, 450, QImage.Format.Format_ARGB32)
        image.fill(0)
        p = QPainter(image)
        target = image.rect().toRectF()
        p.setTransform(hp.fit_transform(target))
        hp.paint_stacks(p, w.doc.position, hp.options())
        p.end()
        return image

    bare = picture()
    w.paste_orders("France\n1D Gaso at Nava\n2D Gaso sp 1D at Nava\n3T Gaso ho\nSpain\n1D Nava mo Cast\n")
    drawn = hp.order_lines.orders(w.doc.position)
    assert {(d.nation, d.verb, d.unit, d.target, d.backs) for d in drawn} == {
        ("fra", "at", "1D", "nava", None), ("fra", "sp", "2D", "nava", "fra:1D"), ("fra", "ho", "3T", None, None),
        ("spa", "mo", "1D", "cast", None)}
    assert picture() != bare


def test_the_inspector_names_each_order_by_its_kind(qtbot, prompts):
    w = _desk(qtbot, prompts)
    w.paste_orders("France\n1D Gaso at Nava\n2D Gaso sp 1D at Nava\n")
    w.click("nava")
    lines = w.inspector.lines("Yield modifiers, W1914M")
    assert "attack ordered by France: 1D Gaso at Nava (no yield if attacked, I.6b)" in lines
    assert "support ordered by France: 2D Gaso sp 1D at Nava" in lines
