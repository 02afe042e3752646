"""The stacks layer of a Hypereconomic map: up to four units a province, in a 2x2 stack
around the unit anchor, each with its glyph, designation and owner's colour (DESIGN §4.6).

A Division is drawn like an army, a Task Force like a fleet, a National Guard as a pointed
shield; the glyph carries the designation number (a Guard has none: it carries "N"). Fishing
fleets are small boats beside the stack, armouries (Y) and shipyards (S) badges at its top
corners, a canal's state (open, closed, site, building) a tag beside its province's stack. Where each thing goes is planned first (:meth:`StacksLayer.plan`), as rectangles,
so hit testing and tests read the same places the painter fills.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from ...engine.hyper.model import HyperPosition
from .. import glyphs
from ..palette import Palette, blend, text_on
from ..sheet import Layer

SLOT = 1.1  # a stacked glyph's size, in glyph units (a province here is many glyphs wide)
# zoomed out this far (the glyph grown to this step of its size, a quarter octave each), a
# province is smaller than its stack: it is drawn as one glyph with the count of its units,
# without boats and badges, so that Europe's stacks do not pile up on the world
COMPACT_STEP = 8
GAP = 0.08  # between two glyphs of a stack
BOAT = 0.65
BADGE = 0.62  # at least 11 px on screen: a Y or S read at a glance


@dataclass(frozen=True)
class Placed:
    """One thing drawn for the position: what it is, whose, and the box it fills."""

    kind: str  # D, T, N (units), FF (fishing fleet), Y or S (installations), canal (its state)
    owner: str
    text: str  # the designation drawn in it ("12"), "N", or the badge's letter
    ref: str  # the engine's name for it: a unit's ref, an FF's id, "Y pari"
    province: str
    rect: QRectF

    @property
    def center(self) -> QPointF:
        return self.rect.center()


def slot_centers(n: int, step: float) -> list[tuple[float, float]]:
    """Offsets of ``n`` (1-4) glyphs ``step`` apart: one alone, two side by side, three as
    two over one, four as 2x2."""
    h = step / 2
    if n <= 1:
        return [(0.0, 0.0)]
    if n == 2:
        return [(-h, 0.0), (h, 0.0)]
    if n == 3:
        return [(-h, -h), (h, -h), (0.0, h)]
    return [(-h, -h), (h, -h), (-h, h), (h, h)]


def designation(ref: str | None) -> str:
    """The number of "12D" or "7T"; a Guard (no designation) shows "N"."""
    if not ref:
        return "N"
    digits = "".join(ch for ch in ref if ch.isdigit())
    return digits or ref


class StacksLayer(Layer):
    """Stacked units, fishing fleets and installation badges of a Hypereconomic position."""

    def plan(self, position: HyperPosition) -> list[Placed]:
        """Every glyph's box, in a stable order (by place, then owner and designation)."""
        size = self.g * SLOT
        step = size + self.g * GAP
        out: list[Placed] = []
        at_loc: dict[str, list] = defaultdict(list)
        for u in position.units:
            loc = u.at if self.geometry.has(u.at) else u.province
            if self.geometry.has(loc):
                at_loc[loc].append(u)
        boxes: dict[str, QRectF] = {}  # each province's stack area, for boats and badges
        if self.sheet.glyph_step >= COMPACT_STEP:
            return self._compact(position, at_loc, size)
        for loc in sorted(at_loc):
            units = sorted(at_loc[loc], key=lambda u: (u.power, u.type, u.ref))
            c = self.unit_point(loc)
            # a fifth unit (not legal, but a position may say so) shares the last slot
            offsets = slot_centers(min(len(units), 4), step)
            for i, u in enumerate(units):
                dx, dy = offsets[min(i, len(offsets) - 1)]
                rect = QRectF(c.x() + dx - size / 2, c.y() + dy - size / 2, size, size)
                out.append(Placed(u.type, u.power, designation(u.id), u.ref, u.province, rect))
                area = boxes.get(u.province)
                boxes[u.province] = rect if area is None else area.united(rect)
        out.extend(self._boats(position, boxes))
        out.extend(self._badges(position, boxes))
        out.extend(self._canals(position, boxes, [p.rect for p in out]))
        return out

    def _compact(self, position: HyperPosition, at_loc: dict[str, list], size: float) -> list[Placed]:
        """One glyph a province (its first unit's kind and owner, the count of its units when
        more than one), and the canal tags: the world seen whole."""
        out: list[Placed] = []
        by_prov: dict[str, list] = defaultdict(list)
        for units in at_loc.values():
            by_prov[units[0].province].extend(units)
        boxes: dict[str, QRectF] = {}
        for prov in sorted(by_prov):
            units = sorted(by_prov[prov], key=lambda u: (u.power, u.type, u.ref))
            first = units[0]
            c = self.unit_point(prov)
            rect = QRectF(c.x() - size / 2, c.y() - size / 2, size, size)
            text = str(len(units)) if len(units) > 1 else designation(first.id)
            out.append(Placed(first.type, first.power, text, first.ref, prov, rect))
            boxes[prov] = rect
        out.extend(self._canals(position, boxes, [p.rect for p in out]))
        return out

    def _canals(self, position: HyperPosition, boxes: dict[str, QRectF], taken: list[QRectF]) -> list[Placed]:
        """Each canal's state (open, closed, a site, building) as a tag beside its stack,
        clear of every glyph and of the other tags (two canal sites a province apart)."""
        from ...engine.hyper.canal_state import canals_of

        state = position.carried.get("canals") or {}
        out = []
        h = self.g * 0.5
        taken = list(taken)
        for cid, c in sorted(canals_of(position.board).items()):
            if not self.geometry.has(c.province):
                continue
            now = str((state.get(cid) or {}).get("state") or ("site" if c.site else c.start))
            area = self._area(c.province, boxes)
            w = glyphs.text_width(now, h * 0.8) + h * 0.6
            # under the stack (and its boats), centred: a narrow province keeps it inside
            below = area.bottom() + self.g * (GAP + (BOAT if any(f.province == c.province for f in position.ffs) else 0))
            gap = self.g * GAP
            spots = [QRectF(area.center().x() - w / 2, below + gap, w, h),
                     QRectF(area.center().x() - w / 2, area.top() - gap - h, w, h),
                     QRectF(area.right() + gap, area.center().y() - h / 2, w, h),
                     QRectF(area.left() - gap - w, area.center().y() - h / 2, w, h)]
            spots += [r.translated(0, (h + gap) * k) for k in (1, 2, 3) for r in spots[:1]]
            spots += [r.translated(0, -(h + gap) * k) for k in (1, 2, 3) for r in spots[1:2]]
            rect = next((r for r in spots if not any(r.intersects(t) for t in taken)), spots[0])
            taken.append(rect)
            out.append(Placed("canal", "", now, cid, c.province, rect))
        return out

    def _area(self, province: str, boxes: dict[str, QRectF]) -> QRectF:
        area = boxes.get(province)
        if area is not None:
            return area
        c = self.unit_point(province)
        half = self.g * SLOT / 2
        return QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half)

    def _boats(self, position: HyperPosition, boxes: dict[str, QRectF]) -> list[Placed]:
        out = []
        size = self.g * BOAT
        by_place: dict[str, list] = defaultdict(list)
        for ff in position.ffs:
            if self.geometry.has(ff.province):
                by_place[ff.province].append(ff)
        for prov in sorted(by_place):
            area = self._area(prov, boxes)
            for i, ff in enumerate(sorted(by_place[prov], key=lambda f: (f.owner, f.id))):
                # below the stack, left to right
                x = area.left() + i * (size + self.g * GAP)
                y = area.bottom() + self.g * GAP
                out.append(Placed("FF", ff.owner, "", ff.id, prov, QRectF(x, y, size, size * 0.8)))
        return out

    def _badges(self, position: HyperPosition, boxes: dict[str, QRectF]) -> list[Placed]:
        out = []
        size = self.g * BADGE
        for inst in sorted(position.installations, key=lambda i: (i.at, i.type, i.owner)):
            prov = inst.at.split("/")[0]
            if not self.geometry.has(prov):
                continue
            area = self._area(prov, boxes)
            # Y at the top-left corner, S at the top-right, just outside the stack
            if inst.type == "Y":
                x = area.left() - size * 1.05
            else:
                x = area.right() + size * 0.05
            y = area.top() - size * 0.5
            out.append(Placed(inst.type, inst.owner, inst.type, inst.ref, prov,
                              QRectF(x, y, size, size)))
        return out

    def paint(self, painter: QPainter, position: HyperPosition, pal: Palette,
              power: str | None = None, plan: list[Placed] | None = None) -> None:
        """Draw the plan (made here when not given); another ``power``'s things faded."""
        for p in plan if plan is not None else self.plan(position):
            painter.setOpacity(0.4 if power is not None and p.owner != power else 1.0)
            colour = pal.power(p.owner)
            if p.kind in ("D", "T", "N"):
                draw_stacked(painter, p.rect, p.kind, p.text, colour)
            elif p.kind == "FF":
                draw_boat(painter, p.rect, colour)
            elif p.kind == "canal":
                draw_canal_tag(painter, p.rect, p.text)
            else:
                draw_badge(painter, p.rect, p.text, colour)
        painter.setOpacity(1.0)


