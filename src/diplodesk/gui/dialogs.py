"""Dialogs, and :class:`Prompts`: every question the window asks the user, in one place.

The window never calls a QMessageBox or a QFileDialog itself; it asks its ``prompts``.
Tests give it stand-in prompts that answer at once.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..document.autosave import Orphan
from ..document.game_document import GameDocument
from ..document.paste import split_orders

GAME_FILTER = "diplodesk games (*.json *.dipl);;All files (*)"
EXPORT_FILTER = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"


class NewGameDialog(QDialog):
    """Choose the variant and its rule options for a new game."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        from ..variants import list_variants

        self.setWindowTitle("New game")
        form = QFormLayout()
        self.variant = QComboBox()
        for info in list_variants():
            self.variant.addItem(f"{info.name} ({info.id})", info.id)
        i = self.variant.findData("standard")
        if i >= 0:
            self.variant.setCurrentIndex(i)
        form.addRow("&Variant:", self.variant)
        self.about = QLabel()
        self.about.setWordWrap(True)
        form.addRow("", self.about)
        self.rules = QLineEdit()
        self.rules.setPlaceholderText("extra rule options, separated by commas (e.g. blind)")
        form.addRow("&Rule options:", self.rules)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(buttons)
        self.variant.currentIndexChanged.connect(self._describe)
        self._describe()

    def _describe(self) -> None:
        from ..variants import load_variant

        vid = self.variant.currentData()
        try:
            v = load_variant(vid)
        except ValueError as e:
            self.about.setText(f"cannot be loaded: {e}")
            return
        own = ", ".join(v.rules) or "none"
        self.about.setText(f"{len(v.powers)} powers, {len(v.board.centers)} centres, "
                           f"{v.victory_centers} to win. Its own rules: {own}. {v.description}".strip())

    def choice(self) -> tuple[str, tuple[str, ...]]:
        rules = tuple(r.strip() for r in self.rules.text().replace(";", ",").split(",") if r.strip())
        return self.variant.currentData(), rules


class PasteOrdersDialog(QDialog):
    """Paste a block of orders (from an e-mail) for one power or all; preview what is read."""

    def __init__(self, doc: GameDocument, power: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Paste orders")
        self.resize(720, 520)
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("England:\nF lon - nth\nA lvp - yor\n\nFrance: A par - bur")
        clip = QGuiApplication.clipboard().text() if QGuiApplication.clipboard() else ""
        self.text.setPlainText(clip)
        self.default = QComboBox()
        self.default.addItem("the power whose unit it orders", None)
        for p in doc.powers:
            self.default.addItem(p, p)
        self.default.setCurrentIndex(max(0, self.default.findData(power)))
        top = QHBoxLayout()
        top.addWidget(QLabel("Orders naming no power go to:"))
        top.addWidget(self.default, 1)
        self.preview = QTableWidget(0, 3)
        self.preview.setHorizontalHeaderLabels(["Line", "Power", "Read as"])
        self.preview.horizontalHeader().setStretchLastSection(True)
        self.preview.verticalHeader().hide()
        self.preview.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.summary = QLabel()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Set these orders")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(QLabel("Paste the orders (lines like “England: F nth - pic”, or a power's "
                             "name as a heading). Each power named gets exactly these orders."))
        box.addWidget(self.text, 2)
        box.addLayout(top)
        box.addWidget(self.preview, 3)
        box.addWidget(self.summary)
        box.addWidget(buttons)
        self.text.textChanged.connect(self._update)
        self.default.currentIndexChanged.connect(self._update)
        self._update()

    def result_orders(self) -> dict[str, list[str]]:
        orders, _ = split_orders(self.text.toPlainText(), self.doc.position, self.default.currentData())
        return orders

    def _update(self) -> None:
        orders, lines = split_orders(self.text.toPlainText(), self.doc.position, self.default.currentData())
        shown = [ln for ln in lines if ln.kind != "blank"]
        self.preview.setRowCount(len(shown))
        for r, ln in enumerate(shown):
            self.preview.setItem(r, 0, QTableWidgetItem(ln.text.strip()))
            self.preview.setItem(r, 1, QTableWidgetItem(ln.power or ""))
            what = {"order": ln.order or "", "heading": "(heading)", "ignored": ln.message}.get(ln.kind, "")
            item = QTableWidgetItem(what)
            if ln.kind == "ignored":
                item.setForeground(QColor("#a0a0a0"))
            self.preview.setItem(r, 2, item)
        n = sum(len(v) for v in orders.values())
        self.summary.setText(f"{n} orders for {len(orders)} powers: {', '.join(orders) or 'none'}")


class Prompts:
    """The questions the main window asks, as modal dialogs."""

    def __init__(self, parent: QWidget):
        self.parent = parent

    def error(self, title: str, text: str) -> None:
        QMessageBox.warning(self.parent, title, text)

    def info(self, title: str, text: str) -> None:
        QMessageBox.information(self.parent, title, text)

    def ask_save_changes(self, title: str) -> str:
        """``save``, ``discard`` or ``cancel``."""
        b = QMessageBox.question(
            self.parent, "Unsaved changes", f"Save the changes to {title} first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(b, "cancel")

    def ask_recover(self, orphan: Orphan) -> str:
        """``recover``, ``discard`` or ``later``."""
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Recover unsaved game?")
        box.setText("diplodesk did not close properly last time. An autosaved game is left:")
        box.setInformativeText(orphan.describe() + (f"\nfrom {orphan.original}" if orphan.original else ""))
        rec = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole)
        dis = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Ask later", QMessageBox.ButtonRole.RejectRole)
        box.exec()
        clicked = box.clickedButton()
        return "recover" if clicked is rec else "discard" if clicked is dis else "later"

    def confirm(self, title: str, text: str) -> bool:
        return QMessageBox.question(self.parent, title, text) == QMessageBox.StandardButton.Yes

    def open_path(self, start: str = "") -> str | None:
        path, _ = QFileDialog.getOpenFileName(self.parent, "Open game", start, GAME_FILTER)
        return path or None

    def save_path(self, suggested: str = "") -> str | None:
        path, _ = QFileDialog.getSaveFileName(self.parent, "Save game", suggested, GAME_FILTER)
        if path and "." not in path.rsplit("/", 1)[-1]:
            path += ".json"
        return path or None

    def export_path(self, suggested: str = "") -> str | None:
        path, chosen = QFileDialog.getSaveFileName(self.parent, "Export the board", suggested, EXPORT_FILTER)
        if path and not path.lower().endswith((".png", ".svg", ".pdf")):
            path += ".svg" if "SVG" in chosen else ".pdf" if "PDF" in chosen else ".png"
        return path or None

    def new_game(self) -> tuple[str, tuple[str, ...]] | None:
        d = NewGameDialog(self.parent)
        return d.choice() if d.exec() == QDialog.DialogCode.Accepted else None

    def phase(self, current: str) -> str | None:
        text, ok = QInputDialog.getText(self.parent, "Set the phase",
                                        "Phase (season, year, M/R/A; e.g. F1902M):", QLineEdit.EchoMode.Normal,
                                        current)
        return text.strip() if ok and text.strip() else None

    def paste_orders(self, doc: GameDocument, power: str) -> dict[str, list[str]] | None:
        d = PasteOrdersDialog(doc, power, self.parent)
        return d.result_orders() if d.exec() == QDialog.DialogCode.Accepted else None


def small_button(text: str, tip: str = "") -> QPushButton:
    b = QPushButton(text)
    b.setToolTip(tip)
    b.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    return b
