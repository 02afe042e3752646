"""The editor's map view: pans and zooms like the game's map view and hands every other
mouse and key event, in map coordinates, to the active tool.

Zoom with the wheel (around the cursor) or +/-; fit with 0; pan by dragging with the middle
button, or with the left button while Space is held, or with the arrow keys.
"""

from __future__ import annotations

import traceback
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsView, QWidget

from ..zoom import ZoomPan


class EditorView(ZoomPan, QGraphicsView):
    """A map view whose clicks and keys go to a tool (anything with press/move/release/
    double_click/key methods taking scene points)."""

    hovered = Signal(object, float, float)  # province id or None, map x, map y
    zoom_changed = Signal(float)
    context_menu = Signal(object, QPoint)  # province id or None, global position
    SHIFT_PAN = 1  # Shift+arrow pans one step here, as it always has in the editor

    def __init__(self, scene: Any, parent: QWidget | None = None):
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundBrush(QColor("#8fa9ba"))
        self.tool: Any = None
        self._pan_from: QPoint | None = None
        self._space = False

    # -- zoom and pan (the shared rules in ..zoom; the editor zooms in further) ------------

    MAX_ZOOM = 64.0

    def pixels(self, n: float) -> float:
        """``n`` screen pixels in map units at the present zoom."""
        return n / self.scale_now

    def zoom_to(self, rect: QRectF) -> None:
        """Show a map rectangle (with a margin), as near as the zoom limits allow."""
        if rect.isNull() or rect.width() <= 0 and rect.height() <= 0:
            return
        m = max(rect.width(), rect.height()) * 0.15 + 1e-6
        r = rect.adjusted(-m, -m, m, m)
        s = min(max(self._compute_fit(r), self._fit_scale * 0.5), self._fit_scale * self.MAX_ZOOM)
        self.setTransform(QTransform.fromScale(s, s))
        self.centerOn(r.center())
        self._auto_fit = False
        self._zoomed()

    def visible_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._refit()

    # -- events --------------------------------------------------------------------------

    def _dispatch(self, method: str, *args: Any) -> Any:
        """Hand an event to the tool; a bug in a tool is a message, not a crash."""
        try:
            return getattr(self.tool, method)(*args)
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            editor = getattr(self.tool, "editor", None)
            if editor is not None:
                editor.fail(f"that did not work ({type(e).__name__}: {e})")
            return None

    def _scene(self, event: QMouseEvent) -> QPointF:
        return self.mapToScene(event.position().toPoint())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus()
        b = event.button()
        if b == Qt.MouseButton.MiddleButton or (b == Qt.MouseButton.LeftButton and self._space):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.tool is not None:
            self._dispatch("press", self._scene(event), event)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            p = event.position().toPoint()
            d = p - self._pan_from
            self._pan_from = p
            self.pan_by(-d.x(), -d.y())
            event.accept()
            return
        pos = self._scene(event)
        scene = self.scene()
        self.hovered.emit(scene.province_at(pos) if hasattr(scene, "province_at") else None, pos.x(), pos.y())
        if self.tool is not None:
            self._dispatch("move", pos, event)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        if self.tool is not None:
            self._dispatch("release", self._scene(event), event)
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.tool is not None:
            self._dispatch("double_click", self._scene(event), event)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        k = event.key()
        if k == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if self.tool is not None and self._dispatch("key", event):
            event.accept()
            return
        if self.navigation_key(event):
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

    def contextMenuEvent(self, event: Any) -> None:
        pos = self.mapToScene(event.pos())
        scene = self.scene()
        self.context_menu.emit(scene.province_at(pos) if hasattr(scene, "province_at") else None,
                               event.globalPos())
        event.accept()

    def focusOutEvent(self, event: Any) -> None:
        self._space = False
        super().focusOutEvent(event)
