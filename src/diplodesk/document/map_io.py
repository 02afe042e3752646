"""Writing a variant folder: ``variant.toml`` by a small TOML writer, ``map.svg`` in the
native map format (docs/map-format.md), both atomically.

The TOML comes out in the style of ``variants/standard/variant.toml``: scalars first, then
``[calendar]``, ``[victory]``, ``[powers]`` and ``[provinces]`` with one inline table a line,
``[adjacency]`` with the pairs wrapped, ``[[special]]`` tables and ``[start]``. Only what
:func:`tomllib.loads` reads back to the same data is written.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ..engine.files import write_atomic  # noqa: F401  (saved here too, for the editor)
from ..geometry.surgery import polygons_of  # its home is geometry; still importable from here

# -- atomic files ------------------------------------------------------------------------


# -- TOML --------------------------------------------------------------------------------

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
WRAP = 96


def toml_key(k: str) -> str:
    return k if _BARE.match(k) else toml_str(k)


def toml_str(s: str) -> str:
    # JSON's escapes are TOML's basic-string escapes (it never writes "\/").
    return json.dumps(s, ensure_ascii=False)


def toml_value(v: Any) -> str:
    """One value on one line: strings, numbers, booleans, arrays and inline tables."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return toml_str(v)
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        return "{" + ", ".join(f"{toml_key(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _wrapped(items: list[str], indent: str = "  ") -> list[str]:
    lines: list[str] = []
    line = ""
    for item in items:
        piece = item + ","
        if line and len(indent) + len(line) + 1 + len(piece) > WRAP:
            lines.append(indent + line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    if line:
        lines.append(indent + line)
    return lines


def _array_block(key: str, items: list[str], one_per_line: bool = False) -> list[str]:
    if not items:
        return [f"{key} = []"]
    body = [f"  {i}," for i in items] if one_per_line else _wrapped(items)
    return [f"{key} = [", *body, "]"]


_HEAD_KEYS = ("format", "id", "name", "description", "rules")
_TABLE_ORDER = ("calendar", "victory", "powers", "provinces", "adjacency", "special", "start")


def write_toml(data: Mapping[str, Any], header: Iterable[str] = ()) -> str:
    """A variant's data as TOML text in the house style."""
    out: list[str] = [f"# {h}" if h else "#" for h in header]
    for k in _HEAD_KEYS:
        if k in data:
            out.append(f"{toml_key(k)} = {toml_value(data[k])}")
    rest = [k for k in data if k not in _HEAD_KEYS and k not in _TABLE_ORDER]
    for k in rest:  # other plain values stay at the top, before any table
        if not isinstance(data[k], Mapping) and not _is_table_array(data[k]):
            out.append(f"{toml_key(k)} = {toml_value(data[k])}")

    def table(name: str, body: Mapping[str, Any]) -> None:
        out.append("")
        out.append(f"[{toml_key(name)}]")
        for k, v in body.items():  # powers and provinces: one inline table a line
            out.append(f"{toml_key(k)} = {toml_value(v)}")

    for name in ("calendar", "victory", "powers", "provinces"):
        if name in data:
            table(name, data[name])
    if "adjacency" in data:
        out.append("")
        out.append("# Undirected pairs, each listed once. Fleet pairs name the coast of a two-coast province.")
        out.append("[adjacency]")
        for kind in ("army", "fleet"):
            out.extend(_array_block(kind, [toml_str(p) for p in data["adjacency"].get(kind, [])]))
        for k, v in data["adjacency"].items():
            if k not in ("army", "fleet"):
                out.append(f"{toml_key(k)} = {toml_value(v)}")
    for spec in data.get("special", []) or []:
        out.append("")
        out.append("[[special]]")
        for k, v in spec.items():
            out.append(f"{toml_key(k)} = {toml_value(v)}")
    if "start" in data:
        start = data["start"]
        out.append("")
        out.append("[start]")
        for k, v in start.items():
            if k == "units":
                out.extend(_array_block("units", [toml_value(u) for u in v], one_per_line=True))
            else:
                out.append(f"{toml_key(k)} = {toml_value(v)}")
    for k in rest:
        v = data[k]
        if isinstance(v, Mapping):
            _generic_table(out, [k], v)
        elif _is_table_array(v):
            for item in v:
                out.append("")
                out.append(f"[[{toml_key(k)}]]")
                for kk, vv in item.items():
                    out.append(f"{toml_key(kk)} = {toml_value(vv)}")
    return "\n".join(out).lstrip("\n") + "\n"


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, Mapping) for x in v)


def _generic_table(out: list[str], path: list[str], body: Mapping[str, Any]) -> None:
    out.append("")
    out.append("[" + ".".join(toml_key(p) for p in path) + "]")
    subs = []
    for k, v in body.items():
        if isinstance(v, Mapping) and v and any(isinstance(x, Mapping) for x in v.values()):
            subs.append((k, v))
        elif isinstance(v, list) and len(toml_value(v)) > WRAP:
            out.extend(_array_block(toml_key(k), [toml_value(x) for x in v]))
        else:
            out.append(f"{toml_key(k)} = {toml_value(v)}")
    for k, v in subs:
        _generic_table(out, [*path, k], v)


# -- SVG ---------------------------------------------------------------------------------

STYLE = {
    "sea_fill": "#b9d4e6",
    "land_fill": "#efe4c8",
    "neutral_fill": "#d9d2c2",
    "impassable_fill": "#a59a88",
    "sea_stroke": "#7fa3bd",
    "land_stroke": "#5c5040",
    "stroke_width": "0.8",
    "label_fill": "#222222",
    "sea_label_fill": "#2b4d69",
    "special_stroke": "#7a2e12",
    "special_width": "2.2",
    "special_dash": "5,3",
}


