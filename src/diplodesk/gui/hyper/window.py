"""The GM desk for a Hypereconomic game: the map with its stacks and order arrows, the Orders
dock (the searchable list of every nation and bank over the sheet shown), the economy
inspector, the results (with the gazette), the ledger and the GM's panels below, and the
season's adjudication, which a blocking question stops. Its parts that are not widgets live
beside it: desk_files (save, autosave, close), desk_season, desk_paste, desk_print,
desk_history (a season played, read only), desk_layout (the layout for the screen, kept per
game), clicks and unit_menu (orders by clicking, as on the standard board).

The window holds one :class:`HyperGameDocument` and changes it only by pushing commands
(:meth:`HyperDeskWindow.push`). Panels other branches build (the table editor, decisions,
dice log, players) are attached with :meth:`HyperDeskWindow.add_panel`; the window gives
them the document with their ``set_document`` if they have one, and refreshes them with
``refresh`` after every change of the position.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QVBoxLayout, QWidget

from ...document.autosave import Session
from ...document.hyper_commands import SetHyperOrdersCommand
from ...document.hyper_game import HyperGameDocument
from ...render.export import RenderError
from ...render.hyper_map import painter_for
from ..dialogs import BasicPrompts, Prompts
from ..document_actions import push_command
from ..map_view import Highlights
from . import desk_history, desk_layout, desk_paste, desk_print, desk_season, unit_menu
from .banner import HistoryBanner, QuestionBanner
from .clicks import ClickOrders, scene_point
from .desk_files import DeskFiles
from .desk_mail import orders_from_mail, send_results
from .inspector_dock import EconomyInspectorDock
from .layers import HyperLayers, HyperMapView
from .ledger_dock import LedgerDock
from .orders_dock import OrdersDock
from .pasted_dock import PastedLinesDock
from .results_dock import HyperResultsDock

AUTOSAVE_MS = 60_000
ADJUDICATE_KEYS = ("Ctrl+Return", "Ctrl+Enter", "F5")  # as the main window, and the keypad Enter


def own_prompts(prompts: Any, window: QWidget) -> Any:
    """The desk's own dialogs, parented to it: a dialog of the window that opened the desk
    would raise that window over the desk, and leave the desk buried after OK. Stand-in
    prompts (tests) are kept as they are."""
    if prompts is None or isinstance(prompts, BasicPrompts):
        return Prompts(window)
    return prompts


class HyperDeskWindow(DeskFiles, QMainWindow):
    """The desk: one Hypereconomic game."""

    def __init__(self, doc: HyperGameDocument, *, prompts: Any = None, autosave_ms: int = AUTOSAVE_MS,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("hyper-desk")
        self.prompts = own_prompts(prompts, self)
        self.settings = QSettings()  # the app's (the "Don't ask again" of refused lines)
        self.doc = doc
        doc.setParent(self)
        self.session = Session()
        self.panels: list[QWidget] = []
        self._others_due = False
        self.view = HyperMapView(self)
        self.banner = QuestionBanner(self)
        self.banner.answer.clicked.connect(self.show_questions)
        self.history_banner = HistoryBanner(self)
        self.history_banner.back.clicked.connect(lambda: self.results.show_season(len(self.doc.history) - 1))
        self.viewing: int | None = None  # a season played whose map is shown, read only
        centre = QWidget(self)
        column = QVBoxLayout(centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.banner)
        column.addWidget(self.history_banner)
        column.addWidget(self.view, 1)
        self.setCentralWidget(centre)
        self.layers: HyperLayers | None = None
        self.region: str | None = None  # the regional sheet last framed (None: the whole board)
        self.clicks = ClickOrders(doc)
        self._make_docks()
        self._make_actions()
        self.phase_label = QLabel()
        self.statusBar().addPermanentWidget(self.phase_label)
        self._load_map()
        self.view.clicked.connect(self._clicked)
        self.view.key_command.connect(self._key)
        self.view.context_menu_requested.connect(lambda prov, pos: unit_menu.open_menu(self, prov, pos))
        self.menu = None  # the last right-click menu
        doc.changed.connect(self._doc_changed)
        doc.orders_changed.connect(self._orders_changed)
        doc.position_changed.connect(self._position_changed)
        doc.history_changed.connect(self.ledger.refresh)
        doc.history_changed.connect(self.results.refresh)
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(autosave_ms)
        self.autosave_timer.timeout.connect(self.autosave)
        self.autosave_timer.start()
        self.resize(1440, 920)
        self._position_changed()
        self._doc_changed()

    # -- parts ---------------------------------------------------------------------------

    def _make_docks(self) -> None:
        self.orders = OrdersDock(self.doc, self)
        self.orders.committed.connect(self._typed)
        self.orders.paste_requested.connect(self.paste_from_clipboard)
        self.orders.shown.connect(self._sheet_shown)
        self.sheets = self.orders.sheets
        self.picker = self.orders.picker
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.orders)
        self.ledger = LedgerDock(self)
        self.ledger.set_document(self.doc)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.ledger)
        self.results = HyperResultsDock(self)
        self.results.set_document(self.doc)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.results)
        self.tabifyDockWidget(self.ledger, self.results)
        self.results.row_picked.connect(self._result_picked)
        self.results.season_picked.connect(lambda i: desk_history.view_season(self, i))
        self.pasted = PastedLinesDock(self.doc, self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.pasted)
        self.tabifyDockWidget(self.ledger, self.pasted)
        self.pasted.put.connect(lambda giver, lines: desk_paste.put_lines(self, giver, lines))
        self.inspector = EconomyInspectorDock(self)
        self.inspector.set_document(self.doc)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector)
        self.splitDockWidget(self.orders, self.inspector, Qt.Orientation.Vertical)
        desk_layout.default_layout(self, 1440, 920)  # the map keeps the middle of the window
        first = self._first_sheet()
        if first is not None:
            self.orders.show_sheet(first)

    def _first_sheet(self) -> str | None:
        """The sheet shown at the start: the first player's home nation, else the first giver."""
        pos = self.doc.position
        for pid in pos.player_ids():
            home = sorted(n for n, st in pos.nations.items() if pid in st.controllers and st.kind == "home")
            if home:
                return home[0]
        return next(iter(self.doc.givers), None)

    def _action(self, text: str, slot, keys: tuple[str, ...] = (), name: str = "") -> QAction:
        a = QAction(text, self)
        if keys:
            a.setShortcuts([QKeySequence(k) for k in keys])
        a.triggered.connect(slot)
        if name:
            a.setObjectName(name)
        self.addAction(a)
        return a

    def _make_actions(self) -> None:
        self.act_open = self._action("&Open…", self.open_other, ("Ctrl+O",))
        self.act_save = self._action("&Save", self.save, ("Ctrl+S",), "act-save")
        self.act_save_as = self._action("Save &As…", self.save_as, ("Ctrl+Shift+S",))
        self.act_close = self._action("&Close", self.close, ("Ctrl+W",))
        stack = self.doc.undo_stack
        # typed orders are committed before an undo, so that the undo never drops them
        self.act_undo = self._action("&Undo", lambda: self._step(stack.undo))
        self.act_undo.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        self.act_redo = self._action("&Redo", lambda: self._step(stack.redo))
        self.act_redo.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Redo))
        stack.canUndoChanged.connect(self.act_undo.setEnabled)
        stack.canRedoChanged.connect(self.act_redo.setEnabled)
        self.act_undo.setEnabled(stack.canUndo())
        self.act_redo.setEnabled(stack.canRedo())
        self.act_adjudicate = self._action("&Adjudicate the season", self.adjudicate, ADJUDICATE_KEYS,
                                           "act-adjudicate")
        self.act_paste = self._action("&Paste e-mail of orders", lambda: self.paste_from_clipboard(None),
                                      ("Ctrl+Shift+V",))
        self.act_fit = self._action("&Fit the map (the whole board)", self.show_whole, ("Ctrl+0",))
        self.act_packs = self._action("&Print packs…", self.print_packs, ("Ctrl+P",), "act-print-packs")
        self.act_export = self._action("&Export the map…", self.export_map, ("Ctrl+E",), "act-export")
        m = self.menuBar()
        files = m.addMenu("&File")
        for a in (self.act_open, self.act_save, self.act_save_as):
            files.addAction(a)
        files.addSeparator()
        files.addAction(self.act_packs)
        files.addAction(self.act_export)
        files.addSeparator()
        files.addAction(self.act_close)
        edit = m.addMenu("&Edit")
        for a in (self.act_undo, self.act_redo, self.act_paste):
            edit.addAction(a)
        game = m.addMenu("&Game")
        game.addAction(self.act_adjudicate)
        self.act_ask_refused = self._action("As&k before adjudicating with refused lines",
                                            lambda on: desk_season.set_ask_refused(self, on), name="act-ask-refused")
        self.act_ask_refused.setCheckable(True)
        self.act_ask_refused.setChecked(desk_season.asks_refused(self))
        game.addAction(self.act_ask_refused)
        game.addAction(self._action("Orders from &mail…", lambda: orders_from_mail(self), name="act-mail-in"))
        game.addAction(self._action("Send &results…", lambda: send_results(self), name="act-mail-out"))
        self.view_menu = m.addMenu("&View")
        self.view_menu.addAction(self.act_fit)
        for d in (self.inspector, self.ledger, self.results, self.pasted):
            self.view_menu.addAction(d.toggleViewAction())
        regions = self.doc.variant.sheets
        if regions:  # a world board's regional sheets, as views of the one map
            region_menu = self.view_menu.addMenu("&Region")
            for k, (rid, sheet) in enumerate(regions.items(), 1):
                keys = (f"Ctrl+{k}",) if k <= 9 else ()
                region_menu.addAction(self._action(f"&{sheet.name}", lambda _=False, r=rid: self.show_region(r),
                                                   keys, f"region-{rid}"))
        self.view_menu.addAction(self.orders.toggleViewAction())
        self.view_menu.addAction(self._action("&Go to a sheet…", self._pick_sheet, ("Ctrl+G",)))

    def show_start(self) -> None:
        """Frame the region the desk opens on (the whole board on a board without sheets)."""
        region = desk_layout.start_region(self)
        if region is None:
            self.show_whole()
        else:
            self.show_region(region)

    def show_whole(self) -> None:
        self.region = None
        self.view.fit()

    def show_region(self, rid: str) -> None:
        """Frame one regional sheet of the map (View › Region)."""
        x0, y0, x1, y1 = self.doc.variant.sheets[rid].box
        self.region = rid
        self.view.frame(QRectF(x0, y0, x1 - x0, y1 - y0))

    def print_packs(self, run: bool = True):
        """File › Print packs… (desk_print.py); returns the dialog (tests)."""
        return desk_print.print_packs(self, run)

    def export_map(self, path: str | None = None) -> bool:
        return desk_print.export_map(self, path)

    def _pick_sheet(self) -> None:
        self.orders.show()
        self.orders.raise_()
        self.picker.focus_filter()

    def show_sheet(self, giver: str, focus: bool = True):
        """Bring a nation's (or bank's) sheet forward, with the cursor in it; returns it."""
        self.orders.show()
        self.orders.raise_()
        sheet = self.orders.show_sheet(giver)
        if sheet is not None and focus:
            sheet.editor.setFocus()
        return sheet

    def _sheet_shown(self, giver: str) -> None:
        self.results.set_focus(giver)

    def add_panel(self, widget: QWidget, title: str,
                  area: Qt.DockWidgetArea = Qt.DockWidgetArea.BottomDockWidgetArea) -> QDockWidget:
        """Attach a panel (the table editor, decisions, dice log, players) as a dock."""
        dock = widget if isinstance(widget, QDockWidget) else QDockWidget(title, self)
        if dock is not widget:
            dock.setWidget(widget)
        dock.setObjectName(dock.objectName() or f"panel-{title.lower().replace(' ', '-')}")
        self.addDockWidget(area, dock)
        if area == Qt.DockWidgetArea.BottomDockWidgetArea:
            self.tabifyDockWidget(self.ledger, dock)
        self.ledger.raise_()
        setter = getattr(widget, "set_document", None)
        if callable(setter):
            setter(self.doc)
        self.panels.append(widget)
        self.view_menu.addAction(dock.toggleViewAction())
        return dock

    def _load_map(self) -> None:
        try:
            hp = painter_for(self.doc.position)
        except RenderError as e:
            self.layers = None
            self.view.clear_map()
            self.statusBar().showMessage(f"No map: {e}. Type the orders in the sheets and adjudicate.")
            return
        self.layers = HyperLayers(hp)
        self.view.set_map(self.layers)

    # -- changes -------------------------------------------------------------------------

    def push(self, command) -> bool:
        return push_command(self, command)

    def flush(self) -> None:
        for sheet in self.sheets.made():
            if sheet.has_pending():
                sheet.commit()

    def _typed(self, giver: str, orders: list[str]) -> None:
        self.doc.undo_stack.push(SetHyperOrdersCommand(self.doc, {giver: orders}, f"{self.doc.name_of(giver)}: typed orders"))

    def _step(self, step) -> None:
        self.flush()
        step()
        self.clicks.reset()
        self._show_selection(None)

    def adjudicate(self) -> bool:
        """Play the season (Ctrl+Enter); stops at an open blocking question (desk_season.py)."""
        return desk_season.adjudicate(self)

    def show_questions(self) -> None:
        desk_season.show_questions(self)

    def paste_orders(self, text: str, default: str | None = None) -> dict[str, list[str]]:
        """The orders of a pasted e-mail onto the sheets of the nations it names (one command);
        the lines that are no orders listed in the Not orders dock."""
        return desk_paste.paste_orders(self, text, default)

    def paste_from_clipboard(self, giver: str | None) -> None:
        from PySide6.QtWidgets import QApplication

        self.paste_orders(QApplication.clipboard().text(), giver)

    def _doc_changed(self) -> None:
        self.banner.show_for(self.doc)
        self.setWindowTitle(f"{self.doc.title}[*] — {self.doc.variant.name} — diplodesk")
        self.setWindowModified(self.doc.is_modified)
        self.phase_label.setText(f" {self.doc.position.phase} ")
        self.act_adjudicate.setEnabled(not self.doc.game.winner)

    def _orders_changed(self, giver: str) -> None:
        sheet = self.sheets.get_made(giver)
        if sheet is not None:
            sheet.reload()
        self.picker.update_counts(giver)
        if not self._others_due:  # the others' checks may follow (stacks, alliances): once
            self._others_due = True
            QTimer.singleShot(0, self._recheck_others)

    def _recheck_others(self) -> None:
        self._others_due = False
        self._update_refused()
        for sheet in self.sheets.made():
            if not sheet.has_pending():
                sheet.recheck_soon()
        self.inspector.refresh()

    def _update_refused(self) -> None:
        """The order arrows of the lines the engine refuses are drawn as refused."""
        if self.layers is not None:
            checks = self.doc.preview().checks
            self.layers.hp.refused = frozenset((n, c.number - 1) for n, cs in checks.items() for c in cs if not c.ok)
            self.view.set_content(desk_history.content(self))
            self.view._cache.top = None

    def _position_changed(self) -> None:
        self._update_refused()
        self.picker.refresh()
        self.view.set_content(desk_history.content(self))
        self.inspector.refresh()
        for p in self.panels:
            refresh = getattr(p, "refresh", None)
            if callable(refresh):
                refresh()

    # -- the map -------------------------------------------------------------------------

    def _clicked(self, prov, _mods, global_pos) -> None:
        self.flush()
        placed = self.view.unit_at(scene_point(self.view, global_pos))
        self.click(prov, placed)

    def click(self, prov: str | None, placed=None):
        """A click on the map (tests call this with the glyph they click)."""
        if prov is not None:
            self.inspector.show_province(prov)
        if self.viewing is not None:  # a season played: read only
            self.statusBar().showMessage("This map is a season played, read only: back to the season being "
                                         "ordered to give orders", 6000)
            return None
        result = self.clicks.click(prov, placed)
        if result.orders is not None and result.giver is not None:
            self.push(SetHyperOrdersCommand(self.doc, {result.giver: result.orders}, result.message))
            self.show_sheet(result.giver, focus=False)
        elif self.clicks.unit is not None and self.clicks.unit.power in self.sheets:
            self.show_sheet(self.clicks.unit.power, focus=False)
        self._show_selection(result.targets)
        if result.message:
            self.statusBar().showMessage(result.message, 8000)
        return result

    def _result_picked(self, giver: str, province: str) -> None:
        """A row of the results picked: the inspector shows where its unit stood."""
        if province:
            self.inspector.show_province(province)

    def _show_selection(self, targets) -> None:
        if self.layers is not None:
            self.layers.selected = self.clicks.selected_key
        self.view.set_highlights(Highlights(targets=frozenset(targets or ())))
        self.view.set_content(desk_history.content(self))
        self.view._cache.top = None  # the ring moved: compose the top layer again

    def open_other(self) -> None:
        """File › Open: another game, in a desk or in a main window as it needs."""
        path = self.prompts.open_path(str(self.doc.path.parent) if self.doc.path else "")
        if path:
            open_game_file(path, self.prompts)

    def _key(self, key: str) -> None:
        if key == "Escape":
            self.clicks.reset()
            self._show_selection(None)
        elif key == "H" and self.clicks.unit is not None:
            u = self.clicks.unit
            self.click(u.province)
        elif key in ("S", "D"):
            self.press(key)

    def press(self, key: str):
        """S (support) or D (double move) with a unit picked, as on the standard board."""
        result = self.clicks.key(key)
        if result is not None:
            self._show_selection(result.targets)
            self.statusBar().showMessage(result.message, 8000)
        return result

    def refresh_selection(self) -> None:
        self._show_selection(None)

