"""The part of an order e-mail that holds the orders: its own text, without what it quotes.

Players reply to the GM's last message, so an e-mail often carries the whole previous
adjudication below (or above) their orders, quoted with ``>`` or under an "On ... wrote:"
line, and a signature. Only the player's own lines are orders; the quoted ones must never
be read again (they are last turn's orders, or another power's results).
"""

from __future__ import annotations

import html
import re
from email.message import EmailMessage, Message

_SIGNATURE = re.compile(r"^(?:-- ?|--|__+|Sent from my .*)$")
_QUOTE_HEADER = re.compile(
    r"^(?:On .+wrote:|Le .+a écrit ?:|Am .+schrieb .+:|-{2,}\s*Original Message\s*-{2,}|"
    r"-{2,}\s*Forwarded message\s*-{2,}|From: .+@.+|Begin forwarded message:)\s*$", re.I)
_TAG = re.compile(r"<[^>]+>")
_BREAK = re.compile(r"<\s*(?:br|/p|/div|/li|/tr)\s*/?\s*>", re.I)


def own_text(text: str) -> str:
    """The lines the sender wrote: quoted lines, the quoted message under an "On ... wrote:"
    line and the signature are left out."""
    out = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        bare = line.strip()
        if _SIGNATURE.match(line.rstrip()) or _QUOTE_HEADER.match(bare):
            break
        if bare.startswith(">"):
            continue
        out.append(line.rstrip())
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out)


def body_text(message: Message) -> str:
    """The message's text: its first plain-text part, else its HTML part as text."""
    if isinstance(message, EmailMessage):
        part = message.get_body(preferencelist=("plain", "html"))
    else:
        part = next((p for p in message.walk() if p.get_content_type() == "text/plain"), None)
    if part is None:
        return ""
    try:
        if isinstance(part, EmailMessage):
            text = part.get_content()
        else:
            raw = part.get_payload(decode=True) or b""
            text = raw.decode(part.get_content_charset() or "utf-8", errors="replace")
    except (LookupError, ValueError, AssertionError):  # an unknown charset, a broken part
        raw = part.get_payload(decode=True) or b""
        text = raw.decode("utf-8", errors="replace")
    if not isinstance(text, str):
        return ""
    if part.get_content_type() == "text/html":
        text = html.unescape(_TAG.sub("", _BREAK.sub("\n", text)))
    return text
