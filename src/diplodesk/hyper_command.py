"""``render``, ``report`` and ``pack`` for a variant with an economy (Hypereconomic): the
same commands, given a position or a game file of such a variant (CONTRACTS 2 and 6).

    diplodesk report GAME.json --power fra | --player p01 | --gazette | --power gm
    diplodesk render GAME.json -o world.png [--sheet europe]
    diplodesk pack GAME.json -o DIR              a PDF per player, the gazette, the GM's

Every paper is written from its reader's projection (``engine/hyper/visibility.py``). On a
game file they take the last season played, reported from the result the game file
recorded, and its map is the board that season left. A season nobody has played has no
papers: a nation's or a player's report of it lists the orders given so far, marked so, and
the gazette, the GM's sheet and the packs are refused. A position file is adjudicated as it
stands.
"""

from __future__ import annotations

import sys
from typing import Any

from .engine.giver_names import order_givers, players_by_name


class HyperCommandError(ValueError):
    """Bad input: one line saying what and where."""


def result_of(given, source: str, what: str) -> dict[str, Any]:
    """The season's result: the game file's record of a season played, or a position file's
    position adjudicated as it stands; a game's season not played is refused."""
    from .engine import seasons

    if given.result is not None:
        return given.result
    if given.unplayed:
        raise HyperCommandError(given.not_played(source, what))
    return seasons.process_other(given.position).to_json()


def names_of(pos):
    """The names the papers read (engine/hyper/shown_names.py)."""
    from .engine.hyper.shown_names import ShownNames

    return ShownNames.of(pos)


def report(args, given) -> int:
    from .engine.hyper.papers import papers_for, text
    from .engine.plain_text import visible_lines

    pos = given.position
    who = "gazette" if args.public or args.gazette else (args.player or args.power or "")
    players = pos.player_ids()
    if args.player and who.lower() not in {p.lower() for p in players}:
        raise HyperCommandError(f"--player: {who!r} is no player here (players: {', '.join(players) or 'none'})")
    who = _nation_names(pos).get(who.lower(), who)  # France, Fran -> fra
    if given.unplayed and (who in pos.orders or who in pos.nations or who in players):
        sys.stdout.write(visible_lines(_orders_so_far(pos, who)))
        return 0
    sections = papers_for(result_of(given, str(args.position), "report"), pos.to_json(), who, names_of(pos))
    if sections is None:
        known = ", ".join(sorted(pos.nations) + players)
        raise HyperCommandError(f"--power: {who!r} is no nation or player here (known: {known}, gazette, gm)")
    sys.stdout.write(visible_lines(text(sections)))  # orders as the game file holds them
    return 0


def _orders_so_far(pos, who: str) -> str:
    """The orders given so far by a nation (or bank), or by each of a player's nations, in a
    season not yet adjudicated, headed so that nobody takes them for results."""
    from .engine.hyper.report import season_name

    givers = [who] if who in pos.orders or who in pos.nations else sorted(
        n for n, st in pos.nations.items() if who in st.controllers)
    names = names_of(pos)
    lines = [f"{season_name(str(pos.phase))}: orders given so far for {names.titled(who)}",
             "NOT ADJUDICATED: these are orders, not results"]
    for g in givers:
        texts = [t for t in pos.orders.get(g, ()) if t.strip()]
        lines += ["", f"{names.titled(g)}:", *([f"  {t}" for t in texts] or ["  (no orders yet)"])]
    return "\n".join(lines) + "\n"


def render(args, given) -> int:
    from .engine import PositionError, seasons
    from .render.export import RenderError
    from .render.hyper_export import render_hyper_file

    shown = given.position
    if given.result is not None and isinstance(given.result.get("next"), dict):  # the board it left
        try:
            shown = seasons.read_other(given.result["next"], shown.variant)
        except PositionError as e:
            raise HyperCommandError(f"{args.position}: the season's next position: {e}") from None
    try:
        render_hyper_file(shown, args.output, args.width, sheet=args.sheet, power=args.power)
    except RenderError as e:
        raise HyperCommandError(f"{args.position}: {e}") from None
    return 0


def pack(args, given) -> int:
    from .engine import PositionError, seasons
    from .geometry.shapes import load_map_geometry
    from .geometry.svg_import import MapError
    from .render.export import RenderError
    from .render.hyper_export import HyperDrawer
    from .render.hyper_pack import HyperPackOptions, columns, hyper_packs, lines_per_page
    from .render.hyper_pages import plan_for

    pos = given.position
    chosen = _players(pos, args.power)
    o = HyperPackOptions(args.page, not args.portrait)
    result = result_of(given, str(args.position), "pack")
    try:
        after = seasons.read_other(result["next"], pos.variant)
    except PositionError as e:
        raise HyperCommandError(f"{args.position}: the season's next position: {e}") from None
    try:
        geometry = load_map_geometry(pos.variant, ref=pos.variant_ref or None)
    except MapError as e:
        print(f"diplodesk: {args.position}: note: packs without maps ({e})", file=sys.stderr)
        geometry = None

    def progress(done: int, total: int, what: str) -> bool:
        print(f"[{done}/{total}] {what}", file=sys.stderr)
        return True

    try:
        plan = plan_for(pos.variant, geometry, lines_per_page(o), columns(o))
        draw = HyperDrawer(after, geometry, text_labels=True) if geometry is not None else None
        made = hyper_packs(result, pos.to_json(), plan, args.output, f"{pos.variant.id}-{pos.phase}", draw, o,
                           progress, chosen, names_of(pos))
    except RenderError as e:
        raise HyperCommandError(f"{args.position}: {e}") from None
    except OSError as e:
        raise HyperCommandError(f"{args.output}: {e.strerror or e}") from None
    for path in made:
        print(path)
    return 0


def _players(pos, named: list[str] | None) -> list[str] | None:
    """The players ``--power`` names (a player, or a nation: its players), or None for all."""
    if not named:
        return None
    players = players_by_name(pos)
    nations = _nation_names(pos)
    out: list[str] = []
    for name in named:
        key = name.lower()
        nation = nations.get(key) if nations.get(key) in pos.nations else None
        if key in players:
            out.append(players[key])
        elif nation is not None:
            out += list(pos.nations[nation].controllers)
        else:
            raise HyperCommandError(f"--power: {name!r} is no player or nation here "
                                    f"(players: {', '.join(pos.player_ids())})")
    return sorted(set(out))


def _nation_names(pos) -> dict[str, str]:
    """A nation, bank or player by its id, name or abbreviation (any case) -> its id, as every
    command resolves them (engine/giver_names.py)."""
    return players_by_name(pos) | order_givers(pos)