_open: list[HyperDeskWindow] = []


def open_desk(doc: HyperGameDocument, prompts: Any = None, show: bool = True) -> HyperDeskWindow:
    """A desk window on ``doc``, kept while it is open."""
    from .gm_panels import attach_gm_panels

    win = HyperDeskWindow(doc, prompts=prompts)
    attach_gm_panels(win)
    _open.append(win)
    win.destroyed.connect(lambda *_: _open.remove(win) if win in _open else None)
    if not desk_layout.restore(win):
        desk_layout.default_layout(win, win.width(), win.height())
    if show:
        show_maximised(win)
    return win


def show_maximised(win: HyperDeskWindow) -> None:
    """The desk as it opens: maximised to the screen's available size, its docks laid out for
    that size (unless the game kept its own), on the region to start from."""
    from PySide6.QtGui import QGuiApplication

    screen = win.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        win.setGeometry(screen.availableGeometry())
    win.showMaximized()
    win.raise_()
    win.activateWindow()

    def settled() -> None:  # once the window has its size: the docks for it, then the region
        if not desk_layout.remembered(win):
            desk_layout.default_layout(win, win.width(), win.height())
        win.show_start()

    QTimer.singleShot(0, settled)


def open_windows() -> list[HyperDeskWindow]:
    return list(_open)


def open_game_file(path, prompts: Any = None, show: bool = True):
    """A game file in the window it needs: a desk for a Hypereconomic game, a main window
    (through the app's game window factory) for the others. Returns the window, or None."""
    from ...document.game_document import GameDocument, OtherEngineGame
    from ...engine.game import GameFileError
    from ..game_windows import game_window_factory

    try:
        doc = GameDocument.open(path)
    except OtherEngineGame as e:
        return open_desk(HyperGameDocument(e.game, path), prompts, show)
    except GameFileError as e:
        if prompts is not None:
            prompts.error("Cannot open the game", str(e))
        return None
    factory = game_window_factory()
    if factory is None:
        return None
    win = factory(doc)
    if show:
        win.show()
    return win
