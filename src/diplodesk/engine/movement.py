"""A movement phase: check each order, resolve, and build the position that follows.

Checks follow DATC 4.E.1: an order that could not be valid whatever the others do is
*illegal* and ignored (the unit holds); a support or convoy that does not match what the
other unit does is *void*. Coasts follow DATC 4.B, unit types and nationality 4.C.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from . import convoys, mechanisms, rulebook
from .board import Board, ProvinceKind, UnitType, province_of
from .borders import closed_provinces, is_difficult
from .mechanisms import Mechanism, Settled
from .orders import (
    Convoy,
    Hold,
    Move,
    Order,
    OrderParseError,
    Retreat,
    Support,
    Waive,
    format_order,
    parse_order,
)
from .orderset import power_words
from .outcome import Illegal, OrderResult, Status
from .phase import PhaseType
from .position import Dislodged, Position, Unit
from .resolver import CONVOY, HOLD, MOVE, SUPPORT, Ord, Resolver
from .retreats import retreat_options

_HOLDING = (HOLD, None, None, False, 1, None, None, None)  # a Checked's "how" for a unit that holds


class Checked(Ord):
    """A unit's order after the checks: the order the resolver decides (an :class:`Ord`,
    kept in one object with what reports need: one object per unit and phase)."""

    __slots__ = ("unit", "text", "order", "illegal", "shown", "path")

    def __init__(self, unit: Unit, text: str | None, order: Order | None, how: tuple = _HOLDING,
                 illegal: Illegal | None = None):
        """``how``: (kind, dest, target, convoyed, base, dest_loc, rail, shown), as the
        checks found it (remembered per order; see check_orders); ``shown`` is the order
        in the short form, when already known."""
        # Ord's fields, set here rather than through Ord.__init__: this runs for every unit
        self.kind, self.dest, self.target, self.convoyed, self.base, self.dest_loc, self.rail, self.shown = how
        self.prov = unit.province
        self.power = unit.power
        self.utype = unit.type
        self.void = False
        self.disrupted = False
        self.supports = ()
        self.convoys = ()
        self.state = 0
        self.result = False
        self.unit = unit
        self.text = text  # as the player wrote it; None: no order; "": several (it holds)
        self.order = order  # normalised (coasts settled), None if none given
        self.illegal = illegal
        # ``path`` (a convoy path named in the order, DATC 4.A.6) and ``route`` are set only
        # on the rare orders that have one: read them with getattr

    def make_hold(self, illegal: Illegal) -> None:
        """The order can't stand after all: the unit holds, and the report says why."""
        self.kind = HOLD
        self.dest = self.target = self.dest_loc = self.rail = None
        self.convoyed = False
        self.illegal = illegal


