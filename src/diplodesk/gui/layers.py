"""The renderer's picture in two layers, so the map view can keep the slow one cached.

The board itself (land, sea, borders, labels, centre markers) costs tens to hundreds of
milliseconds to draw at a high zoom; units and orders cost a few. The map view caches the
*base* layer as an image and draws the *top* layer (units, orders, results) afresh on
every frame, so a click, a pan or a new order never waits for the borders.

:class:`MapPainter` paints both in one call. Until it offers the layers itself this
wrapper gets them from it: the base is the position drawn without units and orders, and
the top is drawn by the painter's own unit and order steps. Should those steps ever be
missing, the top layer is the whole picture and the base is not used.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtGui import QPainter

from ..engine.position import Position
from ..engine.rules.sight import land_owners
from ..render.painter import MapPainter, RenderOptions


class LayeredPainter:
    def __init__(self, painter: MapPainter):
        self.mp = painter
        own = getattr(painter, "paint_layer", None)
        self._own = own if callable(own) else None
        self.layered = self._own is not None or all(
            hasattr(painter, n) for n in ("_paint_units", "_paint_orders", "_dislodged_by", "order_marks")
        )

    @property
    def geometry(self):
        return self.mp.geometry

    def base_key(self, position: Position, options: RenderOptions) -> tuple:
        """Changes exactly when the base layer looks different."""
        return (id(self.mp), self.layered, tuple(sorted(position.centers.items())),
                tuple(sorted(land_owners(position).items())), options.palette, options.show_labels,
                options.show_specials)

    def paint_base(self, painter: QPainter, position: Position, options: RenderOptions) -> None:
        if not self.layered:
            return  # the top layer is the whole picture
        if self._own is not None:
            self._own("base", painter, position, None, options)
            return
        board = getattr(self.mp, "paint_board", None)
        if callable(board):
            board(painter, position, options)
            return
        bare = replace(position, units={}, dislodged={}, orders={})
        self.mp.paint(painter, bare, None, replace(options, show_orders=False, show_title=False,
                                                     show_legend=False))

    def paint_top(self, painter: QPainter, position: Position, results: Any, options: RenderOptions) -> None:
        if self._own is not None:
            self._own("top", painter, position, results, options)
            return
        if not self.layered:
            self.mp.paint(painter, position, results, replace(options, show_title=False, show_legend=False))
            return
        mp = self.mp
        pal = mp.palette(options.palette)
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            sheet = getattr(mp, "sheet", None)
            if sheet is not None:
                sheet.use_scale(options.screen_scale)
            marks = mp.order_marks(position, results) if options.show_orders else []
            dislodged_now = mp._dislodged_by(results, marks)
            mp._paint_units(painter, position, pal, options, dislodged_now)
            if marks:
                mp._paint_orders(painter, position, marks, pal, options)
        except (AttributeError, TypeError):
            # the painter's steps changed shape: fall back to whole pictures from now on
            self.layered = False
            painter.restore()
            painter.save()
            self.mp.paint(painter, position, results, replace(options, show_title=False, show_legend=False))
        finally:
            painter.restore()

    def paint_page(self, painter: QPainter, position: Position, results: Any, options: RenderOptions) -> None:
        """The whole picture in one go (printing, exports)."""
        self.mp.paint(painter, position, results, options)
