"""What a person can read of the names on a map drawn at a screen scale: how many are drawn,
how tall their capitals are in pixels, and which lie under a unit, under another name or
off the map. The tests and the screenshots tool measure with it; it reads the drawn
glyphs' own outlines, not the label planner's rules, so it checks the planner."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.board import UnitType
from ..engine.position import Position
from . import detail, glyphs
from .sheet import Sheet


@dataclass
class Legibility:
    """The names of one board at one scale; each list holds province ids."""

    total: int
    drawn: int
    cap_px: float  # the smallest capitals drawn, in screen pixels
    small: list[str] = field(default_factory=list)  # capitals under detail.FLOOR_CAP_PX
    covered: list[str] = field(default_factory=list)  # under a unit of the position
    overlapping: list[tuple[str, str]] = field(default_factory=list)  # two names over each other
    clipped: list[str] = field(default_factory=list)  # not wholly on the map
    led: list[str] = field(default_factory=list)  # set beside the province with a leader line

    @property
    def readable(self) -> bool:
        return (self.drawn == self.total and not self.small and not self.covered
                and not self.overlapping and not self.clipped)

    def line(self) -> str:
        return (f"{self.drawn}/{self.total} names, capitals >= {self.cap_px:.1f} px, {len(self.led)} with a leader, "
                f"{len(self.small)} too small, {len(self.covered)} under a unit, "
                f"{len(self.overlapping)} overlapping, {len(self.clipped)} off the map")


def measure(sheet: Sheet, scale: float, position: Position | None = None) -> Legibility:
    """The names ``sheet`` draws at ``scale`` screen pixels per map unit, over ``position``'s units."""
    sheet.use_scale(scale)
    g = sheet.geometry
    names = [p for p in g.ids if g.kind(p) != "impassable"]
    plan = sheet.label_plan()
    rects = {b.prov: _text_rect(b) for b in plan}
    caps = [r[3] - r[1] for r in rects.values()]
    out = Legibility(total=len(names), drawn=len({b.prov for b in plan} & set(names)),
                     cap_px=min(caps) * scale if caps else 0.0)
    out.small = sorted(p for p, r in rects.items() if (r[3] - r[1]) * scale < detail.FLOOR_CAP_PX - 1e-6)
    out.led = sorted(b.prov for b in plan if b.leader is not None)
    x0, y0, x1, y1 = g.bounds
    out.clipped = sorted(p for p, r in rects.items() if r[0] < x0 or r[1] < y0 or r[2] > x1 or r[3] > y1)
    items = sorted(rects.items())
    for i, (a, ra) in enumerate(items):
        for b, rb in items[i + 1:]:
            if _meet(ra, rb):
                out.overlapping.append((a, b))
    if position is not None:
        units = [(u.loc, u.type) for u in position.units.values() if g.has(u.loc)]
        for prov, r in items:
            if any(_meet(r, _unit_rect(sheet, loc, t)) for loc, t in units):
                out.covered.append(prov)
    return out


def _text_rect(b: detail.LabelBox) -> tuple[float, float, float, float]:
    r = glyphs.text_path(b.prov.upper(), b.size, b.x, b.y).boundingRect()
    return (r.left(), r.top(), r.right(), r.bottom())


def _unit_rect(sheet: Sheet, loc: str, utype: UnitType | str) -> tuple[float, float, float, float]:
    c = sheet.unit_point(loc)
    if str(getattr(utype, "value", utype)).upper().startswith("F"):
        r = glyphs.fleet_hull_path().united(glyphs.fleet_sail_path()).boundingRect()
    else:
        r = glyphs.army_path().boundingRect()
    g = sheet.g
    return (c.x() + r.left() * g, c.y() + r.top() * g, c.x() + r.right() * g, c.y() + r.bottom() * g)


def _meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
