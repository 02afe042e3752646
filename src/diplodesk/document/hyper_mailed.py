"""The orders of a season that came by mail, entered at the desk as one undoable step: the
orders of every nation and bank the GM kept, and who signed them (IX.4), both of which the
mailroom worked out (``mail.hyper_intake.entered``) into the position given here."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QUndoCommand

from ..engine.hyper.model import HyperPosition
from .hyper_game import HyperGameDocument


class MailedOrdersCommand(QUndoCommand):
    def __init__(self, doc: HyperGameDocument, position: HyperPosition, text: str):
        super().__init__(text)
        self.doc, self.new, self.old = doc, position, doc.position

    def redo(self) -> None:
        self.doc.restore(replace(self.doc.snapshot(), current=self.new))

    def undo(self) -> None:
        self.doc.restore(replace(self.doc.snapshot(), current=self.old))
