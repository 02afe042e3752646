"""Split a pasted e-mail of Hypereconomic orders into each nation's (or bank's) orders.

A nation is named on a line of its own (``France``, ``FRANCE (p01)``, ``Fran:``), or before
its order on the line (``France: bu D Pari``); bank heads work alike (``Bank of China``). An
order line starts with a unit (``12D``, ``7T``, ``N Pari``), a fishing fleet (``FF2``) or an
order code the engine reads; other lines (greetings, signatures) are reported, not guessed
at. Quote marks, bullets and numbering are stripped, as in the standard desk's paste.
"""

from __future__ import annotations

import re

from ..engine.hyper.model import HyperPosition
from ..engine.hyper.order_words import DESIG
from ..engine.hyper.order_words import key as name_key
from ..engine.hyper.orders import Names, parse_orders
from .hyper_words import codes
from .paste import PastedLine

_PREFIX = re.compile(r"^\s*(?:>\s*)*(?:[-*\u2022\u2013]\s+|\d{1,3}[.)]\s+)?")
_PAREN = re.compile(r"\([^)]*\)")
_ORDERS_FOR = re.compile(r"^(?:orders?\s+(?:for|of)\s+)", re.I)


def _givers(position: HyperPosition) -> list[tuple[str, str]]:
    """``(name key, nation or bank id)``, longest names first."""
    out = set()
    for n in position.pack.nations.values():
        for name in (n.id, n.abbr, n.name, *n.aliases):  # and the usual names (Britain, Turkey)
            if name:
                out.add((name_key(name), n.id))
    for n, st in position.nations.items():
        if st.name:
            out.add((name_key(st.name), n))
    for b in position.banks:
        out.add((name_key(b.id), b.id))
        out.add((name_key(b.name), b.id))
    return sorted(out, key=lambda w: (-len(w[0]), w))


def _looks_like_order(line: str, known: set[str]) -> bool:
    head = line.split()[0].lower() if line.split() else ""
    return bool(DESIG.match(head)) or head == "n" or bool(re.fullmatch(r"ff\d+", head)) or head in known


def _prose(position: HyperPosition, giver: str, line: str, names: Names) -> str:
    """Why a line that starts with an order code (and no unit) is a sentence, not an order: it
    reads like one (a capital, a comma, a full stop) and the engine's reader cannot read it.
    "" when it is an order, right or wrong."""
    head = line.split()[0].lower()
    if DESIG.match(head) or head == "n" or re.fullmatch(r"ff\d+", head):
        return ""
    sentence = line[0].isupper() or line.rstrip()[-1] in ".,;!?" or "," in line.split()[0]
    if not sentence:  # "bu D Lyonn": an order with a slip, kept to be shown in red on the sheet
        return ""
    [o] = parse_orders(position, giver, (line,), names, frozenset(position.pack.failure_order))
    return o.error[1] if o.error and o.error[0] == "unparsable" else ""


def _heading(line: str, givers: dict[str, str]) -> str | None:
    if len(line) > 300:  # no heading is this long; each "(" of "(((..." was read to the line's end
        return None
    bare = _PAREN.sub("", _ORDERS_FOR.sub("", line)).strip().rstrip(":").strip()
    return givers.get(name_key(bare)) if bare else None


def _leading(line: str, givers: list[tuple[str, str]]) -> tuple[str, str] | None:
    """``(giver, order)`` for ``France: bu D Pari`` (a colon after the name)."""
    name, colon, rest = line.partition(":")
    if not colon or not rest.strip():
        return None
    k = name_key(_ORDERS_FOR.sub("", name))
    hit = next((g for w, g in givers if w == k), None)
    return (hit, rest.strip()) if hit else None


def split_orders(text: str, position: HyperPosition, default: str | None = None
                 ) -> tuple[dict[str, list[str]], list[PastedLine]]:
    """Orders per nation or bank found in ``text``, and what became of each line."""
    givers = _givers(position)
    by_key: dict[str, str] = {}
    for name, giver in givers:  # as _leading reads them: the first of a shared name wins both ways
        by_key.setdefault(name, giver)
    known = set(codes())
    names = Names(position)
    orders: dict[str, list[str]] = {}
    lines: list[PastedLine] = []
    current: str | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = _PREFIX.sub("", raw, count=1).strip()
        if not line:
            lines.append(PastedLine(n, raw, "blank"))
            continue
        head = _heading(line, by_key)
        if head is not None:
            current = head
            lines.append(PastedLine(n, raw, "heading", head))
            continue
        lead = _leading(line, givers)
        giver, order = lead if lead is not None else (current or default, line)
        if not _looks_like_order(order, known):
            lines.append(PastedLine(n, raw, "ignored", message="not an order: it starts with no unit "
                                    "(12D, 7T, N Pari), fishing fleet or order code"))
            continue
        if giver is None:
            lines.append(PastedLine(n, raw, "ignored", message="no nation named for this order"))
            continue
        prose = _prose(position, giver, order, names)
        if prose:  # "As promised, ..." starts with a code but is no order
            lines.append(PastedLine(n, raw, "ignored", message=f"a sentence, not an order (read as one: {prose})"))
            continue
        orders.setdefault(giver, []).append(order)
        lines.append(PastedLine(n, raw, "order", giver, order))
    return orders, lines
