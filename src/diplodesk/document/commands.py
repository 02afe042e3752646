"""Every change to a game is one of these commands, pushed on the document's undo stack.

Each ``redo``/``undo`` is a line or two that calls the document. Adjudication and
roll-back keep the whole game state from before and after (positions are immutable
values, so this costs little) and swap it back and forth.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from ..engine.board import UnitType
from ..engine.position import Position
from . import edits
from .game_document import GameDocument, GameState


class SetOrdersCommand(QUndoCommand):
    """Set the orders of one power or several (``{power: [texts]}``)."""

    def __init__(self, doc: GameDocument, orders: dict[str, list[str] | tuple[str, ...]],
                 text: str | None = None):
        powers = ", ".join(orders)
        super().__init__(text or f"Orders of {powers}")
        self.doc = doc
        self.new = {p: tuple(t) for p, t in orders.items()}
        self.old = {p: doc.orders(p) for p in orders}

    def redo(self) -> None:
        self.doc.set_orders(self.new)

    def undo(self) -> None:
        self.doc.set_orders(self.old)


class SetRosterCommand(QUndoCommand):
    """Set the GM's players and their addresses (the game file's ``players``)."""

    def __init__(self, doc: GameDocument, players: list[dict], text: str = "Players and addresses"):
        super().__init__(text)
        self.doc = doc
        self.new = [dict(p) for p in players]
        self.old = doc.roster

    def redo(self) -> None:
        self.doc.set_roster(self.new)

    def undo(self) -> None:
        self.doc.set_roster(self.old)


class _StateCommand(QUndoCommand):
    """A change worked out once by the document; undo and redo swap whole game states."""

    def __init__(self, doc: GameDocument, text: str):
        super().__init__(text)
        self.doc = doc
        self.before: GameState | None = None
        self.after: GameState | None = None
        self.error: str | None = None

    def apply(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        if self.after is not None:
            self.doc.restore(self.after)
            self.reannounce()
            return
        self.before = self.doc.snapshot()
        try:
            self.apply()
        except (ValueError, IndexError) as e:
            self.error = str(e)
            self.setObsolete(True)  # nothing happened: the stack drops the command
            return
        self.after = self.doc.snapshot()

    def reannounce(self) -> None:
        pass

    def undo(self) -> None:
        if self.before is not None:
            self.doc.restore(self.before)


class AdjudicateCommand(_StateCommand):
    """Process the current phase and move on to the next."""

    def __init__(self, doc: GameDocument):
        super().__init__(doc, f"Adjudicate {doc.position.phase.long_name}")
        self.outcome = None

    def apply(self) -> None:
        self.outcome = self.doc.process()

    def reannounce(self) -> None:
        self.doc.adjudicated.emit(len(self.doc.history) - 1)


class RollbackCommand(_StateCommand):
    """Make processed phase ``index`` current again, with its orders; later phases go."""

    def __init__(self, doc: GameDocument, index: int):
        phase = doc.history[index].phase if 0 <= index < len(doc.history) else "?"
        super().__init__(doc, f"Roll back to {phase}")
        self.index = index

    def apply(self) -> None:
        self.doc.rollback(self.index)


class OpenBranchCommand(_StateCommand):
    """Try other orders from phase ``at`` of the real game (or of branch ``within``): a
    what-if branch, played now."""

    def __init__(self, doc: GameDocument, at: int, name: str | None = None, within: int | None = None):
        super().__init__(doc, "Try other orders")
        self.at, self.name, self.within = at, name, within

    def apply(self) -> None:
        self.doc.open_branch(self.at, self.name, self.within)
        self.setText(f"Try other orders: {self.doc.branch.name}")


class SwitchBranchCommand(_StateCommand):
    """Play another timeline: branch ``index``, or None for the real game."""

    def __init__(self, doc: GameDocument, index: int | None):
        name = doc.branches[index].name if index is not None and 0 <= index < len(doc.branches) else "the real game"
        super().__init__(doc, f"Go to {name}")
        self.index = index

    def apply(self) -> None:
        self.doc.switch(self.index)


class DeleteBranchCommand(_StateCommand):
    def __init__(self, doc: GameDocument, index: int):
        name = doc.branches[index].name if 0 <= index < len(doc.branches) else "?"
        super().__init__(doc, f"Delete the branch {name}")
        self.index = index

    def apply(self) -> None:
        self.doc.delete_branch(self.index)


class PromoteBranchCommand(_StateCommand):
    """Make branch ``index`` the game; the game's own phases from its fork become a branch."""

    def __init__(self, doc: GameDocument, index: int):
        name = doc.branches[index].name if 0 <= index < len(doc.branches) else "?"
        super().__init__(doc, f"Make {name} the game")
        self.index = index

    def apply(self) -> None:
        self.doc.promote(self.index)


