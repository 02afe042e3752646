"""Layers drawn as one item each over the whole map: labels with centre markers and start
units, and the coast sides of two-coast provinces (one item paints them all, which is
much quicker than an item per label on a large board).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from ....document.map_document import MapDocument
from ....engine.board import province_of
from ....render.detail import KEEP_ALL_MAX, LabelBox
from ....render.painter import geometry_path
from .name_plan import baseline, font_px, name_font, plan_names, px_of, sizes_at, step_of
from .style import INK, Z_COASTS, Z_LABELS, cosmetic, pixel, safe_anchor

SEA_INK = QColor("#2b4d69")


class LabelLayer(QGraphicsItem):
    """Province ids at their label anchors, supply-centre markers (in the home power's
    colour) and the start units (a letter in the owner's colour; ``?`` for a choice unit).

    On a board of standard size every id is drawn where a plan puts it (:mod:`.name_plan`),
    clear of the units, the markers and the other ids. On a big board the anchors are
    worked out when first drawn, for the provinces in view only (it opens without placing
    thousands of labels nobody sees at that zoom), and an id only steps below a unit."""

    def __init__(self, doc: MapDocument, items: dict[str, QGraphicsPathItem]):
        super().__init__()
        self.doc = doc
        self.items = items  # the scene's province items: where each province is
        self.setZValue(Z_LABELS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self._labels: dict[str, tuple[float, float] | None] = {}
        self._centers: dict[str, tuple[float, float] | None] = {}
        self.units: list[tuple[tuple[float, float], str, QColor]] = []
        self._plans: dict[int, list[LabelBox]] = {}  # by zoom step (name_plan.step_of)
        self.size = max(6.0, round(doc.span / 220))
        self.show_names = True  # View > Province names
        self.refresh()

    def refresh(self, pids: Iterable[str] | None = None) -> None:
        """Forget the anchors of these provinces (all, with None): they are worked out again."""
        self._plans.clear()  # a change anywhere may move the names around it
        if pids is None:
            self._labels.clear()
            self._centers.clear()
        else:
            for pid in pids:
                self._labels.pop(pid, None)
                self._centers.pop(pid, None)
        self.refresh_units()

    def label_at(self, pid: str) -> tuple[float, float] | None:
        if pid not in self._labels:
            self._labels[pid] = safe_anchor(self.doc, "label", pid)
        return self._labels[pid]

    def center_at(self, pid: str) -> tuple[float, float] | None:
        if pid not in self._centers:
            self._centers[pid] = safe_anchor(self.doc, "center", pid)
        return self._centers[pid]

    def refresh_units(self) -> None:
        doc = self.doc
        colours = {p.name: QColor(p.color) for p in doc.powers}
        self.units = []
        for u in doc.start_units:
            if not doc.has_province(province_of(u.at)):
                continue
            at = safe_anchor(doc, "unit", u.at)
            if at is not None:
                self.units.append((at, u.type or "?", colours.get(u.power, QColor("#888888"))))
        self._plans.clear()
        self.update()

    @property
    def keeps_every_name(self) -> bool:
        """A board of standard size: every id drawn, by a plan (a big one: those in view)."""
        return len(self.items) <= KEEP_ALL_MAX

    def plan(self, px: float) -> list[LabelBox]:
        """Where the ids go at ``px`` scene units a pixel (a board of standard size)."""
        step = step_of(px)
        got = self._plans.get(step)
        if got is None:
            doc = self.doc
            labels = {pid: xy for pid in self.items if doc.has_province(pid) and (xy := self.label_at(pid))}
            markers = [xy for pid in self.items if doc.has_province(pid) and doc.province(pid).center
                       and (xy := self.center_at(pid))]
            units = [xy for xy, _, _ in self.units]
            try:
                got = plan_names(doc, labels, markers, units, self.size, step)
            except Exception:  # noqa: BLE001 - a shape half drawn: the names where the art put them
                got = plan_names(doc, labels, markers, units, self.size, step, planned=False)
            self._plans[step] = got
        return got

    def boundingRect(self) -> QRectF:
        x, y, w, h = self.doc.view_box
        m = self.size * 4
        return QRectF(x - m, y - m, w + 2 * m, h + 2 * m)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        doc = self.doc
        px = pixel(painter)
        colours = {p.name: QColor(p.color) for p in doc.powers}
        # sizes in screen pixels: they grow with the zoom up to a point, then stay readable;
        # on a board of standard size a name never shrinks below the game map's floor
        s = sizes_at(self.size, px, self.keeps_every_name)
        text, dot, unit = s.text, s.dot, s.unit
        font = QFont()
        font.setBold(True)

        def at(x: float, y: float) -> None:
            painter.save()
            painter.translate(x, y)
            painter.scale(px, px)

        exposed = option.exposedRect if option is not None else self.boundingRect()
        shown = [pid for pid, item in self.items.items()
                 if item.boundingRect().intersects(exposed) and self.doc.has_province(pid)]
        painter.setPen(cosmetic(INK, 1.0))
        for pid in shown:
            rec = doc.province(pid)
            if not rec.center or (c := self.center_at(pid)) is None:
                continue
            painter.setBrush(QBrush(colours.get(rec.home, QColor("#ffffff")) if rec.home else QColor("#ffffff")))
            painter.drawEllipse(QPointF(*c), dot * px, dot * px)
        if self.show_names and self.keeps_every_name:
            self._paint_plan(painter, px, exposed)
        elif self.show_names and text >= 4.5:  # any smaller is too small to read: leave them out
            font.setPixelSize(max(1, round(text)))
            painter.setFont(font)
            spots = [xy for xy, _, _ in self.units]
            for pid in shown:
                xy = self.label_at(pid)
                if xy is None:
                    continue
                at(*_clear_of(xy, spots, text * 2.0 * px, text * 0.7 * px, unit * px))
                painter.setPen(SEA_INK if doc.province(pid).kind == "sea" else INK)
                painter.drawText(QRectF(-text * 4, -text * 0.7, text * 8, text * 1.4), Qt.AlignmentFlag.AlignCenter, pid)
                painter.restore()
        font.setPixelSize(max(1, round(unit * 1.1)))
        painter.setFont(font)
        for (x, y), letter, colour in self.units:
            at(x, y)
            painter.setPen(QPen(INK, 1.0))
            painter.setBrush(QBrush(colour))
            rect = QRectF(-unit, -unit * 0.7, 2 * unit, 1.4 * unit)
            if letter == "F":
                painter.drawRoundedRect(rect, unit * 0.2, unit * 0.2)
            else:
                painter.drawEllipse(QPointF(0, 0), unit * 0.75, unit * 0.75)
            painter.setPen(QColor("#ffffff") if colour.lightnessF() < 0.6 else INK)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, letter)
            painter.restore()

    def _paint_plan(self, painter: QPainter, px: float, exposed: QRectF) -> None:
        """The ids where the plan of this zoom step puts them, a leader line to each set
        beside its province."""
        plan = self.plan(px)
        pixels = font_px(sizes_at(self.size, px_of(step_of(px)), True).text)
        font = name_font(pixels)
        metrics = QFontMetricsF(font)
        painter.setFont(font)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for b in plan:
            if not exposed.intersects(QRectF(b.x - b.half_w, b.y - b.half_h, 2 * b.half_w, 2 * b.half_h)) \
                    and b.leader is None:
                continue
            ink = SEA_INK if self.doc.province(b.prov).kind == "sea" else INK
            if b.leader is not None:
                tx, ty = b.leader
                dx, dy = tx - b.x, ty - b.y
                t = min(b.half_w / abs(dx) if dx else 1.0, b.half_h / abs(dy) if dy else 1.0, 1.0)
                painter.setPen(cosmetic(ink, 1.0))
                painter.drawLine(QPointF(b.x + dx * t, b.y + dy * t), QPointF(tx, ty))
                painter.setBrush(ink)
                painter.drawEllipse(QPointF(tx, ty), 1.6 * px, 1.6 * px)
                painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.save()
            painter.translate(b.x, b.y)
            k = b.size / pixels  # scene units a font pixel: the plan may have shrunk the name
            painter.scale(k, k)
            painter.setPen(ink)
            painter.drawText(QPointF(-metrics.horizontalAdvance(b.prov) / 2, baseline(metrics, b.prov)), b.prov)
            painter.restore()


def _clear_of(xy: tuple[float, float], units: list[tuple[float, float]], half_w: float, half_h: float,
              r: float) -> tuple[float, float]:
    """A name's place moved below a start unit it would sit under (sizes in map units)."""
    x, y = xy
    for ux, uy in units:
        if abs(ux - x) < half_w + r and abs(uy - y) < half_h + r * 0.7:
            return (x, uy + r * 0.7 + half_h)
    return xy


class CoastLayer(QGraphicsItem):
    """The coast sides of the selected provinces, each tinted, with its coast's name."""

    TINTS = [QColor(40, 120, 220, 70), QColor(230, 120, 30, 70), QColor(40, 170, 90, 70), QColor(170, 60, 200, 70)]

    def __init__(self, doc: MapDocument):
        super().__init__()
        self.doc = doc
        self.setZValue(Z_COASTS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.sides: list[tuple[str, QPainterPath, tuple[float, float] | None]] = []

    def show_for(self, pids: Iterable[str]) -> None:
        self.prepareGeometryChange()
        self.sides = []
        for pid in pids:
            if not self.doc.has_province(pid):
                continue
            for loc in self.doc.province(pid).locations:
                if "/" not in loc:
                    continue
                g = self.doc.shape(loc)
                if not g.is_empty:
                    self.sides.append((loc, geometry_path(g), safe_anchor(self.doc, "unit", loc)))
        self.update()

    def boundingRect(self) -> QRectF:
        r = QRectF()
        for _, path, _ in self.sides:
            r = r.united(path.boundingRect())
        return r.adjusted(-20, -20, 20, 20) if not r.isNull() else QRectF()

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        px = pixel(painter)
        size = min(max(6.0, round(self.doc.span / 220)) / px, 14.0)  # in pixels
        font = QFont()
        font.setPixelSize(max(1, round(size)))
        for i, (loc, path, at) in enumerate(self.sides):
            tint = self.TINTS[i % len(self.TINTS)]
            painter.setBrush(QBrush(tint))
            painter.setPen(cosmetic(tint.darker(180), 1.5, Qt.PenStyle.DashLine))
            painter.drawPath(path)
            if at is not None and size >= 4.5:
                painter.save()
                painter.translate(at[0], at[1])
                painter.scale(px, px)
                painter.setFont(font)
                painter.setPen(INK)
                painter.drawText(QRectF(-size * 3, size * 0.6, size * 6, size * 1.4), Qt.AlignmentFlag.AlignCenter,
                                 loc.split("/")[1])
                painter.restore()
