"""Zoom and pan for the app's map views (the game's and the editor's): one set of rules.

Zoom is kept between half the fitted scale and ``MAX_ZOOM`` times it, around a viewport
point; a view that has been fitted keeps fitting itself when it is resized.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QTransform

ZOOM_STEP = 1.25


class ZoomPan:
    """Mixed into a QGraphicsView (before it in the bases). Needs ``zoom_changed``."""

    MAX_ZOOM = 24.0
    _fit_scale = 1.0
    _auto_fit = True

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

    def _refit(self) -> None:
        """After a resize: fit again, or keep the zoom and just learn the new fitted scale."""
        if self._auto_fit:
            self.fit()
        else:
            self._fit_scale = self._compute_fit()
