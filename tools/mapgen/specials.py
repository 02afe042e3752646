"""Lines for the variant's specials: the map's ``specials`` layer.

Drawn kinds (``[[special]]`` in ``variant.toml``):

- ``difficult`` and ``land_bridge`` (``between`` two provinces): a line across the water;
- ``canal`` (``provinces`` = the canal province, ``between`` its two seas): a line through
  the province from one sea to the other;
- ``railroad`` (``provinces`` in line order): a line through its provinces.

Other kinds (``seasonal``) are not drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely.ops

from .board import special_key

REACH = 14.0  # svg units a line runs on into each province past the nearest points

PAIR_KINDS = ("difficult", "land_bridge")
DRAWN_KINDS = (*PAIR_KINDS, "canal", "railroad")


@dataclass(frozen=True)
class SpecialLine:
    kind: str
    between: tuple[str, ...]  # the pair's provinces, or the canal's seas (sorted); () else
    provinces: tuple[str, ...]  # the canal province or the railroad's line; () for pairs
    points: list[tuple[float, float]]


def wanted(variant) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """``(kind, between, provinces)`` of every special the map should draw, in a stable order."""
    out = []
    for sp in variant.specials:
        kind = sp.get("kind")
        if kind in PAIR_KINDS:
            out.append((kind, tuple(sorted(sp["between"])), ()))
        elif kind == "canal":
            out.append((kind, tuple(sorted(sp["between"])), tuple(sp["provinces"])))
        elif kind == "railroad":
            out.append((kind, (), tuple(sp["provinces"])))
    return sorted(out, key=lambda w: (DRAWN_KINDS.index(w[0]), w[1], w[2]))


def _across(ga, gb) -> list[tuple[float, float]]:
    """From ``ga`` to ``gb`` between their nearest points, running on ``REACH`` into each."""
    pa, pb = shapely.ops.nearest_points(ga, gb)
    dx, dy = pb.x - pa.x, pb.y - pa.y
    gap = math.hypot(dx, dy)
    if gap < 1e-6:
        return []
    ux, uy = dx / gap, dy / gap
    return [(pa.x - ux * REACH, pa.y - uy * REACH), (pb.x + ux * REACH, pb.y + uy * REACH)]


def special_lines(geom, variant, board) -> list[SpecialLine]:
    """The lines of the specials layer, in a stable order.

    A line's places may be given in the board's ``[specials]`` table, keyed by the pair
    (``"nap sic"``), the canal province (``"egy"``) or the railroad's provinces in line order;
    otherwise a pair's line joins the two provinces' nearest points across the water, a
    canal's runs through the province between the points nearest its two seas, and a
    railroad's joins its provinces' first seeds (their namesake places).
    """
    want = wanted(variant)
    keys = {special_key(" ".join(p or b)) for _, b, p in want}
    unknown = set(board.special_lines) - keys
    if unknown:
        raise ValueError(f"[specials] lines for no special of the variant: {sorted(unknown)}")
    out = []
    for kind, between, provinces in want:
        key = special_key(" ".join(provinces or between))
        given = board.special_lines.get(key)
        if given:
            pts = [geom.projector.point(ll) for ll in given]
            out.append(SpecialLine(kind, between, provinces, [(p.x, p.y) for p in pts]))
            continue
        if kind in PAIR_KINDS:
            a, b = between
            pts = _across(geom.provinces[a], geom.provinces[b])
            if not pts:
                raise ValueError(
                    f"{kind} {a}-{b}: the provinces touch on the map; give the line in [specials]"
                )
        elif kind == "canal":
            prov = geom.provinces[provinces[0]]
            ends = [shapely.ops.nearest_points(prov, geom.provinces[s])[0] for s in between]
            pts = [(p.x, p.y) for p in ends]
        else:
            pts = [(geom.seeds[p][0].x, geom.seeds[p][0].y) for p in provinces]
        out.append(SpecialLine(kind, between, provinces, pts))
    return out
