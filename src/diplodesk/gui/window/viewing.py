"""What is looked at: the power being edited, the map as the GM sees it or as that power
knows it, and what the map shows of the phase."""

from __future__ import annotations

from typing import Any

from ...document.choices import tentative, with_setups
from ...engine.position import Position
from .state import WindowState


class WindowViewing(WindowState):
    """Mixed into the main window: the power, the point of view and the map's content."""

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
        from ...document.power_view import entry_view

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
                from ...document.power_view import phase_view

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

    def set_as_power(self, on: bool) -> None:
        self.as_power = bool(on)
        self.act_as_power.setChecked(self.as_power)
        self.inspector_dock.set_on_map(self.as_power)
        self.view.set_options(power=self.power if self.as_power else None)
        self._show_content()
        self._results_as_seen()
        self.controller.reset()

    def _results_as_seen(self) -> None:
        """The Results dock again, as the map now shows them (all, or as the power knows)."""
        if self.doc is not None:
            self._show_results(self.viewed if self.viewed is not None else len(self.doc.history) - 1)

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
            if changed:
                self._results_as_seen()
        self.controller.reset()
        if changed:
            self.power_changed.emit(power)

    def _step_power(self, step: int) -> None:
        powers = self.doc.powers
        i = powers.index(self.power) if self.power in powers else 0
        self.set_power(powers[(i + step) % len(powers)])

    def _show_content(self) -> None:
        if self.doc is None:
            return
        if self.layers is not None:
            pos, results = self.display_position()
            self.view.set_fog(self._fog())
            self.view.set_content(pos, results)
        self._refresh_inspector()

    def _fog(self) -> frozenset[str]:
        """What the power cannot see, when the map is shown as it knows it in a Blind game."""
        if not self.as_power_active:
            return frozenset()
        from ...document.power_view import phase_view
        from ...engine.rules import blind

        if self.viewed is not None:
            pos, _ = self.shown_position()
            key = (id(self.doc.history[self.viewed]), self.power)
            v = self._past_views.get(key) or phase_view(pos, self.power, True)
            return v.fog
        pos = self.doc.position
        if not blind.active(pos):
            return frozenset()
        return frozenset(pos.board.provinces) - frozenset(blind.sees(pos, self.power))

    def _toggle_orders(self, on: bool) -> None:
        self.view.set_options(show_orders=on)

    def _toggle_labels(self, on: bool) -> None:
        self.view.set_options(show_labels=on)
