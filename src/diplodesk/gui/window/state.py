"""The state the main window's parts share, declared once so each part reads it by name.

:class:`~..main_window.MainWindow` sets all of it up (in its ``__init__`` and the parts'
``_make_*`` steps) before any part runs; the parts only read it, or change what is theirs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtGui import QUndoGroup

    from ...document.autosave import Session
    from ...document.game_document import GameDocument
    from ..history_tree import HistoryDock
    from ..inspector_dock import InspectorDock
    from ..interaction import MapController
    from ..layers import LayeredPainter
    from ..map_view import MapView
    from ..orders_dock import OrdersDock
    from ..results_dock import ResultsDock
    from .phases import Banner


class WindowState:
    """What every part of the main window may read (set up by the window itself)."""

    settings: QSettings
    prompts: Any  # the dialogs (a stand-in answers them in tests)
    doc: GameDocument | None
    power: str | None  # the power being edited
    viewed: int | None  # a history index, or None: the current phase
    gm_mode: bool
    as_power: bool  # the map as the power being edited knows it
    setups: dict[str, str]  # choice units set up by the GM, not yet ordered
    layers: LayeredPainter | None
    undo_group: QUndoGroup
    session: Session
    autosave_timer: QTimer
    view: MapView
    banner: Banner
    controller: MapController
    orders_dock: OrdersDock
    history_dock: HistoryDock
    results_dock: ResultsDock
    inspector_dock: InspectorDock
