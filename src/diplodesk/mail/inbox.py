"""Reading the players' e-mails: a mailbox file (mbox), a Maildir, a folder of ``.eml``
files, one ``.eml`` file, or an IMAP folder. Everything is read with the standard library
(``mailbox``, ``email``, ``imaplib``); nothing is changed or marked read.
"""

from __future__ import annotations

import imaplib
import mailbox
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.message import Message
from email.parser import BytesParser
from email.utils import parsedate_to_datetime
from pathlib import Path

from .letters import body_text, own_text
from .roster import address_of

MAX_MESSAGE_BYTES = 2 * 1024 * 1024  # an order e-mail is a few kB; bigger ones are skipped
MAX_MESSAGES = 5000
MAX_MBOX_BYTES = 256 * 1024 * 1024
_BROKEN = (ValueError, IndexError, TypeError, AttributeError, LookupError, UnicodeError)


class InboxError(ValueError):
    """A mailbox that can't be read; the message names it and says why."""


@dataclass(frozen=True)
class Received:
    """One e-mail as the mailroom uses it."""

    where: str  # the file or mailbox key it came from, for the GM
    sender: str  # the From: header as written
    address: str  # the sender's bare address, lower-cased ("" if none)
    subject: str
    date: datetime | None
    message_id: str
    text: str  # the sender's own lines (quotes and signature left out)

    @property
    def label(self) -> str:
        """Who sent it and when, for the GM (the file or key is in ``where``)."""
        when = self.date.strftime("%a %d %b %H:%M") if self.date is not None else "no date"
        return f"{self.address or self.sender or 'no sender'}, {when}"

    @property
    def sort_key(self) -> tuple:
        """Oldest first; messages without a date first; ties by id and place (never by the
        order the mailbox listed them in)."""
        return (self.date is not None, self.date or datetime.min.replace(tzinfo=UTC), self.message_id, self.where)


def _parse(raw: bytes) -> Message:
    return BytesParser(policy=policy.default).parsebytes(raw)


def _received_or_note(raw: bytes, where: str, notes: list[str]) -> Received | None:
    """The message, or a note saying it could not be read (a mangled header or part)."""
    try:
        return received(raw, where)
    except _BROKEN as e:
        notes.append(f"{where}: skipped, the message cannot be read ({type(e).__name__}: {e})")
        return None


def received(raw: bytes, where: str) -> Received:
    msg = _parse(raw)
    try:
        date = parsedate_to_datetime(str(msg.get("Date", ""))) if msg.get("Date") else None
    except (TypeError, ValueError, IndexError):
        date = None
    if date is not None and date.tzinfo is None:
        date = date.replace(tzinfo=UTC)
    sender = str(msg.get("From", "") or "")
    return Received(where, sender, address_of(sender), str(msg.get("Subject", "") or ""), date,
                    str(msg.get("Message-ID", "") or "").strip(), own_text(body_text(msg)))


def read_path(path: str | Path) -> tuple[list[Received], list[str]]:
    """Every message at ``path`` and a note for each that was skipped; InboxError if the
    path is no mailbox."""
    path = Path(path)
    notes: list[str] = []
    if path.is_dir():
        if all((path / d).is_dir() for d in ("cur", "new", "tmp")):
            box = mailbox.Maildir(str(path), factory=None, create=False)
            items = _from_box(box, path, notes)
        else:
            files = sorted(p for p in path.iterdir() if p.suffix.lower() == ".eml" and p.is_file())
            if not files:
                raise InboxError(f"{path}: no Maildir (cur, new, tmp) and no .eml files in this folder")
            items = [_from_file(p, notes) for p in files[:MAX_MESSAGES]]
    elif path.is_file():
        head = _head(path)
        if path.suffix.lower() == ".eml" or not head.startswith(b"From "):
            items = [_from_file(path, notes)]
        else:
            if path.stat().st_size > MAX_MBOX_BYTES:
                raise InboxError(f"{path}: {path.stat().st_size} bytes is more than a mailbox of order e-mails "
                                 f"({MAX_MBOX_BYTES // 2**20} MiB); keep this week's messages only")
            items = _from_box(mailbox.mbox(str(path), create=False), path, notes)
    else:
        raise InboxError(f"{path}: no such mailbox (an mbox file, a Maildir, or a folder of .eml files)")
    out = [r for r in items if r is not None]
    if not out and not notes:
        raise InboxError(f"{path}: the mailbox holds no messages")
    return out, notes


