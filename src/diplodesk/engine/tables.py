"""Rule tables as data: read, checked cell by cell, with where each value came from.

A variant that runs on numbers (costs, yields, dice tables) keeps them in TOML files, one per
table, each opening with a ``[meta]`` header: which table, its title, its ``status``
(``provisional``, ``published`` or ``gm-edited``), its source and the season it takes effect
from. A row or an entry may carry its own ``status`` to override the table's, so a half-typed
table can be played and every value still says whether it is ours or the author's.

Reading goes through :class:`TableReader`, which collects every problem (file, table, row,
field, what is wrong) instead of stopping at the first, so a GM fixing a table sees them all.
The shapes are generic: cost vectors keyed by name, rows with typed fields, matrices, lists.
Nothing here knows any one variant's tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .money import MAX_AMOUNT, MoneyError, to_units
from .plain_text import refusal, shown

STATUSES = ("provisional", "published", "gm-edited")
META_KEYS = {"table", "title", "status", "source", "effective_from", "notes"}


@dataclass(frozen=True, slots=True)
class Problem:
    file: str
    table: str
    row: str
    field: str
    what: str

    def __str__(self) -> str:
        where = [self.file]
        if self.table:
            where.append(f"table {self.table}")
        if self.row:
            where.append(f"row {_shown(self.row)}")
        if self.field:
            where.append(f"field {_shown(self.field)}")
        return f"{', '.join(where)}: {self.what}"


def _shown(name: str) -> str:
    """A name from the file, quoted if it holds what would break the one-line message."""
    return name if name.isprintable() else repr(name)


class TableError(ValueError):
    """Tables that cannot be used; ``problems`` lists every fault, the message the first."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"{problems[0]}{more}")


@dataclass(frozen=True, slots=True)
class Meta:
    table: str
    title: str
    status: str
    source: str
    effective_from: str
    file: str

    @property
    def provisional(self) -> bool:
        return self.status == "provisional"


@dataclass(frozen=True)
class Cost:
    """A vector of factors (``{"gold": 3, "M": 6}``, gold in its smallest coin)."""

    amounts: Mapping[str, int]
    status: str = "provisional"

    def get(self, factor: str) -> int:
        return self.amounts.get(factor, 0)

    def __bool__(self) -> bool:
        return any(self.amounts.values())


