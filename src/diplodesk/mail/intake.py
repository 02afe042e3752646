"""Orders in: each e-mail matched to its player by the sender's address, its orders read
with the Paste orders reader, and per power what arrived, what is missing, what a later
message replaced and every line that could not be read, all before anything is entered.

A message from an address no player has is shown, never applied; so are orders a player
gives for a power they do not play. For each power the latest message that gives it orders
wins (by its Date, then its id: never by the order the mailbox lists them in); a message
dated more than a day ahead of this computer's clock counts as undated, so a wrong clock
never beats a real correction.

Intake trusts addresses: anyone can write any From:. A message whose own headers disagree
with its From (a Sender or Return-Path of another address, a failed SPF or DKIM check) is
held, its orders shown but not entered, until the GM accepts it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from ..document.checks import ERROR, check_orders
from ..document.paste import split_orders
from ..engine.position import Position
from .inbox import Received
from .roster import Player, Roster

AHEAD = timedelta(days=1)  # a Date further ahead of our clock than this is a wrong clock
QUOTED = 200  # characters of a line a report quotes


@dataclass(frozen=True)
class Problem:
    where: str  # the message (its file or key) and line
    text: str  # the line as written, or ""
    message: str
    kind: str = "unused"  # unused; prose (a greeting, a remark); flag (entered, but see); note

    @property
    def prose(self) -> bool:
        """A line that does not start like an order (a greeting, a remark)."""
        return self.kind == "prose"

    @property
    def quoted(self) -> str:
        """The line as the report shows it: its start, at most QUOTED characters (a message
        may hold one line of two megabytes)."""
        text = self.text.strip()
        return text if len(text) <= QUOTED else text[:QUOTED - 1] + "…"


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
    held: list[tuple[str, Received]] = field(default_factory=list)  # (player, message) in doubt, not entered

    def orders(self) -> dict[str, list[str]]:
        """The orders to enter: only those of powers whose orders arrived."""
        return {p: list(m.orders) for p, m in self.powers.items() if m.source is not None}

    @property
    def unreadable(self) -> list[Problem]:
        """What needs the GM's eye: lines that look like orders but could not be read, and
        messages or orders that were not used (greetings and remarks left out)."""
        return [p for p in self.problems if p.kind == "unused"]

    @property
    def flagged(self) -> list[Problem]:
        """What was entered, or counted, but needs the GM's eye: orders the engine will not
        carry out (no such unit), a wrong clock, where orders were found."""
        return [p for p in self.problems if p.kind in ("flag", "note")]

    @property
    def missing(self) -> list[str]:
        return [p for p, m in self.powers.items() if m.source is None and m.players]

    @property
    def unplayed(self) -> list[str]:
        """Powers no player plays: their orders can never come by mail."""
        return [p for p, m in self.powers.items() if not m.players]

    def summary(self) -> str:
        got = [p for p, m in self.powers.items() if m.source is not None]
        parts = [f"{_count(self.messages, 'message')}: orders for {len(got)} of {len(self.powers)} powers"]
        if self.missing:
            parts.append(f"missing: {_some(self.missing)}")
        if self.unplayed:
            parts.append(f"no player: {_some(self.unplayed)}")
        if self.held:
            parts.append(f"{len(self.held)} held (the sender is in doubt)")
        if self.unknown:
            parts.append(f"{len(self.unknown)} from unknown addresses (not applied)")
        if self.unreadable:
            parts.append(f"{_count(len(self.unreadable), 'line or message', 'lines or messages')} not used")
        flags = [p for p in self.problems if p.kind == "flag"]
        if flags:
            parts.append(f"{_count(len(flags), 'thing')} to look at")
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
        return "\n".join(lines + self.notes_lines()) + "\n"

    def notes_lines(self, prose: bool = True) -> list[str]:
        """The report's last part: held messages, unknown senders, what to look at, what was
        not used and (with ``prose``) the lines of text that are no orders."""
        lines: list[str] = []
        if self.held:
            lines += ["", "Held: from a player's address, but the message disagrees with its From "
                      "(accept each to enter its orders):"]
            lines += [f"    {r.where}: {who}, {r.label}: {r.doubt} — “{r.subject}”" for who, r in self.held]
        if self.unknown:
            lines += ["", "From unknown addresses (never applied):"]
            lines += [f"    {r.label}: {r.sender} — {r.subject} ({r.where})" for r in self.unknown]
        if self.flagged:
            lines += ["", "To look at (entered as sent):"]
            lines += [f"    {p.message}" + (f": {p.quoted}" if p.quoted else "") for p in self.flagged]
        if self.unreadable:
            lines += ["", "Not used:"]
            lines += [f"    {p.message}" + (f": {p.quoted}" if p.quoted else "") for p in self.unreadable]
        said = sorted({p.quoted for p in self.problems if p.prose}) if prose else []
        if said:
            n = sum(p.prose for p in self.problems)
            lines += ["", f"Text that is no order ({_count(n, 'line')}, e.g. greetings): "
                      + "; ".join(said[:8]) + ("; …" if len(said) > 8 else "")]
        return lines


def _some(names: list[str], most: int = 12) -> str:
    """A list for a summary line: the first dozen and how many in all (the report has each)."""
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def in_order(messages: Iterable[Received], problems: list[Problem], now: datetime | None = None,
             ) -> list[Received]:
    """The messages oldest first, those dated more than a day ahead counted as undated (and
    said so in ``problems``)."""
    limit = (now or datetime.now(UTC)) + AHEAD
    ahead = {id(r) for r in messages if r.date is not None and r.date > limit}
    for r in messages:
        if id(r) in ahead:
            problems.append(Problem(r.where, "", f"the message of {r.label} is dated more than a day ahead of "
                                    "this computer's clock (a wrong clock?): it counts as undated, so any "
                                    "dated message from the same sender wins over it", "flag"))
    return sorted(messages, key=lambda r: (False, datetime.min.replace(tzinfo=UTC), r.message_id, r.where)
                  if id(r) in ahead else r.sort_key)


def is_accepted(msg: Received, accept: Collection[str]) -> bool:
    """The GM accepted this message in doubt (by its place or its Message-ID)."""
    return msg.where in accept or (bool(msg.message_id) and msg.message_id in accept)


def read_orders(position: Position, roster: Roster, messages: Iterable[Received],
                accept: Collection[str] = (), now: datetime | None = None) -> Intake:
    """Match every message to its player and read its orders for ``position``. Messages in
    doubt are held unless ``accept`` names them (their place or Message-ID). A season
    engine's position (Hypereconomic) is read by :mod:`.hyper_intake` (:mod:`.orders_in`
    picks)."""
    powers = {p: PowerMail(p, tuple(x.name for x in roster.players_of(p))) for p in position.variant.power_names}
    intake = Intake(str(position.phase), powers)
    for player, msg in to_read(intake, roster, messages, accept, now):
        _read_one(position, roster, player, msg, intake)
    return intake


def to_read(intake: Intake, roster: Roster, messages: Iterable[Received], accept: Collection[str] = (),
            now: datetime | None = None) -> Iterator[tuple[Player, Received]]:
    """Each message to read with its player, oldest first; the others counted in ``intake``:
    from an unknown address, or held (in doubt, not accepted)."""
    for msg in in_order(list(messages), intake.problems, now):
        intake.messages += 1
        player = roster.player_at(msg.address)
        if player is None:
            intake.unknown.append(msg)
        elif msg.doubt and not is_accepted(msg, accept):
            intake.held.append((player.name, msg))
        else:
            yield player, msg


def letter_text(roster: Roster, player: Player, msg: Received, has_orders) -> tuple[str, str]:
    """The text to read the player's orders from, and a note on where it came from. A
    message with no orders of its own that forwards one is read for the forwarded one's,
    unless another player's address wrote it; ``has_orders`` says whether a text holds any."""
    fwd = msg.forward
    if fwd is None or has_orders(msg.text):
        return msg.text, ""
    other = roster.by_address(fwd.sender)
    if other is not None and other is not player:
        return "", (f"it forwards a message from {other.name}'s address ({fwd.sender}), so its orders are "
                    f"not {player.name}'s: not used")
    return fwd.text, f"the orders of the message it forwards, from {fwd.sender or 'no sender'}"


