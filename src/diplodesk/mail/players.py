"""The players of a game by mail as the GM changes them: add one, remove one, change a
player's name, address, note and powers (or, in a Hypereconomic game, what they play).

One model for the command line (``diplodesk mail players``) and the desk's Players panel.
Every change gives the game file's new ``players``, checked as the file is read
(:meth:`~.roster.Roster.from_json`), so what one refuses the other does. A power or nation
is named as everywhere else (:mod:`diplodesk.engine.giver_names`). In a Hypereconomic game
a player plays the game's players (``p07``); naming a nation means the player who controls
it, and a nation played jointly must be named by its player, or each would get the other's
papers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.giver_names import UnknownName, giver_named, players_by_name
from .roster import Player, Roster, RosterError, field_problem


class PlayersError(ValueError):
    """A change that cannot be made; the message is one line saying what and where."""


def is_season_game(position) -> bool:
    return callable(getattr(position, "player_ids", None))


def playable(position) -> list[str]:
    """What a roster entry's ``powers`` may hold: the powers, or a Hypereconomic game's
    nations and players."""
    if is_season_game(position):
        return sorted(position.nations) + position.player_ids()
    return list(position.variant.power_names)


def roster_of(players: Sequence[dict[str, Any]], position) -> Roster:
    """The game file's players, checked (PlayersError says which and why)."""
    try:
        return Roster.from_json(players, playable(position))
    except RosterError as e:
        raise PlayersError(str(e)) from None


def plays(position, names: Sequence[str]) -> tuple[str, ...]:
    """The powers (or game players) ``names`` mean, in the game's spelling."""
    out: list[str] = []
    for name in (n.strip() for n in names):
        if not name:
            continue
        found = _one(position, name)
        if found in out:
            raise PlayersError(f"{name!r}: {found} is named twice")
        out.append(found)
    return tuple(out)


def _one(position, name: str) -> str:
    if not is_season_game(position):
        try:
            return giver_named(position, name)
        except UnknownName as e:
            raise PlayersError(str(e)) from None
    player = players_by_name(position).get(name.lower())
    if player is not None:
        return player
    try:
        nation = giver_named(position, name, "nation or player")
    except UnknownName as e:
        raise PlayersError(f"{e}; players are p01, p02, …") from None
    st = position.nations.get(nation)
    if st is None:
        raise PlayersError(f"{name!r} is a bank: a player plays the player who controls it, "
                           f"{_bank_owner(position, nation)}")
    if len(st.controllers) != 1:
        who = " and ".join(st.controllers) or "nobody"
        raise PlayersError(f"{name!r}: {nation} is played by {who}; name the player ({who})"
                           if st.controllers else f"{name!r}: {nation} is played by nobody")
    return st.controllers[0]


def _bank_owner(position, bank: str) -> str:
    b = next((b for b in position.banks if b.id == bank), None)
    return b.controller if b is not None and b.controller else "nobody"


def find(roster: Roster, who: str) -> int:
    """The index of the player named ``who`` (their name or address, any case)."""
    key = who.strip().lower()
    hits = [i for i, p in enumerate(roster.players) if key in (p.name.lower(), p.address)]
    if not hits:
        names = ", ".join(p.name for p in roster.players) or "none yet"
        raise PlayersError(f"{who!r} is no player of this game (players: {names})")
    if len(hits) > 1:
        raise PlayersError(f"{who!r} names {len(hits)} players: give the address")
    return hits[0]


def _checked(players: list[Player], position) -> list[dict[str, Any]]:
    data = [p.to_json() for p in players]
    roster_of(data, position)
    return data


def _field(value: str, what: str) -> str:
    problem = field_problem(value, what)
    if problem:
        raise PlayersError(problem)
    return value.strip()


