"""Orders in: each e-mail matched to its player by the sender's address, its orders read
with the Paste orders reader, and per power what arrived, what is missing, what a later
message replaced and every line that could not be read, all before anything is entered.

A message from an address no player has is shown, never applied; so are orders a player
gives for a power they do not play. For each power the latest message that gives it orders
wins (by its Date, then its id: never by the order the mailbox lists them in).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..document.paste import split_orders
from ..engine.position import Position
from .inbox import Received
from .roster import Player, Roster


@dataclass(frozen=True)
class Problem:
    where: str  # the message (its file or key) and line
    text: str  # the line as written, or ""
    message: str
    prose: bool = False  # a line that does not start like an order (a greeting, a remark)


@dataclass
class PowerMail:
    """What arrived for one power."""

    power: str
    players: tuple[str, ...]
    orders: tuple[str, ...] = ()
    source: Received | None = None  # the message the orders are taken from
    replaced: list[Received] = field(default_factory=list)  # earlier messages it overrides

    @property
    def status(self) -> str:
        if not self.players:
            return "no player"
        if self.source is None:
            return "missing"
        return "replaced an earlier message" if self.replaced else "arrived"


@dataclass
class Intake:
    phase: str
    powers: dict[str, PowerMail]
    unknown: list[Received] = field(default_factory=list)  # from no player's address
    problems: list[Problem] = field(default_factory=list)
    messages: int = 0

    def orders(self) -> dict[str, list[str]]:
        """The orders to enter: only those of powers whose orders arrived."""
        return {p: list(m.orders) for p, m in self.powers.items() if m.source is not None}

    @property
    def unreadable(self) -> list[Problem]:
        """What needs the GM's eye: lines that look like orders but could not be read, and
        messages or orders that were not used (greetings and remarks left out)."""
        return [p for p in self.problems if not p.prose]

    @property
    def missing(self) -> list[str]:
        return [p for p, m in self.powers.items() if m.source is None and m.players]

    def summary(self) -> str:
        got = [p for p, m in self.powers.items() if m.source is not None]
        parts = [f"{_count(self.messages, 'message')}: orders for {len(got)} of {len(self.powers)} powers"]
        if self.missing:
            parts.append(f"missing: {', '.join(self.missing)}")
        if self.unknown:
            parts.append(f"{len(self.unknown)} from unknown addresses (not applied)")
        if self.unreadable:
            parts.append(f"{_count(len(self.unreadable), 'line or message', 'lines or messages')} not used")
        return "; ".join(parts)

    def report(self) -> str:
        """The whole intake as text (the command line shows this)."""
        lines = [f"{self.phase}: {self.summary()}", ""]
        for p, m in self.powers.items():
            who = ", ".join(m.players) or "nobody"
            lines.append(f"{p} ({who}): {m.status}" + (f", from {m.source.label}" if m.source else ""))
            for r in m.replaced:
                lines.append(f"    replaces the message of {r.label}")
            for o in m.orders:
                lines.append(f"    {o}")
        if self.unknown:
            lines += ["", "From unknown addresses (never applied):"]
            lines += [f"    {r.label}: {r.sender} — {r.subject} ({r.where})" for r in self.unknown]
        if self.unreadable:
            lines += ["", "Not used:"]
            lines += [f"    {p.message}" + (f": {p.text.strip()}" if p.text.strip() else "")
                      for p in self.unreadable]
        prose = [p for p in self.problems if p.prose]
        if prose:
            said = sorted({p.text.strip() for p in prose})
            lines += ["", f"Text that is no order ({_count(len(prose), 'line')}, e.g. greetings): "
                      + "; ".join(said[:8]) + ("; …" if len(said) > 8 else "")]
        return "\n".join(lines) + "\n"


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def read_orders(position: Position, roster: Roster, messages: Iterable[Received]) -> Intake:
    """Match every message to its player and read its orders for ``position``."""
    powers = {p: PowerMail(p, tuple(x.name for x in roster.players_of(p))) for p in position.variant.power_names}
    intake = Intake(str(position.phase), powers)
    for msg in sorted(messages, key=lambda r: r.sort_key):
        intake.messages += 1
        player = roster.by_address(msg.sender)
        if player is None:
            intake.unknown.append(msg)
            continue
        _read_one(position, player, msg, intake)
    return intake


def _read_one(position: Position, player: Player, msg: Received, intake: Intake) -> None:
    default = player.powers[0] if len(player.powers) == 1 else None
    orders, lines = split_orders(msg.text, position, default)
    for ln in lines:
        if ln.kind == "ignored":
            prose = "(at column 1)" in ln.message and "no place or order word" in ln.message
            intake.problems.append(Problem(f"{msg.where} line {ln.number}", ln.text,
                                           f"{player.name}'s message ({msg.label}) line {ln.number}: {ln.message}",
                                           prose))
    found = False
    for power in sorted(orders):
        if power not in player.powers:
            intake.problems.append(Problem(msg.where, "", f"{player.name} ({msg.label}) does not play {power}: "
                                           f"its {len(orders[power])} orders are not used"))
            continue
        found = True
        pm = intake.powers[power]
        if pm.source is not None:
            pm.replaced.append(pm.source)
        pm.orders, pm.source = tuple(orders[power]), msg
    if not found and not any(ln.kind == "order" for ln in lines):
        intake.problems.append(Problem(msg.where, "", f"no orders found in {player.name}'s message "
                                       f"“{msg.subject}”"))
