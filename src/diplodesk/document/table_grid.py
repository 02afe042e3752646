"""A table file seen as a grid: rows, columns and cells, each cell a path into the TOML.

The tables come in a few shapes (cost vectors keyed by name, lists of rows, matrices, single
numbers, lists of names). A GM types them in from a printed page as rows and columns, so
every shape is laid out the same way: a row per entry, a column per field, nested cost
vectors spread into ``cost.gold``, ``cost.M``... Each cell knows its path in the file, so an
edit changes one value in place and leaves the rest of the text alone. Nothing here knows
any one table.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.plain_text import refusal
from ..engine.tables import STATUSES

Path = tuple[str | int, ...]
ROW_KEYS = ("id", "key", "unit")  # a field that names a row better than its number
VALUE = "value"  # the column of a row that is one value (a number, a name)


@dataclass(frozen=True)
class Row:
    """One row of the grid: its label, and each column's path (absent cells too)."""

    label: str
    group: str  # the top-level key it belongs to
    cells: Mapping[str, Path]
    status_path: Path | None  # where a "status" for this row lives (a row's own table)


@dataclass
class Grid:
    rows: list[Row] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)

    def row(self, label: str) -> Row | None:
        return next((r for r in self.rows if r.label == label), None)


def grid_of(data: Mapping[str, Any]) -> Grid:
    """The grid of a table's data, its ``[meta]`` header (status, source...) as the last rows."""
    grid = Grid()
    keys = [k for k in data if k != "meta"] + (["meta"] if "meta" in data else [])
    for key in keys:  # the header last: the GM marks a table published once it is typed in
        for row in _rows(str(key), data[key]):
            grid.rows.append(row)
            for c in row.cells:
                if c not in grid.columns:
                    grid.columns.append(c)
    return grid


def _rows(key: str, v: Any) -> list[Row]:
    if isinstance(v, Mapping):
        if v and all(isinstance(x, Mapping) for x in v.values()):  # [item] D = { gold = 1 }
            return [Row(f"{key}.{k}", key, _flat(x, (key, k)), (key, k)) for k, x in v.items()]
        if v and all(not isinstance(x, Mapping) for x in v.values()):  # [capacity] nsea = 4
            return [Row(f"{key}.{k}", key, {VALUE: (key, k)}, None) for k in v]
        return [Row(key, key, _flat(v, (key,)), None)]  # a section of named settings
    if isinstance(v, list) and v and all(isinstance(x, Mapping) for x in v):  # [[rows]]
        return [Row(_row_label(key, i, x), key, _flat(x, (key, i)), (key, i)) for i, x in enumerate(v)]
    if isinstance(v, list) and v and all(isinstance(x, list) for x in v):  # a matrix
        return [Row(f"{key}[{i}]", key, {str(j): (key, i, j) for j in range(len(x))}, None)
                for i, x in enumerate(v)]
    if isinstance(v, list) and v and all(not isinstance(x, list | Mapping) for x in v):
        return [Row(f"{key}[{i + 1}]", key, {VALUE: (key, i)}, None) for i in range(len(v))]
    return [Row(key, key, {VALUE: (key,)}, None)]


def _row_label(key: str, i: int, row: Mapping[str, Any]) -> str:
    for k in ROW_KEYS:
        if isinstance(row.get(k), str) and k != "unit":
            return f"{key} {row[k]}"
    return f"{key}[{i + 1}]"


def _flat(v: Mapping[str, Any], at: Path) -> dict[str, Path]:
    """Columns of a row: its fields, a nested cost vector spread out (``cost.gold``)."""
    out: dict[str, Path] = {}
    for k, x in v.items():
        if k == "status" and len(at) > 0:
            continue  # shown as the cell's colour, not as a column
        if isinstance(x, Mapping) and x and all(not isinstance(y, Mapping | list) for y in x.values()):
            for kk in x:
                if kk != "status":
                    out[f"{k}.{kk}"] = (*at, k, kk)
        else:
            out[str(k)] = (*at, k)
    return out


def get(data: Any, path: Path) -> Any:
    """The value at ``path``, or ``None`` where there is none."""
    for p in path:
        if isinstance(data, Mapping) and isinstance(p, str) and p in data:
            data = data[p]
        elif isinstance(data, list) and isinstance(p, int) and 0 <= p < len(data):
            data = data[p]
        else:
            return None
    return data


def status_at(data: Mapping[str, Any], path: Path) -> str:
    """The status a cell has: the nearest ``status`` on its way down, else the table's."""
    meta = data.get("meta") if isinstance(data.get("meta"), Mapping) else {}
    status = meta.get("status", "provisional")
    node: Any = data
    for p in path:
        node = get(node, (p,))
        if isinstance(node, Mapping) and node.get("status") in STATUSES:
            status = node["status"]
    return status if status in STATUSES else "provisional"


def show(value: Any) -> str:
    """A cell's text: names as they are, everything else as TOML writes it."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(value)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_literal(x) for x in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {_literal(x)}" for k, x in value.items()) + " }" if value else "{}"
    return str(value)


def _literal(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return show(value)


class CellTextError(ValueError):
    """Typed text that is no value for its cell."""


MAX_CELL_CHARS = 10_000
MAX_CELL_DEPTH = 8  # lists in lists (or tables) in a cell


def parse(text: str, old: Any) -> Any:
    """The value typed into a cell. A name stays a name; numbers, true/false and lists are
    read as TOML reads them; a cell that held a name keeps taking names.

    A cell is one line of at most :data:`MAX_CELL_CHARS` characters, of printable text:
    ``12`` and a newline and ``[meta]`` was read as TOML, 12 and a table of its own, and a
    cell of 3,000 ``[`` ran Python's stack out."""
    text = text.strip()
    if len(text) > MAX_CELL_CHARS:
        raise CellTextError(f"{len(text)} characters; a cell holds at most {MAX_CELL_CHARS}")
    why = refusal(text, "a cell (one line of text)")
    if why:
        raise CellTextError(why)
    if isinstance(old, str):
        return text
    if text == "":
        return None
    try:
        value = tomllib.loads(f"v = {text}")["v"]
    except RecursionError:
        raise CellTextError(f"{text[:20]!r}...: nested too deeply") from None
    except tomllib.TOMLDecodeError:
        if isinstance(old, int | float | list) and not isinstance(old, bool):
            raise CellTextError(f"{text!r} is not a {'list' if isinstance(old, list) else 'number'}") from None
        return text
    except ValueError:  # not a TOMLDecodeError: tomllib's int() of more than 4,300 digits
        raise CellTextError(f"{text[:20]!r}...: a number of more digits than any table holds") from None
    if _depth(value) > MAX_CELL_DEPTH:
        raise CellTextError(f"{text[:20]!r}...: nested more than {MAX_CELL_DEPTH} deep")
    if isinstance(value, float) and value.is_integer() and "." not in text and "e" not in text.lower():
        value = int(value)
    return value


def _depth(value: Any) -> int:
    """How deep lists and tables nest in a value (0 for a number), counted without recursion."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        v, d = todo.pop()
        deepest = max(deepest, d)
        if isinstance(v, list):
            todo += [(x, d + 1) for x in v]
        elif isinstance(v, Mapping):
            todo += [(x, d + 1) for x in v.values()]
    return deepest
