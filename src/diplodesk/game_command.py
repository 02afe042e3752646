"""``diplodesk game``: a game file kept from the command line, for GMs who script their week
and for variants the desktop app does not open yet (Hypereconomic).

    diplodesk game new VARIANT -o GAME.json [--rules blind]
    diplodesk game orders GAME.json POWER [FILE]     one order a line (FILE or standard input)
    diplodesk game play GAME.json                    adjudicate the current phase, save, go on
    diplodesk game status GAME.json
    diplodesk game control GAME.json NATION [PLAYER…] [--new-player]   who plays a nation

Every change is saved atomically (the previous file kept as ``.bak``), as the app saves.
Order lines are checked against the board as they are entered: a line that is no order, or
orders a unit that is not there, is named, nothing is saved and the exit status is 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

MAX_ORDERS_BYTES = 1024 * 1024  # a power's orders for one phase: a few hundred bytes as a rule


class GameCommandError(ValueError):
    """Bad input: one line saying what and where."""


def add_parser(sub) -> None:
    g = sub.add_parser("game", help="a game file from the command line: new, orders, play, status")
    gsub = g.add_subparsers(dest="game_command", parser_class=type(g), required=True)
    n = gsub.add_parser("new", help="start a game of a variant and save it")
    n.add_argument("variant", help="a variant's id or folder (diplodesk variant list)")
    n.add_argument("-o", "--output", type=Path, required=True, help="the game file to write")
    n.add_argument("--rules", default="", help="rule options, separated by commas (e.g. blind)")
    n.add_argument("--force", action="store_true", help="replace the file if it exists")
    o = gsub.add_parser("orders", help="set one power's (or nation's) orders for the current phase")
    o.add_argument("game", type=Path, help="the game file")
    o.add_argument("power", help="the power, nation or bank the orders are for")
    o.add_argument("file", nargs="?", type=Path, help="the orders, one a line (default: standard input)")
    p = gsub.add_parser("play", help="adjudicate the current phase, save the game and go on")
    p.add_argument("game", type=Path, help="the game file")
    s = gsub.add_parser("status", help="the current phase and whose orders are in")
    s.add_argument("game", type=Path, help="the game file")
    c = gsub.add_parser("control", help="who plays a nation (Hypereconomic): several players make it jointly "
                                        "played (I.4), from the current season on")
    c.add_argument("game", type=Path, help="the game file")
    c.add_argument("nation", help="the nation, by its id, name or abbreviation")
    c.add_argument("players", nargs="*", help="every player who plays it from now on (ids such as p07, names, "
                                              "or a nation for its one player; commas or spaces between); "
                                              "none: say who plays it")
    c.add_argument("--new-player", action="store_true",
                   help="a player named who is not in the game yet joins it, with no home nation")


def run(args) -> int:
    from .engine import PositionError, VariantError
    from .engine.game import Game, GameFileError

    try:
        if args.game_command == "new":
            return _new(args, Game)
        game = Game.load(args.game)
        if args.game_command == "orders":
            return _orders(args, game)
        if args.game_command == "play":
            return _play(args, game)
        if args.game_command == "control":
            return _control(args, game)
        return _status(game)
    except (GameFileError, VariantError, PositionError) as e:
        raise GameCommandError(str(e)) from None
    except OSError as e:  # a full disk, a read-only folder: the old file is still whole
        where = args.output if args.game_command == "new" else args.game
        raise GameCommandError(f"{e.filename or where}: cannot write: {e.strerror or e}") from None


def _new(args, Game) -> int:
    from .engine.catalog import load_variant
    from .variants import say_replaced

    if args.output.exists() and not args.force:
        raise GameCommandError(f"{args.output}: exists (--force replaces it)")
    rules = tuple(r.strip() for r in args.rules.split(",") if r.strip())
    game = Game.new(load_variant(args.variant), rules)
    say_replaced(args.variant)
    folder = Path(args.variant)
    if (folder / "variant.toml").is_file():  # a folder, not an installed variant: keep where
        game.settings["variant_folder"] = str(folder.resolve())  # its map is, for render and pack
    game.save(args.output)
    print(f"{args.output}: a new game of {game.variant.name}, {game.current.phase}")
    return 0


def _orders(args, game) -> int:
    names = _order_keys(game)
    key = names.get(args.power.lower())
    if key is None:
        raise GameCommandError(f"{args.power!r} gives no orders in this game "
                               f"(known: {', '.join(sorted(set(names.values())))})")
    source = str(args.file) if args.file else "standard input"
    lines = [line.strip() for line in _read_orders(args.file, source).splitlines() if line.strip()]
    refused = _refused(game, key, lines)
    if refused:
        for r in refused:
            print(f"{source} {r.message()}")
        more = f" (and {len(refused) - 1} more, listed above)" if len(refused) > 1 else ""
        raise GameCommandError(f"{source} {refused[0].message()}{more}: {len(refused)} of {len(lines)} "
                               f"line{'s' if len(lines) != 1 else ''} refused, nothing saved")
    game.set_orders(key, lines)
    game.load_position(game.current.to_json())  # the orders must still make a position
    game.save(args.game)
    print(f"{args.game}: {len(lines)} order{'s' if len(lines) != 1 else ''} for {key} in {game.current.phase}")
    return 0


def _read_orders(path: Path | None, source: str) -> str:
    """The orders' text from a file or standard input, never more than MAX_ORDERS_BYTES (a
    FIFO or device named as the file is refused; ``/dev/zero`` fed in ends at the limit)."""
    from .engine.files import FileReadError, read_bounded

    try:
        if path is not None:
            raw = read_bounded(path, MAX_ORDERS_BYTES)
        elif sys.stdin is None:
            raise GameCommandError("no orders: give a file, or send them on standard input")
        else:
            stream = getattr(sys.stdin, "buffer", None)
            raw = stream.read(MAX_ORDERS_BYTES + 1) if stream is not None else \
                sys.stdin.read(MAX_ORDERS_BYTES + 1).encode("utf-8")
            if len(raw) > MAX_ORDERS_BYTES:
                raise GameCommandError(f"{source}: more than the {MAX_ORDERS_BYTES // 1024} KiB "
                                       "of orders allowed")
    except FileReadError as e:
        raise GameCommandError(f"cannot read the orders: {e}") from None
    except OSError as e:
        raise GameCommandError(f"{source}: cannot read: {e.strerror or e}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise GameCommandError(f"{source}: not UTF-8 text (byte {e.start})") from None


def _refused(game, key: str, lines: list[str]):
    """The lines the engine would not take as orders of ``key``'s units this phase."""
    from .engine import seasons

    if not seasons.is_other(game.variant):
        from .engine.order_check import refusals

        return refusals(game.current, key, lines)
    from dataclasses import replace

    from .document.hyper_preview import preview
    from .engine.order_check import REFUSED, Refusal

    checked = preview(replace(game.current, orders={key: tuple(lines)}))
    if checked.problem:
        raise GameCommandError(f"{key}: {checked.problem}")
    return [Refusal(c.number, lines[c.number - 1], c.reason, c.detail) for c in checked.check(key)
            if not c.ok and c.reason in REFUSED]


