"""A variant as one value: powers, board, calendar, start and rule options.

``Variant.from_data`` turns the mapping of a ``variant.toml`` into a Variant and reports
*every* problem it finds, each with its place (``provinces.spa.home``,
``adjacency.fleet[12]``), in one :class:`VariantError`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from . import schemas
from .board import Board, Province, ProvinceKind, Special, UnitType, province_of, split_location
from .phase import Calendar, Phase, PhaseType

SPECIAL_KINDS = ("difficult", "seasonal", "railroad", "canal", "land_bridge")
_HEX = set("0123456789abcdefABCDEF")


class VariantError(ValueError):
    """A variant's data is wrong; ``problems`` lists every fault with its place."""

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = problems
        head = f"{source}: {len(problems)} problem{'s' if len(problems) != 1 else ''}"
        super().__init__(head + ": " + "; ".join(problems[:5]) + (" ..." if len(problems) > 5 else ""))


@dataclass(frozen=True)
class Power:
    name: str
    adjective: str
    color: str
    # land that is no supply centre but belongs to the power's homeland at the start (the
    # provinces drawn in its colour); Blind Diplomacy's sight starts from the homeland
    land: tuple[str, ...] = ()


@dataclass(frozen=True)
class StartUnit:
    power: str
    type: UnitType | None  # None: a "choice" unit whose type its owner picks later
    at: str

    @property
    def choice(self) -> bool:
        return self.type is None


@dataclass(frozen=True)
class Sheet:
    """A region of a large map a GM looks at or prints on its own page (Europe, Asia)."""

    name: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in the map's SVG user units


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    powers: tuple[Power, ...]
    board: Board
    calendar: Calendar
    start_phase: Phase
    start_units: tuple[StartUnit, ...]
    start_centers: Mapping[str, tuple[str, ...]]
    victory_centers: int
    rules: tuple[str, ...] = ()
    victory_by: str = "power"  # or "player": a player's powers count together
    players: int = 0  # for variants played by players, how many
    description: str = ""
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    # the season engine that adjudicates it (engine/seasons.py): "standard" or, for a
    # variant with an economy, "hypereconomic" (CONTRACTS 6)
    engine: str = "standard"
    # regional sheets of a world-sized map, by id (``[sheets]``); most variants have none
    sheets: Mapping[str, Sheet] = field(default_factory=dict, compare=False)

    @cached_property
    def power_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.powers)

    def power(self, name: str) -> Power:
        for p in self.powers:
            if p.name == name:
                return p
        raise KeyError(name)

    # -- loading -------------------------------------------------------------------------

    @classmethod
    def from_data(cls, data: Mapping[str, Any], source: str = "variant") -> Variant:
        return _Loader(data, source).load()

    def to_export(self) -> dict[str, Any]:
        """The variant's board as JSON (CONTRACTS section 5)."""
        b = self.board
        provinces = []
        for p in b.provinces.values():
            provinces.append(
                {
                    "id": p.id,
                    "name": p.name,
                    "kind": p.kind.value,
                    "supply_center": p.center,
                    "home": p.home,
                    "coasts": list(p.coasts),
                }
            )
        army = sorted({tuple(sorted((a, n))) for a, ns in b.army_adj.items() for n in ns})
        fleet = sorted({tuple(sorted((a, n))) for a, ns in b.fleet_adj.items() for n in ns})
        units = []
        for u in self.start_units:
            d = {"power": u.power, "type": u.type.value if u.type else "?", "at": u.at}
            if u.choice:
                d["choice"] = True
            units.append(d)
        return {
            "id": self.id,
            "name": self.name,
            "powers": list(self.power_names),
            "provinces": provinces,
            "adjacency": {"army": [list(p) for p in army], "fleet": [list(p) for p in fleet]},
            "special": [s.to_json() for s in b.specials],
            "start": {
                "phase": str(self.start_phase),
                "units": units,
                "centers": {k: list(v) for k, v in self.start_centers.items()},
            },
            "victory": {"centers": self.victory_centers}
            | ({"by": self.victory_by, "players": self.players} if self.victory_by != "power" else {}),
        }


