"""A position: the phase, the units, the dislodged units, centre owners and orders.

``Position.from_json`` reads the position format of CONTRACTS section 3 and raises
:class:`PositionError`, naming the field and the value at fault, for anything it can't use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter
from typing import Any

from .board import UnitType, province_of
from .extras import check_extra
from .names import name_table
from .phase import Phase, PhaseType
from .rulebook import KNOWN as KNOWN_RULES
from .variant import Variant, VariantError


class PositionError(ValueError):
    """A position can't be used; the message names the field and the value at fault."""


@dataclass(frozen=True, slots=True)
class Unit:
    power: str
    type: UnitType
    loc: str
    province: str = field(init=False, compare=False, repr=False)
    # units are listed by power, then place: one string compares faster than a tuple
    sort_key: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", self.loc.partition("/")[0])
        object.__setattr__(self, "sort_key", f"{self.power}\0{self.loc}")

    def __str__(self) -> str:
        return f"{self.type} {self.loc}"  # a StrEnum formats as its value

    def to_json(self) -> dict[str, str]:
        return {"power": self.power, "type": str(self.type), "at": self.loc}


@dataclass(frozen=True)
class Dislodged:
    unit: Unit
    attacker_from: str | None
    retreats: tuple[str, ...] | None = None  # None: not given, work it out from the board

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = self.unit.to_json()
        d["attacker_from"] = self.attacker_from
        if self.retreats is not None:
            d["retreats"] = list(self.retreats)
        return d


@dataclass(frozen=True)
class Position:
    variant: Variant
    phase: Phase
    units: Mapping[str, Unit]  # by province
    centers: Mapping[str, str]  # centre -> owner
    dislodged: Mapping[str, Dislodged] = field(default_factory=dict)
    contested: frozenset[str] = frozenset()
    orders: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    # units whose type their owner has not chosen yet (Woolworth's "choice" units):
    # province -> (power, place); revealed by the first movement orders
    choices: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    variant_ref: str = ""  # how the position named its variant (id or path)
    extra: Mapping[str, Any] = field(default_factory=dict)  # fields of rule modules

    @property
    def board(self):
        return self.variant.board

    @property
    def all_rules(self) -> frozenset[str]:
        # asked several times a phase: remembered per variant and rule list
        key = (tuple(self.variant.rules), tuple(self.rules))
        hit = _ALL_RULES.get(key)
        if hit is None:
            hit = frozenset(self.variant.rules) | frozenset(self.rules)
            if len(_ALL_RULES) < 1000:
                _ALL_RULES[key] = hit
        return hit

    def with_orders(self, orders: Mapping[str, list[str] | tuple[str, ...]]) -> Position:
        return self.evolve(orders={p: tuple(o) for p, o in orders.items()})

    def evolve(self, **changes: Any) -> Position:
        """A copy with some fields changed: ``dataclasses.replace`` without its field-by-field
        introspection, which showed in every adjudication."""
        if not _FIELDS.issuperset(changes):
            unknown = set(changes) - _FIELDS
            raise TypeError(f"Position has no field {', '.join(sorted(unknown))}")
        new = object.__new__(Position)
        fields = new.__dict__
        fields.update(self.__dict__)  # into an empty dict: a copy of the whole table at once
        fields.update(changes)
        return new

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def centers_of(self, power: str) -> list[str]:
        return sorted(c for c, p in self.centers.items() if p == power)

    @classmethod
    def start(cls, variant: Variant, variant_ref: str | None = None) -> Position:
        units = {}
        choices = {}
        for su in variant.start_units:
            if su.type is None:
                choices[province_of(su.at)] = (su.power, su.at)
            else:
                units[province_of(su.at)] = Unit(su.power, su.type, su.at)
        centers = {c: p for p, cs in variant.start_centers.items() for c in cs}
        return cls(variant, variant.start_phase, units, centers, choices=choices,
                   variant_ref=variant_ref or variant.id)

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self, with_orders: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {
            "variant": self.variant_ref or self.variant.id,
            "rules": list(self.rules),
            "phase": str(self.phase),
            # Unit.to_json, written out: this runs for every unit of every result
            "units": [{"power": u.power, "type": _LETTERS[u.type], "at": u.loc}
                      for u in sorted(self.units.values(), key=_unit_key)],
        }
        for _prov, (power, at) in sorted(self.choices.items()):
            d["units"].append({"power": power, "type": "?", "at": at, "choice": True})
        if self.phase.type is PhaseType.RETREAT:
            d["dislodged"] = [
                x.to_json() for x in sorted(self.dislodged.values(), key=lambda x: _unit_key(x.unit))
            ]
            d["contested"] = sorted(self.contested)
        owned: dict[str, list[str]] = {}
        for c, p in self.centers.items():
            owned.setdefault(p, []).append(c)
        d["centers"] = {p: sorted(owned[p]) for p in self.variant.power_names if p in owned}
        d.update(self.extra)
        if with_orders:
            d["orders"] = {p: list(o) for p, o in self.orders.items()}
        return d

    @classmethod
    def from_json(cls, data: Any, load_variant: Callable[[str], Variant]) -> Position:
        return _PositionReader(data, load_variant).read()


