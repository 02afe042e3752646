"""A table to and from CSV, so a GM who owns the printed tables types them in once.

The CSV is the grid the editor shows: a ``row`` column with each row's label, then one
column per field. Importing reads it back cell by cell onto the same table, as one
undoable edit; a bad file is refused with its line and column, and nothing is changed.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from .hyper_tables import EDITED, SetCells, TableFile, TableSet
from .table_grid import CellTextError, Row, get, parse, show
from .table_grid import Path as CellPath

ROW = "row"
NEW_ROW = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)\[(\d{1,6})\]$")


class CsvError(ValueError):
    """A CSV that cannot be a table; the message says the line and column."""


MAX_CSV_BYTES = 16 * 1024 * 1024
MAX_COLUMNS = 200
MAX_COLUMN_DEPTH = 8  # parts of a column's name (cost.gold is 2)


def read_csv_file(path) -> str:
    """A CSV file's text (a regular file, at most 16 MB, UTF-8 with or without a BOM)."""
    from pathlib import Path

    from ..engine.files import FileReadError, read_bounded

    try:
        raw = read_bounded(Path(path), MAX_CSV_BYTES)
    except FileReadError as e:
        raise CsvError(str(e)) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise CsvError(f"{path}: not UTF-8 text (byte {e.start}); save the CSV as UTF-8") from None


# A spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV
# injection): such a cell is written with a ' before it, which the spreadsheet shows as
# text and an import takes off again. A number ("-1", "2.5") is left as it is.
FORMULA = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[-+]?[0-9]{1,30}(?:\.[0-9]{1,30})?(?:[eE][-+]?[0-9]{1,4})?")


def neutralised(cell: str) -> str:
    """A cell as it is written to CSV: a would-be formula (or a cell that starts with ')
    behind a '."""
    if cell.startswith((*FORMULA, "'")) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def restored(cell: str) -> str:
    """A cell read from CSV, the ' that :func:`neutralised` put before it taken off."""
    if cell.startswith("'") and cell[1:].startswith((*FORMULA, "'")):
        return cell[1:]
    return cell


def export_csv(f: TableFile) -> str:
    grid = f.grid()
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow([neutralised(c) for c in (ROW, *grid.columns)])
    for r in grid.rows:
        w.writerow([neutralised(c) for c in (r.label, *(show(get(f.data, r.cells[c])) if c in r.cells else ""
                                                       for c in grid.columns))])
    return out.getvalue()