class MovementChecker:
    def __init__(self, position: Position):
        self.pos = position
        self.board: Board = position.board
        self.closed = closed_provinces(self.board, position.phase.season)
        self._seas: frozenset[str] | None = None
        self.used_seas = False  # did the last check depend on where the fleets are?
        self.uncacheable = False  # did it depend on anything else of the position?

    @property
    def seas(self) -> frozenset[str]:
        """Seas with a fleet in them (worked out only when a convoy question comes up)."""
        self.used_seas = True
        if self._seas is None:
            if rulebook.has(self.pos, rulebook.BLIND):
                # Blind: no verdict may tell a power where fleets it cannot see are, so
                # an order is judged as if every sea could hold one; one that no fleet
                # serves then fails in the resolution instead of being illegal
                self._seas = self.board.sea_provinces
            else:
                # units are kept by province, and only fleets stand at sea
                self._seas = self.board.sea_provinces.intersection(self.pos.units)
        return self._seas

    def check(self, unit: Unit, order: Order) -> tuple[Ord, Order, str | None]:
        prov = unit.province
        if isinstance(order, Hold):
            return Ord(HOLD, prov, unit.power, unit.type), Hold(unit.type, unit.loc), None
        if prov in self.closed:
            raise Illegal("illegal", f"{prov} is closed this season: its unit can take no orders")
        if isinstance(order, Move | Retreat):
            return self.check_move(unit, order)
        if isinstance(order, Support):
            return self.check_support(unit, order)
        if isinstance(order, Convoy):
            return self.check_convoy(unit, order)
        mechanism = mechanisms.for_order(type(order))
        if mechanism is not None:
            return mechanism.check(self, unit, order)
        raise Illegal("wrong phase", f"a {type(order).__name__.lower()} order in a movement phase")

    def check_move(self, unit: Unit, order: Move | Retreat) -> tuple[Ord, Order, str | None]:
        b = self.board
        prov = unit.province
        dest_prov = province_of(order.dest)
        via = getattr(order, "via_convoy", False)
        if dest_prov == prov:
            raise Illegal("illegal", "a unit cannot move to where it is")
        if unit.type is UnitType.FLEET and getattr(order, "path", ()):
            raise Illegal("illegal", "only an army goes along a convoy path; a fleet moves one step")
        if dest_prov in self.closed:
            raise Illegal("illegal", f"{dest_prov} is closed this season")
        target = b.provinces[dest_prov]
        if unit.type is UnitType.ARMY:
            if target.kind not in (ProvinceKind.LAND, ProvinceKind.COAST):
                raise Illegal("illegal", f"an army cannot go to {dest_prov} ({target.kind.value})")
            adjacent = dest_prov in b.army_adj.get(prov, ())
            convoyed = via or not adjacent
            if not adjacent:
                if not (b.is_coastal(prov) and target.kind is ProvinceKind.COAST):
                    raise Illegal("illegal", f"{dest_prov} is not next to {prov} and no convoy can go there")
                if not convoys.route_exists(b, prov, dest_prov, self.seas):
                    raise Illegal("illegal", f"no fleets at sea could convoy {prov} to {dest_prov}")
            base = 0 if (adjacent and not convoyed and is_difficult(b, prov, dest_prov)) else 1
            o = Ord(MOVE, prov, unit.power, unit.type, dest=dest_prov, convoyed=convoyed, base=base,
                    dest_loc=dest_prov)
            norm = Move(unit.type, unit.loc, dest_prov, convoyed and adjacent)
            return o, norm, dest_prov
        # a fleet
        if target.kind not in (ProvinceKind.COAST, ProvinceKind.SEA):
            raise Illegal("illegal", f"a fleet cannot go to {dest_prov} ({target.kind.value})")
        reachable = b.fleet_targets(unit.loc, dest_prov)
        coast = order.dest.partition("/")[2]
        if target.coasts and coast:
            if order.dest not in reachable:
                raise Illegal("illegal", f"a fleet in {unit.loc} cannot reach {order.dest}")
            dest_loc = order.dest
        elif not reachable:
            raise Illegal("illegal", f"a fleet in {unit.loc} cannot reach {dest_prov}")
        elif len(reachable) > 1:
            raise Illegal("illegal", f"say which coast of {dest_prov}: {' or '.join(reachable)}")
        else:
            dest_loc = reachable[0]
        o = Ord(MOVE, prov, unit.power, unit.type, dest=dest_prov, dest_loc=dest_loc)
        return o, Move(unit.type, unit.loc, dest_loc), dest_loc

    def check_support(self, unit: Unit, order: Support) -> tuple[Ord, Order, str | None]:
        b = self.board
        prov = unit.province
        target = province_of(order.target)
        dest = province_of(order.dest) if order.dest else None
        reach = dest or target
        if target == prov or dest == prov:
            raise Illegal("illegal", "a unit cannot support a move into its own province or itself")
        if dest == target:
            raise Illegal("illegal", "a supported move must go somewhere")
        if reach in self.closed:
            raise Illegal("illegal", f"{reach} is closed this season")
        if not b.can_reach(unit.type, unit.loc, reach):
            raise Illegal("illegal", f"the {unit.type.long_name.lower()} in {unit.loc} cannot reach {reach}")
        if is_difficult(b, prov, reach):
            raise Illegal("illegal", f"no support can be given across the difficult border {prov}-{reach}")
        supported = self.pos.units.get(target)
        if dest and supported is not None and supported.type is UnitType.ARMY:
            if dest not in b.army_adj.get(target, ()) and not any(
                m.carries(b, supported.power, target, dest) for m in mechanisms.registered()
            ):
                # the supported move needs a convoy: one must be possible without the supporter
                if not convoys.route_exists(b, target, dest, self.seas - {prov}):
                    raise Illegal("illegal", f"no convoy could take {target} to {dest} while {prov} supports")
        named = order.dest if order.dest and "/" in order.dest else None
        o = Ord(SUPPORT, prov, unit.power, unit.type, dest=dest, target=target, dest_loc=named)
        norm = Support(unit.type, unit.loc, order.target_unit, target, named or dest)
        return o, norm, None

    def check_convoy(self, unit: Unit, order: Convoy) -> tuple[Ord, Order, str | None]:
        b = self.board
        prov = unit.province
        target = province_of(order.target)
        dest = province_of(order.dest)
        if unit.type is not UnitType.FLEET or not b.is_sea(prov):
            raise Illegal("illegal", "only a fleet at sea can convoy")
        if not (b.is_coastal(target) and b.is_coastal(dest)) or target == dest:
            raise Illegal("illegal", "a convoy goes from one coastal province to another")
        army = self.pos.units.get(target)
        if army is not None and army.type is not UnitType.ARMY:
            raise Illegal("illegal", f"the unit in {target} is a fleet; only armies are convoyed")
        if dest in self.closed:
            raise Illegal("illegal", f"{dest} is closed this season")
        if not convoys.needed_on_some_route(b, target, dest, prov, self.seas):
            raise Illegal("illegal", f"the fleet in {prov} is on no convoy route from {target} to {dest}")
        o = Ord(CONVOY, prov, unit.power, unit.type, dest=dest, target=target)
        return o, Convoy(unit.type, unit.loc, order.target_unit, target, dest), None


