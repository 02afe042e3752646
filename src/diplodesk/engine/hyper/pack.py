"""The economy's numbers, read from the variant's table files (never from code).

Hypereconomic's twenty tables and its Nations and Provinces tables exist only as images we do
not have, so the variant ships a provisional pack: every value marked ``provisional`` unless
the rules text itself states it. This module reads the files the variant includes (``rules``:
the constants the text states; T1-T5, T18, T19; ``nations``; ``provinces``) through the
generic :mod:`..tables` reader, so a GM who types in the published tables changes no code.
Every problem is reported with its file, table, row and field; all of them at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import tables
from ..tables import Cost, Meta, Problem, TableError, TableReader
from .banks import BankingRules, read_banking
from .battle_tables import CombatTables, read_combat
from .canal_rules import CanalRules, read_canals
from .covert import KINDS as COVERT_TABLES
from .covert import CovertTable, read_covert
from .fishing import LAND_SEA, FishingRules, read_fishing
from .research import ResearchRules, read_research
from .trade_rules import TradeRules, read_trade

# the smallest unit of each factor: gold moves in half dollars (IV.3, IV.9, V.6, VI.14)
FACTORS = {"gold": 2, "M": 1, "A": 1, "I": 1}
UNIT_TYPES = ("D", "T", "N")
INSTALLATIONS = ("Y", "S")
ACTIONS = ("st", "ho", "mo", "at", "dm", "sp_used", "sp_unused", "uo")
LOCATIONS = ("own", "foreign", "sea", "any")
ROUNDING = ("up", "down")
# rules.toml [readings]: where the text allows two readings, the options, the default first
READINGS = {"support_cut": ("per-attacker", "literal")}


@dataclass(frozen=True)
class Division:
    """``x / divisor`` rounded as the rule says, in steps of ``unit`` smallest units."""

    divisor: int
    round: str
    unit: int = 1
    rule: str = ""


@dataclass(frozen=True)
class Constants:
    """The numbers of the rules text (DESIGN 2.2), each with the rule it comes from."""

    winter_season: str
    winter_halving: Division
    deterioration: Division
    deterioration_exempt: int  # a stockpile of exactly this many A does not deteriorate
    escrow_release: Division
    starvation_M_per_A: int
    units_per_province: int
    unit_builds_per_province: int
    guards_per_province: int
    public_works_max: int  # gold, in halves
    victory_seasons: int
    victory_land: tuple[int, int]
    victory_gold: tuple[int, int]
    joint_share: tuple[int, int]
    joint_max_players: int
    rules: Mapping[str, str]  # constant -> rule reference, for the ledger's "rule" column
    support_cut: str = "per-attacker"  # III.35: or "literal" (READINGS)


@dataclass(frozen=True)
class UpkeepRow:
    unit: str
    action: str
    location: str
    cost: Cost
    row: str


@dataclass(frozen=True)
class NationData:
    id: str
    abbr: str
    name: str
    kind: str
    suzerain: str | None
    controllers: tuple[str, ...]
    stock: Cost
    escrow: int
    trs: int
    teams: Mapping[str, int]
    aliases: tuple[str, ...] = ()  # the usual names players write (Britain, Turkey, Austria)


@dataclass(frozen=True)
class ProvinceData:
    id: str
    nation: str | None
    yields: Cost
    special: tuple[str, ...]
    abbr: str = ""


@dataclass(frozen=True)
class PlayerData:
    id: str
    name: str
    home: str


@dataclass
class Pack:
    """Everything the season reads from the tables, with the tables' provenance."""

    constants: Constants
    build: dict[str, Cost]  # T1: D T N Y S FF Tr
    inst_upkeep: dict[str, Cost]  # T2
    upkeep: list[UpkeepRow]  # T3
    extra_costs: dict[str, Cost]  # T4
    failure_order: tuple[str, ...]  # T5
    m_yield_per_province: int  # T18
    m_yield_per_nation: Mapping[str, int]
    starvation_M_per_A: int  # T19
    starvation_consumed: bool
    nations: dict[str, NationData]
    provinces: dict[str, ProvinceData]
    players: dict[str, PlayerData]
    metas: list[Meta] = field(default_factory=list)
    combat: CombatTables | None = None  # T6, T7
    research: ResearchRules | None = None  # V, T9
    covert: dict[str, CovertTable] = field(default_factory=dict)  # VIII.1-3: gw, sb.A, sb.I, sb.Tr
    fishing: FishingRules | None = None  # VII, T13
    banking: BankingRules | None = None  # VI, T10-T12
    trade: TradeRules | None = None  # IV, T8
    canals: CanalRules | None = None  # VIII.5-6

    @property
    def provisional_tables(self) -> list[str]:
        return [m.table for m in self.metas if m.provisional]

    def upkeep_cost(self, unit: str, action: str, location: str) -> tuple[Cost, str]:
        """T3's most specific row: the unit's own location class before ``any``."""
        best = None
        for r in self.upkeep:
            if r.unit == unit and r.action == action and r.location in (location, "any"):
                if best is None or (best.location == "any" and r.location != "any"):
                    best = r
        if best is None:
            return Cost({}), f"T3 {unit}/{action}/{location} (no row: nothing)"
        return best.cost, f"T3 row {best.row} {unit}/{action}/{best.location}"


