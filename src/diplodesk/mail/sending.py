"""Sending the messages through the GM's SMTP server (TLS or STARTTLS, with login), with
progress, a log of what was sent to whom, and a retry of the ones that failed.

The log is a JSON-lines file beside the game (``GAME.mail-log.jsonl``): one line per try,
with the time, the message's key, its recipients and subject, and the outcome. It holds no
password and no message body.
"""

from __future__ import annotations

import json
import smtplib
import ssl
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .compose import Outgoing
from .roster import address_of
from .tls import tls_context

SECURITY = ("starttls", "ssl", "none")
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class MailSettingsError(ValueError):
    """SMTP settings that can't be used; the message names the setting."""


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int = 587
    security: str = "starttls"  # starttls (587), ssl (465); none only to this machine
    user: str = ""
    sender: str = ""  # the From: address ("GM <gm@example.org>")
    cafile: str | None = None  # a certificate to trust (a server with its own)
    timeout: float = 30.0

    def check(self) -> None:
        if not self.host.strip():
            raise MailSettingsError("smtp host: none given")
        if not 0 < self.port < 65536:
            raise MailSettingsError(f"smtp port: {self.port} is not a port number")
        if self.security not in SECURITY:
            raise MailSettingsError(f"smtp security: {self.security!r} (one of {', '.join(SECURITY)})")
        if self.security == "none" and self.host not in LOOPBACK:
            raise MailSettingsError(f"smtp security: none is only for a server on this machine, not {self.host}; "
                                    "use starttls or ssl")
        if not address_of(self.sender):
            raise MailSettingsError(f"sender: {self.sender!r} is not an e-mail address")

    @property
    def keyring_user(self) -> str:
        return f"{self.user or address_of(self.sender)}@{self.host}:{self.port}"

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v not in (None, "") and k != "timeout"}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SmtpSettings:
        known = {"host", "port", "security", "user", "sender", "cafile"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise MailSettingsError(f"smtp settings: unknown key {unknown[0]!r} (keys: {', '.join(sorted(known))})")
        try:
            return cls(str(data.get("host", "")), int(data.get("port", 587)), str(data.get("security", "starttls")),
                       str(data.get("user", "")), str(data.get("sender", "")), data.get("cafile") or None)
        except (TypeError, ValueError):
            raise MailSettingsError(f"smtp port: {data.get('port')!r} is not a number") from None


@dataclass(frozen=True)
class SendResult:
    key: str
    to: tuple[str, ...]
    subject: str
    ok: bool
    error: str = ""
    when: str = ""
    fatal: bool = False  # the server could not be reached, or refused the login or sender: nothing more was tried


Progress = Callable[[int, int, str], bool]  # (done, total, what) -> go on?


def connect(settings: SmtpSettings, password: str) -> smtplib.SMTP:
    """A logged-in connection; raises SendError-like OSError/SMTPException on failure."""
    settings.check()
    context = tls_context(settings.cafile)
    if settings.security == "ssl":
        conn: smtplib.SMTP = smtplib.SMTP_SSL(settings.host, settings.port, timeout=settings.timeout,
                                              context=context)
    else:
        conn = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
        if settings.security == "starttls":
            conn.starttls(context=context)
    if settings.user:
        conn.login(settings.user, password)
    return conn


def send_all(messages: Iterable[Outgoing], settings: SmtpSettings, password: str,
             progress: Progress | None = None, log: SendLog | None = None) -> list[SendResult]:
    """Send each message over one connection (a new one after a failure of one message);
    each message tried gets a result and a line in the log. When the server cannot be
    reached, or refuses the login or the sender, the sending stops there: that result is
    ``fatal`` and the messages after it are not tried (one bad login, never one per
    message). ``progress`` may stop early too."""
    todo = list(messages)
    results: list[SendResult] = []
    conn: smtplib.SMTP | None = None
    try:
        for i, m in enumerate(todo):
            if progress is not None and not progress(i, len(todo), ", ".join(m.to)):
                break
            error, fatal = "", False
            if conn is None:
                try:
                    conn = connect(settings, password)
                except (MailSettingsError, smtplib.SMTPException, ssl.SSLError, OSError) as e:
                    error, fatal = _why(e), True
            if not error:
                try:
                    conn.send_message(m.email(settings.sender, _domain(settings.sender)))
                except (smtplib.SMTPException, ssl.SSLError, OSError) as e:
                    error, fatal = _why(e), isinstance(e, smtplib.SMTPSenderRefused)
                    _close(conn)
                    conn = None
            r = SendResult(m.key, m.to, m.subject, not error, error, _now(), fatal)
            results.append(r)
            if log is not None and not log.add(r):
                break  # what was sent is not written down: sending more would only make it worse
            if fatal:
                break
    finally:
        if conn is not None:
            _close(conn)
    if progress is not None:
        progress(len(results), len(todo), "done")
    return results


def stopped(results: list[SendResult], total: int) -> str:
    """What the GM must hear when the sending stopped at a connection or login ("" if not)."""
    if not results or not results[-1].fatal:
        return ""
    left = total - len(results)
    return (f"stopped: {results[-1].error}"
            + (f"; the other {left} were not tried" if left else ""))


def _why(e: Exception) -> str:
    if isinstance(e, smtplib.SMTPAuthenticationError):
        return f"login refused: {_said(e)}"
    if isinstance(e, smtplib.SMTPSenderRefused):
        return f"the server refused the sender {_text(e.sender)}: {e.smtp_code} {_said(e)}"
    if isinstance(e, smtplib.SMTPRecipientsRefused):
        return "recipient refused: " + "; ".join(f"{a} ({r[0]} {_text(r[1])})"
                                                 for a, r in sorted(e.recipients.items()))
    if isinstance(e, smtplib.SMTPResponseException):
        return f"the server said {e.smtp_code}: {_said(e)}"
    if isinstance(e, MailSettingsError):
        return str(e)
    return f"cannot send: {getattr(e, 'strerror', None) or e}"


class SendLog:
    """What was sent to whom: appended to a JSON-lines file (or kept in memory)."""

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path is not None else None
        self.entries: list[SendResult] = self._read() if self.path is not None else []
        self.unwritten = ""  # why the log could not be written, once it could not

    @classmethod
    def beside(cls, game_path: Path) -> SendLog:
        game_path = Path(game_path)
        return cls(game_path.with_name(game_path.stem + ".mail-log.jsonl"))

    def _read(self) -> list[SendResult]:
        if self.path is None or not self.path.is_file():
            return []
        out = []
        for line in self.path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                d = json.loads(line)
                out.append(SendResult(str(d["key"]), tuple(d["to"]), str(d.get("subject", "")), bool(d["ok"]),
                                      str(d.get("error", "")), str(d.get("when", ""))))
            except (ValueError, KeyError, TypeError):
                continue  # a torn last line from a crash: the others stand
        return out

    def add(self, r: SendResult) -> bool:
        """Log a try; False when the log cannot be written (a full disk, a read-only
        folder), which :attr:`unwritten` says: the sending must stop, or what went out
        would go again."""
        self.entries.append(r)
        if self.path is None:
            return True
        try:
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(json.dumps(asdict(r) | {"to": list(r.to)}, ensure_ascii=False) + "\n")
        except OSError as e:
            self.unwritten = f"{self.path}: cannot write the send log ({e.strerror or e})"
            return False
        return True

    def writable(self) -> bool:
        """Whether the log can be written, found out before anything is sent."""
        if self.path is None:
            return True
        try:
            with open(self.path, "a", encoding="utf-8"):
                pass
        except OSError as e:
            self.unwritten = f"{self.path}: cannot write the send log ({e.strerror or e})"
            return False
        return True

    def last(self) -> dict[str, SendResult]:
        """Each message's latest try."""
        return {r.key: r for r in self.entries}

    def failed(self, keys: Iterable[str] | None = None) -> set[str]:
        """The messages whose latest try failed (of ``keys``, if given)."""
        last = self.last()
        want = set(keys) if keys is not None else set(last)
        return {k for k in want if k in last and not last[k].ok}

    def sent(self) -> set[str]:
        return {k for k, r in self.last().items() if r.ok}


def _domain(sender: str) -> str | None:
    addr = address_of(sender)
    return addr.split("@", 1)[1] if addr else None


def _said(e: Exception) -> str:
    return _text(getattr(e, "smtp_error", None) or (e.args[-1] if e.args else str(e)))


def _text(text) -> str:
    return text.decode(errors="replace") if isinstance(text, bytes) else str(text)


def _close(conn: smtplib.SMTP) -> None:
    try:
        conn.quit()
    except (smtplib.SMTPException, OSError):
        conn.close()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
