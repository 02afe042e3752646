"""What-if branches in the window: try other orders from a phase, go between the real game
and its branches, compare two, make one the game, delete one. Each is a command on the
document's undo stack (``document/commands.py``), so it can be taken back."""

from __future__ import annotations

from ...document import branches
from ...document import commands as cmd
from ..history_tree import Line
from .state import WindowState


class WindowWhatIf(WindowState):
    """Mixed into the main window: the History dock's branches and the Game menu's what-ifs."""

    def timelines(self) -> tuple[Line, list[Line]]:
        """The real game and its branches, as the History dock lists them."""
        doc = self.doc
        game = doc.trunk
        trunk = Line([r.phase for r in game.history], str(game.current.phase), game.winner, branches.REAL)
        lines = [Line([r.phase for r in branches.records(game, b)], str(b.current.phase), b.winner, b.name, b.fork)
                 for b in game.branches]
        return trunk, lines

    def try_other_orders(self, branch: int | None = ..., index: int | None = None) -> None:  # type: ignore[assignment]
        """A what-if from phase ``index`` (None: the current one) of ``branch`` (None: the
        real game; by default the timeline played and the phase shown)."""
        if self.doc is None:
            return
        if branch is ...:
            branch, index = self.doc.active, self.viewed
        line = branches.records(self.doc.trunk, self.doc.branches[branch] if branch is not None else None)
        at = len(line) if index is None else index
        if self.push(cmd.OpenBranchCommand(self.doc, at, within=branch)):
            self.show_phase(None)
            self.show_hint(f"{self.doc.branch.name}: change the orders and adjudicate; "
                           "the real game is untouched")

    def go_to(self, branch: int | None, index: int | None = None) -> None:
        """Look at phase ``index`` of another timeline: it becomes the one played."""
        if self.doc is None or branch == self.doc.active:
            self.show_phase(index)
            return
        if self.push(cmd.SwitchBranchCommand(self.doc, branch)):
            self.viewed = None
            self._history_changed()
            self.show_phase(index)

    def back_to_game(self) -> None:
        self.go_to(None)

    def compare_timelines(self, left: int | None = None, right: int | None = ...) -> None:  # type: ignore[assignment]
        """Two timelines side by side (None: the real game); by default the real game and
        the branch played (or the first branch)."""
        from ..compare_dialog import CompareDialog

        if self.doc is None:
            return
        if right is ...:
            right = self.doc.active if self.doc.active is not None else (0 if self.doc.branches else None)
        if right is None and left is None and not self.doc.branches:
            self.prompts.info("Compare", "There is no what-if to compare yet: right-click a phase in the "
                              "History and choose 'Try other orders from here'.")
            return
        dialog = CompareDialog(self.doc, self.layers, left, right, self)
        self.compare_dialog = dialog
        dialog.show()

    def promote_branch(self, index: int | None = None) -> None:
        """Make a branch the game, after asking (undoable; the game's own phases from the
        fork are kept as a branch)."""
        doc = self.doc
        index = doc.active if index is None and doc is not None else index
        if doc is None or index is None or not 0 <= index < len(doc.branches):
            return
        b = doc.branches[index]
        phase = branches.position_at_fork(doc.trunk, b.fork).phase
        if not self.prompts.confirm("Make this the game?",
                                    f"'{b.name}' becomes the real game from {phase.long_name} on. The game's "
                                    "own phases from there are kept as a branch, and Undo takes it back."):
            return
        if self.push(cmd.PromoteBranchCommand(doc, index)):
            self.viewed = None
            self._history_changed()
            self.show_phase(None)

    def delete_branch(self, index: int | None = None) -> None:
        doc = self.doc
        index = doc.active if index is None and doc is not None else index
        if doc is None or index is None or not 0 <= index < len(doc.branches):
            return
        name = doc.branches[index].name
        if not self.prompts.confirm("Delete this branch?", f"Delete the what-if '{name}' and its phases? "
                                    "Undo brings it back."):
            return
        if self.push(cmd.DeleteBranchCommand(doc, index)):
            self.viewed = None
            self._history_changed()
            self.show_phase(None)

    def _whatif_changed(self) -> None:
        """The timeline played changed: the actions that depend on it."""
        doc = self.doc
        if doc is None:
            return
        inside = doc.branch is not None
        for a in (self.act_back_to_game, self.act_promote, self.act_delete_branch):
            a.setEnabled(inside)
        self.act_compare.setEnabled(bool(doc.branches))
