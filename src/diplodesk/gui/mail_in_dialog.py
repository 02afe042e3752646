"""Game › Orders from mail…: the players' order e-mails from a mailbox file, a Maildir, a
folder of ``.eml`` files or an IMAP folder, shown per power (arrived, missing, replaced by
a later message), with every line that could not be read and every message from an
unknown address, before anything is entered. Entering them is one undoable step (the
window pushes one SetOrdersCommand)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..document.game_document import GameDocument
from ..engine import seasons
from ..mail.inbox import ImapSettings, InboxError, Received, read_imap, read_path
from ..mail.intake import Intake
from ..mail.orders_in import read_mail
from ..mail.roster import Roster

STATUS_COLOURS = {"arrived": "#1b7f3a", "replaced an earlier message": "#1b5e9f", "missing": "#b00020",
                  "no player": "#808080"}


class OrdersFromMailDialog(QDialog):
    """Read a mailbox, look at what arrived, then enter it (or not)."""

    def __init__(self, doc: GameDocument, roster: Roster, parent: QWidget | None = None, settings=None):
        super().__init__(parent)
        self.doc = doc
        self.roster = roster
        self.settings = settings
        self.intake: Intake | None = None
        self.messages: list[Received] = []
        self.notes: list[str] = []
        self.accepted: set[str] = set()  # messages in doubt the GM let in (by their place)
        self.setWindowTitle(f"Orders from mail — {doc.position.phase.long_name}")
        self.resize(1100, 760)

        self.path = QLineEdit()
        self.path.setPlaceholderText("an mbox file, a Maildir, a folder of .eml files, or one .eml file")
        if settings is not None:
            self.path.setText(str(settings.value("mail/inbox", "")))
        file_b = QPushButton("Mailbox &file…")
        file_b.clicked.connect(self._browse_file)
        dir_b = QPushButton("&Folder…")
        dir_b.clicked.connect(self._browse_folder)
        read_b = QPushButton("&Read")
        read_b.setDefault(True)
        read_b.clicked.connect(self.read_files)
        top = QHBoxLayout()
        top.addWidget(QLabel("Mailbox:"))
        top.addWidget(self.path, 1)
        for b in (file_b, dir_b, read_b):
            top.addWidget(b)

        self.imap_box = QGroupBox("Or an IMAP folder (over TLS, read only)")
        self.imap_host = QLineEdit()
        self.imap_host.setPlaceholderText("imap.example.org")
        self.imap_port = QSpinBox()
        self.imap_port.setRange(1, 65535)
        self.imap_port.setValue(993)
        self.imap_user = QLineEdit()
        self.imap_folder = QLineEdit("INBOX")
        self.imap_password = QLineEdit()
        self.imap_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.imap_cafile = QLineEdit()
        self.imap_cafile.setPlaceholderText("none: the system's")
        self.imap_cafile.setToolTip("A certificate to trust (PEM), for a server with a certificate of its own")
        if settings is not None:
            self.imap_host.setText(str(settings.value("mail/imap_host", "")))
            self.imap_user.setText(str(settings.value("mail/imap_user", "")))
            self.imap_folder.setText(str(settings.value("mail/imap_folder", "INBOX")))
            self.imap_cafile.setText(str(settings.value("mail/imap_cafile", "")))
        imap_b = QPushButton("Read the &IMAP folder")
        imap_b.clicked.connect(lambda: self.read_imap())
        row = QHBoxLayout(self.imap_box)
        for label, w, stretch in (("Server:", self.imap_host, 3), ("port", self.imap_port, 0),
                                  ("User:", self.imap_user, 2), ("Password:", self.imap_password, 2),
                                  ("Folder:", self.imap_folder, 1), ("Certificate:", self.imap_cafile, 2)):
            row.addWidget(QLabel(label))
            row.addWidget(w, stretch)
        row.addWidget(imap_b)

        self.table = QTableWidget(0, 5)
        # a Hypereconomic season's orders come for nations and banks, not powers
        self.giver = "nation or bank" if seasons.is_other(doc.variant) else "power"
        self.table.setHorizontalHeaderLabels([self.giver.capitalize(), "Player", "Status", "Orders", "From"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for i, w in enumerate((90, 110, 190)):  # a heading is never cut either
            self.table.setColumnWidth(i, max(w, h.sectionSizeHint(i)))
        self.table.setColumnWidth(4, 320)
        self.problems = QListWidget()
        self.problems.itemChanged.connect(self._accept_changed)
        self.summary = QLabel("Read a mailbox to see what arrived.")
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.enter = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.enter.setText("&Enter these orders")
        self.enter.setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addWidget(self.imap_box)
        box.addWidget(self.table, 3)
        box.addWidget(QLabel(f"Not used (lines that could not be read, orders for a {self.giver} the sender "
                             "does not play, messages from unknown addresses):"))
        box.addWidget(self.problems, 1)
        box.addWidget(self.summary)
        box.addWidget(self.buttons)

    # -- reading -------------------------------------------------------------------------

    def _browse_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Mailbox file", self.path.text(),
                                              "Mail (*.mbox *.eml *.mbx);;All files (*)")
        if path:
            self.path.setText(path)
            self.read_files()

    def _browse_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Maildir or folder of .eml files", self.path.text())
        if path:
            self.path.setText(path)
            self.read_files()

    def read_files(self) -> None:
        text = self.path.text().strip()
        if not text:
            self._failed("Choose a mailbox first.")
            return
        try:
            messages, notes = read_path(text)
        except InboxError as e:
            self._failed(str(e))
            return
        if self.settings is not None:
            self.settings.setValue("mail/inbox", text)
        self.show_messages(messages, notes)

    def read_imap(self, connect=None) -> None:
        s = ImapSettings(self.imap_host.text().strip(), self.imap_user.text().strip(),
                         self.imap_folder.text().strip() or "INBOX", self.imap_port.value(),
                         self.imap_cafile.text().strip() or None)
        if not s.host or not s.user:
            self._failed("IMAP: give the server and the user.")
            return
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            messages, notes = read_imap(s, self.imap_password.text(), connect)
        except InboxError as e:
            self._failed(str(e))
            return
        finally:
            QApplication.restoreOverrideCursor()
        if self.settings is not None:
            for k, v in (("imap_host", s.host), ("imap_user", s.user), ("imap_folder", s.folder),
                         ("imap_cafile", s.cafile or "")):
                self.settings.setValue(f"mail/{k}", v)
        self.show_messages(messages, notes)

    def _failed(self, text: str) -> None:
        self.summary.setText(text)
        self.summary.setStyleSheet("color: #b00020")

    def _accept_changed(self, item: QListWidgetItem) -> None:
        where = item.data(Qt.ItemDataRole.UserRole)
        if not where:
            return
        if item.checkState() == Qt.CheckState.Checked:
            self.accepted.add(where)
        else:
            self.accepted.discard(where)
        self.show_messages(self.messages, self.notes)

    def show_messages(self, messages: list[Received], notes: list[str] | None = None) -> None:
        if messages is not self.messages:
            self.accepted = set()
        self.messages, self.notes = messages, list(notes or ())
        self.intake = intake = read_mail(self.doc.position, self.roster, messages, self.accepted)
        self.table.setRowCount(len(intake.powers))
        for r, (power, m) in enumerate(intake.powers.items()):
            named = getattr(intake, "names", {}).get(power, power)  # Hypereconomic: "France (fra)"
            cells = (named, ", ".join(m.players) or "—", m.status, "; ".join(m.orders),
                     m.source.label if m.source else "")
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 0:
                    item.setData(Qt.ItemDataRole.UserRole, power)
                    if m.source is not None:  # the GM may leave a power's mailed orders out
                        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                        item.setCheckState(Qt.CheckState.Checked)
                        item.setToolTip(f"Untick to leave this {self.giver}'s orders as they are")
                if c == 2:
                    item.setForeground(QColor(STATUS_COLOURS.get(m.status, "#000000")))
                if c == 3 and m.orders:
                    item.setToolTip("\n".join(m.orders))
                if c == 4 and m.source is not None:
                    item.setToolTip("\n".join([f"{m.source.where}: {m.source.subject}"]
                                              + [f"replaces {x.label} ({x.where})" for x in m.replaced]))
                self.table.setItem(r, c, item)
        for c in (0, 1):  # names are never cut: a nation's name and id, its players
            self.table.resizeColumnToContents(c)
        self.problems.blockSignals(True)
        self.problems.clear()
        for n in notes or ():
            self.problems.addItem(QListWidgetItem(f"note: {n}"))
        doubted = [(who, r) for who, r in intake.held] + [(r.address, r) for r in messages
                                                         if r.doubt and r.where in self.accepted]
        for who, r in sorted(doubted, key=lambda x: x[1].sort_key):
            item = QListWidgetItem(f"Accept {who}'s message ({r.label}): {r.doubt} — “{r.subject}”")
            item.setData(Qt.ItemDataRole.UserRole, r.where)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if r.where in self.accepted else Qt.CheckState.Unchecked)
            item.setForeground(QColor("#9a5b00"))
            item.setToolTip("Held: the message's own headers disagree with its From, so it may not be the "
                            "player's. Tick to enter its orders anyway.")
            self.problems.addItem(item)
        for p in intake.flagged:
            item = QListWidgetItem((f"“{p.quoted}”: " if p.quoted else "") + p.message)
            item.setForeground(QColor("#9a5b00"))
            item.setToolTip(p.where)
            self.problems.addItem(item)
        for u in intake.unknown:
            item = QListWidgetItem(f"{u.label}: from an unknown address — “{u.subject}” (never applied)")
            item.setForeground(QColor("#b00020"))
            item.setToolTip(f"{u.where}: From: {u.sender}")
            self.problems.addItem(item)
        for p in intake.unreadable:
            item = QListWidgetItem((f"“{p.quoted}”: " if p.quoted else "") + p.message)
            item.setToolTip(p.where)
            self.problems.addItem(item)
        prose = [p for p in intake.problems if p.prose]
        if prose:
            said = sorted({p.quoted for p in prose})
            item = QListWidgetItem(f"{len(prose)} line{'s' if len(prose) != 1 else ''} of text that "
                                   f"{'are' if len(prose) != 1 else 'is'} no order (greetings, remarks): "
                                   + "; ".join(f"“{t}”" for t in said[:8]) + ("…" if len(said) > 8 else ""))
            item.setForeground(QColor("#909090"))
            item.setToolTip("\n".join(f"{p.where}: {p.quoted}" for p in prose[:60]))
            self.problems.addItem(item)
        self.problems.blockSignals(False)
        self.summary.setStyleSheet("")
        self.summary.setText(intake.summary() + f". Entering sets the orders of each {self.giver} that has them "
                             "(one step, undoable); the others keep theirs.")
        self.enter.setEnabled(bool(intake.orders()))

    def ticked(self) -> set[str]:
        """The powers (nations, banks) whose orders the GM leaves ticked."""
        out = set()
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 0)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                out.add(item.data(Qt.ItemDataRole.UserRole))
        return out

    def result_orders(self) -> dict[str, list[str]]:
        """The orders of the ticked powers whose orders arrived."""
        if self.intake is None:
            return {}
        ticked = self.ticked()
        return {p: o for p, o in self.intake.orders().items() if p in ticked}
