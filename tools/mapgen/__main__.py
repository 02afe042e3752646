"""Command line: ``python -m tools.mapgen BOARD`` writes variants/<variant>/map.svg."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .board import REPO, load_board
from .geodata import GeodataError


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m tools.mapgen", description="Draw a board's map SVG."
    )
    ap.add_argument("board", help="board id: tools/mapgen/boards/<board>.toml")
    ap.add_argument("--out", help="SVG to write (default variants/<variant>/map.svg)")
    ap.add_argument("--png", help="also render the map to this PNG (needs PySide6)")
    ap.add_argument(
        "--preview",
        nargs="?",
        const="",
        metavar="PNG",
        help="also write a small preview PNG, 1000 px wide (default variants/<variant>/map-preview.png)",
    )
    ap.add_argument(
        "--debug-png", help="render provinces in distinct colours with seeds to this PNG"
    )
    ap.add_argument("--debug-svg", help="the same picture as --debug-png, as SVG (to zoom into)")
    ap.add_argument(
        "--freeze",
        action="store_true",
        help="world board only: write the proposed facts into variants/hypereconomic/",
    )
    args = ap.parse_args(argv)
    if args.board == "hypereconomic":  # a board that makes its variant (tools/mapgen/world.py)
        from .freeze import run

        try:
            return run(args.out, args.png, args.debug_png, args.freeze)
        except GeodataError as exc:
            print(exc, file=sys.stderr)
            return 2

    from .anchors import place_anchors
    from .build import build
    from .check import adjacency_diff, format_diff, read_specials, read_svg
    from .specials import special_lines
    from .svg import write_svg

    t0 = time.perf_counter()
    board, variant = load_board(args.board)
    try:
        geom = build(board, variant)
    except GeodataError as exc:
        print(exc, file=sys.stderr)
        return 2
    geom.coast_seas = {
        f"{pid}/{c}": sorted(
            next(iter(pr - {f"{pid}/{c}"}))
            for pr in variant.fleet
            if f"{pid}/{c}" in pr
            and variant.provinces[next(iter(pr - {f"{pid}/{c}"})).split("/")[0]].kind == "sea"
        )
        for pid, p in variant.provinces.items()
        for c in p.coasts
    }
    fs = float(board.style.get("label_font_size", 9))
    anchors = place_anchors(geom, variant, label_size=(fs * 2.1, fs))
    specials = special_lines(geom, variant, board)
    text = write_svg(
        geom,
        variant,
        anchors,
        board.style,
        title=f"diplodesk {board.id} board, drawn by tools/mapgen from Natural Earth data",
        specials=specials,
    )
    out = Path(args.out) if args.out else REPO / "variants" / board.variant_id / "map.svg"
    out.write_text(text, encoding="utf-8", newline="\n")
    t1 = time.perf_counter()
    for note in geom.notes:
        print(f"note: {note}")
    print(f"wrote {out} ({len(text) // 1024} KiB) in {t1 - t0:.1f} s")

    provinces, coasts = read_svg(str(out))
    tol = float(board.geometry.get("border_tolerance", 2.0))
    diff = adjacency_diff(variant, provinces, coasts, board.allow, tol, read_specials(str(out)))
    print(f"adjacency diff (map vs variant, border > {tol} units):")
    print(format_diff(diff))
    if args.png:
        from .render import svg_to_png

        svg_to_png(str(out), args.png, int(geom.width))
    if args.preview is not None:
        from .render import svg_to_png

        preview = args.preview or str(REPO / "variants" / board.variant_id / "map-preview.png")
        svg_to_png(str(out), preview, 1000, palette=True)
        print(f"wrote {preview}")
    if args.debug_png or args.debug_svg:
        from .render import debug_png

        debug_png(geom, variant, anchors, args.debug_png, specials, args.debug_svg)
    return 0 if diff.clean else 1


if __name__ == "__main__":
    sys.exit(main())
