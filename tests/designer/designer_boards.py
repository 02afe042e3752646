"""Small boards for the designer's tests: a few provinces, each test's special line on them."""

from __future__ import annotations

from diplodesk.engine.variant import Variant


def tiny_board(provinces: dict[str, str], army: list[str], fleet: list[str], units: list[tuple[str, str, str]],
               special: list[dict] | None = None, centres: dict[str, str | None] | None = None,
               powers: tuple[str, ...] = ("Red", "Blue")) -> Variant:
    """A variant from ``{id: kind}``, adjacency pairs ``"a b"``, start units ``(power, type,
    at)`` and centres ``{id: home power or None}``."""
    centres = centres or {next(iter(provinces)): None}  # the engine wants a centre somewhere
    data = {
        "id": "tiny", "name": "Tiny",
        "powers": {p: {"adjective": p, "color": c} for p, c in zip(powers, ("#aa0000", "#0000aa", "#00aa00"),
                                                                    strict=False)},
        "provinces": {pid: {"name": pid.title(), "kind": kind, **({"center": True} if pid in centres else {}),
                            **({"home": centres[pid]} if centres.get(pid) else {})}
                      for pid, kind in provinces.items()},
        "adjacency": {"army": army, "fleet": fleet},
        "start": {"phase": "S1901M", "units": [{"power": p, "type": t, "at": at} for p, t, at in units]},
        "victory": {"centers": 1},
    }
    if special:
        data["special"] = special
    return Variant.from_data(data, "tiny")
