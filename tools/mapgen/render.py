"""Render an SVG to PNG with Qt (for looking at generated boards while tuning them)."""

from __future__ import annotations

import os
import sys


def svg_to_png(svg_path: str, png_path: str, width: int = 1800, palette: bool = False) -> None:
    """Rasterise ``svg_path`` to ``png_path`` at ``width`` pixels wide (offscreen Qt).

    ``palette``: store the 256 commonest colours only (an indexed PNG a third the size; for
    previews).
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(svg_path)
    box = renderer.viewBoxF()
    height = round(width * box.height() / box.width())
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, width, height))
    painter.end()
    if palette:
        import numpy as np

        pixels = np.frombuffer(image.constBits(), dtype=np.uint32)[: width * height]
        colours, counts = np.unique(pixels, return_counts=True)
        top = colours[np.argsort(-counts, kind="stable")[:256]]
        table = [int(c) | 0xFF000000 for c in top]
        image = image.convertToFormat(
            QImage.Format.Format_Indexed8, table, Qt.ImageConversionFlag.ThresholdDither
        )
    image.save(png_path, "PNG", 0)


if __name__ == "__main__":
    svg_to_png(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1800)


def debug_png(geom, variant, anchors, png_path: str | None, specials=(), svg_path=None) -> None:
    """Provinces in distinct colours, with their seeds and anchors, for tuning seeds.

    ``svg_path``: also keep the picture as SVG (to zoom into a big board)."""
    import colorsys
    import tempfile

    from .svg import num, shape_element

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(geom.width)} {num(geom.height)}" '
        f'width="{num(geom.width)}" height="{num(geom.height)}">',
        f'<rect width="{num(geom.width)}" height="{num(geom.height)}" fill="#fff"/>',
    ]
    for i, pid in enumerate(variant.provinces):
        h = (i * 0.618033988) % 1.0
        kind = variant.provinces[pid].kind
        light = 0.8 if kind == "sea" else 0.6
        r, g, b = colorsys.hls_to_rgb(h, light, 0.55 if kind != "impassable" else 0.05)
        col = f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"
        parts.append(
            shape_element(
                pid, geom.provinces[pid], f' fill="{col}" stroke="#000" stroke-width="0.5"', ""
            )
        )
    for g in (geom.neutral_land, geom.islands):
        if not g.is_empty:
            parts.append(
                shape_element(None, g, ' fill="#999" stroke="#000" stroke-width="0.5"', "")
            )
    for g in geom.coasts.values():
        parts.append(
            shape_element(
                None, g, ' fill="none" stroke="#f0f" stroke-width="1.2" stroke-dasharray="3,2"', ""
            )
        )
    if geom.projector is not None:
        import numpy as np

        lines = []
        lon0, lat0, lon1, lat1 = (int(v // 5 * 5) for v in geom.window)
        step = 5 if lon1 - lon0 <= 120 else 10  # degrees between graticule lines
        for lon in range(lon0, lon1 + 1, step):
            xs, ys = geom.projector.points(np.full(60, float(lon)), np.linspace(lat0, lat1, 60))
            lines.append("M" + " ".join(f"{num(x)},{num(y)}" for x, y in zip(xs, ys, strict=True)))
        for lat in range(lat0, lat1 + 1, step):
            xs, ys = geom.projector.points(np.linspace(lon0, lon1, 120), np.full(120, float(lat)))
            lines.append("M" + " ".join(f"{num(x)},{num(y)}" for x, y in zip(xs, ys, strict=True)))
        parts.append(f'<path d="{"".join(lines)}" fill="none" stroke="#f00" stroke-width="0.3"/>')
    for sp in specials:
        d = "M" + " ".join(f"{num(x)},{num(y)}" for x, y in sp.points)
        parts.append(
            f'<path d="{d}" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="4,2"/>'
        )
    for owner, pts in geom.seeds.items():
        for p in pts:
            parts.append(f'<circle cx="{num(p.x)}" cy="{num(p.y)}" r="1.6" fill="#000"/>')
            parts.append(
                f'<text x="{num(p.x + 2)}" y="{num(p.y - 2)}" font-size="5" fill="#000">{owner}</text>'
            )
    for key, (x, y) in anchors.items():
        if key.startswith("label-"):
            parts.append(
                f'<text x="{num(x)}" y="{num(y + 3.5)}" font-size="10" font-weight="bold" '
                f'text-anchor="middle" fill="#000">{key[6:].upper()}</text>'
            )
        else:
            col = {"unit": "#d00", "dislodged": "#f80", "center": "#00d"}[key.split("-")[0]]
            parts.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="2.5" fill="{col}"/>')
    parts.append("</svg>")
    if svg_path:
        with open(svg_path, "w", encoding="utf-8") as fh:
            fh.write("\n".join(parts))
    if png_path:
        with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as fh:
            fh.write("\n".join(parts))
        svg_to_png(fh.name, png_path, int(geom.width * 1.5))
        os.unlink(fh.name)
