"""What the map view draws over the board, on screen only: fog of war and what a power
learned (under the units), order entry's highlights (the unit being ordered, where it may
go, the province under the cursor, a GM's drag) and the legend of special lines.

Mixed into :class:`~.map_view.MapView`, which holds ``highlights``, ``layers`` and
``position``.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QTransform

from ..render.layers.specials import legend_entries
from ..render.painter import geometry_path
from .map_key import fog_brushes, fog_entries, key_image

KEY_GAP = 8  # pixels between the legend and the view's edge


class MapOverlays:
    """Painting steps of the map view that are drawn afresh on every frame."""

    _key_image: tuple | None = None
    _paths: dict[str, QPainterPath]

    def key_entries(self) -> list:
        """The legend's lines for this map: each kind of the variant's special lines."""
        mp = getattr(self.layers, "mp", None)
        board = getattr(mp, "board", None)
        out = list(legend_entries(board)) if board is not None and self.options.show_specials else []
        if self.highlights.fog or getattr(self, "fog", frozenset()):
            out += fog_entries(self.options.power)
        return out

    def _key(self) -> QImage | None:
        """The legend as an image (made once for its entries), or None without one."""
        entries = tuple(self.key_entries())
        if not entries:
            return None
        dpr = self.viewport().devicePixelRatioF() or 1.0
        if self._key_image is None or self._key_image[0] != (entries, dpr):
            self._key_image = ((entries, dpr), key_image(entries, dpr, self.font()))
        return self._key_image[1]

    def key_rect(self) -> QRectF | None:
        """Where the legend is drawn in the viewport: in the bottom-left corner, which the
        fitted map leaves free for it (see :meth:`_compute_fit`)."""
        img = self._key()
        if img is None:
            return None
        dpr = img.devicePixelRatio() or 1.0
        w, h = img.width() / dpr, img.height() / dpr
        return QRectF(KEY_GAP, self.viewport().height() - h - KEY_GAP, w, h)

    def _compute_fit(self, rect: QRectF | None = None) -> float:
        """The fitted scale, leaving the legend's corner free of the map: the map keeps the
        band beside or below it that costs it least, and is aligned away from the key."""
        fit = super()._compute_fit(rect)
        key = self.key_rect() if rect is None else None
        r = rect or self.sceneRect()
        vp = self.viewport().rect()
        centre = Qt.AlignmentFlag.AlignCenter
        if key is None or r.width() <= 0 or r.height() <= 0:
            self.setAlignment(centre)
            return fit
        kw, kh = key.width() + 2 * KEY_GAP, key.height() + 2 * KEY_GAP
        band_x = (vp.width() - r.width() * fit) / 2
        band_y = (vp.height() - r.height() * fit) / 2
        if band_x >= kw or band_y >= kh:
            self.setAlignment(centre)
            return fit
        beside = min((vp.width() - 2 - kw) / r.width(), (vp.height() - 2) / r.height())
        below = min((vp.width() - 2) / r.width(), (vp.height() - 2 - kh) / r.height())
        if beside >= below:
            self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return max(beside, 1e-6)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        return max(below, 1e-6)

    def _paint_key(self, painter: QPainter) -> None:
        """The legend of the special lines (and of fog), at screen size."""
        img, at = self._key(), self.key_rect()
        if img is None or at is None:
            return
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawImage(at.topLeft(), img)
        painter.restore()

    def _path(self, prov: str) -> QPainterPath:
        p = self._paths.get(prov)
        if p is None:
            p = self._paths[prov] = geometry_path(self.geometry_.shape(prov))
        return p

    def _paint_marked(self, painter: QPainter, scale: float) -> None:
        """Fog of war under the units: what a power cannot see greyed, what it learned
        this phase outlined in gold (no fill, so seas stay seas and units stay plain)."""
        marked, fog = self.highlights.marked, self.highlights.fog | getattr(self, "fog", frozenset())
        if not marked and not fog:
            return
        g = self.geometry_
        px = 1.0 / max(scale, 1e-9)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        grey, hatch = fog_brushes(px)
        for prov in sorted(fog):
            if g.has(prov):
                painter.fillPath(self._path(prov), grey)
                painter.fillPath(self._path(prov), hatch)
        mp = getattr(self.layers, "mp", None)
        if fog and mp is not None and self.options.show_labels:
            # the names again over the fog: a fogged province is still read by its name
            mp.sheet.use_scale(scale)
            mp.labels.paint(painter, mp.palette(self.options.palette))
        edge = QPen(QColor(214, 140, 0, 235), 3 * px)
        edge.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        for prov in sorted(marked - fog):
            if g.has(prov):
                painter.strokePath(self._path(prov), edge)
        painter.restore()

    def _paint_highlights(self, painter: QPainter) -> None:
        h = self.highlights
        g = self.geometry_
        px = 1.0 / max(self.scale_now, 1e-9)  # one screen pixel in map units
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if h.targets:
            # lighter, with a black-on-white dashed edge: plain on every power's colour
            fill = QColor(255, 255, 255, 95)
            under = QPen(QColor(255, 255, 255, 230), 4.5 * px)
            dash = QPen(QColor(20, 20, 20), 2 * px, Qt.PenStyle.CustomDashLine)
            dash.setDashPattern([4, 3])
            for prov in sorted(h.targets):
                if g.has(prov):
                    path = self._path(prov)
                    painter.fillPath(path, fill)
                    painter.strokePath(path, under)
                    painter.strokePath(path, dash)
        if h.picked and g.has(h.picked):
            painter.strokePath(self._path(h.picked), QPen(QColor(255, 255, 255), 6 * px))
            painter.strokePath(self._path(h.picked), QPen(QColor(200, 0, 160), 3 * px))
        if h.selected and g.has(h.selected):
            kind = "dislodged" if h.dislodged else "unit"
            try:
                x, y = g.anchor(kind, self._unit_loc(h.selected, h.dislodged))
            except (KeyError, ValueError):
                x, y = g.anchor("unit", h.selected)
            r = (self.sheet.g if self.sheet is not None else g.unit_size) * 0.75
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(255, 255, 255), 5 * px))
            painter.drawEllipse(QPointF(x, y), r, r)
            painter.setPen(QPen(QColor(0, 120, 255), 3 * px))
            painter.drawEllipse(QPointF(x, y), r, r)
        if self.hover and g.has(self.hover):
            painter.strokePath(self._path(self.hover), QPen(QColor(20, 20, 20, 170), 2 * px))
        if self._drag_from and self._drag_at is not None:
            a = self.scene_anchor(self._unit_loc(self._drag_from))
            painter.setPen(QPen(QColor(0, 120, 255), 3 * px, Qt.PenStyle.DashLine))
            painter.drawLine(a, self._drag_at)
        painter.restore()

    def _unit_loc(self, prov: str, dislodged: bool = False) -> str:
        p = self.position
        if p is not None:
            if dislodged and prov in p.dislodged:
                return p.dislodged[prov].unit.loc
            if prov in p.units:
                return p.units[prov].loc
        return prov
