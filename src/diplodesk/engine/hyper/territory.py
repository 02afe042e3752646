"""Provinces changing hands by agreement (II): cession, annexation, new nations, splits.

All of it happens after the costs and before the income (II.2a, II.5), so the yields of a
province that changes hands go to its new nation this season. A province ceded and annexed
within reach joins the receiver; one ceded and not annexed becomes a territory of its own under
the receiver, for $1. A new nation may be formed from provinces of one or more nations (at
most four unless all were one nation's), for $1 a province. At the end, any nation whose
provinces no longer hang together (adjacent, or across one sea) is split, its stockpile shared
by provinces (II.6). A National Guard goes with its province whenever the province changes
hands this way (III.20). Nothing here depends on the order of the lines.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace
from typing import TYPE_CHECKING

from ..board import ProvinceKind
from . import hosted
from .accounts import STOCK, escrow, held, stock
from .banks import slug
from .model import Installation, NationState
from .outcome import Line

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season

NEW_NATION = 2  # halves: $1 for a new territory or a new nation's province (II.2a, II.5)


def near(board, a: str, bs: set[str]) -> bool:
    """Is province ``a`` next to one of ``bs``, or across one sea from it (II.4, II.5)?"""
    around = board.province_neighbours.get(a, frozenset())
    if around & bs:
        return True
    return any(board.provinces[x].kind is ProvinceKind.SEA and board.province_neighbours.get(x, frozenset()) & bs
               for x in around)


def _holdings(s: Season, nation: str) -> set[str]:
    return {p for p, st in s.provinces.items() if st.de_facto == nation}


def _form(s: Season, nid: str, name: str, suzerain: str, controllers: tuple[str, ...]) -> None:
    s.nations[nid] = NationState("territory", suzerain, controllers, {f: 0 for f in STOCK}, 0, 0,
                                 name=name)
    s.teams.setdefault(nid, [])
    s.pis.setdefault(nid, [])


def guards_follow(s: Season, prov: str, old: str, new: str, rule: str) -> None:
    """III.20: an N exists only in the nation that owns it; a province that changes hands
    peacefully takes the N in residence with it, and the M in it."""
    for u in sorted(s.units, key=lambda u: u.ref):
        key = held(old, u.ref)
        if u.type != "N" or u.power != old or u.province != prov or key in s.gone:
            continue
        moved = replace(u, power=new)
        s.units[s.units.index(u)] = moved
        s.ledger.move(key, held(new, moved.ref), "M", s.ledger.balance(key, "M"),
                      f"the N in {prov} goes with its province to {new} (III.20)", rule=f"III.20, {rule}",
                      step="6")


def _charge(s: Season, payer: str, what: str, rule: str, o: HOrder | None) -> bool:
    """The $1 of a new nation, paid after the costs; waived (and said) if the payer is out of gold."""
    if s.ledger.balance(stock(payer), "gold") < NEW_NATION:
        s.notes.append(f"{payer} could not pay the $1 for {what}; it was waived ({rule}) [A]")
        return False
    s.ledger.move(stock(payer), escrow(payer), "gold", NEW_NATION, f"$1 for {what}", rule=rule,
                  order=o.ref if o else None, step="6")
    return True


def conquests(s: Season) -> None:
    """II.2b: a province won in battle becomes a territory of its own under the conqueror,
    with nothing in its stockpile; by right it stays its old owner's until four quiet seasons."""
    manning = defaultdict(list)
    for o in s.live("mn"):
        manning[o.target].append(o)
    for prov, who in sorted(s.conquered.items()):
        for i in sorted(s.installations, key=lambda i: i.ref):  # III.14: its M go back, as if disbanded
            key = f"{i.owner}:{i.ref}"
            if i.at.partition("/")[0] == prov and i.owner != who and key not in s.gone_inst:
                s.gone_inst.add(key)
                s.m_back.append((i.owner, key, i.M, f"{i.ref} captured by {who} (III.14)"))
                s.extra.append(Line(i.owner, None, i.ref, "fails", "captured",
                                    f"{s.place(prov)} was conquered by {s.named(who)}: its M come back (III.14)"))
                _man(s, i, who, [o for o in manning.get(prov, ()) if o.nation == who])
        nid = who if hosted.former(s, who, prov) else f"{who}-{prov}"  # a GIE wins its own back (II.7b)
        if nid not in s.nations:
            _form(s, nid, f"{prov} under {who}", who, s.nations[who].controllers)
        s.provinces[prov] = replace(s.provinces[prov], de_facto=nid, quiet=0)
    for prov, orders in sorted(manning.items()):
        for o in orders:
            if o.ref not in s.lines:
                s.result(o, "fails", "nothing to man", f"{o.nation} captured no installation in {prov} "
                         "this season (III.14)")


