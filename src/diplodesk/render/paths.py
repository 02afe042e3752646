"""Shapes as QPainterPaths, made once per map geometry and kept while it lives.

Every layer draws provinces, labels and rails from paths; making them is the slow part, so
they are cached per :class:`MapGeometry` (weakly: a map let go takes its paths with it).
"""

from __future__ import annotations

import math
import struct
import weakref
from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QByteArray, QDataStream, QPointF, Qt
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
            c = shapely.get_coordinates(ring)
            if len(c) < 3:
                continue
            path.addPolygon(polygon_of(c))
            path.closeSubpath()
    return path


def polygon_of(coords: np.ndarray) -> QPolygonF:
    """An (n, 2) array of points as a QPolygonF, read whole from Qt's own stream format (a
    count, then big-endian doubles): three times quicker than a QPointF per point, which
    counts on a board of thousands of provinces."""
    data = struct.pack(">I", len(coords)) + np.ascontiguousarray(coords, dtype=">f8").tobytes()
    poly = QPolygonF()
    QDataStream(QByteArray(data)) >> poly
    return poly


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