class _Loader:
    """Reads variant data, collecting problems instead of stopping at the first."""

    def __init__(self, data: Mapping[str, Any], source: str):
        self.data = data
        self.source = source
        self.problems: list[str] = []

    def fail(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    def table(self, key: str, where: str | None = None, required: bool = True) -> Mapping:
        v = self.data.get(key)
        if v is None:
            if required:
                self.fail(where or key, "missing")
            return {}
        if not isinstance(v, Mapping):
            self.fail(where or key, f"expected a table, got {type(v).__name__}")
            return {}
        return v

    def load(self) -> Variant:
        d = self.data
        if not isinstance(d, Mapping):
            raise VariantError(self.source, ["the variant data is not a table"])
        try:  # the shape first (keys, types), so the checks below see only sound values
            schemas.check(d, schemas.VariantShape)
        except schemas.SchemaError as e:
            raise VariantError(self.source, [str(e)]) from None
        vid = d.get("id")
        if not isinstance(vid, str) or not vid:
            self.fail("id", "missing or not a string")
            vid = "?"
        name = d.get("name", vid)
        powers = self.load_powers()
        provinces = self.load_provinces({p.name for p in powers})
        army, fleet = self.load_adjacency(provinces)
        specials = self.load_specials(provinces)
        calendar = self.load_calendar()
        board = Board.build(provinces.values(), army, fleet, specials)
        self.check_board(board)
        for p in powers:
            for prov in p.land:
                info = board.provinces.get(prov)
                if info is None:
                    self.fail(f"powers.{p.name}.land", f"unknown province {prov!r}")
                elif info.center or info.kind not in (ProvinceKind.LAND, ProvinceKind.COAST):
                    self.fail(f"powers.{p.name}.land", f"{prov} is not land without a centre")
        start_phase, units, centers = self.load_start(board, {p.name for p in powers}, calendar)
        engine = d.get("engine", "standard")
        # a season engine of its own (CONTRACTS 6) counts victory its own way: no centres
        vt = self.table("victory", required=engine == "standard")
        victory_by = vt.get("by", "power")
        if victory_by not in ("power", "player"):
            self.fail("victory.by", f"{victory_by!r} is not power or player")
            victory_by = "power"
        players = vt.get("players", 0)
        if not isinstance(players, int) or players < 0:
            self.fail("victory.players", f"{players!r} is not a number of players")
            players = 0
        victory = vt.get("centers", 0 if engine == "standard" else 1)
        if engine != "standard":
            pass
        elif not isinstance(victory, int) or victory <= 0:
            self.fail("victory.centers", f"expected a positive whole number, got {victory!r}")
            victory = 1
        elif victory > len(board.centers):
            self.fail("victory.centers", f"{victory} is more than the {len(board.centers)} centres")
        rules = d.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            self.fail("rules", "expected a list of rule names")
            rules = []
        sheets = self.load_sheets()
        if self.problems:
            raise VariantError(self.source, self.problems)
        return Variant(
            id=vid,
            name=str(name),
            powers=tuple(powers),
            board=board,
            calendar=calendar,
            start_phase=start_phase,
            start_units=tuple(units),
            start_centers=centers,
            victory_centers=victory,
            rules=tuple(rules),
            victory_by=victory_by,
            players=players,
            description=str(d.get("description", "")),
            data=d,
            engine=str(engine),
            sheets=sheets,
        )

    def load_sheets(self) -> dict[str, Sheet]:
        out = {}
        for sid, spec in self.table("sheets", required=False).items():  # in the author's order
            box = tuple(float(v) for v in spec["box"])
            if not all(math.isfinite(v) for v in box):
                self.fail(f"sheets.{sid}.box", f"{list(spec['box'])} is not four finite numbers")
            elif not (box[0] < box[2] and box[1] < box[3]):
                self.fail(f"sheets.{sid}.box", f"{list(box)} is not [x0, y0, x1, y1], x0 < x1, y0 < y1")
            else:
                out[sid] = Sheet(name=str(spec["name"]), box=box)  # type: ignore[arg-type]
        return out

    def load_powers(self) -> list[Power]:
        out = []
        table = self.table("powers")
        for name, spec in table.items():
            where = f"powers.{name}"
            if not isinstance(spec, Mapping):
                self.fail(where, "expected a table with adjective and color")
                continue
            color = str(spec.get("color", "#888888"))
            if not (len(color) == 7 and color[0] == "#" and set(color[1:]) <= _HEX):
                self.fail(f"{where}.color", f"{color!r} is not a colour like #1f4e9c")
            land = spec.get("land", [])
            if not isinstance(land, list) or not all(isinstance(x, str) for x in land):
                self.fail(f"{where}.land", "expected a list of province ids")
                land = []
            out.append(Power(name, str(spec.get("adjective", name)), color, tuple(land)))
        if not out and "powers" in self.data:
            self.fail("powers", "no powers")
        return out

    def load_provinces(self, powers: set[str]) -> dict[str, Province]:
        out: dict[str, Province] = {}
        seen_names: dict[str, str] = {}
        for pid, spec in self.table("provinces").items():
            where = f"provinces.{pid}"
            if not isinstance(spec, Mapping):
                self.fail(where, "expected a table")
                continue
            if not pid.isascii() or not pid.replace("_", "").isalnum() or pid != pid.lower():
                self.fail(where, "a province id is lower-case letters and digits")
            try:
                kind = ProvinceKind(spec.get("kind", ""))
            except ValueError:
                self.fail(f"{where}.kind", f"{spec.get('kind')!r} is not land, coast, sea or impassable")
                continue
            home = spec.get("home")
            center = bool(spec.get("center", False))
            if home is not None and home not in powers:
                self.fail(f"{where}.home", f"unknown power {home!r}")
            if home is not None and not center:
                self.fail(f"{where}.home", "a home centre must be a supply centre (center = true)")
            coasts = tuple(spec.get("coasts", ()))
            if coasts and kind is not ProvinceKind.COAST:
                self.fail(f"{where}.coasts", "only a coast province can have several coasts")
            if len(coasts) == 1:
                self.fail(f"{where}.coasts", "a province with coasts needs at least two")
            if center and kind in (ProvinceKind.SEA, ProvinceKind.IMPASSABLE):
                self.fail(f"{where}.center", f"a {kind.value} province cannot be a supply centre")
            name = str(spec.get("name", pid))
            if name.lower() in seen_names:
                self.fail(f"{where}.name", f"{name!r} is also the name of {seen_names[name.lower()]}")
            seen_names[name.lower()] = pid
            out[pid] = Province(
                id=pid,
                name=name,
                kind=kind,
                center=center,
                home=home,
                coasts=coasts,
                aliases=tuple(str(a) for a in spec.get("aliases", ())),
            )
        if not out:
            self.fail("provinces", "no provinces")
        return out

    def load_adjacency(self, provinces: Mapping[str, Province]):
        table = self.table("adjacency")
        result = []
        for kind in ("army", "fleet"):
            pairs: list[tuple[str, str]] = []
            seen: set[frozenset[str]] = set()
            for i, item in enumerate(table.get(kind, [])):
                where = f"adjacency.{kind}[{i}]"
                parts = item.split() if isinstance(item, str) else []
                if len(parts) != 2:
                    self.fail(where, f"{item!r} is not a pair like \"lon wal\"")
                    continue
                a, b = parts
                ok = True
                for loc in (a, b):
                    prov, coast = split_location(loc)
                    p = provinces.get(prov)
                    if p is None:
                        self.fail(where, f"unknown province {prov!r}")
                        ok = False
                    elif kind == "army" and (coast or p.kind not in (ProvinceKind.LAND, ProvinceKind.COAST)):
                        self.fail(where, f"an army cannot stand in {loc!r}")
                        ok = False
                    elif kind == "fleet":
                        if p.kind not in (ProvinceKind.COAST, ProvinceKind.SEA):
                            self.fail(where, f"a fleet cannot stand in {loc!r} ({p.kind.value})")
                            ok = False
                        elif p.coasts and coast not in p.coasts:
                            self.fail(where, f"{loc!r} must name one of the coasts {', '.join(p.coasts)}")
                            ok = False
                        elif not p.coasts and coast:
                            self.fail(where, f"{prov!r} has no separate coasts")
                            ok = False
                if not ok:
                    continue
                if province_of(a) == province_of(b):
                    self.fail(where, f"{a} is paired with itself")
                    continue
                key = frozenset((a, b))
                if key in seen:
                    self.fail(where, f"the pair {a} {b} is listed twice")
                    continue
                seen.add(key)
                pairs.append((a, b))
            result.append(pairs)
        return result

    def load_specials(self, provinces: Mapping[str, Province]) -> list[Special]:
        out = []
        for i, spec in enumerate(self.data.get("special", [])):
            where = f"special[{i}]"
            if not isinstance(spec, Mapping) or spec.get("kind") not in SPECIAL_KINDS:
                self.fail(where, f"kind must be one of {', '.join(SPECIAL_KINDS)}")
                continue
            for key in ("between", "provinces"):
                for pid in spec.get(key, []) or []:
                    if province_of(str(pid)) not in provinces:
                        self.fail(f"{where}.{key}", f"unknown province {pid!r}")
            for side in spec.get("sides", []) or []:
                for pid in side if isinstance(side, list) else [side]:
                    if province_of(str(pid)) not in provinces:
                        self.fail(f"{where}.sides", f"unknown province {pid!r}")
            out.append(Special.from_mapping(spec))
        return out

    def load_calendar(self) -> Calendar:
        t = self.table("calendar", required=False)
        seasons = tuple(t.get("seasons", ("S", "F")))
        years_after = dict(t.get("years_after", {s: (1 if s == seasons[-1] else 0) for s in seasons}))
        build_after = t.get("build_after", seasons[-1])
        if isinstance(build_after, str):
            build_after = [build_after]
        for s in build_after:
            if s not in seasons:
                self.fail("calendar.build_after", f"{s!r} is not one of the seasons")
        return Calendar(
            seasons=seasons,
            years_after=years_after,
            build_after=frozenset(build_after),
            start_year=int(t.get("start_year", 1901)),
        )

    def check_board(self, board: Board) -> None:
        for p in board.provinces.values():
            if p.coasts:
                for loc in p.locations:
                    if not any(board.is_sea(province_of(n)) for n in board.fleet_adj.get(loc, ())):
                        self.fail(f"provinces.{p.id}.coasts", f"coast {loc} has no sea neighbour")
            if p.kind is ProvinceKind.IMPASSABLE and (
                board.army_adj.get(p.id) or board.fleet_adj.get(p.id)
            ):
                self.fail(f"provinces.{p.id}", "an impassable province has neighbours")

    def load_start(self, board: Board, powers: set[str], calendar: Calendar):
        t = self.table("start")
        phase = Phase(calendar.seasons[0], calendar.start_year, PhaseType.MOVEMENT)
        try:
            phase = Phase.parse(str(t.get("phase", str(phase))))
            calendar.check(phase)
        except ValueError as e:
            self.fail("start.phase", str(e))
        units: list[StartUnit] = []
        taken: dict[str, int] = {}
        for i, u in enumerate(t.get("units", [])):
            where = f"start.units[{i}]"
            if not isinstance(u, Mapping):
                self.fail(where, "expected {power, type, at}")
                continue
            power, typ, at = u.get("power"), u.get("type"), str(u.get("at", ""))
            if power not in powers:
                self.fail(where, f"unknown power {power!r}")
                continue
            if not board.is_location(at):
                self.fail(where, f"unknown place {at!r}")
                continue
            prov = province_of(at)
            if prov in taken:
                self.fail(where, f"{prov} already holds start unit {taken[prov]}")
                continue
            taken[prov] = i
            if typ == "?" or u.get("choice"):
                units.append(StartUnit(power, None, at))
                continue
            try:
                utype = UnitType(typ)
            except ValueError:
                self.fail(where, f"type {typ!r} is not A, F or ? (choice)")
                continue
            if not board.can_stand(utype, at):
                self.fail(where, f"a {utype.long_name.lower()} cannot stand in {at}")
                continue
            units.append(StartUnit(power, utype, at))
        centers: dict[str, list[str]] = {p: list(board.home_centers(p)) for p in sorted(powers)}
        for power, extra in (t.get("centers") or {}).items():
            if power not in powers:
                self.fail(f"start.centers.{power}", "unknown power")
                continue
            for c in extra:
                if c not in board.provinces or not board.provinces[c].center:
                    self.fail(f"start.centers.{power}", f"{c!r} is not a supply centre")
                elif c not in centers[power]:
                    centers[power].append(c)
        owner: dict[str, str] = {}
        for power, cs in centers.items():
            for c in cs:
                if c in owner:
                    self.fail(f"start.centers.{power}", f"{c} is also owned by {owner[c]}")
                owner[c] = power
        return phase, units, {k: tuple(sorted(v)) for k, v in centers.items()}
