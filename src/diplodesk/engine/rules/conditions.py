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

# The two forms are read word by word, in one pass: patterns with a lazy order and a lazy
# place backtracked for hours on "... unless Italy takes" and a run of spaces. A condition
# is one line: a text with a line break in it is no condition.
_WORD = re.compile(r"\S+")
_POWER = re.compile(r"[\w-]+")


def _words(text: str) -> list[tuple[str, int, int]] | None:
    return None if "\n" in text else [(m.group(0), m.start(), m.end()) for m in _WORD.finditer(text)]


def _less_comma(text: str) -> str:
    """A group before ``,? then`` (or ``,? else``): its comma is the separator's, unless it is
    all the group has."""
    return text[:-1] if len(text) > 1 and text.endswith(",") else text


def _place(text: str, words, at: int) -> tuple[str, int] | None:
    """``PLACE[,] then OTHER`` from word ``at`` on: the place (a word or more) and the index of
    its ``then``, the first one with a word after it."""
    for j in range(at + 1, len(words) - 1):
        if words[j][0].lower() == "then":
            return _less_comma(text[words[at][1]:words[j - 1][2]]), j
    return None


def _unless(text: str) -> dict[str, str] | None:
    """``ORDER unless POWER takes PLACE then OTHER``, as its groups (a, power, place, b)."""
    words = _words(text)
    for i in range(1, len(words) - 3) if words else ():
        if words[i][0].lower() == "unless" and words[i + 2][0].lower() == "takes" \
                and _POWER.fullmatch(words[i + 1][0]):
            found = _place(text, words, i + 3)  # none after this "unless": none after a later one
            if found is None:
                return None
            return {"a": text[:words[i][1]].rstrip(), "power": words[i + 1][0], "place": found[0],
                    "b": text[words[found[1] + 1][1]:]}
    return None


def _if(text: str) -> dict[str, str | None] | None:
    """``if POWER takes PLACE then ORDER [else OTHER]``, as its groups (power, place, a, b)."""
    words = _words(text)
    if not words or len(words) < 5 or words[0][0].lower() != "if" or words[0][2] != 2 \
            or words[2][0].lower() != "takes" or not _POWER.fullmatch(words[1][0]):
        return None
    found = _place(text, words, 3)
    if found is None:
        return None
    first = found[1] + 1
    out = {"power": words[1][0], "place": found[0], "a": text[words[first][1]:], "b": None}
    for k in range(first + 1, len(words) - 1):  # the first " else " with an order after it
        if words[k][0].lower() == "else":
            return out | {"a": _less_comma(text[words[first][1]:words[k - 1][2]]), "b": text[words[k + 1][1]:]}
    return out


class ConditionError(ValueError):
    """A conditional order names a power or place that doesn't exist."""


def is_conditional(text: str) -> bool:
    return bool(_unless(text.strip()) or _if(text.strip()))


def choose(position: Position, viewer: str, text: str) -> str | None:
    """The order a conditional text stands for, as ``viewer`` knows the board (or the text
    itself when it is not conditional; None when the chosen branch is empty)."""
    text = text.strip()
    m = _unless(text)
    if m:
        return m["b"] if _takes(position, viewer, m["power"], m["place"]) else m["a"]
    m = _if(text)
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
