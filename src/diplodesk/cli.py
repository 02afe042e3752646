"""``diplodesk``: no argument opens the app; subcommands work headless (CONTRACTS 2).

Exit status 0 on success, 2 on bad input with one line on stderr naming the file, the
field or order and what is wrong; never a traceback for bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

MAX_POSITION_BYTES = 16 * 1024 * 1024
SUBCOMMANDS = ("adjudicate", "variant", "render", "report", "assign", "pack", "map-editor", "mail", "game",
               "tables")


class BadInput(Exception):
    """Bad input: the message is the one line to print."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2 (argparse prints usage too)
        raise BadInput(f"{self.prog}: {message} (see --help)")


def _build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="diplodesk", description="Diplomacy map editor and adjudicator. "
                "With no command, or with a game file, it opens the desktop app.")
    p.add_argument("--version", action="version", version=f"diplodesk {_version()}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    sub.add_parser("map-editor", help="the map editor on its own: map-editor [VARIANT] [--select P] [--grab PNG]")
    a = sub.add_parser("adjudicate", help="adjudicate a position (JSON) and print the result")
    _position_arguments(a)
    a.add_argument("-o", "--output", type=Path, help="write the result JSON here (default: print it)")
    a.add_argument("--explain", action="store_true", help="add each order's reasoning (its strengths and rules)")

    v = sub.add_parser("variant", help="list, export, check, import, weigh the balance of or playtest variants")
    vsub = v.add_subparsers(dest="variant_command", parser_class=_Parser, required=True)
    vsub.add_parser("list", help="the built-in and user variants")
    e = vsub.add_parser("export", help="a variant's board as JSON")
    e.add_argument("name", help="a variant id (see 'variant list') or a variant folder")
    e.add_argument("-o", "--output", type=Path, help="write the JSON here (default: print it)")
    from .check_command import add_parser as add_check

    add_check(vsub)
    im = vsub.add_parser("import", help="import a jDip variant (folder or zip) into your variants")
    im.add_argument("path", type=Path, help="the jDip variant: its folder or its .zip")
    im.add_argument("--variant", help="which variant of the file (default: its default one)")
    im.add_argument("--id", help="the new variant's id (default: from its name)")
    im.add_argument("--allow-unsupported", action="store_true",
                    help="import even when it uses what diplodesk cannot play, leaving that out")
    im.add_argument("--force", action="store_true", help="replace a variant of the same id")
    from .balance_command import add_parser as add_balance

    add_balance(vsub)
    from .playtest_command import add_parser as add_playtest

    add_playtest(vsub)

    r = sub.add_parser("render", help="draw a position to PNG, SVG or PDF")
    _position_arguments(r, played=True)
    r.add_argument("-o", "--output", type=Path, required=True, help="the image: .png, .svg or .pdf")
    r.add_argument("--power", help="draw the board as this power sees it (Blind: only what it may know)")
    r.add_argument("--width", type=int, default=2000, help="image width in pixels, 100 to 20000 (default 2000)")
    r.add_argument("--palette", choices=("default", "colorblind"), default="default",
                   help="the powers' colours (default: default)")
    r.add_argument("--sheet", help="a regional sheet of a world map (the variant's [sheets], e.g. europe), "
                   "not the whole map")

    rep = sub.add_parser("report", help="a power's adjudication report as text, or the public one "
                         "(Hypereconomic: a nation's statement, a player's, the gazette; --power gm the GM's)")
    _position_arguments(rep, played=True)
    who = rep.add_mutually_exclusive_group(required=True)
    who.add_argument("--power", help="the power whose report to print (any case)")
    who.add_argument("--public", action="store_true", help="the public adjudication (Blind: no orders)")
    who.add_argument("--player", help="Hypereconomic: a player's papers, all the nations they control (any case)")
    who.add_argument("--gazette", action="store_true", help="Hypereconomic: the public gazette of the season")

    pk = sub.add_parser("pack", help="print packs: one PDF per power (map, orders, report) and the GM's; "
                        "Hypereconomic: one per player (maps, statements), the gazette and the GM's")
    _position_arguments(pk, played=True)
    pk.add_argument("-o", "--output", type=Path, required=True, help="folder for the PDFs")
    pk.add_argument("--power", action="append", help="only this power (Hypereconomic: this player, or the "
                    "players of this nation; repeatable)")
    pk.add_argument("--page", default="A4", choices=("A4", "A3", "Letter", "Legal"), help="paper size (default A4)")
    pk.add_argument("--portrait", action="store_true", help="portrait pages (default: landscape)")

    asg = sub.add_parser("assign", help="deal public and secret powers from players' preference lists")
    asg.add_argument("preferences", type=Path, help='JSON: {"Alice": ["England", "Spain", ...], ...}')
    asg.add_argument("--variant", default="woolworth2a", help="whose powers to deal (default woolworth2a)")
    asg.add_argument("--seed", type=int, help="seed for the lots (a new one is drawn and printed if left out)")
    asg.add_argument("-o", "--output", type=Path, help="write the deal JSON here (default: print it)")

    from .game_command import add_parser as add_game
    from .mail.usage import add_parser as add_mail
    from .tables_command import add_parser as add_tables

    add_mail(sub)
    add_game(sub)
    add_tables(sub)
    return p


def _position_arguments(parser: argparse.ArgumentParser, played: bool = False) -> None:
    """The position argument; ``played``: a game file's last adjudicated phase by default."""
    which = "its last adjudicated phase" if played else "its current phase"
    parser.add_argument("position", type=Path,
                        help=f"a position (JSON) or a game file the app saved ({which})")
    parser.add_argument("--phase", help="with a game file, another phase: its name (S1902M) or its "
                        "index (0 the first, -1 the current)")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("diplodesk")
    except PackageNotFoundError:
        return "(not installed)"


def read_json(path: Path) -> Any:
    """A JSON file's content, or BadInput naming the file and what is wrong with it."""
    from .engine.game import GameFileError, read_json_file

    try:
        return read_json_file(path, MAX_POSITION_BYTES)
    except GameFileError as e:
        raise BadInput(str(e)) from None


def read_position(path: Path, phase: str | None = None):
    """A position file's JSON and the Position it describes (or a game file's current phase,
    or the one ``phase`` names), or BadInput."""
    given = _read_input(path, phase)
    return given.data, given.position


def read_given(args, played: bool = False):
    """The position a command is given (``args.position``: a position file, or a game
    file's phase ``args.phase``; without it, with ``played``, the last adjudicated one), or
    BadInput. A position without units is worked on all the same, but the user is told."""
    given = _read_input(args.position, args.phase, played)
    if given.game is None:  # a position names its variant by id (a game file carries its own)
        from .variants import say_replaced

        say_replaced(given.data.get("variant", "standard") if isinstance(given.data, dict) else None)
    if (not given.position.units and not getattr(given.position, "dislodged", None)
            and given.position.variant.engine == "standard"):  # an economy starts with none
        print(f"diplodesk: {args.position}: note: {given.position.phase} has no units on the board",
              file=sys.stderr)
    return given


def _read_input(path: Path, phase: str | None, played: bool = False):
    from .engine.saved_input import InputError, read_input

    try:
        return read_input(path, phase, played)
    except InputError as e:
        raise BadInput(str(e)) from None


def power_named(position, name: str) -> str:
    """The power a --power argument names (its name, adjective or abbreviation, any case:
    engine/giver_names.py, as every command resolves them), or BadInput listing the powers."""
    from .engine.giver_names import UnknownName, giver_named

    try:
        return giver_named(position, name)
    except UnknownName as e:
        raise BadInput(f"--power: {e}") from None


def _write(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    from .engine.files import write_output

    try:
        write_output(output, text.encode("utf-8"))
    except OSError as e:
        raise BadInput(f"{output}: cannot write: {e.strerror or e}") from None


def writable(path: Path, folder: bool = False) -> None:
    """BadInput unless a file can be written at ``path`` (or into the folder ``path``), found
    out before drawing starts so Qt never gets to print its own warnings first."""
    import tempfile

    where = path if folder else path.parent
    try:
        if folder:
            path.mkdir(parents=True, exist_ok=True)
        elif path.is_dir():
            raise BadInput(f"{path}: cannot write: is a folder")
        elif path.exists() and not os.access(path, os.W_OK):
            raise BadInput(f"{path}: cannot write: permission denied")
        fd, probe = tempfile.mkstemp(prefix=".diplodesk-probe-", dir=where)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise BadInput(f"{path}: cannot write: {e.strerror or e}") from None


def cmd_adjudicate(args) -> int:
    from .engine import PositionError, adjudicate, adjudicate_position

    given = read_given(args)
    try:
        if given.game is None:  # a position file: as CONTRACTS 1 adjudicates it
            result = adjudicate(given.data, explain=args.explain)
        else:  # a game's phase, read with the game's own copy of its variant
            result = adjudicate_position(given.position, explain=args.explain)
    except PositionError as e:
        raise BadInput(f"{args.position}: {e}") from None
    except RecursionError:
        raise BadInput(f"{args.position}: the position is too large to adjudicate") from None
    _write(json.dumps(result, indent=1) + "\n", args.output)
    return 0


def cmd_variant(args) -> int:
    from .engine import VariantError
    from .variants import list_variants, load_variant, say_replaced

    if args.variant_command == "import":
        from .document.jdip_import import JdipImportError, import_jdip_variant, summary

        try:
            imp = import_jdip_variant(args.path, name=args.variant, variant_id=args.id,
                                      allow_unsupported=args.allow_unsupported, overwrite=args.force)
        except JdipImportError as e:
            raise BadInput(str(e)) from None
        print(summary(imp))
        return 0
    if args.variant_command == "balance":
        from .balance_command import BalanceCommandError, run

        try:
            return run(args, writable)
        except BalanceCommandError as e:
            raise BadInput(str(e)) from None
    if args.variant_command == "check":
        from .check_command import CheckCommandError, run

        try:
            return run(args)
        except CheckCommandError as e:
            raise BadInput(str(e)) from None
    if args.variant_command == "playtest":
        from .playtest_command import PlaytestCommandError, run

        try:
            return run(args, _write)
        except PlaytestCommandError as e:
            raise BadInput(str(e)) from None
    if args.variant_command == "list":
        for info in list_variants():
            if info.replaces is not None:  # both, and which is used
                print(f"{info.id}\t{info.replaces.name}\tbuilt-in\tnot used: replaced by {info.path}")
            where = "built-in" if info.builtin else str(info.path)
            why = f": {info.problem}" if info.problem else ""
            used = "\tused instead of the built-in variant" if info.replaces is not None else ""
            print(f"{info.id}\t{info.name}\t{where}" + ("" if info.playable else f"\tnot playable{why}") + used)
        return 0
    try:
        variant = load_variant(args.name)
        say_replaced(args.name)
    except VariantError as e:
        raise BadInput(f"variant {args.name}: {e}") from None
    _write(json.dumps(variant.to_export(), indent=1) + "\n", args.output)
    return 0


def cmd_render(args) -> int:
    given = read_given(args, played=True)
    position = given.position
    if args.power:
        args.power = power_named(position, args.power)
    if args.output.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise BadInput(f"{args.output}: the output must end in .png, .svg or .pdf")
    if not 100 <= args.width <= 20000:
        raise BadInput(f"--width: {args.width} is not between 100 and 20000 pixels")
    writable(args.output)
    if given.unplayed:  # drawn as orders, never as results
        print(f"diplodesk: {args.position}: note: {position.phase} has not been adjudicated: "
              "drawn with the orders given so far, not results", file=sys.stderr)
    if _other_engine(given):
        return _hyper("render", args, given)
    if args.sheet is not None:
        raise BadInput(f"--sheet: variant {position.variant.id!r} is not drawn by sheets "
                       f"(its sheets: {', '.join(position.variant.sheets) or 'none'})")
    try:
        from .render.export import RenderError, render_file
        from .render.options import RenderOptions
    except ImportError as e:
        raise BadInput(f"render: drawing is not available here ({e})") from None
    # a phase not yet played is marked so on the picture itself, not only here on stderr
    opts = RenderOptions(palette=args.palette, note="orders given so far, not adjudicated" if given.unplayed else "")
    try:
        render_file(given.data if given.game is None else position, args.output, power=args.power,
                    width=args.width, palette=args.palette, results=given.result, options=opts)
    except RenderError as e:
        raise BadInput(f"{args.position}: {e}") from None
    except OSError as e:
        raise BadInput(f"{args.output}: cannot write: {e.strerror or e}") from None
    return 0


def cmd_report(args) -> int:
    from .engine.plain_text import visible_lines
    from .engine.reports import orders_so_far, power_report

    given = read_given(args, played=True)
    if _other_engine(given):
        return _hyper("report", args, given)
    position = given.position
    if args.player or args.gazette:
        flag = "--player" if args.player else "--gazette"
        raise BadInput(f"{flag}: only for variants with an economy (Hypereconomic); use --power or --public")
    if given.unplayed:  # no results to report: the power's orders so far, marked so, or nothing
        if args.public:
            raise BadInput(given.not_played(str(args.position), "public report"))
        sys.stdout.write(visible_lines(orders_so_far(position, power_named(position, args.power))))
        return 0
    if args.public:
        from .engine.reports import public_report

        sys.stdout.write(visible_lines(public_report(position)))
        return 0
    # an order's text is the game file's: ESC, BEL or a bidi override are shown, never sent
    sys.stdout.write(visible_lines(power_report(position, power_named(position, args.power))))
    return 0


def _other_engine(given) -> bool:
    """A variant with a season engine of its own (CONTRACTS 6): hyper_command.py's."""
    from .engine import seasons

    return seasons.is_other(given.position.variant)


def _hyper(command: str, args, given) -> int:
    from . import hyper_command

    try:
        return getattr(hyper_command, command)(args, given)
    except hyper_command.HyperCommandError as e:
        raise BadInput(str(e)) from None


def cmd_pack(args) -> int:
    given = read_given(args, played=True)
    if given.unplayed:  # a pack is what players are sent: never of a turn that did not happen
        raise BadInput(given.not_played(str(args.position), "pack"))
    if _other_engine(given):
        writable(args.output, folder=True)
        return _hyper("pack", args, given)
    position = given.position
    powers = [power_named(position, p) for p in args.power or []]
    writable(args.output, folder=True)
    try:
        from .render.export import RenderError
        from .render.pack import PackOptions, all_packs
    except ImportError as e:
        raise BadInput(f"pack: drawing is not available here ({e})") from None

    def progress(done: int, total: int, what: str) -> bool:
        print(f"[{done}/{total}] {what}", file=sys.stderr)
        return True

    try:
        made = all_packs(given.data if given.game is None else position, args.output,
                         PackOptions(args.page, not args.portrait), progress, powers or None)
    except RenderError as e:
        raise BadInput(f"{args.position}: {e}") from None
    except OSError as e:
        raise BadInput(f"{args.output}: {e.strerror or e}") from None
    for path in made:
        print(path)
    return 0


def cmd_assign(args) -> int:
    import secrets

    from .engine import VariantError
    from .engine.rules.secret_powers import AssignmentError, assign_powers
    from .variants import load_variant, say_replaced

    data = read_json(args.preferences)
    if isinstance(data, dict) and "players" in data and isinstance(data["players"], dict):
        data = data["players"]
    if not isinstance(data, dict) or not all(
            isinstance(v, list) and all(isinstance(x, str) for x in v) for v in data.values()):
        raise BadInput(f"{args.preferences}: expected an object of player -> list of powers in order of preference")
    try:
        variant = load_variant(args.variant)
    except VariantError as e:
        raise BadInput(f"variant {args.variant}: {e}") from None
    say_replaced(args.variant)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        deal, steps = assign_powers(data, variant.power_names, seed)
    except AssignmentError as e:
        raise BadInput(f"{args.preferences}: {e}") from None
    out = {
        "seed": seed,
        "players": deal,
        "draws": [{"round": d.round, "power": d.power, "candidates": list(d.candidates), "winner": d.winner}
                  for d in steps],
    }
    _write(json.dumps(out, indent=1) + "\n", args.output)
    return 0


def cmd_mail(args) -> int:
    from .mail.command import MailCommandError, run

    try:
        return run(args)
    except MailCommandError as e:
        raise BadInput(str(e)) from None


def _run_gui(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else None
    if path is not None:
        try:
            mode = path.stat().st_mode
        except (OSError, ValueError):  # missing, a name too long, or with a NUL
            raise BadInput(f"{path}: no such file") from None
        if not stat.S_ISREG(mode):
            raise BadInput(f"{path}: not a game file (a folder, device or FIFO)")
    try:
        from .gui.app import run
    except ImportError as e:
        raise BadInput(f"the desktop app cannot start here: {e}") from None
    return run(path)


def _run_map_editor(argv: list[str]) -> int:
    """The map editor on its own (``diplodesk map-editor [VARIANT] [--grab PNG]``); a game it
    starts ("Play this variant") opens in a main window."""
    try:
        from .gui.editor.launch import main as editor_main
        from .gui.game_windows import set_game_window_factory
        from .gui.main_window import MainWindow
    except ImportError as e:
        raise BadInput(f"the map editor cannot start here: {e}") from None
    set_game_window_factory(MainWindow)
    return editor_main(argv)


def cmd_game(args) -> int:
    from .game_command import GameCommandError, run

    try:
        return run(args)
    except GameCommandError as e:
        raise BadInput(str(e)) from None


def cmd_tables(args) -> int:
    from .tables_command import TablesCommandError, run

    try:
        return run(args)
    except TablesCommandError as e:
        raise BadInput(str(e)) from None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if argv and argv[0] == "map-editor":
            return _run_map_editor(argv[1:])
        if not argv or (argv[0] not in SUBCOMMANDS and not argv[0].startswith("-")):
            return _run_gui(argv)
        args = _build_parser().parse_args(argv)
        handler = {
            "adjudicate": cmd_adjudicate,
            "variant": cmd_variant,
            "render": cmd_render,
            "report": cmd_report,
            "assign": cmd_assign,
            "pack": cmd_pack,
            "mail": cmd_mail,
            "game": cmd_game,
            "tables": cmd_tables,
        }[args.command]
        return handler(args)
    except BadInput as e:
        from .engine.plain_text import visible
        from .engine.saved_input import short

        line = visible(short(str(e), 400))  # a name or file name may hold ESC or a bidi override
        print(line if line.startswith("diplodesk") else f"diplodesk: {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
