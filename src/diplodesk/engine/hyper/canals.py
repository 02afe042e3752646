"""Canals in the season (VIII.5-7): running, closing, reopening, and building a site.

A canal open at the start of the season costs its holder the running cost (step 4.2), unless
another nation pays it (``pd running Bret``); unpaid,
it is closed for the season (``canal-unpaid``). ``cl`` by the holder closes it at once, free;
``op`` reopens it for the next season at the reopening cost. While a canal is closed its
province has one coast per side and a task force may not pass from one side to the other
through it; a task force inside when it closes keeps the coast of the side it came from
(``canal-coast``). A site is built over its schedule's seasons (``pc``), paid by the nation
that holds it, with the holder's permission (``pm SITE for NATION``) when another nation
builds; the later seasons' costs are rolled a season ahead and announced, a season without
payment adds the restart fee, and on completion one die of M comes back.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..board import province_of
from .accounts import held, stock
from .canal_state import Canal, canals_of, initial
from .costs import CostItem

if TYPE_CHECKING:
    from .season import Season


class Canals:
    """The season's canals: their state at the start, what changed, and the next state."""

    def __init__(self, s: Season):
        self.defs: dict[str, Canal] = canals_of(s.pos.board)
        given = s.pos.carried.get("canals") or {}
        self.start = {cid: dict(given.get(cid) or initial(c)) for cid, c in self.defs.items()}
        self.next = {cid: dict(st) for cid, st in self.start.items()}
        self.closed = {cid for cid, st in self.start.items() if st["state"] != "open"}
        self.coasts: dict[str, dict[str, str]] = {cid: dict(st.get("coasts", {})) for cid, st in self.start.items()}
        self.worked: set[str] = set()  # sites paid for this season

    def holder(self, s: Season, cid: str) -> str | None:
        p = s.pos.provinces.get(self.defs[cid].province)
        return p.de_facto if p is not None else None


def open_season(s: Season) -> None:
    """Before the costs: closures by order, and the passages they forbid (VIII.5)."""
    s.canals = c = Canals(s)
    cl = Counter(o.target for o in s.live("cl"))
    for o in s.live("cl") + s.live("op"):
        st = c.start[o.target]["state"]
        if o.nation != c.holder(s, o.target):
            o.fail("illegal", f"only {o.target}'s holder, {c.holder(s, o.target)}, may "
                   f"{'close' if o.verb == 'cl' else 'reopen'} it (VIII.5)")
        elif st in ("site", "building"):
            o.fail("illegal", f"{o.target} is not built yet (VIII.6)")
        elif o.verb == "cl" and st != "open":
            o.fail("illegal", f"{o.target} is closed already")
        elif o.verb == "op" and (st != "closed" or cl[o.target]):
            o.fail("illegal", f"{o.target} is open already" if st == "open" else
                   f"{o.target} is closed and reopened in one season: neither stands")
    for o in s.live("cl"):
        close(s, o.target)
        c.next[o.target]["state"] = "closed"
        s.result(o, "succeeds", None, f"{o.target} is closed: no running cost, and "
                 f"{c.defs[o.target].province} has coasts {', '.join(c.defs[o.target].coasts)} (VIII.5)")
    check_passage(s)


def close(s: Season, cid: str) -> None:
    """A canal closing this season: every task force inside takes a coast (``canal-coast``)."""
    c = s.canals
    if cid in c.closed:
        return
    c.closed.add(cid)
    canal = c.defs[cid]
    for u in sorted((u for u in s.units if u.type == "T" and u.province == canal.province),
                    key=lambda u: (u.power, u.ref)):
        key = held(u.power, u.ref)
        if "/" in u.at:  # a site's own coasts are the board's
            c.coasts[cid][key] = u.at.partition("/")[2]
            continue
        default = c.coasts[cid].get(key) or canal.coasts[0]
        c.coasts[cid][key] = s.decisions.ask(
            f"{s.phase}/canal-coast/{cid}/{key}", f"{u.ref} of {s.named(u.power)} is in {s.place(canal.province)} as "
            f"{cid} closes: which coast does it keep?", canal.coasts, default, rule="VIII.5")


