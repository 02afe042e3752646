"""Write a board as a diplodesk map SVG (see docs/map-format.md)."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

import shapely

from diplodesk.document.map_io import STYLE as MAP_STYLE

from .build import DIGITS, polygons

# The map art's palette is the editor's (maps it saves look like the ones drawn here), plus
# what only drawn maps have: label size, and strokes for each kind of special line.
DEFAULT_STYLE = {
    **MAP_STYLE,
    "label_font_size": "9",
    # Specials other than difficult borders override the group's stroke.
    "land_bridge_stroke": "#7a2e12",
    "land_bridge_width": "3",
    "land_bridge_dash": "none",
    "canal_stroke": "#1f5f8f",
    "canal_width": "2.4",
    "canal_dash": "none",
    "railroad_stroke": "#2a2a2a",
    "railroad_width": "2.4",
    "railroad_dash": "7,3",
}


def num(v: float) -> str:
    s = f"{round(v, DIGITS):.{DIGITS}f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s in ("-0", "-0.0") else s


def ring_d(coords) -> str:
    pts = []
    last = None
    for x, y in coords[:-1]:
        p = (num(x), num(y))
        if p != last:
            pts.append(p)
            last = p
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if len(pts) < 3:
        return ""
    return "M" + " ".join(f"{x},{y}" for x, y in pts) + "Z"


def path_d(poly) -> str:
    poly = shapely.geometry.polygon.orient(poly, 1.0)
    rings = [poly.exterior, *poly.interiors]
    return "".join(ring_d(list(r.coords)) for r in rings)


def _sorted_parts(g):
    return sorted(
        polygons(g), key=lambda p: (-round(p.area, 3), round(p.bounds[0], 3), round(p.bounds[1], 3))
    )


def shape_element(eid: str | None, g, attrs: str, indent: str = "    ") -> str:
    """One <path> for a single polygon, or a <g> of paths for a multi-part geometry."""
    parts = [p for p in _sorted_parts(g) if path_d(p)]
    idattr = f" id={quoteattr(eid)}" if eid else ""
    if len(parts) == 1:
        return f'{indent}<path{idattr}{attrs} fill-rule="evenodd" d="{path_d(parts[0])}"/>'
    inner = "\n".join(f'{indent}  <path fill-rule="evenodd" d="{path_d(p)}"/>' for p in parts)
    return f"{indent}<g{idattr}{attrs}>\n{inner}\n{indent}</g>"


def write_svg(
    geom,
    variant,
    anchors: dict,
    style: dict | None = None,
    title: str = "",
    specials: list | None = None,
) -> str:
    """The map SVG. ``specials``: the :class:`~.specials.SpecialLine` lines, drawn (when there
    are any) in a ``specials`` group above the provinces."""
    st = {**DEFAULT_STYLE, **(style or {})}
    W, H = num(geom.width), num(geom.height)
    unit = f' data-unit-size="{st["unit_size"]}"' if st.get("unit_size") else ""
    sw = st["stroke_width"]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
        f'data-diplodesk-map="1"{unit}>',
    ]
    if title:
        out.append(f"  <title>{escape(title)}</title>")
    out.append('  <g id="background">')
    out.append(f'    <rect x="0" y="0" width="{W}" height="{H}" fill="{st["sea_fill"]}"/>')
    deco = shapely.union_all([geom.neutral_land, geom.islands])
    if not deco.is_empty:
        out.append(
            shape_element(
                None,
                deco,
                f' fill="{st["neutral_fill"]}" stroke="{st["land_stroke"]}" stroke-width="{sw}"',
            )
        )
    out.append("  </g>")

    out.append('  <g id="provinces">')
    for pid, prov in variant.provinces.items():
        kind = prov.kind
        fill = st.get("fill", {}).get(pid) or {
            "sea": st["sea_fill"],
            "impassable": st["impassable_fill"],
        }.get(kind, st["land_fill"])
        stroke = st["sea_stroke"] if kind == "sea" else st["land_stroke"]
        attrs = f' data-kind="{kind}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}" stroke-linejoin="round"'
        out.append(shape_element(pid, geom.provinces[pid], attrs))
    out.append("  </g>")

    if specials:
        out.append(
            f'  <g id="specials" fill="none" stroke="{st["special_stroke"]}" '
            f'stroke-width="{st["special_width"]}" stroke-dasharray="{st["special_dash"]}" '
            f'stroke-linecap="round">'
        )
        for sp in specials:
            pts = sp.points
            if len(pts) == 2:
                (x1, y1), (x2, y2) = pts
                shape = f'line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
            else:
                shape = 'polyline points="' + " ".join(f"{num(x)},{num(y)}" for x, y in pts) + '"'
            attrs = f'data-kind="{sp.kind}"'
            if sp.provinces:
                attrs += f' data-provinces="{" ".join(sp.provinces)}"'
            if sp.between:
                attrs += f' data-between="{" ".join(sp.between)}"'
            if sp.kind != "difficult":
                k = sp.kind
                attrs += (
                    f' stroke="{st[k + "_stroke"]}" stroke-width="{st[k + "_width"]}"'
                    f' stroke-dasharray="{st[k + "_dash"]}"'
                )
            out.append(f"    <{shape} {attrs}/>")
        out.append("  </g>")

    out.append('  <g id="coasts">')
    for loc in sorted(geom.coasts):
        out.append(shape_element(loc, geom.coasts[loc], ' fill="none" stroke="none"'))
    out.append("  </g>")

    out.append('  <g id="anchors" fill="none" stroke="none">')
    for key in sorted(anchors):
        x, y = anchors[key]
        out.append(f'    <circle id="{key}" cx="{num(x)}" cy="{num(y)}" r="2"/>')
    out.append("  </g>")

    fs = float(st["label_font_size"])
    out.append(
        f'  <g id="labels" font-family="sans-serif" font-size="{num(fs)}" font-weight="bold" '
        f'text-anchor="middle">'
    )
    for pid, prov in variant.provinces.items():
        x, y = anchors[f"label-{pid}"]
        fill = st["sea_label_fill"] if prov.kind == "sea" else st["label_fill"]
        out.append(
            f'    <text x="{num(x)}" y="{num(y + fs * 0.35)}" fill="{fill}">{escape(pid.upper())}</text>'
        )
    out.append("  </g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