def check_orders(position: Position
                 ) -> tuple[dict[str, Checked], list[OrderResult], tuple[Mechanism, Checked] | None]:
    """Every unit's checked order (units without one hold), lines for unusable texts, and
    the unit that moves by a mechanism (a railroad), with the mechanism, if one does.

    This runs for every unit of every phase, so it is written for speed: texts are parsed
    once per board, and most checks depend only on the board, the unit and the order, so
    their outcome is remembered too.
    """
    board = position.board
    units = position.units
    bcache = board._cache
    parsed = _parsed_texts(position)
    bad: list[OrderResult] = []  # unparsable texts, then texts for no unit of the power's
    misfits: list[OrderResult] = []
    given: dict[str, Checked] = {}  # each unit's order, checked as soon as it is read
    doubled: dict[str, list[tuple[str, str, Order]]] | None = None  # several orders: it holds
    season = position.phase.season
    cache = bcache.get(("checks", season))
    if cache is None or len(cache) > 100_000:
        cache = bcache[("checks", season)] = {}
    checker: MovementChecker | None = None
    pairs: list[Ord] = []  # supports and convoys, matched to the others once all are known
    special: set[type] = set()  # order types a mechanism brings (a railroad move)
    paths = False  # does some order name a convoy path?
    for power, texts in position.orders.items():
        for text in texts:
            hit = parsed.get(text)
            if hit is None:
                hit = _parse_movement(text, board, power_words(position))
                if len(parsed) >= 50_000:
                    parsed.clear()
                parsed[text] = hit
            order, prov, tp = hit
            if prov is None:  # a parse error, a waive or a blank line
                if type(order) is OrderParseError:
                    bad.append(OrderResult(power, text, None, Status.INVALID, "unparsable", str(order)))
                elif order is not None:
                    misfits.append(OrderResult(power, text, "Waive", Status.INVALID, "wrong phase"))
                continue
            unit = units.get(prov)
            if unit is None or unit.power != power:
                misfits.append(_misfit(power, text, order, prov, unit))
                continue
            if prov in given:
                if doubled is None:
                    doubled = {}
                if prov not in doubled:
                    first = given[prov]
                    doubled[prov] = [(first.power, first.text, _parsed(parsed, first.text, board, position))]
                doubled[prov].append((power, text, order))
                continue
            # the supported or convoyed unit's type and power (a railroad carries only some
            # powers' armies) and the unit's own power: no verdict from another power's position.
            # id(order): parsed orders are shared objects; the entry keeps its order alive
            other = units.get(tp) if tp is not None else None
            key = (unit.type, unit.loc, unit.power, id(order), (other.type, other.power) if other else None)
            hit = cache.get(key)
            if hit is _BY_SEAS:  # a convoy question: the answer depends on where the fleets are
                if checker is None:
                    checker = MovementChecker(position)
                hit = cache.get((key, checker.seas))
            if hit is None:
                if checker is None:
                    checker = MovementChecker(position)
                hit = _check(checker, cache, key, unit, order)
            how, norm, _ = hit
            if norm is None:  # illegal (how is why): the unit holds
                given[prov] = Checked(unit, text, order, _HOLDING, how)
                continue
            o = given[prov] = Checked(unit, text, norm, how)
            if o.convoyed and type(order) is Move and order.path:
                o.path = order.path
                paths = True
            if o.target is not None:
                pairs.append(o)
            if o.rail is not None:
                special.add(type(norm))
    if doubled:
        for prov, gs in doubled.items():
            for power, text, order in gs:
                misfits.append(OrderResult(power, text, format_order(order), Status.INVALID, "several orders",
                                           f"{len(gs)} orders for the unit in {prov}; it holds", prov))
            del given[prov]
        pairs = [o for o in pairs if o.prov not in doubled]
    results = bad + misfits

    # every unit, in the position's order; those with no (single) order hold
    checked: dict[str, Checked] = {
        prov: given.get(prov) or Checked(unit, "" if doubled and prov in doubled else None, None)
        for prov, unit in units.items()
    }
    if paths and rulebook.has(position, rulebook.CONVOY_PATH_AS_ORDERED):
        _named_paths(board, checked)
    mover: tuple[Mechanism, Checked] | None = None
    for t in special:
        mechanism = mechanisms.for_order(t)
        c = mechanism.one_mover(position, checked) if mechanism is not None else None
        if c is not None and mover is None:
            mover = (mechanism, c)
    _settle_intent(checked, position, pairs)
    return checked, results, mover


