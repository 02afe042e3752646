"""Anchor points: where units, dislodged units, labels and centre markers go."""

from __future__ import annotations

import numpy as np
import shapely

from .build import polygons


def _candidates(region, spacing: float):
    """Grid points inside ``region`` and their clearance (distance to its edge)."""
    x0, y0, x1, y1 = region.bounds
    xs = np.arange(x0 + spacing / 2, x1, spacing)
    ys = np.arange(y0 + spacing / 2, y1, spacing)
    gx, gy = np.meshgrid(xs, ys)
    pts = shapely.points(gx.ravel(), gy.ravel())
    shapely.prepare(region)
    pts = pts[shapely.contains(region, pts)]
    if len(pts) == 0:
        p = region.representative_point()
        return np.array([[p.x, p.y]]), np.array([0.0])
    xy = shapely.get_coordinates(pts)
    clear = shapely.distance(region.boundary, pts)
    return xy, clear


def _pick(xy, clear, score, ok):
    """Best-scoring candidate among those marked ok (None if none)."""
    if not ok.any():
        return None
    s = np.where(ok, score, -np.inf)
    i = int(np.argmax(s))
    return xy[i]


class Placer:
    """Greedy placement of a province's anchors, keeping them apart and inside."""

    def __init__(self, region, spacing: float) -> None:
        self.region = region
        self.xy, self.clear = _candidates(region, spacing)
        self.placed: list[np.ndarray] = []

    def dist(self, p) -> np.ndarray:
        return np.hypot(self.xy[:, 0] - p[0], self.xy[:, 1] - p[1])

    def place(
        self,
        want_clear: float,
        apart: float,
        near=None,
        near_weight: float = 0.0,
        cap: float = 8.0,
        extra=None,
    ) -> tuple[float, float]:
        score = np.minimum(self.clear, cap)
        if near is not None:
            score = score - near_weight * self.dist(near)
        if extra is not None:
            score = score + extra
        for relax in (1.0, 0.75, 0.55, 0.4, 0.25, 0.0):
            ok = self.clear >= want_clear * relax
            for q in self.placed:
                ok &= self.dist(q) >= apart * relax
            p = _pick(self.xy, self.clear, score, ok)
            if p is not None:
                self.placed.append(p)
                return float(p[0]), float(p[1])
        p = self.region.representative_point()
        return p.x, p.y


def place_anchors(geom, variant, label_size: tuple[float, float]) -> dict[str, tuple[float, float]]:
    """All anchors of the map: ``unit-x``, ``dislodged-x``, ``label-x``, ``center-x``."""
    out: dict[str, tuple[float, float]] = {}
    lw, lh = label_size
    for pid, prov in variant.provinces.items():
        g = geom.provinces[pid]
        main = max(polygons(g), key=lambda p: p.area)
        spacing = max(1.0, min(4.0, (main.area**0.5) / 50))
        pl = Placer(main, spacing)
        home = geom.seeds[pid][0]  # the first seed is the province's namesake place
        unit = pl.place(want_clear=9, apart=0, cap=10, near=(home.x, home.y), near_weight=0.03)
        out[f"unit-{pid}"] = unit
        label = pl.place(want_clear=lh * 0.8, apart=14, near=unit, near_weight=0.15, cap=lw * 0.6)
        out[f"label-{pid}"] = label
        if prov.center:
            out[f"center-{pid}"] = pl.place(
                want_clear=5, apart=11, near=unit, near_weight=0.2, cap=6
            )
        out[f"dislodged-{pid}"] = pl.place(
            want_clear=6, apart=10, near=unit, near_weight=0.3, cap=6
        )
        for c in prov.coasts:
            loc = f"{pid}/{c}"
            part = geom.coasts[loc]
            cmain = max(polygons(part), key=lambda p: p.area)
            cp = Placer(cmain, max(1.0, spacing / 2))
            cp.placed = list(pl.placed)
            # Prefer points near the sea this coast faces.
            seas = (
                shapely.union_all([geom.provinces[s] for s in geom.coast_seas.get(loc, ())])
                if geom.coast_seas.get(loc)
                else None
            )
            extra = None
            if seas is not None and not seas.is_empty:
                extra = -0.4 * shapely.distance(seas, shapely.points(cp.xy))
            cu = cp.place(want_clear=5, apart=11, cap=7, extra=extra)
            out[f"unit-{loc}"] = cu
            out[f"dislodged-{loc}"] = cp.place(
                want_clear=4, apart=9, near=cu, near_weight=0.4, cap=5
            )
            pl.placed = list(cp.placed)
    return out
