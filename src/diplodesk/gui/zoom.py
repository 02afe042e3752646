"""Zoom and pan for the app's map views (the game's and the editor's): one set of rules.

Zoom is kept between half the fitted scale and ``MAX_ZOOM`` times it, around a viewport
point; a view that has been fitted keeps fitting itself when it is resized. A view's zoom
and the map point at its centre can be read and given back (:meth:`ZoomPan.view_state`,
:meth:`ZoomPan.restore_view`): a game keeps them in its settings.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QKeyEvent, QTransform, QWheelEvent

ZOOM_STEP = 1.25


class ZoomPan:
    """Mixed into a QGraphicsView (before it in the bases). Needs ``zoom_changed``."""

    MAX_ZOOM = 24.0
    SHIFT_PAN = 4  # Shift+arrow pans this many steps at once
    _fit_scale = 1.0
    _auto_fit = True
    _pending_view: dict | None = None  # given back again after each resize until the user moves

    def view_state(self) -> dict:
        """The zoom relative to Fit and the map point at the centre, as JSON values."""
        if self._auto_fit:
            return {"zoom": 1.0, "fit": True}
        c = self.mapToScene(self.viewport().rect().center())
        return {"zoom": round(self.zoom, 4), "center": [round(c.x(), 2), round(c.y(), 2)]}

    def restore_view(self, state: object) -> None:
        """Zoom and scroll as :meth:`view_state` gave them; anything else fits the map."""
        self._pending_view = None
        if not isinstance(state, dict) or state.get("fit") or not _number(state.get("zoom")):
            self.fit()
            return
        c = state.get("center")
        if not (isinstance(c, list) and len(c) == 2 and all(_number(v) for v in c)):
            self.fit()
            return
        self._pending_view = state
        self._apply_view(state)

    def _apply_view(self, state: dict) -> None:
        self.fit()
        self.zoom_by(float(state["zoom"]))
        self.centerOn(float(state["center"][0]), float(state["center"][1]))
        self._auto_fit = False
        self._zoomed()

    def user_moved(self) -> None:
        """The user zoomed or scrolled: a view given back is no longer put back on resize."""
        self._pending_view = None

    @property
    def scale_now(self) -> float:
        return self.transform().m11() or 1.0

    @property
    def zoom(self) -> float:
        """Zoom relative to the fitted scale."""
        return self.scale_now / self._fit_scale if self._fit_scale else 1.0

    def _compute_fit(self, rect: QRectF | None = None) -> float:
        r = rect or self.sceneRect()
        vp = self.viewport().rect()
        if r.width() <= 0 or r.height() <= 0 or vp.width() <= 2 or vp.height() <= 2:
            return 1.0
        return min((vp.width() - 2) / r.width(), (vp.height() - 2) / r.height())

    def _zoomed(self) -> None:
        self.zoom_changed.emit(self.zoom)

    def fit(self) -> None:
        self._fit_scale = self._compute_fit()
        self.setTransform(QTransform.fromScale(self._fit_scale, self._fit_scale))
        self.centerOn(self.sceneRect().center())
        self._auto_fit = True
        self._zoomed()

    def show_rect(self, rect: QRectF) -> None:
        """Frame ``rect`` (scene units): a regional sheet of a world map, say."""
        if not self._fit_scale:
            self._fit_scale = self._compute_fit()
        scale = min(self._compute_fit(rect), (self._fit_scale or 1.0) * self.MAX_ZOOM)
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(rect.center())
        self._auto_fit = False
        self._zoomed()

    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom by ``factor`` keeping the map point under ``anchor`` (viewport) in place."""
        if anchor is None:
            anchor = self.viewport().rect().center()
        s = self.scale_now
        fit = self._fit_scale or 1.0
        new = min(max(s * factor, fit * 0.5), fit * self.MAX_ZOOM)
        if abs(new - s) < 1e-12:
            return
        before = self.mapToScene(anchor)
        self.setTransform(QTransform.fromScale(new, new))
        d = self.mapFromScene(before) - anchor
        self.pan_by(d.x(), d.y())
        self._auto_fit = False
        self._zoomed()

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def pan_by(self, dx: int, dy: int) -> None:
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        if not delta:
            event.ignore()
            return
        self.user_moved()
        self.zoom_by(math.pow(ZOOM_STEP, delta / 120), event.position().toPoint())
        event.accept()

    def navigation_key(self, event: QKeyEvent) -> bool:
        """Arrows pan, + and - zoom, 0 fits (with no modifier or Shift); True if handled."""
        k = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return False
        self.user_moved()
        step_x = max(20, self.viewport().width() // 8)
        step_y = max(20, self.viewport().height() // 8)
        pans = {Qt.Key.Key_Left: (-step_x, 0), Qt.Key.Key_Right: (step_x, 0),
                Qt.Key.Key_Up: (0, -step_y), Qt.Key.Key_Down: (0, step_y)}
        if k in pans:
            f = self.SHIFT_PAN if mods & Qt.KeyboardModifier.ShiftModifier else 1
            self.pan_by(pans[k][0] * f, pans[k][1] * f)
        elif k in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif k in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
        elif k == Qt.Key.Key_0:
            self.fit()
        else:
            return False
        event.accept()
        return True

    def _refit(self) -> None:
        """After a resize: fit again, or keep the zoom and just learn the new fitted scale."""
        if self._pending_view is not None:
            self._apply_view(self._pending_view)
        elif self._auto_fit:
            self.fit()
        else:
            self._fit_scale = self._compute_fit()


def _number(v: object) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) and v > -1e9 and v < 1e9