def _named_paths(board: Board, checked: dict[str, Checked]) -> None:
    """DATC 4.A.6, the rule that a named path counts: the army goes only by the fleets
    the order names, and a path that is no chain of seas to the destination is illegal."""
    nbrs = board.province_neighbours
    for c in checked.values():
        if getattr(c, "path", None) is None or c.kind != MOVE:
            continue
        chain = (c.prov, *c.path, c.dest)
        if c.utype is not UnitType.ARMY or not all(board.is_sea(p) for p in c.path) or not all(
            b in nbrs[a] for a, b in zip(chain, chain[1:], strict=False)
        ):
            c.make_hold(Illegal("illegal", f"the path {' - '.join(chain)} is no chain of seas for a convoy"))
        else:
            c.route = c.path


def _parsed(parsed: dict, text: str, board: Board, position: Position) -> Order:
    """The order a text was read as (read again if the cache has been emptied since)."""
    hit = parsed.get(text) or _parse_movement(text, board, power_words(position))
    return hit[0]


def _parsed_texts(position: Position) -> dict:
    """This board's movement-phase parses, by text (the same texts come back every turn)."""
    key = ("movement_texts", position.variant.power_names)
    cache = position.board._cache
    parsed = cache.get(key)
    if parsed is None:
        parsed = cache[key] = {}
    return parsed


def _parse_movement(text: str, board: Board, words: dict[str, str]) -> tuple:
    """(order, its unit's province, the province of the unit it supports or convoys);
    (error or waive or None, None, None) for no unit's order."""
    try:
        order = parse_order(text, board, PhaseType.MOVEMENT, words)
    except OrderParseError as e:
        return (e if text.strip() else None), None, None
    if type(order) is Waive:
        return order, None, None
    t = type(order)
    target = order.target.partition("/")[0] if t is Support or t is Convoy else None
    return order, order.loc.partition("/")[0], target


def _misfit(power: str, text: str, order: Order, prov: str, unit: Unit | None) -> OrderResult:
    if unit is None:
        return OrderResult(power, text, format_order(order), Status.INVALID, "no such unit",
                           f"there is no unit in {prov}", prov)
    return OrderResult(power, text, format_order(order), Status.INVALID, "not your unit",
                       f"the unit in {prov} belongs to {unit.power}", prov)


def _check(checker: MovementChecker, cache: dict, key: tuple, unit: Unit, order: Order) -> tuple:
    """Check one order and remember the outcome where it depends only on the key (or on
    the key and the fleets at sea)."""
    checker.used_seas = checker.uncacheable = False
    try:
        o, norm, _ = checker.check(unit, order)
        hit = ((o.kind, o.dest, o.target, o.convoyed, o.base, o.dest_loc, o.rail, format_order(norm)), norm, order)
    except Illegal as e:
        hit = (e, None, order)
    # the entry holds the parsed order, whose id() is in the key: the id is not reused
    if not checker.uncacheable:
        if checker.used_seas:
            cache[key] = _BY_SEAS
            cache[(key, checker.seas)] = hit
        else:
            cache[key] = hit
    return hit