def _order_keys(game) -> dict[str, str]:
    """Who may give orders, by id, name or abbreviation: the powers (or nations), and a
    variant's other order-givers (banks), as every command resolves them."""
    from .engine.giver_names import order_givers

    return order_givers(game.current)


def _play(args, game) -> int:
    phase = game.current.phase
    outcome = game.process()
    game.save(args.game)
    result = outcome.to_json() if hasattr(outcome, "to_json") else None
    notices = (result or {}).get("notices", [])
    print(f"{args.game}: {phase} adjudicated; now {game.current.phase}"
          + (f"; won by {game.winner}" if game.winner else ""))
    for n in notices:
        print(f"  note: {n}")
    return 0


def _control(args, game) -> int:
    from .document.nation_control import ControlError, control_command, nation_named, played_by

    if not seasons_game(game):
        raise GameCommandError(f"{args.game}: a {game.variant.name} game's powers have no players to "
                               "share them; use mail players to say who plays which power")
    names = [x for v in args.players for x in v.split(",")]
    try:
        if not any(n.strip() for n in names):
            print(played_by(game.current, nation_named(game.current, args.nation)))
            return 0
        command = control_command(game, args.nation, names, args.new_player)
    except ControlError as e:
        raise GameCommandError(f"{args.game}: {e}") from None
    command.redo()
    game.save(args.game)
    nid = nation_named(game.current, args.nation)
    print(f"{args.game}: from {game.current.phase} on, {played_by(game.current, nid)}")
    return 0


def seasons_game(game) -> bool:
    from .engine import seasons

    return seasons.is_other(game.variant)


def _status(game) -> int:
    pos = game.current
    given = {k: len(v) for k, v in pos.orders.items() if v}
    print(f"{game.variant.name}: {pos.phase}, {len(game.history)} phase(s) played"
          + (f", won by {game.winner}" if game.winner else ""))
    for k in sorted(given):
        print(f"  {k}: {given[k]} order{'s' if given[k] != 1 else ''}")
    return 0