@dataclass
class TableReader:
    """Reads one table file's values, noting problems with their place.

    ``factors`` are the keys a cost vector may have and how many smallest units make one
    (``{"gold": 2, "M": 1, ...}``: gold in halves).
    """

    file: str
    data: Mapping[str, Any]
    factors: Mapping[str, int]
    problems: list[Problem] = field(default_factory=list)
    provisional_used: bool = False

    def __post_init__(self) -> None:
        m = self.data.get("meta")
        if not isinstance(m, Mapping):
            m = {}
        status = m.get("status", "provisional")
        self.meta = Meta(str(m.get("table", "")), str(m.get("title", "")),
                         status if status in STATUSES else "provisional",
                         str(m.get("source", "")), str(m.get("effective_from", "")), self.file)
        if not m:
            self.bad("", "meta", "missing [meta] header (table, title, status, source)")
        for k in m:
            if k not in META_KEYS:
                self.bad("", f"meta.{k}", f"unknown key (known: {', '.join(sorted(META_KEYS))})")
        if status not in STATUSES:
            self.bad("", "meta.status", f"{status!r} is not one of {', '.join(STATUSES)}")

    # -- problems ------------------------------------------------------------------------

    def bad(self, row: str, fld: str, what: str) -> None:
        self.problems.append(Problem(self.file, self.meta.table, row, fld, what))

    def status_of(self, value: Mapping[str, Any] | None, row: str) -> str:
        s = value.get("status", self.meta.status) if isinstance(value, Mapping) else self.meta.status
        if s not in STATUSES:
            self.bad(row, "status", f"{s!r} is not one of {', '.join(STATUSES)}")
            s = self.meta.status
        return s

    def one_line(self, row: str, fld: str, value: Any) -> None:
        """A name that messages and files show: refused with a line break or another control
        character in it (it broke the one-line messages and the files that name it)."""
        why = refusal(value, "a name") if isinstance(value, str) else None
        if why:
            self.bad(row, fld, why)

    def known_keys(self, allowed: set[str]) -> None:
        for k in self.data:
            if k != "meta" and k not in allowed:
                self.bad("", k, f"unknown key (known: {', '.join(sorted(allowed))})")

    # -- values --------------------------------------------------------------------------

    def whole(self, value: Any, row: str, fld: str, low: int | None = 0,
              high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.bad(row, fld, f"expected a whole number, got {shown(value)}")
            return 0
        high = MAX_AMOUNT if high is None else high  # a huge number is no table's
        if (low is not None and value < low) or value > high:
            span = f"{low} to {high}" if high != MAX_AMOUNT else f"at least {low}, at most {MAX_AMOUNT:,}"
            self.bad(row, fld, f"{shown(value)} is out of range ({span})")
            return max(low or 0, 0)
        return value

    def amount(self, value: Any, factor: str, row: str, fld: str, low: int = 0) -> int:
        """A factor's amount in its smallest units (gold 2.5 -> 5 halves), at least ``low``
        of them (1 for an amount a rule divides by)."""
        per = self.factors[factor]
        try:
            units = to_units(value, per, "")
        except MoneyError as e:
            self.bad(row, fld, str(e).removeprefix(": "))
            return low
        if units < low:
            self.bad(row, fld, f"{value!r} is below zero" if low == 0 else
                     f"{value!r}: at least {low / per:g}, as the rules divide by it")
            return low
        return units

    def cost(self, value: Any, row: str, fld: str = "cost") -> Cost:
        if not isinstance(value, Mapping):
            self.bad(row, fld, f"expected a cost like {{ gold = 1, M = 2 }}, got {value!r}")
            return Cost({})
        amounts: dict[str, int] = {}
        for k, v in value.items():
            if k == "status":
                continue
            if k not in self.factors:
                self.bad(row, f"{fld}.{k}", f"unknown factor (known: {', '.join(self.factors)})")
                continue
            amounts[k] = self.amount(v, k, row, f"{fld}.{k}")
        status = self.status_of(value, row)
        return Cost(amounts, status)

    def section(self, key: str, required: bool = True) -> Mapping[str, Any]:
        v = self.data.get(key)
        if v is None:
            if required:
                self.bad("", key, "missing")
            return {}
        if not isinstance(v, Mapping):
            self.bad("", key, f"expected a table, got {type(v).__name__}")
            return {}
        return v

    def costs(self, key: str, names: Sequence[str] | None = None) -> dict[str, Cost]:
        """A table of named cost vectors (``[item] D = { gold = 1, M = 6 }``)."""
        sec = self.section(key)
        out = {str(k): self.cost(v, str(k)) for k, v in sec.items()}
        for n in names or ():
            if n not in out:
                self.bad(n, "", "missing")
        return out

    def rows(self, key: str, fields: Mapping[str, type | tuple[type, ...]],
             optional: Sequence[str] = ()) -> list[dict[str, Any]]:
        """A list of rows, each with exactly these fields (plus ``status`` and ``optional``)."""
        v = self.data.get(key)
        if not isinstance(v, list):
            self.bad("", key, "expected a list of rows")
            return []
        out = []
        for i, r in enumerate(v):
            where = f"{i + 1}"
            if not isinstance(r, Mapping):
                self.bad(where, "", f"expected a row like {{ {', '.join(fields)} }}")
                continue
            ok = True
            for k in r:
                if k not in fields and k != "status" and k not in optional:
                    self.bad(where, k, f"unknown field (known: {', '.join(fields)})")
                    ok = False
            for k, typ in fields.items():
                if k not in r and k not in optional:
                    self.bad(where, k, "missing")
                    ok = False
                elif k in r and not _is(r[k], typ):
                    self.bad(where, k, f"expected {_type_name(typ)}, got {r[k]!r}")
                    ok = False
            if ok:
                out.append(dict(r) | {"status": self.status_of(r, where), "row": where})
        return out

    def names(self, key: str, required: bool = True) -> list[str]:
        v = self.data.get(key)
        if v is None and not required:
            return []
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.bad("", key, "expected a list of names")
            return []
        return list(v)

    def number(self, key: str, default: int | None = None, low: int | None = 0,
               high: int | None = None) -> int:
        if key not in self.data:
            if default is None:
                self.bad("", key, "missing")
                return 0
            return default
        return self.whole(self.data[key], "", key, low, high)

    def choice(self, key: str, options: Sequence[str], default: str | None = None) -> str:
        v = self.data.get(key, default)
        if v not in options:
            self.bad("", key, f"{v!r} is not one of {', '.join(options)}")
            return options[0]
        return str(v)


def _is(value: Any, typ: type | tuple[type, ...]) -> bool:
    types = typ if isinstance(typ, tuple) else (typ,)
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def _type_name(typ: type | tuple[type, ...]) -> str:
    types = typ if isinstance(typ, tuple) else (typ,)
    words = {str: "text", int: "a whole number", float: "a number", bool: "true or false",
             dict: "a table", list: "a list"}
    return " or ".join(words.get(t, t.__name__) for t in types)


def find(files: Mapping[str, Mapping[str, Any]], table: str) -> tuple[str, Mapping[str, Any]] | None:
    """The file (name, data) whose ``[meta] table`` is ``table``."""
    for name in sorted(files):
        data = files[name]
        meta = data.get("meta") if isinstance(data, Mapping) else None
        if isinstance(meta, Mapping) and str(meta.get("table")) == table:
            return name, data
    return None