_BY_SEAS = object()  # marks a cached check whose answer depends on the fleets at sea


def _settle_intent(checked: dict[str, Checked], position: Position | None = None,
                   pairs: list[Ord] | None = None) -> None:
    """DATC 4.A.3: an army goes by sea between neighbours only if it says 'via convoy' or a
    fleet of its own power is legally ordered to convoy it (or, under the 1976 choice, only
    when it is convoyed and the unit ahead moves the other way); then match supports and
    convoys. ``pairs``: the supports and convoys, where the caller knows them."""
    if pairs is None:
        pairs = [c for c in checked.values() if c.kind in (SUPPORT, CONVOY)]
    if position is not None and rulebook.has(position, rulebook.ADJACENT_CONVOY_BY_SWAP):
        _intent_by_swap(checked, position)
    else:
        for o in pairs:
            if o.kind == CONVOY:
                army = checked.get(o.target)
                if army and army.kind == MOVE and army.dest == o.dest and army.unit.power == o.power:
                    army.convoyed = True
                    army.base = 1
    _match(checked, pairs)


def _intent_by_swap(checked: dict[str, Checked], position: Position) -> None:
    board = position.board
    convoyed_to = {(c.target, c.dest) for c in checked.values() if c.kind == CONVOY}
    for prov, c in checked.items():
        o = c
        if o.kind != MOVE or c.unit.type is not UnitType.ARMY or o.rail is not None:
            continue
        if o.dest not in board.army_adj.get(prov, ()):
            continue  # not a neighbour: by sea anyway
        ahead = checked.get(o.dest)
        swap = ahead is not None and ahead.kind == MOVE and ahead.dest == prov
        o.convoyed = (prov, o.dest) in convoyed_to and swap
        if o.convoyed:
            o.base = 1


def _match(checked: dict[str, Checked], pairs: list[Ord]) -> None:
    """Supports and convoys that don't match what the other unit does are void."""
    for o in pairs:
        if o.kind == SUPPORT:
            t = checked.get(o.target)
            if t is None:
                o.void = True
            elif o.dest is None:
                o.void = t.kind == MOVE
            else:
                # a coast named in the support must be the one moved to (DATC 6.B.9, 4.B.4)
                o.void = not (
                    t.kind == MOVE
                    and t.dest == o.dest
                    and (o.dest_loc is None or t.unit.type is not UnitType.FLEET or o.dest_loc == t.dest_loc)
                )
        elif o.kind == CONVOY:
            t = checked.get(o.target)
            o.void = not (
                t is not None and t.kind == MOVE and t.dest == o.dest and t.convoyed
            )


@dataclass
class MovementOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]
    dislodged: dict[str, Dislodged]
    contested: frozenset[str]
    succeeded: dict[str, bool]
    record: Battles | None = None


@dataclass
class Battles:
    """What happened in a movement phase, order by order, for rules that tell each power
    part of it (Blind): the checked orders, the resolved decisions and the resolver."""

    checked: dict[str, Checked]
    orders: dict[str, Ord]
    succeeded: dict[str, bool]
    resolver: Resolver
    dislodged: frozenset[str]
    lines: list[OrderResult] = field(default_factory=list)  # each unit's result line, in checked's order