class EditPositionCommand(QUndoCommand):
    """Replace the current position by an edited one (the GM's hand edits)."""

    def __init__(self, doc: GameDocument, new: Position, text: str):
        super().__init__(text)
        self.doc = doc
        self.old = doc.position
        self.new = new

    def redo(self) -> None:
        self.doc.set_position(self.new)

    def undo(self) -> None:
        self.doc.set_position(self.old)


# Each hand edit checks itself when made (raising edits.EditError) before it is pushed.


class AddUnitCommand(EditPositionCommand):
    def __init__(self, doc: GameDocument, power: str, utype: UnitType | str, loc: str):
        utype = UnitType(str(utype))
        new = edits.add_unit(doc.position, power, utype, loc)
        super().__init__(doc, new, f"Add {power} {utype.long_name.lower()} in {loc}")


class RemoveUnitCommand(EditPositionCommand):
    def __init__(self, doc: GameDocument, prov: str):
        new = edits.remove_unit(doc.position, prov)
        super().__init__(doc, new, f"Remove the unit in {prov}")


class MoveUnitCommand(EditPositionCommand):
    def __init__(self, doc: GameDocument, prov: str, dest: str):
        new = edits.move_unit(doc.position, prov, dest)
        super().__init__(doc, new, f"Move the unit in {prov} to {dest}")


class ChangeUnitOwnerCommand(EditPositionCommand):
    def __init__(self, doc: GameDocument, prov: str, power: str):
        new = edits.change_unit_owner(doc.position, prov, power)
        super().__init__(doc, new, f"Give the unit in {prov} to {power}")


class SetCenterOwnerCommand(EditPositionCommand):
    def __init__(self, doc: GameDocument, center: str, power: str | None):
        new = edits.set_center_owner(doc.position, center, power)
        super().__init__(doc, new, f"Centre {center} to {power or 'nobody'}")


class SetPhaseCommand(EditPositionCommand):
    def __init__(self, doc: GameDocument, phase: str):
        new = edits.set_phase(doc.position, phase)
        super().__init__(doc, new, f"Set the phase to {new.phase}")


class SetUpChoiceCommand(EditPositionCommand):
    """The GM sets a choice unit up by hand (Woolworth): army or fleet, which coast."""

    def __init__(self, doc: GameDocument, prov: str, setup: str):
        new = edits.set_up_choice(doc.position, prov, setup)
        super().__init__(doc, new, f"Set up the choice unit in {prov} as {setup}")


class SetPlayersCommand(EditPositionCommand):
    """Record who plays which powers (Woolworth's public and secret powers) and how they
    were dealt (the seed of the lots, and the preference lists), in the position's GM-only
    fields ``players`` and ``assignment``. ``players`` None takes the deal away."""

    def __init__(self, doc: GameDocument, players: dict[str, dict[str, str]] | None,
                 seed: int | None = None, preferences: dict[str, list[str]] | None = None):
        from dataclasses import replace

        from ..engine.rules.secret_powers import check_players

        extra = dict(doc.position.extra)
        if players is None:
            extra.pop("players", None)
            extra.pop("assignment", None)
            text = "Take away the players' powers"
        else:
            try:
                check_players(players, doc.powers)
            except ValueError as e:
                raise edits.EditError(str(e)) from None
            extra["players"] = {p: dict(pw) for p, pw in players.items()}
            assignment: dict = {}
            if seed is not None:
                assignment["seed"] = seed
            if preferences:
                assignment["preferences"] = {p: list(v) for p, v in preferences.items()}
            if assignment:
                extra["assignment"] = assignment
            else:
                extra.pop("assignment", None)
            text = f"Deal the powers to {len(players)} players" + (f" (seed {seed})" if seed is not None else "")
        super().__init__(doc, replace(doc.position, extra=extra), text)
