"""``render``, ``report`` and ``pack`` for a variant with an economy (Hypereconomic): the
same commands, given a position or a game file of such a variant (CONTRACTS 2 and 6).

    diplodesk report GAME.json --power fra | --player p01 | --gazette | --power gm
    diplodesk render GAME.json -o world.png [--sheet europe]
    diplodesk pack GAME.json -o DIR              a PDF per player, the gazette, the GM's

Every paper is written from its reader's projection (``engine/hyper/visibility.py``). A
season played is reported from the result the game file recorded; the current phase is
adjudicated as it stands, with the orders given so far, as for the other variants.
"""

from __future__ import annotations

import sys
from typing import Any

from .engine.giver_names import order_givers, players_by_name


class HyperCommandError(ValueError):
    """Bad input: one line saying what and where."""


def result_of(given) -> dict[str, Any]:
    """The season's result: the game file's record of a season played, else the position
    adjudicated as it stands."""
    from .engine import seasons

    if given.result is not None:
        return given.result
    if given.game is not None and given.game.history:
        print(f"diplodesk: note: {given.position.phase} is not adjudicated yet: this is what it would "
              "give with the orders given so far (--phase -2: the last season played)", file=sys.stderr)
    return seasons.process_other(given.position).to_json()


def names_of(pos) -> dict[str, str]:
    return {n.id: f"{n.name} ({n.abbr})" for n in pos.pack.nations.values()}


def report(args, given) -> int:
    from .engine.hyper.papers import papers_for, text

    pos = given.position
    who = "gazette" if args.public or args.gazette else (args.player or args.power or "")
    players = pos.player_ids()
    if args.player and who.lower() not in {p.lower() for p in players}:
        raise HyperCommandError(f"--player: {who!r} is no player here (players: {', '.join(players) or 'none'})")
    who = _nation_names(pos).get(who.lower(), who)  # France, Fran -> fra
    sections = papers_for(result_of(given), pos.to_json(), who, names_of(pos))
    if sections is None:
        known = ", ".join(sorted(pos.nations) + players)
        raise HyperCommandError(f"--power: {who!r} is no nation or player here (known: {known}, gazette, gm)")
    sys.stdout.write(text(sections))
    return 0


def render(args, given) -> int:
    from .render.export import RenderError
    from .render.hyper_export import render_hyper_file

    try:
        render_hyper_file(given.position, args.output, args.width, sheet=args.sheet, power=args.power)
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
    result = result_of(given)
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
