"""The special lines and provinces of a variant, drawn on the game's map with a legend.

Every ``[[special]]`` of the board is drawn, whichever variant or map editor made it: a
difficult border dashed along the shared border, a seasonally closed province under an ice
hatch, a railroad as a rail with sleepers through its provinces, a canal as a dash-dot
curve from sea to sea through its province, a land bridge as a dash-dot line across the
water. A kind this module does not know is still drawn, as a plain line between its places.
:func:`legend_entries` says in words what each drawn kind means, for the map's legend.
"""

from __future__ import annotations

from dataclasses import dataclass

import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QTransform

from ...engine.board import Board, Special, province_of
from ..palette import Palette
from ..paths import geometry_path
from ..sheet import Layer, Sheet

COLOURS = {
    "difficult": "#a3330f",
    "seasonal": "#3c8fc4",
    "railroad": "#3a3a3a",
    "canal": "#0f8f8a",
    "land_bridge": "#5b8c1e",
}
OTHER = "#7a3fa0"


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a kind of special and what it means here."""

    kind: str
    text: str
    colour: str


def legend_entries(board: Board) -> list[LegendEntry]:
    """What the legend lists for this board: one entry per kind of special it has."""
    out: dict[str, LegendEntry] = {}
    for s in board.specials:
        if s.kind in out:
            continue
        out[s.kind] = LegendEntry(s.kind, _describe(s), COLOURS.get(s.kind, OTHER))
    return [out[k] for k in sorted(out)]


def _describe(s: Special) -> str:
    if s.kind == "difficult":
        return "difficult border: armies only, no support across"
    if s.kind == "seasonal":
        return "closed in " + "/".join(str(x) for x in s.get("seasons") or ()) + ": no orders, no entry"
    if s.kind == "railroad":
        return str(s.get("name") or "railroad") + (f" ({s.get('code')})" if s.get("code") else "")
    if s.kind == "canal":
        return "canal: fleets pass through"
    if s.kind == "land_bridge":
        units = set(s.get("units") or ("A",))
        who = "armies and fleets" if units >= {"A", "F"} else ("fleets" if units == {"F"} else "armies")
        return f"land bridge: {who} cross the water"
    return s.kind.replace("_", " ")


class SpecialsLayer(Layer):
    """Draws every special of the board; the paths are made once per map."""

    def __init__(self, sheet: Sheet, board_layer):
        super().__init__(sheet)
        self.board_layer = board_layer

    def _lines(self) -> list[tuple[str, QPainterPath, QPainterPath]]:
        """(kind, line, area) for each special, cached with the map's paths."""
        s = self.sheet
        key = f"\0specials-{s.glyph_step}"
        layer = s.paths.get(key)
        if layer is None:
            layer = [(sp.kind, *self._build(sp)) for sp in self.board.specials]
            s.paths[key] = layer
        return layer

    def _at(self, loc: str) -> QPointF | None:
        return self.unit_point(loc) if self.geometry.has(loc) else None

    def _build(self, sp: Special) -> tuple[QPainterPath, QPainterPath]:
        between = [str(x) for x in sp.get("between") or ()]
        provs = [str(x) for x in sp.get("provinces") or ()]
        line, area = QPainterPath(), QPainterPath()
        if sp.kind == "difficult" and len(between) == 2:
            border = self._shared_border(*(province_of(b) for b in between))
            if border is not None:
                for part in getattr(border, "geoms", [border]):
                    c = shapely.get_coordinates(part).tolist()
                    if len(c) >= 2:
                        line.moveTo(*c[0])
                        for x, y in c[1:]:
                            line.lineTo(x, y)
                return line, area
        if sp.kind == "seasonal":
            for p in provs:
                if self.geometry.has(province_of(p)):
                    area.addPath(geometry_path(self.geometry.shape(province_of(p))))
            return line, area
        if sp.kind == "canal" and provs and len(between) == 2:
            pts = [self._at(x) for x in (between[0], provs[0], between[1])]
            if all(p is not None for p in pts):
                line.moveTo(pts[0])
                line.quadTo(pts[1], pts[2])
            return line, area
        pts = [q for q in (self._at(x) for x in (provs if sp.kind == "railroad" else between or provs))
               if q is not None]
        if len(pts) >= 2:
            line.moveTo(pts[0])
            for q in pts[1:]:
                line.lineTo(q)
        return line, area

    def _shared_border(self, a: str, b: str):
        g = self.geometry
        if not (g.has(a) and g.has(b)):
            return None
        near = g.shape(a).boundary.intersection(g.shape(b).buffer(self.sheet.base_g * 0.08))
        if near.is_empty or near.length <= 0:
            return None
        return near

    def paint(self, painter: QPainter, pal: Palette) -> None:
        self.board_layer.paint_railroads(painter, pal)
        g = self.g
        for kind, line, area in self._lines():
            colour = QColor(COLOURS.get(kind, OTHER))
            if not area.isEmpty():
                ice = QColor(colour)
                ice.setAlpha(120)
                hatch = QBrush(ice, Qt.BrushStyle.DiagCrossPattern)
                hatch.setTransform(QTransform().scale(g / 12, g / 12))
                painter.fillPath(area, hatch)
                painter.strokePath(area, QPen(colour, g * 0.06, Qt.PenStyle.DashLine))
            if line.isEmpty() or kind == "railroad":
                continue  # the board layer draws railroads
            under = QPen(QColor(255, 255, 255, 220), g * 0.24, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            painter.strokePath(line, under)
            pen = QPen(colour, g * 0.15, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin)
            pen.setDashPattern({"difficult": [2.2, 1.3], "canal": [3.0, 1.2, 0.6, 1.2]}.get(kind, [2.0, 1.0, 0.5, 1.0]))
            painter.strokePath(line, pen)
