"""``diplodesk variant balance``: a board's balance report, from the board alone.

    diplodesk variant balance VARIANT [--svg PATH] [--png PATH] [--width PIXELS]

VARIANT is a variant id (built-in or the user's) or a variant folder. The report is printed
as text; ``--svg`` and ``--png`` also draw it: the map coloured by the power that reaches
each centre first, contested centres striped, with a key (docs/designers.md).
"""

from __future__ import annotations

from pathlib import Path


class BalanceCommandError(ValueError):
    """Bad input: one line saying what and where."""


def add_parser(vsub) -> None:
    b = vsub.add_parser("balance", help="a board's balance report: who reaches which centre first, "
                        "exposure, neighbours, distances (text; --svg/--png for the picture)")
    b.add_argument("name", help="a variant id (see 'variant list') or a variant folder")
    b.add_argument("--svg", type=Path, metavar="PATH", help="draw the report's map to this SVG file")
    b.add_argument("--png", type=Path, metavar="PATH", help="draw the report's map to this PNG file")
    b.add_argument("--width", type=int, default=1600, help="the picture's width in pixels (default 1600)")


def run(args, writable) -> int:
    """Print the report and draw the pictures asked for; ``writable(path)`` raises the
    command line's BadInput for a file that can't be written."""
    import sys

    from .designer.balance import BalanceError, balance_report
    from .designer.balance_text import report_text
    from .engine import VariantError
    from .variants import load_variant, say_replaced

    pictures = [(p, s) for p, s in ((args.svg, ".svg"), (args.png, ".png")) if p is not None]
    if pictures and not 100 <= args.width <= 20000:
        raise BalanceCommandError(f"--width: {args.width} is not between 100 and 20000 pixels")
    try:
        variant = load_variant(args.name)
        say_replaced(args.name)
        report = balance_report(variant)
    except (VariantError, BalanceError) as e:
        raise BalanceCommandError(f"variant {args.name}: {e}") from None
    for path, _ in pictures:
        writable(path)
    geometry = None
    if pictures:
        from .geometry.shapes import load_map_geometry
        from .geometry.svg_import import MapError

        try:
            geometry = load_map_geometry(variant, ref=args.name)
        except MapError as e:
            raise BalanceCommandError(f"variant {args.name}: cannot draw the report: {e}") from None
    sys.stdout.write(report_text(report))
    if pictures:
        from .render.balance_map import write_balance_map
        from .render.export import RenderError

        for path, suffix in pictures:
            try:
                write_balance_map(variant, geometry, report, path, suffix, args.width)
            except RenderError as e:
                raise BalanceCommandError(str(e)) from None
    return 0
