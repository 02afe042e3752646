"""Chance that can be replayed: dice keyed by what they decide, never by when they are cast.

A game has a secret. A die for ``(phase, purpose, subject, n)`` is read off
HMAC-SHA256(secret, "phase|purpose|subject|n"), so adjudicating stays a pure function of the
position (the secret is part of it), correcting one nation's orders never re-rolls another
nation's dice, and players, who do not know the secret, cannot foresee a roll. A GM who rolls
real dice at the table writes them into the position as overrides; the log marks them manual.
Any variant with chance can use this; it knows nothing of any one game.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")
# no rule rolls more, or a larger die: a table or a position asking for more is refused
MAX_DICE, MAX_SIDES = 20, 100


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll as the result lists it: what it decided, the faces, whether typed in."""

    key: str
    purpose: str
    subject: str
    sides: int
    faces: tuple[int, ...]
    manual: bool
    effect: str = ""

    @property
    def total(self) -> int:
        return sum(self.faces)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"key": self.key, "purpose": self.purpose, "subject": self.subject,
                             "dice": f"{len(self.faces)}d{self.sides}", "faces": list(self.faces),
                             "total": self.total, "manual": self.manual}
        if self.effect:
            d["effect"] = self.effect
        return d


class DiceError(ValueError):
    """An override that cannot stand for the roll it names."""


@dataclass
class Dice:
    """The dice of one phase. ``overrides`` maps a roll's key to the faces the GM rolled."""

    secret: str
    phase: str
    overrides: Mapping[str, Sequence[int]] = field(default_factory=dict)
    log: list[Roll] = field(default_factory=list)

    def key(self, purpose: str, subject: str, n: int = 0) -> str:
        return f"{self.phase}|{purpose}|{subject}|{n}"

    def roll(self, purpose: str, subject: str, count: int = 1, sides: int = 6,
             effect: str = "") -> Roll:
        """``count`` dice of ``sides`` faces for ``subject``; the same key, the same faces."""
        key = self.key(purpose, subject)
        given = self.overrides.get(key)
        if given is not None:
            faces = tuple(int(f) for f in given)
            if len(faces) != count or not all(1 <= f <= sides for f in faces):
                raise DiceError(f"rng.overrides[{key!r}]: expected {count} dice of 1 to {sides}, "
                                f"got {list(given)}")
        else:
            faces = tuple(self._face(key, i, sides) for i in range(count))
        r = Roll(key, purpose, subject, sides, faces, given is not None, effect)
        self.log.append(r)
        return r

    def choose(self, items: Sequence[T], purpose: str, subject: str, label=str) -> T:
        """One of ``items`` by chance. The items are put in the order of their labels first,
        so the choice never depends on the order they were handed over in."""
        if not items:
            raise ValueError("nothing to choose from")
        ranked = sorted(items, key=label)
        if len(ranked) == 1:
            return ranked[0]
        r = self.roll(purpose, subject, 1, len(ranked))
        pick = ranked[r.faces[0] - 1]
        self.log[-1] = Roll(r.key, r.purpose, r.subject, r.sides, r.faces, r.manual,
                            f"chose {label(pick)} of {', '.join(label(x) for x in ranked)}")
        return pick

    def _face(self, key: str, i: int, sides: int) -> int:
        """An unbiased face: rejection sampling over the HMAC's bytes."""
        limit = (1 << 32) - (1 << 32) % sides
        counter = 0
        while True:
            msg = f"{key}|{i}|{counter}".encode()
            digest = hmac.new(self.secret.encode(), msg, hashlib.sha256).digest()
            for j in range(0, len(digest), 4):
                v = int.from_bytes(digest[j:j + 4], "big")
                if v < limit:
                    return v % sides + 1
            counter += 1