_FIELDS = frozenset(Position.__dataclass_fields__)
_ALL_RULES: dict[tuple, frozenset[str]] = {}
_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}
_LETTERS = {t: t.value for t in UnitType}  # str() of a StrEnum is a Python-level call
_PHASES: dict[str, Phase] = {}


def _phase(text) -> Phase:
    """Phase.parse, remembered (phases are few and immutable)."""
    if isinstance(text, str):
        hit = _PHASES.get(text)
        if hit is None:
            hit = Phase.parse(text)
            if len(_PHASES) < 10_000:
                _PHASES[text] = hit
        return hit
    return Phase.parse(text)


_unit_key = attrgetter("sort_key")  # units are listed by power, then place
_KNOWN_KEYS = frozenset({"variant", "rules", "phase", "units", "dislodged", "contested", "centers", "orders"})


def _new_position(**fields: Any) -> Position:
    """A Position with every field given, made without the frozen dataclass's ``__init__``
    (which sets each field through ``object.__setattr__``; that showed in every
    adjudication). A position has no init logic to skip."""
    new = object.__new__(Position)
    new.__dict__.update(fields)
    return new


def _power_lookup(variant: Variant) -> tuple[dict[str, str], frozenset[str]]:
    """(lower-case name -> power name, the exact names), made once per variant."""
    cache = variant.board._cache
    key = ("power_lookup", variant.power_names)
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = ({p.lower(): p for p in variant.power_names}, frozenset(variant.power_names))
    return hit


