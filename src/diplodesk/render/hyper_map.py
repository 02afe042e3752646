"""A Hypereconomic position on its map: the board in its de facto owners' colours, then the
stacks (units, fishing fleets, installations), to a QPainter or a PNG file, headless.

The board is the standard painter's board layer; it is shown a position-shaped view of the
hyper position (no supply centres, each province's de facto owner as its land), so the
colours, borders, labels and special lines are drawn exactly as on every other board.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from ..engine.hyper.model import HyperPosition
from ..engine.variant import Variant
from ..geometry.shapes import MapGeometry, load_map_geometry
from ..geometry.svg_import import MapError
from .export import RenderError, ensure_app, write_png
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
    if geometry is None:
        try:
            geometry = load_map_geometry(position.variant, ref=position.variant_ref or None)
        except MapError as e:
            raise RenderError(f"cannot draw variant {position.variant.id!r}: {e}") from None
    return HyperMapPainter(position.variant, geometry)


def render_png(position: HyperPosition, out: Path, width: int = 2000, *,
               power: str | None = None, geometry: MapGeometry | None = None) -> Path:
    """Draw a hyper position to a PNG ``width`` pixels wide; RenderError if it can't be."""
    out = Path(out)
    if not isinstance(width, int) or not 16 <= width <= 20000:
        raise RenderError(f"width must be a whole number of pixels from 16 to 20000, not {width!r}")
    ensure_app()
    hp = painter_for(position, geometry)
    x0, y0, x1, y1 = hp.geometry.bounds
    height = max(1, round(width * (y1 - y0) / (x1 - x0)))
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    try:
        painter.setTransform(hp.fit_transform(QRectF(0, 0, width, height)))
        hp.paint(painter, position, hp.options(power=power))
    finally:
        painter.end()
    tmp = out.with_name(f".{out.name}.part")
    try:
        write_png(image, tmp)
        os.replace(tmp, out)
    except OSError as e:
        raise RenderError(f"{out}: {e.strerror or e}") from None
    finally:
        if tmp.exists():
            tmp.unlink()
    return out
