"""A nation's order sheet: its orders as text, one a line, checked by the engine as they are
typed (a line it refuses is underlined, the line under the cursor says why, with its number),
completed from the engine's words (Ctrl+Space), with the budget bar under it and a button to
paste an e-mail of orders. Typed orders become one command on the undo stack when typing
pauses, when the sheet loses focus, or before any other change is made.

The desk shows one sheet at a time in its Orders dock, picked from a searchable list
(``sheet_picker.py``): the world board has over a hundred nations, banks and territories.
"""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeySequence, QSyntaxHighlighter, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QCompleter,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...document.hyper_game import HyperGameDocument
from ...document.hyper_preview import LineCheck, Preview
from .budget_bar import BudgetBar

COMMIT_DELAY_MS = 700
CHECK_DELAY_MS = 120


def sheet_lines(text: str) -> tuple[list[str], dict[int, int]]:
    """The orders of a sheet (its non-blank lines) and, for each, its block number."""
    orders, blocks = [], {}
    for block, line in enumerate(text.split("\n")):
        if line.strip():
            blocks[len(orders)] = block
            orders.append(line.strip())
    return orders, blocks


class SheetHighlighter(QSyntaxHighlighter):
    """Underlines each line the engine refuses (red) or cannot pay for (orange)."""

    def __init__(self, document):
        super().__init__(document)
        self.by_block: dict[int, LineCheck] = {}
        self._bad = QTextCharFormat()
        self._bad.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        self._bad.setUnderlineColor(QColor("#d0021b"))
        self._bad.setForeground(QColor("#b00018"))
        self._short = QTextCharFormat()
        self._short.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        self._short.setUnderlineColor(QColor("#e08a00"))

    def highlightBlock(self, text: str) -> None:
        check = self.by_block.get(self.currentBlock().blockNumber())
        if check is not None and not check.ok and text.strip():
            fmt = self._short if check.reason == "cannot pay" else self._bad
            self.setFormat(0, len(text), fmt)


class SheetEditor(QPlainTextEdit):
    """The text, with completion on Ctrl+Space from the document's words."""

    focus_left = Signal()
    offered_nothing = Signal(str)  # why Ctrl+Space has no word to offer

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.words_for = None  # callable(text before the cursor) -> (partial, [words])
        self.why_none = None  # callable(text before the cursor) -> why no word may come next
        self.completer = QCompleter(self)
        self.completer.setModel(QStringListModel(self.completer))
        self.completer.setWidget(self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.activated.connect(self.insert_completion)
        self._partial = ""

    def keyPressEvent(self, event) -> None:
        popup = self.completer.popup()
        if popup.isVisible() and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab,
                                                 Qt.Key.Key_Escape):
            event.ignore()
            return
        if event.key() == Qt.Key.Key_Space and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.complete()
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        if not self.completer.popup().isVisible():
            self.focus_left.emit()

    def _before(self) -> str:
        cur = self.textCursor()
        return cur.block().text()[: cur.positionInBlock()]

    def candidates(self) -> tuple[str, list[str]]:
        return self.words_for(self._before()) if self.words_for is not None else ("", [])

    def complete(self) -> list[str]:
        """Offer the words that may come next; one alone is put in at once; none: say why."""
        partial, words = self.candidates()
        if not words and self.why_none is not None:
            self.offered_nothing.emit(self.why_none(self._before()))
        self._partial = partial
        if len(words) == 1:
            self.insert_completion(words[0])
            return words
        model = self.completer.model()
        model.setStringList(words)
        self.completer.setCompletionPrefix("")
        rect = self.cursorRect()
        rect.setWidth(220)
        if words:
            self.completer.complete(rect)
        return words

    def insert_completion(self, word: str) -> None:
        cur = self.textCursor()
        cur.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor, len(self._partial))
        cur.insertText(word + " ")
        self.setTextCursor(cur)
        self._partial = ""


