"""Playing the game: adjudicate, GM edits (mode, phase), pasted and cleared orders, and
dealing the powers to players (Woolworth)."""

from __future__ import annotations

from ...document import commands as cmd
from ...document.edits import EditError
from ...document.game_document import GameDocument
from .state import WindowState

ASK_UNORDERED = "adjudicate/ask-unordered"  # the setting behind the question's "Don't ask again"


class WindowPlay(WindowState):
    """Mixed into the main window: the commands of the Edit and Game menus."""

    def adjudicate(self) -> None:
        if self.doc is None:
            return
        self.flush()
        if self.doc.game.winner:
            self.prompts.info("Game over", f"{self.victory_message()}; there is nothing to adjudicate.")
            return
        missing = self.doc.unordered()
        if missing and self.ask_unordered:
            total = len(self.doc.position.units) + len(self.doc.position.choices)
            who = ", ".join(f"{p} {n}" for p, n in missing.items())
            title = "Adjudicate with units unordered?"
            text = (f"{sum(missing.values())} of {total} units have no orders ({who}); "
                    "they will hold. Adjudicate anyway?")
            ask = getattr(self.prompts, "confirm_or_stop_asking", None)
            go, stop = ask(title, text) if ask else (self.prompts.confirm(title, text), False)
            if not go:
                self.show_hint("Not adjudicated: give the missing orders first, or adjudicate again to let them hold")
                return
            if stop:
                self.set_ask_unordered(False)
        self.push(cmd.AdjudicateCommand(self.doc))
        self.results_dock.raise_()  # its tab shares the column with history and the inspector

    @property
    def ask_unordered(self) -> bool:
        """The preference: ask before adjudicating with units unordered (Game menu)."""
        return str(self.settings.value(ASK_UNORDERED, True)).lower() not in ("false", "0")

    def set_ask_unordered(self, on: bool) -> None:
        self.settings.setValue(ASK_UNORDERED, bool(on))
        self.act_ask_unordered.setChecked(bool(on))

    def set_gm_mode(self, on: bool) -> None:
        if on and not self.editable:
            on = False
        self.gm_mode = bool(on)
        self.act_gm.setChecked(self.gm_mode)
        self.controller.reset()
        self.show_hint("GM edit mode: click a province to edit it; drag a unit to move it" if on
                       else (self.controller.entry.hint() if self.controller.entry else ""))

    def set_phase(self) -> None:
        if not self.editable:
            return
        text = self.prompts.phase(str(self.doc.position.phase))
        if not text:
            return
        try:
            c = cmd.SetPhaseCommand(self.doc, text)
        except EditError as e:
            self.prompts.error("Cannot set the phase", str(e))
            return
        self.push(c)

    def paste_orders(self) -> None:
        if not self.editable:
            return
        self.flush()
        orders = self.prompts.paste_orders(self.doc, self.power)
        if orders:
            self.push(cmd.SetOrdersCommand(self.doc, orders, f"Paste orders of {', '.join(orders)}"))

    def clear_orders(self) -> None:
        if not self.editable or not self.doc.orders(self.power):
            return
        self.flush()
        self.push(cmd.SetOrdersCommand(self.doc, {self.power: []}, f"Clear {self.power}'s orders"))

    def assign_powers(self) -> None:
        if self.doc is None or not self.editable:
            return
        self.flush()
        answer = self.prompts.assign_powers(self.doc)
        if not answer:
            return
        deal, seed, preferences = answer
        try:
            command = cmd.SetPlayersCommand(self.doc, deal, seed, preferences)
        except EditError as e:
            self.prompts.error("Cannot deal the powers", str(e))
            return
        self.push(command)
        self.orders_dock.refresh_table()

    def show_players(self) -> None:
        if self.doc is None:
            return
        self.prompts.info("Players (GM only)", players_text(self.doc))


def players_text(doc: GameDocument) -> str:
    """Who plays which power, their centres together: the GM's eyes only."""
    players = doc.players
    if not players:
        return ("No powers dealt yet. Game > Deal the powers to players… deals each player a public "
                "and a secret power from their preference lists.")
    counts: dict[str, int] = {}
    for owner in doc.position.centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    lines = []
    for player, pw in sorted(players.items()):
        pub, sec = pw.get("public", "—"), pw.get("secret", "—")
        total = counts.get(pub, 0) + counts.get(sec, 0)
        lines.append(f"{player}: public {pub}, secret {sec} — {total} centres together")
    seed = doc.assignment.get("seed")
    if seed is not None:
        lines.append(f"\nDealt with seed {seed}.")
    lines.append("\nNever shown to players: no report, map or pack names the owner of a secret power.")
    return "\n".join(lines)
