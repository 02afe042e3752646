"""The plain-text CASE format for military situations, so a GM can add cases (DESIGN 6).

One case is a block of lines::

    CASE conquest-1: one division attacking an empty enemy province conquers it (II.2b)
    units: fra 1D gaso; spa N nava           power, designation (or N), where
    owners: acqu spa                         de facto owners that differ from the start
    alliances: nato fra spa                  alliances in force: id, then members
    stock: fra M 0                           a stockpile that differs from the start
    orders fra: 1D Gaso at Nava; 2D ho       one nation's orders, separated by ;
    dice: W1914M|cut|cast|0 = 2              a roll the GM typed in
    expect: fra 1D Gaso at Nava -> succeeds  an order's status, and reason if given
    unit: fra 1D nava                        where a unit ends (or: gone)
    owner: nava fra                          a province's de facto owner afterwards
    ledger: fra M -6 | annihilation          an entry: account, factor, amount | reason part

Blank lines and lines starting with ``#`` are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Case:
    name: str
    title: str
    line: int
    units: list[str] = field(default_factory=list)
    owners: dict[str, str] = field(default_factory=dict)
    alliances: dict[str, list[str]] = field(default_factory=dict)
    stock: list[tuple[str, str, int | float]] = field(default_factory=list)
    orders: dict[str, list[str]] = field(default_factory=dict)
    dice: dict[str, list[int]] = field(default_factory=dict)
    expect: list[tuple[str, str, str, str | None]] = field(default_factory=list)
    where: list[tuple[str, str, str]] = field(default_factory=list)
    owner_after: list[tuple[str, str]] = field(default_factory=list)
    ledger: list[tuple[str, str, int | float, str]] = field(default_factory=list)


class CaseError(ValueError):
    pass


def read_cases(path: Path) -> list[Case]:
    cases: list[Case] = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        if text.startswith("CASE "):
            name, _, title = text[5:].partition(":")
            cases.append(Case(name.strip(), title.strip(), n))
            continue
        if not cases:
            raise CaseError(f"{path.name}:{n}: a line before the first CASE")
        _field(cases[-1], text, f"{path.name}:{n}")
    return cases


def _number(text: str) -> int | float:
    return float(text) if "." in text else int(text)


def _items(value: str) -> list[str]:
    return [x.strip() for x in value.split(";") if x.strip()]


def _field(c: Case, text: str, where: str) -> None:
    key, _, value = text.partition(":")
    key = key.strip()
    try:
        if key == "units":
            c.units += _items(value)
        elif key == "owners":
            c.owners |= dict(x.split() for x in _items(value))
        elif key == "alliances":
            c.alliances |= {a: ms for a, *ms in (x.split() for x in _items(value))}
        elif key == "stock":
            c.stock += [(a, b, _number(v)) for a, b, v in (x.split() for x in _items(value))]
        elif key.startswith("orders "):
            c.orders.setdefault(key.split()[1], []).extend(_items(value))
        elif key == "dice":
            k, _, faces = value.rpartition("=")
            c.dice[k.strip()] = [int(f) for f in faces.split()]
        elif key == "expect":
            head, _, outcome = value.partition("->")
            power, order = head.strip().split(None, 1)
            status, *reason = outcome.split(None, 1)
            c.expect.append((power, order.strip(), status, reason[0].strip() if reason else None))
        elif key == "unit":
            power, uid, loc = value.split()
            c.where.append((power, uid, loc))
        elif key == "owner":
            prov, nation = value.split()
            c.owner_after.append((prov, nation))
        elif key == "ledger":
            head, _, reason = value.partition("|")
            account, factor, amount = head.split()
            c.ledger.append((account, factor, _number(amount), reason.strip()))
        else:
            raise CaseError(f"{where}: unknown field {key!r}")
    except ValueError as e:
        if isinstance(e, CaseError):
            raise
        raise CaseError(f"{where}: cannot read {text!r}") from None