def no_orders(player: Player, msg: Received, why: str) -> str:
    """The GM's line for a message in which no order was found, with the reason."""
    said = why or msg.why_empty or "no line of it reads as an order"
    return f"no orders found in {player.name}'s message “{msg.subject}” ({msg.label}): {said}"


def _read_one(position: Position, roster: Roster, player: Player, msg: Received, intake: Intake) -> None:
    default = player.powers[0] if len(player.powers) == 1 else None
    text, via = letter_text(roster, player, msg,
                            lambda t: any(ln.kind == "order" for ln in split_orders(t, position, default)[1]))
    orders, lines = split_orders(text, position, default)
    if via and text:
        intake.problems.append(Problem(msg.where, "", f"{player.name}'s message ({msg.label}): read for {via}",
                                       "note"))
    for ln in lines:
        if ln.kind == "ignored":
            prose = "(at column 1)" in ln.message and "no place or order word" in ln.message
            intake.problems.append(Problem(f"{msg.where} line {ln.number}", ln.text,
                                           f"{player.name}'s message ({msg.label}) line {ln.number}: {ln.message}",
                                           "prose" if prose else "unused"))
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
        for c in check_orders(position, power, orders[power]):
            if c.level == ERROR:
                intake.problems.append(Problem(msg.where, c.text, f"{player.name}'s order for {power} "
                                               f"({msg.label}) will not stand: {c.message}", "flag"))
    if not found and not any(ln.kind == "order" for ln in lines):
        intake.problems.append(Problem(msg.where, "", no_orders(player, msg, via if not text else "")))
