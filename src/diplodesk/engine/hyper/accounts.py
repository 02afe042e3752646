"""The names of the ledger's accounts: a nation's stock, its escrow, what a thing holds."""

from __future__ import annotations

STOCK = ("gold", "M", "A", "I")


def stock(nation: str) -> str:
    return nation


def escrow(nation: str) -> str:
    return f"{nation}:escrow"


def held(owner: str, ref: str) -> str:
    """The account of the M tied up in a unit or installation (``fra:12D``, ``fra:Y pari``)."""
    return f"{owner}:{ref}"
