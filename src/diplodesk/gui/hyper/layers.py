"""The map of the desk: the standard map view showing a Hypereconomic position.

:class:`HyperLayers` gives the map view the two layers it caches and composes (the board in
the de facto owners' colours; the stacks over it, with the unit being ordered ringed), and
:class:`HyperMapView` knows the stacks when it asks what lies under the mouse.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from ...engine.hyper.model import HyperPosition
from ...render.hyper_map import HyperMapPainter, OwnersView
from ...render.layers.specials import legend_entries
from ...render.layers.stacks import Placed
from ...render.options import RenderOptions
from ..map_view import MapView


class HyperLayers:
    """The base (board) and top (stacks) layers of a hyper position, for :class:`MapView`."""

    def __init__(self, painter: HyperMapPainter):
        self.hp = painter
        self.layered = True
        self.selected: str | None = None  # the ref of the unit being ordered ("fra:12D")
        self.plan: list[Placed] = []  # what the top layer drew last, where

    @property
    def geometry(self):
        return self.hp.geometry

    @property
    def board(self):
        return self.hp.map.board

    def base_key(self, position: HyperPosition, options: RenderOptions) -> tuple:
        owners = OwnersView.of(position).extra["land"]
        # the names keep clear of the stacks: where things stand is part of the board drawn
        stands = (tuple(sorted(u.at for u in position.units)), tuple(sorted(f.province for f in position.ffs)),
                  tuple(sorted(i.at for i in position.installations)), repr(position.carried.get("canals")))
        return (id(self.hp), tuple((k, tuple(v)) for k, v in sorted(owners.items())), options.palette,
                options.show_labels, options.show_specials, stands)

    def paint_base(self, painter: QPainter, position: HyperPosition, options: RenderOptions) -> None:
        self.hp.paint_board(painter, position, options)

    def paint_top(self, painter: QPainter, position: HyperPosition, results: Any,
                  options: RenderOptions) -> None:
        self.plan = self.hp.paint_stacks(painter, position, options)
        chosen = next((p for p in self.plan if f"{p.owner}:{p.ref}" == self.selected), None)
        if chosen is not None:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            r = chosen.rect.adjusted(-3, -3, 3, 3)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(255, 255, 255), r.width() * 0.12))
            painter.drawRoundedRect(r, 4, 4)
            painter.setPen(QPen(QColor(0, 120, 255), r.width() * 0.07))
            painter.drawRoundedRect(r, 4, 4)
            painter.restore()

    def paint_page(self, painter: QPainter, position: HyperPosition, results: Any,
                   options: RenderOptions) -> None:
        self.hp.paint(painter, position, replace(options, show_title=False, show_legend=False))

    def placed_at(self, x: float, y: float) -> Placed | None:
        """The stacked thing drawn under a map point (a unit before a boat or badge)."""
        hits = [p for p in self.plan if p.rect.contains(QPointF(x, y))]
        hits.sort(key=lambda p: p.kind not in ("D", "T", "N"))
        return hits[0] if hits else None


class HyperMapView(MapView):
    """The map view for a hyper position: units are found in the stacks' plan. A regional
    sheet framed stays framed when the window is resized, until the GM zooms or pans."""

    _framed: QRectF | None = None

    def frame(self, rect: QRectF) -> None:
        self._framed = QRectF(rect)
        self.show_rect(rect)

    def user_moved(self) -> None:
        super().user_moved()
        self._framed = None

    def fit(self) -> None:
        self._framed = None
        super().fit()

    def _refit(self) -> None:
        if self._framed is not None:
            self.show_rect(self._framed)
        else:
            super()._refit()

    def _on_unit(self, scene: QPointF) -> bool:
        layers = self.layers
        return isinstance(layers, HyperLayers) and layers.placed_at(scene.x(), scene.y()) is not None

    def key_entries(self) -> list:
        layers = self.layers
        if isinstance(layers, HyperLayers) and self.options.show_specials:
            return legend_entries(layers.board)
        return []

    def unit_at(self, scene: QPointF) -> Placed | None:
        layers = self.layers
        if not isinstance(layers, HyperLayers):
            return None
        hit = layers.placed_at(scene.x(), scene.y())
        return hit if hit is not None and hit.kind in ("D", "T", "N") else None
