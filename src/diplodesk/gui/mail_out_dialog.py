"""Game › Send results…: one message per player for an adjudicated phase (their report in
the body, their pack and/or map attached, all from that player's projection), previewed
one by one, then sent through the GM's SMTP server with progress, a log and a retry of
the ones that failed. The password is kept in the system keyring if the GM asks, never in
the game file or the settings.

The messages' texts are composed when the dialog opens; their packs and maps are made only
when they are sent, each once (``mail/outbox.py``), with the Print packs dialogs' progress
and Cancel (``pack_progress.py``): on the world's 59 players the packs take about a minute,
which opening the dialog or ticking a box must never cost."""

from __future__ import annotations

from PySide6.QtCore import Qt, QThread, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ..document.game_document import GameDocument
from ..engine import seasons
from ..mail import password as keyring_password
from ..mail.compose import Batch, MailOptions
from ..mail.outbox import Outbox
from ..mail.roster import Roster
from ..mail.sending import SECURITY, MailSettingsError, SendLog, SmtpSettings, send_all
from ..mail.sending import stopped as server_stopped
from .pack_progress import PackDialogParts

MARKS = {None: ("…", "#606060"), True: ("sent", "#1b7f3a"), False: ("failed", "#b00020")}


class SendWorker(QThread):
    """Sends in its own thread, so a slow server never freezes the window; reports each
    step through a signal and stops between messages when asked."""

    progressed = Signal(int, int, str)

    def __init__(self, todo, settings: SmtpSettings, password: str, log: SendLog, parent=None):
        super().__init__(parent)
        self.todo, self.smtp, self.password, self.log = todo, settings, password, log
        self.stopped = False
        self.results = []

    def run(self) -> None:
        def progress(done: int, total: int, what: str) -> bool:
            self.progressed.emit(done, total, what)
            return not self.stopped

        self.results = send_all(self.todo, self.smtp, self.password, progress, self.log)


