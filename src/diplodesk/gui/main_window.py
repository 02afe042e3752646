"""The main window: the map in the middle, docks for orders, history, results and the
inspector, menus, a toolbar with the power selector, and a status bar.

The window holds one :class:`GameDocument` at a time and changes it only by pushing
commands (:meth:`MainWindow.push`). It owns what is *looked at*: the power being edited
and the phase shown (the current one, or a past one, read-only).

The window's work is split by what it does into the mixins of :mod:`.window` (actions and
menus, files, phases and history, docks, ...); this module puts them together and keeps
Qt's event handlers.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QUndoGroup
from PySide6.QtWidgets import QMainWindow

from ..document.autosave import Session
from ..document.game_document import GameDocument
from .dialogs import Prompts
from .game_windows import set_game_window_factory
from .interaction import MapController
from .layers import LayeredPainter
from .map_view import MapView
from .window.actions import HELP_TEXT, WindowActions
from .window.docks import WindowDocks
from .window.document import WindowDocument
from .window.editors import WindowEditors
from .window.exports import WindowExports
from .window.files import MAX_RECENT, WindowFiles
from .window.mailroom import WindowMail
from .window.phases import Banner, WindowPhases
from .window.playing import WindowPlay, players_text
from .window.status import WindowStatus
from .window.viewing import WindowViewing
from .window.whatif import WindowWhatIf

__all__ = ["AUTOSAVE_MS", "HELP_TEXT", "MAX_RECENT", "Banner", "MainWindow", "players_text"]

AUTOSAVE_MS = 60_000
ORG, APP = "diplodesk", "diplodesk"


class MainWindow(WindowActions, WindowStatus, WindowDocks, WindowDocument, WindowViewing, WindowPhases,
                 WindowPlay, WindowWhatIf, WindowFiles, WindowExports, WindowEditors, WindowMail, QMainWindow):
    """The window the GM works in; each part of its work is a mixin in :mod:`.window`."""

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
        self.compare_dialog = None  # the last "Compare what-ifs" opened
        self._shown_active: int | None = None  # the timeline the docks show
        self.layers: LayeredPainter | None = None
        self._variant_for_layers = None
        self.undo_group = QUndoGroup(self)
        self.session = Session()

        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.banner = Banner(self.view)
        self.banner.button.clicked.connect(self._banner_clicked)
        self.view.installEventFilter(self)

        self._make_docks()

        self.controller = MapController(self)
        self._make_actions()
        self._make_menus()
        self._make_toolbar()
        self._make_status_bar()

        self._connect_docks()
        self.view.hovered.connect(self._hovered)
        self.view.zoom_changed.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f}%"))
        self.view.tooltip_for = self.describe_province

        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(autosave_ms)
        self.autosave_timer.timeout.connect(self.autosave)
        self.autosave_timer.start()

        self.resize(1440, 920)
        self.set_document(doc if doc is not None else GameDocument.new("standard"))
        if restore_layout:
            self.restore_layout()

    def _banner_clicked(self) -> None:
        """Back to the current phase; from a what-if's current phase, back to the real game."""
        if self.viewed is None and self.doc is not None and self.doc.branch is not None:
            self.back_to_game()
        else:
            self.show_phase(None)

    # -- Qt's events -------------------------------------------------------------------

    def eventFilter(self, obj, event) -> bool:
        if obj is self.view and event.type() == event.Type.Resize and self.banner.isVisible():
            self.banner.place()
        return super().eventFilter(obj, event)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._size_docks_once()
        self.view.setFocus()  # order keys work at once

    def closeEvent(self, event: QCloseEvent) -> None:
        # open map editors close first, each asking about its own unsaved changes
        if not self._close_editors():
            event.ignore()
            return
        if not self.maybe_save():
            event.ignore()
            return
        self.save_layout()
        self.autosave_timer.stop()
        self.session.close()
        event.accept()


set_game_window_factory(MainWindow)  # a map editor's "Play this variant" opens one of these
