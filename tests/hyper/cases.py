"""The plain-text CASE format for military and economic situations, so a GM can add cases (DESIGN 6).

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

Economy cases (tests/hyper/economy.txt) add these keys::

    phase: S1915M                            the season the position is in
    set: nations.ita.trs = 6                 a value of the position's economy, in JSON
    set: /signatures = {"sui": ["p04"]}      ... or of the position itself (a leading /)
    answer: W1914M/condition-loop/... = all stand   the GM's answer to a decision
    expect: fra tt ... -> fails no route ~ needs 6 Trs     ... and a part of the detail
    check: banks[bop].gold = 11              a value of the next season's economy afterwards
    check: /next/units = []                  ... or of the whole result
    decision: condition-loop blocking        a decision asked of the GM (its kind; blocking or not)
    notice: is a government in exile         a part of one of the result's notices
    noledger: fra | shipping fee             no entry of that account with that reason part
    count: fra | shipping fee = 2            how many entries of that account have that reason part
    report: fra !~ Bank of Paris             what one's report (a nation's, a bank's, gazette) says, or not
    THEN                                     the next season, from this one's result
    replay: yes                              played as a game, saved, loaded and compared byte for byte

Any case may also say::

    variant: hypereconomic                   the board it is played on (a built-in id or a folder
                                             of the repository); the test board if it says none
    table: T13 capacity.bisc = 1             a value of one of the variant's tables (by its
                                             [meta] table name), for this case only
    atmost: units nava = 1                   at most this many units in a province afterwards
    atmost: alliances = 0                    ... or items in a value of the next season's economy
                                             (or of the whole result, with a leading /); none is 0

A path names keys with dots (or slashes); in a list, ``[id]`` picks the item with that id (or that index).
Position keys (units, owners, ...) belong to the first season; orders, dice, answers, ``set``
and every expectation after a THEN to the season it opens.
Blank lines and lines starting with ``#`` are ignored.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# a rule cited in a case's title, in brackets: "(III.29, II.2b)"
RULE = re.compile(r"\((?:[IVX]+\.\d+[a-z]?(?:[-, ]+)?)+")


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
    detail: dict[int, str] = field(default_factory=dict)  # an expect's index -> a part of its detail
    phase: str | None = None
    sets: list[tuple[str, Any]] = field(default_factory=list)
    answers: dict[str, str] = field(default_factory=dict)
    checks: list[tuple[str, Any]] = field(default_factory=list)
    decisions: list[tuple[str, bool | None]] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    noledger: list[tuple[str, str]] = field(default_factory=list)
    counts: list[tuple[str, str, int]] = field(default_factory=list)
    reports: list[tuple[str, str, bool]] = field(default_factory=list)  # who, text, said (or not)
    then: Case | None = None  # the next season of the same case
    replay: bool = False
    variant: str | None = None  # the board, if not the test board
    tables: list[tuple[str, str, Any]] = field(default_factory=list)  # (table, path, value)
    atmost: list[tuple[str, int]] = field(default_factory=list)

    @property
    def cites_a_rule(self) -> bool:
        return RULE.search(self.title) is not None

    @property
    def seasons(self) -> list[Case]:
        out, c = [], self
        while c is not None:
            out.append(c)
            c = c.then
        return out


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
        last = cases[-1].seasons[-1]
        if text == "THEN":
            last.then = Case(cases[-1].name, cases[-1].title, n)
            continue
        _field(last, text, f"{path.name}:{n}")
    return cases


def _number(text: str) -> int | float:
    return float(text) if "." in text else int(text)


def _path_value(value: str) -> tuple[str, Any]:
    path, _, raw = value.partition("=")
    if not raw.strip():
        raise ValueError(value)
    return path.strip(), json.loads(raw)


def _parts(path: str) -> list[str]:
    return re.findall(r"[^./\[\]]+|\[[^\]]*\]", path.lstrip("/"))


def _key(root: Any, part: str) -> Any:
    """A dict's key, or in a list the index of the item with that id (or that index)."""
    if part.startswith("["):
        part = part[1:-1]
        if isinstance(root, list):
            hits = [i for i, x in enumerate(root) if isinstance(x, dict) and x.get("id") == part]
            return hits[0] if hits else int(part)
    return part


def lookup(root: Any, path: str) -> Any:
    """The value at ``path`` (``banks[bop].gold``) in ``root``; KeyError where there is none."""
    for part in _parts(path):
        root = root[_key(root, part)]
    return root


def put(root: Any, path: str, value: Any) -> None:
    """Set the value at ``path``; a missing key on the way is a new table."""
    *head, last = _parts(path)
    for part in head:
        k = _key(root, part)
        if isinstance(root, dict) and k not in root:
            root[k] = {}
        root = root[k]
    root[_key(root, last)] = value


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
            outcome, tilde, detail = outcome.partition(" ~ ")
            status, *reason = outcome.split(None, 1)
            if tilde:
                c.detail[len(c.expect)] = detail.strip()
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
        elif key == "phase":
            c.phase = value.strip()
        elif key == "set":
            c.sets.append(_path_value(value))
        elif key == "answer":
            k, _, choice = value.rpartition("=")
            c.answers[k.strip()] = choice.strip()
        elif key == "check":
            c.checks.append(_path_value(value))
        elif key == "decision":
            kind, *flag = value.split()
            c.decisions.append((kind, None if not flag else flag[0] == "blocking"))
        elif key == "notice":
            c.notices.append(value.strip())
        elif key == "noledger":
            account, _, reason = value.partition("|")
            c.noledger.append((account.strip(), reason.strip()))
        elif key == "count":
            head, _, n = value.rpartition("=")
            account, _, reason = head.partition("|")
            c.counts.append((account.strip(), reason.strip(), int(n)))
        elif key == "report":
            who, text = value.split(None, 1)
            said, _, part = text.partition(" ")
            if said not in ("~", "!~"):
                raise ValueError(text)
            c.reports.append((who, part.strip(), said == "~"))
        elif key == "replay":
            c.replay = value.strip() == "yes"
        elif key == "variant":
            c.variant = value.strip()
        elif key == "table":
            table, rest = value.strip().split(None, 1)
            c.tables.append((table, *_path_value(rest)))
        elif key == "atmost":
            head, _, n = value.rpartition("=")
            if not head.strip():
                raise ValueError(value)
            c.atmost.append((head.strip(), int(n)))
        else:
            raise CaseError(f"{where}: unknown field {key!r}")
    except (ValueError, IndexError) as e:
        if isinstance(e, CaseError):
            raise
        raise CaseError(f"{where}: cannot read {text!r}") from None