def guard_path() -> QPainterPath:
    """A pointed shield with a notched top: the National Guard, apart from the army."""
    p = QPainterPath()
    p.moveTo(-0.42, -0.44)
    p.lineTo(-0.14, -0.44)
    p.lineTo(0.0, -0.34)
    p.lineTo(0.14, -0.44)
    p.lineTo(0.42, -0.44)
    p.lineTo(0.42, 0.02)
    p.cubicTo(0.42, 0.28, 0.2, 0.42, 0.0, 0.52)
    p.cubicTo(-0.2, 0.42, -0.42, 0.28, -0.42, 0.02)
    p.closeSubpath()
    return p


def draw_stacked(painter: QPainter, rect: QRectF, kind: str, text: str, colour: QColor) -> None:
    """One stacked unit filling ``rect``: its shape by kind, its number inside."""
    painter.save()
    painter.translate(rect.center())
    k = rect.width()
    painter.scale(k, k)
    outline = QPen(QColor("#1b1b1b"), 0.06)
    outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(outline)
    if kind == "T":
        # the fleet glyph shrunk and lowered so its sail stays inside the slot
        painter.scale(0.8, 0.8)
        painter.translate(0, 0.1)
        hull = glyphs.fleet_hull_path()
        painter.fillPath(hull.translated(0.04, 0.05), QColor(0, 0, 0, 60))
        painter.setBrush(blend(colour, QColor("#ffffff"), 0.55))
        painter.drawPath(glyphs.fleet_sail_path())
        painter.setBrush(colour)
        painter.drawPath(hull)
        painter.translate(0, -0.1)
        painter.scale(1.25, 1.25)
        ink, y = text_on(colour), 0.16
    elif kind == "N":
        body = guard_path()
        painter.fillPath(body.translated(0.04, 0.05), QColor(0, 0, 0, 60))
        painter.setBrush(blend(colour, QColor("#ffffff"), 0.35))
        painter.drawPath(body)
        # an inner band in the owner's colour: a Guard reads as its nation's at a glance
        painter.setPen(QPen(colour, 0.08))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.scale(0.74, 0.74)
        painter.drawPath(body)
        painter.scale(1 / 0.74, 1 / 0.74)
        ink, y = QColor("#111111"), -0.02
    else:
        body = glyphs.army_path()
        painter.fillPath(body.translated(0.04, 0.05), QColor(0, 0, 0, 60))
        painter.setBrush(colour)
        painter.drawPath(body)
        ink, y = text_on(colour), -0.02
    size = 0.46 if len(text) <= 2 else 0.34
    painter.fillPath(glyphs.text_path(text, size, 0.0, y), ink)
    painter.restore()


