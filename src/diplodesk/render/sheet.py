"""The sheet every layer draws on: one variant's board on one map geometry, and where
each thing goes on it (units, dislodged units, labels, centre markers, railroad stops).

The places are worked out once per map and kept in the geometry's path cache, so every
painter of that map, and every layer of one painter, puts a thing in the same spot.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath

from ..engine.board import Board
from ..engine.variant import Variant
from ..geometry.shapes import MapGeometry
from . import glyphs
from .paths import geometry_path, paths_of


class Sheet:
    """One board on one map: its shapes as paths, and the places things are drawn."""

    def __init__(self, variant: Variant, geometry: MapGeometry):
        self.variant = variant
        self.board = variant.board
        self.geometry = geometry
        self.g = geometry.unit_size  # glyph size
        self.paths: dict[str, Any] = paths_of(geometry)

    def path(self, loc: str) -> QPainterPath:
        p = self.paths.get(loc)
        if p is None:
            p = self.paths[loc] = geometry_path(self.geometry.shape(loc))
        return p

    def rail_points(self, provinces: tuple[str, ...] | list[str]) -> list[QPointF]:
        return [self.unit_point(p) for p in provinces if self.geometry.has(p)]

    # -- where labels and centre markers go ---------------------------------------------

    @property
    def label_size(self) -> float:
        return self.g * 0.34

    def _unit_spots(self, prov: str) -> list[tuple[float, float]]:
        spots = [self.geometry.anchor("unit", prov)]
        p = self.board.provinces.get(prov)
        for c in p.coasts if p is not None else ():
            spots.append(self.geometry.anchor("unit", f"{prov}/{c}"))
        return spots

    def _clear_of_units(self, prov: str, point: tuple[float, float], half_w: float,
                        half_h: float) -> tuple[float, float]:
        """``point`` pushed out, along the line from each unit spot, until a box of the given
        half sizes around it clears a unit glyph there."""
        x, y = point
        for _ in range(2):
            for ux, uy in self._unit_spots(prov):
                dx, dy = x - ux, y - uy
                d = math.hypot(dx, dy)
                if d < 1e-6:
                    dx, dy, d = 0.0, 1.0, 1.0
                cx, cy = dx / d, dy / d
                need = self.g * 0.58 + abs(cx) * half_w + abs(cy) * half_h
                if d < need:
                    x, y = ux + cx * need, uy + cy * need
        return (x, y)

    def label_point(self, prov: str) -> tuple[float, float]:
        key = f"\0label-{prov}"
        p = self.paths.get(key)
        if p is None:
            x, y = self.geometry.anchor("label", prov)
            half_w = glyphs.text_width(prov.upper(), self.label_size) / 2 + self.g * 0.04
            p = self.paths[key] = self._clear_of_units(prov, (x, y), half_w, self.label_size * 0.42)
        return p

    def center_point(self, prov: str) -> tuple[float, float]:
        key = f"\0center-{prov}"
        p = self.paths.get(key)
        if p is None:
            x, y = self.geometry.anchor("center", prov)
            r = self.g * 0.2
            p = self.paths[key] = self._clear_of_units(prov, (x, y), r, r)
        return p

    # -- units ---------------------------------------------------------------------------

    def unit_point(self, loc: str, dislodged: bool = False) -> QPointF:
        """Where the unit at ``loc`` is drawn (a dislodged one clear of the unit that took
        its place)."""
        if not dislodged:
            x, y = self.geometry.anchor("unit", loc)
            return QPointF(x, y)
        key = f"\0dislodged-{loc}"
        p = self.paths.get(key)
        if p is None:
            ux, uy = self.geometry.anchor("unit", loc)
            x, y = self.geometry.anchor("dislodged", loc)
            dx, dy = x - ux, y - uy
            d = math.hypot(dx, dy)
            need = self.g * 0.95
            if d < need:
                if d < 1e-6:
                    dx, dy, d = 1.0, -1.0, math.sqrt(2)
                x, y = ux + dx / d * need, uy + dy / d * need
            p = self.paths[key] = QPointF(x, y)
        return QPointF(p)


class Layer:
    """One layer of the picture, drawn on a shared :class:`Sheet`."""

    def __init__(self, sheet: Sheet):
        self.sheet = sheet
        self.g = sheet.g

    @property
    def geometry(self) -> MapGeometry:
        return self.sheet.geometry

    @property
    def board(self) -> Board:
        return self.sheet.board

    def unit_point(self, loc: str, dislodged: bool = False) -> QPointF:
        return self.sheet.unit_point(loc, dislodged)
