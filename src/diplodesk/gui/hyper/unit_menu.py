"""The right-click menu of a unit on the desk's map: every order it may be given (the clicks'
``legal_orders``), each written on its nation's sheet when chosen, as on the standard board."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from ...document.hyper_commands import SetHyperOrdersCommand
from .clicks import MenuEntry, legal_orders, scene_point


def unit_menu(win, unit) -> QMenu:
    """The menu of ``unit``'s legal orders (not shown: tests trigger its actions)."""
    menu = QMenu(win)
    menu.setObjectName("unit-menu")
    menu.setTitle(f"{unit.ref} of {win.doc.name_of(unit.power)}")
    head = menu.addAction(f"{unit.ref} of {win.doc.name_of(unit.power)} in {win.doc.words().shown_at(unit.at)}")
    head.setEnabled(False)
    menu.addSeparator()
    _fill(win, menu, unit, legal_orders(win.clicks, unit))
    return menu


def _fill(win, menu: QMenu, unit, entries: list[MenuEntry] | tuple[MenuEntry, ...]) -> None:
    for e in entries:
        if e.children:
            _fill(win, menu.addMenu(e.label), unit, e.children)
        else:
            act = menu.addAction(e.label)
            act.setToolTip(e.text)
            act.setData(e.text)
            act.triggered.connect(lambda _=False, text=e.text: give(win, unit, text))


def give(win, unit, text: str) -> None:
    result = win.clicks.write(unit, text)
    win.push(SetHyperOrdersCommand(win.doc, {unit.power: result.orders}, result.message))
    win.show_sheet(unit.power, focus=False)
    win.statusBar().showMessage(result.message, 6000)
    win.refresh_selection()


def open_menu(win, prov, global_pos) -> QMenu | None:
    """A right click on the map: the menu of the unit under the mouse (one glyph of a
    stack, or a province's only unit)."""
    win.flush()
    if win.viewing is not None:  # a season played: read only
        win.statusBar().showMessage("This map is a season played, read only: no orders to give on it", 6000)
        return None
    placed = win.view.unit_at(scene_point(win.view, global_pos))
    unit = win.clicks._find(placed) if placed is not None else (win.clicks._unit_in(prov) if prov else None)
    if unit is None:
        many = prov is not None and any(u.province == prov for u in win.doc.position.units)
        win.statusBar().showMessage(f"{prov}: right-click one of its units" if many
                                    else "no unit here: right-click a unit for its orders", 6000)
        return None
    menu = unit_menu(win, unit)
    win.menu = menu
    menu.popup(global_pos)
    return menu


def actions(menu: QMenu) -> dict[str, object]:
    """Every order action of a menu and its submenus, by the order it writes (tests)."""
    out = {}
    for a in menu.actions():
        if a.menu() is not None:
            out |= actions(a.menu())
        elif a.data():
            out[str(a.data())] = a
    return out