class _Num:
    """Formats coordinates with as many decimals as the map's precision grid needs."""

    def __init__(self, decimals: int):
        self.decimals = max(0, decimals)

    def __call__(self, v: float) -> str:
        s = f"{round(v, self.decimals):.{self.decimals}f}"
        if "." in s:
            s = s.rstrip("0").rstrip(".")
        return "0" if s in ("-0", "") else s


def _ring_d(coords, num: _Num) -> str:
    pts: list[tuple[str, str]] = []
    for x, y in coords[:-1]:
        p = (num(x), num(y))
        if not pts or p != pts[-1]:
            pts.append(p)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if len(pts) < 3:
        return ""
    return "M" + " ".join(f"{x},{y}" for x, y in pts) + "Z"


def path_d(poly: Polygon, num: _Num) -> str:
    poly = shapely.geometry.polygon.orient(poly, 1.0)
    return "".join(_ring_d(list(r.coords), num) for r in (poly.exterior, *poly.interiors))


def _shape_element(eid: str | None, g: BaseGeometry, attrs: str, num: _Num, indent: str = "    ") -> str:
    parts = [p for p in sorted(polygons_of(g), key=lambda p: (-p.area, p.bounds)) if path_d(p, num)]
    idattr = f" id={quoteattr(eid)}" if eid else ""
    if not parts:
        return f'{indent}<path{idattr}{attrs} d=""/>' if eid else ""
    if len(parts) == 1:
        return f'{indent}<path{idattr}{attrs} fill-rule="evenodd" d="{path_d(parts[0], num)}"/>'
    inner = "\n".join(f'{indent}  <path fill-rule="evenodd" d="{path_d(p, num)}"/>' for p in parts)
    return f"{indent}<g{idattr}{attrs}>\n{inner}\n{indent}</g>"


def write_svg(
    *,
    view_box: tuple[float, float, float, float],
    decimals: int,
    title: str,
    decorations: Iterable[Any],
    provinces: Mapping[str, tuple[str, BaseGeometry]],
    coasts: Mapping[str, BaseGeometry],
    anchors: Mapping[str, tuple[float, float]],
    labels: Mapping[str, tuple[float, float]],
    specials: Iterable[tuple[str, str, list[tuple[float, float]]]] = (),
    label_size: float = 9.0,
) -> str:
    """The native map SVG. ``provinces``: id -> (kind, shape)."""
    num = _Num(decimals)
    st = STYLE
    x, y, w, h = view_box
    sw = st["stroke_width"]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{num(x)} {num(y)} {num(w)} {num(h)}" '
        f'width="{num(w)}" height="{num(h)}" data-diplodesk-map="1">',
    ]
    if title:
        out.append(f"  <title>{escape(title)}</title>")
    out.append('  <g id="background">')
    for d in decorations:
        attrs = ""
        if d.fill:
            attrs += f" fill={quoteattr(d.fill)}"
        else:
            attrs += ' fill="none"'
        if d.stroke and d.stroke != "none":
            attrs += f" stroke={quoteattr(d.stroke)} stroke-width=\"{num(d.stroke_width)}\""
        el = _shape_element(None, d.geometry, attrs, num)
        if el:
            out.append(el)
    out.append("  </g>")

    out.append('  <g id="provinces">')
    for pid, (kind, shape) in provinces.items():
        fill = {"sea": st["sea_fill"], "impassable": st["impassable_fill"]}.get(kind, st["land_fill"])
        stroke = st["sea_stroke"] if kind == "sea" else st["land_stroke"]
        attrs = (f' data-kind="{kind}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"'
                 f' stroke-linejoin="round"')
        out.append(_shape_element(pid, shape, attrs, num))
    out.append("  </g>")

    specials = list(specials)
    if specials:
        out.append(
            f'  <g id="specials" fill="none" stroke="{st["special_stroke"]}" '
            f'stroke-width="{st["special_width"]}" stroke-dasharray="{st["special_dash"]}" '
            f'stroke-linecap="round">'
        )
        for a, b, pts in specials:
            if len(pts) == 2:
                (x1, y1), (x2, y2) = pts
                shape = f'line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
            else:
                shape = 'polyline points="' + " ".join(f"{num(px)},{num(py)}" for px, py in pts) + '"'
            a, b = sorted((a, b))
            out.append(f'    <{shape} data-kind="difficult" data-between="{a} {b}"/>')
        out.append("  </g>")

    out.append('  <g id="coasts">')
    for loc in sorted(coasts):
        el = _shape_element(loc, coasts[loc], ' fill="none" stroke="none"', num)
        if el:
            out.append(el)
    out.append("  </g>")

    out.append('  <g id="anchors" fill="none" stroke="none">')
    for key in sorted(anchors):
        ax, ay = anchors[key]
        out.append(f"    <circle id={quoteattr(key)} cx=\"{num(ax)}\" cy=\"{num(ay)}\" r=\"2\"/>")
    out.append("  </g>")

    out.append(
        f'  <g id="labels" font-family="sans-serif" font-size="{num(label_size)}" font-weight="bold" '
        f'text-anchor="middle">'
    )
    for pid, (kind, _shape) in provinces.items():
        if pid not in labels:
            continue
        lx, ly = labels[pid]
        fill = st["sea_label_fill"] if kind == "sea" else st["label_fill"]
        out.append(f'    <text x="{num(lx)}" y="{num(ly + label_size * 0.35)}" fill="{fill}">'
                   f"{escape(pid.upper())}</text>")
    out.append("  </g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