def check_passage(s: Season) -> None:
    """VIII.5: through a closed canal no task force passes from one side to the other."""
    c = s.canals
    shut = {c.defs[cid].province: c.defs[cid] for cid in c.closed}
    for o in s.live():
        if o.unit is None or o.unit.type != "T" or not o.military:
            continue
        here = shut.get(o.unit.province)
        side = c.coasts[here.id].get(held(o.unit.power, o.unit.ref)) if here else None
        if side and o.retreat:  # retreats written in advance keep to its side too
            o.retreat = tuple(r for r in o.retreat if here.side_of(province_of(r)) in (None, side))
        if o.verb == "sp" and side:
            _support(s, o, here, side)
            continue
        if o.verb not in ("mo", "at", "dm") or not o.target:
            continue
        path = [o.unit.at, o.target] + ([o.second] if o.verb == "dm" and o.second else [])
        for i, loc in enumerate(path[:-1]):
            canal = shut.get(province_of(loc))
            if canal is None:
                continue
            came = (c.coasts[canal.id].get(held(o.unit.power, o.unit.ref)) if i == 0
                    else canal.side_of(province_of(path[i - 1])))
            goes = canal.side_of(province_of(path[i + 1]))
            if came and goes and came != goes:
                o.fail("illegal", f"{canal.id} is closed: {o.unit.ref} cannot pass through "
                       f"{canal.province} from its {came} coast to {province_of(path[i + 1])} (VIII.5)")
                break


def _support(s: Season, o, canal: Canal, side: str) -> None:
    """A task force in a closed canal supports only into its own side's provinces (III.35)."""
    from .orders import Names
    from .stacks import Checker

    backed, target, _err = Checker(s.pos, s.friends).backed(o, Names(s.pos))
    aim = target or (backed.province if backed is not None else None)
    if aim and canal.side_of(aim) not in (None, side):
        o.fail("illegal", f"{canal.id} is closed: {o.unit.ref} on its {side} coast cannot reach {aim} (VIII.5)")


def cost_items(s: Season) -> list[CostItem]:
    """Step 4.2: running costs, reopenings and a season's work on a site (VIII.5-6)."""
    c, rules = s.canals, s.pack.canals
    if rules is None:
        return []
    items = []
    offers: dict[str, list] = {}
    for o in s.live("pd.run"):  # "payable by any nation ... unless otherwise ordered" (VIII.5)
        offers.setdefault(o.target, []).append(o)
    for cid in sorted(c.defs):
        holder = c.holder(s, cid)
        payers = offers.pop(cid, [])
        if cid in c.closed or holder is None or not rules.run:
            for o in payers:
                o.fail("illegal", f"{cid} is not open: it has no running cost to pay (VIII.5)")
            continue
        if len(payers) > 1:
            for o in payers:
                o.fail("invalid", f"{len(payers)} nations offer to pay {cid}'s running cost; its holder "
                       "pays (VIII.5)")
            payers = []
        payer, ref = (payers[0].nation, payers[0].ref) if payers else (holder, None)
        items.append(CostItem(payer, dict(rules.run.amounts), "canal.run", f"running {cid}", holder,
                              rules.rule, "canals run", ref, f"canal {cid}"))
    for o in s.live("op"):
        items.append(CostItem(o.nation, dict(rules.reopen.amounts), "canal.op", f"reopening {o.target}",
                              o.nation, rules.rule, "canals reopen", o.ref, f"op {o.target}"))
    return items + _work_items(s)


def _work_items(s: Season) -> list[CostItem]:
    c, rules, phase = s.canals, s.pack.canals, s.phase
    orders = [o for o in s.live("pc") if o.note != "new"]
    many = Counter(o.target for o in orders)
    permits = {(o.nation, o.target, o.item) for o in s.live("pm.site")}
    items = []
    for o in orders:
        canal, st, holder = c.defs[o.target], c.start[o.target], c.holder(s, o.target)
        sched = rules.schedules.get(canal.site or "")
        if st["state"] not in ("site", "building") or sched is None:
            o.fail("illegal", f"{o.target} is built already (VIII.6)")
        elif many[o.target] > 1:
            o.fail("invalid", f"{many[o.target]} nations work on {o.target}; none does")
        elif st["state"] == "building" and st["builder"] != o.nation:
            o.fail("illegal", f"{o.target} is being built by {st['builder']} (VIII.6)")
        elif holder is None:
            o.fail("illegal", f"nobody holds {canal.province} to pay for the work (VIII.6)")
        elif o.nation != holder and (holder, o.target, o.nation) not in permits:
            o.fail("no permission", f"{holder} has not permitted it (pm {o.target} for {o.nation}) (VIII.6)")
        elif o.nation != holder and s.decisions.ask(
                f"{phase}/panama-permission/{o.target}/{o.nation}", f"{s.named(holder)}'s written permission for "
                f"{s.named(o.nation)} to build {o.target}: is it in order?", ("accept", "reject"), "accept",
                rule="VIII.6") != "accept":
            o.fail("no permission", f"the GM did not accept {holder}'s permission (VIII.6)")
        else:
            n = st.get("paid", 0) + 1
            vector = dict(sched.first.amounts) if n == 1 else {f: v * (2 if f == "gold" else 1)
                                                                for f, v in st["next"].items()}
            label = f"{o.target}, season {n} of {sched.seasons}"
            if st.get("lapsed"):
                for f, v in sched.restart.amounts.items():
                    vector[f] = vector.get(f, 0) + v
                label += " with the restart fee"
            items.append(CostItem(holder, vector, "pc", label, holder, sched.rule, f"canal_sites {canal.site}",
                                  o.ref, f"pc {o.target}"))
    return items


