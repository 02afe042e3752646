"""The map view: the board drawn by the renderer, panned, zoomed, hovered and clicked.

A :class:`QGraphicsView` over an empty scene the size of the map: the board is painted in
``drawBackground`` (from a cached image of the base layer, see :mod:`.layers`) and
``drawForeground`` (units, orders, and the highlights of order entry, drawn afresh each
frame). The view knows nothing of orders or games: it shows what it is given and reports
the province under each click, hover and key as signals.

Pan by dragging with the left or middle button, or with the arrow keys; zoom with the
wheel (around the cursor) or the +/- keys; fit with 0. The base image is drawn at the
screen's own resolution, so the map stays sharp at every zoom: after a zoom the old image
is shown scaled for a moment while a sharp one is drawn.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QTransform,
)
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QToolTip, QWidget

from ..engine.position import Position
from ..render.painter import RenderOptions
from .layers import LayeredPainter
from .map_overlays import MapOverlays
from .zoom import ZoomPan

ORDER_KEYS = {
    Qt.Key.Key_H: "H", Qt.Key.Key_M: "M", Qt.Key.Key_S: "S", Qt.Key.Key_C: "C", Qt.Key.Key_V: "V",
    Qt.Key.Key_D: "D", Qt.Key.Key_W: "W", Qt.Key.Key_R: "R",
    Qt.Key.Key_Escape: "Escape", Qt.Key.Key_Delete: "Delete", Qt.Key.Key_Backspace: "Delete",
}
MAX_CACHE_PIXELS = 4096
EDGE_MARGIN = 1.1  # glyph sizes of room round the board


@dataclass
class Highlights:
    """What order entry wants lit: the unit being ordered, the places it may go next."""

    selected: str | None = None
    picked: str | None = None
    targets: frozenset[str] = frozenset()
    selectable: frozenset[str] = frozenset()
    dislodged: bool = False  # the selected unit is a dislodged one
    marked: frozenset[str] = frozenset()  # provinces to point out (what a power newly learned)
    fog: frozenset[str] = frozenset()  # provinces greyed: what a power cannot see (Blind)


@dataclass
class _Cache:
    image: QImage | None = None  # the board, and on it the top layer once composed
    rect: QRectF | None = None  # the scene rectangle the image covers
    scale: float = 0.0
    key: Any = None
    board: QImage | None = None  # the board alone, to compose a new top layer on
    top: tuple | None = None  # what the top layer drawn on ``image`` showed (None: not drawn)


def _same_top(a: tuple | None, b: tuple | None) -> bool:
    """The same units, orders and fog: the same position and results objects, equal rest."""
    if a is None or b is None:
        return False
    return a[0] is b[0] and a[1] is b[1] and a[2:] == b[2:]


class MapView(MapOverlays, ZoomPan, QGraphicsView):
    """Shows one position (and its results) of one map; reports hovers, clicks and keys."""

    hovered = Signal(object)  # province id or None
    clicked = Signal(object, object, QPoint)  # province id or None, modifiers, global position
    context_menu_requested = Signal(object, QPoint)  # province id or None, global position
    key_command = Signal(str)  # H M S C V D W R Escape Delete
    unit_dropped = Signal(str, object)  # from province, to scene point (GM drags)
    zoom_changed = Signal(float)  # zoom relative to fit

    def __init__(self, parent: QWidget | None = None, interactive: bool = True):
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundBrush(QColor("#9fb8c8"))
        self.interactive = interactive
        self.layers: LayeredPainter | None = None
        self.position: Position | None = None
        self.results: Any = None
        self.options = RenderOptions(show_title=False, show_legend=False)
        self.highlights = Highlights()
        self.hover: str | None = None
        self.drag_units = False  # GM mode: a drag that starts on a unit moves it
        self.tooltip_for = None  # callable(prov) -> str, set by the window
        self._cache = _Cache()
        self._overview = _Cache()
        self._paths: dict[str, QPainterPath] = {}
        self._press: QPoint | None = None
        self._press_button = Qt.MouseButton.NoButton
        self._panning = False
        self._drag_from: str | None = None
        self._drag_at: QPointF | None = None
        self._fit_scale = 1.0
        self._auto_fit = True
        self._sharpen = QTimer(self)
        self._sharpen.setSingleShot(True)
        self._sharpen.timeout.connect(self._rerender)
        self.resizing = False
        self.last_base_ms = 0.0  # how long the last sharp base image took (for the bench)
        self.frames = 0  # frames drawn so far (the bench waits for the first)
        self.show_key = True  # the legend of the variant's special lines
        self._preview = False  # this frame shows a scaled image while a sharp one is drawn
        self._key_image: tuple[Any, QImage] | None = None  # the legend, drawn once
        self.fog: frozenset[str] = frozenset()  # what the power the map is shown as cannot see

    # -- content -------------------------------------------------------------------------

    def set_map(self, layers: LayeredPainter) -> None:
        self.layers = layers
        self._paths.clear()
        self._cache = _Cache()
        self._overview = _Cache()
        x0, y0, x1, y1 = layers.geometry.bounds
        self.setSceneRect(QRectF(x0, y0, x1 - x0, y1 - y0))
        # a margin round the board so that a unit on its edge (a fleet on St Petersburg's
        # north coast) is drawn whole at the size it grows to when the board is fitted
        m = layers.geometry.unit_size * EDGE_MARGIN
        self.setSceneRect(QRectF(x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m))
        self._auto_fit = True
        self.fit()

    def clear_map(self) -> None:
        """No map to show (a variant without map art): an empty view."""
        self.layers = None
        self.position = None
        self._paths.clear()
        self._cache = _Cache()
        self._overview = _Cache()
        self.viewport().update()

    def set_content(self, position: Position | None, results: Any = None) -> None:
        self.position = position
        self.results = results
        self.viewport().update()

    def set_options(self, **changes: Any) -> None:
        self.options = replace(self.options, **changes)
        self.viewport().update()

    def set_fog(self, fog: frozenset[str]) -> None:
        """Grey and hatch what the power the map is shown as cannot see (under its units)."""
        if fog != self.fog:
            keyed = bool(self.fog)
            self.fog = frozenset(fog)
            if keyed != bool(fog) and self._auto_fit:
                self.fit()  # the key grew or shrank: the fitted map leaves it room again
            self.viewport().update()

    def set_highlights(self, h: Highlights) -> None:
        self.highlights = h
        self.viewport().update()

    @property
    def geometry_(self):
        return self.layers.geometry if self.layers else None

    @property
    def sheet(self):
        """Where the painter puts things at the present zoom (None without a map)."""
        return getattr(getattr(self.layers, "mp", None), "sheet", None)

    def province_at(self, scene: QPointF) -> str | None:
        """The province under a scene point: its drawn label first (a label may sit in
        another province, like BOT's on the Swedish coast), else its shape."""
        g = self.geometry_
        if g is None:
            return None
        sheet = self.sheet
        under = g.province_at(scene.x(), scene.y())
        if sheet is None or not self.options.show_labels or self._on_unit(scene):
            return under
        sheet.use_scale(self.scale_now)
        return sheet.label_at(scene.x(), scene.y()) or under

    def _on_unit(self, scene: QPointF) -> bool:
        """Is a unit drawn under the scene point? (a unit is clicked before any label)"""
        p, sheet = self.position, self.sheet
        if p is None or sheet is None:
            return False
        sheet.use_scale(self.scale_now)
        r = sheet.g * 0.5
        locs = [u.loc for u in p.units.values()] + [d.unit.loc for d in p.dislodged.values()]
        for loc in locs:
            if self.geometry_.has(loc):
                c = sheet.unit_point(loc)
                if abs(c.x() - scene.x()) <= r and abs(c.y() - scene.y()) <= r:
                    return True
        return False

    def scene_anchor(self, loc: str, kind: str = "unit") -> QPointF:
        x, y = self.geometry_.anchor(kind, loc)
        return QPointF(x, y)

    def viewport_point(self, loc: str, kind: str = "unit") -> QPoint:
        """Where on the viewport a province's anchor is now (tests click there)."""
        return self.mapFromScene(self.scene_anchor(loc, kind))

    # -- zoom and pan --------------------------------------------------------------------

    def _zoomed(self) -> None:
        ZoomPan._zoomed(self)
        self.viewport().update()

    def resizeEvent(self, event) -> None:
        self.resizing = True  # a fit of its own, not the user's zoom (linked views ignore it)
        try:
            super().resizeEvent(event)
            self._refit()
        finally:
            self.resizing = False

    # -- painting ------------------------------------------------------------------------

    def _visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def _render(self, target: _Cache, rect: QRectF, scale: float, key: Any) -> None:
        dpr = self.viewport().devicePixelRatioF() or 1.0
        w = max(1, math.ceil(rect.width() * scale * dpr))
        h = max(1, math.ceil(rect.height() * scale * dpr))
        img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
        img.setDevicePixelRatio(dpr)
        img.fill(self.backgroundBrush().color())
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        t = QTransform()
        t.scale(scale, scale)
        t.translate(-rect.x(), -rect.y())
        p.setTransform(t)
        self.layers.paint_base(p, self.position, replace(self.options, screen_scale=scale))
        p.end()
        target.image, target.rect, target.scale, target.key = img, QRectF(rect), scale, key
        target.board, target.top = img, None

    def _top_key(self) -> tuple:
        h = self.highlights
        return (self.position, self.results, self.options, h.marked, h.fog | self.fog)

    def _compose(self, c: _Cache) -> None:
        """Units, orders and fog drawn once onto a copy of the cached board: a pan or a
        repaint then only copies pixels; a new order composes again (a few ms)."""
        img = c.board.copy()
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        t = QTransform()
        t.scale(c.scale, c.scale)
        t.translate(-c.rect.x(), -c.rect.y())
        p.setTransform(t)
        self._paint_marked(p, c.scale)
        self.layers.paint_top(p, self.position, self.results, replace(self.options, screen_scale=c.scale))
        p.end()
        c.image, c.top = img, self._top_key()

    def _wanted_rect(self, scale: float) -> QRectF:
        """The visible part of the map and a margin around it, within the size limit."""
        vis = self._visible_scene_rect()
        mx, my = vis.width() * 0.5, vis.height() * 0.5
        r = vis.adjusted(-mx, -my, mx, my).intersected(self.sceneRect())
        limit = MAX_CACHE_PIXELS / scale
        if r.width() > limit or r.height() > limit:
            c = vis.center()
            w, h = min(r.width(), limit), min(r.height(), limit)
            r = QRectF(c.x() - w / 2, c.y() - h / 2, w, h).intersected(self.sceneRect())
        return r

    def _rerender(self) -> None:
        if self.layers is None or self.position is None:
            return
        key = self.layers.base_key(self.position, self.options)
        t = time.perf_counter()
        self._render(self._cache, self._wanted_rect(self.scale_now), self.scale_now, key)
        self._compose(self._cache)
        self.last_base_ms = (time.perf_counter() - t) * 1000
        self.viewport().update()

    def _prepare_overview(self) -> None:
        """A small image of the whole board, shown under the sharp one while it is redrawn."""
        if self.layers is None or self.position is None:
            return
        key = self.layers.base_key(self.position, self.options)
        if self._overview.key == key:
            return
        r = self.sceneRect()
        scale = min(1600 / max(r.width(), r.height()), 2.0)
        self._render(self._overview, r, scale, key)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, self.backgroundBrush())
        if self.layers is None or self.position is None:
            return
        key = self.layers.base_key(self.position, self.options)
        s = self.scale_now
        vis = self._visible_scene_rect().intersected(self.sceneRect())
        c = self._cache
        if c.key != key:
            # The board itself changed: draw it sharp now, the overview when idle.
            self._render(c, self._wanted_rect(s), s, key)
            QTimer.singleShot(30, self._prepare_overview)
        elif abs(c.scale - s) > 1e-9 * s or not c.rect.contains(vis):
            # Zoomed, or panned off the image: show what we have, sharpen soon.
            # (a fast, unsmoothed scaling: it is on screen for a few frames only)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            if self._overview.key == key and not c.rect.contains(vis):
                painter.drawImage(self.sceneRect(), self._overview.image)
            painter.drawImage(c.rect, c.image)
            self._sharpen.start(0 if abs(c.scale - s) <= 1e-9 * s else 60)
            self._preview = c.top is not None  # its units are on the scaled image already
            return
        self._preview = False
        if not _same_top(c.top, self._top_key()):
            self._compose(c)
        # One image pixel to one screen pixel: blit it unscaled.
        t = painter.worldTransform()
        origin = t.map(c.rect.topLeft())
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawImage(QPointF(round(origin.x()), round(origin.y())), c.image)
        painter.restore()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        if self.layers is None or self.position is None:
            return
        if not self._preview and self._cache.top is None:  # not composed on the board image
            self._paint_marked(painter, self.scale_now)  # under the units and orders
            self.layers.paint_top(painter, self.position, self.results,
                                  replace(self.options, screen_scale=self.scale_now))
        self._paint_highlights(painter)
        if self.show_key:
            self._paint_key(painter)
        self.frames += 1

    # -- mouse and keys ------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        b = event.button()
        self.user_moved()
        if b in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self._press = event.position().toPoint()
            self._press_button = b
            self._panning = False
            self._drag_from = None
            if b == Qt.MouseButton.LeftButton and self.drag_units and self.position is not None:
                prov = self.province_at(self.mapToScene(self._press))
                if prov in self.position.units:
                    self._drag_from = prov
            event.accept()
            return
        if b == Qt.MouseButton.RightButton:
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._press is not None:
            d = pos - self._press
            if not self._panning and d.manhattanLength() >= QApplication.startDragDistance():
                self._panning = True
                if self._drag_from is None:
                    self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            if self._panning:
                if self._drag_from is not None and self._press_button == Qt.MouseButton.LeftButton:
                    self._drag_at = self.mapToScene(pos)
                    self.viewport().update()
                else:
                    self.pan_by(-d.x(), -d.y())
                    self._press = pos
            event.accept()
            return
        prov = self.province_at(self.mapToScene(pos))
        if prov != self.hover:
            self.hover = prov
            self.hovered.emit(prov)
            self.viewport().update()
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        b = event.button()
        if b == Qt.MouseButton.RightButton:
            pos = event.position().toPoint()
            self.context_menu_requested.emit(self.province_at(self.mapToScene(pos)),
                                             self.viewport().mapToGlobal(pos))
            event.accept()
            return
        if self._press is None or b != self._press_button:
            super().mouseReleaseEvent(event)
            return
        pos = event.position().toPoint()
        was_drag, drag_from = self._panning, self._drag_from
        self._press = None
        self._panning = False
        self._drag_from = None
        self._drag_at = None
        self.viewport().unsetCursor()
        event.accept()
        if drag_from is not None and was_drag:
            self.unit_dropped.emit(drag_from, self.mapToScene(pos))
            self.viewport().update()
            return
        if not was_drag and b == Qt.MouseButton.LeftButton and self.interactive:
            self.clicked.emit(self.province_at(self.mapToScene(pos)), event.modifiers(),
                              self.viewport().mapToGlobal(pos))

    def leaveEvent(self, event) -> None:
        if self.hover is not None:
            self.hover = None
            self.hovered.emit(None)
            self.viewport().update()
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.navigation_key(event):
            return
        k = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods == Qt.KeyboardModifier.NoModifier and k in ORDER_KEYS and self.interactive:
            self.key_command.emit(ORDER_KEYS[k])
            event.accept()
            return
        super().keyPressEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.tooltip_for is not None:
            prov = self.province_at(self.mapToScene(event.pos()))
            text = self.tooltip_for(prov) if prov else ""
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