def draw_boat(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """A fishing fleet: a small open boat with a mast, no sail."""
    painter.save()
    painter.translate(rect.center())
    k = rect.width()
    painter.scale(k, k)
    hull = QPainterPath()
    hull.moveTo(-0.5, 0.0)
    hull.lineTo(0.5, 0.0)
    hull.quadTo(0.3, 0.38, 0.0, 0.38)
    hull.quadTo(-0.3, 0.38, -0.5, 0.0)
    hull.closeSubpath()
    painter.setPen(QPen(QColor("#1b1b1b"), 0.07))
    painter.setBrush(colour)
    painter.drawPath(hull)
    painter.drawLine(QPointF(0.0, 0.0), QPointF(0.0, -0.36))
    painter.setBrush(blend(colour, QColor("#ffffff"), 0.6))
    flag = QPainterPath()
    flag.moveTo(0.0, -0.36)
    flag.lineTo(0.26, -0.26)
    flag.lineTo(0.0, -0.16)
    flag.closeSubpath()
    painter.drawPath(flag)
    painter.restore()


CANAL_INK = {"open": "#1b7a3a", "closed": "#b00018", "site": "#6b6b6b", "building": "#b86e00"}


def draw_canal_tag(painter: QPainter, rect: QRectF, state: str) -> None:
    """A canal's state on a white tag, its colour saying open (green) or shut (red)."""
    painter.save()
    ink = QColor(CANAL_INK.get(state, "#222222"))
    painter.setPen(QPen(ink, rect.height() * 0.08))
    painter.setBrush(QColor(255, 255, 255, 225))
    r = rect.height() * 0.3
    painter.drawRoundedRect(rect, r, r)
    painter.fillPath(glyphs.text_path(state, rect.height() * 0.8, rect.center().x(), rect.center().y(),
                                      bold=True), ink)
    painter.restore()


def draw_badge(painter: QPainter, rect: QRectF, letter: str, colour: QColor) -> None:
    """An installation: a small square badge with its letter (Y armoury, S shipyard)."""
    painter.save()
    painter.setPen(QPen(QColor("#1b1b1b"), rect.width() * 0.08))
    painter.setBrush(colour)
    r = rect.width() * 0.18
    painter.drawRoundedRect(rect, r, r)
    painter.fillPath(glyphs.text_path(letter, rect.width() * 0.7, rect.center().x(), rect.center().y()),
                     text_on(colour))
    painter.restore()
