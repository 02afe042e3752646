"""Reading the players' e-mails: a mailbox file (mbox), a Maildir, a folder of ``.eml``
files, one ``.eml`` file, or an IMAP folder. Everything is read with the standard library
(``mailbox``, ``email``, ``imaplib``); nothing is changed or marked read.
"""

from __future__ import annotations

import imaplib
import mailbox
import os
import re
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.message import Message
from email.parser import BytesParser
from email.utils import parsedate_to_datetime
from pathlib import Path

from ..engine.files import FileReadError, read_bounded
from ..engine.plain_text import visible, visible_lines
from .letters import Forward, attached_message, body_text, forwarded, own_text, why_no_text
from .roster import address_of
from .tls import tls_context

MAX_MESSAGE_BYTES = 2 * 1024 * 1024  # an order e-mail is a few kB; bigger ones are skipped
MAX_MESSAGES = 5000
MAX_MBOX_BYTES = 256 * 1024 * 1024
MAX_HEADER_BYTES = 64 * 1024  # a message's header block (a usual one is 2 to 10 kB)
MAX_MIME_HEADER = 4 * 1024  # one Content-* header of a part (the parser's work grows with its square)
MAX_PARTS = 100  # Content-Type headers, so parts nested however deep (an order e-mail has a few)
MAX_SUBJECT = 1000  # characters of a Subject or From decoded (20,000 encoded words take gigabytes)
_BROKEN = (ValueError, IndexError, TypeError, AttributeError, LookupError, UnicodeError, RecursionError,
           MemoryError)
_FOLD = re.compile(r"\r?\n(?=[ \t])")
_FAILED_CHECK = re.compile(r"(?:^|[\s;(])(spf|dkim|dmarc)\s*=\s*(fail|softfail|permerror|hardfail)\b")


class InboxError(ValueError):
    """A mailbox that can't be read; the message names it and says why."""


class Unreadable(ValueError):
    """One message the mailroom will not read (too big, too deep): the reason, for a note."""


@dataclass(frozen=True)
class Received:
    """One e-mail as the mailroom uses it; every text in it is :func:`~diplodesk.engine.plain_text.visible`."""

    where: str  # the file or mailbox key it came from, for the GM
    sender: str  # the From: header as written (encoded words decoded)
    address: str  # the sender's bare address, lower-cased ("" if none)
    subject: str
    date: datetime | None
    message_id: str
    text: str  # the sender's own lines (quotes and signature left out)
    doubt: str = ""  # why the sender may not be who the From says (Sender, Return-Path, SPF, DKIM)
    forward: Forward | None = None  # a message it forwards (inline or attached)
    why_empty: str = ""  # when ``text`` is empty: why no line is the sender's own

    @property
    def label(self) -> str:
        """Who sent it and when, for the GM (the file or key is in ``where``)."""
        when = self.date.strftime("%a %d %b %Y %H:%M") if self.date is not None else "no date"
        return f"{self.address or self.sender or 'no sender'}, {when}"

    @property
    def sort_key(self) -> tuple:
        """Oldest first; messages without a date first; ties by id and place (never by the
        order the mailbox listed them in)."""
        return (self.date is not None, self.date or datetime.min.replace(tzinfo=UTC), self.message_id, self.where)


def screen(raw: bytes) -> str:
    """Why a message is not read at all ("" if it may be): a header block, a part's header or
    a count of parts beyond what any order e-mail has. One pass over the lines, so nothing
    crafted can make the parser below recurse or work in quadratic time."""
    lines = raw.split(b"\n")
    size = 0
    for line in lines:
        if not line.strip(b"\r"):
            break
        size += len(line) + 1
        if size > MAX_HEADER_BYTES:
            return f"its header is more than {MAX_HEADER_BYTES // 1024} KiB"
    types, run, in_content = 0, 0, False
    for line in lines:
        if in_content and line[:1] in (b" ", b"\t"):
            run += len(line)
        else:
            in_content = line[:8].lower() == b"content-"
            run = len(line) if in_content else 0
            types += line[:13].lower() == b"content-type:"
        if run > MAX_MIME_HEADER:
            return f"a part's Content header is more than {MAX_MIME_HEADER // 1024} KiB"
        if types > MAX_PARTS:
            return f"it has more than {MAX_PARTS} parts (an order e-mail has a few)"
    return ""


