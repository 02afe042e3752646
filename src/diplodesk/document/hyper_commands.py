"""Every change to a Hypereconomic game is one of these commands, pushed on the document's
undo stack: a nation's orders (typed, clicked or pasted) and the season's adjudication."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from .hyper_game import HyperGameDocument, HyperState


class SetHyperOrdersCommand(QUndoCommand):
    """Set the orders of one nation or bank, or several (``{giver: [texts]}``)."""

    def __init__(self, doc: HyperGameDocument, orders: dict[str, list[str] | tuple[str, ...]],
                 text: str | None = None):
        super().__init__(text or f"Orders of {', '.join(orders)}")
        self.doc = doc
        self.new = {g: tuple(t) for g, t in orders.items()}
        self.old = {g: doc.orders(g) for g in orders}

    def redo(self) -> None:
        self.doc.set_orders(self.new)

    def undo(self) -> None:
        self.doc.set_orders(self.old)


class AdjudicateHyperCommand(QUndoCommand):
    """Play the season and move on to the next; undo puts the season back with its orders."""

    def __init__(self, doc: HyperGameDocument):
        super().__init__(f"Adjudicate {doc.position.phase}")
        self.doc = doc
        self.before: HyperState | None = None
        self.after: HyperState | None = None
        self.error: str | None = None
        self.outcome = None

    def redo(self) -> None:
        if self.after is not None:
            self.doc.restore(self.after)
            self.doc.adjudicated.emit(len(self.doc.history) - 1)
            return
        self.before = self.doc.snapshot()
        try:
            self.outcome = self.doc.process()
        except (ValueError, KeyError) as e:
            self.error = str(e)
            self.setObsolete(True)
            return
        except Exception as e:  # noqa: BLE001 - a fault in the engine must not take the game with it
            self.error = f"the engine could not adjudicate {self.doc.position.phase}: {type(e).__name__}: {e}"
            self.setObsolete(True)
            return
        self.after = self.doc.snapshot()

    def undo(self) -> None:
        if self.before is not None:
            self.doc.restore(self.before)
