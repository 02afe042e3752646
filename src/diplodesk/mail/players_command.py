"""``diplodesk mail players GAME [add|remove|set ...]``: the players of a game by mail from
the command line (:mod:`.players` does the work; the game file is saved as the app saves)."""

from __future__ import annotations

import sys

from ..engine.game import Game
from ..engine.plain_text import visible
from .players import Change, PlayersError, add, change, remove, rows, shared_seats, unplayed


def run(game: Game, args, fail) -> int:
    """List the players, or make one change and save the game. ``fail`` raises the command
    line's one-line error."""
    position = game.current
    before = list(game.players)
    try:
        if args.players_command == "add":
            after = add(before, position, args.name, args.email, _split(args.powers), args.note)
            said = f"added {args.name}"
        elif args.players_command == "remove":
            after = remove(before, position, args.who)
            said = f"removed {args.who}"
        elif args.players_command == "set":
            c = Change(args.name, args.email, _split(args.powers) if args.powers is not None else None,
                       _split(args.add_power), _split(args.remove_power), args.note)
            after = change(before, position, args.who, c)
            said = f"changed {args.who}"
        else:
            _list(before, position)
            return 0
    except PlayersError as e:
        fail(f"{args.game}: {e}")
    game.players = after
    try:
        game.save(args.game)
    except OSError as e:
        fail(f"{args.game}: cannot write: {e.strerror or e}")
    print(f"{args.game}: {visible(said)}")
    _list(after, position)
    _note_shared(before, after, position, args.game)
    return 0


def _note_shared(before, after, position, game) -> None:
    """Say so when a change makes two people play one of the game's players: a GM who meant
    them to share one nation wants ``game control`` instead."""
    was = shared_seats(before, position)
    for pid, names in shared_seats(after, position).items():
        if pid not in was:
            held = ", ".join(n for n, st in sorted(position.nations.items()) if pid in st.controllers) or "nothing"
            print(visible(f"note: {' and '.join(names)} each play {pid} and get all its papers ({held}); to "
                          f"share one nation instead: diplodesk game control {game} NATION PLAYER,PLAYER"))


def _split(values) -> list[str]:
    """Powers given as words or comma lists (``fra mor`` or ``fra,mor``)."""
    if values is None:
        return []
    if isinstance(values, str):
        values = [values]
    return [x.strip() for v in values for x in v.split(",") if x.strip()]


def _list(players, position) -> None:
    try:
        table = rows(players, position)
        free = unplayed(players, position)
    except PlayersError as e:
        print(f"the players cannot be used: {e}", file=sys.stderr)
        return
    if not table:
        print("no players yet (mail players GAME add NAME ADDRESS POWER…)")
    width = max((len(r[0]) for r in table), default=0)
    wide = max((len(r[1]) for r in table), default=0)
    for name, email, plays, note in table:
        print(visible(f"{name:<{width}}  {email or '(no address)':<{wide}}  {plays or '(plays nothing)'}"
                      + (f"  — {note}" if note else "")))
    if free:
        print(f"no player with an address yet for: {', '.join(free)}")
