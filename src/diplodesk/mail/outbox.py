"""One adjudicated phase's results by mail, as the send dialog holds them: the messages' texts
at once, their attachments only when they are to be sent, and each of those made once.

On the world of 1914 the texts of 59 messages take about a second, and the print packs about
a second each after five for the season's maps: the dialog opens on the texts, and makes the
packs, with progress and Cancel, when the GM sends. A box ticked or a note typed composes the
texts again from papers kept here, and never makes a pack made already.

Every attachment is made for one message from its own player's projection only, by the
functions ``mail send`` uses (``compose.drawn``, ``hyper_compose.SeasonPacks``), so what the
dialog sends is what the command line would.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..engine.hyper.model import HyperPosition
from .compose import Attachment, Batch, MailOptions, Outgoing, drawn, kinds, results_mail
from .hyper_compose import SeasonPacks, SeasonPapers, hyper_results_mail
from .roster import Roster

Tick = Callable[[str], object]  # hears what is being drawn, between the long steps


@dataclass(frozen=True)
class Piece:
    """One attachment of a message: what it is called before it is made, and how it is made."""

    key: tuple[str, ...]
    label: str
    make: Callable[[], Attachment]


class Outbox:
    """The messages of one adjudicated phase and the attachments made for them so far."""

    def __init__(self, position: Any, result: Mapping[str, Any] | None, title: str, tick: Tick | None = None):
        if isinstance(position, HyperPosition) and result is None:
            raise ValueError(f"{position.phase}: no result to send")
        self.position, self.result, self.title, self.tick = position, result, title, tick
        self.hyper = isinstance(position, HyperPosition)
        self.papers = SeasonPapers(position, result) if self.hyper else None
        self._packs: dict[str, SeasonPacks] = {}
        self._made: dict[tuple[str, ...], Attachment] = {}

    def batch(self, roster: Roster, options: MailOptions) -> Batch:
        """The messages' texts, without their attachments (see :meth:`complete`)."""
        texts = replace(options, pdf=False, png=False)
        if self.hyper:
            return hyper_results_mail(self.position, self.result, roster, self.title, texts, self.papers)
        return results_mail(self.position, roster, self.title, texts)

    def pieces(self, m: Outgoing, o: MailOptions) -> list[Piece]:
        """What ``m`` carries with ``o``: for each of its player's ids (or powers), their pack
        (and, in a standard game, their map)."""
        if m.player is None:
            return []  # the public message carries no attachment
        if self.hyper:
            if not o.pdf:
                return []
            packs = self._season_packs(o.page_size)
            return [Piece(("pdf", o.page_size, pid), f"{packs.name(pid)} (made when sent)",
                          lambda pid=pid: packs.pack(pid)) for pid in m.powers]
        stem = f"{self.position.variant.id}-{self.position.phase}"
        return [Piece((kind, o.page_size if kind == "pdf" else str(o.png_width), power),
                      f"{stem}-{power.lower()}.{kind} (made when sent)",
                      lambda power=power, kind=kind: drawn(self.position, power, kind, stem, o))
                for power in m.powers for kind in kinds(o)]

    def waiting(self, m: Outgoing, o: MailOptions) -> int:
        """How many of ``m``'s attachments are still to be made."""
        return sum(p.key not in self._made for p in self.pieces(m, o))

    def files(self, m: Outgoing, o: MailOptions) -> list[str]:
        """``m``'s attachments for the GM: each one's name and size, or that it is made when sent."""
        out = []
        for p in self.pieces(m, o):
            a = self._made.get(p.key)
            out.append(f"{a.filename} ({len(a.data) // 1024 + 1} kB)" if a is not None else p.label)
        return out

    def complete(self, m: Outgoing, o: MailOptions) -> Outgoing:
        """``m`` with its attachments, those not made yet made now."""
        attached = []
        for p in self.pieces(m, o):
            if p.key not in self._made:
                self._made[p.key] = p.make()
            attached.append(self._made[p.key])
        return replace(m, attachments=tuple(attached))

    def _season_packs(self, page_size: str) -> SeasonPacks:
        if page_size not in self._packs:
            self._packs[page_size] = SeasonPacks(self.position, self.result, page_size, self.tick)
        return self._packs[page_size]