REQUIRED = ("rules", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10", "T11", "T12", "T13",
            "T14", "T15", "T16", "T17", "T18", "T19", "nations", "provinces")


def load_pack(files: Mapping[str, Mapping[str, Any]], board_provinces: Mapping[str, str],
              source: str = "variant") -> Pack:
    """See :func:`_load_pack`; a value of a kind no check foresaw is a problem too, never a crash."""
    try:
        return _load_pack(files, board_provinces, source)
    except TableError:
        raise
    except (TypeError, AttributeError, KeyError, ValueError, IndexError) as e:
        raise TableError([Problem(source, "", "", "", f"a table holds a value of an unexpected kind "
                                  f"({type(e).__name__}: {str(e)[:120]})")]) from None


def _load_pack(files: Mapping[str, Mapping[str, Any]], board_provinces: Mapping[str, str],
               source: str = "variant") -> Pack:
    """Read the pack from the variant's table files ({file name: TOML data}).

    ``board_provinces`` maps each board province id to its kind, to check the provinces
    table against the board. Raises TableError listing every problem.
    """
    problems: list[Problem] = []
    readers: dict[str, TableReader] = {}
    for t in REQUIRED:
        hit = tables.find(files, t)
        if hit is None:
            problems.append(Problem(source, t, "", "", "no table file has [meta] table = "
                                    f"{t!r}"))
            continue
        readers[t] = TableReader(hit[0], hit[1], FACTORS)
    if problems:
        raise TableError(problems)
    r = readers
    constants = _constants(r["rules"])
    t1 = r["T1"].costs("item", ("D", "T", "N", "Y", "S", "FF", "Tr"))
    r["T1"].known_keys({"item"})
    t2 = r["T2"].costs("item", INSTALLATIONS)
    r["T2"].known_keys({"item"})
    t3 = _upkeep(r["T3"])
    t4 = {str(x.get("key")): r["T4"].cost(x.get("cost"), x["row"])
          for x in (r["T4"].rows("items", {"key": str, "cost": dict}, optional=("note",))
                    if "items" in r["T4"].data else [])}
    r["T4"].known_keys({"items"})
    t5 = tuple(r["T5"].names("order"))
    r["T5"].choice("tie_break", ("dice",), "dice")
    r["T5"].known_keys({"order", "tie_break"})
    t18 = r["T18"]
    mode = t18.choice("mode", ("per_province", "per_nation"), "per_province")
    per_prov = t18.number("per_province", 1) if mode == "per_province" else 0
    per_nation = ({k: t18.whole(v, k, "yield") for k, v in t18.section("yield").items()}
                  if mode == "per_nation" else {})
    t18.known_keys({"mode", "per_province", "yield"})
    t19 = r["T19"]
    t19.choice("mode", ("per_M",), "per_M")
    m_per_a = t19.number("M_per_A", low=1)
    consumed = t19.data.get("consumed", True)
    if not isinstance(consumed, bool):
        t19.bad("", "consumed", f"expected true or false, got {consumed!r}")
        consumed = True
    t19.known_keys({"mode", "M_per_A", "consumed"})
    research = read_research(r["rules"], r["T9"])
    covert = {k: read_covert(r[t]) for k, t in COVERT_TABLES.items()}
    players = _players(r["nations"])
    nations = _nations(r["nations"], players)
    provinces = _provinces(r["provinces"], board_provinces, nations)
    fishing = read_fishing(r["rules"], r["T13"], {p for p, k in board_provinces.items() if k == "sea"},
                           frozenset(p.id for p in provinces.values() if LAND_SEA in p.special))
    trade = read_trade(r["rules"], r["T8"])
    banking = read_banking(r["rules"], r["T10"], r["T11"], r["T12"], set(nations), set(provinces))
    for n in nations.values():
        if n.suzerain is not None and n.suzerain not in nations:
            r["nations"].bad(n.id, "suzerain", f"unknown nation {n.suzerain!r}")
    for p in players.values():
        if p.home not in nations:
            r["nations"].bad(p.id, "home", f"unknown nation {p.home!r}")
    combat = read_combat(r["T6"], r["T7"])
    canals = read_canals(r["rules"])
    for rd in readers.values():
        problems.extend(rd.problems)
    if problems:
        raise TableError(problems)
    return Pack(constants, t1, t2, t3, t4, t5, per_prov, per_nation, m_per_a, consumed,
                nations, provinces, players, [rd.meta for rd in readers.values()],
                combat=combat, research=research, covert=covert, fishing=fishing, banking=banking, trade=trade,
                canals=canals)


