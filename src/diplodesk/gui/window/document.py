"""The window's one game document: taking one on, pushing commands on it (the only way the
window changes it), and following what it says changed."""

from __future__ import annotations

from ...document import commands as cmd
from ...document.choices import tentative
from ...document.game_document import GameDocument
from ...geometry.svg_import import MapError
from ..document_actions import push_command
from ..layers import LayeredPainter
from .state import WindowState


class WindowDocument(WindowState):
    """Mixed into the main window: its document, its map, and the commands it pushes."""

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
        if self.view.layers is not None:
            self.view.restore_view(doc.game.settings.get("view"))
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
        from ...geometry.shapes import load_map_geometry
        from ...render.painter import MapPainter

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

    def push(self, command) -> bool:
        """Push a command on the document's stack (typed orders are committed first)."""
        return self.doc is not None and push_command(self, command)

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

    def _doc_changed(self) -> None:
        doc = self.doc
        what_if = f" — what-if: {doc.branch.name}" if doc.branch is not None else ""
        self.setWindowTitle(f"{doc.title}[*]{what_if} — diplodesk")
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
