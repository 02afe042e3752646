"""The part of an order e-mail that holds the orders: its own text, without what it quotes.

Players reply to the GM's last message, so an e-mail often carries the whole previous
adjudication below (or above) their orders, quoted with ``>`` or under an "On ... wrote:"
line, and a signature. Only the player's own lines are orders; the quoted ones must never
be read again (they are last turn's orders, or another power's results).

Everything here reads text a stranger wrote, so it works in one pass over the lines with
plain string tests (no pattern that can backtrack), and a header line is only looked for in
lines short enough to be one.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from email.message import Message

HEADER_LINE = 400  # a reply or forward header ("On Mon, ... wrote:") is one short line
_TAG = re.compile(r"<[^<>]*>")  # stops at the next "<": a body of "<<<<" is read in one pass
_BREAK = re.compile(r"<\s*(?:br|/p|/div|/li|/tr)\s*/?\s*>", re.I)
_FORWARD_FIELDS = ("from:", "date:", "sent:", "subject:", "to:", "cc:", "reply-to:")


def _is_signature(line: str) -> bool:
    s = line.rstrip()
    return s == "--" or (len(s) >= 2 and not s.strip("_")) or s.startswith("Sent from my ")


def _framed(low: str, word: str) -> bool:
    """``-- Original Message --`` and the like: dashes, the words, dashes."""
    return low.startswith("--") and low.endswith("--") and low.strip("-").strip() == word


def _is_forward_header(low: str) -> bool:
    return _framed(low, "forwarded message") or low == "begin forwarded message:"


def is_quote_header(line: str) -> bool:
    """A line that starts the quoted message: "On ... wrote:", "Le ... a écrit :", "Am ...
    schrieb ...:", "-- Original Message --", a forwarded message's head, or "From: x@y"."""
    low = line.strip().lower()
    if len(low) > HEADER_LINE:
        return False
    if low.startswith("on ") and low.endswith("wrote:") and len(low) > 9:
        return True
    if low.startswith("le ") and (low.endswith(" a écrit :") or low.endswith(" a écrit:")):
        return True
    if low.startswith("am ") and low.endswith(":"):
        i = low.find("schrieb ", 4)
        return i != -1 and len(low) > i + 9
    if _framed(low, "original message") or _is_forward_header(low):
        return True
    if low.startswith("from: "):
        at = low.find("@", 6)
        return 6 < at < len(low) - 1
    return False


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def own_text(text: str) -> str:
    """The lines the sender wrote: quoted lines, the quoted message under an "On ... wrote:"
    line and the signature are left out."""
    out = []
    for line in _lines(text):
        bare = line.strip()
        if _is_signature(line) or is_quote_header(bare):
            break
        if bare.startswith(">"):
            continue
        out.append(line.rstrip())
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out)


def why_no_text(text: str) -> str:
    """Why :func:`own_text` found no line of the sender's own, said for the GM."""
    lines = _lines(text)
    if not any(line.strip() for line in lines):
        return "the message has no text"
    for n, line in enumerate(lines, 1):
        bare = line.strip()
        if _is_signature(line):
            return f"its text starts with a signature (line {n})"
        if is_quote_header(bare):
            return f"everything is below line {n}, “{bare[:60]}”, which starts a quoted message"
        if bare and not bare.startswith(">"):
            return ""
    return "every line of it is quoted (starts with >)"


@dataclass(frozen=True)
class Forward:
    """A message forwarded inside another, as its forwarder's program wrote it."""

    sender: str  # its From: as written ("" if it names none)
    text: str  # its own lines (its quotes and signature left out)


def forwarded(text: str) -> Forward | None:
    """The first message forwarded inline in ``text`` ("---------- Forwarded message
    ---------", then From:, Date:, Subject: lines, a blank line and its body)."""
    lines = _lines(text)
    start = next((i for i, line in enumerate(lines)
                  if len(line) <= HEADER_LINE and _is_forward_header(line.strip().lower())), None)
    if start is None:
        return None
    sender, i = "", start + 1
    while i < len(lines) and not lines[i].strip():  # Apple Mail leaves a blank line first
        i += 1
    while i < len(lines) and lines[i].strip():
        field = lines[i].strip()
        low = field.lower()
        if not low.startswith(_FORWARD_FIELDS):
            break
        if low.startswith("from:") and not sender:
            sender = field[5:].strip()
        i += 1
    return Forward(sender[:HEADER_LINE], own_text("\n".join(lines[i:])))


def parts(message: Message, limit: int = 200) -> list[Message]:
    """The message's leaf parts in order, without recursion (at most ``limit``). A message
    attached (``message/rfc822``) is one leaf: its text is not the sender's own."""
    out: list[Message] = []
    todo = [message]
    while todo and len(out) < limit:
        part = todo.pop()
        payload = part.get_payload()
        if part.get_content_maintype() == "multipart" and isinstance(payload, list):
            todo.extend(reversed(payload))
        else:
            out.append(part)
    return out


def attached_message(message: Message) -> Message | None:
    """The first message attached to this one (a forward "as attachment")."""
    for part in parts(message):
        payload = part.get_payload()
        if part.get_content_type() == "message/rfc822" and isinstance(payload, list) and payload:
            return payload[0]
    return None


def _attached(part: Message) -> bool:
    return str(part.get("Content-Disposition", "")).strip().lower().startswith("attachment")


def body_text(message: Message) -> str:
    """The message's text: its first plain-text part, else its HTML part as text."""
    leaves = [p for p in parts(message) if not _attached(p)]
    part = next((p for p in leaves if p.get_content_type() == "text/plain"), None) \
        or next((p for p in leaves if p.get_content_type() == "text/html"), None)
    if part is None:
        return ""
    return part_text(part)


def part_text(part: Message) -> str:
    """One text part decoded (an unknown charset read as UTF-8, never an exception)."""
    raw = part.get_payload(decode=True)
    if not isinstance(raw, bytes):
        return ""
    try:
        text = raw.decode(part.get_content_charset() or "utf-8", errors="replace")
    except (LookupError, ValueError):  # an unknown charset
        text = raw.decode("utf-8", errors="replace")
    if part.get_content_type() == "text/html":
        text = html.unescape(_TAG.sub("", _BREAK.sub("\n", text)))
    return text
