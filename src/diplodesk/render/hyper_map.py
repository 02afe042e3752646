"""A Hypereconomic position on its map: the board in its de facto owners' colours, then the
stacks (units, fishing fleets, installations), to a QPainter or a PNG file, headless.

The board is the standard painter's board layer; it is shown a position-shaped view of the
hyper position (no supply centres, each province's de facto owner as its land), so the
colours, borders, labels and special lines are drawn exactly as on every other board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from ..engine.hyper.model import HyperPosition
from ..engine.variant import Variant
from ..geometry.shapes import MapGeometry
from .export import map_of
from .layers.stacks import Placed, StacksLayer
from .options import RenderOptions
from .painter import MapPainter


@dataclass(frozen=True)
class OwnersView:
    """What the board layer reads of a position, for a hyper position: no centres, and each
    province's de facto owner as the power holding its land."""

    variant: Variant
    extra: dict[str, Any] = field(default_factory=dict)
    centers: dict[str, str] = field(default_factory=dict)

    @property
    def board(self):
        return self.variant.board

    @classmethod
    def of(cls, position: HyperPosition) -> OwnersView:
        land: dict[str, list[str]] = {}
        for prov, state in sorted(position.provinces.items()):
            if state.de_facto:
                land.setdefault(state.de_facto, []).append(prov)
        return cls(position.variant, {"land": land})


class HyperMapPainter:
    """Draws hyper positions of one variant on one map geometry."""

    def __init__(self, variant: Variant, geometry: MapGeometry):
        self.map = MapPainter(variant, geometry)
        self.stacks = StacksLayer(self.map.sheet)

    @property
    def geometry(self) -> MapGeometry:
        return self.map.geometry

    def options(self, **changes: Any) -> RenderOptions:
        """Options for a hyper map: no title band or legend (the desk shows those itself)."""
        return RenderOptions(show_title=False, show_legend=False, **changes)

    def paint_board(self, painter: QPainter, position: HyperPosition,
                    options: RenderOptions | None = None) -> None:
        o = options or self.options()
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            self.map.paint_board(painter, OwnersView.of(position), o)  # type: ignore[arg-type]
        finally:
            painter.restore()

    def paint_stacks(self, painter: QPainter, position: HyperPosition,
                     options: RenderOptions | None = None) -> list[Placed]:
        """The stacks over the board; returns what was drawn where."""
        o = options or self.options()
        self.map.sheet.use_scale(o.screen_scale)
        plan = self.stacks.plan(position)
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            self.stacks.paint(painter, position, self.map.palette(o.palette), o.power, plan)
        finally:
            painter.restore()
        return plan

    def paint(self, painter: QPainter, position: HyperPosition,
              options: RenderOptions | None = None) -> list[Placed]:
        """Board and stacks, in map coordinates (set the painter's transform first)."""
        self.paint_board(painter, position, options)
        return self.paint_stacks(painter, position, options)

    def fit_transform(self, target: QRectF):
        return self.map.fit_transform(target, self.options())


def painter_for(position: HyperPosition, geometry: MapGeometry | None = None) -> HyperMapPainter:
    """A painter for the position's variant; RenderError if its map can't be used."""
    return HyperMapPainter(position.variant, geometry or map_of(position))
