"""Conditional retreats and builds: "Build F lon unless Italy takes tun then build A lon".

Two forms are read:
  ``ORDER unless POWER takes PLACE then OTHER``   (OTHER if POWER took PLACE, else ORDER)
  ``if POWER takes PLACE then ORDER [else OTHER]``

"POWER takes PLACE" is judged on what the ordering power knows: with the Blind rule, only
if it sees PLACE now (its homeland, their borders while held, what it owns); otherwise on
the whole board. A power "has taken" a place it owns or stands in. Only retreat and
adjustment orders may be conditional, as in the rules of Blind Diplomacy.
"""

from __future__ import annotations

import re

from ..names import name_table
from ..position import Position
from . import sight

_UNLESS = re.compile(r"^(?P<a>.+?)\s+unless\s+(?P<power>[\w-]+)\s+takes\s+(?P<place>.+?),?\s+then\s+(?P<b>.+)$", re.I)
_IF = re.compile(r"^if\s+(?P<power>[\w-]+)\s+takes\s+(?P<place>.+?),?\s+then\s+(?P<a>.+?)(?:,?\s+else\s+(?P<b>.+))?$", re.I)


class ConditionError(ValueError):
    """A conditional order names a power or place that doesn't exist."""


def is_conditional(text: str) -> bool:
    return bool(_UNLESS.match(text.strip()) or _IF.match(text.strip()))


def choose(position: Position, viewer: str, text: str) -> str | None:
    """The order a conditional text stands for, as ``viewer`` knows the board (or the text
    itself when it is not conditional; None when the chosen branch is empty)."""
    text = text.strip()
    m = _UNLESS.match(text)
    if m:
        return m["b"] if _takes(position, viewer, m["power"], m["place"]) else m["a"]
    m = _IF.match(text)
    if m:
        return m["a"] if _takes(position, viewer, m["power"], m["place"]) else m["b"]
    return text


def _takes(position: Position, viewer: str, power_text: str, place_text: str) -> bool:
    powers = {p.name.lower(): p.name for p in position.variant.powers}
    powers.update({p.adjective.lower(): p.name for p in position.variant.powers})
    power = powers.get(power_text.lower())
    if power is None:
        raise ConditionError(f"unknown power {power_text!r} in a condition")
    loc = name_table(position.board).location(place_text.strip("() "))
    if loc is None or not position.board.is_location(loc):
        raise ConditionError(f"unknown place {place_text!r} in a condition")
    prov = loc.split("/")[0]
    if sight.active(position) and prov not in sight.static_sight(position, viewer):
        return False  # it can't know
    unit = position.units.get(prov)
    return sight.owner(position, prov) == power or (unit is not None and unit.power == power)
