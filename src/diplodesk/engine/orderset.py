"""From order texts to one order per unit: parsing, ownership, duplicates.

Shared by the three phase types. Each text becomes either an entry for a unit, or a
result line saying why it is not one (unparsable, no such unit, not your unit).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .orders import AnyOrder, OrderParseError, Waive, format_order, parse_order
from .outcome import OrderResult, Status
from .phase import PhaseType
from .position import Position

# A rule that lets a text stand for another order, judged by its writer: (position, power,
# text) -> the order meant, or None for none; ValueError for a text it cannot read.
# Conditional retreats and builds are one (rules/conditions.py); the season engine hands
# them in, so reading orders knows no rule.
TextRule = Callable[[Position, str, str], "str | None"]


@dataclass(slots=True)
class Given:
    """An order as given: who wrote it, the text, and the parsed order."""

    power: str
    text: str
    order: AnyOrder


def power_words(position: Position) -> dict[str, str]:
    """Power names and adjectives -> power name; one dict per board, so parses cache well."""
    cache = position.board._cache
    key = ("power_words", position.variant.power_names)
    words = cache.get(key)
    if words is None:
        words = {}
        for p in position.variant.powers:
            words[p.name] = p.name
            words[p.adjective] = p.name
        cache[key] = words
    return words


def parse_all(position: Position, phase: PhaseType, meaning: TextRule | None = None
              ) -> tuple[list[Given], list[OrderResult]]:
    """Parse every order text; bad ones become result lines at once. ``meaning``: the
    rule that reads a text as another order first (retreat and adjustment phases only)."""
    given: list[Given] = []
    bad: list[OrderResult] = []
    words = power_words(position)
    conditional = meaning is not None and phase is not PhaseType.MOVEMENT
    board = position.board
    for power, texts in position.orders.items():
        for text in texts:
            if not conditional:
                # the common case, kept short: a cached parse
                try:
                    given.append(Given(power, text, parse_order(text, board, phase, words)))
                except OrderParseError as e:
                    if text.strip():
                        bad.append(OrderResult(power, text, None, Status.INVALID, "unparsable", str(e)))
                continue
            if not text.strip():
                continue
            wanted = text
            if conditional:
                try:
                    wanted = meaning(position, power, text)
                except ValueError as e:
                    bad.append(OrderResult(power, text, None, Status.INVALID, "unparsable", str(e)))
                    continue
                if wanted is None:
                    continue
            try:
                order = parse_order(wanted, position.board, phase, words)
            except OrderParseError as e:
                bad.append(OrderResult(power, text, None, Status.INVALID, "unparsable", str(e)))
                continue
            given.append(Given(power, text, order))
    return given, bad


def assign_to_units(
    given: list[Given], units: dict, results: list[OrderResult]
) -> tuple[dict[str, Given], set[str]]:
    """One order per unit (by province); DATC 4.D.3: several orders to one unit -> it holds."""
    chosen: dict[str, Given] = {}
    doubled: dict[str, list[Given]] = {}
    for g in given:
        order = g.order
        if type(order) is Waive:
            results.append(OrderResult(g.power, g.text, "Waive", Status.INVALID, "wrong phase"))
            continue
        prov = order.loc.partition("/")[0]
        unit = units.get(prov)
        if unit is None:
            results.append(
                OrderResult(g.power, g.text, format_order(order), Status.INVALID, "no such unit",
                            f"there is no unit in {prov}", prov)
            )
            continue
        if unit.power != g.power:
            results.append(
                OrderResult(g.power, g.text, format_order(order), Status.INVALID, "not your unit",
                            f"the unit in {prov} belongs to {unit.power}", prov)
            )
            continue
        if prov in doubled:
            doubled[prov].append(g)
        elif prov in chosen:
            doubled[prov] = [chosen.pop(prov), g]
        else:
            chosen[prov] = g
    several = set(doubled)
    for prov, gs in doubled.items():
        for g in gs:
            results.append(
                OrderResult(g.power, g.text, format_order(g.order), Status.INVALID,
                            "several orders", f"{len(gs)} orders for the unit in {prov}; it holds", prov)
            )
    return chosen, several
