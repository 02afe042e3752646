"""Split a block of orders pasted from an e-mail or a forum post into each power's orders.

A block may name the power on each line (``England: F nth - pic``, ``English F nth - pic``)
or under a heading (``England:`` or ``ENGLAND (Alice)`` on a line of its own, followed by
its orders). Quote marks (``>``), bullets and numbering are stripped. A line that does not
name its power goes to the power whose unit it orders (a block may mix headings and
powers, so the unit's owner is the surest sign), else to the power of the heading above
it, else to the default power. Lines that are not orders (greetings, signatures) are
reported, not guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.orders import OrderParseError, Waive
from ..engine.phase import PhaseType
from ..engine.position import Position
from .checks import parse

_PREFIX = re.compile(r"^\s*(?:>\s*)*(?:[-*\u2022\u2013]\s+|\d{1,3}[.)]\s+)?")
_ORDERS_FOR = re.compile(r"^(?:orders?\s+(?:for|of)\s+)", re.I)
_PAREN = re.compile(r"\([^)]*\)")


@dataclass(frozen=True)
class PastedLine:
    """One line of the block: what it was taken for."""

    number: int  # 1-based line number in the block
    text: str  # the line as pasted
    kind: str  # "order", "heading", "blank" or "ignored"
    power: str | None = None
    order: str | None = None  # the order text, without the power's name
    message: str = ""


def _power_words(position: Position) -> list[tuple[str, str]]:
    words = []
    for p in position.variant.powers:
        words.append((p.name.lower(), p.name))
        words.append((p.adjective.lower(), p.name))
    return sorted(set(words), key=lambda w: -len(w[0]))


def _leading_power(line: str, words: list[tuple[str, str]]) -> tuple[str, str] | None:
    """``(power, rest)`` when the line starts with a power's name or adjective."""
    low = line.lower()
    for word, power in words:
        if low.startswith(word):
            after = line[len(word):]
            if not after or after[0] in " \t:;,-(" or after[0] == "\u2014":
                rest = after.strip()
                rest = rest.lstrip(":;,-\u2014").strip()
                return power, rest
    return None


def _owner(position: Position, order) -> str | None:
    if isinstance(order, Waive) or not order.loc:
        return None
    prov = order.province
    if position.phase.type is PhaseType.RETREAT and prov in position.dislodged:
        return position.dislodged[prov].unit.power
    u = position.units.get(prov)
    if u is not None:
        return u.power
    home = position.board.provinces.get(prov)
    return home.home if home is not None else None


def split_orders(text: str, position: Position, default_power: str | None = None
                 ) -> tuple[dict[str, list[str]], list[PastedLine]]:
    """Orders per power found in ``text``, and what became of each line."""
    words = _power_words(position)
    orders: dict[str, list[str]] = {}
    lines: list[PastedLine] = []
    heading: str | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = _PREFIX.sub("", raw, count=1).strip()
        if not line:
            lines.append(PastedLine(n, raw, "blank"))
            continue
        body = _ORDERS_FOR.sub("", line)
        lead = _leading_power(body, words)
        if lead is not None:
            power, rest = lead
            rest_clean = _PAREN.sub("", rest).strip(" :")
            if not rest_clean:
                heading = power
                lines.append(PastedLine(n, raw, "heading", power))
                continue
            try:
                parse(position, rest_clean)
            except OrderParseError:
                pass
            else:
                orders.setdefault(power, []).append(rest_clean)
                lines.append(PastedLine(n, raw, "order", power, rest_clean))
                continue
        try:
            order = parse(position, line)
        except OrderParseError as e:
            lines.append(PastedLine(n, raw, "ignored", message=f"not an order: {e}"))
            continue
        owner = _owner(position, order)
        power = owner or heading or default_power
        if power is None:
            lines.append(PastedLine(n, raw, "ignored", message="no power named for this order"))
            continue
        note = f"under {heading}'s heading, but the unit is {owner}'s" if heading and owner and owner != heading else ""
        orders.setdefault(power, []).append(line)
        lines.append(PastedLine(n, raw, "order", power, line, note))
    return orders, lines
