"""Choice units (Woolworth IIA) as the desk shows them while orders are being written.

A choice unit is not yet an army or a fleet: the position lists it in ``choices`` and the
engine reveals it with the first movement orders, by the type (and coast) of the order
given to it (``F stp/sc - bot``). Until then the desk:

- offers the unit's set-ups (the engine's :func:`~diplodesk.engine.options.choice_options`)
  when the GM clicks it, and orders it as the unit chosen (:func:`with_setups`);
- draws a unit whose order already says its type as that type (:func:`tentative`), using
  the engine's own reveal, so the map shows what adjudication will make of it.

Nothing here decides anything the engine would not: the set-ups and the reveal are the
engine's.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.board import COAST_NAMES, UnitType, province_of
from ..engine.options import choice_options
from ..engine.orders import OrderParseError, parse_order
from ..engine.orderset import power_words
from ..engine.phase import PhaseType
from ..engine.position import Position, Unit
from ..engine.rules import choice_units


def setups(position: Position, prov: str) -> list[str]:
    """The ways the choice unit in ``prov`` may be set up: ``A stp``, ``F stp/nc`` ..."""
    if prov not in position.choices:
        return []
    return choice_options(position, prov)


def setup_label(text: str) -> str:
    """``A stp`` -> ``Army``; ``F stp/nc`` -> ``Fleet (north coast)``."""
    kind, _, loc = text.partition(" ")
    if kind == "A":
        return "Army"
    coast = loc.partition("/")[2]
    return f"Fleet ({COAST_NAMES.get(coast, coast)})" if coast else "Fleet"


def setup_unit(position: Position, prov: str, text: str) -> Unit:
    """The unit a set-up makes (ValueError if it is not one of the unit's set-ups)."""
    if text not in setups(position, prov):
        raise ValueError(f"{text!r} is not a set-up of the choice unit in {prov}")
    power, _ = position.choices[prov]
    kind, _, loc = text.partition(" ")
    return Unit(power, UnitType.ARMY if kind == "A" else UnitType.FLEET, loc)


def with_setups(position: Position, chosen: dict[str, str]) -> Position:
    """The position with the choice units in ``chosen`` (prov -> set-up) made those units."""
    if not chosen:
        return position
    units = dict(position.units)
    choices = dict(position.choices)
    for prov, text in chosen.items():
        units[prov] = setup_unit(position, prov, text)
        del choices[prov]
    return replace(position, units=units, choices=choices)


def ordered_choices(position: Position) -> dict[str, tuple[str, str]]:
    """The choice units whose owner's orders already say their type (prov -> choice)."""
    if not position.choices or position.phase.type is not PhaseType.MOVEMENT:
        return {}
    words = power_words(position)
    out = {}
    for prov, (power, at) in position.choices.items():
        for text in position.orders.get(power, ()):
            try:
                order = parse_order(text, position.board, PhaseType.MOVEMENT, words)
            except (OrderParseError, ValueError):
                continue
            if getattr(order, "province", None) == prov and order.unit is not None:
                out[prov] = (power, at)
                break
    return out


def tentative(position: Position) -> Position:
    """The position with each choice unit whose order says its type revealed as the
    engine will reveal it; the others stay choices."""
    known = ordered_choices(position)
    if not known:
        return position
    revealed, _ = choice_units.reveal(replace(position, choices=known))
    rest = {p: c for p, c in position.choices.items() if p not in known}
    return replace(revealed, choices=rest)


def is_choice(position: Position, loc: str | None) -> bool:
    return loc is not None and province_of(loc) in position.choices
