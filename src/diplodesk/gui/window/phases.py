"""Phase navigation and history: the current phase, or a processed one looked at read-only
(with a banner across the map), rolling back to one, and the game's end."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from ...document import commands as cmd
from ...document.power_view import outcome_of
from ...engine.position import Position
from ...engine.rules import blind
from ..history_dock import victory_text
from .state import WindowState


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


class WindowPhases(WindowState):
    """Mixed into the main window: which phase is shown, and the history."""

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
        branch = self.doc.branch
        if self.viewed is None:
            self._show_results(len(self.doc.history) - 1)
            self.banner.hide()
            if branch is not None:
                self.banner.label.setText(f"↳ <b>{branch.name}</b> — a what-if: orders and adjudications "
                                          "here leave the real game untouched")
                self.banner.button.setText("Back to the real game")
                self.banner.show()
                self.banner.place()
                self.banner.raise_()
        else:
            rec = self.doc.history[self.viewed]
            self._show_results(self.viewed)
            nxt = self.doc.position.phase
            where = f"↳ {branch.name}: " if branch is not None else ""
            self.banner.label.setText(f"{where}<b>{rec.position['phase']}</b> — results, read-only. "
                                      f"Current: {nxt.long_name}")
            self.banner.button.setText(f"Go to {nxt.long_name} (Esc)")
            self.banner.show()
            self.banner.place()
            self.banner.raise_()
        self.act_gm.setEnabled(self.editable)
        self.controller.reset()

    def _show_results(self, index: int) -> None:
        """The results of processed phase ``index`` (none for -1) in the Results dock, with
        why each came out as it did."""
        if index < 0:
            self.results_dock.show_result(None)
            return
        rec = self.doc.history[index]
        before = self.doc.position_at(index)
        if self.as_power_active and blind.active(before):
            # the map shows the power's view: so do the results, only what it may know
            seen = blind.visible_results(before, outcome_of(before), self.power)
            self.results_dock.show_result({"phase": rec.result.get("phase"), "orders": seen}, position=before)
            self.results_dock.heading.setText(f"{self.results_dock.heading.text()} — as {self.power} knows them")
            return
        try:
            why = self.doc.explanations(index)
        except Exception:  # noqa: BLE001 - the results are shown all the same, without the why
            why = None
        self.results_dock.show_result(rec.result, explain=why, position=before)

    def explain_at(self, prov: str) -> bool:
        """Right click on the map of a past phase: select the result of the unit there in
        the Results dock and open why it came out so; False if there is none."""
        dock = self.results_dock
        for row in range(dock.table.rowCount()):
            item = dock.table.item(row, 2)
            toks = item.text().split() if item is not None else []
            loc = toks[2] if toks and toks[0] in ("B", "D") and len(toks) > 2 else toks[1] if len(toks) > 1 else ""
            if loc.split("/")[0] == prov:
                dock.show()
                dock.raise_()  # its tab, in front of history's and the inspector's
                dock.table.setCurrentCell(row, 0)
                dock.show_why(row)
                return True
        return False

    def shown_position(self) -> tuple[Position, Any]:
        """The position on the map and its results (None for the current phase)."""
        if self.viewed is None:
            return self.doc.position, None
        return self.doc.position_at(self.viewed), self.doc.history[self.viewed].result

    def rollback(self, index: int) -> None:
        if self.doc is None or not 0 <= index < len(self.doc.history):
            return
        self.flush()
        self.push(cmd.RollbackCommand(self.doc, index))
        self.show_phase(None)

    def _history_changed(self) -> None:
        doc = self.doc
        self._past_views = {}
        other = doc.active != self._shown_active  # another timeline: its current phase
        self._shown_active = doc.active
        if self.viewed is not None and (other or self.viewed >= len(doc.history)):
            self.viewed = None
            self._show_everything()
        trunk, lines = self.timelines()
        self.history_dock.set_timelines(trunk, lines, doc.active)
        self.history_dock.select(self.viewed)
        self._whatif_changed()
        if self.viewed is None:
            self._show_results(len(doc.history) - 1)
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
