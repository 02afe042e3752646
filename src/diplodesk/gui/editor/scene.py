"""The editor's scene: a :class:`MapDocument` drawn as graphics items, kept in step with it.

:class:`MapScene` connects to the document's ``changed`` signal and keeps an item for each
province (filled by kind), one for each special border or line, and layers drawn as single
items (the background, labels with centre markers and start units, vertex handles, anchors,
adjacency lines, the preview of what a tool is drawing). Items never write to the document:
the tools read what is under the mouse and push commands.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from ...document.map_document import MapChange, MapDocument, MapEditError
from ...engine.board import Special, province_of
from ...render.painter import geometry_path

# -- colours -----------------------------------------------------------------------------

KIND_FILL = {
    "land": QColor("#e2d3a6"),
    "coast": QColor("#f1e8d0"),
    "sea": QColor("#bcd6e8"),
    "impassable": QColor("#a49a8a"),
}
LAND_BORDER = QColor("#5c5040")
SEA_BORDER = QColor("#86a9c2")
SELECTED_FILL = QColor(255, 196, 40, 150)
SELECTED_BORDER = QColor("#d9662b")
PICKED_FILL = QColor(90, 170, 255, 120)
ARMY_LINE = QColor("#b3412a")
FLEET_LINE = QColor("#1f5fbf")
ADDED_LINE = QColor("#1e9e3a")
REMOVED_LINE = QColor("#e0302a")
SPECIAL_COLOURS = {
    "difficult": QColor("#a3330f"),
    "seasonal": QColor("#3c8fc4"),
    "railroad": QColor("#2b2b2b"),
    "canal": QColor("#0f8f8a"),
    "land_bridge": QColor("#5b8c1e"),
}
INK = QColor("#222222")

# z order
Z_BACKGROUND, Z_PROVINCE, Z_COASTS, Z_SPECIAL, Z_ADJACENCY, Z_LABELS, Z_ANCHORS, Z_VERTICES, Z_PREVIEW = range(9)


def cosmetic(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


def pixel(painter: QPainter) -> float:
    """How many scene units one screen pixel is, for the painter as it is set."""
    t = painter.worldTransform()
    s = math.hypot(t.m11(), t.m12()) or 1.0
    return 1.0 / s


def safe_anchor(doc: MapDocument, kind: str, loc: str) -> tuple[float, float] | None:
    """Where the app draws a unit, label or marker of ``loc``; None when it has no shape
    (or the board can't be worked out: drawing must not fail)."""
    try:
        return doc.anchor(kind, loc)
    except (MapEditError, KeyError, ValueError):
        return None
    except Exception:  # noqa: BLE001 - a board with faults the checks report
        return None


def describe_special(sp: Special) -> str:
    d = sp.to_json()
    between = [str(x) for x in d.get("between") or []]
    provs = [str(x) for x in d.get("provinces") or []]
    if sp.kind == "difficult":
        return f"Difficult border {'–'.join(between)}"
    if sp.kind == "seasonal":
        return f"Closed in {', '.join(d.get('seasons') or [])}: {', '.join(provs)}"
    if sp.kind == "railroad":
        powers = ", ".join(d.get("powers") or []) or "no power"
        return f"{d.get('name', 'Railroad')}: {' → '.join(provs)} ({powers})"
    if sp.kind == "canal":
        return f"Canal {', '.join(provs)}: {'–'.join(between)}"
    if sp.kind == "land_bridge":
        units = ", ".join("armies" if u == "A" else "fleets" for u in d.get("units") or ("A", "F"))
        return f"Land bridge {'–'.join(between)} ({units})"
    return sp.kind


# -- items -------------------------------------------------------------------------------


class ProvinceItem(QGraphicsPathItem):
    """One province's shape, filled by its kind."""

    def __init__(self, pid: str):
        super().__init__()
        self.pid = pid
        self.kind = "land"
        self.setZValue(Z_PROVINCE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.state = ""  # "", "selected" or "picked"

    def set_look(self, kind: str, state: str = "") -> None:
        self.kind, self.state = kind, state
        fill = KIND_FILL.get(kind, KIND_FILL["land"])
        brush = QBrush(fill)
        if state == "selected":
            brush = QBrush(_over(fill, SELECTED_FILL))
        elif state == "picked":
            brush = QBrush(_over(fill, PICKED_FILL))
        self.setBrush(brush)
        if state:
            self.setPen(cosmetic(SELECTED_BORDER if state == "selected" else FLEET_LINE, 2.5))
            self.setZValue(Z_PROVINCE + 0.5)  # its whole border shows above its neighbours'
        else:
            self.setPen(cosmetic(SEA_BORDER if kind == "sea" else LAND_BORDER, 1.0))
            self.setZValue(Z_PROVINCE)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        super().paint(painter, option, widget)
        if self.kind == "impassable":
            hatch = QBrush(QColor(60, 50, 40, 90), Qt.BrushStyle.BDiagPattern)
            hatch.setTransform(QTransform().scale(pixel(painter) * 1.5, pixel(painter) * 1.5))
            painter.fillPath(self.path(), hatch)


def _over(base: QColor, top: QColor) -> QColor:
    a = top.alphaF()
    return QColor(round(base.red() * (1 - a) + top.red() * a), round(base.green() * (1 - a) + top.green() * a),
                  round(base.blue() * (1 - a) + top.blue() * a))


class BackgroundItem(QGraphicsItem):
    """The sea behind everything and the map's decoration (islands, frame); a selected
    background shape is outlined."""

    def __init__(self, doc: MapDocument):
        super().__init__()
        self.doc = doc
        self.setZValue(Z_BACKGROUND)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.paths: dict[int, tuple[QPainterPath, QColor | None, QColor | None]] = {}
        self.selected: int | None = None
        self._keys: tuple[int, ...] = ()
        self.refresh()

    def refresh(self) -> None:
        decos = self.doc.decorations
        keys = tuple(sorted(decos))
        if keys == self._keys and self.paths:
            return
        self._keys = keys
        self.paths = {}
        for k in keys:
            d = decos[k]
            fill = QColor(d.fill) if d.fill and d.fill != "none" else None
            stroke = QColor(d.stroke) if d.stroke and d.stroke != "none" else None
            self.paths[k] = (geometry_path(d.geometry), fill, stroke)
        self.update()

    def boundingRect(self) -> QRectF:
        x, y, w, h = self.doc.view_box
        return QRectF(x, y, w, h)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        painter.fillRect(self.boundingRect(), KIND_FILL["sea"])
        for k, (path, fill, stroke) in self.paths.items():
            if fill is not None and fill.isValid():
                sea = fill.blue() > fill.red() + 20 and fill.blue() > fill.green()
                painter.fillPath(path, KIND_FILL["sea"] if sea else QColor("#e9e1cc"))
            if stroke is not None and stroke.isValid():
                painter.setPen(cosmetic(QColor("#8a7d66"), 0.8))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(path)
            if k == self.selected:
                painter.setPen(cosmetic(SELECTED_BORDER, 2.5, Qt.PenStyle.DashLine))
                painter.setBrush(QBrush(SELECTED_FILL))
                painter.drawPath(path)


class LabelLayer(QGraphicsItem):
    """Province ids at their label anchors, supply-centre markers (in the home power's
    colour) and the start units (a letter in the owner's colour; ``?`` for a choice unit).

    Anchors are worked out when first drawn, for the provinces in view only (a big board
    opens without placing thousands of labels nobody sees at that zoom)."""

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
        self.size = max(6.0, round(doc.span / 220))
        self.refresh()

    def refresh(self, pids: Iterable[str] | None = None) -> None:
        """Forget the anchors of these provinces (all, with None): they are worked out again."""
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
        self.update()

    def boundingRect(self) -> QRectF:
        x, y, w, h = self.doc.view_box
        m = self.size * 4
        return QRectF(x - m, y - m, w + 2 * m, h + 2 * m)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        doc = self.doc
        px = pixel(painter)
        colours = {p.name: QColor(p.color) for p in doc.powers}
        # sizes in screen pixels: they grow with the zoom up to a point, then stay readable
        text = min(self.size * 1.2 / px, 15.0)
        dot = min(max(self.size * 0.45 / px, 3.0), 7.0)
        unit = min(max(self.size * 0.9 / px, 6.0), 13.0)
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
        if text >= 4.5:  # any smaller is too small to read: leave them out
            font.setPixelSize(max(1, round(text)))
            painter.setFont(font)
            for pid in shown:
                xy = self.label_at(pid)
                if xy is None:
                    continue
                at(*xy)
                painter.setPen(QColor("#2b4d69") if doc.province(pid).kind == "sea" else INK)
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


class VertexLayer(QGraphicsItem):
    """Handles at the vertices of the selected province; the active one filled, a dragged
    one shown at its new place with the edges it pulls."""

    HANDLE = 3.5  # half a handle, in pixels

    def __init__(self, doc: MapDocument):
        super().__init__()
        self.doc = doc
        self.setZValue(Z_VERTICES)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.pid: str | None = None
        self.coords = np.zeros((0, 2))
        self.rings: list[np.ndarray] = []
        self.active: tuple[float, float] | None = None
        self.drag: tuple[tuple[float, float], tuple[float, float]] | None = None

    def show_for(self, pid: str | None) -> None:
        self.prepareGeometryChange()
        self.pid = pid
        self.rings = []
        if pid is not None and self.doc.has_province(pid):
            g = self.doc.shape(pid)
            for poly in getattr(g, "geoms", [g]):
                if poly.is_empty:
                    continue
                for ring in (poly.exterior, *poly.interiors):
                    self.rings.append(shapely.get_coordinates(ring)[:-1])
        self.coords = np.vstack(self.rings) if self.rings else np.zeros((0, 2))
        if self.active is not None and not self._has(self.active):
            self.active = None
        self.update()

    def _has(self, p: tuple[float, float]) -> bool:
        return bool(len(self.coords)) and bool((np.hypot(self.coords[:, 0] - p[0], self.coords[:, 1] - p[1]) < 1e-9).any())

    def nearest(self, x: float, y: float) -> tuple[tuple[float, float], float] | None:
        """The vertex nearest (x, y) and how far it is, in scene units."""
        if not len(self.coords):
            return None
        d = np.hypot(self.coords[:, 0] - x, self.coords[:, 1] - y)
        i = int(np.argmin(d))
        return (float(self.coords[i, 0]), float(self.coords[i, 1])), float(d[i])

    def spacing(self, p: tuple[float, float]) -> float:
        """The distance from vertex ``p`` to the nearest other vertex of the province."""
        d = np.hypot(self.coords[:, 0] - p[0], self.coords[:, 1] - p[1])
        d = d[d > 1e-9]
        return float(d.min()) if len(d) else math.inf

    def neighbours_of(self, p: tuple[float, float]) -> list[tuple[float, float]]:
        out = []
        for ring in self.rings:
            hit = np.flatnonzero(np.hypot(ring[:, 0] - p[0], ring[:, 1] - p[1]) < 1e-9)
            for i in hit.tolist():
                n = len(ring)
                out.append(tuple(ring[(i - 1) % n]))
                out.append(tuple(ring[(i + 1) % n]))
        return out

    def boundingRect(self) -> QRectF:
        if not len(self.coords):
            return QRectF()
        x0, y0 = self.coords.min(axis=0)
        x1, y1 = self.coords.max(axis=0)
        m = self.doc.span * 0.05
        r = QRectF(x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m)
        if self.drag is not None:
            (nx, ny) = self.drag[1]
            r = r.united(QRectF(nx - m, ny - m, 2 * m, 2 * m))
        return r

    def set_drag(self, drag: tuple[tuple[float, float], tuple[float, float]] | None) -> None:
        self.prepareGeometryChange()
        self.drag = drag
        self.update()

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        if not len(self.coords):
            return
        px = pixel(painter)
        h = self.HANDLE * px
        # leave out handles that would sit on top of the one drawn just before
        rects = []
        last = None
        for x, y in self.coords.tolist():
            if last is not None and abs(x - last[0]) < 2 * h and abs(y - last[1]) < 2 * h:
                continue
            rects.append(QRectF(x - h, y - h, 2 * h, 2 * h))
            last = (x, y)
        painter.setPen(cosmetic(QColor("#7a3b10"), 1.0))
        painter.setBrush(QBrush(QColor("#ffffff")))
        painter.drawRects(rects)
        if self.active is not None:
            x, y = self.active
            painter.setBrush(QBrush(SELECTED_BORDER))
            painter.drawRect(QRectF(x - h * 1.4, y - h * 1.4, 2.8 * h, 2.8 * h))
        if self.drag is not None:
            old, new = self.drag
            painter.setPen(cosmetic(SELECTED_BORDER, 1.5, Qt.PenStyle.DashLine))
            for n in self.neighbours_of(old):
                painter.drawLine(QPointF(*n), QPointF(*new))
            painter.setBrush(QBrush(SELECTED_BORDER))
            painter.drawEllipse(QPointF(*new), h * 1.5, h * 1.5)


class AnchorItem(QGraphicsItem):
    """Where a unit, dislodged unit, label or centre marker of a place is drawn; a solid
    mark when placed by hand (or in the map), hollow when worked out."""

    SIZE = 6.0

    def __init__(self, key: str, placed: bool):
        super().__init__()
        self.key = key
        self.kind = key.partition("-")[0]
        self.placed = placed
        self.setZValue(Z_ANCHORS)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(key)
        self.active = False

    def boundingRect(self) -> QRectF:
        s = self.SIZE + 3
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        colour = {"unit": QColor("#1f5fbf"), "dislodged": QColor("#d0021b"), "label": QColor("#333333"),
                  "center": QColor("#b8860b")}.get(self.kind, INK)
        s = self.SIZE * (1.3 if self.active else 1.0)
        painter.setPen(QPen(colour.darker(130), 2 if self.active else 1.2))
        painter.setBrush(QBrush(colour) if self.placed else QBrush(QColor(255, 255, 255, 200)))
        if self.kind == "unit":
            painter.drawEllipse(QPointF(0, 0), s, s)
        elif self.kind == "dislodged":
            painter.drawEllipse(QPointF(0, 0), s * 0.7, s * 0.7)
        elif self.kind == "label":
            painter.drawRect(QRectF(-s * 0.8, -s * 0.8, 1.6 * s, 1.6 * s))
        else:
            painter.drawPolygon(QPolygonF([QPointF(0, -s), QPointF(s, 0), QPointF(0, s), QPointF(-s, 0)]))


class SpecialItem(QGraphicsItem):
    """A special border or line of the variant, drawn on the map: a difficult border along
    the shared border, a railroad through its provinces, a canal from sea to sea through its
    province, a land bridge across the water, a seasonal closure as ice over the province."""

    def __init__(self, index: int, special: Special, doc: MapDocument):
        super().__init__()
        self.index = index
        self.special = special
        self.kind = special.kind
        self.setZValue(Z_SPECIAL)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.selected = False
        self.line = QPainterPath()
        self.area = QPainterPath()
        self.badge: tuple[float, float] | None = None
        self.badge_text = ""
        self.unit = max(6.0, round(doc.span / 220))
        self._build(doc)
        self.setToolTip(describe_special(special))

    def _points(self, doc: MapDocument, locs: Iterable[str]) -> list[QPointF]:
        out = []
        for loc in locs:
            if doc.has_province(province_of(loc)):
                at = safe_anchor(doc, "unit", loc)
                if at is not None:
                    out.append(QPointF(*at))
        return out

    def _build(self, doc: MapDocument) -> None:
        d = self.special.to_json()
        between = [str(x) for x in d.get("between") or []]
        provs = [str(x) for x in d.get("provinces") or []]
        path = QPainterPath()
        if self.kind == "difficult" and len(between) == 2:
            border = doc.shared_border(*between) if all(doc.has_province(province_of(b)) for b in between) else None
            if border is not None and not border.is_empty and border.length > 0:
                for part in getattr(border, "geoms", [border]):
                    c = shapely.get_coordinates(part).tolist()
                    if len(c) >= 2:
                        path.moveTo(*c[0])
                        for x, y in c[1:]:
                            path.lineTo(x, y)
            else:
                pts = self._points(doc, between)
                if len(pts) == 2:
                    path.moveTo(pts[0])
                    path.lineTo(pts[1])
        elif self.kind == "railroad":
            pts = self._points(doc, provs)
            if pts:
                path.moveTo(pts[0])
                for q in pts[1:]:
                    path.lineTo(q)
        elif self.kind == "canal" and provs and len(between) == 2:
            pts = self._points(doc, [between[0], provs[0], between[1]])
            if len(pts) == 3:
                path.moveTo(pts[0])
                path.quadTo(pts[1], pts[2])
        elif self.kind == "land_bridge" and len(between) == 2:
            pts = self._points(doc, between)
            if len(pts) == 2:
                path.moveTo(pts[0])
                path.lineTo(pts[1])
        elif self.kind == "seasonal":
            for p in provs:
                if doc.has_province(province_of(p)):
                    self.area.addPath(geometry_path(doc.shape(province_of(p))))
            if provs:
                at = safe_anchor(doc, "label", province_of(provs[0])) if doc.has_province(province_of(provs[0])) else None
                if at is not None:
                    self.badge = (at[0], at[1] + self.unit * 1.6)
                self.badge_text = "closed " + "".join(d.get("seasons") or [])
        self.line = path

    def boundingRect(self) -> QRectF:
        m = self.unit * 3
        r = self.line.boundingRect().united(self.area.boundingRect())
        if self.badge is not None:
            r = r.united(QRectF(self.badge[0] - m * 2, self.badge[1] - m, 4 * m, 2 * m))
        return r.adjusted(-m, -m, m, m)

    def hit(self, p: QPointF, tolerance: float) -> bool:
        """Is the scene point on this special's line (or badge), within ``tolerance``?"""
        if not self.line.isEmpty():
            stroker = QPainterPathStroker()
            stroker.setWidth(2 * tolerance)
            if stroker.createStroke(self.line).contains(p):
                return True
        if self.badge is not None:
            return math.hypot(p.x() - self.badge[0], p.y() - self.badge[1]) <= max(tolerance, self.unit * 1.5)
        return False

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        colour = SPECIAL_COLOURS.get(self.kind, INK)
        wide = 1.8 if self.selected else 1.0
        if self.selected:
            glow = QColor(255, 210, 60, 170)
            if not self.line.isEmpty():
                painter.strokePath(self.line, cosmetic(glow, 11))
        if not self.area.isEmpty():
            ice = QBrush(QColor(colour.red(), colour.green(), colour.blue(), 110 if self.selected else 70),
                         Qt.BrushStyle.DiagCrossPattern)
            ice.setTransform(QTransform().scale(pixel(painter) * 2, pixel(painter) * 2))
            painter.fillPath(self.area, ice)
        if not self.line.isEmpty():
            if self.kind == "difficult":
                painter.strokePath(self.line, cosmetic(colour, 5 * wide, Qt.PenStyle.DashLine))
            elif self.kind == "railroad":
                ties = cosmetic(colour, 9 * wide)
                ties.setCapStyle(Qt.PenCapStyle.FlatCap)
                ties.setDashPattern([0.4, 1.6])
                painter.strokePath(self.line, ties)
                painter.strokePath(self.line, cosmetic(colour, 2 * wide))
            elif self.kind == "canal":
                painter.strokePath(self.line, cosmetic(colour, 4 * wide, Qt.PenStyle.DashDotLine))
            else:
                painter.strokePath(self.line, cosmetic(colour, 4 * wide, Qt.PenStyle.DashDotDotLine))
                for i in (0, self.line.elementCount() - 1):
                    e = self.line.elementAt(i)
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(QBrush(colour))
                    r = 4 * pixel(painter) * wide
                    painter.drawEllipse(QPointF(e.x, e.y), r, r)
        if self.badge is not None:
            font = QFont()
            font.setPixelSize(max(1, round(self.unit * 0.9)))
            font.setBold(True)
            painter.setFont(font)
            x, y = self.badge
            rect = QRectF(x - self.unit * 3, y - self.unit * 0.65, self.unit * 6, self.unit * 1.3)
            painter.setPen(cosmetic(colour.darker(130), 2 if self.selected else 1))
            painter.setBrush(QBrush(QColor(235, 245, 255, 230)))
            painter.drawRoundedRect(rect, self.unit * 0.4, self.unit * 0.4)
            painter.setPen(colour.darker(160))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.badge_text)


class AdjacencyLayer(QGraphicsItem):
    """Adjacency as lines between unit anchors (armies and fleets in their own colours,
    pinned pairs dashed), and the last edit's change (added green, removed red)."""

    def __init__(self, doc: MapDocument):
        super().__init__()
        self.doc = doc
        self.setZValue(Z_ADJACENCY)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.show_all = False
        self.show_diff = True
        self.lines: dict[tuple[str, bool], list[QLineF]] = {}  # (unit, pinned) -> lines
        self.diff_lines: dict[bool, list[QLineF]] = {}  # added? -> lines
        self.dots: list[QPointF] = []
        self._pos: dict[str, QPointF | None] = {}  # unit anchors, kept until their province changes

    def forget(self, pids: Iterable[str]) -> None:
        pids = set(pids)
        for loc in [loc for loc in self._pos if province_of(loc) in pids]:
            del self._pos[loc]

    def _at(self, loc: str, cache: dict[str, QPointF | None]) -> QPointF | None:
        if loc not in cache:
            at = safe_anchor(self.doc, "unit", loc) if self.doc.has_province(province_of(loc)) else None
            cache[loc] = QPointF(*at) if at is not None else None
        return cache[loc]

    def refresh(self, diff: Any = None) -> None:
        self.prepareGeometryChange()
        cache = self._pos
        # lines grouped by how they are drawn, so each group is one drawLines call; armies
        # a little to one side of the centre line, fleets to the other
        off = self.doc.span * 1.2e-3
        self.lines = {}
        if self.show_all:
            pins = self.doc.overrides
            for unit, a, b in sorted(self.doc.links()):
                pa, pb = self._at(a, cache), self._at(b, cache)
                if pa is not None and pb is not None:
                    key = (unit, bool(pins.get((unit, a, b))))
                    self.lines.setdefault(key, []).append(_shifted(pa, pb, off if unit == "A" else -off))
        self.diff_lines = {}
        if diff is not None and self.show_diff:
            for unit, pairs, added in (("A", diff.army_added, True), ("A", diff.army_removed, False),
                                       ("F", diff.fleet_added, True), ("F", diff.fleet_removed, False)):
                for a, b in pairs:
                    pa, pb = self._at(a, cache), self._at(b, cache)
                    if pa is not None and pb is not None:
                        self.diff_lines.setdefault(added, []).append(
                            _shifted(pa, pb, (off if unit == "A" else -off) * 2))
        used = {loc for _u, a, b in self.doc.links() for loc in (a, b)} if self.show_all else set()
        self.dots = [q for loc in used if (q := cache.get(loc)) is not None]
        self.update()

    def boundingRect(self) -> QRectF:
        x, y, w, h = self.doc.view_box
        return QRectF(x, y, w, h)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        for (unit, pinned), lines in self.lines.items():
            painter.setPen(cosmetic(ARMY_LINE if unit == "A" else FLEET_LINE, 1.6,
                                    Qt.PenStyle.DashLine if pinned else Qt.PenStyle.SolidLine))
            painter.drawLines(lines)
        for added, lines in self.diff_lines.items():
            painter.setPen(cosmetic(ADDED_LINE if added else REMOVED_LINE, 3.5,
                                    Qt.PenStyle.SolidLine if added else Qt.PenStyle.DashLine))
            painter.drawLines(lines)
        if self.dots:
            painter.setPen(cosmetic(INK, 4.5))
            painter.drawPoints(self.dots)


def _shifted(a: QPointF, b: QPointF, d: float) -> QLineF:
    dx, dy = b.x() - a.x(), b.y() - a.y()
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * d, dx / n * d
    return QLineF(a.x() + ox, a.y() + oy, b.x() + ox, b.y() + oy)


class PreviewItem(QGraphicsItem):
    """What a tool is drawing: the points so far, the rubber-band segment to the mouse, and
    (for a polygon) the closing edge."""

    def __init__(self, doc: MapDocument):
        super().__init__()
        self.doc = doc
        self.setZValue(Z_PREVIEW)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.points: list[QPointF] = []
        self.cursor: QPointF | None = None
        self.closed = False
        self.colour = SELECTED_BORDER

    def set(self, points: list[QPointF], cursor: QPointF | None, closed: bool, colour: QColor | None = None) -> None:
        self.prepareGeometryChange()
        self.points = list(points)
        self.cursor = cursor
        self.closed = closed
        if colour is not None:
            self.colour = colour
        self.update()

    def clear(self) -> None:
        self.set([], None, False)

    def boundingRect(self) -> QRectF:
        pts = self.points + ([self.cursor] if self.cursor is not None else [])
        if not pts:
            return QRectF()
        r = QPolygonF(pts).boundingRect()
        m = self.doc.span * 0.02
        return r.adjusted(-m, -m, m, m)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        if not self.points:
            return
        px = pixel(painter)
        if self.closed and len(self.points) >= 3:
            fill = QColor(self.colour)
            fill.setAlpha(50)
            painter.setBrush(QBrush(fill))
            painter.setPen(Qt.PenStyle.NoPen)
            poly = QPolygonF(self.points + ([self.cursor] if self.cursor is not None else []))
            painter.drawPolygon(poly)
        painter.setPen(cosmetic(self.colour, 2.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for a, b in zip(self.points, self.points[1:], strict=False):
            painter.drawLine(a, b)
        painter.setPen(cosmetic(self.colour, 1.5, Qt.PenStyle.DashLine))
        if self.cursor is not None:
            painter.drawLine(self.points[-1], self.cursor)
            if self.closed and len(self.points) >= 2:
                painter.drawLine(self.cursor, self.points[0])
        painter.setPen(cosmetic(INK, 1.0))
        painter.setBrush(QBrush(QColor("#ffffff")))
        for p in self.points:
            painter.drawEllipse(p, 3 * px, 3 * px)


# -- the scene ---------------------------------------------------------------------------


class MapScene(QGraphicsScene):
    """The document drawn: an item per province and special, layers for the rest. Connect
    the document's ``changed`` signal to :meth:`on_changed`."""

    def __init__(self, doc: MapDocument, parent: Any = None):
        super().__init__(parent)
        self.doc = doc
        x, y, w, h = doc.view_box
        m = max(w, h) * 0.02
        self.setSceneRect(QRectF(x - m, y - m, w + 2 * m, h + 2 * m))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.provinces: dict[str, ProvinceItem] = {}
        self.specials: list[SpecialItem] = []
        self.anchor_items: dict[str, AnchorItem] = {}
        self.selection: tuple[str, ...] = ()
        self.picked: tuple[str, ...] = ()
        self.selected_special: int | None = None
        self.show_anchors = False
        self.background = BackgroundItem(doc)
        self.addItem(self.background)
        for pid in doc.province_ids:
            self._update_province(pid)
        self.labels = LabelLayer(doc, self.provinces)
        self.addItem(self.labels)
        self.coasts = CoastLayer(doc)
        self.addItem(self.coasts)
        self.vertices = VertexLayer(doc)
        self.addItem(self.vertices)
        self.adjacency = AdjacencyLayer(doc)
        self.addItem(self.adjacency)
        self.preview = PreviewItem(doc)
        self.addItem(self.preview)
        self.show_vertices = True
        self._build_specials()

    # -- keeping in step with the document ------------------------------------------------

    def on_changed(self, change: MapChange) -> None:
        doc = self.doc
        for pid in change.provinces:
            self._update_province(pid)
        for pid in list(self.provinces):
            if not doc.has_province(pid):  # renamed away (a rename touches both ids)
                self._update_province(pid)
        self.background.refresh()
        self.labels.refresh(change.provinces)
        if change.setup:
            self.labels.refresh_units()
        self.selection = tuple(p for p in self.selection if doc.has_province(p))
        self.picked = tuple(p for p in self.picked if doc.has_province(p))
        self._build_specials()
        if self.show_anchors:
            self._build_anchors()
        self.adjacency.forget(change.provinces)
        self.adjacency.refresh(change.diff)
        self._restyle()
        self.update()

    def _update_province(self, pid: str) -> None:
        doc = self.doc
        item = self.provinces.get(pid)
        shape = doc.shape(pid) if doc.has_province(pid) else None
        if shape is None or shape.is_empty:
            if item is not None:
                self.removeItem(item)
                del self.provinces[pid]
            return
        if item is None:
            item = self.provinces[pid] = ProvinceItem(pid)
            self.addItem(item)
        item.setPath(geometry_path(shape))
        item.set_look(doc.province(pid).kind, self._state(pid))

    def _state(self, pid: str) -> str:
        if pid in self.selection:
            return "selected"
        if pid in self.picked:
            return "picked"
        return ""

    def _restyle(self) -> None:
        for pid, item in self.provinces.items():
            kind = self.doc.province(pid).kind
            state = self._state(pid)
            if (item.kind, item.state) != (kind, state):
                item.set_look(kind, state)
        first = self.selection[0] if len(self.selection) == 1 else None
        self.vertices.show_for(first if self.show_vertices else None)
        self.coasts.show_for(self.selection)
        for item in self.specials:
            item.selected = item.index == self.selected_special
            item.update()

    def _build_specials(self) -> None:
        for item in self.specials:
            self.removeItem(item)
        self.specials = []
        for i, sp in enumerate(self.doc.specials):
            item = SpecialItem(i, sp, self.doc)
            item.selected = i == self.selected_special
            self.addItem(item)
            self.specials.append(item)
        if self.selected_special is not None and self.selected_special >= len(self.specials):
            self.selected_special = None

    def _build_anchors(self) -> None:
        for item in self.anchor_items.values():
            self.removeItem(item)
        self.anchor_items = {}
        if not self.show_anchors:
            return
        doc = self.doc
        placed = doc.anchors
        for pid in doc.province_ids:
            if doc.shape(pid).is_empty:
                continue
            r = doc.province(pid)
            keys = [f"label-{pid}"] + [f"unit-{loc}" for loc in r.locations]
            if r.center:
                keys.append(f"center-{pid}")
            for key in keys:
                kind, _, loc = key.partition("-")
                at = placed.get(key) or safe_anchor(doc, kind, loc)
                if at is None:
                    continue
                item = AnchorItem(key, key in placed)
                item.setPos(QPointF(*at))
                self.addItem(item)
                self.anchor_items[key] = item

    # -- what the window asks for ----------------------------------------------------------

    def set_selection(self, pids: Iterable[str], picked: Iterable[str] = ()) -> None:
        self.selection = tuple(p for p in pids if self.doc.has_province(p))
        self.picked = tuple(p for p in picked if self.doc.has_province(p))
        self._restyle()

    def set_selected_special(self, index: int | None) -> None:
        self.selected_special = index
        self._restyle()

    def set_show_anchors(self, on: bool) -> None:
        self.show_anchors = on
        self._build_anchors()

    def set_show_adjacency(self, on: bool) -> None:
        self.adjacency.show_all = on
        self.adjacency.refresh(self.doc.last_diff)

    def set_show_diff(self, on: bool) -> None:
        self.adjacency.show_diff = on
        self.adjacency.refresh(self.doc.last_diff)

    def province_at(self, p: QPointF) -> str | None:
        for item in self.items(p):
            if isinstance(item, ProvinceItem) and item.path().contains(p):
                return item.pid
        return None

    def decoration_at(self, p: QPointF) -> int | None:
        """The background shape (an island not yet a province) under a point, if any."""
        hits = []
        for k, d in self.doc.decorations.items():
            g = d.geometry
            if g is None or g.is_empty:
                continue
            x0, y0, x1, y1 = g.bounds
            if not (x0 <= p.x() <= x1 and y0 <= p.y() <= y1):
                continue
            if shapely.contains_xy(g, p.x(), p.y()):
                hits.append((g.area, k))
        return min(hits)[1] if hits else None  # the smallest: an island, not the sea around it

    def special_at(self, p: QPointF, tolerance: float) -> int | None:
        for item in reversed(self.specials):
            if item.hit(p, tolerance):
                return item.index
        return None

    def anchor_at(self, p: QPointF, tolerance: float) -> str | None:
        best = None
        for key, item in self.anchor_items.items():
            d = math.hypot(item.pos().x() - p.x(), item.pos().y() - p.y())
            if d <= tolerance and (best is None or d < best[0]):
                best = (d, key)
        return best[1] if best else None
