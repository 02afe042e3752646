"""Lines for the variant's difficult borders (armies cross water there): the specials layer."""

from __future__ import annotations

import math

import shapely.ops

REACH = 14.0  # svg units a line runs on into each province past the nearest points


def difficult_lines(geom, variant, board) -> list[tuple[str, str, list[tuple[float, float]]]]:
    """``(a, b, points)`` for each difficult border of the variant, in a stable order.

    A line's places may be given in the board's ``[specials]`` table (``"a b" = [[lon, lat],
    ...]``); otherwise it joins the two provinces' nearest points across the water and runs on
    ``REACH`` units into each.
    """
    pairs = variant.difficult_pairs()
    unknown = set(board.special_lines) - {f"{a} {b}" for a, b in pairs}
    if unknown:
        raise ValueError(
            f"[specials] lines for pairs that are no difficult border: {sorted(unknown)}"
        )
    out = []
    for a, b in pairs:
        given = board.special_lines.get(f"{a} {b}")
        if given:
            pts = [geom.projector.point(ll) for ll in given]
            out.append((a, b, [(p.x, p.y) for p in pts]))
            continue
        pa, pb = shapely.ops.nearest_points(geom.provinces[a], geom.provinces[b])
        dx, dy = pb.x - pa.x, pb.y - pa.y
        gap = math.hypot(dx, dy)
        if gap < 1e-6:
            raise ValueError(
                f"difficult border {a}-{b}: the provinces touch on the map; give the line in [specials]"
            )
        ux, uy = dx / gap, dy / gap
        out.append(
            (
                a,
                b,
                [(pa.x - ux * REACH, pa.y - uy * REACH), (pb.x + ux * REACH, pb.y + uy * REACH)],
            )
        )
    return out