def _man(s: Season, inst: Installation, who: str, orders: list[HOrder]) -> None:
    """III.14: the conqueror mans it with M of its own, as many as it held [A]; from the next
    season it is an installation of the conqueror's like any other."""
    if not orders:
        return
    if s.ledger.balance(stock(who), "M") < inst.M:
        for o in orders:
            s.result(o, "fails", "cannot pay", f"manning {inst.ref} takes {inst.M}M (III.14) [A]")
        return
    new = Installation(inst.type, who, inst.at, s.phase, inst.M)
    s.installations.append(new)
    s.ledger.move(stock(who), held(who, new.ref), "M", inst.M, f"{inst.ref} captured and manned",
                  rule="III.14", order=orders[0].ref, step="6")
    for o in orders:
        s.result(o, "succeeds", None, f"{inst.ref} manned with {inst.M}M: {who}'s from next season (III.14)")


def cessions(s: Season) -> None:
    board = s.pos.board
    # only the holder's cession counts: another's cd of it is refused and blocks nothing
    ceded = Counter(o.target for o in s.live("cd")
                    if o.target in s.provinces and s.provinces[o.target].de_facto == o.nation)
    annex = defaultdict(list)
    for o in s.live("an"):
        annex[o.target].append(o)
    # II.4: within reach at the start of the season and at its end: after the conquests, less
    # what the annexer cedes away; never by another annexation of the same season
    leaving = defaultdict(set)
    for o in s.live("cd"):
        leaving[o.nation].add(o.target)
    at_start = {p: st.de_facto for p, st in s.pos.provinces.items()}
    at_end = {p: st.de_facto for p, st in s.provinces.items()}

    def within_reach(prov: str, to: str) -> bool:
        start = {p for p, n in at_start.items() if n == to} - {prov}
        end = {p for p, n in at_end.items() if n == to} - leaving[to] - {prov}
        return (near(board, prov, start) and near(board, prov, end)) or hosted.former(s, to, prov)

    for o in sorted(s.live("cd"), key=lambda o: o.target):
        prov, to = o.target, o.item
        st = s.provinces.get(prov)
        if st is None or st.de_facto != o.nation:
            o.fail("illegal", f"{prov} is not {o.nation}'s to cede (II.2a)")
            continue
        if ceded[prov] > 1:
            o.fail("illegal", f"{prov} was ceded {ceded[prov]} times; it stays where it is")
            continue
        if to == o.nation or to not in s.nations:
            o.fail("illegal", f"{to} cannot receive it")
            continue
        takers = [a for a in annex.get(prov, []) if a.nation == to]
        reach = within_reach(prov, to)
        if takers and reach:
            s.provinces[prov] = replace(st, de_facto=to, de_jure=to, quiet=0)
            guards_follow(s, prov, o.nation, to, "II.2a")
            s.result(o, "succeeds", None, f"{prov} ceded to {to}, which annexed it (II.2a, II.4)")
            for a in takers:
                s.result(a, "succeeds")
        else:
            nid = f"{to}-{prov}"
            _form(s, nid, f"{prov} under {to}", to, s.nations[to].controllers)
            s.provinces[prov] = replace(st, de_facto=nid, de_jure=nid, quiet=0)
            guards_follow(s, prov, o.nation, nid, "II.2a")
            _charge(s, to, f"the new territory {nid}", "II.2a", o)
            s.result(o, "succeeds", None, f"{s.place(prov)} ceded to {s.named(to)}: a new territory, {s.named(nid)} (II.2a)")
            for a in takers:
                s.result(a, "fails", "out of reach", f"{prov} is not next to {to} nor one sea away, at the "
                         "start and at the end of the season (II.4)")
    for prov, orders in annex.items():
        for a in orders:
            if a.ref not in s.lines:
                a.fail("illegal", f"nobody ceded {prov} to {a.nation} this season (II.2a)")


