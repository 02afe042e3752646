"""The GM desk for a Hypereconomic game: the map with its stacks, an order sheet per nation
and bank, the ledger dock, the economy inspector, and the season's adjudication.

The window holds one :class:`HyperGameDocument` and changes it only by pushing commands
(:meth:`HyperDeskWindow.push`). Panels other branches build (the table editor, decisions,
dice log, players) are attached with :meth:`HyperDeskWindow.add_panel`; the window gives
them the document with their ``set_document`` if they have one, and refreshes them with
``refresh`` after every change of the position.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QVBoxLayout, QWidget

from ...document import hyper_desk
from ...document.autosave import Session
from ...document.hyper_commands import AdjudicateHyperCommand, SetHyperOrdersCommand
from ...document.hyper_game import HyperGameDocument
from ...document.hyper_paste import split_orders
from ...render.export import RenderError
from ...render.hyper_map import painter_for
from ..dialogs import BasicPrompts, Prompts
from ..document_actions import push_command, save_to
from ..map_view import Highlights
from .banner import QuestionBanner
from .clicks import ClickOrders, scene_point
from .desk_mail import send_results
from .inspector_dock import EconomyInspectorDock
from .layers import HyperLayers, HyperMapView
from .ledger_dock import LedgerDock
from .results_dock import HyperResultsDock
from .sheet_dock import OrderSheetDock
from .sheet_picker import SheetPicker

AUTOSAVE_MS = 60_000
ADJUDICATE_KEYS = ("Ctrl+Return", "Ctrl+Enter", "F5")  # as the main window, and the keypad Enter


def own_prompts(prompts: Any, window: QWidget) -> Any:
    """The desk's own dialogs, parented to it: a dialog of the window that opened the desk
    would raise that window over the desk, and leave the desk buried after OK. Stand-in
    prompts (tests) are kept as they are."""
    if prompts is None or isinstance(prompts, BasicPrompts):
        return Prompts(window)
    return prompts


class HyperDeskWindow(QMainWindow):
    """The desk: one Hypereconomic game."""

    def __init__(self, doc: HyperGameDocument, *, prompts: Any = None, autosave_ms: int = AUTOSAVE_MS,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("hyper-desk")
        self.prompts = own_prompts(prompts, self)
        self.doc = doc
        doc.setParent(self)
        self.session = Session()
        self.panels: list[QWidget] = []
        self._others_due = False
        self.view = HyperMapView(self)
        self.banner = QuestionBanner(self)
        self.banner.answer.clicked.connect(self.show_questions)
        centre = QWidget(self)
        column = QVBoxLayout(centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.banner)
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
        self.sheets: dict[str, OrderSheetDock] = {}
        self._add_sheets()
        first = next(iter(self.sheets.values()), None)
        if first is not None:
            first.raise_()
        self.ledger = LedgerDock(self)
        self.ledger.set_document(self.doc)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.ledger)
        self.results = HyperResultsDock(self)
        self.results.set_document(self.doc)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.results)
        self.tabifyDockWidget(self.ledger, self.results)
        self.results.row_picked.connect(self._result_picked)
        self.inspector = EconomyInspectorDock(self)
        self.inspector.set_document(self.doc)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.inspector)
        # the map keeps most of the window: narrow side docks, the ledger below a third
        self.resizeDocks([self.inspector], [250], Qt.Orientation.Horizontal)
        if first is not None:
            self.resizeDocks([first], [340], Qt.Orientation.Horizontal)
        self.resizeDocks([self.ledger], [290], Qt.Orientation.Vertical)

    def _add_sheets(self) -> list[OrderSheetDock]:
        """A sheet for every nation and bank that has none yet (a nation formed in play)."""
        first = next(iter(self.sheets.values()), None)
        made = []
        for giver in self.doc.givers:
            if giver in self.sheets:
                continue
            dock = OrderSheetDock(self.doc, giver, self)
            dock.committed.connect(self._typed)
            dock.paste_requested.connect(self.paste_from_clipboard)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            if first is None:
                first = dock
            else:
                self.tabifyDockWidget(first, dock)
            self.sheets[giver] = dock
            made.append(dock)
        return made

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
        game.addAction(self._action("Send &results…", lambda: send_results(self), name="act-mail-out"))
        self.view_menu = m.addMenu("&View")
        self.view_menu.addAction(self.act_fit)
        for d in (self.inspector, self.ledger, self.results):
            self.view_menu.addAction(d.toggleViewAction())
        regions = self.doc.variant.sheets
        if regions:  # a world board's regional sheets, as views of the one map
            region_menu = self.view_menu.addMenu("&Region")
            for k, (rid, sheet) in enumerate(regions.items(), 1):
                keys = (f"Ctrl+{k}",) if k <= 9 else ()
                region_menu.addAction(self._action(f"&{sheet.name}", lambda _=False, r=rid: self.show_region(r),
                                                   keys, f"region-{rid}"))
        self.sheets_menu = self.view_menu.addMenu("Order &sheets")
        for d in self.sheets.values():
            self.sheets_menu.addAction(d.toggleViewAction())
        bar = self.addToolBar("Sheets")
        bar.setObjectName("sheets-toolbar")
        self.picker = SheetPicker(self.doc, self)
        self.picker.picked.connect(self.show_sheet)
        bar.addWidget(self.picker)
        self.view_menu.addAction(self._action("&Go to a sheet…", self._pick_sheet, ("Ctrl+G",)))

    def show_whole(self) -> None:
        self.region = None
        self.view.fit()

    def show_region(self, rid: str) -> None:
        """Frame one regional sheet of the map (View › Region)."""
        x0, y0, x1, y1 = self.doc.variant.sheets[rid].box
        self.region = rid
        self.view.show_rect(QRectF(x0, y0, x1 - x0, y1 - y0))

    # -- on paper --------------------------------------------------------------------------

    def print_packs(self, run: bool = True):
        """File › Print packs…: a played season's packs, with a preview (the dialog, for tests)."""
        from .packs_dialog import HyperPacksDialog

        self.flush()
        if not self.doc.history:
            self.prompts.info("Print packs", "No season has been adjudicated yet: there is nothing to print. "
                              "Adjudicate the season first (Ctrl+Enter).")
            return None
        dialog = HyperPacksDialog(self.doc, self, self.results.season_index())
        giver = self.results.focus
        st = self.doc.position.nations.get(giver) if giver else None
        if st is not None and st.controllers:
            dialog.choose_player(st.controllers[0])
        if run:
            dialog.exec()
        return dialog

    def export_map(self, path: str | None = None) -> bool:
        """File › Export the map…: the map as on the desk (the region last shown, else the
        whole board) to PNG, SVG or PDF."""
        from ...render.export import RenderError
        from ...render.hyper_export import render_hyper_file

        region = self.region
        name = self.doc.variant.sheets[region].name.lower() if region else "world"
        if path is None:
            stem = self.doc.path.stem if self.doc.path else self.doc.variant.id
            path = self.prompts.export_path(f"{stem}-{self.doc.position.phase}-{name}.png")
            if not path:
                return False
        try:
            render_hyper_file(self.doc.position, path, 2400, sheet=region)
        except (RenderError, OSError) as e:
            self.prompts.error("Cannot export the map", str(e))
            return False
        self.statusBar().showMessage(f"Exported {name} to {path}", 6000)
        return True

    def _pick_sheet(self) -> None:
        self.picker.setFocus()
        self.picker.lineEdit().selectAll()

    def show_sheet(self, giver: str) -> None:
        """Bring a nation's (or bank's) sheet forward, with the cursor in it."""
        dock = self.sheets.get(giver)
        if dock is not None:
            dock.show()
            dock.raise_()
            dock.editor.setFocus()
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
        for dock in self.sheets.values():
            if dock.has_pending():
                dock.commit()

    def _typed(self, giver: str, orders: list[str]) -> None:
        self.doc.undo_stack.push(SetHyperOrdersCommand(self.doc, {giver: orders}, f"{giver}: typed orders"))

    def _step(self, step) -> None:
        self.flush()
        step()
        self.clicks.reset()
        self._show_selection(None)

    def adjudicate(self) -> bool:
        """Play the season (Ctrl+Enter); every dock shows the season that follows. A season
        whose blocking question is still open stops here: the GM answers it first."""
        self.flush()
        if hyper_desk.open_blocking(self.doc.game):
            last = self.doc.history[-1].phase
            self.statusBar().showMessage(f"{last} is not final: answer its blocking question before "
                                         f"{self.doc.position.phase} is adjudicated", 10000)
            self.show_questions()
            return False
        phase = self.doc.position.phase
        ok = self.push(AdjudicateHyperCommand(self.doc))
        if not ok:
            return False
        waiting = hyper_desk.open_blocking(self.doc.game)
        if waiting:
            self.statusBar().showMessage(
                f"{phase} adjudicated, but not final: {len(waiting)} blocking question"
                f"{'s' if len(waiting) != 1 else ''} for the GM — answer before {self.doc.position.phase}", 10000)
            self.show_questions()
        else:
            self.statusBar().showMessage(f"{phase} adjudicated; now {self.doc.position.phase}", 6000)
            self.results.show()
            self.results.raise_()
        return True

    def show_questions(self) -> None:
        """Take the GM to the first open blocking question (or the Decisions panel)."""
        dock = getattr(self, "gm_docks", {}).get("Decisions")
        panel = getattr(self, "gm_panels", {}).get("Decisions")
        if dock is None or panel is None:
            return
        dock.show()
        dock.raise_()
        waiting = hyper_desk.open_blocking(self.doc.game)
        if waiting:
            panel.focus_question(waiting[0]["id"])

    def paste_orders(self, text: str, default: str | None = None) -> dict[str, list[str]]:
        """The orders of a pasted e-mail onto the sheets of the nations it names (one command)."""
        orders, lines = split_orders(text, self.doc.position, default)
        ignored = [ln for ln in lines if ln.kind == "ignored"]
        if orders:
            self.push(SetHyperOrdersCommand(self.doc, orders, "Pasted orders"))
        what = ", ".join(f"{self.doc.name_of(g)} {len(v)}" for g, v in sorted(orders.items()))
        skipped = f"; {len(ignored)} line(s) not orders (first: line {ignored[0].number})" if ignored else ""
        self.statusBar().showMessage(f"Pasted: {what or 'no orders'}{skipped}", 8000)
        return orders

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
        dock = self.sheets.get(giver)
        if dock is not None:
            dock.reload()
        if not self._others_due:  # the others' checks may follow (stacks, alliances): once
            self._others_due = True
            QTimer.singleShot(0, self._recheck_others)

    def _recheck_others(self) -> None:
        self._others_due = False
        for dock in self.sheets.values():
            if not dock.has_pending():
                dock.recheck_soon()
        self.inspector.refresh()

    def _position_changed(self) -> None:
        for dock in self._add_sheets():
            self.sheets_menu.addAction(dock.toggleViewAction())
        self.picker.refresh()
        self.view.set_content(self.doc.position)
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
        result = self.clicks.click(prov, placed)
        if result.orders is not None and result.giver is not None:
            self.push(SetHyperOrdersCommand(self.doc, {result.giver: result.orders}, result.message))
            self.sheets[result.giver].raise_()
        elif self.clicks.unit is not None and self.clicks.unit.power in self.sheets:
            self.sheets[self.clicks.unit.power].raise_()
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
        self.view.set_content(self.doc.position)
        self.view._cache.top = None  # the ring moved: compose the top layer again

    def _key(self, key: str) -> None:
        if key == "Escape":
            self.clicks.reset()
            self._show_selection(None)
        elif key == "H" and self.clicks.unit is not None:
            u = self.clicks.unit
            self.click(u.province)

    # -- files ---------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        self.flush()
        if not self.doc.is_modified:
            return True
        answer = self.prompts.ask_save_changes(self.doc.title)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        path = self.prompts.save_path(str(self.doc.path or "hyper-game.json"))
        return self._save_to(path) if path else False

    def _save_to(self, path) -> bool:
        return save_to(self, path)

    def open_other(self) -> None:
        """File › Open: another game, in a desk or in a main window as it needs."""
        path = self.prompts.open_path(str(self.doc.path.parent) if self.doc.path else "")
        if path:
            open_game_file(path, self.prompts)

    def autosave(self) -> None:
        self.flush()
        try:
            if self.doc.is_modified:
                self.session.write(self.doc.game, self.doc.path, self.doc.title)
            else:
                self.session.clear()
        except OSError as e:
            self.statusBar().showMessage(f"Autosave failed: {e.strerror or e}", 6000)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.autosave_timer.stop()
        self.session.close()
        event.accept()


_open: list[HyperDeskWindow] = []


def open_desk(doc: HyperGameDocument, prompts: Any = None, show: bool = True) -> HyperDeskWindow:
    """A desk window on ``doc``, kept while it is open."""
    from .gm_panels import attach_gm_panels

    win = HyperDeskWindow(doc, prompts=prompts)
    attach_gm_panels(win)
    _open.append(win)
    win.destroyed.connect(lambda *_: _open.remove(win) if win in _open else None)
    if show:
        win.show()
        win.raise_()
        win.activateWindow()
    return win


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
