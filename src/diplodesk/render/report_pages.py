"""A report set on printed pages: real text (``print_text``), its result lines as a table of
unit, order, result and reason in aligned columns, and page breaks that keep each paragraph
(a power's results) on one page where it fits, and never leave fewer than ``ORPHANS`` of its
lines alone on a page where it does not.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QPainter

from ..engine.report_table import Block, Row
from .print_text import print_font

ORPHANS = 3  # the fewest lines of a paragraph a page break may leave alone on a page
HEADINGS = ("Unit", "Order", "Result", "Reason")
SPACINGS = (1.45, 1.3, 1.2)  # line spacing, in ems: the usual, then closer to save a page
INK = QColor("#000000")
GREY = QColor("#555555")


@dataclass(frozen=True)
class Piece:
    """Lines ``start`` to ``stop`` of block ``block`` on a page; ``continued``: the block
    began on an earlier page (its heading is repeated)."""

    block: int
    start: int
    stop: int
    continued: bool = False


def paginate(heights: list[list[int]], per_page: int, orphans: int = ORPHANS) -> list[list[Piece]]:
    """Blocks of lines (each line's height in lines) laid on pages of ``per_page`` lines, a
    blank line between blocks: a block goes whole on the page it starts on, or on the next
    one if it fits there; a block longer than a page is broken so that each piece holds at
    least ``orphans`` lines (or the whole block), its heading repeated above a continuation."""
    pages: list[list[Piece]] = [[]]
    used = 0
    for b, lines in enumerate(heights):
        total = sum(lines)
        gap = 1 if used else 0
        if used + gap + total <= per_page:
            pages[-1].append(Piece(b, 0, len(lines)))
            used += gap + total
            continue
        if total <= per_page or per_page - used - gap < lines[0] + orphans:
            if used:
                pages.append([])
            used, gap = 0, 0
            if total <= per_page:
                pages[-1].append(Piece(b, 0, len(lines)))
                used = total
                continue
        start, continued = 0, False
        while start < len(lines):
            room = per_page - used - gap - (lines[0] if continued else 0)
            stop, taken = start, 0
            while stop < len(lines) and taken + lines[stop] <= room:
                taken += lines[stop]
                stop += 1
            rest = len(lines) - stop
            if 0 < rest < orphans:  # leave no few last lines alone on the next page
                stop = max(start + 1, stop - (orphans - rest))
            stop = max(stop, start + 1)  # a line taller than a page still goes somewhere
            pages[-1].append(Piece(b, start, stop, continued))
            used += gap + sum(lines[start:stop]) + (lines[0] if continued else 0)
            start, continued = stop, True
            if start < len(lines):
                pages.append([])
                used, gap = 0, 0
    return [p for p in pages if p] or [[]]


class ReportSetter:
    """Sets report blocks on the pages of a paged device (a PDF writer, a printer)."""

    def __init__(self, painter: QPainter, page: QRectF, resolution: int):
        self.p, self.page = painter, page
        px = resolution * 0.13  # about 9.5 pt
        self.body, self.bold = print_font(px), print_font(px, bold=True)
        self.head, self.small = print_font(px * 1.3, bold=True), print_font(px * 0.8, bold=True)
        self.fm = QFontMetricsF(self.body)
        self.px, self.step = px, px * SPACINGS[0]
        self.indent = self.fm.horizontalAdvance("M") * 1.5
        self.gap = self.fm.horizontalAdvance("M") * 1.6

    def columns(self, blocks: list[Block]) -> list[float]:
        """The x of each column: unit, order, result, reason (each as wide as its widest)."""
        rows = [x for b in blocks for x in b if isinstance(x, Row)]
        x, out = self.indent, []
        for i, name in enumerate(HEADINGS[:3]):
            out.append(x)
            cells = [(r.unit, r.order, r.result)[i] for r in rows]
            x += max([self.fm.horizontalAdvance(c) for c in cells] + [self.fm.horizontalAdvance(name)]) + self.gap
        return [*out, x]

    def wrapped(self, text: str, width: float) -> list[str]:
        """``text`` in lines no wider than ``width`` (at word boundaries; a word wider than
        the column keeps a line of its own)."""
        lines: list[str] = []
        for word in text.split():
            if lines and self.fm.horizontalAdvance(f"{lines[-1]} {word}") <= width:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        return lines or [""]

    def set(self, newpage, heading: str, blocks: list[Block]) -> None:
        """Every block on as many pages as they need, each page after ``newpage()``."""
        cols = self.columns(blocks)
        reason_width = max(self.fm.horizontalAdvance("M") * 8, self.page.width() - cols[3])
        cells = [[self.wrapped(x.reason, reason_width) if isinstance(x, Row) else None for x in b]
                 for b in blocks]
        heights = [[len(c) if c is not None else 1 for c in b] for b in cells]
        pages = self._paginate(heights)
        for n, pieces in enumerate(pages):
            newpage()
            y = self.step * 1.5
            title = heading + (f" ({n + 1}/{len(pages)})" if len(pages) > 1 else "")
            self._line(0, y, title, self.head)
            y += self.step * 1.6
            headed = False  # the column headings, once a page, above its first row
            for k, pc in enumerate(pieces):
                if k:
                    y += self.step
                block = blocks[pc.block]
                if pc.continued:
                    self._line(0, y, f"{block[0]} (continued)" if isinstance(block[0], str) else "", self.bold)
                    y += self.step
                for i in range(pc.start, pc.stop):
                    if isinstance(block[i], Row) and not headed:
                        for x, name in zip(cols, HEADINGS, strict=True):
                            self._line(x, y, name.upper(), self.small, GREY)
                        y, headed = y + self.step, True
                    y = self._item(block[i], cells[pc.block][i], cols, y, first=i == 0 and len(block) > 1)

    def _paginate(self, heights: list[list[int]]) -> list[list[Piece]]:
        """The pages at the widest line spacing that needs no more pages than the tightest:
        a report that nearly fits is set a little closer, not left with a page of its own
        for its last lines."""
        best = None
        for k in SPACINGS:
            step = self.px * k
            per_page = max(ORPHANS + 1, int((self.page.height() - step * 4.6) // step))
            pages = paginate(heights, per_page)
            if best is None or len(pages) < len(best[1]):
                best = (step, pages)
        self.step = best[0]
        return best[1]

    def _item(self, item, reason: list[str] | None, cols: list[float], y: float, first: bool) -> float:
        if not isinstance(item, Row):
            if item.strip():
                self._line(0, y, item, self.bold if first and item.endswith(":") else self.body)
            return y + self.step
        for x, text in zip(cols[:3], (item.unit, item.order, item.result), strict=True):
            self._line(x, y, text, self.body)
        for line in reason or [""]:
            self._line(cols[3], y, line, self.body)
            y += self.step
        return y

    def _line(self, x: float, y: float, text: str, font, color: QColor = INK) -> None:
        if text:
            self.p.setFont(font)
            self.p.setPen(color)
            self.p.drawText(QPointF(self.page.left() + x, self.page.top() + y), text)