def new_nations(s: Season) -> None:
    board = s.pos.board
    by_name = defaultdict(list)
    for o in s.live("nn"):
        by_name[slug(o.note)].append(o)
    for nid in sorted(by_name):
        orders = by_name[nid]
        provinces: dict[str, str] = {}
        bad = None
        for o in orders:
            for p in o.categories:
                st = s.provinces.get(p)
                if st is None or st.de_facto != o.nation:
                    bad = f"{p} is not {o.nation}'s"
                provinces[p] = o.nation
        founders = sorted(set(provinces.values()))
        if bad is None and nid in s.nations:
            bad = f"a nation {nid} exists"
        if bad is None and len(founders) > 1 and len(provinces) > 4:
            bad = "at most four provinces unless all were one nation's (II.5)"
        if bad is None and len(provinces) > 1 and any(
                not near(board, p, set(provinces) - {p}) for p in provinces):
            bad = "each province must be next to another of the new nation or one sea away (II.5)"
        if bad is not None:
            for o in orders:
                o.fail("illegal", bad)
            continue
        biggest = max(founders, key=lambda f: (sum(1 for v in provinces.values() if v == f), f))
        controllers = tuple(sorted({c for f in founders for c in s.nations[f].controllers}))
        _form(s, nid, orders[0].note, biggest, controllers)
        if not _holdings(s, biggest) - set(provinces):  # it gives all it has: it goes on as the new
            st = s.nations[biggest]  # nation, and leaves the game (II.7a) [A]
            s.nations[nid] = replace(s.nations[nid], kind=st.kind, suzerain=st.suzerain)
        for p, f in sorted(provinces.items()):
            s.provinces[p] = replace(s.provinces[p], de_facto=nid, de_jure=nid, quiet=0)
            guards_follow(s, p, f, nid, "II.5")
            _charge(s, f, f"{p} in the new nation {nid}", "II.5", None)
        for o in sorted(orders, key=lambda o: o.nation):  # II.5: factors the founders give it
            for factor, amount in o.assets:
                give = min(amount, s.ledger.balance(stock(o.nation), factor))
                s.ledger.move(stock(o.nation), stock(nid), factor, give, f"{o.nation} gives the new nation "
                              f"{nid}", rule="II.5", order=o.ref, step="6")
        for o in orders:
            s.result(o, "succeeds", None, f"the new nation {nid}: {', '.join(sorted(provinces))}")


def splits(s: Season) -> None:
    """II.6: a nation in pieces becomes as many nations; its stockpile is shared by provinces."""
    board = s.pos.board
    for n in sorted(s.nations):
        held = sorted(_holdings(s, n))
        if len(held) < 2:
            continue
        parts, left = [], set(held)
        while left:
            start = min(left)
            part, todo = {start}, [start]
            while todo:
                p = todo.pop()
                for q in sorted(left - part):
                    if near(board, p, {q}):
                        part.add(q)
                        todo.append(q)
            parts.append(sorted(part))
            left -= part
        if len(parts) < 2:
            continue
        parts.sort(key=lambda part: (-len(part), part[0]))  # the largest keeps the nation [A]
        s.decisions.ask(f"{s.phase}/split-identity/{n}", f"{s.named(n)} is in {len(parts)} pieces: which keeps it?",
                        ("largest",), "largest", rule="II.6")
        total = len(held)
        before = {f: s.ledger.balance(stock(n), f) for f in (*STOCK, "Trs")}
        before_escrow = s.ledger.balance(escrow(n), "gold")
        for part in parts[1:]:
            nid = f"{n}-{part[0]}"
            _form(s, nid, f"{n} ({part[0]})", s.nations[n].suzerain or n, s.nations[n].controllers)
            for p in part:
                s.provinces[p] = replace(s.provinces[p], de_facto=nid, de_jure=nid)
                guards_follow(s, p, n, nid, "II.6")
            for f in (*STOCK, "Trs"):
                share = before[f] * len(part) // total
                s.ledger.move(stock(n), stock(nid), f, share, f"{n} split: {len(part)} of {total} provinces",
                              rule="II.6", step="6")
            share = before_escrow * len(part) // total
            s.ledger.move(escrow(n), escrow(nid), "gold", share, f"{n} split", rule="II.6", step="6")
