"""What is to be drawn for the orders: each order parsed, with its result once adjudicated.

The painter never adjudicates: it reads the orders of a position, or the lines of an
engine result, into :class:`OrderMark` values, and the order and result layers draw those.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.board import Board, province_of
from ..engine.orders import Hold, OrderParseError, parse_order
from ..engine.phase import PhaseType
from ..engine.position import Position
from ..engine.variant import Variant


@dataclass
class OrderMark:
    """An order to draw, with its result when adjudicated (``status`` None before)."""

    power: str | None
    order: Any
    status: str | None = None
    reason: str | None = None
    detail: str | None = None


class MarkReader:
    """Reads a position's orders, or a result's lines, as marks (in one variant's words)."""

    def __init__(self, variant: Variant):
        self.board: Board = variant.board
        self._power_words = {p.name.lower(): p.name for p in variant.powers}
        self._power_words.update({p.adjective.lower(): p.name for p in variant.powers})

    def order_marks(self, position: Position, results: Any = None) -> list[OrderMark]:
        """The orders to draw: parsed from ``results`` when given, else from the position."""
        ptype = position.phase.type
        out: list[OrderMark] = []
        lines = results.get("orders", []) if isinstance(results, Mapping) else results
        if lines is not None:
            for r in lines:
                if not isinstance(r, Mapping):
                    continue
                text = r.get("order") or r.get("text")
                if not text:
                    continue
                order = self._parse(text, ptype)
                if order is None:
                    continue
                detail = r.get("detail")
                out.append(OrderMark(r.get("power"), order, r.get("status"), r.get("reason"),
                                     detail if isinstance(detail, str) else None))
            return out
        for power, texts in position.orders.items():
            for text in texts:
                order = self._parse(text, ptype)
                if order is not None:
                    out.append(OrderMark(power, order))
        return out

    def _parse(self, text: str, ptype: PhaseType) -> Any:
        try:
            return parse_order(text, self.board, ptype, self._power_words)
        except (OrderParseError, ValueError):
            return None


def dislodged_by(results: Any, marks: list[OrderMark]) -> set[str]:
    """Provinces whose unit the adjudicated orders dislodged."""
    out: set[str] = set()
    if isinstance(results, Mapping):
        nxt = results.get("next") or {}
        if isinstance(nxt, Mapping):
            for d in nxt.get("dislodged", []) or []:
                if isinstance(d, Mapping) and isinstance(d.get("at"), str):
                    out.add(province_of(d["at"]))
    for m in marks:
        if m.status == "fails" and (m.reason == "dislodged" or isinstance(m.order, Hold)):
            out.add(province_of(m.order.loc))
    return out


def stopped_in(m: OrderMark) -> str | None:
    """Where an interrupted railroad move stopped, from its result's detail."""
    if m.reason != "interrupted" or not m.detail:
        return None
    words = m.detail.rstrip(".").split()
    if len(words) >= 2 and words[-2] == "in":
        return province_of(words[-1])
    return None
