"""The main window: the map in the middle, docks for orders, history, results and the
inspector, menus, a toolbar with the power selector, and a status bar.

The window holds one :class:`GameDocument` at a time and changes it only by pushing
commands (:meth:`MainWindow.push`). It owns what is *looked at*: the power being edited
and the phase shown (the current one, or a past one, read-only).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QPainter, QUndoGroup
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QToolButton,
    QWidget,
)

from ..document import commands as cmd
from ..document.autosave import Session, discard, find_orphans, load_orphan
from ..document.choices import tentative, with_setups
from ..document.edits import EditError
from ..document.game_document import GameDocument
from ..engine.game import GameFileError
from ..engine.position import Position
from ..engine.rules import blind
from ..geometry.svg_import import MapError
from .dialogs import Prompts
from .history_dock import HistoryDock, ResultsDock, victory_text
from .inspector_dock import InspectorDock
from .interaction import MapController
from .layers import LayeredPainter
from .map_view import MapView
from .orders_dock import OrdersDock, power_icon

AUTOSAVE_MS = 60_000
MAX_RECENT = 10
ORG, APP = "diplodesk", "diplodesk"


class Banner(QFrame):
    """A strip across the top of the map while a past phase is shown."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("banner")
        self.setStyleSheet("#banner { background: rgba(255, 248, 220, 235); border: 1px solid #c8a84a;"
                           " border-radius: 4px; }")
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 4, 6, 4)
        self.label = QLabel()
        self.button = QPushButton("Back to the current phase (Esc)")
        row.addWidget(self.label, 1)
        row.addWidget(self.button)
        self.hide()

    def place(self) -> None:
        p = self.parentWidget()
        if p is not None:
            self.adjustSize()
            w = min(p.width() - 20, max(self.sizeHint().width(), 420))
            self.setGeometry((p.width() - w) // 2, 8, w, self.sizeHint().height())


class MainWindow(QMainWindow):
    document_changed = Signal()
    power_changed = Signal(str)

    def __init__(self, doc: GameDocument | None = None, *, settings: QSettings | None = None,
                 prompts: Any = None, autosave_ms: int = AUTOSAVE_MS, restore_layout: bool = True):
        super().__init__()
        self.setObjectName("main-window")
        self.settings = settings if settings is not None else QSettings(ORG, APP)
        self.prompts = prompts if prompts is not None else Prompts(self)
        self.doc: GameDocument | None = None
        self.power: str | None = None
        self.viewed: int | None = None  # a history index, or None: the current phase
        self.gm_mode = False
        self.as_power = False  # the map as the power being edited knows it
        self.setups: dict[str, str] = {}  # choice units set up by the GM, not yet ordered
        self._past_views: dict = {}  # (history record id, power) -> PhaseView, as the power
        self.layers: LayeredPainter | None = None
        self._variant_for_layers = None
        self.undo_group = QUndoGroup(self)
        self.session = Session()

        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.banner = Banner(self.view)
        self.banner.button.clicked.connect(lambda: self.show_phase(None))
        self.view.installEventFilter(self)

        self.orders_dock = OrdersDock(self)
        self.history_dock = HistoryDock(self)
        self.results_dock = ResultsDock(self)
        self.inspector_dock = InspectorDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.orders_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.results_dock)
        self.tabifyDockWidget(self.history_dock, self.inspector_dock)
        self.history_dock.raise_()
        self._layout_restored = False

        self.controller = MapController(self)
        self._make_actions()
        self._make_menus()
        self._make_toolbar()
        self._make_status_bar()

        self.orders_dock.power_clicked.connect(self.set_power)
        self.orders_dock.commit_requested.connect(self._commit_typed)
        self.orders_dock.paste_requested.connect(self.paste_orders)
        self.orders_dock.clear_requested.connect(self.clear_orders)
        self.history_dock.phase_chosen.connect(self.show_phase)
        self.history_dock.rollback_requested.connect(self.rollback)
        self.view.hovered.connect(self._hovered)
        self.view.zoom_changed.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f}%"))
        self.view.tooltip_for = self.describe_province
        self.inspector_dock.visibilityChanged.connect(lambda _v: self._refresh_inspector())

        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(autosave_ms)
        self.autosave_timer.timeout.connect(self.autosave)
        self.autosave_timer.start()

        self.resize(1440, 920)
        self.set_document(doc if doc is not None else GameDocument.new("standard"))
        if restore_layout:
            self.restore_layout()

    # -- building ------------------------------------------------------------------------

    def _action(self, text: str, slot, shortcut=None, tip: str = "", checkable: bool = False) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list | tuple):
                a.setShortcuts([QKeySequence(s) for s in shortcut])
            else:
                a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(tip)
        a.setCheckable(checkable)
        a.triggered.connect(slot)
        self.addAction(a)
        return a

    def _make_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.act_new = self._action("&New game…", self.new_game, K.New, "Start a new game")
        self.act_open = self._action("&Open…", lambda: self.open_file(), K.Open, "Open a saved game")
        self.act_save = self._action("&Save", self.save, K.Save, "Save the game")
        self.act_save_as = self._action("Save &as…", self.save_as, K.SaveAs, "Save the game under a new name")
        self.act_export = self._action("&Export board…", self.export, "Ctrl+E",
                                       "Export the board shown as PNG, SVG or PDF")
        self.act_print = self._action("&Print…", self.print_board, K.Print, "Print the board shown (with preview)")
        self.act_import_variant = self._action("&Import variant…", lambda: self.import_variant(), None,
                                               "Bring in a jDip variant (a folder or its zip)")
        self.act_packs = self._action("Print pac&ks…", self.print_packs, "Ctrl+Shift+P",
                                      "One PDF per power (its map as it sees it, its report) and the GM's, "
                                      "with a preview")
        self.act_quit = self._action("&Quit", self.close, K.Quit, "Quit diplodesk")
        # typed orders are committed before an undo, so the undo takes back the latest change
        self.act_undo = self._action("&Undo", self.undo, QKeySequence.keyBindings(K.Undo))
        self.act_redo = self._action("&Redo", self.redo, ["Ctrl+Shift+Z", "Ctrl+Y"])
        g = self.undo_group
        g.canUndoChanged.connect(self.act_undo.setEnabled)
        g.canRedoChanged.connect(self.act_redo.setEnabled)
        g.undoTextChanged.connect(lambda t: self.act_undo.setText(f"&Undo {t}".strip()))
        g.redoTextChanged.connect(lambda t: self.act_redo.setText(f"&Redo {t}".strip()))
        self.act_undo.setEnabled(False)
        self.act_redo.setEnabled(False)
        self.act_paste_orders = self._action("&Paste orders…", self.paste_orders, "Ctrl+Shift+V",
                                             "Paste a block of orders from an e-mail")
        self.act_clear_orders = self._action("&Clear this power's orders", self.clear_orders, None)
        self.act_gm = self._action("&GM edit mode", self.set_gm_mode, "Ctrl+G",
                                   "Edit the position by hand: add, remove and move units, set centre owners",
                                   checkable=True)
        self.act_set_phase = self._action("Set &phase…", self.set_phase, None, "Set the phase by hand")
        self.act_adjudicate = self._action("&Adjudicate", self.adjudicate, ["Ctrl+Return", "F5"],
                                           "Adjudicate the current phase and move on")
        self.act_zoom_in = self._action("Zoom &in", self.view.zoom_in, K.ZoomIn)
        self.act_zoom_out = self._action("Zoom &out", self.view.zoom_out, K.ZoomOut)
        self.act_fit = self._action("&Fit to window", self.view.fit, "Ctrl+0")
        self.act_show_orders = self._action("Show &orders on the map", self._toggle_orders, None, checkable=True)
        self.act_show_orders.setChecked(True)
        self.act_show_labels = self._action("Show province &labels", self._toggle_labels, None, checkable=True)
        self.act_show_labels.setChecked(True)
        self.act_as_power = self._action("See the map &as the power being edited", self.set_as_power, "Ctrl+Shift+A",
                                         "Show the map as the power being edited knows it (in a Blind game only "
                                         "what it sees) and enter its orders on that", checkable=True)
        self.act_inspect = self._action("&Inspect power views", self.inspect, "Ctrl+I",
                                        "Open the power inspector: a phase as a power knows it, beside "
                                        "another power or the GM")
        self.act_assign = self._action("&Deal the powers to players…", self.assign_powers, None,
                                       "Woolworth: deal each player a public and a secret power from their "
                                       "preference lists (rule 6), with seeded lots")
        self.act_players = self._action("Players (GM &only)…", self.show_players, None,
                                        "Who plays which power: for the GM's eyes only")
        self.act_next_power = self._action("&Next power", lambda: self._step_power(1), "Ctrl+PgDown")
        self.act_prev_power = self._action("P&revious power", lambda: self._step_power(-1), "Ctrl+PgUp")
        self.power_group = QActionGroup(self)
        self.power_group.setExclusive(True)
        self.power_actions: list[QAction] = []

    def _make_menus(self) -> None:
        mb = self.menuBar()
        m = mb.addMenu("&File")
        for a in (self.act_new, self.act_open):
            m.addAction(a)
        self.recent_menu = m.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        m.addSeparator()
        for a in (self.act_save, self.act_save_as):
            m.addAction(a)
        m.addSeparator()
        for a in (self.act_export, self.act_print, self.act_packs):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.act_import_variant)
        m.addSeparator()
        m.addAction(self.act_quit)
        m = mb.addMenu("&Edit")
        for a in (self.act_undo, self.act_redo):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.act_paste_orders)
        m.addAction(self.act_clear_orders)
        m.addSeparator()
        m.addAction(self.act_gm)
        m.addAction(self.act_set_phase)
        m = mb.addMenu("&View")
        for a in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.act_show_orders)
        m.addAction(self.act_show_labels)
        m.addAction(self.act_as_power)
        m.addAction(self.act_inspect)
        m.addSeparator()
        for d in (self.orders_dock, self.history_dock, self.results_dock, self.inspector_dock):
            m.addAction(d.toggleViewAction())
        self.game_menu = mb.addMenu("&Game")
        self.game_menu.addAction(self.act_adjudicate)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.act_assign)
        self.game_menu.addAction(self.act_players)
        self.game_menu.addSeparator()
        self.power_menu = self.game_menu.addMenu("&Power")
        self.game_menu.addAction(self.act_next_power)
        self.game_menu.addAction(self.act_prev_power)
        self.game_menu.addSeparator()
        keys = self.game_menu.addMenu("Order &keys (on the map)")
        for label, key in (("Hold\tH", "H"), ("Move\tM", "M"), ("Support\tS", "S"), ("Convoy\tC", "C"),
                           ("Move via convoy\tV", "V"), ("Move by railroad\tR", "R"),
                           ("Disband (retreats)\tD", "D"),
                           ("Waive a build\tW", "W"), ("Clear the unit's order\tDel", "Delete"),
                           ("Cancel\tEsc", "Escape")):
            a = keys.addAction(label)
            a.triggered.connect(lambda _=False, k=key: self.controller.on_key(k))
        m = mb.addMenu("&Tools")
        a = m.addAction("&Map editor…")
        a.setToolTip("Edit this game's board, or any variant's, in the map editor")
        a.triggered.connect(self.open_map_editor)
        m = mb.addMenu("&Help")
        a = m.addAction("&How to enter orders")
        a.triggered.connect(self._help)

    def _make_toolbar(self) -> None:
        tb = self.addToolBar("Main")
        tb.setObjectName("main-toolbar")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for a in (self.act_new, self.act_open, self.act_save):
            tb.addAction(a)
        tb.addSeparator()
        # fixed labels here (the Edit menu's say what they undo)
        for text, act in (("Undo", self.act_undo), ("Redo", self.act_redo)):
            b = QToolButton()
            b.setText(text)
            b.setAutoRaise(True)
            b.setToolTip(f"{text} ({act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
            b.clicked.connect(act.trigger)
            act.enabledChanged.connect(b.setEnabled)
            b.setEnabled(act.isEnabled())
            tb.addWidget(b)
        tb.addSeparator()
        tb.addWidget(QLabel(" Power: "))
        self.power_bar = QWidget()
        self.power_bar_layout = QHBoxLayout(self.power_bar)
        self.power_bar_layout.setContentsMargins(0, 0, 0, 0)
        self.power_bar_layout.setSpacing(2)
        tb.addWidget(self.power_bar)
        tb.addSeparator()
        tb.addAction(self.act_adjudicate)
        tb.addAction(self.act_gm)
        tb.addSeparator()
        for a in (self.act_zoom_out, self.act_zoom_in, self.act_fit):
            tb.addAction(a)
        self.toolbar = tb

    def _make_status_bar(self) -> None:
        sb = self.statusBar()
        self.hover_label = QLabel()
        self.phase_label = QLabel()
        self.mode_label = QLabel()
        self.zoom_label = QLabel("100%")
        sb.addWidget(self.hover_label, 1)
        for w in (self.mode_label, self.phase_label, self.zoom_label):
            sb.addPermanentWidget(w)

    def _rebuild_powers(self) -> None:
        for a in self.power_actions:
            self.power_group.removeAction(a)
            self.removeAction(a)
        self.power_actions = []
        self.power_menu.clear()
        while self.power_bar_layout.count():
            item = self.power_bar_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        for i, p in enumerate(self.doc.powers):
            a = QAction(power_icon(self.doc.variant.power(p).color), p, self)
            a.setCheckable(True)
            if i < 9:
                a.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            a.setToolTip(f"Enter orders for {p}" + (f" (Ctrl+{i + 1})" if i < 9 else ""))
            a.triggered.connect(lambda _=False, p=p: self.set_power(p))
            self.power_group.addAction(a)
            self.power_menu.addAction(a)
            self.addAction(a)
            self.power_actions.append(a)
            b = QToolButton()
            b.setDefaultAction(a)
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            b.setAutoRaise(True)
            self.power_bar_layout.addWidget(b)

    # -- the document --------------------------------------------------------------------

    def set_document(self, doc: GameDocument) -> None:
        old = self.doc
        if old is not None:
            for sig in (old.changed, old.orders_changed, old.position_changed, old.history_changed,
                        old.adjudicated, old.path_changed):
                try:
                    sig.disconnect()
                except (RuntimeError, TypeError):
                    pass
            self.undo_group.removeStack(old.undo_stack)
        doc.setParent(self)
        self.doc = doc
        self.undo_group.addStack(doc.undo_stack)
        self.undo_group.setActiveStack(doc.undo_stack)
        doc.changed.connect(self._doc_changed)
        doc.orders_changed.connect(self._orders_changed)
        doc.position_changed.connect(self._position_changed)
        doc.history_changed.connect(self._history_changed)
        doc.adjudicated.connect(self._adjudicated)
        doc.path_changed.connect(self._path_changed)
        if old is not None:
            old.deleteLater()
        self.setups = {}
        self._past_views = {}
        self.inspector_dock.set_document(doc)
        self._load_map()
        self._rebuild_powers()
        self.viewed = None
        keep = self.power if self.power in doc.powers else (doc.powers[0] if doc.powers else None)
        self.power = None
        self.set_power(keep)
        self._history_changed()
        self.show_phase(None)
        self._doc_changed()
        if doc.path is not None:
            self._add_recent(doc.path)
        self.document_changed.emit()

    def _load_map(self) -> None:
        variant = self.doc.variant
        if self._variant_for_layers is variant and self.layers is not None:
            return
        from ..geometry.shapes import load_map_geometry
        from ..render.painter import MapPainter

        try:
            geometry = load_map_geometry(variant)
        except MapError as e:
            self.layers = None
            self._variant_for_layers = None
            self.view.clear_map()
            self.inspector_dock.set_map(None, self.doc.powers)
            self.prompts.error("No map", f"The board of {variant.name} cannot be drawn: {e}.\n\n"
                                         "The game can still be played: type the orders in the orders dock "
                                         "and adjudicate; the map appears once the variant has its map.svg.")
            return
        self.layers = LayeredPainter(MapPainter(variant, geometry))
        self._variant_for_layers = variant
        self.view.set_map(self.layers)
        self.inspector_dock.set_map(self.layers, self.doc.powers)

    @property
    def editable(self) -> bool:
        return self.doc is not None and self.viewed is None and not self.doc.game.winner

    @property
    def as_power_active(self) -> bool:
        """The map shows what the power being edited knows (View > See the map as…)."""
        return self.as_power and self.power is not None

    def entry_position(self) -> Position:
        """The position orders are entered on: all of it, or (as the power, in a Blind
        game) only what the power knows."""
        from ..document.power_view import entry_view

        pos = self.doc.position
        if self.as_power_active:
            pos = entry_view(pos, self.power)
        return pos

    def display_position(self) -> tuple[Position, Any]:
        """What the map shows: the phase looked at, as the GM or as the power being edited
        knows it; choice units as their orders (or the GM's set-ups) make them."""
        if self.viewed is not None:
            pos, results = self.shown_position()
            if self.as_power_active:
                from ..document.power_view import phase_view

                key = (id(self.doc.history[self.viewed]), self.power)
                v = self._past_views.get(key)
                if v is None:
                    if len(self._past_views) > 32:
                        self._past_views.clear()
                    v = self._past_views[key] = phase_view(pos, self.power, True)
                return v.position, v.results
            return pos, results
        pos = self.entry_position()
        if pos.choices:
            pos = tentative(pos)
            mine = {p: s for p, s in self.setups.items() if p in pos.choices}
            if mine:
                pos = with_setups(pos, mine)
        return pos, None

    def show_setup(self, prov: str, setup: str) -> None:
        """The GM set up the choice unit in ``prov`` (its order will say so): show it."""
        self.setups[prov] = setup
        self._show_content()

    def set_as_power(self, on: bool) -> None:
        self.as_power = bool(on)
        self.act_as_power.setChecked(self.as_power)
        self.view.set_options(power=self.power if self.as_power else None)
        self._show_content()
        self.controller.reset()

    def inspect(self) -> None:
        self.inspector_dock.show()
        self.inspector_dock.raise_()
        self.inspector_dock.select_phase(self.viewed)

    def push(self, command) -> bool:
        """Push a command on the document's stack (typed orders are committed first)."""
        if self.doc is None:
            return False
        self.flush()
        self.doc.undo_stack.push(command)
        error = getattr(command, "error", None)
        if error:
            self.prompts.error("Cannot do that", error)
            return False
        return True

    def flush(self) -> None:
        """Commit typed orders now."""
        if self.orders_dock.has_pending():
            self.orders_dock.commit()

    def undo(self) -> None:
        self.flush()
        self.undo_group.undo()

    def redo(self) -> None:
        self.flush()
        self.undo_group.redo()

    def _commit_typed(self, power: str, texts: list[str]) -> None:
        if self.doc is not None and self.editable:
            self.doc.undo_stack.push(cmd.SetOrdersCommand(self.doc, {power: texts}, f"{power}: typed orders"))

    # -- reacting to the document --------------------------------------------------------

    def _doc_changed(self) -> None:
        doc = self.doc
        self.setWindowTitle(f"{doc.title}[*] — diplodesk")
        self.setWindowModified(doc.is_modified)
        ph = doc.position.phase
        self.phase_label.setText(f" {ph.long_name} ({ph}) ")
        over = bool(doc.game.winner)
        self.act_adjudicate.setEnabled(not over)
        secret = doc.has_secret_powers
        self.act_assign.setEnabled(secret and self.editable)
        self.act_players.setEnabled(secret or bool(doc.players))
        self.act_save.setEnabled(True)

    def _orders_changed(self, power: str) -> None:
        self.orders_dock.orders_changed(power)
        if self.viewed is None:
            if self.doc.position.choices:
                # an order may have set up (or given up) a choice unit
                self.setups = {p: s for p, s in self.setups.items()
                               if p in tentative(self.doc.position).choices}
                self.controller.reset()
            self._show_content()

    def _position_changed(self) -> None:
        self.setups = {p: s for p, s in self.setups.items() if p in self.doc.position.choices}
        if self.viewed is None:
            self._show_content()
            self._show_orders()
        self.controller.position_changed()

    def _history_changed(self) -> None:
        doc = self.doc
        self._past_views = {}
        if self.viewed is not None and self.viewed >= len(doc.history):
            self.viewed = None
            self._show_everything()
        self.history_dock.set_phases([r.phase for r in doc.history], str(doc.position.phase), doc.game.winner)
        self.history_dock.select(self.viewed)
        last = doc.history[-1].result if doc.history else None
        if self.viewed is None:
            self.results_dock.show_result(last)
        self.inspector_dock.set_phases(self.viewed)

    def _adjudicated(self, index: int) -> None:
        self.show_phase(index)
        self.autosave()
        if self.doc.game.winner:
            text = self.victory_message()
            self.show_hint(f"Game over: {text}")
            self.prompts.info("Game over", text)

    def victory_message(self) -> str | None:
        """Who won and with how many centres (a player's: public and secret together), for
        the GM; None while the game goes on."""
        doc = self.doc
        if doc is None or not doc.game.winner:
            return None
        last = doc.history[-1].result if doc.history else None
        return victory_text(last) or f"{doc.game.winner} has won"

    def _path_changed(self) -> None:
        if self.doc.path is not None:
            self._add_recent(self.doc.path)

    # -- what is looked at ---------------------------------------------------------------

    def set_power(self, power: str | None) -> None:
        if power is None or self.doc is None or power not in self.doc.powers:
            return
        self.flush()
        changed = power != self.power
        self.power = power
        for a in self.power_actions:
            if a.text() == power:
                a.setChecked(True)
        self._show_orders()
        if self.as_power:
            self.view.set_options(power=power)
            self._show_content()
        self.controller.reset()
        if changed:
            self.power_changed.emit(power)

    def _step_power(self, step: int) -> None:
        powers = self.doc.powers
        i = powers.index(self.power) if self.power in powers else 0
        self.set_power(powers[(i + step) % len(powers)])

    def shown_position(self) -> tuple[Position, Any]:
        """The position on the map and its results (None for the current phase)."""
        if self.viewed is None:
            return self.doc.position, None
        return self.doc.position_at(self.viewed), self.doc.history[self.viewed].result

    def show_phase(self, index: int | None) -> None:
        """Look at processed phase ``index`` (read-only), or at the current phase (None)."""
        if self.doc is None:
            return
        self.flush()
        if index is not None and not 0 <= index < len(self.doc.history):
            index = None
        self.viewed = index
        self._show_everything()

    def _show_everything(self) -> None:
        self.inspector_dock.select_phase(self.viewed, refresh=False)  # _show_content draws it
        self._show_content()
        self._show_orders()
        self.history_dock.select(self.viewed)
        if self.viewed is None:
            self.results_dock.show_result(self.doc.history[-1].result if self.doc.history else None)
            self.banner.hide()
        else:
            rec = self.doc.history[self.viewed]
            self.results_dock.show_result(rec.result)
            nxt = self.doc.position.phase
            self.banner.label.setText(f"<b>{rec.position['phase']}</b> — results, read-only. "
                                      f"Current: {nxt.long_name}")
            self.banner.button.setText(f"Go to {nxt.long_name} (Esc)")
            self.banner.show()
            self.banner.place()
            self.banner.raise_()
        self.act_gm.setEnabled(self.editable)
        self.controller.reset()

    def _show_content(self) -> None:
        if self.doc is None:
            return
        if self.layers is not None:
            pos, results = self.display_position()
            self.view.set_content(pos, results)
        self._refresh_inspector()

    def _refresh_inspector(self) -> None:
        if self.doc is None or not self.inspector_dock.isVisible():
            return
        self.inspector_dock.refresh()

    def _show_orders(self) -> None:
        if self.doc is None or self.power is None:
            return
        pos, _ = self.shown_position()
        self.orders_dock.show_orders(self.doc, self.power, pos, read_only=not self.editable)

    def show_hint(self, text: str) -> None:
        self.mode_label.setText(" GM edit " if self.gm_mode else "")
        self.statusBar().showMessage(text)

    def describe_province(self, prov: str | None) -> str:
        """Name, owner and unit of a province (status bar and tooltip)."""
        if prov is None or self.doc is None:
            return ""
        pos, _ = self.display_position()
        info = pos.board.provinces.get(prov)
        if info is None:
            return prov
        parts = [f"{info.name} ({prov})"]
        if self.as_power_active and self.viewed is None and blind.active(self.doc.position):
            full = self.doc.position
            if prov not in blind.sight(full, self.power, blind.holding_units(full, self.power)):
                # the power does not see it: nothing but the board's own facts
                home = f", home of {info.home}" if info.home and info.center else ""
                return " — ".join([parts[0] + (f" (centre{home})" if info.center else ""),
                                   f"not seen by {self.power}"])
        if info.center:
            owner = pos.centers.get(prov)
            home = f", home of {info.home}" if info.home else ""
            parts.append(f"centre of {owner}" if owner else f"neutral centre{home}")
            if owner and info.home and info.home != owner:
                parts[-1] += f" (home of {info.home})"
        u = pos.units.get(prov)
        if u is not None:
            parts.append(f"{u.type.long_name} {u.loc} ({u.power})")
        if prov in pos.choices:
            who = pos.choices[prov][0]
            parts.append(f"choice unit ({who}): army or fleet, set up by its first order")
        if prov in pos.dislodged:
            d = pos.dislodged[prov].unit
            parts.append(f"dislodged {d.type.long_name.lower()} ({d.power})")
        if self.viewed is None and u is not None:
            t = self.doc.order_for(u.power, prov)
            if t:
                parts.append(f"order: {t}")
        return " — ".join(parts)

    def _hovered(self, prov: str | None) -> None:
        self.hover_label.setText(self.describe_province(prov))

    def eventFilter(self, obj, event) -> bool:
        if obj is self.view and event.type() == event.Type.Resize and self.banner.isVisible():
            self.banner.place()
        return super().eventFilter(obj, event)

    def _toggle_orders(self, on: bool) -> None:
        self.view.set_options(show_orders=on)

    def _toggle_labels(self, on: bool) -> None:
        self.view.set_options(show_labels=on)

    # -- playing -------------------------------------------------------------------------

    def adjudicate(self) -> None:
        if self.doc is None:
            return
        self.flush()
        if self.doc.game.winner:
            self.prompts.info("Game over", f"{self.victory_message()}; there is nothing to adjudicate.")
            return
        self.push(cmd.AdjudicateCommand(self.doc))

    def rollback(self, index: int) -> None:
        if self.doc is None or not 0 <= index < len(self.doc.history):
            return
        self.flush()
        self.push(cmd.RollbackCommand(self.doc, index))
        self.show_phase(None)

    def set_gm_mode(self, on: bool) -> None:
        if on and not self.editable:
            on = False
        self.gm_mode = bool(on)
        self.act_gm.setChecked(self.gm_mode)
        self.controller.reset()
        self.show_hint("GM edit mode: click a province to edit it; drag a unit to move it" if on
                       else (self.controller.entry.hint() if self.controller.entry else ""))

    def set_phase(self) -> None:
        if not self.editable:
            return
        text = self.prompts.phase(str(self.doc.position.phase))
        if not text:
            return
        try:
            c = cmd.SetPhaseCommand(self.doc, text)
        except EditError as e:
            self.prompts.error("Cannot set the phase", str(e))
            return
        self.push(c)

    def paste_orders(self) -> None:
        if not self.editable:
            return
        self.flush()
        orders = self.prompts.paste_orders(self.doc, self.power)
        if orders:
            self.push(cmd.SetOrdersCommand(self.doc, orders, f"Paste orders of {', '.join(orders)}"))

    def clear_orders(self) -> None:
        if not self.editable or not self.doc.orders(self.power):
            return
        self.flush()
        self.push(cmd.SetOrdersCommand(self.doc, {self.power: []}, f"Clear {self.power}'s orders"))

    # -- files ---------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Ask to save unsaved changes; False when the user cancels."""
        self.flush()
        if self.doc is None or not self.doc.is_modified:
            return True
        answer = self.prompts.ask_save_changes(self.doc.title)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def import_variant(self, path: str | None = None) -> None:
        from .variant_import import import_variant

        import_variant(self, self.prompts, path)

    def new_game(self) -> None:
        if not self.maybe_save():
            return
        choice = self.prompts.new_game()
        if not choice:
            return
        variant, rules = choice
        try:
            doc = GameDocument.new(variant, rules)
        except ValueError as e:
            self.prompts.error("Cannot start the game", str(e))
            return
        self.set_document(doc)

    def open_file(self, path: str | os.PathLike | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            start = str(self.doc.path.parent) if self.doc and self.doc.path else ""
            path = self.prompts.open_path(start)
            if not path:
                return False
        try:
            doc = GameDocument.open(path)
        except GameFileError as e:
            self.prompts.error("Cannot open the game", str(e))
            return False
        self.set_document(doc)
        self.session.clear()
        return True

    def save(self) -> bool:
        if self.doc is None:
            return False
        if self.doc.path is None:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        suggested = str(self.doc.path) if self.doc.path else str(Path.home() / "game.json")
        path = self.prompts.save_path(suggested)
        if not path:
            return False
        return self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        self.flush()
        try:
            self.doc.save(path)
        except OSError as e:
            self.prompts.error("Cannot save", f"{path}: {e.strerror or e}")
            return False
        self.session.clear()
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def autosave(self) -> None:
        """Keep a copy of unsaved work in the user data folder (and drop it once saved)."""
        if self.doc is None:
            return
        self.flush()
        try:
            if self.doc.is_modified:
                self.session.write(self.doc.game, self.doc.path, self.doc.title)
            else:
                self.session.clear()
        except OSError as e:
            self.statusBar().showMessage(f"Autosave failed: {e.strerror or e}", 6000)

    def offer_recovery(self) -> bool:
        """After a crash: offer the games the last session left unsaved. True if one was opened."""
        for orphan in find_orphans():
            if orphan.file == self.session.file:
                continue
            answer = self.prompts.ask_recover(orphan)
            if answer == "later":
                continue
            if answer == "discard":
                discard(orphan)
                continue
            try:
                game = load_orphan(orphan)
            except GameFileError as e:
                self.prompts.error("Cannot recover", str(e))
                continue
            doc = GameDocument(game, orphan.original)
            doc.mark_modified()
            self.set_document(doc)
            discard(orphan)
            self.autosave()
            return True
        return False

    def recent_files(self) -> list[str]:
        v = self.settings.value("recent", [])
        if isinstance(v, str):
            v = [v]
        return [str(x) for x in (v or [])]

    def _add_recent(self, path: Path) -> None:
        p = str(Path(path).resolve())
        items = [x for x in self.recent_files() if x != p]
        self.settings.setValue("recent", [p, *items][:MAX_RECENT])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        if not files:
            a = self.recent_menu.addAction("(none)")
            a.setEnabled(False)
            return
        for i, f in enumerate(files):
            a = self.recent_menu.addAction(f"&{i + 1} {Path(f).name}" if i < 9 else Path(f).name)
            a.setToolTip(f)
            a.triggered.connect(lambda _=False, f=f: self.open_file(f))

    # -- export and print ----------------------------------------------------------------

    def export(self) -> None:
        if self.doc is None:
            return
        pos, _ = self.shown_position()
        base = self.doc.path.with_suffix("") if self.doc.path else Path.home() / "board"
        path = self.prompts.export_path(f"{base}-{pos.phase}.png")
        if path:
            self.export_to(path)

    def export_to(self, path: str | os.PathLike, width: int = 2000) -> bool:
        from ..render.export import RenderError, render_file

        pos, results = self.shown_position()
        geometry = self.layers.geometry if self.layers else None
        # as the power being edited: drawn from what it may know (in a Blind game only that)
        power = self.power if self.as_power_active else None
        try:
            render_file(pos.to_json(), Path(path), power=power, width=width,
                        results=results, geometry=geometry)
        except (RenderError, OSError, ValueError) as e:
            self.prompts.error("Cannot export", str(e))
            return False
        self.statusBar().showMessage(f"Exported {path}", 4000)
        return True

    def paint_page(self, printer) -> None:
        """Draw the board shown on a printer's page (print and print preview)."""
        from ..render.painter import RenderOptions

        if self.layers is None:
            return
        pos, results = self.display_position()
        painter = QPainter()
        if not painter.begin(printer):
            return
        try:
            page = printer.pageLayout().paintRectPixels(printer.resolution())
            from PySide6.QtCore import QRectF

            target = QRectF(0, 0, page.width(), page.height())
            opts = RenderOptions(power=self.power if self.as_power_active else None)
            if self.as_power_active and blind.active(pos):
                opts.show_counts = False
            painter.setTransform(self.layers.mp.fit_transform(target, opts))
            self.layers.paint_page(painter, pos, results, opts)
        finally:
            painter.end()

    def print_board(self) -> None:
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dlg = QPrintPreviewDialog(printer, self)
        dlg.setWindowTitle("Print the board")
        dlg.paintRequested.connect(self.paint_page)
        dlg.exec()

    def print_packs(self) -> None:
        """File > Print packs…: a PDF per power and the GM's, with a preview."""
        if self.doc is None:
            return
        self.flush()
        self.prompts.print_packs(self.doc, self.viewed)

    # -- players (Woolworth) -------------------------------------------------------------

    def assign_powers(self) -> None:
        if self.doc is None or not self.editable:
            return
        self.flush()
        answer = self.prompts.assign_powers(self.doc)
        if not answer:
            return
        deal, seed, preferences = answer
        try:
            command = cmd.SetPlayersCommand(self.doc, deal, seed, preferences)
        except EditError as e:
            self.prompts.error("Cannot deal the powers", str(e))
            return
        self.push(command)
        self.orders_dock.refresh_table()

    def show_players(self) -> None:
        if self.doc is None:
            return
        self.prompts.info("Players (GM only)", players_text(self.doc))

    # -- layout and closing --------------------------------------------------------------

    def restore_layout(self) -> None:
        g = self.settings.value("window/geometry")
        s = self.settings.value("window/state")
        if isinstance(g, QByteArray | bytes):
            self.restoreGeometry(QByteArray(g))
        if isinstance(s, QByteArray | bytes):
            self._layout_restored = self.restoreState(QByteArray(s))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._layout_restored:
            # the first start: the map gets the room, the docks what they need
            self._layout_restored = True
            self.resizeDocks([self.orders_dock, self.history_dock], [290, 250], Qt.Orientation.Horizontal)
            self.resizeDocks([self.results_dock], [150], Qt.Orientation.Vertical)
        self.view.setFocus()  # order keys work at once

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def open_map_editor(self) -> None:
        """Open the map editor on this game's variant (a separate window)."""
        from .editor import open_map_editor

        ref = self.doc.position.variant_ref or self.doc.position.variant.id
        editor = open_map_editor(self, ref)
        if editor is not None:
            self.editors = [*self._open_editors(), editor]

    def _open_editors(self) -> list:
        """Editor windows still open (a closed one may already be deleted by Qt)."""
        import shiboken6

        return [e for e in getattr(self, "editors", []) if shiboken6.isValid(e) and e.isVisible()]

    def closeEvent(self, event: QCloseEvent) -> None:
        # open map editors close first, each asking about its own unsaved changes
        for editor in self._open_editors():
            if not editor.close():
                event.ignore()
                return
        if not self.maybe_save():
            event.ignore()
            return
        self.save_layout()
        self.autosave_timer.stop()
        self.session.close()
        event.accept()

    def _help(self) -> None:
        self.prompts.info("Entering orders", HELP_TEXT)


def players_text(doc: GameDocument) -> str:
    """Who plays which power, their centres together: the GM's eyes only."""
    players = doc.players
    if not players:
        return ("No powers dealt yet. Game > Deal the powers to players… deals each player a public "
                "and a secret power from their preference lists.")
    counts: dict[str, int] = {}
    for owner in doc.position.centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    lines = []
    for player, pw in sorted(players.items()):
        pub, sec = pw.get("public", "—"), pw.get("secret", "—")
        total = counts.get(pub, 0) + counts.get(sec, 0)
        lines.append(f"{player}: public {pub}, secret {sec} — {total} centres together")
    seed = doc.assignment.get("seed")
    if seed is not None:
        lines.append(f"\nDealt with seed {seed}.")
    lines.append("\nNever shown to players: no report, map or pack names the owner of a secret power.")
    return "\n".join(lines)


HELP_TEXT = """Pick the power (toolbar, or Ctrl+1…Ctrl+7). On the map:

• Click one of its units, then a lit province to move there, or the unit again to hold.
• Keys while a unit is selected: H hold, M move, S support, C convoy, V move via convoy,
  R move by railroad (Colonial), Del clear its order, Esc cancel. Right-click a unit for
  a menu of all its orders.
• A "?" unit (Woolworth) is a choice unit: a click asks army or fleet (and the coast);
  its order then says so, and adjudication reveals it.
• Support or convoy: press S (or C), click the unit supported (or the army), then where it
  goes; click the supported unit itself for a support to hold.
• Retreats: click the dislodged unit, then where it goes; click it again or press D to disband.
• Adjustments: click a lit home centre to build, a unit to remove; W waives a build.

Orders can also be typed in the orders dock, or pasted from an e-mail (Ctrl+Shift+V).
Adjudicate with Ctrl+Return. Pan by dragging or with the arrow keys, zoom with the wheel
or +/-, 0 fits the map to the window. Ctrl+G switches to GM edit mode."""

