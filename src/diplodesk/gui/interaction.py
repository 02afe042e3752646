"""What clicks and keys on the map do: enter orders, or (in GM edit mode) edit the position.

Order entry is :class:`~diplodesk.document.order_entry.OrderEntry`, the engine-driven
gesture; this controller feeds it the map view's clicks and keys, lights up what it says
may come next, asks the GM (with a small menu at the click) when it needs a choice, and
pushes the orders it makes as commands. In GM edit mode a click opens a menu of edits
for that province (add, remove, give away a unit; set the centre's owner) and a unit can
be dragged to another province.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, QPoint, QPointF
from PySide6.QtWidgets import QMenu

from ..document import commands as cmd
from ..document.edits import EditError
from ..document.game_document import GameDocument
from ..document.order_entry import MenuItem, OrderEntry, Step
from ..engine.board import COAST_NAMES, UnitType, province_of
from ..engine.orders import AnyOrder, format_order
from ..engine.phase import PhaseType
from ..engine.position import Position
from .map_view import Highlights, MapView


class MapHost(Protocol):
    """What the controller needs of the window it serves (the main window is one): the map
    view, the document and what is looked at, and a way to push commands."""

    view: MapView
    doc: GameDocument | None
    power: str | None
    viewed: int | None  # a history index, or None: the current phase
    gm_mode: bool
    setups: dict[str, str]

    @property
    def editable(self) -> bool: ...

    def entry_position(self) -> Position: ...

    def flush(self) -> None: ...

    def push(self, command) -> bool: ...

    def show_hint(self, text: str) -> None: ...

    def show_phase(self, index: int | None) -> None: ...

    def victory_message(self) -> str | None: ...

    def explain_at(self, prov: str) -> bool: ...


def _mnemonic(label: str, used: set[str], prefer: str | None = None) -> str:
    """Put an & before a letter of ``label`` not yet used in this menu: the first of the
    word ``prefer`` if it has one (a coast's name), else the first free one."""
    if prefer:
        i = label.find(prefer)
        if i >= 0 and label[i].lower() not in used:
            used.add(label[i].lower())
            return label[:i] + "&" + label[i:]
    for i, ch in enumerate(label):
        if ch.isalnum() and ch.lower() not in used:
            used.add(ch.lower())
            return label[:i] + "&" + label[i:]
    return label


class MapController(QObject):
    """Turns map gestures into commands for the window's document."""

    def __init__(self, window: MapHost):
        super().__init__(window if isinstance(window, QObject) else None)
        self.w = window
        self.entry: OrderEntry | None = None
        self.menu: QMenu | None = None  # the menu last shown (tests answer it)
        view = window.view
        view.clicked.connect(self.on_click)
        view.key_command.connect(self.on_key)
        view.context_menu_requested.connect(self.on_context_menu)
        view.unit_dropped.connect(self.on_drop)

    # -- state -------------------------------------------------------------------------

    def reset(self) -> None:
        """Start afresh (new power, phase, position or mode)."""
        w = self.w
        self.entry = None
        if w.doc is not None and w.editable and not w.gm_mode and w.power:
            # "as this power" in a Blind game: only what the power knows can be clicked
            self.entry = OrderEntry(w.entry_position(), w.power)
            self.entry.apply_setups(w.setups)
        self.refresh()

    def refresh(self) -> None:
        e = self.entry
        w = self.w
        w.view.drag_units = w.gm_mode and w.editable
        if e is None:
            w.view.set_highlights(Highlights())
            if w.gm_mode:
                w.show_hint("GM edit mode: click a province to edit it; drag a unit to move it")
            elif w.viewed is None and w.doc is not None and w.doc.game.winner:
                w.show_hint(f"Game over: {w.victory_message()}")
            elif not w.editable:
                w.show_hint("Looking at a past phase (read-only): Esc or the banner goes back to the current one")
            return
        targets = e.targets()
        if e.phase is PhaseType.ADJUSTMENT:
            targets = e.selectable()
        w.view.set_highlights(Highlights(
            selected=e.selected, picked=e.picked, targets=frozenset(targets),
            selectable=frozenset(e.selectable()), dislodged=e.phase is PhaseType.RETREAT))
        w.show_hint(e.hint())

    def position_changed(self) -> None:
        """Units, phase or centres changed: the legal orders are others now."""
        self.reset()

    # -- orders --------------------------------------------------------------------------

    def on_click(self, prov: str | None, modifiers, global_pos: QPoint) -> None:
        w = self.w
        if w.doc is None:
            return
        w.flush()
        if not w.editable:
            w.show_hint("This phase is read-only; go back to the current phase to give orders")
            return
        if w.gm_mode:
            self.gm_menu(prov, global_pos)
            return
        if self.entry is None:
            self.reset()
        if self.entry is None:
            return
        self.handle(self.entry.click(prov), global_pos)

    def on_key(self, key: str) -> None:
        w = self.w
        w.flush()
        if key == "Escape" and not w.editable:
            w.show_phase(None)
            return
        if w.gm_mode:
            if key == "Delete" and w.view.hover and w.doc.position.units.get(w.view.hover):
                self.push_edit(lambda: cmd.RemoveUnitCommand(w.doc, w.view.hover))
            return
        if self.entry is None:
            return
        anchor = w.view.viewport().mapToGlobal(w.view.viewport().rect().center())
        self.handle(self.entry.key(key), anchor)

    def handle(self, step: Step, global_pos: QPoint | None = None) -> None:
        w = self.w
        if step.kind == "order":
            self.give(step.order, step.province)
        elif step.kind == "clear":
            w.push(cmd.SetOrdersCommand(w.doc, {w.power: w.doc.orders_without(w.power, step.province)},
                                        f"Clear the order of {step.province}"))
        elif step.kind == "choose":
            self.choose(step, global_pos)
        elif step.kind == "setup":
            self.ask_setup(step, global_pos)
        self.refresh()
        if step.kind == "ignored" and step.message:
            w.show_hint(step.message)

    def give(self, order: AnyOrder, province: str | None) -> None:
        w = self.w
        w.flush()
        texts = w.doc.orders_with(w.power, order, province)
        if tuple(texts) == tuple(w.doc.orders(w.power)):
            return  # the order it already has (a set-up's hold, given again): nothing to undo
        w.push(cmd.SetOrdersCommand(w.doc, {w.power: texts}, f"{w.power}: {format_order(order)}"))

    def choose(self, step: Step, global_pos: QPoint | None) -> None:
        menu = QMenu(self.w)
        menu.setTitle(step.message)
        used: set[str] = set()
        head = menu.addAction(step.message)
        head.setEnabled(False)
        for c in step.choices:
            loc = getattr(c.order, "dest", None) or c.order.loc
            coast = COAST_NAMES.get(loc.partition("/")[2]) if "/" in loc else None
            act = menu.addAction(_mnemonic(c.label, used, coast))
            act.triggered.connect(lambda _=False, o=c.order, p=step.province: self._chosen(o, p))
        self._popup(menu, global_pos)

    def ask_setup(self, step: Step, global_pos: QPoint | None) -> None:
        """A menu of a choice unit's set-ups (army, fleet, which coast)."""
        menu = QMenu(self.w)
        menu.setTitle(step.message)
        head = menu.addAction(step.message)
        head.setEnabled(False)
        used: set[str] = set()
        for label, text in step.setups:
            coast = label[label.find("(") + 1:].split()[0] if "(" in label else None
            act = menu.addAction(_mnemonic(label, used, coast))
            act.triggered.connect(lambda _=False, p=step.province, t=text: self.set_up(p, t))
        self._popup(menu, global_pos)

    def set_up(self, prov: str, setup: str) -> None:
        """Set the choice unit in ``prov`` up as ``setup``: an order to hold as that unit (the
        engine reveals a choice unit by its order), so the set-up is an undoable change of
        the game, saved with it; the unit stays selected for its real order."""
        w = self.w
        if self.entry is None or w.power is None:
            return
        w.flush()
        texts = [*w.doc.orders_without(w.power, prov), f"{setup} H"]
        w.push(cmd.SetOrdersCommand(w.doc, {w.power: texts}, f"Set up the choice unit in {prov} as {setup}"))
        if self.entry is not None and prov in self.entry.position.units:
            self.entry.select(prov)
        self.refresh()

    def _chosen(self, order: AnyOrder, province: str | None) -> None:
        if self.entry is not None:
            self.entry.select(None)
        self.give(order, province)
        self.refresh()

    def _popup(self, menu: QMenu, global_pos: QPoint | None) -> None:
        self.menu = menu
        menu.popup(global_pos or self.w.view.viewport().mapToGlobal(QPoint(10, 10)))

    def on_context_menu(self, prov: str | None, global_pos: QPoint) -> None:
        w = self.w
        if w.doc is not None and not w.editable and prov is not None:
            # a past phase's results: why the order there came out as it did
            if not w.explain_at(prov):
                w.show_hint(f"no result in {prov} to explain")
            return
        if w.doc is None or not w.editable or prov is None:
            return
        w.flush()
        if w.gm_mode:
            self.gm_menu(prov, global_pos)
            return
        if self.entry is None:
            self.reset()
        items = self.entry.menu(prov) if self.entry else []
        if not items:
            w.show_hint(f"no orders to give in {prov} for {w.power}")
            return
        menu = QMenu(w)
        self._fill(menu, items, prov)
        self._popup(menu, global_pos)

    def _fill(self, menu: QMenu, items: list[MenuItem], prov: str) -> None:
        used: set[str] = set()
        for it in items:
            label = _mnemonic(it.label, used)
            if it.children:
                sub = menu.addMenu(label)
                self._fill(sub, it.children, prov)
            elif it.clear is not None:
                act = menu.addAction(label)
                act.triggered.connect(lambda _=False, p=it.clear: self.handle(Step("clear", province=p)))
            elif it.setup is not None:
                act = menu.addAction(label)
                act.triggered.connect(lambda _=False, s=it.setup: self.set_up(*s))
            else:
                act = menu.addAction(label)
                unit_prov = None if it.order is None or not it.order.loc else it.order.province
                act.triggered.connect(lambda _=False, o=it.order, p=unit_prov: self._chosen(o, p))

    # -- GM edits ------------------------------------------------------------------------

    def push_edit(self, make) -> None:
        try:
            command = make()
        except EditError as e:
            self.w.show_hint(str(e))
            return
        self.w.push(command)

    def gm_menu(self, prov: str | None, global_pos: QPoint) -> None:
        w = self.w
        if prov is None:
            return
        doc = w.doc
        pos = doc.position
        board = pos.board
        info = board.provinces.get(prov)
        if info is None:
            return
        menu = QMenu(w)
        used: set[str] = set()
        title = menu.addAction(f"{info.name} ({prov})")
        title.setEnabled(False)
        unit = pos.units.get(prov)
        if unit is not None:
            act = menu.addAction(_mnemonic(f"Remove {unit} ({unit.power})", used))
            act.triggered.connect(lambda: self.push_edit(lambda: cmd.RemoveUnitCommand(doc, prov)))
            give = menu.addMenu(_mnemonic("Give to", used))
            sub_used: set[str] = set()
            for p in doc.powers:
                if p != unit.power:
                    a = give.addAction(_mnemonic(p, sub_used))
                    a.triggered.connect(lambda _=False, p=p: self.push_edit(
                        lambda: cmd.ChangeUnitOwnerCommand(doc, prov, p)))
        elif prov in pos.choices:
            from ..document.choices import setup_label, setups

            who = pos.choices[prov][0]
            sub = menu.addMenu(_mnemonic(f"Set up {who}'s choice unit as", used))
            for text in setups(pos, prov):
                a = sub.addAction(setup_label(text))
                a.triggered.connect(lambda _=False, t=text: self.push_edit(
                    lambda: cmd.SetUpChoiceCommand(doc, prov, t)))
            act = menu.addAction(_mnemonic(f"Remove {who}'s choice unit", used))
            act.triggered.connect(lambda: self.push_edit(lambda: cmd.RemoveUnitCommand(doc, prov)))
        elif prov in pos.dislodged:
            d = pos.dislodged[prov].unit
            act = menu.addAction(_mnemonic(f"Remove dislodged {d} ({d.power})", used))
            act.triggered.connect(lambda: self.push_edit(lambda: cmd.RemoveUnitCommand(doc, prov)))
        else:
            for utype, locs in self._placements(prov):
                for loc in locs:
                    what = "army" if utype is UnitType.ARMY else "fleet"
                    coast = loc.partition("/")[2]
                    label = f"Add {what} ({COAST_NAMES.get(coast, coast)})" if coast else f"Add {what}"
                    act = menu.addAction(_mnemonic(f"{label} for {w.power}", used))
                    act.triggered.connect(lambda _=False, t=utype, loc=loc: self.push_edit(
                        lambda: cmd.AddUnitCommand(doc, w.power, t, loc)))
            other = menu.addMenu(_mnemonic("Add for", used))
            for p in doc.powers:
                sub = other.addMenu(p)
                for utype, locs in self._placements(prov):
                    for loc in locs:
                        a = sub.addAction(f"{utype.long_name} {loc}")
                        a.triggered.connect(lambda _=False, p=p, t=utype, loc=loc: self.push_edit(
                            lambda: cmd.AddUnitCommand(doc, p, t, loc)))
        if info.center:
            owner = pos.centers.get(prov)
            sub = menu.addMenu(_mnemonic(f"Centre owner ({owner or 'neutral'})", used, "Centre"))
            sub_used = set()
            for p in (*doc.powers, None):
                a = sub.addAction(_mnemonic(p or "Neutral", sub_used))
                a.setCheckable(True)
                a.setChecked(p == owner)
                a.triggered.connect(lambda _=False, p=p: self.push_edit(
                    lambda: cmd.SetCenterOwnerCommand(doc, prov, p)))
        self._popup(menu, global_pos)

    def _placements(self, prov: str) -> list[tuple[UnitType, tuple[str, ...]]]:
        board = self.w.doc.position.board
        out = []
        if board.can_stand(UnitType.ARMY, prov):
            out.append((UnitType.ARMY, (prov,)))
        locs = tuple(loc for loc in board.provinces[prov].locations if board.can_stand(UnitType.FLEET, loc))
        if locs:
            out.append((UnitType.FLEET, locs))
        return out

    def on_drop(self, from_prov: str, scene_point: QPointF) -> None:
        w = self.w
        if not (w.gm_mode and w.editable):
            return
        unit = w.doc.position.units.get(from_prov)
        if unit is None:
            return
        g = w.view.geometry_
        loc = g.location_at(scene_point.x(), scene_point.y(), unit.type.value)
        if loc is None or province_of(loc) == from_prov:
            return
        self.push_edit(lambda: cmd.MoveUnitCommand(w.doc, from_prov, loc))

