"""The editor's scene: a :class:`MapDocument` drawn as graphics items, kept in step with it.

:class:`MapScene` connects to the document's ``changed`` signal and keeps an item for each
province (filled by kind), one for each special border or line, and layers drawn as single
items (the background, labels with centre markers and start units, vertex handles, anchors,
adjacency lines, the preview of what a tool is drawing; see :mod:`.items`). Items never
write to the document: the tools read what is under the mouse and push commands.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import shapely
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsScene

from ...document.map_document import MapChange, MapDocument
from ...render.painter import geometry_path
from .items.handles import AnchorItem, VertexLayer
from .items.layers import CoastLayer, LabelLayer
from .items.lines import AdjacencyLayer, SpecialItem
from .items.shapes import BackgroundItem, PreviewItem, ProvinceItem
from .items.style import safe_anchor

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