def _division(rd: TableReader, key: str, unit_factor: str | None = None) -> Division:
    sec = rd.section(key)
    for k in sec:
        if k not in ("divisor", "round", "unit", "rule", "exempt_at", "season"):
            rd.bad(key, k, "unknown field")
    unit = 1
    if unit_factor is not None and "unit" in sec:
        unit = max(1, rd.amount(sec["unit"], unit_factor, key, "unit"))
    rnd = sec.get("round", "up")
    if rnd not in ROUNDING:
        rd.bad(key, "round", f"{rnd!r} is not up or down")
        rnd = "up"
    return Division(rd.whole(sec.get("divisor", 1), key, "divisor", 1), rnd, unit,
                    str(sec.get("rule", "")))


def _share(rd: TableReader, sec: Mapping[str, Any], key: str, fld: str) -> tuple[int, int]:
    v = sec.get(fld)
    if (not isinstance(v, list) or len(v) != 2 or not all(isinstance(x, int) and not isinstance(x, bool)
                                                        and x > 0 for x in v) or v[0] > v[1]):
        rd.bad(key, fld, f"expected a share like [1, 2], got {v!r}")
        return (1, 2)
    return (v[0], v[1])


def _constants(rd: TableReader) -> Constants:
    winter = _division(rd, "winter_halving")
    season = rd.section("winter_halving").get("season", "W")
    det = _division(rd, "deterioration")
    exempt = rd.whole(rd.section("deterioration").get("exempt_at", 1), "deterioration", "exempt_at")
    escrow = _division(rd, "escrow_release", "gold")
    starv = rd.section("starvation")
    limits = rd.section("limits")
    vic = rd.section("victory")
    pw = rd.section("public_works")
    rd.known_keys({"winter_halving", "deterioration", "escrow_release", "starvation", "limits",
                   "victory", "public_works", "research", "pi", "fishing", "banking", "trade",
                   "canals", "canal_sites", "readings"})
    readings = _readings(rd)
    rules = {k: str(rd.section(k).get("rule", "")) for k in
             ("winter_halving", "deterioration", "escrow_release", "starvation", "limits",
              "victory", "public_works")}
    return Constants(
        winter_season=str(season), winter_halving=winter, deterioration=det,
        deterioration_exempt=exempt, escrow_release=escrow,
        starvation_M_per_A=rd.whole(starv.get("M_per_A_short", 1), "starvation", "M_per_A_short", 1),
        units_per_province=rd.whole(limits.get("units_per_province", 4), "limits", "units_per_province", 1),
        unit_builds_per_province=rd.whole(limits.get("unit_builds_per_province", 1), "limits",
                                          "unit_builds_per_province", 1),
        guards_per_province=rd.whole(limits.get("guards_per_province", 1), "limits",
                                     "guards_per_province", 1),
        public_works_max=rd.amount(pw.get("max", 5), "gold", "public_works", "max"),
        victory_seasons=rd.whole(vic.get("seasons", 3), "victory", "seasons", 1),
        victory_land=_share(rd, vic, "victory", "land"),
        victory_gold=_share(rd, vic, "victory", "gold"),
        joint_share=_share(rd, vic, "victory", "joint"),
        joint_max_players=rd.whole(vic.get("joint_max_players", 3), "victory", "joint_max_players", 2),
        rules=rules,
        **readings,
    )


def _readings(rd: TableReader) -> dict[str, str]:
    sec = rd.section("readings", required=False)
    out = {}
    for k, v in sec.items():
        if k not in READINGS:
            rd.bad("readings", k, f"unknown reading (known: {', '.join(sorted(READINGS))})")
        elif v not in READINGS[k]:
            rd.bad("readings", k, f"{v!r} is not one of {', '.join(READINGS[k])}")
        else:
            out[k] = str(v)
    return out


