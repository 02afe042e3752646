"""``diplodesk variant check``: a variant's data, its tables and its map, every problem with its place.

    diplodesk variant check VARIANT

The data is read as every command reads it (a problem: ``variant.toml: where: what``); an
economy's tables cell by cell; then the map, ``map.svg``, as the map editor opens it, and
the editor's checks run on it, geometry included (a problem: ``map.svg: where: level:
what``, errors before warnings). The app reads a map strictly, so a province it lacks or an
id the variant does not know is an error here too. Exit status 2 when anything is an
error, with one line on stderr; warnings are printed and the status is 0.
"""

from __future__ import annotations

from pathlib import Path

MAX_IDS = 4  # a problem's place names at most this many provinces, then "..."


class CheckCommandError(ValueError):
    """An error-level problem: one line saying what and where (the rest is on stdout)."""


def add_parser(vsub) -> None:
    c = vsub.add_parser("check", help="check a variant (its data, tables and map) and list every problem")
    c.add_argument("name", help="a variant id (see 'variant list') or a variant folder")


def run(args) -> int:
    """Print every problem of the variant; raise :class:`CheckCommandError` on an error."""
    from .engine import VariantError
    from .variants import find_variant, load_variant, say_replaced

    try:
        variant = load_variant(args.name)
        say_replaced(args.name)
    except VariantError as e:
        for problem in e.problems:
            print(f"{e.source}: {problem}")
        raise CheckCommandError(f"variant {args.name}: {e}") from None
    counts = _data_counts(args.name, variant)
    folder = find_variant(args.name)
    svg = folder / "map.svg"
    if not svg.is_file():
        print(f"{svg}: no map: only the data was checked")
        print(f"{variant.id}: no problems ({counts})")
        return 0
    errors, warnings = _map_problems(folder, svg, variant)
    for line in errors + warnings:
        print(line)
    if errors:
        first = errors[0].removeprefix(f"{svg}: ")
        more = f" (and {len(errors) - 1} more errors)" if len(errors) > 1 else ""
        raise CheckCommandError(f"variant {args.name}: {svg}: {first}{more}")
    if warnings:
        print(f"{variant.id}: no errors, {len(warnings)} warning{'s' if len(warnings) > 1 else ''} ({counts})")
    else:
        print(f"{variant.id}: no problems ({counts})")
    return 0


def _data_counts(name: str, variant) -> str:
    """What the data holds, for the summary line; an economy's tables are read here, every cell."""
    if variant.engine == "standard":
        return (f"{len(variant.board.provinces)} provinces, {len(variant.board.centers)} centres, "
                f"{len(variant.powers)} powers")
    from .engine.hyper import TableError, pack_of

    try:
        pack = pack_of(variant)
    except TableError as e:
        for problem in e.problems:
            print(problem)
        raise CheckCommandError(f"variant {name}: {e}") from None
    return (f"{len(variant.board.provinces)} provinces, {len(pack.nations)} nations, "
            f"{len(pack.metas)} tables, provisional: {', '.join(pack.provisional_tables) or 'none'}")


def _map_problems(folder: Path, svg: Path, variant) -> tuple[list[str], list[str]]:
    """The map's problems as lines, errors and warnings apart."""
    from .document.map_checks import ERROR, check_map
    from .document.map_model import MapModel
    from .document.map_records import MapEditError
    from .engine import VariantError
    from .geometry.map_cache import cached_import
    from .geometry.svg_import import MapError
    from .variants import read_variant_file

    try:
        doc = MapModel.from_data(read_variant_file(folder / "variant.toml"), svg, source=str(folder))
        refused = cached_import(svg, variant.board, strict=False).refused()  # the disk cache's copy
    except VariantError as e:  # changed since it was loaded a moment ago
        return [f"{e.source}: error: {'; '.join(e.problems)}"], []
    except (MapError, MapEditError) as e:
        return [f"{svg}: error: {str(e).removeprefix(f'{svg}: ')}"], []
    errors = [f"{svg}: {where}: error: {why}" for where, why in refused]
    toml = folder / "variant.toml"
    warnings = [f"{toml}: warning: {what.removeprefix(f'{folder}: ')}" for what in doc.load_problems]
    for p in check_map(doc):
        line = f"{svg}: {_where(p)}{p.level}: {p.message}"
        (errors if p.level == ERROR else warnings).append(line)
    return errors, warnings


def _where(p) -> str:
    """A problem's place: the provinces it names and the middle of its box."""
    ids = list(p.ids[:MAX_IDS]) + (["..."] if len(p.ids) > MAX_IDS else [])
    at = f"x {p.where[0]:.0f}, y {p.where[1]:.0f}" if p.where is not None else ""
    where = " ".join(s for s in (", ".join(ids), f"({at})" if at and ids else at) if s)
    return f"{where}: " if where else ""
