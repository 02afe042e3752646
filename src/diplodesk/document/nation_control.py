"""Who plays a nation (Hypereconomic I.4, IX.4): the GM makes a nation jointly played, or hands
it to other players, from the season being ordered on.

A nation's players are its ``controllers`` in the position. The change is a GM edit of the
current season's position, so the seasons played keep who played them then, and the papers of
this season already say who plays it. Its orders then need every player's signature, or a
``dg`` delegation (IX.4): the signatures the mail recorded stay as they are, and the engine asks
for a missing one when the season is played. Players are named by their id (``p07``), their
name, or a nation that has one player (``Canada``: Canada's player); with ``new``, an id that is
no player yet adds one, with no home nation, who plays only what they are given.

One model for ``diplodesk game control`` and the desk's Players panel; no Qt.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import seasons
from ..engine.giver_names import UnknownName, giver_named, players_by_name
from ..engine.position import PositionError

NEW_ID = re.compile(r"[a-z][a-z0-9_-]{0,31}")  # a new player's id: p60, or any short word


class ControlError(ValueError):
    """A change of control that cannot be made; one line saying what and why."""


def nation_named(position, name: str) -> str:
    """The nation ``name`` means (its id, name or abbreviation); a bank is no nation."""
    try:
        nation = giver_named(position, name, "nation")
    except UnknownName as e:
        raise ControlError(str(e)) from None
    if nation not in position.nations:
        raise ControlError(f"{name!r} is a bank, not a nation: its controller gives its orders (VI.1)")
    return nation


def players_named(position, names: Sequence[str], new: bool = False) -> tuple[str, ...]:
    """The game's players ``names`` mean, each once."""
    known = players_by_name(position)
    out: list[str] = []
    for name in (n.strip() for n in names):
        if not name:
            continue
        pid = known.get(name.lower()) or _player_of_nation(position, name)
        if pid is None:
            if not (new and NEW_ID.fullmatch(name)):
                hint = ("; a new player's id is a lower-case word such as p60" if new else
                        "; to add a new player to the game, say so (--new-player at the command line)")
                raise ControlError(f"{name!r} is no player of this game (players: {_ids(position)}){hint}")
            pid = name
        if pid in out:
            raise ControlError(f"{name!r}: {pid} is named twice")
        out.append(pid)
    return tuple(out)


def _player_of_nation(position, name: str) -> str | None:
    nation = position.givers_by_name().get(name.lower())
    st = position.nations.get(nation) if nation else None
    if st is None:
        return None
    if len(st.controllers) != 1:
        who = " and ".join(st.controllers) or "nobody"
        raise ControlError(f"{name!r}: {nation} is played by {who}; name the player")
    return st.controllers[0]


def _ids(position) -> str:
    ids = position.player_ids()
    return ", ".join(ids[:6]) + (f", … ({len(ids)} in all)" if len(ids) > 6 else "")


def controlled(position, nation: str, names: Sequence[str], new: bool = False):
    """``position`` with ``nation`` played by the players ``names`` (the whole list): those
    who played it before first, in their order (the first controls a bank it takes, VI.6), then
    the others by id, so the order the GM names them in changes nothing."""
    nid = nation_named(position, nation)
    st = position.nations[nid]
    if st.bank is not None:
        raise ControlError(f"{nid} is owned by the bank {st.bank}: the bank's controller gives its orders (VI.2)")
    players = players_named(position, names, new)
    if not players:
        raise ControlError(f"{nid}: name the player or players who play it")
    order = [c for c in st.controllers if c in players] + sorted(p for p in players if p not in st.controllers)
    if tuple(order) == tuple(st.controllers):
        raise ControlError(f"{nid} is already played by {_joined(order)}")
    data: dict[str, Any] = position.to_json()
    eco = data["economy"]
    known = set(position.player_ids())
    eco["players"] = [*eco["players"], *({"id": p} for p in order if p not in known)]
    eco["nations"][nid]["controllers"] = order
    try:
        return seasons.read_other(data, position.variant)
    except PositionError as e:
        raise ControlError(str(e)) from None


def nation_label(position, nation: str) -> str:
    """``Newfoundland (nfl)``: a nation's name (its own, if formed in play) and id."""
    data = position.pack.nations.get(nation)
    return f"{position.nations[nation].name or (data.name if data is not None else nation)} ({nation})"


def played_by(position, nation: str) -> str:
    """Who plays ``nation``, and what that asks of its orders, for the GM."""
    st = position.nations[nation]
    who = _joined(st.controllers) or "nobody"
    if len(st.controllers) < 2:
        return f"{nation_label(position, nation)} is played by {who}"
    return (f"{nation_label(position, nation)} is played jointly by {who}: its orders need the signature of "
            "each, or a dg delegation made this season (IX.4)")


def _joined(ids: Sequence[str]) -> str:
    ids = list(ids)
    return " and ".join([", ".join(ids[:-1]), ids[-1]]) if len(ids) > 1 else "".join(ids)


@dataclass
class ControlCommand:
    """A change of control as one undoable step (the desk pushes it on its undo stack)."""

    game: Any
    before: Any
    after: Any
    text: str

    def redo(self) -> None:
        self.game.current = self.after

    def undo(self) -> None:
        self.game.current = self.before


def control_command(game, nation: str, names: Sequence[str], new: bool = False) -> ControlCommand:
    """The command that gives ``nation`` to ``names`` in the game's current season."""
    before = game.current
    after = controlled(before, nation, names, new)
    nid = nation_named(before, nation)
    return ControlCommand(game, before, after, f"{nid} played by {_joined(after.nations[nid].controllers)} "
                                               f"from {before.phase}")
