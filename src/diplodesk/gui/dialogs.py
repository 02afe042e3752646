"""Dialogs, and :class:`Prompts`: every question the window asks the user, in one place.

The window never calls a QMessageBox or a QFileDialog itself; it asks its ``prompts``.
Tests give it stand-in prompts that answer at once.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLayout,
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


# Rule options a GM may add to any variant: (name, label, what it does).
OPTIONAL_RULES = [
    ("blind", "Blind (fog of war)",
     "Each power sees only part of the board and is told only what the Blind rules say; "
     "reports, maps and packs for a power show only that."),
]
# What a variant's own rules and special mechanisms are called in the dialog.
FIXED_RULES = {
    "secret_powers": ("Secret powers", "Each player plays a public and a secret power, dealt by the GM"),
    "blind": ("Blind (fog of war)", "Each power sees only part of the board"),
    "railroad": ("Railroad", "One army a turn moves along the line (A oms TSR vla)"),
    "difficult": ("Difficult borders", "Armies only; move strength = supports; no support across"),
    "seasonal": ("Seasonal closure", "A sea closed (icy) in the Fall"),
    "canal": ("Canal", "Fleets pass between two seas through a land province"),
    "land_bridge": ("Land bridges", "Units cross between two provinces as if they bordered"),
    "choice": ("Choice units", "Army or fleet, chosen with the first orders"),
}


def _about(v) -> str:
    """What a variant is, in its own terms: powers and centres, or a Hypereconomic board's
    players, nations and provinces (it has no centres, and wins by provinces or gold)."""
    if v.engine == "standard":
        return f"{len(v.powers)} powers, {len(v.board.centers)} centres, {v.victory_centers} to win. {v.description}".strip()
    try:
        from ..engine.hyper import pack_of

        pack = pack_of(v, None)
        players, nations = len(pack.players), len(pack.nations)
    except Exception:  # noqa: BLE001 - the description is a courtesy; the desk says what is wrong
        players, nations = len(v.powers), len(v.powers)
    land = sum(1 for p in v.board.provinces.values() if p.kind.value in ("land", "coast"))
    return (f"{players} players, {nations} nations and territories, {land} land provinces; won by half the "
            f"land or half the gold for three seasons (IX.9). Played at the GM desk. {v.description}").strip()


class NewGameDialog(QDialog):
    """Choose the variant (built-in or the user's) and its rule options for a new game.

    Optional rules are checkboxes; the rules a variant always has (and its special
    mechanisms: railroad, difficult borders ...) are shown ticked and fixed.
    """

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        from ..variants import list_variants

        self.setWindowTitle("New game")
        form = QFormLayout()
        self.variant = QComboBox()
        self.variant.setMinimumWidth(420)  # the dialog's width; its height follows its rules
        for info in list_variants():
            mark = "" if info.builtin else " — yours"
            if not (info.path / "map.svg").is_file():
                mark += " — no map yet"
            if info.engine != "standard":  # Hypereconomic: it opens in a GM desk of its own
                mark += " — GM desk"
            self.variant.addItem(f"{info.name} ({info.id}){mark}", info.id)
        i = self.variant.findData("standard")
        if i >= 0:
            self.variant.setCurrentIndex(i)
        form.addRow("&Variant:", self.variant)
        self.about = QLabel()
        self.about.setWordWrap(True)
        form.addRow("", self.about)
        self.rules_box = QGroupBox("Rules")
        self.rules_layout = QVBoxLayout(self.rules_box)
        self.optional: dict[str, QCheckBox] = {}
        for name, label, tip in OPTIONAL_RULES:
            box = QCheckBox(label)
            box.setToolTip(tip)
            box.setObjectName(f"rule-{name}")
            self.optional[name] = box
            self.rules_layout.addWidget(box)
        self.fixed: list[QCheckBox] = []
        self.rules = QLineEdit()
        self.rules.setPlaceholderText("other rule options, separated by commas")
        form2 = QFormLayout()
        form2.addRow("&Other options:", self.rules)
        self.rules_error = QLabel()
        self.rules_error.setObjectName("rules-error")
        self.rules_error.setStyleSheet("color: #b00020")
        self.rules_error.setWordWrap(True)
        self.rules_error.hide()
        form2.addRow("", self.rules_error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start the game")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        box = QVBoxLayout(self)
        # the dialog grows with the variant's rules, never squeezing their checkboxes
        box.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        box.addLayout(form)
        box.addWidget(self.rules_box)
        box.addLayout(form2)
        box.addWidget(buttons)
        self.variant.currentIndexChanged.connect(self._describe)
        self._describe()

    def select(self, variant_id: str) -> None:
        i = self.variant.findData(variant_id)
        if i < 0:
            raise ValueError(f"no variant {variant_id!r} in the list")
        self.variant.setCurrentIndex(i)

    def _describe(self) -> None:
        from ..variants import load_variant, map_path

        for b in self.fixed:
            self.rules_layout.removeWidget(b)
            b.setParent(None)
            b.deleteLater()
        self.fixed = []
        vid = self.variant.currentData()
        try:
            v = load_variant(vid)
        except ValueError as e:
            self.about.setText(f"<span style='color:#b00018'>Cannot be loaded: {e}</span>")
            self.ok.setEnabled(False)
            return
        self.ok.setEnabled(True)
        own = list(v.rules)
        kinds = []
        for sp in v.board.specials:
            if sp.kind not in kinds:
                kinds.append(sp.kind)
        if any(su.choice for su in v.start_units):
            kinds.append("choice")
        for name in [*own, *kinds]:
            label, tip = FIXED_RULES.get(name, (name.replace("_", " ").capitalize(), ""))
            b = QCheckBox(f"{label} (always, in this variant)")
            b.setToolTip(tip)
            b.setChecked(True)
            b.setEnabled(False)
            b.setObjectName(f"fixed-{name}")
            self.fixed.append(b)
            self.rules_layout.addWidget(b)
            b.show()  # now, not at the next event loop: the layout counts it at once
        economy = v.engine != "standard"  # a season engine of its own (Hypereconomic): no Blind
        for name, box in self.optional.items():
            always = name in own
            box.setEnabled(not always and not economy)
            if always:
                box.setChecked(True)
            elif economy:
                box.setChecked(False)
        self.rules.setEnabled(not economy)
        try:
            has_map = map_path(vid) is not None
        except ValueError:
            has_map = False
        note = "" if has_map else (" <b>No map art yet</b>: the game can be played by typing orders; "
                                   "the map appears once the variant has its map.svg.")
        self.about.setText(_about(v) + note)
        self._fit_rules()

    def _fit_rules(self) -> None:
        """Room for every rule's checkbox: the dialog grows to what its layout needs."""
        for layout in (self.rules_layout, self.layout()):
            layout.invalidate()
            layout.activate()
        need = self.layout().minimumSize()
        width = max(self.width(), need.width())
        # the wrapped description takes more lines than the minimum size counts: ask the
        # layout how tall it is at this width
        height = max(need.height(), self.heightForWidth(width), self.layout().totalHeightForWidth(width))
        self.setMinimumHeight(height)
        if self.height() < height or self.width() < width:
            self.resize(width, max(self.height(), height))

    def accept(self) -> None:
        """Refuse a rule name the engine does not know, rather than start a game without it."""
        from ..engine.rulebook import KNOWN

        unknown = [r for r in self.choice()[1] if r not in KNOWN]
        if unknown:
            self.rules.setFocus()
            self.rules_error.setText(f"Unknown rule option {unknown[0]!r}. Known: {', '.join(sorted(KNOWN))}.")
            self.rules_error.show()
            return
        super().accept()

    def choice(self) -> tuple[str, tuple[str, ...]]:
        from ..variants import load_variant

        vid = self.variant.currentData()
        try:
            own = set(load_variant(vid).rules)
        except ValueError:
            own = set()
        rules = [n for n, b in self.optional.items() if b.isChecked() and n not in own]
        for r in self.rules.text().replace(";", ",").split(","):
            r = r.strip()
            if r and r not in rules and r not in own:
                rules.append(r)
        return vid, tuple(rules)


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


class BasicPrompts:
    """Message boxes the app's windows share (tests replace a window's prompts object)."""

    def __init__(self, parent: QWidget):
        self.parent = parent

    def error(self, title: str, text: str) -> None:
        QMessageBox.warning(self.parent, title, text)

    def info(self, title: str, text: str) -> None:
        QMessageBox.information(self.parent, title, text)

    def confirm(self, title: str, text: str) -> bool:
        return QMessageBox.question(self.parent, title, text) == QMessageBox.StandardButton.Yes

    def confirm_or_stop_asking(self, title: str, text: str) -> tuple[bool, bool]:
        """Yes or no, with a "Don't ask again" box: (the answer, whether to stop asking)."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.parent)
        again = QCheckBox("Don't ask again (Game menu: Ask before adjudicating with units unordered)")
        box.setCheckBox(again)
        yes = box.exec() == QMessageBox.StandardButton.Yes
        return yes, again.isChecked()

    def go_or_adjudicate(self, title: str, text: str, again: str) -> tuple[str, bool]:
        """``go`` (to what is wrong), ``adjudicate`` (anyway) or ``cancel``, with a "Don't ask
        again" box (``again``: where to turn it back on): (the answer, whether to stop asking)."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, self.parent)
        go = box.addButton("Go to them", QMessageBox.ButtonRole.AcceptRole)
        anyway = box.addButton("Adjudicate anyway", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(go)
        stop = QCheckBox(f"Don't ask again ({again})")
        box.setCheckBox(stop)
        box.exec()
        clicked = box.clickedButton()
        answer = "go" if clicked is go else "adjudicate" if clicked is anyway else "cancel"
        return answer, answer == "adjudicate" and stop.isChecked()

    def ask_save_changes(self, title: str) -> str:
        """``save``, ``discard`` or ``cancel``."""
        b = QMessageBox.question(
            self.parent, "Unsaved changes", f"Save the changes to {title} first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(b, "cancel")

    def ask_recover_text(self, title: str, text: str, details: str) -> str:
        """``recover``, ``discard`` or ``later`` for an autosave left by a crash."""
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(title)
        box.setText(text)
        box.setInformativeText(details)
        rec = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole)
        dis = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Ask later", QMessageBox.ButtonRole.RejectRole)
        box.exec()
        clicked = box.clickedButton()
        return "recover" if clicked is rec else "discard" if clicked is dis else "later"


class Prompts(BasicPrompts):
    """The questions the main window asks, as modal dialogs."""

    def ask_recover(self, orphan: Orphan) -> str:
        """``recover``, ``discard`` or ``later``."""
        return self.ask_recover_text(
            "Recover unsaved game?", "diplodesk did not close properly last time. An autosaved game is left:",
            orphan.describe() + (f"\nfrom {orphan.original}" if orphan.original else ""))

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

    def assign_powers(self, doc: GameDocument):
        """(deal, seed, preferences) from the power assignment dialog, or None."""
        from .players_dialog import PowerAssignmentDialog

        d = PowerAssignmentDialog(doc, self.parent)
        return d.result() if d.exec() == QDialog.DialogCode.Accepted else None

    def print_packs(self, doc: GameDocument, viewed: int | None = None) -> None:
        from .packs_dialog import PrintPacksDialog

        PrintPacksDialog(doc, viewed, self.parent).exec()

    def addresses(self, doc: GameDocument) -> list[dict] | None:
        """The players and their addresses as the GM left them, or None (cancelled)."""
        from .addresses_dialog import AddressesDialog

        d = AddressesDialog(doc, self.parent)
        return d.players() if d.exec() == QDialog.DialogCode.Accepted else None

    def orders_from_mail(self, doc: GameDocument, roster, settings=None) -> dict[str, list[str]] | None:
        from .mail_in_dialog import OrdersFromMailDialog

        d = OrdersFromMailDialog(doc, roster, self.parent, settings)
        return d.result_orders() if d.exec() == QDialog.DialogCode.Accepted else None

    def send_results(self, doc: GameDocument, roster, viewed: int | None = None, settings=None) -> None:
        from .mail_out_dialog import SendResultsDialog

        SendResultsDialog(doc, roster, viewed, self.parent, settings).exec()


def small_button(text: str, tip: str = "") -> QPushButton:
    b = QPushButton(text)
    b.setToolTip(tip)
    b.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    return b
