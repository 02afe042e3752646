"""Who gives orders, by any name a GM types: one resolver for every kind of game.

A power of a standard board is named by its name (``England``), its adjective (``English``)
or its abbreviation, the start of its name of three letters or more that no other power's
name or adjective shares (``Eng``, ``Engl``). A Hypereconomic nation or bank is named by its
id, its name or its abbreviation, and whatever else its board knows it by
(``HyperPosition.givers_by_name``); its players by their id or name. Any case. ``game
orders``, ``report --power``, ``pack --power`` and ``mail players`` all resolve here, so a
name one of them takes every other takes too.
"""

from __future__ import annotations

MIN_ABBREVIATION = 3


class UnknownName(ValueError):
    """A name that is no power, nation, bank or player here; the message lists the known."""


def order_givers(position) -> dict[str, str]:
    """Every name of whoever gives orders (lower case) -> their id."""
    by_name = getattr(position, "givers_by_name", None)
    if callable(by_name):  # a season engine's nations and banks
        return dict(by_name())
    words: dict[str, set[str]] = {}
    for p in position.variant.powers:
        for word in {p.name.lower(), p.adjective.lower()}:
            for k in range(MIN_ABBREVIATION, len(word) + 1):
                words.setdefault(word[:k], set()).add(p.name)
    out = {w: next(iter(ps)) for w, ps in words.items() if len(ps) == 1}
    return out | {p.name.lower(): p.name for p in position.variant.powers}


def players_by_name(position) -> dict[str, str]:
    """A season engine's players by id or name (lower case) -> id; none in a standard game."""
    ids = getattr(position, "player_ids", None)
    if not callable(ids):
        return {}
    out: dict[str, str] = {}
    pack = getattr(position, "pack", None)
    for p in position.players:
        pid = str(p["id"])
        data = pack.players.get(pid) if pack is not None else None
        for name in (p.get("name"), data.name if data is not None else None):
            if name:
                out.setdefault(str(name).lower(), pid)
    return out | {pid.lower(): pid for pid in ids()}


def known(position) -> list[str]:
    """The ids a name may resolve to, sorted: powers, or nations and banks."""
    return sorted(set(order_givers(position).values()))


def giver_named(position, text: str, what: str = "power") -> str:
    """The id ``text`` names, or UnknownName listing who is known."""
    found = order_givers(position).get(text.strip().lower())
    if found is None:
        ids = known(position)
        shown = ", ".join(ids[:15]) + (f", … ({len(ids)} in all)" if len(ids) > 15 else "")
        raise UnknownName(f"unknown {what} {text!r} (known: {shown})")
    return found
