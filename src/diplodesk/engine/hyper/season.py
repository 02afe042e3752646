"""One Hypereconomic season, step by step (DESIGN 3.2): costs, then income, in a ledger.

The steps of this part of the rules: 0 the start-of-season snapshot (the position itself,
which is immutable); 1 orders read; 3 demobilisations; 4 costs (deterioration first, then
every cost item, the T5 loop, the debits, transfers); 7 builds; 15 income (yields, escrow,
manpower, demobilised M); 16 starvation; 17 the season's end (by-right ownership, victory).
Step 5, military action, is :mod:`.battle`'s, and runs before the builds (III.8, III.30).
Territory (6) and the rest of the economy (8-14) come with their parts of the rules; their
orders are read and reported.
Every change of a stock is a ledger entry; the next position is read off the balances.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import partial

from ..decisions import Decisions
from ..dice import Dice
from ..ledger import Entry, Ledger
from . import (
    agreements,
    alliances,
    banking,
    canals,
    conditions,
    economy,
    exile,
    fleets,
    hosted,
    limits,
    payers,
    payments,
    shipping,
    signatures,
    standing,
    territory,
    trade,
    transfers,
    unit_transfers,
)
from .accounts import STOCK, escrow, held, stock
from .allies import Friends
from .builds import check_builds, planned_units
from .costs import CostItem, Failure, settle
from .income import deterioration
from .model import HUnit, HyperPosition, Installation
from .orders import HOrder, Names, describe, parse_orders
from .outcome import HyperOutcome, Line
from .research import teams_of
from .routes import supply_route, surcharge
from .settle import close_season
from .shown_names import ShownNames
from .stacks import Checker

# what a unit did, as its upkeep's line says it (T3's rows by action)
DOING = {"uo": "no order", "st": "standing", "ho": "holding", "mo": "moving", "at": "attacking",
         "dm": "double moving", "sp_used": "supporting", "sp_unused": "support not given"}


class Season:
    """The working state of one season's adjudication; the position is never changed."""

    def __init__(self, pos: HyperPosition, struck: dict | None = None, conds: dict | None = None):
        self.pos = pos
        self.unmet, self.conds = struck or {}, conds or {}  # conditional orders (IX.3)
        self.pack = pos.pack
        self.phase = str(pos.phase)
        self.ledger = Ledger()
        self.dice = Dice(pos.secret, self.phase, pos.overrides)
        self.decisions = Decisions(pos.decisions)
        self.orders: dict[str, list[HOrder]] = {}
        self.lines: dict[str, Line] = {}  # order ref -> its result
        self.extra: list[Line] = []  # results for units without orders, and shortages
        self.gone: set[str] = set()  # units demobilised this season ("fra:12D", "fra:N pari")
        self.gone_inst: set[str] = set()
        self.m_back: list[tuple[str, str, int, str]] = []  # (owner, account, M, reason)
        self.available: dict[str, dict[str, int]] = {}
        self.failures: list[Failure] = []
        self.units = list(pos.units)
        self.joint = pos.joint  # the joint victory agreements in force (IX.9)
        self.installations = list(pos.installations)
        self.attacked: set[str] = set()  # attacked by unfriendly units: no yield, no build (I.6b, III.8)
        self.conquered: dict[str, str] = {}  # province -> its conqueror (II.2b)
        self.clashes: list = []
        self.reported: set[str] = set()  # units whose result line the fight wrote
        self.combat_notices: list[str] = []
        # research teams and PIs by holder: every nation, and every bank that owns some (VI.2)
        self.teams = {n: teams_of(st.teams) for n, st in pos.nations.items()} | {
            b.id: teams_of(b.teams) for b in pos.banks}
        self.pis = {n: [dict(p) for p in st.pis] for n, st in pos.nations.items()} | {
            b.id: [dict(p) for p in b.pis] for b in pos.banks}
        self.yield_bonus: Counter[tuple[str, str]] = Counter()  # PIs assigned this season
        self.yield_cut: Counter[tuple[str, str]] = Counter()  # guerrillas and saboteurs
        self.last_pi: dict[str, str] = {}
        self.struck: set[str] = set()  # provinces not quiet this season (II.3)
        self.ffs = list(pos.ffs)
        self.catches: list = []  # (fishing fleet, sea, nation delivered to) that fished
        self.banks = list(pos.banks)
        self.provinces = dict(pos.provinces)  # holders after this season's changes of hands
        self.nations = dict(pos.nations)  # and the nations formed this season
        self.notes: list[str] = []
        self.blockades: dict = {}  # this season's blockades of trade, shipping and fishing (IV.5)
        self.routes: dict[tuple[str, str], tuple[str, ...] | None] = {}  # supply routes (III.17)
        self.ipl_next = dict(pos.ipl)
        self.friends = Friends.at_start(pos)  # widened by the season's alliance orders (III.37-39)
        self.alliances, self.attacks = {a.id: a for a in pos.alliances}, {}  # in force; who attacked where
        self.canals: canals.Canals | None = None  # this season's canals (VIII.5-6)
        self.planned: dict[str, dict[str, HOrder]] = {}  # nation -> designation -> its unit build

    def named(self, nid: str | None) -> str:
        """A nation or bank as the GM's questions name it (shown_names.py), one formed this
        season too; a question is rare, so the names are looked up when asked."""
        formed = {n: {"name": st.name} for n, st in self.nations.items() if st.name}
        return ShownNames.of(self.pos).seeing({"nations": formed}).nation(nid)

    def place(self, pid: str) -> str:
        return ShownNames.of(self.pos).province(pid)

    # -- the season ----------------------------------------------------------------------

    def run(self) -> HyperOutcome:
        self.open_books()
        banking.open_books(self)
        self.read_orders()
        canals.open_season(self)
        self.demobilise()
        self.costs()
        canals.after_costs(self)
        self.transfers()
        self.military()
        territory.conquests(self)
        territory.cessions(self)
        territory.new_nations(self)
        exile.eliminations(self)
        exile.locate(self)
        hosted.regained(self)
        self.build()
        economy.research(self)
        economy.assign(self)
        transfers.hand_over(self)
        economy.covert(self)
        trade.ship(self)
        transfers.reallocate_trs(self)
        fleets.season_fleets(self)
        self.banks = transfers.bank_control(self, banking.season_banks(self))
        hosted.freeze(self)
        self.joint = agreements.settle(self)
        self.the_rest()
        territory.splits(self)
        exile.deadlines(self)
        canals.end_of_season(self)
        return close_season(self)

    def open_books(self) -> None:
        for n in sorted(self.pos.nations):
            s = self.pos.nations[n]
            for f in STOCK:
                self.ledger.open(stock(n), f, s.stock.get(f, 0))
            self.ledger.open(escrow(n), "gold", s.escrow)
            self.ledger.open(stock(n), "Trs", s.trs)
        for u in self.pos.units:
            self.ledger.open(held(u.power, u.ref), "M", u.M)
        for i in self.pos.installations:
            self.ledger.open(held(i.owner, i.ref), "M", i.M)

    def read_orders(self) -> None:
        names = Names(self.pos)
        cats = frozenset(self.pack.failure_order)
        for n in sorted(self.pos.orders):
            self.orders[n] = parse_orders(self.pos, n, self.pos.orders[n], names, cats)
        for orders in self.orders.values():
            # two orders for one unit, or two failure lists: neither stands, whatever the order
            mil = Counter(o.unit.ref for o in orders if o.military and o.unit and not o.error)
            for o in orders:
                if o.military and o.unit and not o.error and mil[o.unit.ref] > 1:
                    o.fail("invalid", f"{o.unit.ref} has {mil[o.unit.ref]} orders; it stands")
            # a unit or installation disbanded or handed over twice: neither order stands
            fates = Counter(unit_transfers.fate(o) for o in orders if o.verb in ("de", "tf") and not o.error)
            for o in orders:
                key = unit_transfers.fate(o)
                if o.verb in ("de", "tf") and not o.error and fates[key] > 1:
                    o.fail("invalid", f"{fates[key]} orders disband or transfer {key}; none stands")
            fos = [o for o in orders if o.verb == "fo" and not o.error]
            for o in fos if len(fos) > 1 else ():
                st = self.pos.nations.get(o.nation)
                o.fail("invalid", "two failure lists (fo): neither stands; " + (
                    "the standing list is used" if st and st.failure_order else "T5 is used"))
            spls = [o for o in orders if o.verb == "spl" and not o.error]
            for o in spls if len(spls) > 1 else ():
                o.fail("invalid", "two support preference lists (spl); the dice choose")
        conditions.strike(self, self.unmet, self.conds)
        signatures.check(self)
        self.friends = alliances.season_alliances(self)
        Checker(self.pos, self.friends).check([o for n in sorted(self.orders) for o in self.orders[n]], names)

    def live(self, verb: str | None = None) -> list[HOrder]:
        return [o for n in sorted(self.orders) for o in self.orders[n]
                if not o.error and (verb is None or o.verb == verb)]

    def result(self, o: HOrder, status: str, reason: str | None = None, detail: str = "") -> None:
        self.lines[o.ref] = Line(o.nation, o.text, describe(o), status, reason, detail)

    # -- step 3: demobilisations -----------------------------------------------------------

    def demobilise(self) -> None:
        for o in self.live("de"):
            if o.ff is not None:
                fleets.disband(self, o)
                continue
            if o.unit is not None:
                key = held(o.unit.power, o.unit.ref)
                self.gone.add(key)
                self.m_back.append((o.nation, key, o.unit.M, f"{o.unit.ref} demobilised (III.21)"))
                self.result(o, "succeeds")
                continue
            inst = next((i for i in self.installations if i.type == o.item and i.at == o.target
                         and i.owner == o.nation), None)
            if inst is None:
                o.fail("no such unit", f"{o.nation} has no {o.item} at {o.target}")
                continue
            key = held(inst.owner, inst.ref)
            self.gone_inst.add(key)
            self.m_back.append((o.nation, key, inst.M, f"{inst.ref} demobilised (III.21)"))
            self.result(o, "succeeds")
        for o in self.live():
            if o.unit and o.verb in ("dn", "ds") and held(o.unit.power, o.unit.ref) in self.gone:
                o.fail("demobilised", f"{o.unit.ref} was demobilised this season")
            if o.military and o.unit and held(o.unit.power, o.unit.ref) in self.gone:
                o.fail("demobilised", f"{o.unit.ref} was demobilised this season")

    # -- step 4: costs ---------------------------------------------------------------------

    def costs(self) -> None:
        items = self.cost_items()
        live, self.failures = settle(items, self.available, self.failure_order, self.dice,
                                     self.downgrade)
        for f in self.failures:
            payments.failed(self, f)
        payers.confirm(self, live)  # a redemption that paid for nothing says so (VI.8)
        for it in live:
            payments.pay(self, it)

    def cost_items(self) -> list[CostItem]:
        """Step 4 up to the T5 loop: what each payer may spend and the season's cost items
        (the desk's budget preview stops here, so it sees exactly what adjudication will).
        It writes deterioration and withdrawals into the ledger: once per Season."""
        self.blockades = trade.blockades(self)  # set at the start of the season (IV.5)
        c = self.pack.constants
        for n in sorted(self.pos.nations):
            a = self.pos.nations[n].stock.get("A", 0)
            rot = deterioration_of(a, c)
            if rot:
                self.ledger.move(stock(n), "game:consumed", "A", rot,
                                 f"deterioration: a quarter of {a}A rounded up", rule="I.8", step="4.1")
            self.available[n] = {f: self.pos.nations[n].stock.get(f, 0) for f in STOCK}  # I.5
            self.available[n]["A"] -= rot
        banking.withdraw(self)  # gold withdrawn may be spent this season (VI.11)
        shipping.hold(self)  # a division shipped this season does not fight (IV.7)
        payers.check(self)  # who pays: another nation, a bank's redemption (I.5, III.16, VI.7-9)
        return [replace(it, text=payments.find(self, it.order).text if it.order else "")
                for it in payers.reassign(self, self.upkeep_items() + self.order_items())]  # text breaks ties

    def failure_order(self, nation: str) -> list[str]:
        """The nation's own list for this season, else a standing one, then T5 (I.11)."""
        return standing.season_list(self, nation)

    def unit_action(self, u: HUnit) -> tuple[str, HOrder | None]:
        o = next((o for n in (u.power,) for o in self.orders.get(n, ())
                  if o.military and not o.error and o.unit == u), None)
        if o is None:
            return "uo", None
        return ("sp_unused" if o.verb == "sp" else o.verb), o

    def location_class(self, u: HUnit) -> str:
        if self.pos.board.is_sea(u.province):
            return "sea"
        owner = self.pos.provinces.get(u.province)
        return "own" if owner is not None and owner.de_facto == u.power else "foreign"

    def escrow_of(self, prov: str, payer: str) -> str:
        p = self.pos.provinces.get(prov)
        return p.de_facto if p is not None and p.de_facto else payer

    def unit_item(self, u: HUnit, action: str, o: HOrder | None) -> CostItem:
        loc = self.location_class(u)
        cost, cell = self.pack.upkeep_cost(u.type, action, loc)
        cat = {"uo": "st", "sp_unused": "sp", "sp_used": "sp"}.get(action, action)
        doing = DOING.get(action, action)
        vector, label, rule = dict(cost.amounts), f"upkeep {u.ref} in {u.at} ({doing})", "III.15, T3"
        path = self.supply(u) if loc != "own" and payers.owner_pays(vector, o) else ()
        if path:  # III.17: its owner pays a part, through a supply route
            extra = surcharge(self.pos.board, path)
            vector["I"] = vector.get("I", 0) + extra
            label += f" + supply route {'-'.join(path)} (+{extra}I)"
            rule = "III.15, III.17, T3"
        return CostItem(u.power, vector, f"upkeep.unit.{cat}", label, self.escrow_of(u.province, u.power),
                        rule, cell, o.ref if o else None, f"{u.ref}",
                        "demobilise" if cat == "st" else "downgrade")

    def supply(self, u: HUnit) -> tuple[str, ...]:
        key = (u.power, u.ref)
        if key not in self.routes:
            home = {p for p, st in self.pos.provinces.items() if st.de_facto == u.power}
            owners = {p: st.de_facto for p, st in self.pos.provinces.items()}
            closed = {p for p in self.blockades if trade.blocked(self.blockades, p, "mil", {u.power})}
            self.routes[key] = supply_route(self.pos.board, u.province, home, owners, u.power, closed)
        return self.routes[key] or ()

    def upkeep_items(self) -> list[CostItem]:
        items = []
        for u in self.units:
            if held(u.power, u.ref) in self.gone:
                continue
            action, o = self.unit_action(u)
            items.append(self.unit_item(u, action, o))
        for i in self.installations:
            if held(i.owner, i.ref) in self.gone_inst:
                continue
            cost = self.pack.inst_upkeep[i.type]
            items.append(CostItem(i.owner, dict(cost.amounts), "upkeep.installation",
                                  f"upkeep {i.ref}", self.escrow_of(i.at.partition('/')[0], i.owner),
                                  "III.15, T2", f"T2 {i.type}", None, i.ref, "demobilise"))
        return items

    def downgrade(self, item: CostItem) -> CostItem | None:
        """A unit's upkeep that cannot be paid: it stands, at its owner's cost (III.16, T5)."""
        o = payments.find(self, item.order)
        u = o.unit if o is not None and o.unit is not None else \
            next(u for u in self.units if u.power == item.payer and u.ref == item.subject)
        return replace(self.unit_item(u, "st", None), order=item.order)

    def order_items(self) -> list[CostItem]:
        items = []
        builds = self.live("bu")
        check_builds(self.pos, builds, self.gone, partial(limits.over_ordered, self))
        self.planned = planned_units(self.pos, builds)  # what a transfer may name (III.18)
        for o in self.live("bu"):
            cost = self.pack.build[o.item]
            vector = {f: v * o.count for f, v in cost.amounts.items()}
            cat = "bu.unit" if o.item in ("D", "T", "N") else f"bu.{o.item}"
            what = f"{o.count} Trs" if o.item == "Tr" else f"{o.item} {o.target}"
            items.append(CostItem(o.nation, vector, cat, f"build {what}", o.nation,
                                  "IV.3" if o.item == "Tr" else "III.6", f"T1 {o.item}", o.ref,
                                  describe(o)))
        pw_sum = Counter()
        for o in self.live("pw"):
            pw_sum[(o.nation, o.target)] += o.amount
        for o in self.live("pw"):
            prov = (o.target or "").partition("/")[0]
            owner = self.pos.provinces.get(prov)
            land = hosted.land(self, o.nation)  # a located GIE spends in its host's land (II.8, VI.4)
            if owner is None or owner.de_facto != land:
                o.fail("illegal", f"public works are paid only in the nation that holds {prov} (VIII.4)")
            elif pw_sum[(o.nation, o.target)] > self.pack.constants.public_works_max:
                o.fail("illegal", f"at most ${self.pack.constants.public_works_max / 2:g} of public "
                       f"works in {prov} a season (VIII.4)")
            else:
                items.append(CostItem(o.nation, {"gold": o.amount}, "pw", f"public works in {prov}",
                                      land, "VIII.4", "", o.ref, describe(o)))
        return items + economy.cost_items(self) + banking.cost_items(self) + hosted.cost_items(self) \
            + trade.cost_items(self) + canals.cost_items(self)

    # -- 4.6 transfers, 7 builds, 5 military -----------------------------------------------

    def transfers(self) -> None:
        unit_transfers.check(self)

    def build(self) -> None:
        acquired = Counter({n: s.acquired for n, s in self.pos.nations.items()})
        made: dict[str, HUnit] = {}  # build order -> the unit it made
        # designations follow the place of the build, never the place of the line (III.10)
        for o in sorted(self.live("bu"), key=lambda o: (o.nation, describe(o))):
            prov = (o.target or "").partition("/")[0]
            if o.item in ("D", "T", "N", "Y", "S") and prov in self.attacked:
                self.refund(o, "attacked", f"{prov} was attacked this season (III.8)")
                continue
            here = [u for u in self.units if u.province == prov and held(u.power, u.ref) not in self.gone]
            if o.item in ("D", "T", "N") and len(here) >= self.pack.constants.units_per_province:
                self.refund(o, "full", f"{prov} holds {len(here)} units after the fighting (III.3)")
                continue
            self.result(o, "succeeds")
            src = f"{o.nation}:build:{describe(o)}"
            if o.item == "Tr":
                self.ledger.post(Entry(stock(o.nation), "Trs", o.count, f"built {o.count} Trs",
                                       "IV.3", o.ref, "T1 Tr", "7"))
                continue
            m = self.ledger.balance(src, "M")
            if o.item == "FF":
                fleets.built(self, o)
                continue
            if o.item in ("Y", "S"):
                inst = Installation(o.item, o.nation, o.target, self.phase, m)
                self.installations.append(inst)
                self.ledger.move(src, held(o.nation, inst.ref), "M", m, f"built {inst.ref}",
                                 rule="III.11", order=o.ref, step="7")
                continue
            uid = None
            if o.item != "N":
                acquired[o.nation] += 1
                uid = f"{acquired[o.nation]}{o.item}"
            u = HUnit(uid, o.nation, o.item, o.target, m)
            self.units.append(u)
            made[o.ref] = u
            self.ledger.move(src, held(o.nation, u.ref), "M", m, f"built {u.ref}",
                             rule="III.6", order=o.ref, step="7")
        unit_transfers.hand_over(self, made, acquired)
        self.acquired = acquired

    def refund(self, o: HOrder, reason: str, why: str) -> None:
        """A build that fails after combat (III.3, III.8): what it cost comes back [A]."""
        paid = [e for e in self.ledger.entries if e.order == o.ref and e.step == "4"]
        for e in [e for e in paid if e.amount > 0]:  # back to whoever paid it (I.5, VI.8)
            payer = next(x.account for x in paid if x.amount < 0 and x.factor == e.factor)
            self.ledger.move(e.account, payer, e.factor, e.amount,
                             f"refund: {describe(o)} failed", rule="III.8" if reason == "attacked" else "III.3",
                             order=o.ref, step="7")
        self.result(o, "fails", reason, f"{why}; its cost was refunded")

    def military(self) -> None:
        """Step 5 (III.23-35): before the builds, which fail where a province was attacked."""
        from .battle import fight

        fight(self)

    def the_rest(self) -> None:
        """The result of every order no step has judged: paid and done, or the GM's."""
        for o in self.live():
            if o.ref in self.lines:
                continue
            if o.military:
                self.result(o, "succeeds")
            elif o.verb == "ds":
                continue  # judged at the end of the season, where the fleet then is (VII.5)
            elif o.verb == "dn":
                self.result(o, "fails", "no effect", f"{o.unit.ref} denied nothing: no fleet {o.note} of "
                            "an unfriendly nation fished in its sea (VII.5)")
            elif o.verb == "sa":
                qid = f"{self.phase}/rule-gap/{o.ref}"
                answer = self.decisions.ask(qid, f"{self.named(o.nation)} asks to: {o.note}", ("accept", "reject"),
                                            "reject", blocking=True, rule="IX.5, IX.7")
                if answer == "accept":
                    self.result(o, "succeeds", None, "allowed by the GM; its effects are the GM's "
                                "adjustments (IX.7)")
                else:
                    self.result(o, "fails", "not allowed", "the GM has not allowed it (IX.7)")
            else:  # paid and done: a failure list, public works
                self.result(o, "succeeds")
        for n in sorted(self.orders):
            for o in self.orders[n]:
                if o.error and o.ref not in self.lines:
                    self.result(o, "invalid" if o.error[0] in ("unparsable", "illegal", "invalid",
                                                               "no such unit") else "fails",
                                o.error[0], o.error[1])


def deterioration_of(a: int, c) -> int:
    return deterioration(a, c.deterioration, c.deterioration_exempt)
