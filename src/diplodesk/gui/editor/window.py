"""The map editor window: a variant's map with tools to reshape it, panels for its facts,
and saving, autosave and recovery.

Open it with :func:`~.launch.open_map_editor` (from the app's Tools menu) or run it on its own
with :func:`~.launch.main` (``diplodesk map-editor standard``); its actions, menus,
toolbars and docks are built by :class:`~.chrome.EditorChrome`. Every edit is a command of
:mod:`diplodesk.document.map_commands` pushed on the document's undo stack through
:meth:`MapEditorWindow.push`, which turns an edit the model refuses
(:class:`~diplodesk.document.map_document.MapEditError`) into a message, never a traceback.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from ...document import map_commands as mc
from ...document.map_checks import MapChecker, Problem, playability
from ...document.map_document import MapDocument, MapEditError
from ...engine.board import province_of
from ..game_windows import game_window_factory
from .autosave import MapAutosave, source_key
from .chrome import EditorChrome
from .items.style import describe_special
from .prompts import EditorPrompts
from .scene import MapScene
from .tools import TOOLS, Tool
from .view import EditorView


def is_builtin_id(vid: str) -> bool:
    """Is ``vid`` the id of a variant that comes with diplodesk?"""
    from ...paths import builtin_variants_dir

    return bool(vid) and (builtin_variants_dir() / vid / "variant.toml").is_file()


def new_variant_id(base: str) -> str:
    """An id no variant has yet, after ``base``: ``standard_mine``, ``standard_mine2`` ..."""
    from ...paths import user_variants_dir

    def taken(vid: str) -> bool:
        return is_builtin_id(vid) or (user_variants_dir() / vid).exists()

    vid, n = f"{base}_mine", 2
    while taken(vid):
        vid, n = f"{base}_mine{n}", n + 1
    return vid

AUTOSAVE_MS = 60_000
CHECK_DELAY_MS = 300
class MapEditorWindow(EditorChrome, QMainWindow):
    """Edits one :class:`MapDocument`."""

    selection_changed = Signal()
    special_selected = Signal(object)  # index or None
    play_requested = Signal(str)  # the folder of the saved variant to start a game on

    def __init__(self, doc: MapDocument, *, prompts: Any = None, parent: QWidget | None = None,
                 autosave_root: Path | None = None, autosave_ms: int = AUTOSAVE_MS):
        super().__init__(parent)
        self.doc = doc
        self.prompts = prompts if prompts is not None else EditorPrompts(self)
        self.selection: tuple[str, ...] = ()
        self.selected_decoration: int | None = None
        self.selected_special: int | None = None
        self.problems: list[Problem] = []
        self.last_error: str | None = None
        #: what "Play this variant" does with the saved folder (default: a game in the app)
        self.on_play: Callable[[Path], None] | None = self._play_in_app
        self._game_windows: list[QWidget] = []
        self.checker = MapChecker()
        self._links: list[Any] = []  # connections to the document, cut when the window closes
        self.scene = MapScene(doc, self)
        self.link(doc.changed, self.scene.on_changed)
        self.view = EditorView(self.scene, self)
        self.setCentralWidget(self.view)
        self.tools: dict[str, Tool] = {cls.name: cls(self) for cls in TOOLS}
        self.tool: Tool | None = None
        self.autosave_session = MapAutosave(autosave_root)

        self._make_actions()
        self._make_menus()
        self._make_toolbars()
        self._make_docks()
        self.merge_action.setEnabled(False)
        self.hover_label = QLabel()
        self.statusBar().addPermanentWidget(self.hover_label)
        self.statusBar().addPermanentWidget(self.kind_key())

        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.run_checks)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setInterval(autosave_ms)
        self._autosave_timer.timeout.connect(self.autosave)
        self._autosave_timer.start()

        self.link(doc.changed, self._changed)
        self.link(doc.undo_stack.cleanChanged, self._clean_changed)
        self.view.hovered.connect(self._hovered)
        self.view.context_menu.connect(self._context_menu)
        self.resize(1400, 900)
        self.set_tool("select")
        self._update_title()
        # the checks (a large board's take a while) run just after the first frame is shown;
        # the panel says "Checking…" until then, and Play and Save run them first if pending
        self._check_timer.start()
        if not any(not g.is_empty for g in doc.shapes.values()):
            self.status("This variant has no map yet: draw its provinces (N), or edit its powers and setup")
        if doc.load_problems:
            self.status("The variant's data has faults (see Checks): " + "; ".join(doc.load_problems[:3]))

    def link(self, signal: Any, slot: Callable[..., Any]) -> None:
        """Connect a signal of the document to a slot of this window (or its panels); cut
        when the window closes, so a document that outlives it calls nothing gone."""
        self._links.append((signal, signal.connect(slot)))

    def _unlink(self) -> None:
        for signal, conn in self._links:
            try:
                signal.disconnect(conn)
            except (RuntimeError, TypeError):
                pass
        self._links = []

    # -- tools and selection ---------------------------------------------------------------

    def set_tool(self, name: str) -> None:
        tool = self.tools[name]
        if self.tool is tool:
            return
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        self.view.tool = tool
        self.tool_actions[name].setChecked(True)
        on = name == "override"
        self.unit_combo.setEnabled(on)
        self.state_combo.setEnabled(on)
        tool.activate()

    def override_unit(self) -> str:
        return self.unit_combo.currentData()

    def override_state(self) -> bool | None:
        return self.state_combo.currentData()

    def select(self, pids: Iterable[str]) -> None:
        pids = tuple(dict.fromkeys(p for p in pids if self.doc.has_province(p)))
        self.selection = pids
        self.selected_decoration = None
        self.scene.background.selected = None
        self.scene.background.update()
        if self.selected_special is not None:
            self.selected_special = None
            self.scene.set_selected_special(None)
            self.special_selected.emit(None)
        self.scene.set_selection(pids)
        self.merge_action.setEnabled(len(pids) == 2)
        if len(pids) == 1:
            r = self.doc.province(pids[0])
            self.status(f"{r.name} ({r.id}), {r.kind}" + (", supply centre" if r.center else "")
                        + (f", home of {r.home}" if r.home else ""))
        self.selection_changed.emit()

    def select_special(self, index: int | None, zoom: bool = False) -> None:
        if index is not None and not 0 <= index < len(self.doc.specials):
            index = None
        if self.selection or self.selected_decoration is not None:
            self.select([])
        self.selected_special = index
        self.scene.set_selected_special(index)
        self.special_selected.emit(index)
        if index is not None:
            self.status(describe_special(self.doc.specials[index]) + " (Delete removes it)")
            if zoom:
                item = self.scene.specials[index]
                self.view.zoom_to(item.boundingRect())

    def select_decoration(self, index: int) -> None:
        self.select([])
        self.selected_decoration = index
        self.scene.background.selected = index
        self.scene.background.update()
        self.status(f"Background shape {index}: Properties › Make it a province")
        self.selection_changed.emit()

    # -- edits -----------------------------------------------------------------------------

    def push(self, make: Callable[[], Any], box: bool = False) -> bool:
        """Make a command and push it; an edit the model refuses shows its reason (in a box
        too with ``box``) and pushes nothing. True when the edit was made."""
        try:
            cmd = make()
        except MapEditError as e:
            self.fail(str(e), box)
            return False
        except Exception as e:  # noqa: BLE001 - a bug must not lose the user's work
            traceback.print_exc()
            self.fail(f"that edit failed ({type(e).__name__}: {e})", box)
            return False
        self.last_error = None
        if getattr(cmd, "patch", None) is not None and cmd.patch.empty:
            return True  # nothing changes
        self.doc.undo_stack.push(cmd)
        return True

    def fail(self, message: str, box: bool = False) -> None:
        self.last_error = message
        text = message[:1].upper() + message[1:]
        self.statusBar().showMessage(f"⚠ {text}", 12000)
        if box:
            self.prompts.error("Can't make that edit", text)

    def status(self, message: str) -> None:
        self.statusBar().showMessage(message)

    def delete_selected(self) -> None:
        if self.selected_special is not None:
            index = self.selected_special
            self.push(lambda: mc.RemoveSpecialCommand(self.doc, index))
            return
        pids = list(self.selection)
        if not pids:
            self.fail("Select a province (or a special) to delete")
            return
        stack = self.doc.undo_stack
        if len(pids) == 1:
            self.push(lambda: mc.DeleteProvinceCommand(self.doc, pids[0]))
            return
        stack.beginMacro(f"Delete {', '.join(pids)}")
        done = 0
        for pid in pids:
            if not self.push(lambda p=pid: mc.DeleteProvinceCommand(self.doc, p)):
                break
            done += 1
        stack.endMacro()
        if done < len(pids):
            stack.undo()

    def merge_selected(self) -> None:
        if len(self.selection) != 2:
            self.fail("Select two provinces (Ctrl+click the second), or use the Merge tool")
            return
        keep, other = self.selection
        if self.push(lambda: mc.MergeProvincesCommand(self.doc, keep, other)):
            self.select([keep])

    def promote_selected_decoration(self) -> None:
        index = self.selected_decoration
        if index is None:
            return
        try:
            borders = self.doc.decoration_borders(index)
        except MapEditError as e:
            self.fail(str(e))
            return
        ans = self.prompts.promote(self.doc, borders)
        if not ans:
            return
        if self.push(lambda: mc.PromoteDecorationCommand(self.doc, index, ans["id"], ans.get("name") or None,
                                                         ans.get("kind") or "coast"), box=True):
            self.select([ans["id"]])

    def set_show_adjacency(self, on: bool) -> None:
        self.scene.set_show_adjacency(bool(on))
        for w, state in ((self.adjacency_action, on), (self.adjacency_panel.show_lines, on)):
            if w.isChecked() != state:
                w.blockSignals(True)
                w.setChecked(state)
                w.blockSignals(False)

    # -- keeping up with the document --------------------------------------------------------

    def _changed(self, change: Any) -> None:
        self._check_timer.start()
        kept = tuple(p for p in self.selection if self.doc.has_province(p))
        if kept != self.selection:
            self.select(kept)
        if self.selected_special is not None and self.selected_special >= len(self.doc.specials):
            self.select_special(None)
        if self.selected_decoration is not None and self.selected_decoration not in self.doc.decorations:
            self.select([])
        self._update_title()

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.doc.variant_name} ({self.doc.variant_id}) — map editor[*]")
        self.setWindowModified(self.doc.modified)

    def run_checks(self) -> None:
        """Check the map now (edits do it a moment after the last one)."""
        self._check_timer.stop()
        try:
            self.problems = self.checker.run(self.doc)
        except Exception as e:  # noqa: BLE001 - the checks must not take the editor down
            traceback.print_exc()
            self.problems = [Problem("variant-data", "error", f"the checks failed: {e}")]
        self.checks_panel.show_problems(self.problems)
        ok, reasons = playability(self.doc, self.problems)
        self.play_action.setEnabled(ok)
        if ok:
            self.play_action.setToolTip("Save and start a game on this variant")
        else:
            shown = reasons[:8] + ([f"… and {len(reasons) - 8} more"] if len(reasons) > 8 else [])
            self.play_action.setToolTip("Not playable yet:\n• " + "\n• ".join(shown))
        self.play_action.setStatusTip(self.play_action.toolTip().replace("\n", " "))

    def flush_checks(self) -> None:
        if self._check_timer.isActive():
            self.run_checks()

    def zoom_to_problem(self, problem: Problem) -> None:
        ids = [province_of(i) for i in problem.ids if self.doc.has_province(province_of(i))]
        if ids:
            self.select(ids)
        if problem.bounds is not None:
            x0, y0, x1, y1 = problem.bounds
            self.view.zoom_to(QRectF(x0, y0, x1 - x0, y1 - y0))
        self.status(problem.message)

    def _hovered(self, pid: str | None, x: float, y: float) -> None:
        where = f"{x:.1f}, {y:.1f}"
        if pid is not None and self.doc.has_province(pid):
            r = self.doc.province(pid)
            self.hover_label.setText(f"{r.id} — {r.name} ({r.kind}) · {where}")
        else:
            self.hover_label.setText(where)

    # -- files ---------------------------------------------------------------------------

    def save(self) -> bool:
        """Save with the model's atomic save; a built-in variant (or a board never saved) is
        asked an id and name first and becomes a user variant. A built-in board is offered a
        new id; keeping a built-in id, which replaces that board for the user, is asked."""
        doc = self.doc
        if doc.builtin or doc.folder is None:
            offered = (new_variant_id(doc.variant_id), f"{doc.variant_name} (mine)") if doc.builtin else (
                doc.variant_id, doc.variant_name)
            ans = self.prompts.variant_identity(*offered, doc.builtin)
            if not ans:
                return False
            vid, name = ans
            if is_builtin_id(vid) and not self.prompts.confirm(
                    "Replace the built-in board?",
                    f"{vid} is a built-in variant's id. Saved under it, your board replaces the "
                    f"built-in {vid} for you: every new game, opened game and command naming {vid} "
                    "would use yours. Replace it? (No: go back and give it an id of its own.)"):
                return False
            if (vid, name) != (doc.variant_id, doc.variant_name):
                if not self.push(lambda: mc.SetVariantInfoCommand(doc, id=vid, name=name), box=True):
                    return False
            from ...paths import user_variants_dir

            target = user_variants_dir() / doc.variant_id
            if (target / "variant.toml").exists() and not self.prompts.confirm(
                    "Replace the variant?", f"You already have a variant {doc.variant_id} ({target}). Replace it?"):
                return False
        try:
            folder = doc.save()
        except (MapEditError, OSError) as e:
            self.prompts.error("Cannot save the variant", str(e))
            return False
        self.autosave_session.clear()
        self.run_checks()
        ok = self.play_action.isEnabled()
        self.statusBar().showMessage(f"Saved {doc.variant_name} to {folder}"
                                     + ("" if ok else " (it has errors: it can't be played yet)"), 8000)
        self._update_title()
        return True

    def play(self) -> None:
        self.flush_checks()
        ok, reasons = playability(self.doc, self.problems)
        if not ok:
            self.prompts.error("Not playable yet", "Fix these first (see Checks):\n• " + "\n• ".join(reasons[:12]))
            return
        doc = self.doc
        if doc.modified or doc.folder is None:
            if not self.save():
                return
        folder = Path(doc.folder)
        self.play_requested.emit(str(folder))
        if self.on_play is not None:
            self.on_play(folder)

    def _play_in_app(self, folder: Path) -> None:
        """Start a game on the variant: in the app window that opened the editor, or a new one
        the app makes (it registers how in :mod:`..game_windows`; the editor never imports it)."""
        from ...document.game_document import GameDocument

        try:
            game = GameDocument.new(str(folder))
        except (ValueError, OSError) as e:
            self.prompts.error("Cannot start a game", str(e))
            return
        host = self.parent()
        if host is not None and hasattr(host, "set_document") and hasattr(host, "maybe_save"):
            if host.maybe_save():
                host.set_document(game)
                host.raise_()
                host.activateWindow()
            return
        factory = game_window_factory()
        if factory is None:
            self.prompts.error("Cannot start a game", "No game window to start it in: open the map editor "
                               "from the diplodesk app, or save and open the variant there")
            return
        w = factory(game)
        w.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        w.show()
        self._game_windows.append(w)

    def autosave(self) -> None:
        """Keep a copy of unsaved work in the user data folder (and drop it once saved)."""
        try:
            if self.doc.modified:
                self.autosave_session.write(self.doc, source_key(self.doc), self.doc.builtin)
            else:
                self.autosave_session.clear()
        except (OSError, MapEditError) as e:
            self.statusBar().showMessage(f"Autosave failed: {getattr(e, 'strerror', None) or e}", 8000)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.doc.modified:
            answer = self.prompts.ask_save_changes(self.doc.variant_name)
            if answer == "cancel" or (answer == "save" and not self.save()):
                event.ignore()
                return
        self._autosave_timer.stop()
        self._check_timer.stop()
        self.autosave_session.close()
        self._unlink()
        event.accept()
