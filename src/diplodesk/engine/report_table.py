"""A power's report as a printed page sets it: paragraphs (a power's results, the centres)
and, in them, result lines as table rows of unit, order, result and reason.

The text report is these blocks joined (``text_of``), so the page and the text say the same.
In a Blind game the rows come from the power's view (``rules/blind.py``), whose lines are
written in its own notation, ``F(Lon) - Eng (FAILED) Stood off by French fleet``; they are
cut into cells by that notation's grammar, and nothing is added that the line does not say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .position import Position
from .process import process
from .rules import blind


@dataclass(frozen=True)
class Row:
    """A result line: its cells, and the line as the text report writes it."""

    unit: str
    order: str
    result: str
    reason: str
    text: str


Block = list  # of str | Row: a paragraph, kept on one page where it fits


def report_blocks(position: Position, power: str, outcome=None) -> list[Block]:
    """``power``'s report of the phase adjudicated from ``position``, as blocks."""
    outcome = outcome if outcome is not None else process(position)
    if blind.active(position):
        return _blind_blocks(position, outcome, power)
    blocks: list[Block] = [[f"{position.phase.long_name}: report for {power}"]]
    by_power: dict[str, list] = {}
    for r in outcome.results:
        by_power.setdefault(r.power or "", []).append(r)
    for p in [power] + [x for x in position.variant.power_names if x != power]:
        if by_power.get(p):
            blocks.append([f"{p}:", *(result_row(r) for r in by_power[p])])
    nxt = outcome.next
    own = nxt.centers_of(power)
    tail = [f"Centres of {power} ({len(own)}): {', '.join(own) or 'none'}",
            f"Units of {power}: {len(nxt.units_of(power))}", f"Next phase: {nxt.phase.long_name}"]
    if outcome.winner:
        tail.append(f"{outcome.winner} has won the game.")
    return [*blocks, tail]


def text_of(blocks: list[Block]) -> str:
    """The blocks as the text report: one line each, a blank line between blocks."""
    lines: list[str] = []
    for i, block in enumerate(blocks):
        if i:
            lines.append("")
        lines += [x.text if isinstance(x, Row) else x for x in block]
    return "\n".join(lines) + "\n"


def result_row(r) -> Row:
    """An engine result line (``OrderResult``) as a row: ``F nth`` ``- nwy`` ``succeeds``."""
    shown = r.order or r.text or ""
    mark = r.status.value if not r.reason else f"{r.status.value} ({r.reason})"
    unit, order = _split_unit(shown.split()) if r.order else ("", shown)
    return Row(unit, order, r.status.value, r.reason or "", f"  {shown:<28} {mark}")


def _split_unit(words: list[str]) -> tuple[str, str]:
    """``A lvp - yor`` -> (``A lvp``, ``- yor``); ``B F stp/nc`` -> (``F stp/nc``, ``B``)."""
    if len(words) >= 3 and words[0] in ("B", "D") and words[1] in ("A", "F"):
        return " ".join(words[1:3]), words[0]
    if len(words) >= 2 and words[0] in ("A", "F", "?"):
        return " ".join(words[:2]), " ".join(words[2:])
    return "", " ".join(words)


def _blind_blocks(position: Position, outcome, power: str) -> list[Block]:
    """Blind's personal adjudication (``blind.report_text``) as blocks: its power paragraphs'
    lines made rows."""
    own = not blind.in_anarchy(position, power)
    blocks: list[Block] = []
    for para in blind.report_text(position, outcome, power).rstrip("\n").split("\n\n"):
        lines: Block = para.split("\n")
        if lines[0].endswith(":") and lines[0][:-1] in position.variant.power_names:
            mine = own and lines[0][:-1] == power
            lines = [lines[0], *(blind_row(t, mine) for t in lines[1:])]
        blocks.append(lines)
    return blocks


_MARK = re.compile(r" \((FAILED|CUT|DISLODGED|INVALID)(?:: ([^)]*))?\)")
_REF = re.compile(r"^[AF?]\([^)]*\)$")  # F(Lon), A(???)


def blind_row(text: str, mine: bool) -> Row:
    """A line of Blind's notation cut into cells: the unit, its order (by the notation's
    grammar), the result word the line gives (or, for the power's own, "succeeded" where it
    gives none) and what it says after (the reason, and what the unit was told)."""
    m = _MARK.search(text)
    head, result, reason = text, "succeeded" if mine else "", ""
    if m is not None:
        head, result, reason = text[: m.start()], m.group(1).lower(), m.group(2) or ""
        reason = "; ".join(x for x in (reason, text[m.end():].strip()) if x)
    words = head.split()
    if not (words and _REF.match(words[0])):  # a retreat, disband, build or removal: short form
        unit, order = _split_unit(words)
        return Row(unit, order, result, reason, text)
    n = 1 + _order_length(words[1:])
    note = " ".join(words[n:])  # what an own unit was told, on a line that succeeded
    return Row(words[0], " ".join(words[1:n]), result, "; ".join(x for x in (note, reason) if x), text)


def _order_length(words: list[str]) -> int:
    """How many of ``words`` the order after the unit takes (H; - X; TSR X; S U H; S U - Y;
    C U - Y)."""
    if not words:
        return 0
    verb = words[0]
    if verb in ("-", "TSR"):
        return 2
    if verb in ("S", "C"):
        return 4 if len(words) > 2 and words[2] == "-" else 3
    return 1
