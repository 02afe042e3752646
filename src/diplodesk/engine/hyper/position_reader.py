"""Reading a Hypereconomic position from its JSON, strictly (CONTRACTS 6).

An unknown key, a wrong type, an unknown nation or province raises PositionError naming the
field's path and the value, so nothing is ever half-read; the values it builds are
:mod:`.model`'s.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..board import ProvinceKind, province_of
from ..dice import MAX_DICE, MAX_SIDES
from ..money import MAX_AMOUNT, MoneyError, to_units
from ..phase import Phase, PhaseType
from ..plain_text import shown, unsafe_char
from ..position import PositionError
from ..tables import Cost
from ..variant import Variant
from . import standing
from .allies import read_alliances
from .banks import Bank, owned_nations, read_bank
from .canal_state import read_state
from .fishing import FF
from .model import (
    CARRIED,
    GOLD,
    STOCK_FACTORS,
    Agreement,
    HUnit,
    HyperPosition,
    Installation,
    NationState,
    ProvinceState,
)
from .order_words import is_count
from .pack import FACTORS, NationData, Pack


def read_position(data: Any, variant: Variant, pack: Pack) -> HyperPosition:
    """A HyperPosition from its JSON; raises PositionError naming the field at fault."""
    from .position_checks import check

    pos = _Reader(variant, pack).read(data)
    check(pos)
    return pos


class _Reader:
    def __init__(self, variant: Variant, pack: Pack):
        self.variant = variant
        self.pack = pack
        self.board = variant.board
        self.formed: set[str] = set()  # nations formed in play, as the position lists them
        self.bank_ids: set[str] = set()

    def fail(self, where: str, what: str) -> PositionError:
        return PositionError(f"{where}: {what}")

    def obj(self, v: Any, where: str, keys: set[str], required: set[str] = frozenset()) -> Mapping:
        if not isinstance(v, Mapping):
            raise self.fail(where, f"expected an object, got {type(v).__name__}")
        for k in v:
            if k not in keys:
                name = k if isinstance(k, str) and k.isprintable() and len(k) <= 60 else repr(k)[:60]
                raise self.fail(f"{where}.{name}" if where else name,
                                f"unknown field (known: {', '.join(sorted(keys)[:40])})")
        for k in required:
            if k not in v:
                raise self.fail(f"{where}.{k}" if where else k, "missing")
        return v

    def signatures(self, v: Any, players: set[str]) -> Mapping[str, tuple[str, ...]] | None:
        if v is None:
            return None
        out = {}
        for k, signers in self.table(v, "signatures").items():
            self.nation(k, f"signatures.{k}")
            if not isinstance(signers, list) or not all(isinstance(p, str) and p in players for p in signers):
                raise self.fail(f"signatures.{k}", f"expected a list of player ids, got {signers!r}")
            out[k] = tuple(signers)
        return out

    def table(self, v: Any, where: str) -> Mapping:
        """An object with keys of any text (ids of rolls, of questions)."""
        if not isinstance(v, Mapping) or not all(isinstance(k, str) for k in v):
            raise self.fail(where, f"expected an object, got {type(v).__name__}")
        return v

    def whole(self, v: Any, where: str) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_AMOUNT:
            raise self.fail(where, f"expected a whole number of 0 to {MAX_AMOUNT:,}, got {shown(v)}")
        return v

    def gold(self, v: Any, where: str) -> int:
        try:
            h = to_units(v, GOLD, where)
        except MoneyError as e:
            raise PositionError(str(e)) from None
        if h < 0:
            raise self.fail(where, f"{v!r} is below zero")
        return h

    def nation(self, v: Any, where: str, nullable: bool = False) -> str | None:
        if v is None and nullable:
            return None
        if not isinstance(v, str) or (v not in self.pack.nations and v not in self.formed):
            raise self.fail(where, f"unknown nation {v!r}")
        return v

    def read(self, data: Any) -> HyperPosition:
        top = {"variant", "phase", "units", "economy", "orders", "rng", "decisions", "adjustments",
               "winner", "rules", "signatures"}
        d = self.obj(data, "", top, {"phase", "economy"})
        try:
            phase = Phase.parse(d["phase"])
            if phase.type is not PhaseType.MOVEMENT:
                raise ValueError(f"bad phase {phase}: one phase per season, ending in M (W1914M)")
            self.variant.calendar.check(phase)
        except ValueError as e:
            raise self.fail("phase", str(e)) from None
        if d.get("rules"):
            raise self.fail("rules", "a season engine of its own takes no extra rule options")
        eco = self.obj(d["economy"], "economy",
                       {"players", "nations", "provinces", "installations", "ffs", "banks", "ipl", "joint", "victory",
                        "alliances", *CARRIED}, {"nations", "provinces"})
        given = eco["nations"]
        if not isinstance(given, Mapping):
            raise self.fail("economy.nations", "expected an object")
        # nations formed in play (II.2, II.5, II.6) carry their own kind and controllers
        self.formed = {str(k) for k in given if k not in self.pack.nations}
        for k in self.formed:
            if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,59}", k):
                raise self.fail(f"economy.nations.{k}", "a nation's id is lower case letters, digits and -")
        nations = {str(k): self.nation_state(k, v) for k, v in given.items()}
        for n in self.pack.nations:  # a nation never leaves the table (eliminated ones stay empty)
            if n not in nations:
                raise self.fail(f"economy.nations.{n}", "missing")
        provinces = {str(k): self.province_state(k, v) for k, v in
                     self.obj(eco["provinces"], "economy.provinces", set(self.pack.provinces)).items()}
        units = tuple(self.unit(u, f"units[{i}]") for i, u in enumerate(self.list_of(d, "units")))
        seen: set[tuple[str, str]] = set()
        for i, u in enumerate(units):
            if u.id and (u.power, u.id) in seen:
                raise self.fail(f"units[{i}].id", f"{u.power} has two units {u.id}")
            seen.add((u.power, u.id or f"N@{u.at}"))
        insts = tuple(self.installation(x, f"economy.installations[{i}]")
                      for i, x in enumerate(self.list_of(eco, "installations")))
        banks = tuple(self.bank(x, f"economy.banks[{i}]") for i, x in enumerate(self.list_of(eco, "banks")))
        if len({b.id for b in banks}) != len(banks):
            raise self.fail("economy.banks", "two banks with one id")
        self.bank_ids = {b.id for b in banks}
        nations = owned_nations(nations, banks, self.fail)
        ffs = tuple(self.ff(x, f"economy.ffs[{i}]") for i, x in enumerate(self.list_of(eco, "ffs")))
        if len({(f.owner, f.id) for f in ffs}) != len(ffs):
            raise self.fail("economy.ffs", "two fishing fleets of one nation with one id")
        regions = self.pack.banking.regions if self.pack.banking else {}
        ipl = {}
        for k, v in self.obj(eco.get("ipl", {}), "economy.ipl", set(regions)).items():
            lvl = self.whole(v, f"economy.ipl.{k}")
            if not self.pack.banking.ipl_low <= lvl <= self.pack.banking.ipl_high:
                raise self.fail(f"economy.ipl.{k}", f"{lvl} is not a payoff level "
                                f"({self.pack.banking.ipl_low} to {self.pack.banking.ipl_high})")
            ipl[str(k)] = lvl
        players = tuple(self.player(p, f"economy.players[{i}]")
                        for i, p in enumerate(self.list_of(eco, "players")))
        pids = {p["id"] for p in players}
        joint = tuple(self.agreement(a, f"economy.joint[{i}]", pids)
                      for i, a in enumerate(self.list_of(eco, "joint")))
        victory = {}
        for k, v in self.obj(eco.get("victory", {}), "economy.victory",
                             pids | {a.id for a in joint}).items():
            c = self.obj(v, f"economy.victory.{k}", {"provinces_streak", "gold_streak"})
            victory[k] = {f: self.whole(c.get(f, 0), f"economy.victory.{k}.{f}")
                          for f in ("provinces_streak", "gold_streak")}
        orders = self.orders(d.get("orders") or {}, banks)
        rng = self.obj(d.get("rng", {}), "rng", {"secret", "overrides"})
        secret = rng.get("secret", "")
        if not isinstance(secret, str) or len(secret) > 512:
            raise self.fail("rng.secret", "expected a text of at most 512 characters")
        overrides = {}
        for k, v in self.table(rng.get("overrides", {}), "rng.overrides").items():
            if not isinstance(v, list) or not 0 < len(v) <= MAX_DICE or not all(
                    isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= MAX_SIDES for x in v):
                raise self.fail(f"rng.overrides.{k}", f"expected the faces rolled, like [6, 5], got {v!r}")
            overrides[str(k)] = tuple(v)
        decisions = self.table(d.get("decisions", {}), "decisions")
        for k, v in decisions.items():
            if not isinstance(v, str):
                raise self.fail(f"decisions.{k}", f"expected the option chosen, got {v!r}")
        adjustments = tuple(self.adjustment(a, f"adjustments[{i}]")
                            for i, a in enumerate(self.list_of(d, "adjustments")))
        ref = d.get("variant")
        pids = {p["id"] for p in players}
        for i, b in enumerate(banks):
            if b.controller is not None and b.controller not in pids:
                raise self.fail(f"economy.banks[{i}].controller", f"unknown player {b.controller!r}")
        carried = {"canals": read_state(eco["canals"], self.variant.board, set(nations), self.fail)} \
            if "canals" in eco else {}
        return HyperPosition(self.variant, self.pack, phase, units, nations, provinces, insts, ffs,
                             banks, ipl, players, joint, victory, carried,
                             orders, secret, overrides, dict(decisions), adjustments,
                             ref if isinstance(ref, str) else None, d.get("winner"),
                             read_alliances(eco.get("alliances"), self.fail, self.nation),
                             self.signatures(d.get("signatures"), pids))

    def list_of(self, d: Mapping, key: str) -> list:
        v = d.get(key) or []
        if not isinstance(v, list):
            raise self.fail(key, f"expected a list, got {type(v).__name__}")
        return v

    def nation_state(self, nid: str, v: Any) -> NationState:
        w = f"economy.nations.{nid}"
        formed = nid not in self.pack.nations
        o = self.obj(v, w, {"kind", "suzerain", "controllers", "stock", "escrow", "trs", "acquired",
                            "teams", "pis", "name", "exile", "failure_order", "bank"},
                     {"stock", "kind", "controllers"} if formed else {"stock"})
        stock = self.obj(o["stock"], f"{w}.stock", set(STOCK_FACTORS))
        amounts = {"gold": self.gold(stock.get("gold", 0), f"{w}.stock.gold")}
        amounts |= {f: self.whole(stock.get(f, 0), f"{w}.stock.{f}") for f in ("M", "A", "I")}
        data = self.pack.nations.get(nid)
        if data is None:
            data = NationData(nid, nid, str(o.get("name", nid)), o["kind"], None, (), Cost({}), 0, 0, {})
        kind = o.get("kind", data.kind)
        if kind not in ("home", "territory", "gie", "destroyed"):
            raise self.fail(f"{w}.kind", f"{kind!r} is not home, territory, gie (in exile) or destroyed")
        exile = None
        if "exile" in o:
            e = self.obj(o["exile"], f"{w}.exile", {"since", "deadline", "located", "hidden_M", "frozen"},
                         {"since", "deadline"})
            for k in ("since", "deadline"):
                try:
                    Phase.parse(e[k])
                except (ValueError, TypeError):
                    raise self.fail(f"{w}.exile.{k}", f"{e[k]!r} is not a phase") from None
            if e.get("located") is not None and e["located"] not in self.pack.provinces:
                raise self.fail(f"{w}.exile.located", f"{e['located']!r} is not a land province")
            exile = {"since": e["since"], "deadline": e["deadline"], "located": e.get("located"),
                     "hidden_M": self.whole(e.get("hidden_M", 0), f"{w}.exile.hidden_M")}
            if e.get("frozen") is not None:  # its host froze its gold (II.8, VI.5)
                if e["frozen"] is not True:
                    raise self.fail(f"{w}.exile.frozen", f"expected true, got {e['frozen']!r}")
                exile["frozen"] = True
        controllers = o.get("controllers", list(data.controllers))
        if not isinstance(controllers, list) or not all(isinstance(c, str) for c in controllers):
            raise self.fail(f"{w}.controllers", f"expected a list of player ids, got {controllers!r}")
        teams = tuple(self.team(t, f"{w}.teams[{i}]") for i, t in enumerate(self.list_of(o, "teams")))
        pis = tuple(self.pi(p, f"{w}.pis[{i}]") for i, p in enumerate(self.list_of(o, "pis")))
        if not isinstance(o.get("name", ""), str) or unsafe_char(o.get("name", "")):
            raise self.fail(f"{w}.name", "expected a one-line text")
        return NationState(kind, self.nation(o.get("suzerain", data.suzerain), f"{w}.suzerain", True),
                           tuple(controllers), amounts, self.gold(o.get("escrow", 0), f"{w}.escrow"),
                           self.whole(o.get("trs", 0), f"{w}.trs"),
                           self.whole(o.get("acquired", 0), f"{w}.acquired"),
                           teams, pis, str(o.get("name", "")), exile,
                           standing.read(o.get("failure_order"), f"{w}.failure_order",
                                         self.pack.failure_order, self.obj, self.fail),
                           o.get("bank"))

    def team(self, t: Any, w: str) -> Mapping[str, Any]:
        o = self.obj(t, w, {"id", "kind", "perm", "temp", "pis_made"}, {"kind"})
        if o["kind"] not in ("A", "I"):
            raise self.fail(f"{w}.kind", f"{o['kind']!r} is not A or I")
        out = {k: self.whole(o.get(k, 0), f"{w}.{k}") for k in ("perm", "temp", "pis_made")}
        if "id" in o and (not isinstance(o["id"], str) or len(o["id"]) > 20):
            raise self.fail(f"{w}.id", f"expected a team id like A1, got {o['id']!r}")
        return ({"id": o["id"]} if "id" in o else {}) | {"kind": o["kind"]} | out

    def pi(self, p: Any, w: str) -> Mapping[str, Any]:
        o = self.obj(p, w, {"kind", "made"}, {"kind", "made"})
        if o["kind"] not in ("A", "I"):
            raise self.fail(f"{w}.kind", f"{o['kind']!r} is not A or I")
        try:
            Phase.parse(o["made"])
        except ValueError as e:
            raise self.fail(f"{w}.made", str(e)) from None
        return dict(o)

    def province_state(self, pid: str, v: Any) -> ProvinceState:
        w = f"economy.provinces.{pid}"
        o = self.obj(v, w, {"de_facto", "de_jure", "quiet", "yield", "last_pi"})
        y = self.obj(o.get("yield", {}), f"{w}.yield", {"A", "I"})
        return ProvinceState(self.nation(o.get("de_facto"), f"{w}.de_facto", True),
                             self.nation(o.get("de_jure"), f"{w}.de_jure", True),
                             self.whole(o.get("quiet", 0), f"{w}.quiet"),
                             {f: self.whole(y.get(f, 0), f"{w}.yield.{f}") for f in ("A", "I")},
                             o.get("last_pi"))

    def unit(self, u: Any, w: str) -> HUnit:
        o = self.obj(u, w, {"id", "power", "type", "at", "M"}, {"power", "type", "at"})
        power = self.nation(o["power"], f"{w}.power")
        typ = o["type"]
        if typ not in ("D", "T", "N"):
            raise self.fail(f"{w}.type", f"{typ!r} is not D, T or N")
        at = str(o["at"]).lower()
        if not self.board.is_location(at):
            raise self.fail(f"{w}.at", f"unknown place {o['at']!r}")
        kind = self.board.province(at).kind
        if typ == "T" and kind not in (ProvinceKind.COAST, ProvinceKind.SEA):
            raise self.fail(f"{w}.at", f"a task force cannot stand in {at}")
        if typ in ("D", "N") and kind not in (ProvinceKind.LAND, ProvinceKind.COAST):
            raise self.fail(f"{w}.at", f"a land unit cannot stand in {at}")
        uid = o.get("id")
        if typ == "N":
            if uid is not None:
                raise self.fail(f"{w}.id", "a National Guard has no designation (III.10)")
        elif not isinstance(uid, str) or not is_count(uid[:-1]) or uid[-1] != typ:
            raise self.fail(f"{w}.id", f"expected a designation like 12{typ}, got {uid!r}")
        return HUnit(uid, power, typ, at, self.whole(o.get("M", 0), f"{w}.M"))

    def installation(self, x: Any, w: str) -> Installation:
        o = self.obj(x, w, {"type", "owner", "at", "built", "M"}, {"type", "owner", "at"})
        if o["type"] not in ("Y", "S"):
            raise self.fail(f"{w}.type", f"{o['type']!r} is not Y (armoury) or S (shipyard)")
        at = str(o["at"]).lower()
        if not self.board.is_location(at) or self.board.province(at).kind in (ProvinceKind.SEA,
                                                                               ProvinceKind.IMPASSABLE):
            raise self.fail(f"{w}.at", f"{o['at']!r} is not a land province")
        return Installation(o["type"], self.nation(o["owner"], f"{w}.owner"), at,
                            str(o.get("built", "")), self.whole(o.get("M", 0), f"{w}.M"))

    def bank(self, x: Any, w: str) -> Bank:
        o = self.obj(x, w, {"id", "name", "at", "controller", "gold", "invested", "frozen", "teams", "pis"},
                     {"id", "name", "at"})
        b = read_bank(o, w, self.fail)
        at = b.at.lower()
        if at not in self.pack.provinces:
            raise self.fail(f"{w}.at", f"a bank stands in a land province, not {b.at!r} (VI.1)")
        teams = tuple(self.team(t, f"{w}.teams[{i}]") for i, t in enumerate(self.list_of(o, "teams")))
        pis = tuple(self.pi(p, f"{w}.pis[{i}]") for i, p in enumerate(self.list_of(o, "pis")))
        return replace(b, at=at, teams=teams, pis=pis)

    def ff(self, x: Any, w: str) -> FF:
        o = self.obj(x, w, {"id", "owner", "at", "built", "fished"}, {"id", "owner", "at"})
        if not isinstance(o["id"], str) or not o["id"].upper().startswith("FF") or not is_count(o["id"][2:]):
            raise self.fail(f"{w}.id", f"expected a fishing fleet id like FF1, got {o['id']!r}")
        at = str(o["at"]).lower()
        land_sea = self.pack.fishing.land_sea if self.pack.fishing else frozenset()
        half = at.endswith("/sea") and province_of(at) in land_sea  # a land-sea province's (VII.3)
        if not half and (not self.board.is_location(at) or self.board.province(at).kind not in (
                ProvinceKind.COAST, ProvinceKind.SEA)):
            raise self.fail(f"{w}.at", f"a fishing fleet is on a coast or at sea, not {o['at']!r}")
        fished = o.get("fished")
        if fished is not None and not (isinstance(fished, str) and (fished in land_sea or (
                fished in self.board.provinces and self.board.is_sea(fished)))):
            raise self.fail(f"{w}.fished", f"{fished!r} is not a sea")
        owner = o["owner"] if isinstance(o["owner"], str) and o["owner"] in self.bank_ids \
            else self.nation(o["owner"], f"{w}.owner")
        return FF(o["id"].upper(), owner, at, str(o.get("built", "")), fished)  # a bank may own one (VI.2)

    def player(self, p: Any, w: str) -> Mapping[str, Any]:
        o = self.obj(p, w, {"id", "home", "joint_victory", "name"}, {"id"})
        if not isinstance(o["id"], str) or not o["id"] or len(o["id"]) > 64 or unsafe_char(o["id"]):
            raise self.fail(f"{w}.id", f"expected a player id, got {o['id']!r}")
        self.nation(o.get("home"), f"{w}.home", True)
        for k in ("name", "joint_victory"):  # a player's name; the agreement it is in (IX.9)
            if k in o and o[k] is not None and (not isinstance(o[k], str) or len(o[k]) > 200
                                                or unsafe_char(o[k])):
                raise self.fail(f"{w}.{k}", f"expected a one-line text, got {o[k]!r}"[:200])
        return dict(o)

    def agreement(self, a: Any, w: str, pids: set[str]) -> Agreement:
        o = self.obj(a, w, {"id", "players", "public"}, {"id", "players"})
        ps = o["players"]
        if not isinstance(ps, list) or not all(p in pids for p in ps) or len(set(ps)) != len(ps):
            raise self.fail(f"{w}.players", f"expected distinct player ids, got {ps!r}")
        if not 2 <= len(ps) <= self.pack.constants.joint_max_players:
            raise self.fail(f"{w}.players", f"a joint victory joins 2 to "
                            f"{self.pack.constants.joint_max_players} players (IX.9)")
        return Agreement(str(o["id"]), tuple(sorted(ps)), bool(o.get("public", False)))

    def adjustment(self, a: Any, w: str) -> Mapping[str, Any]:
        o = self.obj(a, w, {"nation", "factor", "amount", "reason"}, {"nation", "factor", "amount", "reason"})
        self.nation(o["nation"], f"{w}.nation")
        if o["factor"] not in STOCK_FACTORS:
            raise self.fail(f"{w}.factor", f"{o['factor']!r} is not one of {', '.join(STOCK_FACTORS)}")
        try:
            to_units(o["amount"], FACTORS[o["factor"]], f"{w}.amount")
        except MoneyError as e:
            raise PositionError(str(e)) from None
        if not isinstance(o["reason"], str) or not o["reason"].strip():
            raise self.fail(f"{w}.reason", "a GM's adjustment says why (IX.8)")
        return dict(o)

    def orders(self, v: Any, banks: tuple[Bank, ...] = ()) -> dict[str, tuple[str, ...]]:
        o = self.obj(v, "orders", set(self.pack.nations) | self.formed | {b.id for b in banks})
        out = {}
        for k, texts in o.items():
            if isinstance(texts, str):
                texts = texts.splitlines()
            if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
                raise self.fail(f"orders.{k}", "expected a list of order texts")
            out[str(k)] = tuple(t for t in texts if t.strip())
        return out
