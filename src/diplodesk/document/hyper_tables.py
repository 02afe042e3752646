"""A variant's tables as an editable document: cells, their provenance, undoable edits.

The GM types in the published tables over our provisional ones, one cell at a time or a
whole table from CSV. Each file is kept as its text and edited in place (tomlkit keeps the
comments, the order and the layout), and each edit is a command holding the text before and
after, so undo gives back the very bytes that were there. An edit is checked as the engine
checks the tables (``engine.hyper.load_pack``) before it is made; one that the engine would
refuse is refused with the engine's message (file, table, row, field). No Qt here.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import tomlkit
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import AoT

from ..engine.catalog import MAX_VARIANT_BYTES
from ..engine.files import read_bounded, write_atomic
from ..engine.tables import STATUSES, Problem, TableError
from ..engine.variant import VariantError
from .table_grid import Grid, grid_of, status_at
from .table_grid import Path as CellPath

Checker = Callable[[Mapping[str, Mapping[str, Any]]], list[Problem]]
EDITED = "gm-edited"


class TableEditError(ValueError):
    """An edit the tables cannot take; the message says table, row and field."""


class Command(Protocol):
    """What an undo stack holds (the GUI wraps it in a QUndoCommand)."""

    text: str

    def redo(self) -> None: ...

    def undo(self) -> None: ...


@dataclass
class TableFile:
    """One table file: its text as on disk, its text now, and the data it reads as."""

    name: str
    saved: str
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.text = self.text or self.saved
        self.data = tomllib.loads(self.text)

    @property
    def table(self) -> str:
        meta = self.data.get("meta")
        return str(meta.get("table", self.name)) if isinstance(meta, Mapping) else self.name

    @property
    def meta(self) -> Mapping[str, Any]:
        meta = self.data.get("meta")
        return meta if isinstance(meta, Mapping) else {}

    @property
    def modified(self) -> bool:
        return self.text != self.saved

    def grid(self) -> Grid:
        return grid_of(self.data)

    def status(self, path: CellPath) -> str:
        return status_at(self.data, path)

    def set_text(self, text: str) -> None:
        self.text = text
        self.data = tomllib.loads(text)


@dataclass
class SetCells:
    """Set some cells of one table (``None`` takes a value out); undo restores the text."""

    tables: TableSet
    name: str
    before: str
    after: str
    text: str

    def redo(self) -> None:
        self.tables.file(self.name).set_text(self.after)
        self.tables.notify(self.name)

    def undo(self) -> None:
        self.tables.file(self.name).set_text(self.before)
        self.tables.notify(self.name)


@dataclass
class UndoStack:
    """A plain undo stack for the tables on their own (the desk uses its own)."""

    done: list[Command] = field(default_factory=list)
    undone: list[Command] = field(default_factory=list)

    def push(self, command: Command) -> None:
        command.redo()
        self.done.append(command)
        self.undone.clear()

    def undo(self) -> bool:
        if not self.done:
            return False
        c = self.done.pop()
        c.undo()
        self.undone.append(c)
        return True

    def redo(self) -> bool:
        if not self.undone:
            return False
        c = self.undone.pop()
        c.redo()
        self.done.append(c)
        return True


class TableSet:
    """Every table file of a variant, in the order the variant names them."""

    def __init__(self, files: Mapping[str, str], checker: Checker | None = None,
                 folder: Path | None = None):
        self.files = {n: TableFile(n, t) for n, t in files.items()}
        self.checker = checker
        self.folder = folder
        self.listeners: list[Callable[[str], None]] = []
        self._docs: dict[str, tuple[str, Any]] = {}  # file -> (text, its tomlkit document)
        self.baseline = self.problems()

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def open(cls, folder: str | Path) -> TableSet:
        """The tables of a variant folder, checked against its board; VariantError if unreadable."""
        from ..engine.catalog import load_variant

        folder = Path(folder)
        variant = load_variant(str(folder))
        names = list(variant.data.get("table_files") or {})
        if not names:
            raise VariantError(str(folder / "variant.toml"), ["names no tables (tables = [...])"])
        texts = {}
        for n in names:
            try:
                texts[n] = read_bounded(folder / n, MAX_VARIANT_BYTES).decode("utf-8")
            except (OSError, UnicodeDecodeError) as e:
                raise VariantError(str(folder / n), [f"cannot be read ({str(e).removeprefix(f'{folder / n}: ')})"]) \
                    from None
        return cls(texts, pack_checker(variant), folder)

    @classmethod
    def of_data(cls, files: Mapping[str, Mapping[str, Any]], checker: Checker | None = None) -> TableSet:
        """Tables held as data (a game file's copy of its variant), written out as TOML."""
        return cls({n: tomlkit.dumps(_toml_ready(d)) for n, d in files.items()}, checker)

    # -- reading -------------------------------------------------------------------------

    def file(self, name: str) -> TableFile:
        try:
            return self.files[name]
        except KeyError:
            raise TableEditError(f"no table file {name!r}") from None

    def find(self, table: str) -> TableFile:
        """A table by its id (``T7``), its file name, or its file's stem (``t07-attackers-needed``)."""
        for f in self.files.values():
            if table in (f.table, f.name, Path(f.name).stem):
                return f
        known = ", ".join(f.table for f in self.files.values())
        raise TableEditError(f"no table {table!r} (the tables: {known})")

    def data(self) -> dict[str, dict[str, Any]]:
        return {n: f.data for n, f in self.files.items()}

    def problems(self, data: Mapping[str, Mapping[str, Any]] | None = None) -> list[Problem]:
        if self.checker is None:
            return []
        return self.checker(self.data() if data is None else data)

    @property
    def modified(self) -> list[str]:
        return [n for n, f in self.files.items() if f.modified]

    def notify(self, name: str) -> None:
        for f in list(self.listeners):
            f(name)

    # -- editing -------------------------------------------------------------------------

    def set_cells(self, name: str, values: Mapping[CellPath, Any], text: str | None = None,
                  status: str = EDITED, new_rows: Mapping[str, list[dict[str, Any]]] | None = None) -> SetCells:
        """The command setting these cells (and adding ``new_rows`` to lists of rows), checked;
        TableEditError says what is wrong.

        A row whose value changes is marked with ``status`` (GM-edited; ``published`` for a
        GM transcribing the printed table) where the table allows a row its own status; the
        text is otherwise kept as it is, comments and layout too.
        """
        f = self.file(name)
        after = self._edited(f, values, status, new_rows)
        size = len(after.encode("utf-8"))
        if size > MAX_VARIANT_BYTES:  # the loader would refuse the file, and the variant with it
            raise TableEditError(f"{name}: the edit makes the file {size} bytes, more than the "
                                 f"{MAX_VARIANT_BYTES // 2**20} MiB a table file may be; nothing was changed")
        problems = self._new_problems(name, after)
        if problems:
            plain = self._edited(f, values, None, new_rows)  # the row may not take a status
            if not self._new_problems(name, plain):
                after, problems = plain, []
        if problems:
            raise TableEditError(str(TableError(problems)))
        label = text or _describe(f, values)
        return SetCells(self, name, f.text, after, label)

    def _edited(self, f: TableFile, values: Mapping[CellPath, Any], mark: str | None,
                new_rows: Mapping[str, list[dict[str, Any]]] | None) -> str:
        doc = self._document(f)
        for path, value in values.items():
            _put(doc, path, value)
            if not mark or f.status(path) == mark or _get_plain(f.data, path) == value:
                continue
            row = _row_of(doc, path) if len(path) > 2 and path[0] != "meta" else None
            if row is not None:  # a matrix's cell or a number has no status of its own
                row["status"] = mark
        for group, rows in (new_rows or {}).items():
            _append_rows(doc, group, [r | ({"status": mark} if mark else {}) for r in rows])
        text = tomlkit.dumps(doc)
        for st in STATUSES:  # tomlkit puts a key added to an inline table after its closing space
            text = text.replace(f'status = "{st}"}}', f'status = "{st}" }}')
        self._docs[f.name] = (text, doc)  # what the document now says, for the next edit
        return text

    def _document(self, f: TableFile) -> Any:
        """The file's text as a tomlkit document; the last edit's is kept, as parsing a long
        table takes most of an edit's time (a document is changed in place by an edit)."""
        hit = self._docs.pop(f.name, None)
        if hit is not None and hit[0] == f.text:
            return hit[1]
        return tomlkit.parse(f.text)

    def _new_problems(self, name: str, text: str) -> list[Problem]:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            return [Problem(name, self.file(name).table, "", "", f"not valid TOML: {e}")]
        if self.checker is None:
            return []
        files = self.data() | {name: data}
        seen = {str(p) for p in self.baseline}
        return [p for p in self.checker(files) if str(p) not in seen]

    # -- saving --------------------------------------------------------------------------

    def save(self, folder: Path | None = None) -> list[Path]:
        """Write the changed files (each atomically, keeping a ``.bak``)."""
        folder = folder or self.folder
        if folder is None:
            raise TableEditError("these tables have no folder to be saved in")
        written = []
        for f in self.files.values():
            if f.modified or folder != self.folder:
                path = Path(folder) / f.name
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, f.text.encode("utf-8"))
                f.saved = f.text
                written.append(path)
        return written