class OrderSheet(QWidget):
    """One nation's (or bank's) sheet."""

    committed = Signal(str, list)  # giver, orders
    paste_requested = Signal(str)  # giver

    def __init__(self, doc: HyperGameDocument, giver: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(f"sheet-{giver}")
        self.setWindowTitle(doc.name_of(giver))
        self.doc, self.giver = doc, giver
        self.preview: Preview | None = None
        body = self
        self.editor = SheetEditor(body)
        self.editor.setObjectName(f"sheet-editor-{giver}")
        self.editor.setPlaceholderText(self.doc.hints(giver).placeholder())  # from its own board
        self.editor.words_for = lambda before: self.doc.words().candidates(self.giver, before)
        self.editor.why_none = lambda before: self.doc.words().why_none(self.giver, before)
        self.highlighter = SheetHighlighter(self.editor.document())
        self.why = QLabel()
        self.why.setObjectName(f"sheet-why-{giver}")
        self.why.setWordWrap(True)
        self.budget = BudgetBar(body)
        self.paste = QPushButton("Paste e-mail…")
        self.paste.setObjectName(f"sheet-paste-{giver}")
        self.paste.setToolTip("Orders pasted from an e-mail, split by the nations they name")
        self.paste.clicked.connect(lambda: self.paste_requested.emit(self.giver))
        complete = QPushButton("Complete")
        complete.setToolTip(f"The words that may come next ({QKeySequence('Ctrl+Space').toString()})")
        complete.clicked.connect(self.editor.complete)
        buttons = QHBoxLayout()
        buttons.addWidget(complete)
        buttons.addStretch(1)
        buttons.addWidget(self.paste)
        # the sheet never shrinks below a few orders, however the docks around it are pulled
        self.editor.setMinimumHeight(self.editor.fontMetrics().lineSpacing() * 5 + 12)
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.editor, 1)
        lay.addWidget(self.why)
        lay.addWidget(self.budget)
        lay.addLayout(buttons)
        self._commit = QTimer(self)
        self._commit.setSingleShot(True)
        self._commit.setInterval(COMMIT_DELAY_MS)
        self._commit.timeout.connect(self.commit)
        self._check = QTimer(self)
        self._check.setSingleShot(True)
        self._check.setInterval(CHECK_DELAY_MS)
        self._check.timeout.connect(self.recheck)
        self._loading = False
        self._text = ""
        self._stale = True
        self.editor.textChanged.connect(self._typed)
        self.editor.cursorPositionChanged.connect(self._explain)
        self.editor.focus_left.connect(self.commit)
        self.editor.offered_nothing.connect(self._say_why_none)
        self._why_none: tuple[str, int, str] | None = None  # (text, cursor, why): until either moves
        self.reload()

    # -- the document's orders in, typed orders out ----------------------------------------

    def reload(self) -> None:
        """Show the document's orders (unless the same text is there already)."""
        orders = list(self.doc.orders(self.giver))
        if sheet_lines(self.editor.toPlainText())[0] != orders:
            self._loading = True
            self.editor.setPlainText("\n".join(orders))
            self._loading = False
        self._text = self.editor.toPlainText()
        self._commit.stop()
        if not self.editor.toPlainText():
            self.editor.setPlaceholderText(self.doc.hints(self.giver).placeholder())
        self.recheck_soon()

    def recheck_soon(self) -> None:
        """Check now if the sheet is on screen; a sheet behind another tab when it shows."""
        if self.isVisible() and not self.visibleRegion().isEmpty():
            self.recheck()
        else:
            self._stale = True

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._stale:  # its checks waited while another sheet was shown
            self.recheck()

    def has_pending(self) -> bool:
        return self._commit.isActive()

    def commit(self) -> None:
        self._commit.stop()
        orders = sheet_lines(self.editor.toPlainText())[0]
        if orders != list(self.doc.orders(self.giver)):
            self.committed.emit(self.giver, orders)

    def _typed(self) -> None:
        # a new underline changes the document too: only a change of the text counts
        text = self.editor.toPlainText()
        if self._loading or text == self._text:
            return
        self._text = text
        self._commit.start()
        self._check.start()

    # -- the engine's view -------------------------------------------------------------------

    def recheck(self) -> None:
        self._check.stop()
        self._stale = False
        orders, blocks = sheet_lines(self.editor.toPlainText())
        self.preview = self.doc.preview_with(self.giver, orders)
        self.highlighter.by_block = {blocks[c.number - 1]: c for c in self.preview.check(self.giver)
                                     if c.number - 1 in blocks}
        self.highlighter.rehighlight()
        self.budget.show_budget(self.preview.budgets.get(self.giver))
        self._explain()

    def go_to_line(self, number: int) -> None:
        """The cursor at the end of order line ``number`` (1-based, as the checks count them),
        its reason on the line below the sheet."""
        _orders, blocks = sheet_lines(self.editor.toPlainText())
        block = self.editor.document().findBlockByNumber(blocks.get(number - 1, 0))
        cur = QTextCursor(block)
        cur.movePosition(QTextCursor.MoveOperation.EndOfBlock)
        self.editor.setTextCursor(cur)
        self.editor.setFocus()
        self._explain()

    def checks(self) -> list[LineCheck]:
        return list(self.preview.check(self.giver)) if self.preview else []

    def _say_why_none(self, why: str) -> None:
        """Why Ctrl+Space offered nothing, kept on the status line until the GM types or moves."""
        self._why_none = (self.editor.toPlainText(), self.editor.textCursor().position(), why)
        self.why.setText(why)

    def _explain(self) -> None:
        said = self._why_none
        if said is not None and said[:2] == (self.editor.toPlainText(), self.editor.textCursor().position()):
            self.why.setText(said[2])
            return
        self._why_none = None
        if self.preview is not None and self.preview.problem:
            self.why.setText(self.preview.problem)
            return
        block = self.editor.textCursor().blockNumber()
        check = self.highlighter.by_block.get(block)
        bad = [c for c in self.checks() if not c.ok]
        if check is not None:
            self.why.setText(f"line {check.number}: {self.advice(check)}")
        elif bad:
            self.why.setText(f"{len(bad)} line{'s' if len(bad) != 1 else ''} refused; "
                             f"first, line {bad[0].number}: {self.advice(bad[0])}")
        else:
            self.why.setText("")

    def advice(self, check: LineCheck) -> str:
        """The engine's reason, and what this nation could write instead: a near miss's
        "did you mean", or the example in its own provinces of the order the message shows."""
        if check.ok:
            return check.message()
        hints = self.doc.hints(self.giver)
        out = check.message()
        near = hints.did_you_mean(check.text, check.reason, check.detail)
        if near:
            out += f" — {near}"
        example = hints.example_for(check.detail)
        if example and example not in out:
            out += f" (here: {example})"
        return out


OrderSheetDock = OrderSheet  # the name it had when each sheet was a dock of its own
