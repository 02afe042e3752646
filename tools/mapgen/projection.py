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


class EqualEarth:
    """The Equal Earth projection (Šavrič, Patterson and Jenny, 2018), spherical; km, x east,
    y north, origin at (lon0, 0). Equal-area, so a world board shows the sizes of nations true.

    The map's edge is the meridian opposite ``lon0`` (``cut``): longitudes are taken relative
    to ``lon0`` and wrapped once into -180..180, so geometry crossing the cut must be split
    there first, the part west of it moved a turn east (``build.wrapped``).
    """

    A1, A2, A3, A4 = 1.340264, -0.081106, 0.000893, 0.003796
    M = math.sqrt(3) / 2

    def __init__(self, lon0: float) -> None:
        self.lon0 = lon0
        self.cut = lon0 - 180.0 if lon0 > 0 else lon0 + 180.0

    def forward(self, lon, lat):
        rel = np.asarray(lon, dtype=float) - self.lon0  # in -180..180 for lon in the map's span
        rel = np.where(rel < -180.0, rel + 360.0, np.where(rel > 180.0, rel - 360.0, rel))
        lam = np.radians(rel)
        theta = np.arcsin(self.M * np.sin(np.radians(np.asarray(lat, dtype=float))))
        t2 = theta * theta
        t6 = t2 * t2 * t2
        a1, a2, a3, a4 = self.A1, self.A2, self.A3, self.A4
        x = 2 * math.sqrt(3) * lam * np.cos(theta) / (3 * (9 * a4 * t6 * t2 + 7 * a3 * t6 + 3 * a2 * t2 + a1))
        y = theta * (a1 + a2 * t2 + t6 * (a3 + a4 * t2))
        return EARTH_RADIUS_KM * x, EARTH_RADIUS_KM * y


def make_projection(spec: dict) -> LambertConformalConic | EqualEarth:
    """Build the projection named in a board file's ``[projection]`` table."""
    kind = spec.get("type", "lcc")
    if kind == "equal_earth":
        return EqualEarth(spec["lon0"])
    if kind != "lcc":
        raise ValueError(f"unknown projection type {kind!r}")
    return LambertConformalConic(spec["lon0"], spec["lat0"], spec["lat1"], spec["lat2"])