def _parse(raw: bytes) -> Message:
    """Parsed with the compat32 policy, which keeps headers as written: the few the mailroom
    needs are decoded here, bounded, and no other header is ever parsed."""
    return BytesParser(policy=policy.compat32).parsebytes(raw)


def _raw(msg: Message, name: str, limit: int = MAX_SUBJECT) -> str:
    """The first ``name`` header as written, unfolded, as text, at most ``limit`` characters."""
    name = name.lower()
    value = next((v for k, v in msg.raw_items() if k.lower() == name), None)
    if value is None:
        return ""
    text = str(value)[:4 * limit]
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return _FOLD.sub("", text).strip()[:limit]


def _decoded(text: str) -> str:
    """Encoded words (``=?utf-8?q?...?=``) decoded, as a reader sees the header."""
    try:
        return str(make_header(decode_header(text)))
    except (HeaderParseError, *_BROKEN):
        return text


def _received_or_note(raw: bytes, where: str, notes: list[str]) -> Received | None:
    """The message, or a note saying it could not be read (a mangled header or part)."""
    try:
        return received(raw, where)
    except Unreadable as e:
        notes.append(f"{visible(where)}: skipped, {e}")
    except _BROKEN as e:
        notes.append(f"{visible(where)}: skipped, the message cannot be read ({type(e).__name__}: "
                     f"{visible(str(e))[:200]})")
    return None


def received(raw: bytes, where: str) -> Received:
    why = screen(raw)
    if why:
        raise Unreadable(why)
    msg = _parse(raw)
    try:
        text = _raw(msg, "Date", 200)
        date = parsedate_to_datetime(text) if text else None
    except (TypeError, ValueError, IndexError):
        date = None
    if date is not None and date.tzinfo is None:
        date = date.replace(tzinfo=UTC)
    sender = _raw(msg, "From")
    address = address_of(sender)  # the address as written: an encoded word hides none
    if sum(k.lower() == "from" for k, _ in msg.raw_items()) > 1:
        address = ""  # two From headers: which one a mail program shows is anyone's guess
    body = body_text(msg)
    own = own_text(body)
    return Received(visible(where), visible(_decoded(sender)), address, visible(_decoded(_raw(msg, "Subject"))),
                    date, visible(_raw(msg, "Message-ID", 200)), visible_lines(own), doubt(msg, address),
                    _forward(msg, body), "" if own.strip() else why_no_text(body))


def _forward(msg: Message, body: str) -> Forward | None:
    """The message forwarded inline in the body, else the first one attached."""
    inline = forwarded(body)
    if inline is not None:
        return Forward(visible(inline.sender), visible_lines(inline.text))
    inner = attached_message(msg)
    if inner is None:
        return None
    return Forward(visible(_decoded(_raw(inner, "From"))), visible_lines(own_text(body_text(inner))))


def doubt(msg: Message, address: str) -> str:
    """Why the message may not come from its From: address ("" if nothing says so): a
    Sender or Return-Path of another address, or a failed SPF, DKIM or DMARC check that the
    receiving servers wrote down. Nothing here proves a sender; it only says when the
    message itself disagrees with its From."""
    why = []
    for name in ("Sender", "Return-Path"):
        other = address_of(_raw(msg, name, 400))
        if other and other != address:
            why.append(f"its {name} is {other}")
    checks = []
    for k, v in msg.raw_items():
        if k.lower() == "authentication-results":
            checks += [f"{m.group(1)}={m.group(2)}" for m in _FAILED_CHECK.finditer(str(v)[:MAX_MIME_HEADER].lower())]
        elif k.lower() == "received-spf" and str(v).strip().lower().startswith(("fail", "softfail", "permerror")):
            checks.append(f"spf={str(v).split()[0].lower()}")
    if checks:
        why.append("the receiving server found " + ", ".join(sorted(set(checks))))
    return "; ".join(why)


