"""A Hypereconomic position: the board's holdings and every nation's stocks, as values.

The JSON shape is CONTRACTS 6: the standard ``units`` list (with designations and the M tied
up in each unit) and an ``economy`` block. Money is written in dollars in steps of ½ and held
here as whole half-dollars. Reading, strictly, is :mod:`.position_reader`'s. Blocks of later parts of the rules (fishing fleets, banks, investment
levels, canals) are carried over unchanged until their part is adjudicated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..board import province_of
from ..money import from_units
from ..phase import Phase
from ..variant import Variant
from .allies import Alliance
from .banks import Bank
from .fishing import FF
from .pack import FACTORS, Pack

GOLD = FACTORS["gold"]  # half-dollars to the dollar
STOCK_FACTORS = ("gold", "M", "A", "I")
CARRIED = ("canals",)  # the canals' state, read strictly by canal_state.read_state


@dataclass(frozen=True, slots=True)
class HUnit:
    """A Division, Task Force or National Guard. Guards have no designation (III.10)."""

    id: str | None
    power: str
    type: str  # D, T or N
    at: str
    M: int

    @property
    def province(self) -> str:
        return province_of(self.at)

    @property
    def ref(self) -> str:
        return self.id or f"N {self.at}"

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"power": self.power, "type": self.type, "at": self.at, "M": self.M}
        return ({"id": self.id} | d) if self.id else d


@dataclass(frozen=True, slots=True)
class Installation:
    """An armoury (Y) or shipyard (S), with the M tied up in it."""

    type: str
    owner: str
    at: str
    built: str
    M: int

    @property
    def ref(self) -> str:
        return f"{self.type} {self.at}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "owner": self.owner, "at": self.at, "built": self.built,
                "M": self.M}


@dataclass(frozen=True)
class NationState:
    kind: str  # home | territory
    suzerain: str | None
    controllers: tuple[str, ...]
    stock: Mapping[str, int]  # gold in halves
    escrow: int  # halves
    trs: int
    acquired: int = 0  # units acquired so far: the next designation is acquired + 1 (III.10)
    teams: tuple[Mapping[str, Any], ...] = ()
    pis: tuple[Mapping[str, Any], ...] = ()
    name: str = ""  # a nation formed in play names itself; the others' names are the pack's
    exile: Mapping[str, Any] | None = None  # a government in exile (II.7b-8): since, deadline, located, hidden_M
    # a failure order that stands beyond its season (I.11): {"order": [T5 categories],
    # "left": seasons it still covers after this one, or None until withdrawn}
    failure_order: Mapping[str, Any] | None = None
    bank: str | None = None  # the bank that owns the nation (VI.2); its controller gives its orders

    def to_json(self) -> dict[str, Any]:
        d = {"kind": self.kind, "suzerain": self.suzerain, "controllers": list(self.controllers),
             "stock": {f: from_units(self.stock.get(f, 0), FACTORS[f]) for f in STOCK_FACTORS},
             "escrow": from_units(self.escrow, GOLD), "trs": self.trs,
             "acquired": self.acquired, "teams": [dict(t) for t in self.teams],
             "pis": [dict(p) for p in self.pis]}
        if self.exile is not None:
            d["exile"] = dict(self.exile)
        if self.bank is not None:
            d["bank"] = self.bank
        if self.failure_order is not None:
            d["failure_order"] = {"order": list(self.failure_order["order"]), "left": self.failure_order["left"]}
        return ({"name": self.name} if self.name else {}) | d


@dataclass(frozen=True)
class ProvinceState:
    de_facto: str | None
    de_jure: str | None
    quiet: int
    yields: Mapping[str, int]
    last_pi: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"de_facto": self.de_facto, "de_jure": self.de_jure, "quiet": self.quiet,
                "yield": {"A": self.yields.get("A", 0), "I": self.yields.get("I", 0)},
                "last_pi": self.last_pi}


@dataclass(frozen=True)
class Agreement:
    """A joint victory agreement of two or three players (IX.9)."""

    id: str
    players: tuple[str, ...]
    public: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "players": list(self.players), "public": self.public}


@dataclass(frozen=True)
class HyperPosition:
    variant: Variant
    pack: Pack
    phase: Phase
    units: tuple[HUnit, ...]
    nations: Mapping[str, NationState]
    provinces: Mapping[str, ProvinceState]
    installations: tuple[Installation, ...] = ()
    ffs: tuple[FF, ...] = ()
    banks: tuple[Bank, ...] = ()
    ipl: Mapping[str, int] = field(default_factory=dict)  # investment payoff level per region
    players: tuple[Mapping[str, Any], ...] = ()
    joint: tuple[Agreement, ...] = ()
    victory: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    carried: Mapping[str, Any] = field(default_factory=dict)
    orders: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    secret: str = ""
    overrides: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    decisions: Mapping[str, str] = field(default_factory=dict)
    adjustments: tuple[Mapping[str, Any], ...] = ()
    variant_ref: str | None = None
    winner: str | list[str] | None = None
    alliances: tuple[Alliance, ...] = ()  # III.36-39; nations of one player are allied anyway
    signatures: Mapping[str, tuple[str, ...]] | None = None  # who signed each nation's orders (IX.4)

    @property
    def board(self):
        return self.variant.board

    @property
    def first_season(self) -> bool:
        return self.phase == self.variant.start_phase

    def with_orders(self, orders: Mapping[str, Any]) -> HyperPosition:
        return replace(self, orders={k: tuple(v) for k, v in orders.items()})

    def evolve(self, **changes: Any) -> HyperPosition:
        return replace(self, **changes)

    def player_ids(self) -> list[str]:
        return [str(p["id"]) for p in self.players]

    def givers_by_name(self) -> dict[str, str]:
        """Who gives orders (nations and banks) by id, name, abbreviation or a usual name the
        board lists (``aliases``), in any case; an id always wins over another's name, and a
        name over a usual name (``France``, ``Fran`` and ``fra`` -> ``fra``; ``Britain`` -> ``gbr``)."""
        out: dict[str, str] = {}
        for n in self.pack.nations.values():
            for name in (n.name, n.abbr):
                out.setdefault(name.lower(), n.id)
        for nid, st in self.nations.items():
            if st.name:
                out.setdefault(st.name.lower(), nid)
        for b in self.banks:
            out.setdefault(b.name.lower(), b.id)
        for n in self.pack.nations.values():  # the board's usual names (Britain, Turkey), after its own
            for name in n.aliases:
                out.setdefault(name.lower(), n.id)
        return out | {n.lower(): n for n in self.nations} | {b.id.lower(): b.id for b in self.banks}

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self, with_orders: bool = True, with_secret: bool = True) -> dict[str, Any]:
        eco: dict[str, Any] = {
            "players": [dict(p) for p in self.players],
            "nations": {n: self.nations[n].to_json() for n in sorted(self.nations)},
            "provinces": {p: self.provinces[p].to_json() for p in sorted(self.provinces)},
            "installations": [i.to_json() for i in self.installations],
            "ffs": [f.to_json() for f in self.ffs],
            "banks": [b.to_json() for b in self.banks],
            "ipl": dict(sorted(self.ipl.items())),
            "joint": [a.to_json() for a in self.joint],
            "victory": {k: dict(v) for k, v in sorted(self.victory.items())},
        }
        if self.alliances:
            eco["alliances"] = [a.to_json() for a in sorted(self.alliances, key=lambda a: a.id)]
        eco |= {k: self.carried[k] for k in CARRIED if k in self.carried}
        d: dict[str, Any] = {"variant": self.variant_ref or self.variant.id, "phase": str(self.phase),
                             "units": [u.to_json() for u in self.units], "economy": eco}
        if with_secret:
            d["rng"] = {"secret": self.secret,
                        "overrides": {k: list(v) for k, v in sorted(self.overrides.items())}}
        if self.decisions:
            d["decisions"] = dict(sorted(self.decisions.items()))
        if self.adjustments:
            d["adjustments"] = [dict(a) for a in self.adjustments]
        if self.signatures is not None:
            d["signatures"] = {k: list(v) for k, v in sorted(self.signatures.items())}
        if with_orders:
            d["orders"] = {k: list(v) for k, v in sorted(self.orders.items())}
        if self.winner is not None:
            d["winner"] = self.winner
        return d

    @classmethod
    def start(cls, variant: Variant, pack: Pack, secret: str = "",
              variant_ref: str | None = None) -> HyperPosition:
        nations = {n.id: NationState(n.kind, n.suzerain, n.controllers, dict(n.stock.amounts),
                                     n.escrow, n.trs,
                                     teams=tuple({"id": f"{k}{i + 1}", "kind": k, "perm": 0, "temp": 0,
                                                  "pis_made": 0}
                                                 for k, c in sorted(n.teams.items())
                                                 for i in range(c)))
                   for n in pack.nations.values()}
        provinces = {p.id: ProvinceState(p.nation, p.nation, 0, dict(p.yields.amounts))
                     for p in pack.provinces.values()}
        players = tuple({"id": p.id, "home": p.home} for p in sorted(pack.players.values(),
                                                                       key=lambda p: p.id))
        ipl = ({r: pack.banking.ipl_start for r in pack.banking.regions} if pack.banking else {})
        return cls(variant, pack, variant.start_phase, (), nations, provinces, ipl=ipl, players=players,
                   victory={p["id"]: {"provinces_streak": 0, "gold_streak": 0} for p in players},
                   secret=secret, variant_ref=variant_ref)

