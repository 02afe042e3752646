"""The GM's queue of what the rules leave open: the last adjudication's ``decisions_needed``.

Each question shows its options, the default the engine took and whether it blocks the
season. Choosing an answer stores it in the adjudicated position and adjudicates again
(an undoable command); "default" takes the answer back.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...document import hyper_desk
from .grids import grid

DEFAULT = "(default)"
OPEN_BLOCKING = "#ffd6d6"


class DecisionsPanel(QWidget):
    COLUMNS = ["Question", "Rule", "Default", "Blocking", "Answer"]
    ANSWER = 4

    def __init__(self, view, parent: QWidget | None = None):
        super().__init__(parent)
        self.view = view
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        self.heading = QLabel()
        box.addWidget(self.heading)
        self.table = grid(self.COLUMNS, stretch=0)
        box.addWidget(self.table, 1)
        self.message = QLabel()
        self.message.setWordWrap(True)
        box.addWidget(self.message)
        self.questions: list[dict] = []
        self.boxes: dict[str, QComboBox] = {}
        self._answering = False
        view.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        game = self.view.game
        self.questions = hyper_desk.questions(game)
        r = hyper_desk.last_result(game)
        if r is None:
            self.heading.setText("No season adjudicated yet")
        else:
            final = "final" if r.get("final", True) else "not final: a blocking question is open"
            self.heading.setText(f"{r.get('phase', '')}: {len(self.questions)} question"
                                 f"{'s' if len(self.questions) != 1 else ''} for the GM ({final})")
        if [q["id"] for q in self.questions] == list(self.boxes):
            self._fill(rebuild=False)  # the same questions: no combo box is replaced under the GM
        elif self._answering:
            QTimer.singleShot(0, self._fill)  # never delete the box whose signal is running
        else:
            self._fill()

    def _fill(self, rebuild: bool = True) -> None:
        if rebuild:
            self.boxes = {}
        self.table.setRowCount(len(self.questions))
        for i, q in enumerate(self.questions):
            cells = [f"{q['question']}\n{q['id']}", q.get("rule", ""), q["default"],
                     "yes" if q["blocking"] else "no"]
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(q["id"])
                if q["blocking"] and not q["answered"]:
                    item.setBackground(QBrush(QColor(OPEN_BLOCKING)))
                self.table.setItem(i, j, item)
            box = self.boxes.get(q["id"])
            if box is None:
                box = self.boxes[q["id"]] = QComboBox()
                box.addItems([DEFAULT, *q["options"]])
                box.currentTextChanged.connect(lambda text, qid=q["id"]: self.answer(qid, text))
                self.table.setCellWidget(i, self.ANSWER, box)
            box.blockSignals(True)
            box.setCurrentText(q["taken"] if q["answered"] else DEFAULT)
            box.blockSignals(False)
        self.table.resizeRowsToContents()

    def answer(self, qid: str, text: str) -> bool:
        """The GM's answer (``(default)``: none); adjudicates the season again."""
        try:
            command = hyper_desk.answer_command(self.view.game, qid, None if text == DEFAULT else text)
        except hyper_desk.DeskError as e:
            self.message.setStyleSheet("color: #a00000;")
            self.message.setText(str(e))
            return False
        self._answering = True
        try:
            self.view.push(command)
        finally:
            self._answering = False
        self.message.setStyleSheet("")
        self.message.setText(f"{command.text}; the season was adjudicated again")
        return True
