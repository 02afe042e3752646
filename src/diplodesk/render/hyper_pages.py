"""What goes on the pages of a Hypereconomic print pack, decided before anything is painted.

A player's pack is the maps they need, then every paper their projection allows
(``engine/hyper/papers.py``): the regional sheets on which their nations' provinces and
units lie (the whole board when the variant has no sheets), then their nations' statements
(the home nation first) and their banks' accounts. The papers flow: each starts a page of its
own only when it does not fit in what is left of the page before, so a colony of a few lines
shares a page instead of taking one. The gazette is the whole board and every sheet, then the
public paper; the GM's pack adds the GM's sheet. Tests read these pages' texts: they are
exactly what the painter writes on paper.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.hyper import papers
from ..engine.hyper.report import season_name
from ..engine.hyper.shown_names import ShownNames

WHOLE = ""  # the sheet id of the whole board


@dataclass(frozen=True)
class Page:
    """A page: a map of ``sheet`` (WHOLE: the whole board) or, when ``sheet`` is None,
    lines of text under a title."""

    title: str
    lines: tuple[str, ...] = ()
    sheet: str | None = None
    headings: tuple[int, ...] = ()  # the lines that head a paper sharing the page (set bold)

    @property
    def is_map(self) -> bool:
        return self.sheet is not None


def wrapped(line: str, columns: int) -> list[str]:
    """A line too long for the page, cut at spaces, its rest indented under its start."""
    if len(line) <= columns:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return textwrap.wrap(line, columns, subsequent_indent=indent, break_on_hyphens=False) or [line]


def text_pages(sections: Iterable[papers.Section], per_page: int, columns: int = 100) -> list[Page]:
    """Each section from a new page, continued on as many as it needs ("(2/3)"), its long
    lines wrapped at ``columns`` characters."""
    out: list[Page] = []
    for s in sections:
        lines = [w for line in s.lines for w in wrapped(line, columns)]
        while lines and not lines[0].strip():
            lines.pop(0)
        chunks = [lines[i:i + per_page] for i in range(0, len(lines), per_page)] or [[]]
        for n, chunk in enumerate(chunks):
            more = f" ({n + 1}/{len(chunks)})" if len(chunks) > 1 else ""
            out.append(Page(s.title + more, tuple(chunk)))
    return out


def flow_pages(sections: Iterable[papers.Section], per_page: int, columns: int = 100) -> list[Page]:
    """The sections one after another: a section starts a new page only when it does not fit
    in what is left of the last one (after a blank line and its title, set as a heading); one
    longer than a page starts a page and goes on over as many as it needs ("(2/3)")."""
    out: list[Page] = []
    for s in sections:
        lines = [w for line in s.lines for w in wrapped(line, columns)]
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        last = out[-1] if out else None
        if last is not None and not last.is_map and len(last.lines) + 2 + len(lines) <= per_page:
            at = len(last.lines) + 1
            out[-1] = Page(last.title, (*last.lines, "", *wrapped(s.title, columns), *lines),
                           headings=(*last.headings, at))
            continue
        out.extend(text_pages([papers.Section(s.title, tuple(lines))], per_page, columns))
    return out


def map_pages(sheets: Iterable[str], sheet_names: Mapping[str, str], phase: str) -> list[Page]:
    after = f"after {season_name(phase)}"
    return [Page(f"{sheet_names.get(s, 'The whole board') if s else 'The whole board'}, {after}", sheet=s)
            for s in sheets]


def sheets_for(points: Iterable[tuple[float, float]], boxes: Mapping[str, tuple[float, float, float, float]]) -> list[str]:
    """The sheets (in the variant's order) any of ``points`` lies on; the whole board when
    the variant has none, or when no point lies on any."""
    pts = list(points)
    hit = [sid for sid, (x0, y0, x1, y1) in boxes.items()
           if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pts)]
    return hit or [WHOLE]


def places_of(position: Mapping[str, Any], nations: Iterable[str]) -> set[str]:
    """The provinces held by ``nations`` and those their units stand in (after the season)."""
    mine = set(nations)
    held = {p for p, s in position["economy"]["provinces"].items() if s.get("de_facto") in mine}
    return held | {str(u["at"]).split("/")[0] for u in position.get("units", []) if u.get("power") in mine}


@dataclass(frozen=True)
class Plan:
    """How to lay out the packs of one season: the sheets' boxes and names, each
    province's point in map units, and the lines a text page holds."""

    boxes: Mapping[str, tuple[float, float, float, float]]
    sheet_names: Mapping[str, str]
    points: Mapping[str, tuple[float, float]]
    per_page: int = 60
    columns: int = 100

    def player(self, result: Mapping[str, Any], position: Mapping[str, Any], player: str,
               names: ShownNames | None = None) -> list[Page]:
        sections = papers.player(result, position, player, names)[1:]  # its head is the pack's title
        nations = sorted(n for n, s in position["economy"]["nations"].items()
                         if player in s.get("controllers", []))
        after = result.get("next", position)
        where = [self.points[p] for p in sorted(places_of(after, nations)) if p in self.points]
        sheets = sheets_for(where, self.boxes) if self.boxes else [WHOLE]
        return map_pages(sheets, self.sheet_names, result["phase"]) + flow_pages(sections, self.per_page, self.columns)

    def gazette(self, result: Mapping[str, Any], position: Mapping[str, Any],
                names: ShownNames | None = None) -> list[Page]:
        return (map_pages([WHOLE, *self.boxes], self.sheet_names, result["phase"])  # the public map, all of it
                + text_pages(papers.gazette(result, position, names), self.per_page, self.columns))

    def gm(self, result: Mapping[str, Any], position: Mapping[str, Any],
           names: ShownNames | None = None) -> list[Page]:
        return (map_pages([WHOLE, *self.boxes], self.sheet_names, result["phase"])
                + text_pages(papers.gm(result, position, names), self.per_page, self.columns))


def plan_for(variant: Any, geometry: Any | None, per_page: int = 60, columns: int = 100) -> Plan:
    """The plan of a variant's packs: its sheets (``[sheets]``), and a point inside each
    province of its map (``geometry``: a MapGeometry, or None for a board without a map)."""
    sheets = getattr(variant, "sheets", None) or {}
    boxes = {sid: tuple(s.box) for sid, s in sheets.items()}
    names = {sid: s.name for sid, s in sheets.items()}
    points: dict[str, tuple[float, float]] = {}
    if geometry is not None:
        for p in geometry.provinces:
            pt = geometry.shape(p).representative_point()
            points[p] = (pt.x, pt.y)
    return Plan(boxes, names, points, per_page, columns)
