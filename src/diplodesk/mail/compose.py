"""Results out: one message per player for an adjudicated phase, made from that player's
projection only, and the public adjudication for everyone.

A player's message holds, for each power they play, that power's report (the engine's
``power_report``: in a Blind game only what the power may know) and its print pack (the
PDF of ``render.pack``) and/or its map (PNG), both drawn from the same projection. Nothing
else goes in: no other player's name or address, no GM field, so a hidden unit elsewhere
changes nothing in the message (tests/mail/test_no_leak.py).
"""

from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path

from ..engine.position import Position
from ..engine.process import process
from ..engine.reports import power_report, public_report
from .roster import Player, Roster


@dataclass(frozen=True)
class Attachment:
    filename: str
    maintype: str
    subtype: str
    data: bytes


@dataclass(frozen=True)
class Outgoing:
    """One message to send: to whom, what it says, what it carries."""

    key: str  # stable: the phase, the recipient and the results (message_key), to log and retry by
    to: tuple[str, ...]  # "Name <address>" for each recipient
    subject: str
    body: str
    attachments: tuple[Attachment, ...] = ()
    player: str | None = None  # None: the public message
    bcc: bool = False  # the public message: recipients kept from one another
    powers: tuple[str, ...] = ()  # whose reports it carries

    def email(self, sender: str, domain: str | None = None) -> EmailMessage:
        """The message as sent (a new Date and Message-ID each time)."""
        m = EmailMessage()
        m["From"] = sender
        if self.bcc:
            m["To"] = sender
            m["Bcc"] = ", ".join(self.to)
        else:
            m["To"] = ", ".join(self.to)
        m["Subject"] = self.subject
        m["Date"] = formatdate(localtime=False, usegmt=True)
        m["Message-ID"] = make_msgid("diplodesk", domain=domain)
        m.set_content(self.body)
        for a in self.attachments:
            m.add_attachment(a.data, maintype=a.maintype, subtype=a.subtype, filename=a.filename)
        return m


def message_key(phase: object, recipient: str, results: str) -> str:
    """What the send log knows a message by: its phase, its recipient and a digest of the
    results it carries. A phase rolled back and adjudicated again with other results makes
    new keys, so they go out without ``--again``; the same results keep their keys, so
    nobody gets them twice."""
    digest = hashlib.sha256(results.encode("utf-8", "replace")).hexdigest()[:12]
    return f"{phase}:{recipient}:{digest}"


@dataclass
class MailOptions:
    pdf: bool = True
    png: bool = False
    public: bool = True  # also send the public adjudication to everyone
    png_width: int = 1600
    page_size: str = "A4"
    footer: str = ""  # the GM's own words under every report (deadline, house rules)


@dataclass
class Batch:
    phase: str
    messages: list[Outgoing] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # players who get nothing, and why


def results_mail(position: Position, roster: Roster, title: str, options: MailOptions | None = None,
                 result: dict | None = None) -> Batch:
    """The messages for the phase that starts at ``position`` (with its orders), adjudicated.

    ``title`` names the game in subjects. Players with no power or no address are skipped
    (and said so)."""
    o = options or MailOptions()
    outcome = process(position)
    batch = Batch(str(position.phase))
    phase = position.phase.long_name
    for player in sorted(roster.players, key=lambda p: (p.name, p.address)):
        if not player.powers:
            batch.skipped.append(f"{player.name}: plays no power")
            continue
        if not player.address:
            batch.skipped.append(f"{player.name}: no e-mail address")
            continue
        batch.messages.append(_personal(position, outcome, player, title, o))
    if o.public:
        to = tuple(p.mailbox for p in sorted(roster.players, key=lambda p: p.address) if p.address and p.powers)
        if to:
            body = _public_text(position, outcome)
            batch.messages.append(Outgoing(message_key(position.phase, "public", body), to,
                                           f"{title}: {phase}, the adjudication",
                                           body + footer(o), (), None, bcc=True))
    return batch


def _personal(position: Position, outcome, player: Player, title: str, o: MailOptions) -> Outgoing:
    powers = [p for p in position.variant.power_names if p in player.powers]
    parts = [f"Dear {player.name},", "",
             f"the {position.phase.long_name} phase of {title} is adjudicated. Your results:", ""]
    for power in powers:
        parts.append(power_report(position, power, outcome).rstrip("\n"))
        parts.append("")
    attachments: list[Attachment] = []
    stem = f"{position.variant.id}-{position.phase}"
    if o.pdf or o.png:
        attachments = _drawn(position, powers, stem, o)
    body = "\n".join(parts)
    subject = f"{title}: {position.phase.long_name}, results for {', '.join(powers)}"
    return Outgoing(message_key(position.phase, player.address, body), (player.mailbox,), subject, body + footer(o),
                    tuple(attachments), player.name, powers=tuple(powers))


def _drawn(position: Position, powers: list[str], stem: str, o: MailOptions) -> list[Attachment]:
    return [drawn(position, power, kind, stem, o) for power in powers for kind in kinds(o)]


def kinds(o: MailOptions) -> tuple[str, ...]:
    """What is attached for each power: its pack (``pdf``), its map (``png``), in that order."""
    return tuple(k for k, on in (("pdf", o.pdf), ("png", o.png)) if on)


def drawn(position: Position, power: str, kind: str, stem: str, o: MailOptions) -> Attachment:
    """``power``'s print pack (``pdf``) or map (``png``), from its projection only."""
    from ..render.export import render_file
    from ..render.pack import PackOptions, power_pack

    name = f"{stem}-{power.lower()}.{kind}"
    with tempfile.TemporaryDirectory(prefix="diplodesk-mail-") as tmp:
        if kind == "pdf":
            path = power_pack(position.to_json(), power, Path(tmp) / name, PackOptions(o.page_size))
            return Attachment(path.name, "application", "pdf", path.read_bytes())
        # the results as the power may see them (render_file narrows them in a Blind game)
        path = render_file(position.to_json(), Path(tmp) / name, power=power, width=o.png_width,
                           results=_results(position))
        return Attachment(path.name, "image", "png", path.read_bytes())


def _results(position: Position) -> dict:
    from ..engine.process import outcome_to_json

    return outcome_to_json(process(position))


def _public_text(position: Position, outcome) -> str:
    """Blind's public page; without fog, every order and its result (what all may know)."""
    return public_report(position, outcome)


def footer(o: MailOptions) -> str:
    return f"\n{o.footer.strip()}\n" if o.footer.strip() else ""
