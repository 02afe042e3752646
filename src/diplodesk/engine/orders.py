"""Orders: their types, and parsing and formatting them in every form GMs meet.

Accepted: the DATC's long form (``F North Sea - Picardy``, ``A Liverpool - Edinburgh via
Convoy``, ``F English Channel Supports A Wales - Belgium``, ``Build F St Petersburg(nc)``),
the judge short form (``F nth-pic``, ``A lvp-edi VIA``, ``F eng S A wal-bel``, ``B A war``,
``D F kie``), aliases and full names in any case, and coasts as ``(nc)``, ``/nc``, ``-nc``
or ``north coast``. A text that can't be read raises :class:`OrderParseError`, which says
where it stopped making sense. Whether an order is *legal* is the adjudicator's business.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, UnitType, province_of
from .names import name_table, tokenize
from .phase import PhaseType


class OrderParseError(ValueError):
    """The text is not an order; ``column`` is where reading stopped."""

    def __init__(self, text: str, message: str, column: int | None = None):
        self.text = text
        self.column = column
        where = f" (at column {column + 1})" if column is not None else ""
        super().__init__(f"{message}{where}")


@dataclass(frozen=True)
class Order:
    """An order to the unit at ``loc`` (a location, coast as written or missing)."""

    unit: UnitType | None
    loc: str

    @property
    def province(self) -> str:
        return province_of(self.loc)


@dataclass(frozen=True)
class Hold(Order):
    pass


@dataclass(frozen=True)
class Move(Order):
    dest: str
    via_convoy: bool = False
    path: tuple[str, ...] = ()  # a convoy path as the judges write it: A lon - eng - bel


@dataclass(frozen=True)
class Support(Order):
    """Support of the unit at ``target`` to hold (``dest`` None) or to move to ``dest``."""

    target_unit: UnitType | None
    target: str
    dest: str | None = None


@dataclass(frozen=True)
class Convoy(Order):
    target_unit: UnitType | None
    target: str
    dest: str


@dataclass(frozen=True)
class RailMove(Order):
    """A move along a railroad line (Colonial's ``A Omsk TSR Vladivostok``)."""

    dest: str


@dataclass(frozen=True)
class Retreat(Order):
    dest: str


@dataclass(frozen=True)
class Disband(Order):
    pass


@dataclass(frozen=True)
class Build(Order):
    pass


@dataclass(frozen=True)
class Remove(Order):
    pass


@dataclass(frozen=True)
class Waive:
    unit: None = None
    loc: str = ""

    @property
    def province(self) -> str:
        return ""


AnyOrder = Order | Waive

_KEYWORDS: dict[str, str] = {}
for _kind, _words in {
    "ARMY": "a army",
    "FLEET": "f fleet",
    "HOLD": "h hold holds stand stands",
    "MOVE": "- -> => > to m move moves mv attacks",
    "SUPPORT": "s support supports sup",
    "CONVOY": "c convoy convoys cvy",
    "VIA": "via",
    "BY": "by",
    "BUILD": "b build builds",
    "DISBAND": "d disband disbands",
    "REMOVE": "remove removes",
    "RETREAT": "r retreat retreats",
    "WAIVE": "waive waives",
    "RAIL": "tsr rail railroad",
}.items():
    for _w in _words.split():
        _KEYWORDS[_w] = _kind


@dataclass
class _Tok:
    kind: str  # a keyword kind, LOC, POWER, or WORD
    value: str
    col: int


_FAST_KINDS = {
    "A": "ARMY", "F": "FLEET", "H": "HOLD", "S": "SUPPORT", "C": "CONVOY", "-": "MOVE",
    "VIA": "VIA", "B": "BUILD", "D": "DISBAND", "R": "RETREAT",
}


def _fast_tokens(text: str, board: Board) -> list[_Tok] | None:
    """Tokens of an order in the exact judge short form (``F nth - pic``), else None."""
    exact = name_table(board).exact
    toks = []
    col = 0
    for part in text.split(" "):
        if part in exact:
            toks.append(_Tok("LOC", part, col))
        else:
            kind = _FAST_KINDS.get(part)
            if kind is None:
                return None
            toks.append(_Tok(kind, part, col))
        col += len(part) + 1
    return toks


class _Reader:
    def __init__(self, text: str, board: Board, powers: dict[str, str]):
        self.text = text
        self.pos = 0
        fast = _fast_tokens(text, board)
        if fast is not None:
            self.toks = fast
            return
        raw = tokenize(text)
        words = [t for t, _ in raw]
        table = name_table(board)
        toks: list[_Tok] = []
        i = 0
        while i < len(raw):
            word, col = raw[i]
            if word in (",", ";", "(", ")"):
                i += 1
                continue
            kw = _KEYWORDS.get(word)
            # single letters and keywords first: no province is called "a" or "to"
            if kw is not None and (len(word) <= 2 or word in ("army", "fleet")):
                toks.append(_Tok(kw, word, col))
                i += 1
                continue
            nxt = words[i + 1] if i + 1 < len(words) else ""
            if word in powers and nxt in ("a", "f", "army", "fleet", ":"):
                # "English A wal": a nationality, even where it also names a place
                toks.append(_Tok("POWER", powers[word], col))
                i += 1
                continue
            found = table.match(words, i)
            if found is not None:
                toks.append(_Tok("LOC", found[0], col))
                i += found[1]
                continue
            if kw is not None:
                toks.append(_Tok(kw, word, col))
            elif word in powers:
                toks.append(_Tok("POWER", powers[word], col))
            elif word == ":":
                toks.append(_Tok("COLON", word, col))
            else:
                toks.append(_Tok("WORD", word, col))
            i += 1
        self.toks = toks

    def peek(self, *kinds: str) -> bool:
        return self.pos < len(self.toks) and (not kinds or self.toks[self.pos].kind in kinds)

    def take(self, *kinds: str) -> _Tok | None:
        if self.peek(*kinds):
            t = self.toks[self.pos]
            self.pos += 1
            return t
        return None

    def col(self) -> int:
        return self.toks[self.pos].col if self.pos < len(self.toks) else len(self.text)

    def error(self, expected: str) -> OrderParseError:
        if self.pos < len(self.toks):
            t = self.toks[self.pos]
            got = f"'{t.value}'" if t.kind != "WORD" else f"'{t.value}', which is no place or order word"
            return OrderParseError(self.text, f"expected {expected} but found {got}", t.col)
        return OrderParseError(self.text, f"expected {expected} but the order ends", len(self.text))

    def unit_type(self) -> UnitType | None:
        if self.take("ARMY"):
            return UnitType.ARMY
        if self.take("FLEET"):
            return UnitType.FLEET
        return None

    def loc(self, what: str = "a province") -> str:
        t = self.take("LOC")
        if t is None:
            raise self.error(what)
        return t.value

    def end(self) -> None:
        if self.pos < len(self.toks):
            raise self.error("the end of the order")


def power_words(powers: dict[str, str] | None) -> dict[str, str]:
    """Lower-case power names and adjectives -> power name."""
    return {k.lower(): v for k, v in (powers or {}).items()}


_CACHE_SIZE = 50_000


def parse_order(
    text: str,
    board: Board,
    phase: PhaseType = PhaseType.MOVEMENT,
    powers: dict[str, str] | None = None,
) -> AnyOrder:
    """Parse one order; ``powers`` maps names and adjectives (any case) to power names.

    Results (and errors) are remembered per board: the same texts come back every turn.
    """
    if not isinstance(text, str):
        raise OrderParseError(str(text), "an order must be text")
    cache = board._cache.setdefault("orders", {})
    # callers pass the same powers mapping every time (orderset.power_words caches it)
    key = (text, phase, id(powers) if powers else 0)
    hit = cache.get(key)
    if hit is None:
        try:
            hit = _parse(text, board, phase, powers)
        except OrderParseError as e:
            hit = e
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        cache[key] = hit
    if isinstance(hit, OrderParseError):
        raise hit
    return hit


def _parse(text: str, board: Board, phase: PhaseType, powers: dict[str, str] | None) -> AnyOrder:
    if not isinstance(text, str):
        raise OrderParseError(str(text), "an order must be text")
    if len(text) > 500:
        raise OrderParseError(text[:40] + "...", "an order of more than 500 characters")
    r = _Reader(text, board, power_words(powers))
    if not r.toks:
        raise OrderParseError(text, "empty order")
    # "England: F nth - pic" or "England F nth - pic"
    if r.peek("POWER"):
        r.take()
        r.take("COLON")
    if r.take("WAIVE"):
        r.end()
        return Waive()
    if r.take("BUILD"):
        unit = r.unit_type()
        loc = r.loc("where to build")
        r.end()
        return Build(unit, loc)
    if r.peek("REMOVE", "DISBAND"):
        kind = r.take().kind
        unit = r.unit_type()
        loc = r.loc("the unit to remove")
        r.end()
        if phase is PhaseType.RETREAT:
            return Disband(unit, loc)
        if phase is PhaseType.ADJUSTMENT or kind == "REMOVE":
            return Remove(unit, loc)
        return Disband(unit, loc)
    unit = r.unit_type()
    if not r.peek("LOC"):
        raise r.error("a unit's province" if unit else "a unit type (A/F), a province, Build, Remove or Waive")
    loc = r.loc()
    if not r.peek() or r.take("HOLD"):
        r.end()
        return Hold(unit, loc)
    if r.take("MOVE") or r.take("RETREAT"):
        dest = r.loc("where to move")
        via = False
        path: tuple[str, ...] = ()
        while r.take("MOVE"):  # a convoy path "A lon - nth - bel" (DATC 4.A.6)
            path += (dest,)
            dest = r.loc("where to move")
            via = True
        if r.take("VIA"):  # "via convoy", or the judges' bare "VIA"
            r.take("CONVOY")
            via = True
        elif r.take("BY"):
            if not r.take("CONVOY"):
                raise r.error("'convoy'")
            via = True
        r.end()
        if phase is PhaseType.RETREAT:
            if path:
                raise OrderParseError(text, "a retreat goes to one place, not along a path")
            return Retreat(unit, loc, dest)
        return Move(unit, loc, dest, via, path) if path else Move(unit, loc, dest, via)
    if r.take("SUPPORT"):
        r.take("POWER")
        tunit = r.unit_type()
        target = r.loc("the supported unit's province")
        dest = None
        if r.take("MOVE") or r.take("RAIL"):
            dest = r.loc("where the supported unit moves")
        else:
            r.take("HOLD")
        r.end()
        return Support(unit, loc, tunit, target, dest)
    if r.take("CONVOY"):
        r.take("POWER")
        tunit = r.unit_type()
        target = r.loc("the convoyed army's province")
        if not r.take("MOVE"):
            raise r.error("'-' and where the army goes")
        dest = r.loc("where the army goes")
        r.end()
        return Convoy(unit, loc, tunit, target, dest)
    if r.take("RAIL"):
        dest = r.loc("where the railroad move ends")
        r.end()
        return RailMove(unit, loc, dest)
    if r.peek("DISBAND", "REMOVE"):
        r.take()
        r.end()
        if phase is PhaseType.ADJUSTMENT:
            return Remove(unit, loc)
        return Disband(unit, loc)
    if r.take("BUILD"):
        r.end()
        return Build(unit, loc)
    raise r.error("H, -, S, C, D or the end of the order")


# -- formatting -------------------------------------------------------------------------


_UNIT_PREFIX = {UnitType.ARMY: "A ", UnitType.FLEET: "F ", None: ""}


def _u(unit: UnitType | None) -> str:
    return _UNIT_PREFIX[unit]


def format_order(order: AnyOrder) -> str:
    """The judge short form: ``F nth - pic``, ``A vie S A bud - gal``, ``B F stp/nc``."""
    match order:
        case Waive():
            return "Waive"
        case Hold():
            return f"{_u(order.unit)}{order.loc} H"
        case Move():
            return f"{_u(order.unit)}{order.loc} - {order.dest}" + (" VIA" if order.via_convoy else "")
        case Support(dest=None):
            return f"{_u(order.unit)}{order.loc} S {_u(order.target_unit)}{order.target}"
        case Support():
            return f"{_u(order.unit)}{order.loc} S {_u(order.target_unit)}{order.target} - {order.dest}"
        case Convoy():
            return f"{_u(order.unit)}{order.loc} C {_u(order.target_unit)}{order.target} - {order.dest}"
        case RailMove():
            return f"{_u(order.unit)}{order.loc} TSR {order.dest}"
        case Retreat():
            return f"{_u(order.unit)}{order.loc} R {order.dest}"
        case Disband():
            return f"{_u(order.unit)}{order.loc} D"
        case Build():
            return f"B {_u(order.unit)}{order.loc}"
        case Remove():
            return f"D {_u(order.unit)}{order.loc}"
    raise TypeError(order)


def _name(board: Board, loc: str) -> str:
    prov = board.province(loc)
    coast = loc.partition("/")[2]
    return f"{prov.name}({coast})" if coast else prov.name


def format_order_long(order: AnyOrder, board: Board) -> str:
    """The DATC's long form: ``F North Sea - Picardy``."""
    n = lambda loc: _name(board, loc)  # noqa: E731
    ul = lambda u: f"{'A' if u is UnitType.ARMY else 'F'} " if u else ""  # noqa: E731
    match order:
        case Waive():
            return "Waive"
        case Hold():
            return f"{ul(order.unit)}{n(order.loc)} Hold"
        case Move():
            return f"{ul(order.unit)}{n(order.loc)} - {n(order.dest)}" + (
                " via Convoy" if order.via_convoy else ""
            )
        case Support(dest=None):
            return f"{ul(order.unit)}{n(order.loc)} Supports {ul(order.target_unit)}{n(order.target)}"
        case Support():
            return (
                f"{ul(order.unit)}{n(order.loc)} Supports "
                f"{ul(order.target_unit)}{n(order.target)} - {n(order.dest)}"
            )
        case Convoy():
            return (
                f"{ul(order.unit)}{n(order.loc)} Convoys "
                f"{ul(order.target_unit)}{n(order.target)} - {n(order.dest)}"
            )
        case RailMove():
            return f"{ul(order.unit)}{n(order.loc)} TSR {n(order.dest)}"
        case Retreat():
            return f"{ul(order.unit)}{n(order.loc)} - {n(order.dest)}"
        case Disband():
            return f"Disband {ul(order.unit)}{n(order.loc)}"
        case Build():
            return f"Build {ul(order.unit)}{n(order.loc)}"
        case Remove():
            return f"Remove {ul(order.unit)}{n(order.loc)}"
    raise TypeError(order)