def pack_checker(variant) -> Checker:
    """Checks tables as the season engine reads them, against the variant's board."""
    from ..engine.hyper.pack import load_pack

    kinds = {p.id: str(p.kind) for p in variant.board.provinces.values()}

    def check(files: Mapping[str, Mapping[str, Any]]) -> list[Problem]:
        try:
            load_pack(files, kinds, source=variant.id)
        except TableError as e:
            return e.problems
        return []

    return check


def _put(doc: Any, path: CellPath, value: Any) -> None:
    node = doc
    for p in path[:-1]:
        if isinstance(p, str) and p not in node:
            node[p] = tomlkit.inline_table()
        node = node[p]
    last = path[-1]
    if value is None:
        if isinstance(last, str) and last in node:
            del node[last]
        return
    try:
        node[last] = value
    except (TOMLKitError, IndexError, TypeError) as e:
        raise TableEditError(f"{'.'.join(map(str, path))}: cannot hold {value!r} ({e})") from None


def _append_rows(doc: Any, group: str, rows: list[dict[str, Any]]) -> None:
    """New rows at the end of a list of rows (``[[items]]``, or ``rows = [ {...} ]``)."""
    if group not in doc:
        doc[group] = tomlkit.aot()
    target = doc[group]
    if isinstance(target, AoT) and len(target) and rows:
        target[-1].add(tomlkit.nl())  # a blank line before the new rows, as between the others
    for r in rows:
        if isinstance(target, AoT):
            t = tomlkit.table()
            for k, v in r.items():
                t[k] = _inline(v)
            target.append(t)
        elif isinstance(target, list) and all(isinstance(x, Mapping) for x in target):
            target.append(_inline(r))
        else:
            raise TableEditError(f"{group}: not a list of rows, so no row can be added")