def import_csv(tables: TableSet, f: TableFile, text: str, source: str = "CSV",
               status: str = EDITED) -> SetCells | None:
    """The command that makes the table what the CSV says (None if it says what it has).

    A row labelled ``items[n]`` after the last of a list of rows is added (T4 starts empty);
    the rows it changes are marked ``status`` (``published`` for a transcription)."""
    grid = f.grid()
    reader = csv.reader(io.StringIO(text), strict=True)  # a quote never closed is an error
    try:
        lines = [[restored(c) for c in cells] for cells in reader]
    except csv.Error as e:
        raise CsvError(f"{source}, line {reader.line_num}: not CSV ({e})") from None
    if not lines or not lines[0]:
        raise CsvError(f"{source}, line 1: empty; expected a header: {ROW}, {', '.join(grid.columns)}")
    header = [h.strip() for h in lines[0]]
    if len(header) > MAX_COLUMNS:  # the widest table has 22; the TOML writer is quadratic in them
        raise CsvError(f"{source}, line 1: {len(header)} columns; a table has at most {MAX_COLUMNS}")
    if header[0] != ROW:
        raise CsvError(f"{source}, line 1, column 1: expected {ROW!r}, got {header[0]!r}")
    adding = any(grid.row(c[0].strip()) is None and _new_row(c[0]) for c in lines[1:] if c)
    named: set[str] = set()  # a set, not header.index: 80,000 columns took 36 s, 2 million hours
    for j, h in enumerate(header[1:], start=2):
        if h not in grid.columns and not (adding and h):
            raise CsvError(f"{source}, line 1, column {j} ({h[:40]!r}): not a column of table {f.table} "
                           f"(its columns: {', '.join(grid.columns)})")
        if h in named:
            raise CsvError(f"{source}, line 1, column {j} ({h[:40]!r}): a second column of that name")
        if h.count(".") >= MAX_COLUMN_DEPTH:  # a field of a field of ...: the writer recursed past the stack
            raise CsvError(f"{source}, line 1, column {j} ({h[:40]!r}): a field more than "
                           f"{MAX_COLUMN_DEPTH} deep")
        named.add(h)
    values: dict[CellPath, Any] = {}
    new_rows: dict[str, list[dict[str, Any]]] = {}
    seen: set[str] = set()
    for i, cells in enumerate(lines[1:], start=2):
        if not any(c.strip() for c in cells):
            continue
        label = cells[0].strip()
        if label in seen:
            raise CsvError(f"{source}, line {i}, column 1: row {label!r} a second time")
        seen.add(label)
        if len(cells) > len(header):
            raise CsvError(f"{source}, line {i}: {len(cells)} cells, but the header has {len(header)}")
        row = grid.row(label)
        if row is None:
            group, n = _added(f, label, new_rows, f"{source}, line {i}, column 1")
            new_rows.setdefault(group, []).append(_row_of_cells(header, cells, f"{source}, line {i}"))
            continue
        for j, h in enumerate(header[1:], start=1):
            typed = cells[j] if j < len(cells) else ""
            path = cell_path(grid.rows, row, h)
            if path is None:
                if typed.strip():
                    raise CsvError(f"{source}, line {i}, column {j + 1} ({h}): row {label!r} has no such field")
                continue
            old = get(f.data, path)
            try:
                new = parse(typed, old)
            except CellTextError as e:
                raise CsvError(f"{source}, line {i}, column {j + 1} ({h}): {e}") from None
            if new != old:
                values[path] = new
    if not values and not new_rows:
        return None
    return tables.set_cells(f.name, values, f"{f.table}: imported {source}", status, new_rows)


def _new_row(label: str) -> re.Match | None:
    return NEW_ROW.match(label.strip())


def _added(f: TableFile, label: str, new_rows: dict[str, list], where: str) -> tuple[str, int]:
    """A row the table does not have yet: ``items[3]`` the row after the last of ``items``."""
    m = _new_row(label)
    group = m.group(1) if m else ""
    have = f.data.get(group, []) if m else None
    if m is None or not isinstance(have, list) or not all(isinstance(x, dict) for x in have):
        raise CsvError(f"{where}: {label!r} is not a row of table {f.table}")
    n, want = int(m.group(2)), len(have) + len(new_rows.get(group, [])) + 1
    if n != want:
        raise CsvError(f"{where}: {label!r} is not a row of table {f.table} (a new row of {group} "
                       f"is {group}[{want}])")
    return group, n


def _row_of_cells(header: list[str], cells: list[str], where: str) -> dict[str, Any]:
    """A new row's fields from its cells (``cost.gold`` into ``cost = { gold = ... }``)."""
    row: dict[str, Any] = {}
    for j, h in enumerate(header[1:], start=1):
        typed = cells[j] if j < len(cells) else ""
        if not typed.strip():
            continue
        try:
            value = parse(typed, None)
        except CellTextError as e:
            raise CsvError(f"{where}, column {j + 1} ({h}): {e}") from None
        *outer, last = h.split(".")
        node = row
        for k in outer:
            node = node.setdefault(k, {})
            if not isinstance(node, dict):
                raise CsvError(f"{where}, column {j + 1} ({h}): {k} is a value and a table at once")
        node[last] = value
    return row


def cell_path(rows: list[Row], row: Row, column: str) -> CellPath | None:
    """Where a column of a row lives, also for a cell it leaves out (a zero cost left out):
    the path another row of the same group has for it, moved to this row."""
    if column in row.cells:
        return row.cells[column]
    if row.status_path is None:
        return None
    n = len(row.status_path)
    for other in rows:
        if other.group == row.group and column in other.cells and other.status_path is not None:
            return (*row.status_path, *other.cells[column][n:])
    return None
