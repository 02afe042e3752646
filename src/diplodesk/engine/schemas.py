"""One schema per file format: position, result, game file and ``variant.toml``.

The shapes are msgspec Structs, so a well-kept library (not hand-written ``isinstance``
chains) checks every key and type, and the same definitions give the JSON Schema published
in ``docs/schemas/``. Unknown keys and wrong types are errors naming the field's path
(``history[12].position.units[3].at``) and what was expected. These check *structure*;
meaning (is ``lon`` a province, may an army stand there) stays with the readers in
``position.py`` and ``variant.py``.
"""

from __future__ import annotations

import re
import types
import typing
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from .plain_text import CLASS, refusal


class SchemaError(ValueError):
    """Data does not have the shape of its format; ``path`` is where, ``what`` is why."""

    def __init__(self, path: str, what: str):
        self.path = path
        self.what = what
        super().__init__(f"{path}: {what}" if path else what)


class _Shape(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A JSON or TOML object whose keys are all known."""


# a name is one line of text: no line break, control character or bidi control (plain_text)
Name = Annotated[str, Meta(min_length=1, max_length=200, pattern=f"^[^{CLASS}]*$")]
Text = Annotated[str, Meta(max_length=10_000)]


# -- position (CONTRACTS 3) ------------------------------------------------------------------


class UnitShape(_Shape):
    power: Name
    type: Annotated[str, Meta(pattern=r"^[AaFf?]", max_length=20)]
    at: Name
    choice: bool = False


class DislodgedShape(_Shape):
    power: Name
    type: Annotated[str, Meta(pattern=r"^[AaFf]", max_length=20)]
    at: Name
    attacker_from: Name | None = None
    retreats: list[Name] | None | UnsetType = UNSET


class PlayerShape(_Shape):
    public: Name | UnsetType = UNSET
    secret: Name | UnsetType = UNSET


class AssignmentShape(_Shape):
    """How the powers were dealt to the players: the seed of the lots, their wishes."""

    seed: int | UnsetType = UNSET
    preferences: dict[str, list[Name]] | UnsetType = UNSET


class PositionShape(_Shape):
    """A position, as ``adjudicate`` takes it and a game file holds it."""

    phase: Annotated[str, Meta(max_length=20)]
    variant: Name = "standard"
    rules: list[Name] = []
    units: list[UnitShape] | None = None
    dislodged: list[DislodgedShape] | None = None
    contested: list[Name] | None = None
    centers: dict[str, list[Name]] | None = None
    orders: dict[str, list[Text] | Text] | None = None
    # fields of rule modules: secret powers, Blind's land and anarchy, the game's end
    players: dict[str, PlayerShape] | UnsetType = UNSET
    assignment: AssignmentShape | UnsetType = UNSET
    land: dict[str, list[Name]] | UnsetType = UNSET
    anarchy: list[Name] | UnsetType = UNSET
    winner: Name | list[Name] | None | UnsetType = UNSET


class StoredPositionShape(PositionShape, kw_only=True):
    """A position as a game file holds it: written by the engine, so in its one canonical
    form (lists, never null or the one-string form of orders; centres always given)."""

    centers: dict[str, list[Name]]
    units: list[UnitShape] = []
    dislodged: list[DislodgedShape] = []
    contested: list[Name] = []
    orders: dict[str, list[Text]] = {}


# -- result (CONTRACTS 4) --------------------------------------------------------------------


class UncountedShape(_Shape):
    unit: Name
    why: Text


class ExplainStepShape(_Shape):
    """One step of an explanation (``engine/explain.py``): the rule, in words, with numbers."""

    about: Literal["attack", "hold", "defend", "prevent", "blocker", "path", "move", "support", "convoy",
                   "dislodged", "paradox", "check", "mechanism", "retreat", "adjustment"]
    rule: Text
    says: Text
    strength: int | UnsetType = UNSET
    units: list[Name] | UnsetType = UNSET
    uncounted: list[UncountedShape] | UnsetType = UNSET
    of: Name | None | UnsetType = UNSET
    ok: bool | UnsetType = UNSET
    fate: Literal["given", "cut", "dislodged", "void", "carries", "paradox"] | UnsetType = UNSET
    by: Name | UnsetType = UNSET
    counts: bool | UnsetType = UNSET


class ExplainShape(_Shape):
    steps: list[ExplainStepShape]
    text: Text


class OrderResultShape(_Shape):
    power: Name | None
    text: Text | None
    order: Text | None
    status: Literal["succeeds", "fails", "invalid"]
    reason: Text | None = None
    detail: Text | UnsetType = UNSET
    explain: ExplainShape | UnsetType = UNSET  # only when asked for (adjudicate(..., explain=True))


class ResultShape(_Shape):
    """What ``adjudicate`` returns: each order's fate and the next position."""

    phase: Annotated[str, Meta(max_length=20)]
    orders: list[OrderResultShape]
    next: PositionShape


class StoredResultShape(ResultShape):
    next: StoredPositionShape


# -- variant.toml (docs/variant-format.md) ---------------------------------------------------

Season = Annotated[str, Meta(pattern=r"^[A-Z]$")]


class CalendarShape(_Shape):
    start_year: Annotated[int, Meta(ge=-9999, le=9999)] = 1901
    year_step: Annotated[int, Meta(ge=1, le=100)] = 1
    seasons: Annotated[list[Season], Meta(min_length=1, max_length=12)] | UnsetType = UNSET
    years_after: dict[Season, Annotated[int, Meta(ge=0, le=100)]] | UnsetType = UNSET
    build_after: Season | Annotated[list[Season], Meta(min_length=1)] | UnsetType = UNSET


class VictoryShape(_Shape):
    centers: Annotated[int, Meta(ge=1, le=100_000)]
    by: Literal["power", "player"] = "power"
    players: Annotated[int, Meta(ge=0, le=1000)] = 0


class PowerShape(_Shape):
    adjective: Name | UnsetType = UNSET
    color: Annotated[str, Meta(max_length=20, description="like #1f4e9c")] = "#888888"
    land: list[Name] = []


class ProvinceShape(_Shape):
    kind: Literal["land", "coast", "sea", "impassable"]
    name: Name | UnsetType = UNSET
    center: bool = False
    home: Name | UnsetType = UNSET
    coasts: list[Annotated[str, Meta(pattern=r"^[a-z0-9]{1,10}$")]] = []
    aliases: list[Name] = []


class AdjacencyShape(_Shape):
    army: list[Annotated[str, Meta(max_length=100)]] = []
    fleet: list[Annotated[str, Meta(max_length=100)]] = []


class SpecialShape(_Shape):
    kind: Literal["difficult", "seasonal", "railroad", "canal", "land_bridge"]
    between: list[Name] | UnsetType = UNSET
    provinces: list[Name] | UnsetType = UNSET
    seasons: list[Season] | UnsetType = UNSET
    powers: list[Name] | UnsetType = UNSET
    units: list[Name] | UnsetType = UNSET
    name: Name | UnsetType = UNSET
    code: Name | UnsetType = UNSET
    # a canal an economic engine runs (Hypereconomic VIII.5-6): shut, reopened, built
    closable: bool | UnsetType = UNSET
    site: Name | UnsetType = UNSET
    state: Literal["open", "closed"] | UnsetType = UNSET
    coasts: list[Name] | UnsetType = UNSET
    sides: list[list[Name]] | UnsetType = UNSET


class StartUnitShape(_Shape):
    power: Name
    type: Literal["A", "F", "?"]
    at: Name
    choice: bool = False


class StartShape(_Shape):
    phase: Annotated[str, Meta(max_length=20)] | UnsetType = UNSET
    units: list[StartUnitShape] = []
    centers: dict[str, list[Name]] = {}


class EditorShape(_Shape):
    """What the map editor keeps beside the facts (pins; a save with errors)."""

    playable: bool = True
    problems: list[Text] = []
    pinned_army: list[Text] = []
    unpinned_army: list[Text] = []
    pinned_fleet: list[Text] = []
    unpinned_fleet: list[Text] = []
    gap: float | None = None  # the distance borders were measured across
    min_border: float | None = None  # the shared boundary that makes two provinces neighbours


class RuleCellShape(_Shape):
    path: Annotated[list[Annotated[str, Meta(max_length=200)] | Annotated[int, Meta(ge=0, le=100_000)]],
                    Meta(min_length=1, max_length=20)]
    value: Any = None  # none: the cell is taken out


class RuleChangeShape(_Shape):
    """A table change a GM made during a game, dated from a season (IX.6; engine/rule_changes.py)."""

    effective_from: Annotated[str, Meta(pattern=r"^[A-Z]\d{1,5}[MRA]?$")]
    file: Annotated[str, Meta(max_length=200)]
    cells: list[RuleCellShape]
    made_in: Annotated[str, Meta(max_length=20)] = ""
    note: Text = ""


class SheetShape(_Shape):
    """A regional sheet of a large map: a name and a box in the map's SVG user units."""

    name: Name
    box: Annotated[list[float], Meta(min_length=4, max_length=4)]


class VariantShape(_Shape):
    """A ``variant.toml``, or the variant copy inside a game file."""

    id: Annotated[str, Meta(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")]  # a folder's name, never a path
    powers: dict[Name, PowerShape]
    provinces: dict[Name, ProvinceShape]
    start: StartShape
    victory: VictoryShape | UnsetType = UNSET  # required by the standard engine
    format: Annotated[int, Meta(ge=1, le=1)] = 1
    # the season engine (CONTRACTS 6); a variant of numbers names its table files
    # (globs in the folder), which the catalog reads into table_files: {file: its TOML}
    engine: Literal["standard", "hypereconomic"] = "standard"
    tables: list[Annotated[str, Meta(max_length=200)]] = []
    table_files: dict[Annotated[str, Meta(max_length=200)], dict[str, Any]] = {}
    rule_changes: list[RuleChangeShape] = []  # a game's copy only: the GM's dated changes
    name: Name | UnsetType = UNSET
    description: Text | UnsetType = UNSET
    rules: list[Name] = []
    calendar: CalendarShape | UnsetType = UNSET
    adjacency: AdjacencyShape | UnsetType = UNSET
    special: list[SpecialShape] = []
    editor: EditorShape | UnsetType = UNSET
    # regional sheets of a world-sized map (views, print pages): id -> name and box
    sheets: dict[Name, SheetShape] = {}


# -- game file (DESIGN "Formats") ------------------------------------------------------------


class GameVariantShape(_Shape):
    id: Name
    data: VariantShape
    # SHA-256 of the data as canonical JSON: a copy changed after the save is refused
    sha256: Annotated[str, Meta(pattern=r"^[0-9a-f]{64}$")] | UnsetType = UNSET


class HistoryShape(_Shape):
    position: StoredPositionShape
    result: StoredResultShape
    # the engine revision that adjudicated it, where it is not the file's
    engine_revision: Annotated[int, Meta(ge=1)] | UnsetType = UNSET


class BranchShape(_Shape):
    """A what-if beside the game: other orders tried from the game's phase ``fork``."""

    name: Annotated[str, Meta(min_length=1, max_length=200)]
    fork: Annotated[int, Meta(ge=0)]
    current: StoredPositionShape
    history: list[HistoryShape] = []
    winner: Name | list[Name] | None = None


class RosterPlayerShape(_Shape):
    """One of the GM's players: who, where their mail goes, which powers they play (several
    for Woolworth's public and secret powers; a power may have several players)."""

    name: Name
    email: Annotated[str, Meta(min_length=3, max_length=320)]
    powers: list[Name] = []
    note: Text = ""


class GameShape(_Shape):
    """A saved game: the variant's copy, every processed phase, the current one."""

    format: Annotated[int, Meta(ge=1)]
    variant: GameVariantShape
    current: StoredPositionShape
    app: Name = "diplodesk"
    history: list[HistoryShape] = []
    winner: Name | list[Name] | None = None
    settings: dict[str, Any] = {}
    # the engine revision that saved it (engine.process.REVISION); 1 where missing
    engine_revision: Annotated[int, Meta(ge=1)] | UnsetType = UNSET
    # format 2: what-ifs played beside the game, never part of it
    branches: list[BranchShape] = []
    # the GM's players and their e-mail addresses (never a password)
    players: list[RosterPlayerShape] = []


class OtherHistoryShape(_Shape):
    position: dict[str, Any]
    result: dict[str, Any]
    engine_revision: Annotated[int, Meta(ge=1)] | UnsetType = UNSET


class OtherBranchShape(_Shape):
    """A what-if of such a game: its positions and results are its engine's to read."""

    name: Annotated[str, Meta(min_length=1, max_length=200)]
    fork: Annotated[int, Meta(ge=0)]
    current: dict[str, Any]
    history: list[OtherHistoryShape] = []
    winner: Name | list[Name] | None = None


class OtherGameShape(_Shape):
    """A saved game of a variant with a season engine of its own (CONTRACTS 6): that engine
    reads its positions and results itself, as strictly."""

    format: Annotated[int, Meta(ge=1)]
    variant: GameVariantShape
    current: dict[str, Any]
    app: Name = "diplodesk"
    history: list[OtherHistoryShape] = []
    winner: Name | list[Name] | None = None
    settings: dict[str, Any] = {}
    branches: list[OtherBranchShape] = []
    players: list[RosterPlayerShape] = []
    engine_revision: Annotated[int, Meta(ge=1)] | UnsetType = UNSET


SHAPES: dict[str, type[Struct]] = {
    "position": PositionShape,
    "result": ResultShape,
    "game": GameShape,
    "variant": VariantShape,
}


# -- checking --------------------------------------------------------------------------------


def check(data: Any, shape: type[Struct]) -> None:
    """Raise :class:`SchemaError` naming the path and the expectation if ``data`` (plain
    JSON or TOML values) does not have the shape.

    The parts a shape leaves free (``Any``: table files, the GM's settings, a season
    engine's positions) may nest at most :data:`MAX_FREE_DEPTH` deep: a list 600 deep loaded
    and adjudicated, then could not be saved (the JSON writer recursed)."""
    try:
        msgspec.convert(data, shape, strict=True)
    except msgspec.ValidationError as e:
        raise _error(str(e), data, shape) from None
    except RecursionError:
        raise SchemaError("", "nested too deeply") from None
    for where, value in _free_parts(data, shape):
        if _nested_over(value, MAX_FREE_DEPTH):
            raise SchemaError(where, f"nested more than {MAX_FREE_DEPTH} deep")


MAX_FREE_DEPTH = 32


def _free_parts(data: dict, shape: type[Struct]):
    """(path, value) of each part of checked data that its shape types as ``Any``."""
    if shape is VariantShape:
        yield "table_files", data.get("table_files")
        for i, change in enumerate(data.get("rule_changes") or ()):
            yield f"rule_changes[{i}].cells", change.get("cells")
        return
    if shape not in (GameShape, OtherGameShape):
        return
    yield from ((f"variant.data.{w}", v) for w, v in _free_parts(data["variant"]["data"], VariantShape))
    yield "settings", data.get("settings")
    if shape is OtherGameShape:  # its engine reads these strictly, but what it keeps it writes back
        yield "current", data["current"]
        for where, records in [("history", data.get("history") or ())] + [
                (f"branches[{i}].history", b.get("history") or ()) for i, b in enumerate(data.get("branches") or ())]:
            yield from ((f"{where}[{j}]", r) for j, r in enumerate(records))
        yield from ((f"branches[{i}].current", b["current"]) for i, b in enumerate(data.get("branches") or ()))


def _nested_over(value: Any, limit: int) -> bool:
    """Whether lists and objects nest more than ``limit`` deep in ``value`` (no recursion)."""
    todo = [(value, 0)]
    while todo:
        v, depth = todo.pop()
        if depth > limit:
            return True
        items = v.values() if isinstance(v, dict) else v if isinstance(v, list) else ()
        todo.extend((x, depth + 1) for x in items if isinstance(x, dict | list))
    return False


def json_schema(shape: type[Struct]) -> dict[str, Any]:
    """The JSON Schema (2020-12) of a format, for other tools to check files with."""
    schema = msgspec.json.schema(shape)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


_AT = re.compile(r"^(?P<what>.*?)(?: - at (?P<key>`key` in )?`\$(?P<path>[^`]*)`)?$", re.S)
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<key>.*)`$", re.S)
_TOKEN = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+|\.\.\.)\]")


def _error(message: str, data: Any, shape: type) -> SchemaError:
    m = _AT.match(message)
    what, path = m.group("what"), m.group("path") or ""
    unknown = _UNKNOWN.match(what)
    if unknown:
        what = f"unknown field {unknown.group('key')!r} (expected one of: {_fields_at(path, data, shape)})"
    elif "matching regex" in what and "x00-" in what:  # a name's pattern: say which character
        value = _walk(path, data, shape)[1]
        if isinstance(value, dict):  # a key of the mapping at the path
            value = next((k for k in value if isinstance(k, str) and refusal(k)), None)
        what = refusal(value) if isinstance(value, str) and refusal(value) else "a name holds no control characters"
    else:
        what = what.replace("Expected", "expected", 1)
    return SchemaError(_name_keys(path, data, shape), what)


def _walk(path: str, data: Any, shape: Any):
    """Follow a msgspec path through the data and the types, naming each ``[...]`` (a key
    of a mapping, which msgspec leaves out) by finding the entry that fails."""
    out = []
    for attr, index in _TOKEN.findall(path):
        shape = _arm(shape, data)
        if attr:
            out.append(f".{attr}")
            hints = typing.get_type_hints(shape, include_extras=True) if isinstance(shape, type) else {}
            shape = hints.get(attr, Any)
            data = data.get(attr) if isinstance(data, dict) else None
        elif index == "...":
            value_type = _args(shape)[1] if _args(shape) else Any
            key = next((k for k, v in (data or {}).items() if not _fits(v, value_type)), None)
            out.append(f".{key}" if key is not None and re.fullmatch(r"[\w-]+", str(key)) else f"[{key!r}]")
            data, shape = (data or {}).get(key), value_type
        else:
            out.append(f"[{index}]")
            shape = _args(shape)[0] if _args(shape) else Any
            data = data[int(index)] if isinstance(data, list) and int(index) < len(data) else None
    return "".join(out).lstrip("."), data, _arm(shape, data)


def _name_keys(path: str, data: Any, shape: Any) -> str:
    return _walk(path, data, shape)[0]


def _fields_at(path: str, data: Any, shape: Any) -> str:
    here = _walk(path, data, shape)[2]
    fields = getattr(here, "__struct_fields__", ())
    return ", ".join(fields) or "no fields"


def _args(tp: Any) -> tuple:
    while typing.get_origin(tp) is Annotated:
        tp = typing.get_args(tp)[0]
    return typing.get_args(tp)


def _arm(tp: Any, data: Any) -> Any:
    """The arm of a union (and the type inside Annotated) that the data's kind selects."""
    while True:
        origin = typing.get_origin(tp)
        if origin is Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            arms = [a for a in typing.get_args(tp) if a not in (type(None), UnsetType)]
            want = dict if isinstance(data, dict) else list if isinstance(data, list) else None
            pick = [a for a in arms if (typing.get_origin(a) or a) is want
                    or (want is dict and isinstance(a, type) and issubclass(a, Struct))]
            tp = (pick or arms or [Any])[0]
        else:
            return tp


def _fits(value: Any, tp: Any) -> bool:
    try:
        msgspec.convert(value, tp, strict=True)
    except (msgspec.ValidationError, TypeError):
        return False
    return True
