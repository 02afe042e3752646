"""``diplodesk variant playtest VARIANT --games N --years Y --bot random|greedy --seed S``.

Prints the report (text, or ``--json``); the same seed gives the same bytes whatever the
number of workers. On a terminal, stderr shows a progress bar with the time left. Exit 0,
2 for bad input (one line), 1 when some game stopped on a phase the engine could not
play: the report names the game and the phase, and the game replays from the seed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path


class PlaytestCommandError(Exception):
    """Bad input: the one line to print."""


def add_parser(vsub) -> None:
    p = vsub.add_parser("playtest", help="bot games through the engine: centres per power and year, solos, "
                        "eliminations (a hint, not a proof)")
    p.add_argument("name", help="a variant id (see 'variant list') or a variant folder")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--years", type=int, default=20, help="years each game lasts unless won (default 20)")
    p.add_argument("--bot", choices=("random", "greedy"), default="greedy",
                   help="random: any legal order; greedy: the nearest centre not owned (default)")
    p.add_argument("--seed", type=int, default=1, help="the same seed plays the same games (default 1)")
    p.add_argument("--rules", default="", help="rule options on top of the variant's, comma-separated "
                   "(e.g. blind)")
    p.add_argument("--workers", type=int, help="processes to play in (default: one per core)")
    p.add_argument("--json", action="store_true", help="the report as JSON instead of text")
    p.add_argument("-o", "--output", type=Path, help="write the report here (default: print it)")
    p.add_argument("--png", type=Path, help="also draw each power's centre curve to this PNG")
    p.add_argument("--svg", type=Path, help="also draw each power's centre curve to this SVG")


def run(args: argparse.Namespace, write: Callable[[str, Path | None], None]) -> int:
    """``write(text, path)``: the command line's writer (print, or a file)."""
    from .designer.playtest import PlaytestError, PlaytestSpec, load, run_playtest

    rules = tuple(r.strip() for r in args.rules.split(",") if r.strip())
    spec = PlaytestSpec(args.name, games=args.games, years=args.years, bot=args.bot, seed=args.seed,
                        rules=rules, workers=args.workers)
    try:
        load(spec)
    except PlaytestError as e:
        raise PlaytestCommandError(str(e)) from None
    from .variants import say_replaced

    say_replaced(args.name)
    for flag, path, suffix in (("--png", args.png, ".png"), ("--svg", args.svg, ".svg")):
        if path is not None and path.suffix.lower() != suffix:
            raise PlaytestCommandError(f"{flag} {path}: the file name must end in {suffix}")
    for flag, path in (("-o", args.output), ("--png", args.png), ("--svg", args.svg)):
        _check_writable(flag, path)
    bar = _Bar(sys.stderr) if sys.stderr.isatty() else None
    report = run_playtest(spec, progress=bar)
    if bar is not None:
        bar.finish()
    text = json.dumps(report.to_json(), indent=1) + "\n" if args.json else report.to_text()
    write(text, args.output)
    for path in (args.png, args.svg):
        if path is not None:
            from .render.curves import write_curves

            try:
                write_curves(report, path)
            except (OSError, ValueError) as e:  # RenderError is a ValueError naming the file
                raise PlaytestCommandError(str(e)) from None
    if report.errors:
        print(f"diplodesk: {len(report.errors)} games stopped on a phase the engine could not play "
              f"(see the report's last lines)", file=sys.stderr)
        return 1
    return 0


def _check_writable(flag: str, path: Path | None) -> None:
    """Found out before the games are played, not after."""
    if path is None:
        return
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise PlaytestCommandError(f"{flag} {path}: a folder, not a file")
    if not folder.is_dir():
        raise PlaytestCommandError(f"{flag} {path}: no such folder {folder}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise PlaytestCommandError(f"{flag} {path}: not allowed to write there")


class _Bar:
    """A one-line progress bar with the time left, redrawn in place on a terminal."""

    WIDTH = 30

    def __init__(self, stream):
        self.stream = stream
        self.shown = -1
        self.start = time.monotonic()
        self.done = 0

    def __call__(self, done: int, total: int, left: float | None) -> None:
        filled = self.WIDTH * done // total if total else self.WIDTH
        if filled == self.shown and done not in (0, total) and done % 10:
            return
        self.shown = filled
        self.done = done
        from .designer.playtest import clock_text

        eta = "" if left is None or done == 0 else f", {clock_text(left)} left"
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{total} games{eta}  ")
        self.stream.flush()

    def finish(self) -> None:
        spent = time.monotonic() - self.start
        self.stream.write(f"\r{self.done} games in {spent:.1f} s{' ' * (self.WIDTH + 20)}\n")
        self.stream.flush()
