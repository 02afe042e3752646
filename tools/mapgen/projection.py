"""Map projections: a few lines of our own math, vectorised with numpy."""

from __future__ import annotations

import math

import numpy as np

EARTH_RADIUS_KM = 6371.0


class LambertConformalConic:
    """Spherical Lambert conformal conic; output in km, x east, y north, origin at (lon0, lat0)."""

    def __init__(self, lon0: float, lat0: float, lat1: float, lat2: float) -> None:
        p0, p1, p2 = (math.radians(v) for v in (lat0, lat1, lat2))
        self.lam0 = math.radians(lon0)

        def t(phi: float) -> float:
            return math.tan(math.pi / 4 + phi / 2)

        if abs(p1 - p2) < 1e-9:
            self.n = math.sin(p1)
        else:
            self.n = math.log(math.cos(p1) / math.cos(p2)) / math.log(t(p2) / t(p1))
        self.F = math.cos(p1) * t(p1) ** self.n / self.n
        self.rho0 = EARTH_RADIUS_KM * self.F / t(p0) ** self.n

    def forward(self, lon, lat):
        """Project degrees (arrays or scalars) to km."""
        lam = np.radians(np.asarray(lon, dtype=float))
        phi = np.radians(np.asarray(lat, dtype=float))
        rho = EARTH_RADIUS_KM * self.F / np.tan(np.pi / 4 + phi / 2) ** self.n
        theta = self.n * (lam - self.lam0)
        return rho * np.sin(theta), self.rho0 - rho * np.cos(theta)


def make_projection(spec: dict) -> LambertConformalConic:
    """Build the projection named in a board file's ``[projection]`` table."""
    kind = spec.get("type", "lcc")
    if kind != "lcc":
        raise ValueError(f"unknown projection type {kind!r}")
    return LambertConformalConic(spec["lon0"], spec["lat0"], spec["lat1"], spec["lat2"])