def _upkeep(rd: TableReader) -> list[UpkeepRow]:
    out = []
    seen: set[tuple[str, str, str]] = set()
    for x in rd.rows("rows", {"unit": str, "action": str, "location": str, "cost": dict}):
        ok = True
        for fld, allowed in (("unit", UNIT_TYPES), ("action", ACTIONS), ("location", LOCATIONS)):
            if x[fld] not in allowed:
                rd.bad(x["row"], fld, f"{x[fld]!r} is not one of {', '.join(allowed)}")
                ok = False
        key = (x["unit"], x["action"], x["location"])
        if ok and key in seen:
            rd.bad(x["row"], "", f"a second row for {'/'.join(key)}")
            ok = False
        seen.add(key)
        if ok:
            out.append(UpkeepRow(*key, rd.cost(x["cost"], x["row"]), x["row"]))
    rd.known_keys({"rows"})
    return out


def _players(rd: TableReader) -> dict[str, PlayerData]:
    out = {}
    v = rd.data.get("player", [])
    if not isinstance(v, list):
        rd.bad("", "player", "expected [[player]] entries")
        return {}
    for x in rd.rows("player", {"id": str, "home": str}, optional=("name",)) if v else []:
        for f in ("id", "name", "home"):
            rd.one_line(x["row"], f, x.get(f))
        if x["id"] in out:
            rd.bad(x["row"], "id", f"a second player {x['id']!r}")
        out[x["id"]] = PlayerData(x["id"], str(x.get("name", x["id"])), x["home"])
    return out


def _nations(rd: TableReader, players: Mapping[str, PlayerData]) -> dict[str, NationData]:
    out = {}
    rd.known_keys({"player", "nation"})
    fields = {"id": str, "name": str, "kind": str, "stock": dict}
    optional = ("abbr", "suzerain", "controllers", "escrow", "trs", "teams", "region", "aliases")
    for x in rd.rows("nation", fields, optional):
        nid, row = x["id"], x["id"]
        for f in ("id", "name", "abbr"):
            rd.one_line(row, f, x.get(f))
        if nid in out:
            rd.bad(row, "id", "a second nation with this id")
            continue
        if x["kind"] not in ("home", "territory"):
            rd.bad(row, "kind", f"{x['kind']!r} is not home or territory")
        controllers = x.get("controllers", [])
        if not isinstance(controllers, list) or not all(isinstance(c, str) and c in players for c in controllers):
            rd.bad(row, "controllers", f"expected a list of player ids, got {controllers!r}")
            controllers = []
        teams = x.get("teams", {"A": 1, "I": 1} if x["kind"] == "home" else {})
        if not isinstance(teams, Mapping) or set(teams) - {"A", "I"}:  # keys of a TOML table are text
            rd.bad(row, "teams", f"expected {{ A = 1, I = 1 }}, got {teams!r}")
            teams = {}
        sz = x.get("suzerain") or None
        aliases = x.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
            rd.bad(row, "aliases", f"expected a list of names, got {aliases!r}")
            aliases = []
        out[nid] = NationData(nid, str(x.get("abbr", nid)), x["name"], x["kind"],
                              None if sz is None else str(sz), tuple(controllers),
                              rd.cost(x["stock"], row, "stock"),
                              rd.amount(x.get("escrow", 0), "gold", row, "escrow"),
                              rd.whole(x.get("trs", 0), row, "trs"),
                              {k: rd.whole(v, row, f"teams.{k}") for k, v in teams.items()},
                              tuple(a.strip() for a in aliases))
    return out


def _provinces(rd: TableReader, board: Mapping[str, str],
               nations: Mapping[str, NationData]) -> dict[str, ProvinceData]:
    out = {}
    rd.known_keys({"province"})
    for x in rd.rows("province", {"id": str}, ("abbr", "name", "nation", "yield", "special",
                                               "region", "kind", "coasts")):
        pid, row = x["id"], x["id"]
        if pid not in board:
            rd.bad(row, "id", "not a province of the board")
            continue
        if pid in out:
            rd.bad(row, "id", "a second row for this province")
            continue
        nation = x.get("nation") or None
        if nation is not None and nation not in nations:
            rd.bad(row, "nation", f"unknown nation {nation!r}")
            nation = None
        if nation is not None and board[pid] in ("sea", "impassable"):
            rd.bad(row, "nation", f"a {board[pid]} province belongs to no nation")
        special = x.get("special", [])
        if not isinstance(special, list) or not all(isinstance(s, str) for s in special):
            rd.bad(row, "special", f"expected a list of names, got {special!r}")
            special = []
        if LAND_SEA in special and board[pid] != "coast":
            rd.bad(row, "special", f"a {LAND_SEA} province is a coastal province with a sea half (VII.3)")
        out[pid] = ProvinceData(pid, nation, rd.cost(x.get("yield", {}), row, "yield"),
                                tuple(special), str(x.get("abbr", "")))
    for pid, kind in board.items():
        if kind in ("land", "coast") and pid not in out:
            rd.bad(pid, "", "a land province of the board has no row")
    return out
