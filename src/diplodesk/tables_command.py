"""``diplodesk tables``: a Hypereconomic variant's tables, for a GM who types them in once.

    diplodesk tables edit VARIANT_DIR                      the table editor in a window
    diplodesk tables export VARIANT_DIR TABLE FILE.csv     one table to CSV
    diplodesk tables import VARIANT_DIR TABLE FILE.csv [--status published]
                                                           a CSV onto one table, saved

An import is checked as the engine checks the tables and refused whole (line and column, or
table, row and field) if any cell is wrong; the changed file is saved atomically, the
previous one kept as ``.bak``. TABLE is the table's id (T7), file name or file stem.
"""

from __future__ import annotations

from pathlib import Path


class TablesCommandError(ValueError):
    """Bad input: one line saying what and where."""


def add_parser(sub) -> None:
    t = sub.add_parser("tables", help="a variant's tables: edit in a window, export or import CSV")
    tsub = t.add_subparsers(dest="tables_command", parser_class=type(t), required=True)
    e = tsub.add_parser("edit", help="open the table editor on a variant folder")
    e.add_argument("variant", type=Path, help="the variant folder (with variant.toml and its tables)")
    e.add_argument("--grab", type=Path, metavar="PNG", help="draw the window to this PNG and quit")
    for verb, what in (("export", "write one table as CSV"), ("import", "read a CSV onto one table and save it")):
        p = tsub.add_parser(verb, help=what)
        p.add_argument("variant", type=Path, help="the variant folder (with variant.toml and its tables)")
        p.add_argument("table", help="the table: its id (T7, nations, rules), file name or file stem")
        p.add_argument("csv", type=Path, metavar="FILE.csv",
                       help="the CSV file to write" if verb == "export" else "the CSV file to read")
        if verb == "export":
            p.add_argument("--force", action="store_true", help="replace the CSV file if it exists")
        else:
            p.add_argument("--status", choices=("gm-edited", "published"), default="gm-edited",
                           help="how the rows it changes are marked: gm-edited (the GM's own numbers, "
                           "the default) or published (typed in from the printed table)")


def run(args) -> int:
    from .document.hyper_tables import TableEditError, TableSet
    from .document.table_csv import CsvError
    from .engine.variant import VariantError

    if not (args.variant / "variant.toml").is_file():
        raise TablesCommandError(f"{args.variant}: not a variant folder (no variant.toml)")
    try:
        if args.tables_command == "edit":
            return _edit(args)
        tables = TableSet.open(args.variant)
        f = tables.find(args.table)
        if args.tables_command == "export":
            return _export(args, f)
        return _import(args, tables, f)
    except (VariantError, TableEditError, CsvError) as e:
        raise TablesCommandError(str(e)) from None


def _export(args, f) -> int:
    from .document.table_csv import export_csv
    from .engine.files import write_output

    if args.csv.exists() and not args.force:
        raise TablesCommandError(f"{args.csv}: exists (--force replaces it)")
    try:
        write_output(args.csv, export_csv(f).encode("utf-8"))
    except OSError as e:
        raise TablesCommandError(f"{args.csv}: cannot be written ({e.strerror or e})") from None
    print(f"{args.csv}: {f.table} ({len(f.grid().rows)} rows)")
    return 0


def _import(args, tables, f) -> int:
    from .document.table_csv import import_csv, read_csv_file

    text = read_csv_file(args.csv)
    command = import_csv(tables, f, text, args.csv.name, args.status)
    if command is None:
        print(f"{args.csv}: says what {f.table} already has; nothing saved")
        return 0
    command.redo()
    try:
        [path] = tables.save()
    except OSError as e:
        raise TablesCommandError(f"{args.variant / f.name}: cannot be saved ({e.strerror or e})") from None
    print(f"{path}: {f.table} imported from {args.csv} (the previous file kept as {path.name}.bak)")
    return 0


def _edit(args) -> int:
    if args.grab is not None and not args.grab.parent.is_dir():  # found out before a window opens
        raise TablesCommandError(f"{args.grab}: cannot write: {args.grab.parent} is not a folder")
    try:
        from .gui.hyper.tables_window import run
    except ImportError as e:
        raise TablesCommandError(f"the table editor cannot start here: {e}") from None
    return run(args.variant, args.grab)
