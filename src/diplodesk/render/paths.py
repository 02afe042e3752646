"""Shapes as QPainterPaths, made once per map geometry and kept while it lives.

Every layer draws provinces, labels and rails from paths; making them is the slow part, so
they are cached per :class:`MapGeometry` (weakly: a map let go takes its paths with it).
"""

from __future__ import annotations

import math
import weakref
from typing import Any

import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ..geometry.shapes import MapGeometry


def geometry_path(g: BaseGeometry) -> QPainterPath:
    """A shapely (Multi)Polygon as a QPainterPath (even-odd, holes kept)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    polys = [g] if isinstance(g, Polygon) else [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon)]
    for p in polys:
        for ring in (p.exterior, *p.interiors):
            c = shapely.get_coordinates(ring).tolist()
            if len(c) < 3:
                continue
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in c]))
            path.closeSubpath()
    return path


# QPainterPaths of each geometry's shapes, kept as long as the geometry lives.
_PATH_CACHE: weakref.WeakKeyDictionary[MapGeometry, dict[str, Any]] = weakref.WeakKeyDictionary()


def paths_of(geometry: MapGeometry) -> dict[str, Any]:
    """The cache of paths (and places worked out once) for ``geometry``."""
    cache = _PATH_CACHE.get(geometry)
    if cache is None:
        cache = _PATH_CACHE[geometry] = {}
    return cache


def unit_vec(a: QPointF, b: QPointF) -> tuple[float, float, float]:
    """The unit vector from ``a`` to ``b`` and the distance (zeros when they meet)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    n = math.hypot(dx, dy)
    if n < 1e-9:
        return 0.0, 0.0, 0.0
    return dx / n, dy / n, n