class SendResultsDialog(PackDialogParts, QDialog):
    """Preview every message, then send them (and retry the failures)."""

    def __init__(self, doc: GameDocument, roster: Roster, viewed: int | None = None,
                 parent: QWidget | None = None, settings=None):
        super().__init__(parent)
        self.doc = doc
        self.roster = roster
        self.settings = settings
        self.batch: Batch | None = None
        self.outbox: Outbox | None = None  # the phase's messages and the attachments made for them
        self.outbox_index: int | None = None
        self.log = SendLog.beside(doc.path) if doc.path is not None else SendLog(None)
        self.worker: SendWorker | None = None
        self.setWindowTitle("Send results")
        self.resize(1200, 800)

        self.phase = QComboBox()
        for i, rec in enumerate(doc.history):
            self.phase.addItem(f"{rec.phase} — adjudicated", i)
        pick = viewed if viewed is not None and 0 <= viewed < len(doc.history) else len(doc.history) - 1
        self.phase.setCurrentIndex(max(0, pick))
        self.pdf = QCheckBox("Print pack (PDF)")
        self.pdf.setChecked(True)
        self.png = QCheckBox("Map (PNG)")
        self.public = QCheckBox("The public adjudication to everyone (Bcc)")
        if seasons.is_other(doc.variant):  # Hypereconomic: one message each, the gazette in it
            self.public.setText("The gazette in each message")
        self.public.setChecked(True)
        self.note = QLineEdit()
        self.note.setPlaceholderText("A note under every message, e.g. “Orders for Fall 1901 by Friday 20:00 UTC”")
        prepare = QPushButton("&Prepare the messages")
        prepare.clicked.connect(self.prepare)
        top = QHBoxLayout()
        top.addWidget(QLabel("Phase:"))
        top.addWidget(self.phase)
        for w in (self.pdf, self.png, self.public):
            top.addWidget(w)
        top.addStretch(1)
        top.addWidget(prepare)

        self.messages = QListWidget()
        self.messages.currentRowChanged.connect(self._show_message)
        self.header = QLabel()
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.header.setWordWrap(True)
        self.body = QPlainTextEdit()
        self.body.setReadOnly(True)
        self.body.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        font = self.body.font()
        font.setFamily("monospace")
        self.body.setFont(font)
        right = QWidget()
        rbox = QVBoxLayout(right)
        rbox.setContentsMargins(0, 0, 0, 0)
        rbox.addWidget(self.header)
        rbox.addWidget(self.body, 1)
        split = QSplitter()
        split.addWidget(self.messages)
        split.addWidget(right)
        split.setSizes([380, 820])

        smtp = QGroupBox("Your SMTP server")
        form = QFormLayout(smtp)
        self.host = QLineEdit()
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(587)
        self.security = QComboBox()
        for s, text in zip(SECURITY, ("STARTTLS (port 587)", "TLS (port 465)", "none (a server on this machine)"),
                           strict=True):
            self.security.addItem(text, s)
        self.user = QLineEdit()
        self.sender = QLineEdit()
        self.sender.setPlaceholderText("The GM <gm@example.org>")
        self.cafile = QLineEdit()
        self.cafile.setPlaceholderText("(optional) a certificate file to trust, for a server with its own")
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.remember = QCheckBox("Keep the password in the system keyring")
        row = QHBoxLayout()
        row.addWidget(self.host, 1)
        row.addWidget(QLabel("port"))
        row.addWidget(self.port)
        row.addWidget(self.security)
        form.addRow("Server:", row)
        form.addRow("User:", self.user)
        pw = QHBoxLayout()
        pw.addWidget(self.password, 1)
        pw.addWidget(self.remember)
        form.addRow("Password:", pw)
        form.addRow("From:", self.sender)
        form.addRow("Trust:", self.cafile)
        form.addRow("Note:", self.note)
        self._load_settings()

        self.sent_bar = QProgressBar()  # (``progress`` is the packs' progress dialog, pack_progress.py)
        self.sent_bar.setFormat("%v of %m sent")
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.send_b = QPushButton("&Send all")
        self.send_b.clicked.connect(self.send_all)
        self.retry_b = QPushButton("&Retry the failed ones")
        self.retry_b.clicked.connect(self.retry)
        self.stop_b = QPushButton("S&top")
        self.stop_b.setEnabled(False)
        self.stop_b.clicked.connect(self._stop)
        close = QPushButton("&Close")
        close.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        buttons.addWidget(self.sent_bar, 1)
        for b in (self.send_b, self.retry_b, self.stop_b, close):
            buttons.addWidget(b)

        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addWidget(split, 1)
        box.addWidget(smtp)
        box.addWidget(self.status)
        box.addLayout(buttons)
        self.prepare()
        # what is previewed is always what will be sent
        self.phase.currentIndexChanged.connect(self.prepare)
        for c in (self.pdf, self.png, self.public):
            c.toggled.connect(self.prepare)
        self.note.editingFinished.connect(self._note_changed)
        self._note = ""

    # -- settings ------------------------------------------------------------------------

    def _load_settings(self) -> None:
        if self.settings is None:
            return
        v = self.settings.value
        self.host.setText(str(v("mail/smtp_host", "")))
        self.port.setValue(int(v("mail/smtp_port", 587) or 587))
        self.security.setCurrentIndex(max(0, self.security.findData(str(v("mail/smtp_security", "starttls")))))
        self.user.setText(str(v("mail/smtp_user", "")))
        self.sender.setText(str(v("mail/smtp_sender", "")))
        self.cafile.setText(str(v("mail/smtp_cafile", "")))
        if self.host.text() and keyring_password.stored(self.smtp().keyring_user):
            self.password.setPlaceholderText("kept in the system keyring")

    def _save_settings(self, s: SmtpSettings) -> None:
        if self.settings is None:
            return
        for k, val in (("host", s.host), ("port", s.port), ("security", s.security), ("user", s.user),
                       ("sender", s.sender), ("cafile", s.cafile or "")):
            self.settings.setValue(f"mail/smtp_{k}", val)

    def smtp(self) -> SmtpSettings:
        return SmtpSettings(self.host.text().strip(), self.port.value(), self.security.currentData(),
                            self.user.text().strip(), self.sender.text().strip(), self.cafile.text().strip() or None)

    # -- the messages --------------------------------------------------------------------

    def _note_changed(self) -> None:
        if self.note.text() != self._note:
            self._note = self.note.text()
            self.prepare()

    def options(self) -> MailOptions:
        return MailOptions(self.pdf.isChecked(), self.png.isChecked(), self.public.isChecked(),
                           footer=self.note.text())

    def prepare(self) -> None:
        """The messages' texts for the phase and boxes chosen (their attachments are made when
        they are sent; those made already are kept)."""
        if self.worker is not None:
            return  # not while sending
        index = self.phase.currentData()
        if index is None:
            self.status.setText("No phase has been adjudicated yet: there are no results to send.")
            self.send_b.setEnabled(False)
            return
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if self.outbox is None or self.outbox_index != index:
                title = self.doc.path.stem if self.doc.path else self.doc.variant.name
                self.outbox = Outbox(self.doc.position_at(index), self.doc.history[index].result, title, self._tick)
                self.outbox_index = index
            self.batch = self.outbox.batch(self.roster, self.options())
        finally:
            QApplication.restoreOverrideCursor()
        self._list()
        if self.batch.messages:
            self.messages.setCurrentRow(0)
            self._show_message(0)
        skipped = f" Not sent: {'; '.join(self.batch.skipped)}." if self.batch.skipped else ""
        waiting = sum(self.outbox.waiting(m, self.options()) for m in self.batch.messages)
        later = f" {waiting} attachment{'s are' if waiting != 1 else ' is'} made when you send." if waiting else ""
        self.status.setText(f"{len(self.batch.messages)} messages for {self.batch.phase}.{skipped}{later}")
        self.sent_bar.setRange(0, len(self.batch.messages))
        self.sent_bar.setValue(len(self._sent()))

    def _sent(self) -> set[str]:
        keys = {m.key for m in self.batch.messages} if self.batch else set()
        return self.log.sent() & keys

    def _list(self) -> None:
        last = self.log.last()
        self.messages.clear()
        for m in self.batch.messages:
            r = last.get(m.key)
            mark, colour = MARKS[r.ok if r is not None else None]
            if m.player:
                text = f"[{mark}] {m.player} ({', '.join(m.powers)}) — {', '.join(a.split('<')[-1].rstrip('>') for a in m.to)}"
            else:
                text = f"[{mark}] everyone ({len(m.to)}, Bcc) — the public adjudication"
            item = QListWidgetItem(text)
            item.setForeground(QColor(colour))
            if r is not None and r.error:
                item.setToolTip(r.error)
            self.messages.addItem(item)

    def _show_message(self, row: int) -> None:
        if self.batch is None or not 0 <= row < len(self.batch.messages):
            return
        m = self.batch.messages[row]
        files = ", ".join(self.outbox.files(m, self.options())) or "none"
        r = self.log.last().get(m.key)
        said = f"<br><b>Last try:</b> {'sent' if r.ok else 'failed: ' + r.error} ({r.when})" if r else ""
        self.header.setText(f"<b>To:</b> {', '.join(m.to).replace('<', '&lt;')}" + (" (Bcc)" if m.bcc else "")
                            + f"<br><b>Subject:</b> {m.subject}<br><b>Attached:</b> {files}{said}")
        self.body.setPlainText(m.body)

    # -- sending -------------------------------------------------------------------------

    def send_all(self) -> None:
        if self.batch is not None:
            sent = self._sent()
            self._send([m for m in self.batch.messages if m.key not in sent])

    def retry(self) -> None:
        if self.batch is not None:
            failed = self.log.failed(m.key for m in self.batch.messages)
            self._send([m for m in self.batch.messages if m.key in failed])

    def complete(self, todo) -> list | None:
        """``todo`` with their attachments, those not made yet made now with progress; None if
        the GM cancelled (the packs made so far are kept) or one could not be made (said why)."""
        from ..render.export import RenderError

        o = self.options()
        waiting = sum(self.outbox.waiting(m, o) for m in todo)
        if not waiting:
            return [self.outbox.complete(m, o) for m in todo]
        self._begin_progress(waiting, "Send results", "Making the packs to send…")
        done, out = 0, []
        try:
            for m in todo:
                n = self.outbox.waiting(m, o)
                if n and not self._progress(done, waiting, f"{m.player}'s {'pack' if o.pdf else 'map'}"):
                    self.status.setText(f"Cancelled: {done} of {waiting} attachments made (they are kept); "
                                        "nothing sent. Send all makes the rest.")
                    return None
                out.append(self.outbox.complete(m, o))
                done += n
        except (RenderError, OSError, ValueError) as e:
            self.status.setText(f"Cannot send: an attachment could not be made: {e}")
            return None
        finally:
            self._end_progress()
        return out

    def _tick(self, sheet: str) -> None:
        """The season's maps are being drawn (once, before the first pack): keep the window alive."""
        if self.progress is not None:
            self.progress.setLabelText(f"Drawing the season's maps ({sheet})…")
        QApplication.processEvents()

    def _stop(self) -> None:
        if self.worker is not None:
            self.worker.stopped = True

    @property
    def sending(self) -> bool:
        return self.worker is not None

    def reject(self) -> None:
        if self.worker is None:  # not while a send is under way: Stop first
            super().reject()

    def accept(self) -> None:
        if self.worker is None:
            super().accept()

    def _send(self, todo) -> None:
        if not todo:
            self.status.setText("Nothing to send: every message was sent (the log says so).")
            return
        s = self.smtp()
        try:
            s.check()
        except MailSettingsError as e:
            self.status.setText(f"Cannot send: {e}")
            return
        pw = self.password.text() or (keyring_password.stored(s.keyring_user) or "")
        if s.user and not pw:
            self.status.setText("Cannot send: give the password (it can be kept in the system keyring).")
            return
        if not self.log.writable():
            self.status.setText(f"Cannot send: {self.log.unwritten}.")
            return
        todo = self.complete(todo)
        if todo is None:
            return
        self._save_settings(s)
        if self.remember.isChecked() and self.password.text():
            why = keyring_password.remember(s.keyring_user, self.password.text())
            if why:
                self.status.setText(f"The password could not be kept: {why}. Sending anyway.")
        self.stop_b.setEnabled(True)
        for b in (self.send_b, self.retry_b):
            b.setEnabled(False)
        self.base = len(self._sent())
        self.worker = SendWorker(todo, s, pw, self.log, self)
        self.worker.progressed.connect(self._progressed)
        self.worker.finished.connect(self._sent_all)
        self.worker.start()

    def _progressed(self, done: int, total: int, what: str) -> None:
        self.sent_bar.setValue(self.base + done)
        self.status.setText(f"Sending {done + 1} of {total}: {what}" if what != "done" else "")

    def _sent_all(self) -> None:
        worker, self.worker = self.worker, None
        worker.wait()
        results = worker.results
        self.stop_b.setEnabled(False)
        for b in (self.send_b, self.retry_b):
            b.setEnabled(True)
        failed = [r for r in results if not r.ok]
        self._list()
        self.sent_bar.setValue(len(self._sent()))
        stopped = worker.stopped and len(results) < len(worker.todo)
        why = server_stopped(results, len(worker.todo))
        if self.log.unwritten:
            self.status.setText(f"Sent {len(results) - len(failed)} of {len(worker.todo)}, then stopped: "
                                f"{self.log.unwritten}. Check those went out before sending again.")
        elif why:
            self.status.setText(f"Sent {len(results) - len(failed)} of {len(worker.todo)}; {why}. "
                                "Fix the settings and Send again.")
        else:
            self.status.setText(f"Sent {len(results) - len(failed)} of {len(worker.todo)}."
                                + (f" {len(failed)} failed ({failed[0].error}): Retry the failed ones." if failed
                                   else "") + (" Stopped." if stopped else ""))
        worker.deleteLater()
