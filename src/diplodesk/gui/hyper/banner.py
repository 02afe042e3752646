"""The strip over the desk's map while a season is not final: a blocking question waits for
the GM (IX.3, IX.5, IX.7 ...), and the next season is not adjudicated until it is answered.
It says so where the GM is looking, with the question, and takes them to it."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from ...document import hyper_desk
from ...engine.hyper.report import season_name

STYLE = "#question-banner { background: #fde2b8; border-bottom: 1px solid #d08a1e; }"


class QuestionBanner(QFrame):
    """Shown while the last season has an open blocking question."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("question-banner")
        self.setStyleSheet(STYLE)
        self.text = QLabel()
        self.text.setObjectName("question-banner-text")
        self.text.setWordWrap(True)
        self.answer = QPushButton("Answer…")
        self.answer.setObjectName("question-banner-answer")
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 8, 4)
        row.addWidget(self.text, 1)
        row.addWidget(self.answer)
        self.hide()

    def show_for(self, doc) -> None:
        waiting = hyper_desk.open_blocking(doc.game)
        if not waiting:
            self.hide()
            return
        last = season_name(str(doc.history[-1].phase))
        q = waiting[0]
        rule = f" ({q['rule']})" if q.get("rule") else ""
        more = f", and {len(waiting) - 1} more" if len(waiting) > 1 else ""
        self.text.setText(f"<b>{last} is not final.</b> The GM must answer: {q['question']}{rule}{more}. "
                          f"{season_name(str(doc.position.phase))} is adjudicated once it is answered.")
        self.show()


class HistoryBanner(QFrame):
    """Shown while the map shows an earlier season than the one being ordered (read only)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("history-banner")
        self.setStyleSheet("#history-banner { background: #dde8f6; border-bottom: 1px solid #7b9cc6; }")
        self.text = QLabel()
        self.text.setObjectName("history-banner-text")
        self.back = QPushButton("Back to the season being ordered")
        self.back.setObjectName("history-banner-back")
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 8, 4)
        row.addWidget(self.text, 1)
        row.addWidget(self.back)
        self.hide()
