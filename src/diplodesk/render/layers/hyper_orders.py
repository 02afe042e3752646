"""The military orders of a Hypereconomic position drawn on its map as the standard board draws
its orders: an attack as an arrow from the unit's glyph in its stack, a move as a dashed one,
a double move as two arrows end to end, a support as a dashed line to the middle of the attack
it backs (or a ring round the unit it holds with), a hold as a ring. A line the engine refuses
is drawn in the invalid colour with a cross (``refused``: the order lines it refused).

The arrows use the standard board's own strokes and heads (``arrows.py``), so an order reads
alike on every board.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter, QPainterPath

from ...engine.hyper.model import HUnit, HyperPosition
from ...engine.hyper.order_words import DESIG
from ...engine.hyper.orders import MILITARY, Names, parse_orders
from .. import glyphs
from ..marks import OrderMark
from ..palette import Palette
from ..paths import unit_vec
from ..sheet import Layer, Sheet
from .arrows import Arrows
from .results import ResultsLayer
from .stacks import Placed


@dataclass(frozen=True)
class Drawn:
    """One order as drawn: whose, its verb, the unit, where it goes (tests read these)."""

    nation: str
    verb: str
    unit: str
    target: str | None = None
    second: str | None = None
    backs: str | None = None  # a support: "fra:1D"
    status: str | None = None


class HyperOrdersLayer(Layer):
    """Order arrows over the stacks."""

    def __init__(self, sheet: Sheet):
        super().__init__(sheet)
        self.results = ResultsLayer(sheet)
        self.arrows = Arrows(sheet, self.results)

    def orders(self, position: HyperPosition, refused: Iterable[tuple[str, int]] = ()) -> list[Drawn]:
        """The military orders to draw, read by the engine's reader; ``refused``: the
        (nation, line index) pairs the engine refused."""
        bad = set(refused)
        names = Names(position)
        failure = frozenset(position.pack.failure_order)
        units = {(u.power, u.ref.lower()): u for u in position.units}
        out = []
        for nation in sorted(position.orders):
            for o in parse_orders(position, nation, tuple(position.orders[nation]), names, failure):
                if o.unit is None or o.verb not in MILITARY:
                    continue
                status = "invalid" if (nation, o.index) in bad or o.error else None
                backs = target = None
                if o.verb == "sp" and o.note:
                    backed, target = _backed(o.note, nation, names, units)
                    backs = f"{backed.power}:{backed.ref}" if backed is not None else None
                out.append(Drawn(nation, o.verb, o.unit.ref, o.target if o.verb != "sp" else target,
                                 o.second, backs, status))
        return out

    def paint(self, painter: QPainter, position: HyperPosition, plan: list[Placed], pal: Palette,
              refused: Iterable[tuple[str, int]] = ()) -> list[Drawn]:
        drawn = self.orders(position, refused)
        at = {f"{p.owner}:{p.ref}": p.center for p in plan if p.kind in ("D", "T", "N")}
        moves: dict[str, QPointF] = {}
        painter.save()
        for d in drawn:
            if d.verb in ("mo", "at", "dm") and d.target and self.geometry.has(d.target.partition("/")[0]):
                a = at.get(f"{d.nation}:{d.unit}")
                if a is None:
                    continue
                m = OrderMark(d.nation, None, d.status)
                b = self.unit_point(d.target)
                mid = self.arrows.arrow(painter, m, a, b, pal, start_gap=self.g * 0.5, end_gap=self.g * 0.35,
                                        dashed=d.verb == "mo")
                if d.verb == "dm" and d.second and self.geometry.has(d.second.partition("/")[0]):
                    self.arrows.arrow(painter, m, b, self.unit_point(d.second), pal, start_gap=self.g * 0.2,
                                      end_gap=self.g * 0.35)
                moves[f"{d.nation}:{d.unit}"] = mid
        for d in drawn:
            a = at.get(f"{d.nation}:{d.unit}")
            if a is None:
                continue
            m = OrderMark(d.nation, None, d.status)
            colour, outline = self.results.colours(m, pal)
            if d.verb == "ho":
                self.arrows.stroke(painter, glyphs.octagon_path(self.g * 0.7).translated(a), colour, outline,
                                   self.g * 0.07)
            elif d.verb == "sp" and d.backs in at:
                end = moves.get(d.backs) if d.target else None
                target = end if end is not None else at[d.backs]
                ux, uy, n = unit_vec(a, target)
                if n == 0:
                    continue
                path = QPainterPath(QPointF(a.x() + ux * self.g * 0.45, a.y() + uy * self.g * 0.45))
                stop = 0.0 if end is not None else self.g * 0.7
                path.lineTo(QPointF(target.x() - ux * stop, target.y() - uy * stop))
                self.arrows.stroke(painter, path, colour, outline, self.g * 0.075, dash=[1.6, 1.0])
                if end is None:
                    ring = glyphs.octagon_path(self.g * 0.7).translated(target)
                    self.arrows.stroke(painter, ring, colour, outline, self.g * 0.06, dash=[1.6, 1.0])
            if d.status == "invalid":
                self.results.fail_cross(painter, QPointF(a.x() + self.g * 0.5, a.y() - self.g * 0.5), pal,
                                        invalid=True)
        painter.restore()
        return drawn


def _backed(note: str, nation: str, names: Names, units: dict) -> tuple[HUnit | None, str | None]:
    """The unit a support names and the province of the attack it backs (None: a hold)."""
    words = note.split()
    whose = nation
    if len(words) >= 2 and words[0].lower() != "n" and not DESIG.match(words[0]) and names.nation_of(words[0]):
        whose, words = names.nation_of(words[0]) or nation, words[1:]
    if not words:
        return None, None
    if words[0].lower() == "n" and len(words) >= 2:
        loc = names.location(words[1])
        ref, rest = (f"n {loc}" if loc else ""), words[2:]
    else:
        ref, rest = words[0].lower(), words[1:]
    unit = units.get((whose, ref))
    if rest and rest[0].lower() not in ("ho", "at", "sp") and names.location(rest[0]):
        rest = rest[1:]
    target = names.location(rest[1]) if len(rest) >= 2 and rest[0].lower() == "at" else None
    return unit, target
