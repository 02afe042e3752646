"""Step 5 of the season, military action (III.23-35), applied to the season's books.

The fight is worked out by :mod:`.combat` (stage A), :mod:`.retreats` (stage B and retreats)
and :mod:`.casualties`; this module writes what came of it: each order's result, where every
unit now stands, the provinces attacked and conquered, and the contingent costs of DESIGN 3.3
(used supports priced as such, 2I per retreat, casualties, 6M or 3M per annihilation charged to
the victor). Those are paid from what is left of the start-of-season stockpile; a nation that
cannot pay its casualties has the unit demobilised and pays from its M (I.10).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .accounts import escrow, held, stock
from .casualties import Clash, clashes
from .combat import Combat, Group
from .orders import Names
from .outcome import Line
from .retreats import Places, retreats, second_legs
from .stacks import Force, forces

if TYPE_CHECKING:
    from .season import Season


def fight(s: Season) -> None:
    downgraded = {ref for ref, line in s.lines.items() if line.reason == "downgraded"}
    units = [u for u in s.units if held(u.power, u.ref) not in s.gone]
    fs = forces(s.pos, units, s.orders, Names(s.pos), downgraded, s.friends)
    spl = {n: list(o.categories) for n in sorted(s.orders) for o in s.orders[n]
           if o.verb == "spl" and not o.error}
    c = Combat(s.pos, fs, s.pack.combat, s.dice, spl, s.friends)
    c.run()
    by = s.attacks = c.attacked()
    for p, powers in by.items():
        owner = s.pos.provinces.get(p)
        if owner is None or owner.de_facto is None or any(not s.friends(x, owner.de_facto)
                                                          for x in powers):
            s.attacked.add(p)
    dis = c.dislodged()
    owners = {p: st.de_facto for p, st in s.pos.provinces.items()}
    for prov in sorted(c.groups):
        g = c.winner(prov)
        who = c.conquest(prov, g) if g is not None else None
        if who is not None:
            owners[prov] = s.conquered[prov] = who
    for k in sorted(fs):  # III.39b(iii): a unit leaving an alliance that is not dislodged
        f = fs[k]
        if f.seize and k not in dis and f.prov not in s.conquered:
            owners[f.prov] = s.conquered[f.prov] = f.power
            s.attacked.add(f.prov)
    places = Places({k: (f.dest if c.left(f) else f.unit.at) for k, f in fs.items() if k not in dis},
                    {k: f.power for k, f in fs.items()}, {k: f.unit.type for k, f in fs.items()},
                    owners, c.cap, s.friends)
    legs = [fs[k] for k in sorted(fs) if fs[k].kind == "dm" and c.left(fs[k])]
    second = second_legs(s.pos.board, legs, places)
    for k, why in second.items():
        if why is None:
            places.at[k] = fs[k].second
    fates = retreats(s.pos.board, [fs[k] for k in sorted(dis)], places, by, s.dice)
    where = {k: loc for k, (loc, _) in fates.items()}
    s.units = [replace(u, at=places.at[held(u.power, u.ref)]) if held(u.power, u.ref) in places.at
               else u for u in s.units]
    s.clashes = clashes(c, where)
    Books(s, c, fs).write(dis, fates, second)
    for f in (fs[k] for k in sorted(fs) if fs[k].seize and s.conquered.get(fs[k].prov) == fs[k].power):
        s.result(f.order, "succeeds", None, f"{s.place(f.prov)} conquered by {s.named(f.power)} on leaving the alliance "
                 "(III.39b)")


class Books:
    """The results and ledger entries of the fight."""

    def __init__(self, s: Season, c: Combat, fs: dict[str, Force]):
        self.s, self.c, self.fs = s, c, fs

    def write(self, dis: dict[str, Group], fates: dict[str, tuple[str | None, str]],
              second: dict[str, str | None]) -> None:
        for k in sorted(self.fs):
            self.result(self.fs[k], dis.get(k), fates.get(k), second.get(k, ""))
        self.supports()
        for k in sorted(fates):
            loc, _ = fates[k]
            f = self.fs[k]
            if loc is not None:
                self.late(f.power, self.c.tables.retreat_cost.amounts, f"retreat of {f.unit.ref} to {loc}",
                          "III.33", f.prov, f.order)
            else:
                self.annihilate(f, dis[k])
        for clash in self.s.clashes:
            self.casualties(clash)

    # -- results -----------------------------------------------------------------------------

    def result(self, f: Force, by: Group | None, fate, second: str | None) -> None:
        s, c, o = self.s, self.c, f.order
        if by is not None:
            loc, why = fate
            detail = (f"by {by.name} from {', '.join(sorted({u.prov for u in by.units}))}; "
                      + (why if loc else f"annihilated: {why}"))
            if f.kind == "at" or f.moves:
                v = c.final(c.group_of[f.key].key if f.kind == "at" else f"m|{f.key}")
                detail = f"{f.kind} {v.reason}: {v.detail}; then dislodged {detail}"
            if o is None:
                s.extra.append(Line(f.power, None, f"{f.unit.ref} {f.unit.at} st", "fails",
                                    "dislodged", detail))
                s.reported.add(f.key)
            else:
                s.result(o, "fails", "dislodged", detail)
            return
        if o is None or o.ref in s.lines:
            return
        if f.kind in ("st", "ho"):
            s.result(o, "succeeds")
        elif f.kind == "sp":
            if f.key in c.unmatched:
                s.result(o, "fails", "not matched", c.unmatched[f.key] + " (III.35)")
            elif f.key in c.cut_by:
                who = sorted({f"{a.power}'s {a.unit.ref} from {a.prov}" for a in c.cut_by[f.key]})
                s.result(o, "fails", "cut", "by the attack of " + " or ".join(who) + " (III.35)")
            else:
                s.result(o, "succeeds", None, "support given")
        elif f.kind == "at":
            g = c.group_of[f.key]
            v = c.final(g.key)
            conq = s.conquered.get(f.target)
            detail = v.detail + (f"; {s.place(f.target)} conquered by {s.named(conq)} (II.2b)" if v.ok and conq else "")
            s.result(o, "succeeds" if v.ok else "fails", v.reason, detail)
        else:
            v = c.final(f"m|{f.key}")
            if not v.ok:
                s.result(o, "fails", v.reason, v.detail)
            elif f.kind == "dm" and second:
                s.result(o, "fails", "stood off", f"first leg to {f.dest}; second leg {second}")
            else:
                s.result(o, "succeeds")

    # -- contingent costs (DESIGN 3.3) -------------------------------------------------------

    def supports(self) -> None:
        """Step 4 priced every support as unused; a support given is priced as used."""
        s = self.s
        for k in sorted(self.fs):
            f = self.fs[k]
            if not self.c.given(f) or held(f.power, f.unit.ref) in s.gone:
                continue
            used = s.unit_item(f.unit, "sp_used", f.order)
            unused = s.unit_item(f.unit, "sp_unused", f.order)
            diff = {x: used.vector.get(x, 0) - unused.vector.get(x, 0)
                    for x in set(used.vector) | set(unused.vector)}
            self.late(f.power, diff, f"support of {f.unit.ref} used: priced as used ({used.cell})",
                      "III.35, T3", f.prov, f.order)

    def late(self, nation: str, vector, label: str, rule: str, prov: str, o) -> None:
        """A cost known only after combat, from what is left of the stockpile."""
        s = self.s
        kw = {"rule": rule, "order": o.ref if o else None, "step": "5"}
        for factor in ("gold", "M", "A", "I"):
            v = vector.get(factor, 0)
            if v < 0:
                src = escrow(s.escrow_of(prov, nation)) if factor == "gold" else "game:consumed"
                s.ledger.move(src, stock(nation), factor, -v, label + " (refund)", **kw)
                continue
            have = s.ledger.balance(stock(nation), factor)
            paid = min(v, have)
            dest = escrow(s.escrow_of(prov, nation)) if factor == "gold" else "game:consumed"
            s.ledger.move(stock(nation), dest, factor, paid, label, **kw)
            if paid < v:
                short = f"${(v - paid) / 2:g}" if factor == "gold" else f"{v - paid}{factor}"
                s.combat_notices.append(f"{nation} could not pay {short} of: {label}; waived "
                                        "(DESIGN 3.3)")

    def annihilate(self, f: Force, by: Group) -> None:
        s = self.s
        key = held(f.power, f.unit.ref)
        s.gone.add(key)
        s.ledger.move(key, "game:destroyed", "M", s.ledger.balance(key, "M"),
                      f"{f.unit.ref} annihilated in {f.prov}: its M are lost", rule="III.34", step="5")
        victor = min(by.powers, key=lambda p: (-sum(u.power == p for u in by.units), p))
        m = self.c.tables.annihilation.get(f.unit.type, 0)
        self.take_M(victor, m, f"annihilation of {f.power}'s {f.unit.ref} in {f.prov}",
                    "III.34", f"T6 annihilation {f.unit.type}",
                    [u.key for u in by.units if u.power == victor])

    def casualties(self, clash: Clash) -> None:
        for ch in clash.charges:
            self.take_M(ch.nation, ch.M, f"casualties in {clash.where}", "III.22, T6", ch.cell,
                        list(ch.units))

    def take_M(self, nation: str, m: int, label: str, rule: str, cell: str, units: list[str]) -> None:
        """M from the stockpile; if short, the nation's units there are demobilised and pay."""
        s = self.s
        for k in sorted(units):
            if s.ledger.balance(stock(nation), "M") >= m:
                break
            if k in s.gone:
                continue
            f = self.fs[k]
            s.gone.add(k)
            s.ledger.move(k, stock(nation), "M", s.ledger.balance(k, "M"),
                          f"{f.unit.ref} demobilised: {label} unpaid (I.10)", rule="I.10", step="5")
            s.extra.append(Line(nation, None, f.unit.ref, "fails", "demobilised",
                                f"{nation} could not pay {m}M of {label} (I.10)"))
        paid = min(m, s.ledger.balance(stock(nation), "M"))
        s.ledger.move(stock(nation), "game:casualties", "M", paid, label, rule=rule, cell=cell, step="5")
