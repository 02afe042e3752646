"""The GM's queue of what the rules leave open: the last adjudication's ``decisions_needed``,
and the GM's adjustments to that season (IX.7, IX.8).

Each question shows its options, the default the engine took and whether it blocks the
season. Choosing an answer stores it in the adjudicated position and adjudicates again
(an undoable command); "default" takes the answer back. Below, the GM adds to or takes from
a nation's stock with a reason (what an order the GM allowed brings, a fiat): each is an
undoable command too, and the season is adjudicated again with it.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...document import hyper_desk
from ...engine.hyper.report import season_name
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
        box.addWidget(QLabel("<b>The GM's adjustments to this season</b> (IX.7, IX.8): "
                             "what an order you allowed brings, or a fiat; each in the statement with its reason"))
        self.adjusted = grid(["Nation", "Factor", "Amount", "Reason"], stretch=3, name="adjustments")
        self.adjusted.setMaximumHeight(110)
        box.addWidget(self.adjusted)
        row = QHBoxLayout()
        self.nation = QComboBox()
        self.nation.setObjectName("adjust-nation")
        self.nation.setEditable(True)
        self.nation.setMinimumContentsLength(14)
        self.factor = QComboBox()
        self.factor.setObjectName("adjust-factor")
        for f, shown in zip(hyper_desk.ADJUSTED, ("$", "M", "A", "I"), strict=True):
            self.factor.addItem(shown, f)
        self.amount = QDoubleSpinBox()
        self.amount.setObjectName("adjust-amount")
        self.amount.setRange(-9999, 9999)
        self.amount.setDecimals(1)
        self.amount.setSingleStep(0.5)
        self.reason = QLineEdit()
        self.reason.setObjectName("adjust-reason")
        self.reason.setPlaceholderText("why, as the players will read it")
        self.reason.returnPressed.connect(self.add_adjustment)
        add = QPushButton("Add")
        add.setObjectName("adjust-add")
        add.clicked.connect(self.add_adjustment)
        self.take_back = QPushButton("Take back")
        self.take_back.setToolTip("Take back the adjustment picked in the list")
        self.take_back.clicked.connect(lambda: self.remove_adjustment(self.adjusted.currentRow()))
        for w in (self.nation, self.factor, self.amount):
            row.addWidget(w)
        row.addWidget(self.reason, 1)
        row.addWidget(add)
        row.addWidget(self.take_back)
        box.addLayout(row)
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
            self.heading.setText(f"{season_name(str(r.get('phase', '')))}: {len(self.questions)} question"
                                 f"{'s' if len(self.questions) != 1 else ''} for the GM ({final})")
        if [q["id"] for q in self.questions] == list(self.boxes):
            self._fill(rebuild=False)  # the same questions: no combo box is replaced under the GM
        elif self._answering:
            QTimer.singleShot(0, self._fill)  # never delete the box whose signal is running
        else:
            self._fill()
        self._fill_adjustments(r)

    def _fill_adjustments(self, result) -> None:
        game = self.view.game
        made = hyper_desk.adjustments(game)
        names = getattr(self.view, "name_of", None)
        self.adjusted.setRowCount(len(made))
        for i, a in enumerate(made):
            amount = f"{a['amount']:+g}"
            who = names(a["nation"]) if callable(names) else a["nation"]
            for j, text in enumerate((who, "$" if a["factor"] == "gold" else a["factor"], amount, a["reason"])):
                self.adjusted.setItem(i, j, QTableWidgetItem(text))
        nations = sorted((game.history[-1].position.get("economy") or {}).get("nations", {})) if game.history else []
        if [self.nation.itemData(i) for i in range(self.nation.count())] != nations:
            keep = self.nation.currentData()
            self.nation.clear()
            for n in nations:
                self.nation.addItem(f"{names(n)} ({n})" if callable(names) else n, n)
            self.nation.setCurrentIndex(max(0, self.nation.findData(keep)))
        for w in (self.nation, self.factor, self.amount, self.reason):
            w.setEnabled(result is not None)
        self.take_back.setEnabled(bool(made))

    def focus_question(self, qid: str) -> bool:
        """Select a question and put the cursor on its answer (the desk takes the GM here)."""
        ids = [q["id"] for q in self.questions]
        if qid not in ids:
            return False
        row = ids.index(qid)
        self.table.selectRow(row)
        self.table.scrollToItem(self.table.item(row, 0))
        box = self.boxes.get(qid)
        if box is not None:
            box.setFocus()
        return True

    def add_adjustment(self) -> bool:
        """The adjustment typed below the questions, as one undoable command."""
        nation = self.nation.currentData()
        text = self.nation.currentText().strip()
        if text and text != self.nation.itemText(self.nation.currentIndex()):
            nation = text.rsplit("(", 1)[-1].rstrip(")").strip() if "(" in text else text
        try:
            command = hyper_desk.adjustment_command(self.view.game, str(nation or ""), self.factor.currentData(),
                                                    self.amount.value(), self.reason.text())
        except hyper_desk.DeskError as e:
            self._say(str(e), bad=True)
            return False
        self.view.push(command)
        self.reason.clear()
        self.amount.setValue(0)
        self._say(f"{command.text}; the season was adjudicated again")
        return True

    def remove_adjustment(self, index: int) -> bool:
        try:
            command = hyper_desk.remove_adjustment_command(self.view.game, index)
        except hyper_desk.DeskError as e:
            self._say(str(e), bad=True)
            return False
        self.view.push(command)
        self._say(f"{command.text}; the season was adjudicated again")
        return True

    def _say(self, text: str, bad: bool = False) -> None:
        self.message.setStyleSheet("color: #a00000;" if bad else "")
        self.message.setText(text)

    def _fill(self, rebuild: bool = True) -> None:
        if rebuild:
            self.boxes = {}
        self.table.setRowCount(len(self.questions))
        for i, q in enumerate(self.questions):
            # the question as the engine words it, nations by name; its id (the key a GM
            # answers by in the game file) only in the tip
            cells = [q["question"], q.get("rule", ""), q["default"], "yes" if q["blocking"] else "no"]
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(f"{q['question']}\n(in the game file: decisions, {q['id']})")
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
            self._say(str(e), bad=True)
            return False
        self._answering = True
        try:
            self.view.push(command)
        finally:
            self._answering = False
        self._say(f"{command.text}; the season was adjudicated again")
        return True