class _PositionReader:
    def __init__(self, data: Any, load_variant: Callable[[str], Variant]):
        self.data = data
        self.load_variant = load_variant

    def fail(self, where: str, what: str) -> PositionError:
        return PositionError(f"{where}: {what}")

    def read(self) -> Position:
        d = self.data
        if type(d) is not dict and not isinstance(d, Mapping):  # JSON gives dicts: asked first
            raise self.fail("position", f"expected a JSON object, got {type(d).__name__}")
        ref = d.get("variant", "standard")
        if not isinstance(ref, str):
            raise self.fail("variant", f"expected a variant id, got {ref!r}")
        try:
            variant = self.load_variant(ref)
        except VariantError as e:
            raise self.fail("variant", str(e)) from None
        if variant.engine != "standard":
            raise self.fail("variant", f"{ref} has a season engine of its own ({variant.engine}); "
                            "in this version only adjudicate and report take its positions")
        self.variant = variant
        self.board = variant.board
        self.names = name_table(variant.board)
        self.powers, self.exact_powers = _power_lookup(variant)
        self.known_units = variant.board._cache.setdefault("units", {})
        rules = d.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise self.fail("rules", f"expected a list of rule names, got {rules!r}")
        for i, r in enumerate(rules):
            if r not in KNOWN_RULES:
                near = [k for k in KNOWN_RULES if k == r.strip().lower()]
                hint = f"did you mean {near[0]!r}?" if near else f"known: {', '.join(sorted(KNOWN_RULES))}"
                raise self.fail(f"rules[{i}]", f"unknown rule {r!r} ({hint})")
        try:
            phase = _phase(d.get("phase", ""))
            variant.calendar.check(phase)
        except ValueError as e:
            raise self.fail("phase", str(e)) from None
        units = self.known_units_only()
        choices: dict[str, tuple[str, str]] = {}
        if units is None:
            units = {}
            for i, u in enumerate(self.list_of("units")):
                where = f"units[{i}]"
                if isinstance(u, Mapping) and (u.get("type") == "?" or u.get("choice")):
                    power = self.power(u.get("power"), f"{where}.power")
                    at = self.location(u.get("at"), f"{where}.at")
                    prov = province_of(at)
                    if self.board.provinces[prov].kind.value not in ("coast", "land", "sea"):
                        raise self.fail(f"{where}.at", f"no unit can stand in {prov}")
                    if prov in units or prov in choices:
                        raise self.fail(where, f"{prov} already holds a unit")
                    choices[prov] = (power, at)
                    continue
                unit = self.unit(u, where)
                if unit.province in units or unit.province in choices:
                    raise self.fail(where, f"{unit.province} already holds a unit")
                units[unit.province] = unit
        dislodged: dict[str, Dislodged] = {}
        for i, u in enumerate(self.list_of("dislodged")):
            where = f"dislodged[{i}]"
            unit = self.unit(u, where)
            if unit.province in dislodged:
                raise self.fail(where, f"a second dislodged unit in {unit.province}")
            att = u.get("attacker_from")
            if att is not None:
                att = self.location(att, f"{where}.attacker_from")
                att = province_of(att)
            retreats = u.get("retreats")
            if retreats is not None:
                if not isinstance(retreats, list):
                    raise self.fail(f"{where}.retreats", "expected a list of places")
                retreats = tuple(self.retreat(unit, r, units, f"{where}.retreats[{j}]")
                                 for j, r in enumerate(retreats))
            dislodged[unit.province] = Dislodged(unit, att, retreats)
        if dislodged and phase.type is not PhaseType.RETREAT:
            raise self.fail("dislodged", f"dislodged units only exist in a retreat phase, not {phase}")
        raw_contested = self.list_of("contested")
        contested = frozenset(
            province_of(self.location(c, f"contested[{i}]")) for i, c in enumerate(raw_contested)
        ) if raw_contested else frozenset()
        for prov in contested & units.keys():
            raise self.fail("contested", f"{prov} holds a unit, so no standoff left it empty")
        cmap = d.get("centers", None)
        if cmap is None:
            cmap = {p: list(cs) for p, cs in variant.start_centers.items()}
        if type(cmap) is not dict and not isinstance(cmap, Mapping):
            raise self.fail("centers", "expected an object of power -> list of centres")
        centers = self.plain_centers(cmap)
        if centers is None:
            centers = self.centers(cmap)
        orders: dict[str, tuple[str, ...]] = {}
        omap = d.get("orders", {}) or {}
        if type(omap) is not dict and not isinstance(omap, Mapping):
            raise self.fail("orders", "expected an object of power -> list of orders")
        for power, texts in omap.items():
            pname = power if power in self.exact_powers else self.power(power, f"orders.{power}")
            if isinstance(texts, str):
                texts = [t for t in texts.splitlines() if t.strip()]
            if type(texts) is not list or not all(map(isinstance, texts, repeat(str))):
                raise self.fail(f"orders.{power}", "expected a list of order texts")
            orders[pname] = orders[pname] + tuple(texts) if pname in orders else tuple(texts)
        extra = {k: v for k, v in d.items() if k not in _KNOWN_KEYS} if not _KNOWN_KEYS.issuperset(d) else {}
        if extra:
            try:
                extra = check_extra(extra, self.board, self.powers, variant.victory_by)
            except ValueError as e:
                raise PositionError(str(e)) from None
        return _new_position(
            variant=variant,
            phase=phase,
            units=units,
            centers=centers,
            dislodged=dislodged,
            contested=contested,
            orders=orders,
            rules=tuple(rules),
            choices=choices,
            variant_ref=ref,
            extra=extra,
        )

    def plain_centers(self, cmap: Mapping) -> dict[str, str] | None:
        """Centre -> owner in the common case, read at once: every power named exactly,
        every name a centre of the board, each named once; else None (read them with
        :meth:`centers`, which says what is wrong and where)."""
        centers: dict[str, str] = {}
        n = 0
        exact = self.exact_powers
        try:
            for power, cs in cmap.items():
                if power not in exact or type(cs) is not list:
                    return None
                centers.update(dict.fromkeys(cs, power))
                n += len(cs)
        except TypeError:  # something unhashable in a list
            return None
        if len(centers) != n or not self.board.center_set.issuperset(centers):
            return None
        return centers

    def centers(self, cmap: Mapping) -> dict[str, str]:
        centers: dict[str, str] = {}
        board_centers = self.board.center_set
        for power, cs in cmap.items():
            pname = power if power in self.exact_powers else self.power(power, f"centers.{power}")
            if type(cs) is not list:
                raise self.fail(f"centers.{power}", "expected a list of centres")
            try:
                common = board_centers.issuperset(cs) and centers.keys().isdisjoint(cs) and len(set(cs)) == len(cs)
            except TypeError:  # something unhashable in the list: reported below
                common = False
            if common:  # all known centres, none seen before
                centers.update(dict.fromkeys(cs, pname))
                continue
            for c in cs:
                if type(c) is str and c in board_centers and c not in centers:
                    centers[c] = pname
                    continue
                prov = province_of(self.location(c, f"centers.{power}"))
                if not self.board.provinces[prov].center:
                    raise self.fail(f"centers.{power}", f"{c!r} is not a supply centre")
                if prov in centers and centers[prov] != pname:
                    raise self.fail(f"centers.{power}", f"{prov} is also owned by {centers[prov]}")
                centers[prov] = pname
        return centers

    def known_units_only(self) -> dict[str, Unit] | None:
        """The units by province, if each is one seen before in the canonical form
        (the common case, kept short), else None."""
        known = self.known_units
        units: dict[str, Unit] = {}
        try:
            for u in self.data.get("units", ()):
                if len(u) != 3:
                    return None
                hit = known[(u["power"], u["type"], u["at"])]
                if hit.province in units:
                    return None
                units[hit.province] = hit
        except (KeyError, TypeError):  # new, unhashable or not a unit: the long way
            return None
        return units

    def list_of(self, key: str) -> list:
        v = self.data.get(key, [])
        if v is None:
            return []
        if not isinstance(v, list):
            raise self.fail(key, f"expected a list, got {type(v).__name__}")
        return v

    def power(self, name: Any, where: str) -> str:
        if type(name) is str and name in self.exact_powers:
            return name
        p = self.powers.get(str(name).lower()) if isinstance(name, str) else None
        if p is None:
            raise self.fail(where, f"unknown power {name!r} (powers: {', '.join(self.variant.power_names)})")
        return p

    def location(self, text: Any, where: str) -> str:
        if isinstance(text, str) and text in self.names.exact:
            return text
        loc = self.names.location(text) if isinstance(text, str) else None
        if loc is None or not self.board.is_location(loc):
            raise self.fail(where, f"unknown place {text!r}")
        return loc

    def retreat(self, unit: Unit, text: Any, units: Mapping[str, Unit], where: str) -> str:
        """A listed retreat, checked against the board: a record may narrow the places a
        dislodged unit may go, never widen them."""
        loc = self.location(text, where)
        prov = province_of(loc)
        b = self.board
        if unit.type is UnitType.FLEET:
            reach = b.fleet_targets(unit.loc, prov)
            if "/" not in loc and len(reach) == 1:
                loc = reach[0]
            elif "/" not in loc and len(reach) > 1:
                raise self.fail(where, f"say which coast of {prov}: {' or '.join(reach)}")
            ok = loc in reach
        else:
            ok = prov in b.army_adj.get(unit.province, ()) and "/" not in loc
        if not ok:
            raise self.fail(where, f"the {unit.type.long_name.lower()} in {unit.loc} cannot retreat to {loc}")
        if prov in units:
            raise self.fail(where, f"{prov} holds a unit: nobody retreats there")
        return loc

    def unit(self, u: Any, where: str) -> Unit:
        # fast path: the canonical form this engine writes itself, units shared per board
        if type(u) is dict and len(u) == 3:
            key = (u.get("power"), u.get("type"), u.get("at"))
            hit = self.known_units.get(key) if all(type(x) is str for x in key) else None
            if hit is not None:
                return hit
            power, t, at = key
            if hit is None and all(type(x) is str for x in key) and power in self.exact_powers and t in _TYPES and at in self.names.exact:
                utype = _TYPES[t]
                if self.board.can_stand(utype, at):
                    unit = self.known_units[key] = Unit(power, utype, at)
                    return unit
        if not isinstance(u, Mapping):
            raise self.fail(where, "expected {power, type, at}")
        power = self.power(u.get("power"), f"{where}.power")
        t = u.get("type")
        try:
            utype = UnitType(str(t).upper()[:1]) if t else None
        except ValueError:
            utype = None
        if utype is None:
            raise self.fail(f"{where}.type", f"expected A or F, got {t!r}")
        loc = self.location(u.get("at"), f"{where}.at")
        prov = self.board.provinces[province_of(loc)]
        if utype is UnitType.FLEET and prov.coasts and "/" not in loc:
            if len(prov.coasts) == 1:
                loc = prov.locations[0]
            else:
                raise self.fail(f"{where}.at", f"a fleet in {prov.id} must name its coast ({', '.join(prov.locations)})")
        if utype is UnitType.ARMY and "/" in loc:
            loc = province_of(loc)
        if not self.board.can_stand(utype, loc):
            what = "an army" if utype is UnitType.ARMY else "a fleet"
            raise self.fail(f"{where}.at", f"{what} cannot stand in {loc} ({prov.kind.value})")
        return Unit(power, utype, loc)