def _inline(v: Any) -> Any:
    if isinstance(v, Mapping):
        t = tomlkit.inline_table()
        for k, x in v.items():
            t[k] = _inline(x)
        return t
    return v


def _row_of(doc: Any, path: CellPath) -> Any:
    """The row's own table in the document (``rows[3]``, ``item.D``), if it has one."""
    node = doc
    for p in path[:2]:
        node = node[p]
    return node if isinstance(node, Mapping) else None


def _get_plain(data: Any, path: CellPath) -> Any:
    from .table_grid import get

    return get(data, path)


def _describe(f: TableFile, values: Mapping[CellPath, Any]) -> str:
    if len(values) == 1:
        (path, value), = values.items()
        return f"{f.table}: {'.'.join(map(str, path))} = {value!r}"
    return f"{f.table}: {len(values)} cells"


def _toml_ready(v: Any) -> Any:
    """JSON data back into what TOML can hold (no nulls: a key without a value is absent)."""
    if isinstance(v, Mapping):
        return {k: _toml_ready(x) for k, x in v.items() if x is not None}
    if isinstance(v, list):
        return [_toml_ready(x) for x in v]
    return v


def differences(tables: TableSet, baseline: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[CellPath, Any]]:
    """Each table's cells whose value is not the baseline's (the bundled pack): {file: {path: theirs}}."""
    from .table_grid import get

    out: dict[str, dict[CellPath, Any]] = {}
    for name, f in tables.files.items():
        theirs = baseline.get(name)
        if theirs is None:
            continue
        cells = {p for r in f.grid().rows for p in r.cells.values()}
        cells |= {p for r in grid_of(theirs).rows for p in r.cells.values()}
        diff = {p: get(theirs, p) for p in cells if get(f.data, p) != get(theirs, p)}
        if diff:
            out[name] = diff
    return out