def after_costs(s: Season) -> None:
    """Step 4.5: an unpaid running cost closes the canal; paid reopenings and works count."""
    c = s.canals
    for f in s.failures:
        if f.item.category != "canal.run":
            continue
        cid = f.item.subject.partition(" ")[2]
        if s.decisions.ask(f"{s.phase}/canal-unpaid/{cid}", f"nobody paid {cid}'s running cost",
                           ("closed", "open"), "closed", rule="VIII.5") == "closed":
            close(s, cid)
            s.notes.append(f"{cid} is closed this season: its running cost was not paid (VIII.5)")
    check_passage(s)
    for o in s.live("op"):
        c.next[o.target]["state"] = "open"
        s.result(o, "succeeds", None, f"{o.target} works again from next season (VIII.5)")
    for o in s.live("pc"):
        if o.note != "new":
            c.worked.add(o.target)
    for o in s.live("pc"):
        if o.note == "new":
            ok = s.decisions.ask(f"{s.phase}/new-canal/{o.ref}", f"{s.named(o.nation)} asks to build a canal "
                                 f"in {s.place(o.target)}", ("accept", "reject"), "reject", blocking=True,
                                 rule="VIII.7") == "accept"
            s.result(o, "succeeds" if ok else "fails", None if ok else "not allowed",
                     "allowed by the GM, who sets its costs (VIII.7)" if ok else
                     "further canals only with the GM's written permission (VIII.7)")
    for o in s.live("pm.site"):
        s.result(o, "succeeds")


def end_of_season(s: Season) -> None:
    """Step 17: the coasts of task forces in closed canals, the sites' progress, the next state."""
    c = s.canals
    start = {(u.power, u.id): u.province for u in s.pos.units}
    for cid, canal in sorted(c.defs.items()):
        keep = {}
        for u in sorted(s.units, key=lambda u: (u.power, u.ref)):
            if u.type != "T" or u.province != canal.province or held(u.power, u.ref) in s.gone:
                continue
            key = held(u.power, u.ref)
            came = start.get((u.power, u.id))
            side = u.at.partition("/")[2] or (canal.side_of(came) if came and came != canal.province
                                               else c.coasts[cid].get(key))
            if side:
                keep[key] = side
        if keep:
            c.next[cid]["coasts"] = keep
        else:
            c.next[cid].pop("coasts", None)
        if canal.site and c.start[cid]["state"] in ("site", "building"):
            _progress(s, cid)


def _progress(s: Season, cid: str) -> None:
    c, sched = s.canals, s.pack.canals.schedules.get(s.canals.defs[cid].site or "")
    st = c.start[cid]
    if sched is None:
        return
    if cid not in c.worked:
        if st["state"] == "building":
            c.next[cid]["lapsed"] = True
        return
    o = next(o for o in s.live("pc") if o.target == cid)
    n = st.get("paid", 0) + 1
    payer = c.holder(s, cid)
    if n >= sched.seasons:
        dice, sides, plus = sched.refund
        m = sum(s.dice.roll("panama", f"{cid}/refund", dice, sides, "M refunded").faces) + plus if dice else plus
        s.ledger.move("game:refund", stock(payer), "M", m, f"{cid} finished: {m}M refunded",
                      rule=sched.rule, order=o.ref, step="15")
        c.next[cid] = {"state": "open"}
        s.result(o, "succeeds", None, f"{cid} is finished: {m}M refunded; it runs as a canal from "
                 "next season (VIII.5-6)")
        s.notes.append(f"{cid} is finished and opens next season (VIII.6)")
        return
    nxt: dict[str, Any] = {}
    for f in ("gold", "M", "A", "I"):
        if f in sched.later:
            dice, sides, plus = sched.later[f]
            nxt[f] = sum(s.dice.roll("panama", f"{cid}/{n + 1}/{f}", dice, sides, f"{f} of season {n + 1}").faces) + plus
    c.next[cid] = {"state": "building", "builder": o.nation, "paid": n, "next": nxt, "lapsed": False}
    cost = ", ".join(f"${v}" if f == "gold" else f"{v}{f}" for f, v in nxt.items())
    s.result(o, "succeeds", None, f"season {n} of {sched.seasons} paid; season {n + 1} will cost {cost} (VIII.6)")
    s.notes.append(f"{cid}: season {n + 1} of its building will cost {cost} (VIII.6)")


def carried(s: Season) -> dict[str, Any]:
    """The position's carried blocks with the canals' next state written in."""
    out = dict(s.pos.carried)
    if s.canals.defs:
        out["canals"] = {cid: s.canals.next[cid] for cid in sorted(s.canals.next)}
    return out
