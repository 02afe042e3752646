"""The editor window's chrome: its actions, menus, toolbars and docked panels, and the
map's context menu. Mixed into :class:`~.window.MapEditorWindow`, which it builds once;
what the actions do is the window's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QDockWidget, QLabel, QMenu, QToolBar, QWidget

from ...document import map_commands as mc
from ...engine.board import province_of
from .items.style import KIND_FILL
from .panels import (
    AdjacencyPanel,
    BalanceDock,
    ChecksPanel,
    ProvincePanel,
    SetupPanel,
    SpecialsPanel,
)
from .panels.playtest_panel import PlaytestPanel


class EditorChrome:
    """Builds the editor window's actions, menus, toolbars and docks (a mixin of the window)."""

    # -- building the window ---------------------------------------------------------------

    def _action(self, text: str, slot: Callable[..., Any], shortcut: Any = None, tip: str = "",
                checkable: bool = False) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcuts(shortcut if isinstance(shortcut, list) else [QKeySequence(shortcut)])
        if tip:
            a.setToolTip(tip)
            a.setStatusTip(tip)
        a.setCheckable(checkable)
        (a.toggled if checkable else a.triggered).connect(slot)
        self.addAction(a)
        return a

    def _make_actions(self) -> None:
        stack = self.doc.undo_stack
        self.undo_action = self._action("Undo", stack.undo, [QKeySequence(QKeySequence.StandardKey.Undo)])
        self.redo_action = self._action("Redo", stack.redo, [QKeySequence("Ctrl+Shift+Z"),
                                                             QKeySequence(QKeySequence.StandardKey.Redo)])
        self.link(stack.canUndoChanged, self.undo_action.setEnabled)
        self.link(stack.canRedoChanged, self.redo_action.setEnabled)
        self.link(stack.undoTextChanged, self._undo_text)
        self.link(stack.redoTextChanged, self._redo_text)
        self.undo_action.setEnabled(stack.canUndo())
        self.redo_action.setEnabled(stack.canRedo())
        self.save_action = self._action("Save", self.save, QKeySequence.StandardKey.Save,
                                        "Save the variant (a built-in one becomes your own variant)")
        self.play_action = self._action("Play this variant", self.play, None,
                                        "Save and start a game on this variant")
        self.close_action = self._action("Close", self.close, QKeySequence.StandardKey.Close)
        self.delete_action = self._action("Delete", self.delete_selected, None,
                                          "Delete the selected province(s) or special (Delete key on the map)")
        self.merge_action = self._action("Merge selected", self.merge_selected, None,
                                         "Merge the second selected province into the first")
        self.fit_action = self._action("Fit the map", self.view.fit, "Ctrl+0", "Show the whole map (0)")
        self.zoom_in_action = self._action("Zoom in", lambda: self.view.zoom_by(1.25), QKeySequence.StandardKey.ZoomIn)
        self.zoom_out_action = self._action("Zoom out", lambda: self.view.zoom_by(0.8), QKeySequence.StandardKey.ZoomOut)
        self.adjacency_action = self._action("Adjacency lines", self.set_show_adjacency, "Ctrl+J",
                                             "Draw adjacency between province centres (armies and fleets)",
                                             checkable=True)
        self.names_action = self._action("Province names", self.set_show_names, "Ctrl+L",
                                         "Draw each province's id on the map", checkable=True)
        self.names_action.setChecked(True)
        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            a = QAction(tool.label, self)
            a.setCheckable(True)
            a.setShortcut(QKeySequence(tool.shortcut))
            a.setToolTip(f"{tool.label} ({tool.shortcut}): {tool.hint}")
            a.setStatusTip(tool.hint)
            a.triggered.connect(lambda _on=False, n=name: self.set_tool(n))
            self.tool_group.addAction(a)
            self.addAction(a)
            self.tool_actions[name] = a

    def set_show_names(self, on: bool) -> None:
        self.scene.labels.show_names = bool(on)
        self.scene.labels.update()

    def kind_key(self) -> QLabel:
        """The key to the provinces' colours (land-only is the darker tan), for the status bar."""
        words = {"land": "land only", "coast": "coast", "sea": "sea", "impassable": "impassable"}
        parts = [f'<span style="background:{KIND_FILL[k].name()}; border:1px solid #5c5040">&nbsp;&nbsp;&nbsp;&nbsp;</span>'
                 f"&nbsp;{w}" for k, w in words.items()]
        key = QLabel("&nbsp;&nbsp;".join(parts))
        key.setObjectName("kind-key")
        key.setToolTip("What each province's colour means on the editor's map")
        return key

    def _undo_text(self, text: str) -> None:
        self.undo_action.setToolTip(f"Undo {text} (Ctrl+Z)" if text else "Undo (Ctrl+Z)")

    def _redo_text(self, text: str) -> None:
        self.redo_action.setToolTip(f"Redo {text} (Ctrl+Shift+Z)" if text else "Redo (Ctrl+Shift+Z)")

    def _make_menus(self) -> None:
        m = self.menuBar().addMenu("&File")
        for a in (self.save_action, self.play_action, None, self.close_action):
            m.addSeparator() if a is None else m.addAction(a)
        m = self.menuBar().addMenu("&Edit")
        for a in (self.undo_action, self.redo_action, None, self.delete_action, self.merge_action):
            m.addSeparator() if a is None else m.addAction(a)
        self.view_menu = self.menuBar().addMenu("&View")
        for a in (self.fit_action, self.zoom_in_action, self.zoom_out_action, None, self.names_action,
                  self.adjacency_action):
            self.view_menu.addSeparator() if a is None else self.view_menu.addAction(a)
        self.view_menu.addSeparator()
        m = self.menuBar().addMenu("&Tools")
        for a in self.tool_actions.values():
            m.addAction(a)

    def _make_toolbars(self) -> None:
        tb = QToolBar("File", self)
        tb.setObjectName("file-toolbar")
        for a in (self.save_action, self.undo_action, self.redo_action, self.play_action):
            tb.addAction(a)
        self.addToolBar(tb)
        tb = QToolBar("Tools", self)
        tb.setObjectName("tools-toolbar")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for name, a in self.tool_actions.items():
            if name in ("anchors", "difficult"):
                tb.addSeparator()
            tb.addAction(a)
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, tb)
        tb = QToolBar("Options", self)
        tb.setObjectName("options-toolbar")
        tb.addAction(self.delete_action)
        tb.addAction(self.merge_action)
        tb.addSeparator()
        tb.addAction(self.fit_action)
        tb.addAction(self.adjacency_action)
        tb.addSeparator()
        tb.addWidget(QLabel(" Pin adjacency for "))
        self.unit_combo = QComboBox()
        self.unit_combo.addItem("armies", "A")
        self.unit_combo.addItem("fleets", "F")
        tb.addWidget(self.unit_combo)
        self.state_combo = QComboBox()
        self.state_combo.addItem("add the pair", True)
        self.state_combo.addItem("remove the pair", False)
        self.state_combo.addItem("unpin (shapes decide)", None)
        tb.addWidget(self.state_combo)
        self.addToolBar(tb)

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(title.lower().replace(" ", "-"))
        d.setWidget(widget)
        self.addDockWidget(area, d)
        self.view_menu.addAction(d.toggleViewAction())
        return d

    def _make_docks(self) -> None:
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.province_panel = ProvincePanel(self)
        self.setup_panel = SetupPanel(self)
        self.specials_panel = SpecialsPanel(self)
        self.adjacency_panel = AdjacencyPanel(self)
        self.checks_panel = ChecksPanel(self)
        self.province_dock = self._dock("Province", self.province_panel, right)
        self.checks_dock = self._dock("Checks", self.checks_panel, right)
        self.setup_dock = self._dock("Powers and setup", self.setup_panel, right)
        self.specials_dock = self._dock("Specials", self.specials_panel, right)
        self.adjacency_dock = self._dock("Adjacency", self.adjacency_panel, right)
        self.tabifyDockWidget(self.province_dock, self.setup_dock)
        self.tabifyDockWidget(self.province_dock, self.specials_dock)
        self.tabifyDockWidget(self.checks_dock, self.adjacency_dock)
        self.balance_dock = BalanceDock(self)  # the report first, the playtests beside it
        self.playtest_panel = PlaytestPanel(lambda: self.doc.variant())  # the board as it stands
        self.balance_dock.add_tab(self.playtest_panel, "Playtest")
        self.addDockWidget(right, self.balance_dock)
        self.view_menu.addAction(self.balance_dock.toggleViewAction())
        self.tabifyDockWidget(self.checks_dock, self.balance_dock)
        self.province_dock.raise_()
        self.checks_dock.raise_()
        self.resizeDocks([self.province_dock], [400], Qt.Orientation.Horizontal)
        self.resizeDocks([self.province_dock, self.checks_dock], [480, 320], Qt.Orientation.Vertical)

    # -- the map's context menu -------------------------------------------------------------

    def _context_menu(self, pid: str | None, pos: Any) -> None:
        if pid is None or not self.doc.has_province(pid):
            return
        if pid not in self.selection:
            self.select([pid])
        doc = self.doc
        r = doc.province(pid)
        menu = QMenu(self)
        units = QMenu(f"Start unit in {pid}", menu)
        for p in doc.powers:
            sub = units.addMenu(p.name)
            for label, t in (("Army", "A"), ("Fleet", "F"), ("Choice", None)):
                locs = list(r.locations) if t == "F" else [pid]
                for loc in locs:
                    sub.addAction(f"{label} {loc}" if loc != pid else label,
                                  lambda p=p.name, t=t, loc=loc: self.push(
                                      lambda: mc.AddStartUnitCommand(doc, p, t, loc)))
        menu.addMenu(units)
        if any(province_of(u.at) == pid for u in doc.start_units):
            menu.addAction("Remove the start unit", lambda: self.push(lambda: mc.RemoveStartUnitCommand(doc, pid)))
        menu.addAction("Not a supply centre" if r.center else "Make it a supply centre",
                       lambda: self.push(lambda: mc.SetProvinceCommand(doc, pid, center=not r.center)))
        menu.addSeparator()
        menu.addAction(f"Delete {pid}", lambda: self.push(lambda: mc.DeleteProvinceCommand(doc, pid)))
        menu.exec(pos)