def read_path(path: str | Path) -> tuple[list[Received], list[str]]:
    """Every message at ``path`` and a note for each that was skipped; InboxError if the
    path is no mailbox."""
    path = Path(path)
    notes: list[str] = []
    if path.is_dir():
        if all((path / d).is_dir() for d in ("cur", "new", "tmp")):
            items = _from_maildir(path, notes)
        else:
            files = sorted(p for p in _entries(path) if p.name.lower().endswith(".eml"))
            if not files:
                raise InboxError(f"{path}: no Maildir (cur, new, tmp) and no .eml files in this folder")
            items = [_from_file(p, p.name, notes) for p in files[:MAX_MESSAGES]]
            _too_many(path, len(files), notes)
    elif path.is_file():
        head = _head(path)
        if path.suffix.lower() == ".eml" or not head.startswith(b"From "):
            items = [_from_file(path, path.name, notes)]
        else:
            if path.stat().st_size > MAX_MBOX_BYTES:
                raise InboxError(f"{path}: {path.stat().st_size} bytes is more than a mailbox of order e-mails "
                                 f"({MAX_MBOX_BYTES // 2**20} MiB); keep this week's messages only")
            items = _from_box(mailbox.mbox(str(path), create=False), path, notes)
    elif path.exists():
        raise InboxError(f"{path}: not a mailbox: a device, FIFO or socket is never read")
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


def _entries(folder: Path) -> list[Path]:
    """The files of a folder, hidden ones left out; whatever else is there (a FIFO, a
    device) is refused when it is read, with a note."""
    try:
        return [Path(e.path) for e in os.scandir(folder) if not e.name.startswith(".")
                and not e.is_dir(follow_symlinks=False)]
    except OSError as e:
        raise InboxError(f"{folder}: cannot read: {e.strerror or e}") from None


def _from_file(path: Path, where: str, notes: list[str]) -> Received | None:
    """One message file, read bounded: a FIFO, a device or a file bigger than an order
    e-mail is skipped with a note, never read."""
    try:
        raw = read_bounded(path, MAX_MESSAGE_BYTES)
    except FileReadError as e:
        notes.append(f"{visible(where)}: skipped, {visible(str(e).removeprefix(f'{path}: '))}"
                     + (" (too large for an order e-mail)" if "allowed" in str(e) else ""))
        return None
    return _received_or_note(raw, where, notes)


def _from_maildir(path: Path, notes: list[str]) -> list[Received | None]:
    """A Maildir's messages (new and cur), each file read bounded; keyed as the mailbox
    module keys them (the name before its flags)."""
    files = sorted((f for sub in ("new", "cur") for f in _entries(path / sub)), key=lambda f: f.name)
    out = [_from_file(f, f"{path.name} #{f.name.split(':', 1)[0]}", notes) for f in files[:MAX_MESSAGES]]
    _too_many(path, len(files), notes)
    return out


def _too_many(path: Path, count: int, notes: list[str]) -> None:
    if count > MAX_MESSAGES:
        notes.append(f"{visible(path.name)}: only the first {MAX_MESSAGES} of {count} messages were read")


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
            context = tls_context(settings.cafile)
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
                size = _size(conn, num)
                if size > MAX_MESSAGE_BYTES:  # never fetched: imaplib would hold it all
                    notes.append(f"{settings.folder} #{num.decode()}: skipped, {size} bytes is too large "
                                 "for an order e-mail")
                    continue
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


def _size(conn, num: bytes) -> int:
    """The message's size as the server says it (0 if it says nothing readable)."""
    try:
        status, data = conn.fetch(num, "(RFC822.SIZE)")
    except imaplib.IMAP4.error:
        return 0
    head = data[0] if status == "OK" and data else b""
    m = re.search(rb"RFC822\.SIZE (\d{1,12})", head if isinstance(head, bytes) else b"")
    return int(m.group(1)) if m else 0


def _quoted(folder: str) -> str:
    return folder if folder.isalnum() else '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _said(e: Exception) -> str:
    text = e.args[0] if e.args else str(e)
    return text.decode(errors="replace") if isinstance(text, bytes) else str(text)