def _head(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(5)
    except OSError as e:
        raise InboxError(f"{path}: cannot read: {e.strerror or e}") from None


def _from_file(path: Path, notes: list[str]) -> Received | None:
    try:
        size = path.stat().st_size
        if size > MAX_MESSAGE_BYTES:
            notes.append(f"{path.name}: skipped, {size} bytes is too large for an order e-mail")
            return None
        return _received_or_note(path.read_bytes(), path.name, notes)
    except OSError as e:
        raise InboxError(f"{path}: cannot read: {e.strerror or e}") from None


def _from_box(box: mailbox.Mailbox, path: Path, notes: list[str]) -> list[Received | None]:
    out: list[Received | None] = []
    try:
        keys = sorted(box.keys(), key=str)
        for key in keys[:MAX_MESSAGES]:
            raw = box.get_bytes(key)
            if len(raw) > MAX_MESSAGE_BYTES:
                notes.append(f"{path.name} #{key}: skipped, {len(raw)} bytes is too large for an order e-mail")
                continue
            out.append(_received_or_note(raw, f"{path.name} #{key}", notes))
    except (OSError, mailbox.Error) as e:
        raise InboxError(f"{path}: cannot read the mailbox: {e}") from None
    if len(keys) > MAX_MESSAGES:
        notes.append(f"{path.name}: only the first {MAX_MESSAGES} of {len(keys)} messages were read")
    return out


@dataclass(frozen=True)
class ImapSettings:
    host: str
    user: str
    folder: str = "INBOX"
    port: int = 993
    cafile: str | None = None  # a certificate to trust (a server with its own)


def read_imap(settings: ImapSettings, password: str, connect: Callable[..., imaplib.IMAP4] | None = None
              ) -> tuple[list[Received], list[str]]:
    """Every message in the IMAP folder, read-only over TLS (``connect`` stands in for
    ``imaplib.IMAP4_SSL`` in tests)."""
    where = f"imaps://{settings.user}@{settings.host}:{settings.port}/{settings.folder}"
    notes: list[str] = []
    try:
        if connect is None:
            context = ssl.create_default_context(cafile=settings.cafile)
            conn = imaplib.IMAP4_SSL(settings.host, settings.port, ssl_context=context, timeout=30)
        else:
            conn = connect(settings.host, settings.port)
        try:
            conn.login(settings.user, password)
            status, _ = conn.select(_quoted(settings.folder), readonly=True)
            if status != "OK":
                raise InboxError(f"{where}: no such folder")
            status, data = conn.search(None, "ALL")
            numbers = data[0].split() if status == "OK" and data and data[0] else []
            out = []
            for num in numbers[:MAX_MESSAGES]:
                status, parts = conn.fetch(num, "(RFC822)")
                raw = next((p[1] for p in parts or () if isinstance(p, tuple) and len(p) > 1), None)
                if status != "OK" or raw is None:
                    notes.append(f"{settings.folder} #{num.decode()}: could not be fetched")
                    continue
                if len(raw) > MAX_MESSAGE_BYTES:
                    notes.append(f"{settings.folder} #{num.decode()}: skipped, too large for an order e-mail")
                    continue
                r = _received_or_note(raw, f"{settings.folder} #{num.decode()}", notes)
                if r is not None:
                    out.append(r)
        finally:
            try:
                conn.logout()
            except (imaplib.IMAP4.error, OSError):
                pass
    except imaplib.IMAP4.error as e:
        raise InboxError(f"{where}: the server said: {_said(e)}") from None
    except (TimeoutError, OSError, ssl.SSLError) as e:
        raise InboxError(f"{where}: cannot connect: {e.strerror if isinstance(e, OSError) and e.strerror else e}"
                         ) from None
    return out, notes


def _quoted(folder: str) -> str:
    return folder if folder.isalnum() else '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _said(e: Exception) -> str:
    text = e.args[0] if e.args else str(e)
    return text.decode(errors="replace") if isinstance(text, bytes) else str(text)
