"""The GM's players: a name, an e-mail address and the powers each plays.

A player may play several powers (Woolworth's public and secret ones) and a power may have
several players (joint control); both are just lists. The roster lives in the game file's
``players`` key, beside the game and never inside a position, so no report, map or pack can
carry it. Addresses are compared as mail servers deliver them: the address part only, in
any case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from email.utils import formataddr
from typing import Any

from ..engine.plain_text import visible

_ADDRESS = re.compile(r"[^@\s<>(),;:\"]+@[^@\s<>(),;:\"]+\.[^@\s<>(),;:\".]+")
MAX_FROM = 2000  # characters: a From: header longer than this names nobody
MAX_FIELD = 200  # characters in a player's name, address or note


class RosterError(ValueError):
    """A roster that can't be used; the message names the player and the field."""


def _outside(text: str) -> str:
    """``text`` without its (comments) and "quoted strings", in one pass (a comment that is
    never closed runs to the end)."""
    out: list[str] = []
    depth, quoted, escaped = 0, False, False
    for c in text:
        if escaped:
            escaped = False
        elif c == "\\" and (depth or quoted):
            escaped = True
        elif quoted:
            quoted = c != '"'
        elif c == "(":
            depth += 1
        elif c == ")" and depth:
            depth -= 1
        elif depth:
            pass
        elif c == '"':
            quoted = True
        else:
            out.append(c)
    return "".join(out)


def address_of(text: str) -> str:
    """The bare address of ``"Alice <Alice@Example.org>"``, lower-cased ("" if none).

    Only the real address counts, never the display name: ``bob@example.org
    <eve@evil.example>`` is Eve's. A header naming two addresses, or none outside a comment
    or an encoded word, or with more after its ``<address>``, names nobody."""
    if not text or len(text) > MAX_FROM:
        return ""
    bare = _outside(text)
    if "<" in bare or ">" in bare:
        if bare.count("<") != 1 or bare.count(">") != 1 or bare.index("<") > bare.index(">") \
                or bare[bare.index(">") + 1:].strip():  # "<bob@example.org>@evil.example"
            return ""
        bare = bare[bare.index("<") + 1:bare.index(">")]
    addr = bare.strip()
    return addr.lower() if _ADDRESS.fullmatch(addr) else ""


def field_problem(value: str, what: str) -> str:
    """Why a player's name, address or note cannot be kept ("" if it can): one line, no
    control characters (a CR or LF would end a mail header), not too long."""
    if len(value) > MAX_FIELD:
        return f"{what}: {len(value)} characters is too long (at most {MAX_FIELD})"
    if any(c in value for c in "\r\n\t") or visible(value) != value:
        bad = next(c for c in value if c in "\r\n\t" or visible(c) != c)
        return f"{what}: a control character ({ascii(bad)[1:-1]}) is not allowed"
    return ""


@dataclass(frozen=True)
class Player:
    name: str
    email: str
    powers: tuple[str, ...] = ()
    note: str = ""

    @property
    def address(self) -> str:
        return self.email.strip().lower()

    @property
    def mailbox(self) -> str:
        """``Name <address>`` for a To: header."""
        return formataddr((self.name, self.email.strip()))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "email": self.email.strip(), "powers": list(self.powers)}
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True)
class Roster:
    players: tuple[Player, ...] = field(default_factory=tuple)

    @classmethod
    def from_json(cls, data: Iterable[Mapping[str, Any]], powers: Iterable[str]) -> Roster:
        """Read and check a roster (the game file's ``players``); RosterError says where."""
        known = list(powers)
        players = []
        seen: dict[str, int] = {}
        for i, p in enumerate(data):
            name = str(p.get("name", "")).strip()
            email = str(p.get("email", "")).strip()
            where = f"players[{i}]" + (f" ({visible(name)[:40]})" if name else "")
            if not name:
                raise RosterError(f"{where}: a player needs a name")
            for value, what in ((str(p.get("name", "")), "name"), (str(p.get("email", "")), "email"),
                                (str(p.get("note", "")), "note")):
                problem = field_problem(value, what)
                if problem:
                    raise RosterError(f"{where}: {problem}")
            if not _ADDRESS.fullmatch(email):
                raise RosterError(f"{where}: email: {email!r} is not an e-mail address")
            addr = email.lower()
            if addr in seen:
                raise RosterError(f"{where}: email: {email} is also players[{seen[addr]}]'s; "
                                  "one address, one player")
            seen[addr] = i
            ps = [str(x).strip() for x in p.get("powers", [])]
            for power in ps:
                if power not in known:
                    shown = ", ".join(known[:12]) + (", …" if len(known) > 12 else "")
                    raise RosterError(f"{where}: powers: {visible(power)[:40]!r} is not a power of this game "
                                      f"({shown})")
            if len(set(ps)) != len(ps):
                raise RosterError(f"{where}: powers: a power is listed twice")
            players.append(Player(name, email, tuple(ps), str(p.get("note", ""))))
        return cls(tuple(players))

    def to_json(self) -> list[dict[str, Any]]:
        return [p.to_json() for p in self.players]

    def by_address(self, text: str) -> Player | None:
        """The player whose address sent ``text`` (a From: header), if any."""
        addr = address_of(text)
        return next((p for p in self.players if p.address == addr), None) if addr else None

    def player_at(self, address: str) -> Player | None:
        """The player of a bare address (as :class:`~.inbox.Received` has it), if any."""
        return next((p for p in self.players if p.address == address), None) if address else None

    def players_of(self, power: str) -> list[Player]:
        return [p for p in self.players if power in p.powers]

    def unplayed(self, powers: Iterable[str]) -> list[str]:
        """The powers no player plays (their orders can't come by mail)."""
        played = {x for p in self.players for x in p.powers}
        return [p for p in powers if p not in played]


def from_deal(deal: Mapping[str, Mapping[str, str]], roster: Roster) -> Roster:
    """The roster with each dealt player's public and secret powers (Woolworth), keeping the
    addresses already known; a dealt player not yet listed is added without an address."""
    players = list(roster.players)
    for name in sorted(deal):
        powers = tuple(deal[name][k] for k in ("public", "secret") if deal[name].get(k))
        i = next((j for j, p in enumerate(players) if p.name == name), None)
        if i is None:
            players.append(Player(name, "", powers))
        else:
            players[i] = Player(name, players[i].email, powers, players[i].note)
    return Roster(tuple(players))