def resolve_movement(position: Position) -> MovementOutcome:
    checked, results, mover = check_orders(position)
    b = position.board
    res = Resolver(b, checked)
    ok = res.run()
    ords: dict[str, Ord] = checked  # type: ignore[assignment]
    blockers: Mapping[str, int] = _EMPTY
    lines: Mapping[str, OrderResult] = _EMPTY
    if mover is not None:
        # a mechanism may settle the turn again (a railroad army stopped on its way)
        def again(ords: dict[str, Ord], blockers: dict[str, int]) -> tuple[Resolver, dict[str, bool]]:
            r = Resolver(b, ords, blockers=blockers)
            return r, r.run()

        turn = mover[0].settle(position, checked, mover[1], Settled(res, ords, ok), again)
        res, ords, ok, blockers, lines = turn.resolver, turn.orders, turn.ok, turn.blockers, turn.lines

    # where everyone ends up, and each order's result line, in one pass
    moves_into = res.moves_into
    moved: dict[str, Unit] = {}
    units: dict[str, Unit] = {}  # those that stay, then those that moved
    dislodged: dict[str, Dislodged] = {}
    failed: list[Ord] = []  # moves that failed
    append = results.append
    first = len(results)  # the units' lines follow, one each, in the order of checked
    for prov, c in checked.items():
        o = ords[prov]
        won = ok[prov]
        if o.kind == MOVE:
            if won:
                u = c.unit
                moved[o.dest] = _unit(b, u.power, u.type, o.dest_loc or o.dest)  # dest_loc: a fleet's coast
                append(_report(c, o, True, False, res))
                continue
            failed.append(o)
        beaten: Ord | None = None  # the move that dislodged the unit, if one did
        attackers = moves_into.get(prov)
        if attackers:
            for m in attackers:
                if ok[m.prov]:
                    beaten = m
                    break
        if beaten is None:
            units[prov] = c.unit
            append(_report(c, o, won, False, res))
        else:
            by_sea = beaten.convoyed and not rulebook.has(position, rulebook.RETREAT_NOT_TO_CONVOY_ORIGIN)
            dislodged[prov] = Dislodged(c.unit, None if by_sea else beaten.prov)
            append(_report(c, o, won, True, res))
    if lines:  # a mechanism's own lines (a railroad move stopped on its way) replace its units'
        for k, prov in enumerate(checked):
            if prov in lines:
                results[first + k] = lines[prov]
    units.update(moved)

    # standoffs: provinces left empty where a move with some strength failed
    contested = {p for p in blockers if p not in units}
    for o in failed:
        if o.dest not in units and res.prevent_strength(o) > 0:
            contested.add(o.dest)

    retreat_map = {
        prov: Dislodged(d.unit, d.attacker_from, tuple(retreat_options(b, d, units, contested, position.phase.season)))
        for prov, d in dislodged.items()
    }
    record = Battles(checked, ords, ok, res, frozenset(dislodged), results[first:])
    return MovementOutcome(results, units, retreat_map, frozenset(contested), ok, record)


_EMPTY: Mapping = MappingProxyType({})  # most turns have no mechanism's blockers or lines


def _unit(board: Board, power: str, utype: UnitType, loc: str) -> Unit:
    """Units are values: the same one is shared rather than made anew every phase. The
    position reader keeps them in the same place, by (power, "A" or "F", place): a UnitType
    is a str enum, equal to and hashed as its letter, so the keys are the same."""
    known = board._cache.setdefault("units", {})
    key = (power, utype, loc)
    u = known.get(key)
    if u is None:
        u = known[key] = Unit(power, utype, loc)
    return u


_SUCCEEDS, _FAILS, _INVALID = Status.SUCCEEDS, Status.FAILS, Status.INVALID


def _report(c: Checked, o: Ord, ok: bool, was_dislodged: bool, res: Resolver) -> OrderResult:
    """The result line of one unit's order (``o``: the order as finally resolved)."""
    u = c.unit
    if c.illegal is not None:
        shown = format_order(c.order) if c.order is not None else None
        return OrderResult(u.power, c.text, shown, _INVALID, c.illegal.reason, c.illegal.detail, u.province)
    if c.order is None:
        if c.text == "":  # several orders: reported already; this line says it held
            why = "dislodged" if was_dislodged else "several orders"
        else:
            why = "no order"
        return OrderResult(u.power, None, f"{u} H", _FAILS if was_dislodged else _SUCCEEDS, why, None, u.province)
    kind = o.kind
    note = None
    if kind == MOVE:
        if ok:
            st, why = _SUCCEEDS, None
        elif o.convoyed and not res.path(o):
            st, why = _FAILS, "no convoy"
        else:
            st, why = _FAILS, ("dislodged" if was_dislodged else "bounced")
        if c.convoyed and getattr(c, "path", None) is not None and getattr(c, "route", None) is None:
            note = f"the path by {' - '.join(c.path)} was not needed: any route of convoying fleets counts"
    elif kind == HOLD:
        st, why = (_FAILS, "dislodged") if was_dislodged else (_SUCCEEDS, None)
    elif o.void:
        st, why = _INVALID, "void"
    elif kind == SUPPORT:
        if ok:
            st, why = _SUCCEEDS, None
        else:
            st, why = _FAILS, ("dislodged" if was_dislodged else "cut")
    else:  # convoy
        if was_dislodged:
            st, why = _FAILS, "dislodged"
        elif o.disrupted:
            st, why = _FAILS, "paradox"
        else:
            st, why = _SUCCEEDS, None
    return OrderResult(u.power, c.text, c.shown or format_order(c.order), st, why, note, u.province)
