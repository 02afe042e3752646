"""The income half of the season and its end: yields, escrow, manpower, starvation,
ownership by right, victory; then the ledger's invariants and the next position."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from ..ledger import LedgerError
from ..money import to_units
from ..position import PositionError
from . import alliances, canals, fleets, standing, transfers
from .accounts import STOCK, escrow, stock
from .income import escrow_release, starvation_need, winter_yield
from .model import NationState, ProvinceState
from .outcome import HyperOutcome, Line
from .pack import FACTORS
from .victory import land_provinces, standings

if TYPE_CHECKING:
    from .season import Season



def close_season(s: Season) -> HyperOutcome:
    income(s)
    starvation(s)
    provinces = end_of_season(s)
    s.ffs = transfers.hand_over_fleets(s, fleets.end_of_season(s))
    transfers.nations_to_banks(s)
    check_invariants(s)
    nxt, winner, table = next_position(s, provinces)
    lines = [s.lines[o.ref] for n in sorted(s.orders) for o in s.orders[n] if o.ref in s.lines]
    ordered = {(o.unit.power, o.unit.ref) for n in s.orders for o in s.orders[n] if o.military and o.unit}
    for u in sorted(s.pos.units, key=lambda u: (u.power, u.ref)):
        if ((u.power, u.ref) not in ordered and f"{u.power}:{u.ref}" not in s.gone
                and f"{u.power}:{u.ref}" not in s.reported):
            lines.append(Line(u.power, None, f"{u.ref}{'' if u.type == 'N' else ' ' + u.at} st",
                              "succeeds", "no order", "stands (III.25)"))
    lines += s.extra
    open_q = s.decisions.open_blocking
    return HyperOutcome(s.pos, lines, s.ledger.entries, s.dice.log, s.decisions.to_json(),
                        notices(s), table, nxt, winner, final=not open_q,
                        clashes=[c.to_json() for c in s.clashes])


def income(s: Season) -> None:
    c, pos, led = s.pack.constants, s.pos, s.ledger
    winter = pos.phase.season == c.winter_season and not pos.first_season
    for pid in sorted(s.provinces):
        p = s.provinces[pid]
        owner = p.de_facto
        if owner is None or pid in s.attacked:  # attacked by unfriendly units: no yield (I.6b)
            continue
        a = p.yields.get("A", 0) + s.yield_bonus[(pid, "A")]
        i = p.yields.get("I", 0) + s.yield_bonus[(pid, "I")]
        why = f"yield of {pid}"
        cut_a, cut_i = s.yield_cut[(pid, "A")], s.yield_cut[(pid, "I")]
        if cut_a or cut_i:  # guerrillas and saboteurs (I.6a), never below nothing
            a, i = max(0, a - cut_a), max(0, i - cut_i)
            why += " (cut by covert action)"
        if winter and a:
            full = a
            a = winter_yield(a, c.winter_halving)
            why += f" (winter: half of {full}A, rounded up)"
        for f, v in (("A", a), ("I", i)):
            if v:
                led.move("game:yield", stock(owner), f, v, why, rule="I.3, I.6c" if winter else "I.3",
                         cell=f"provinces {pid}", step="15")
    for n in sorted(s.nations):
        e = s.nations[n].escrow
        # a fifth of the start's escrow, from what is still there (a conquest may have taken it)
        r = min(escrow_release(e, c.escrow_release), led.balance(escrow(n), "gold"))
        led.move(escrow(n), stock(n), "gold", r, f"escrow release: a fifth of ${e / 2:g}, rounded up",
                 rule="I.9", step="15")
        m = m_yield(s, n)
        led.move("game:manpower", stock(n), "M", m, "manpower yield", rule="I.10, T18", cell="T18",
                 step="15")
    fleets.land_catch(s)
    for owner, account, _m, why in sorted(s.m_back):
        led.move(account, stock(owner), "M", led.balance(account, "M"), why, rule="III.21", step="15")
    for i, adj in enumerate(pos.adjustments):
        amount = to_units(adj["amount"], FACTORS[adj["factor"]], "adjustment")
        if led.balance(stock(adj["nation"]), adj["factor"]) + amount < 0:  # bad input, not a bug
            raise PositionError(f"adjustments[{i}].amount: {adj['amount']} {adj['factor']} would take "
                                f"{adj['nation']} below zero at the season's end (IX.8)")
        led.move("game:gm", stock(adj["nation"]), adj["factor"], amount, f"GM: {adj['reason']}",
                 rule="IX.8", step="15")


def m_yield(s: Season, nation: str) -> int:
    pack = s.pack
    if pack.m_yield_per_nation:
        return pack.m_yield_per_nation.get(nation, 0)
    own = sum(1 for p in s.provinces.values() if p.de_facto == nation == p.de_jure)
    return own * pack.m_yield_per_province


def committed_M(s: Season, nation: str) -> int:
    led = s.ledger
    return (sum(led.balance(f"{u.power}:{u.ref}", "M") for u in s.units
                if u.power == nation and f"{u.power}:{u.ref}" not in s.gone)
            + sum(led.balance(f"{i.owner}:{i.ref}", "M") for i in s.installations
                  if i.owner == nation and f"{i.owner}:{i.ref}" not in s.gone_inst))


def starvation(s: Season) -> None:
    c, led = s.pack.constants, s.ledger
    for n in sorted(s.nations):
        m_total = led.balance(stock(n), "M") + committed_M(s, n)
        need = starvation_need(m_total, s.pack.starvation_M_per_A)
        if not need:
            continue
        a = led.balance(stock(n), "A")
        if s.pack.starvation_consumed:
            led.move(stock(n), "game:consumed", "A", min(need, a),
                     f"food for {m_total}M: {need}A needed", rule="I.10, T19", cell="T19", step="16")
        short = max(0, need - a)
        if short:
            loss = min(short * c.starvation_M_per_A, led.balance(stock(n), "M"))
            led.move(stock(n), "game:starvation", "M", loss, f"starvation: {short}A short",
                     rule="I.10, T19", step="16")


def end_of_season(s: Season) -> dict[str, ProvinceState]:
    out = {}
    for pid, p in s.provinces.items():
        # II.3: attacked, sabotaged or fought over by guerrillas
        quiet = 0 if pid in s.struck or pid in s.attacked else p.quiet + 1
        de_jure = p.de_facto if p.de_facto != p.de_jure and quiet >= 4 else p.de_jure
        yields = {f: p.yields.get(f, 0) + s.yield_bonus[(pid, f)] for f in ("A", "I")}
        out[pid] = replace(p, quiet=quiet, de_jure=de_jure, yields=yields,
                           last_pi=s.last_pi.get(pid, p.last_pi))
    return out


def check_invariants(s: Season) -> None:
    """DESIGN 4.5: gold conserved, no account below zero, nothing spent beyond the start."""
    led = s.ledger
    gold_open = sum(e.amount for e in led.entries if e.factor == "gold" and e.step == "0")
    # gold comes from or goes to nowhere but the GM's hand (IX.8), the world market (VI.12)
    # and what a conquest or an exile destroys (II.7b, II.8)
    allowed = {"game:gm", "game:market", "game:destroyed"}
    stray = sorted({e.account for e in led.entries if e.factor == "gold" and e.account.startswith("game:")}
                   - allowed)
    if stray:
        raise LedgerError(f"{s.phase}: gold moved through {', '.join(stray)}")
    outside = sum(led.balance(a, "gold") for a in allowed)
    held = led.total("gold", [a for a in led.accounts() if not a.startswith("game:")])
    if held != gold_open - outside:
        raise LedgerError(f"{s.phase}: gold not conserved ({gold_open} - {outside} -> {held} halves)")
    bad = [x for x in led.negatives([a for a in led.accounts() if not a.startswith("game:")])]
    if bad:
        raise LedgerError(f"{s.phase}: accounts below zero: {bad}")
    spent: dict[tuple[str, str], int] = {}
    for e in led.entries:
        if e.amount < 0 and e.step in ("4", "4.1"):
            spent[(e.account, e.factor)] = spent.get((e.account, e.factor), 0) - e.amount
    for n in s.pos.nations:
        sos = s.pos.nations[n].stock
        for f in STOCK:
            if spent.get((stock(n), f), 0) > sos.get(f, 0):
                raise LedgerError(f"{s.phase}: {n} spent {spent[(stock(n), f)]} {f}, more than its "
                                  f"{sos.get(f, 0)} at the start of the season")


def next_position(s: Season, provinces: dict[str, ProvinceState]):
    pos, led = s.pos, s.ledger
    nations = {}
    for n, st in s.nations.items():
        nations[n] = NationState(st.kind, st.suzerain, st.controllers,
                                 {f: led.balance(stock(n), f) for f in STOCK},
                                 led.balance(escrow(n), "gold"), led.balance(stock(n), "Trs"),
                                 s.acquired[n], tuple(s.teams.get(n, ())), tuple(s.pis.get(n, ())),
                                 st.name, st.exile, standing.next_list(s, n), st.bank)
    units = tuple(sorted((replace(u, M=led.balance(f"{u.power}:{u.ref}", "M")) for u in s.units
                          if f"{u.power}:{u.ref}" not in s.gone),
                         key=lambda u: (u.power, u.type == "N", _num(u.id), u.at)))
    insts = tuple(sorted((replace(i, M=led.balance(f"{i.owner}:{i.ref}", "M")) for i in s.installations
                          if f"{i.owner}:{i.ref}" not in s.gone_inst),
                         key=lambda i: (i.owner, i.at, i.type)))
    from .banking import invested, on_hand

    banks = tuple(sorted((replace(b, gold=led.balance(on_hand(b.id), "gold"),
                                  invested=led.balance(invested(b.id), "gold"),
                                  teams=tuple(s.teams.get(b.id, ())), pis=tuple(s.pis.get(b.id, ())))
                          for b in s.banks),
                         key=lambda b: b.id))
    winner, table, victory = _victory(s, nations, provinces, banks)
    phase = str(pos.phase)
    nxt = replace(pos, phase=pos.variant.calendar.next_movement(pos.phase), units=units, ffs=tuple(s.ffs),
                  banks=banks, ipl=s.ipl_next, alliances=alliances.end_of_season(s, s.attacks),
                  nations=nations, provinces=provinces, installations=insts, victory=victory, joint=s.joint,
                  orders={}, decisions={}, adjustments=(), signatures=None,
                  overrides={k: v for k, v in pos.overrides.items() if not k.startswith(phase + "|")},
                  winner=winner, carried=canals.carried(s))
    return nxt, winner, table


def _num(uid: str | None) -> int:
    return int(uid[:-1]) if uid else 0


def _victory(s: Season, nations: dict[str, NationState], provinces: dict[str, ProvinceState], banks=()):
    pos, c = s.pos, s.pack.constants
    groups = {pid: (pid,) for pid in pos.player_ids()}
    shares = {pid: c.victory_land for pid in groups}
    for a in s.joint:  # the agreements in force at the end of the season (IX.9)
        groups[a.id] = a.players
        shares[a.id] = c.joint_share
    owners = {p: st.de_facto for p, st in provinces.items()}
    gold = {n: st.stock["gold"] + st.escrow for n, st in nations.items()}
    controllers = {n: st.controllers for n, st in nations.items()}
    for b in banks:  # a bank's gold, on hand and invested, counts for its controller (IX.9)
        gold[f"bank:{b.id}"] = b.gold + b.invested
        controllers[f"bank:{b.id}"] = (b.controller,) if b.controller else ()
    rows = standings(owners, controllers, gold, groups, shares, pos.victory,
                     land_provinces(pos.board))
    victory = {r.who: {"provinces_streak": r.provinces_streak, "gold_streak": r.gold_streak}
               for r in rows}
    won = sorted((r for r in rows if max(r.provinces_streak, r.gold_streak) >= c.victory_seasons),
                 key=lambda r: (-max(r.provinces_streak, r.gold_streak), r.who))
    winner = None
    if won:
        w = won[0].who
        winner = w if w in pos.player_ids() else list(groups[w])
    table = [{"who": r.who, "provinces": r.provinces, "gold": r.gold / 2,
              "provinces_streak": r.provinces_streak, "gold_streak": r.gold_streak} for r in rows]
    return winner, table, victory


def notices(s: Season) -> list[str]:
    out = list(s.notes)
    prov = s.pack.provisional_tables
    if prov:
        out.append("provisional values in use (" + ", ".join(prov) + "): the published tables are "
                   "not available; a GM who has them types them into the table files")
    if not s.pos.secret:
        out.append("no dice secret in the position (rng.secret): anyone can foresee the rolls")
    for k in ("ffs", "banks"):
        if s.pos.carried.get(k):
            out.append(f"{k} are carried over unchanged: that part of the rules is adjudicated in "
                       "a later version")
    out += s.combat_notices
    out += s.decisions.notices
    counts = Counter(line.reason for line in s.lines.values() if line.reason == "not adjudicated")
    if counts:
        n = counts["not adjudicated"]
        out.append(f"{n} order{'s' if n != 1 else ''} of later parts of the rules had no effect")
    return out
