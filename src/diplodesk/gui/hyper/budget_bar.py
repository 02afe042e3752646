"""The budget bar of an order sheet: per factor, what the orders and upkeep ask against what
the nation may spend this season, and which items the T5 loop would fail first."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...document.hyper_preview import FACTORS, SHOWN, Budget


def amount(factor: str, v: int) -> str:
    return f"${v / 2:g}" if factor == "gold" else f"{v}"


class _Bars(QWidget):
    """Four small bars: the part of the money on hand the orders ask for, red past it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.budget: Budget | None = None
        # a row for each factor, each as tall as a line of text: never one over another's
        self.setMinimumHeight(self.rows_height())

    def rows_height(self) -> int:
        return len(FACTORS) * (self.fontMetrics().height() + 3)

    def sizeHint(self) -> QSize:
        return QSize(260, self.rows_height())

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        b = self.budget
        row = self.height() / len(FACTORS)
        label_w, text_w = 22.0, 92.0
        bar_w = max(20.0, self.width() - label_w - text_w - 6)
        for i, f in enumerate(FACTORS):
            y = i * row + 2
            h = row - 4
            p.setPen(self.palette().color(self.foregroundRole()))
            p.drawText(QRectF(0, y, label_w, h), Qt.AlignmentFlag.AlignVCenter, SHOWN[f])
            track = QRectF(label_w, y + h * 0.2, bar_w, h * 0.6)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#e3e3e3"))
            p.drawRoundedRect(track, 3, 3)
            if b is None:
                continue
            have, want = b.on_hand.get(f, 0), b.committed.get(f, 0)
            if have > 0 or want > 0:
                frac = min(1.0, want / have) if have > 0 else 1.0
                fill = QRectF(track.x(), track.y(), track.width() * frac, track.height())
                p.setBrush(QColor("#c62828") if want > have else QColor("#3b7dd8"))
                p.drawRoundedRect(fill, 3, 3)
            p.setPen(self.palette().color(self.foregroundRole()))
            p.drawText(QRectF(label_w + bar_w + 6, y, text_w, h), Qt.AlignmentFlag.AlignVCenter,
                       f"{amount(f, want)} of {amount(f, have)}")
        p.end()


class BudgetBar(QWidget):
    """The bars, and a line per item T5 would fail (in the order it fails them)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.bars = _Bars(self)
        self.bars.setObjectName("budget-bars")
        self.note = QLabel()
        self.note.setObjectName("budget-note")
        self.note.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.bars)
        lay.addWidget(self.note)

    def show_budget(self, budget: Budget | None) -> None:
        self.bars.budget = budget
        self.bars.update()
        if budget is None:
            self.note.setText("")
            return
        over = [SHOWN[f] for f in FACTORS if budget.over(f)]
        if not budget.shortfalls:
            self.note.setText("Everything can be paid from the start-of-season stock (I.5).")
            return
        head = f"Short of {', '.join(over)}: T5 fails first" if over else "T5 fails first"
        items = "; ".join(s.describe() for s in budget.shortfalls[:4])
        more = len(budget.shortfalls) - 4
        self.note.setText(f"{head}: {items}" + (f"; and {more} more" if more > 0 else ""))

    def text(self) -> str:
        return self.note.text()
