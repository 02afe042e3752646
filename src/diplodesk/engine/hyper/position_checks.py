"""What a Hypereconomic position must hold together, beyond each field's own check: who
controls a nation is a player of the game, and no province holds more units than the
rules allow (III.3, III.9). Read once a position is built (:func:`.position_reader.read_position`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..position import PositionError

if TYPE_CHECKING:
    from .model import HyperPosition


def check(pos: HyperPosition) -> None:
    """PositionError naming the field, for what each field alone could not show."""
    players = set(pos.player_ids())
    for nid in sorted(pos.nations):
        for i, c in enumerate(pos.nations[nid].controllers):
            if c not in players:
                known = ", ".join(sorted(players)) or "none listed"
                raise PositionError(f"economy.nations.{nid}.controllers[{i}]: {c!r} is not a player of the "
                                    f"game (economy.players: {known})")
    c = pos.pack.constants
    units = Counter(u.province for u in pos.units)
    guards = Counter(u.province for u in pos.units if u.type == "N")
    for i, u in enumerate(pos.units):
        if units[u.province] > c.units_per_province:
            raise PositionError(f"units[{i}].at: {u.province} holds {units[u.province]} units; a province "
                                f"holds at most {c.units_per_province} (III.3)")
        if guards[u.province] > c.guards_per_province:
            raise PositionError(f"units[{i}].at: {u.province} holds {guards[u.province]} National Guards; "
                                f"at most {c.guards_per_province} (III.9)")