def add(current: Sequence[dict[str, Any]], position, name: str, email: str, powers: Sequence[str] = (),
        note: str = "") -> list[dict[str, Any]]:
    roster = roster_of(current, position)
    new = Player(_field(name, "name"), _field(email, "email"), plays(position, powers), _field(note, "note"))
    if any(p.name.lower() == new.name.lower() for p in roster.players):
        raise PlayersError(f"name: {new.name!r} is already a player's; one name, one player")
    return _checked([*roster.players, new], position)


def remove(current: Sequence[dict[str, Any]], position, who: str) -> list[dict[str, Any]]:
    roster = roster_of(current, position)
    i = find(roster, who)
    return _checked([p for j, p in enumerate(roster.players) if j != i], position)


@dataclass(frozen=True)
class Change:
    """What to change of one player (None: keep it)."""

    name: str | None = None
    email: str | None = None
    powers: Sequence[str] | None = None  # the whole list
    add: Sequence[str] = ()  # powers (or players) to add
    drop: Sequence[str] = ()  # and to take away
    note: str | None = None


def change(current: Sequence[dict[str, Any]], position, who: str, c: Change) -> list[dict[str, Any]]:
    roster = roster_of(current, position)
    i = find(roster, who)
    p = roster.players[i]
    powers = plays(position, c.powers) if c.powers is not None else p.powers
    for x in plays(position, c.add):
        if x in powers:
            raise PlayersError(f"{p.name} already plays {x}")
        powers = (*powers, x)
    for x in plays(position, c.drop):
        if x not in powers:
            raise PlayersError(f"{p.name} does not play {x} (plays: {', '.join(powers) or 'nothing'})")
        powers = tuple(y for y in powers if y != x)
    name = _field(c.name, "name") if c.name is not None else p.name
    if any(j != i and q.name.lower() == name.lower() for j, q in enumerate(roster.players)):
        raise PlayersError(f"name: {name!r} is already a player's; one name, one player")
    new = Player(name, _field(c.email, "email") if c.email is not None else p.email, powers,
                 _field(c.note, "note") if c.note is not None else p.note)
    return _checked([new if j == i else q for j, q in enumerate(roster.players)], position)


def plays_text(position, powers: Sequence[str]) -> str:
    """What a player plays, for the GM: ``p07 (Germany, Holland)`` in a Hypereconomic game."""
    if not is_season_game(position):
        return ", ".join(powers)
    out = []
    for x in powers:
        if x in position.nations:
            out.append(x)
            continue
        held = [n for n, st in sorted(position.nations.items()) if x in st.controllers]
        out.append(f"{x} ({', '.join(held)})" if held else f"{x} (no nation)")
    return ", ".join(out)


def rows(current: Sequence[dict[str, Any]], position) -> list[tuple[str, str, str, str]]:
    """(name, address, plays, note) for each player, as listed."""
    return [(p.name, p.email, plays_text(position, p.powers), p.note)
            for p in roster_of(current, position).players]


def unplayed(current: Sequence[dict[str, Any]], position) -> list[str]:
    """Who gives orders but has no player with an address: their orders cannot come by mail
    (powers, or a Hypereconomic game's players)."""
    roster = roster_of(current, position)
    mailed = Roster(tuple(p for p in roster.players if p.address))
    if not is_season_game(position):
        return mailed.unplayed(position.variant.power_names)
    from .hyper_compose import hyper_players_of

    covered = {pid for p in mailed.players for pid in hyper_players_of(position, p)}
    return [pid for pid in position.player_ids() if pid not in covered]


def shared_seats(current: Sequence[dict[str, Any]], position) -> dict[str, list[str]]:
    """A Hypereconomic game's players (``p05``) that two or more people play: each of them
    gets every paper of it. Sharing one nation is another thing (``game control``, I.4)."""
    if not is_season_game(position):
        return {}
    from .hyper_compose import hyper_players_of

    by: dict[str, list[str]] = {}
    for p in roster_of(current, position).players:
        for pid in hyper_players_of(position, p):
            by.setdefault(pid, []).append(p.name)
    return {pid: names for pid, names in sorted(by.items()) if len(names) > 1}
