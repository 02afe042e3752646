"""The main window's actions, and every place they are offered: the menu bar, the
toolbar (with the power selector) and the keyboard.

Menus are built in :meth:`WindowActions._make_menus`, the one place to add a menu item.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QToolButton, QWidget

from ..orders_dock import power_icon
from .state import WindowState


class WindowActions(WindowState):
    """Mixed into :class:`~..main_window.MainWindow`: makes its actions, menus and toolbar."""

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
        self.act_ask_unordered = self._action(
            "As&k before adjudicating with units unordered", self.set_ask_unordered, None,
            "Ask first when units have no orders (they would hold); the question's "
            "\"Don't ask again\" turns this off", checkable=True)
        self.act_ask_unordered.setChecked(self.ask_unordered)
        self.act_try = self._action("&Try other orders…", lambda: self.try_other_orders(), "Ctrl+Shift+T",
                                    "A what-if branch from the phase shown: play other orders beside the "
                                    "real game, which stays untouched")
        self.act_back_to_game = self._action("&Back to the real game", self.back_to_game, None,
                                             "Leave the what-if (it is kept) and play the real game")
        self.act_compare = self._action("&Compare what-ifs…", lambda: self.compare_timelines(), None,
                                        "Two timelines side by side on the map, and the results that differ")
        self.act_promote = self._action("&Make this what-if the game…", lambda: self.promote_branch(), None,
                                        "The what-if becomes the real game (undoable; the game's own phases "
                                        "are kept as a branch)")
        self.act_delete_branch = self._action("&Delete this what-if…", lambda: self.delete_branch(), None,
                                              "Throw the what-if away (undoable)")
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
        self.game_menu.addAction(self.act_ask_unordered)
        self.game_menu.addSeparator()
        whatif = self.game_menu.addMenu("&What-if")
        for a in (self.act_try, self.act_back_to_game, self.act_compare, self.act_promote, self.act_delete_branch):
            whatif.addAction(a)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.act_assign)
        self.game_menu.addAction(self.act_players)
        self.game_menu.addSeparator()
        self._add_mail_menu(self.game_menu)
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
        self.power_bar_action = tb.addWidget(self.power_bar)
        # when a button for each power does not fit (ten powers), one box lists them all,
        # so nothing of the toolbar goes behind its » menu
        self.power_combo = QComboBox()
        self.power_combo.setObjectName("power-combo")
        self.power_combo.setToolTip("The power whose orders you enter (Ctrl+PgUp, Ctrl+PgDown)")
        self.power_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.power_combo.activated.connect(lambda i: self.set_power(self.power_combo.itemData(i)))
        self.power_combo_action = tb.addWidget(self.power_combo)
        self.power_combo_action.setVisible(False)
        tb.addSeparator()
        tb.addAction(self.act_adjudicate)
        tb.addAction(self.act_gm)
        tb.addSeparator()
        for a in (self.act_zoom_out, self.act_zoom_in, self.act_fit):
            tb.addAction(a)
        self.toolbar = tb
        self._toolbar_fitter = _OnResize(tb, self._fit_power_bar)

    def _fit_power_bar(self) -> None:
        """A button per power if the toolbar has room for them all, else the power box."""
        tb = self.toolbar
        shown = self.power_combo if self.power_combo_action.isVisible() else self.power_bar
        others = tb.sizeHint().width() - shown.sizeHint().width()
        buttons = others + self.power_bar.sizeHint().width() <= tb.width()
        if buttons != self.power_bar_action.isVisible():
            self.power_bar_action.setVisible(buttons)
            self.power_combo_action.setVisible(not buttons)

    @property
    def power_buttons_shown(self) -> bool:
        return self.power_bar_action.isVisible()

    def _rebuild_powers(self) -> None:
        for a in self.power_actions:
            self.power_group.removeAction(a)
            self.removeAction(a)
        self.power_actions = []
        self.power_menu.clear()
        self.power_combo.clear()
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
            self.power_combo.addItem(a.icon(), p, p)
            a.toggled.connect(lambda on, i=i: on and self.power_combo.setCurrentIndex(i))
        self._fit_power_bar()

    def _help(self) -> None:
        self.prompts.info("Entering orders", HELP_TEXT)


class _OnResize(QObject):
    """Calls back when a widget changes size (the toolbar, to fit its powers)."""

    def __init__(self, widget: QWidget, callback):
        super().__init__(widget)
        self.callback = callback
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize:
            self.callback()
        return False


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
