"""What happened to each order: results as values, never exceptions."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    INVALID = "invalid"


@dataclass(slots=True)
class OrderResult:
    """One line of a result: the order as given, as understood, and what became of it.

    ``text`` is what the player wrote (None for a unit that got no order, or for an action
    the rules took for the power, such as a civil-disorder removal); ``order`` is the
    order as the engine understood it, in the short form.
    """

    power: str | None
    text: str | None
    order: str | None
    status: Status
    reason: str | None = None
    detail: str | None = None  # a longer explanation for people (why illegal, etc.)
    province: str | None = None  # the ordered unit's province, when there is one

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "power": self.power,
            "text": self.text,
            "order": self.order,
            "status": str(self.status),
            "reason": self.reason,
        }
        if self.detail:
            d["detail"] = self.detail
        return d


class Illegal(Exception):
    """Raised inside order checks only: the order can't be valid (a reason for people)."""

    def __init__(self, reason: str, detail: str):
        self.reason = reason
        self.detail = detail
        super().__init__(detail)
