"""Combat by the numbers (III.27-31, III.35, T7): who leaves, who stays, who is dislodged.

The objects are those of DESIGN 3.4. A *group* is the mutually friendly units attacking one
province, from any origins; its strength is its units plus the uncut supports for them. The
defence of a province is the units there unfriendly to the group that do not leave: holders
and supporters hold, everyone else (standing, unordered, failed movers and attackers) stands.
A group needs T7[s][h] plus one per uncut hold support, and 2:1 over every other group
attacking the same province. Support cuts and head-to-head border clashes depend only on
the orders, so they are settled first; what remains (does a unit leave?) is guess-and-check
(:mod:`.guess`) over one decision per group and per mover.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..board import ProvinceKind
from ..dice import Dice
from ..guess import GuessCheck
from .allies import SAME_NATION, Friends
from .battle_tables import CombatTables
from .model import HyperPosition
from .stacks import Force

Value = Callable[[str], bool]


@dataclass
class Group:
    """Mutually friendly units attacking ``target`` (III.31)."""

    target: str
    units: list[Force]
    supports: list[Force] = field(default_factory=list)  # uncut supports for its attack
    friends: Friends = SAME_NATION

    @property
    def powers(self) -> tuple[str, ...]:
        return tuple(sorted({u.power for u in self.units}))

    @property
    def key(self) -> str:
        return f"a|{self.target}|{'+'.join(self.powers)}"

    @property
    def strength(self) -> int:
        return len(self.units) + len(self.supports)

    @property
    def name(self) -> str:
        return f"{'/'.join(self.powers)} {len(self.units)} at" + (
            f" + {len(self.supports)} sp" if self.supports else "")

    def friend(self, power: str) -> bool:
        return any(self.friends(p, power) for p in self.powers)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    reason: str | None = None
    detail: str = ""


@dataclass(frozen=True)
class Border:
    """A head-to-head clash on the border between two provinces (III.22, DESIGN 3.4)."""

    one: Group
    two: Group
    winner: Group | None

    @property
    def where(self) -> str:
        return "-".join(sorted((self.one.target, self.two.target)))


class Combat:
    """Stage A of the military step: every st/ho/mo/at/sp and first legs of double moves."""

    def __init__(self, pos: HyperPosition, forces: Mapping[str, Force], tables: CombatTables,
                 dice: Dice, spl: Mapping[str, list[str]], friends: Friends | None = None):
        self.pos = pos
        self.friends = friends or Friends.at_start(pos)
        self.board = pos.board
        self.forces = forces
        self.tables = tables
        self.dice = dice
        self.cap = pos.pack.constants.units_per_province
        self.in_prov: dict[str, list[Force]] = defaultdict(list)
        self.attacks: dict[str, list[Force]] = defaultdict(list)
        self.moves: dict[str, list[Force]] = defaultdict(list)
        for k in sorted(forces):
            f = forces[k]
            self.in_prov[f.prov].append(f)
            if f.kind == "at":
                self.attacks[f.target].append(f)
            elif f.moves:
                self.moves[f.target].append(f)
        self.unmatched: dict[str, str] = {}
        self.match_supports()
        self.cut_by: dict[str, list[Force]] = {}
        for prov in sorted(self.in_prov):
            self.cut_supports(prov, spl)
        self.hold_sup: dict[str, list[Force]] = defaultdict(list)
        self.attack_sup: dict[str, list[Force]] = defaultdict(list)
        for k in sorted(forces):
            s = forces[k]
            if self.given(s):
                (self.attack_sup if s.backs_attack else self.hold_sup)[s.backs].append(s)
        self.groups: dict[str, list[Group]] = {p: self.make_groups(p) for p in sorted(self.attacks)}
        self.group_of = {u.key: g for gs in self.groups.values() for g in gs for u in g.units}
        self.borders = self.border_clashes()
        self.lost = {g.key: b for b in self.borders for g in (b.one, b.two) if b.winner is not g}
        self.values: dict[str, bool] = {}
        self.cycles: list[tuple[tuple[str, ...], bool]] = []

    # -- what the orders settle by themselves ------------------------------------------------

    def match_supports(self) -> None:
        """III.35: a support counts only for the hold or the attack it names."""
        for k in sorted(self.forces):
            f = self.forces[k]
            if f.kind != "sp":
                continue
            b = self.forces.get(f.backs or "")
            if b is None:
                self.unmatched[k] = "the unit supported is no longer there"
            elif f.backs_attack and not (b.kind == "at" and b.target == f.aim):
                self.unmatched[k] = f"{b.unit.ref} was not ordered to attack {f.aim}"
            elif not f.backs_attack and b.kind not in ("ho", "sp"):
                self.unmatched[k] = (f"{b.unit.ref} was ordered to {b.kind}: only a hold or a "
                                     "support is supported in place (III.25, III.35)")

    def given(self, f: Force) -> bool:
        return f.kind == "sp" and f.key not in self.unmatched and f.key not in self.cut_by

    def stance(self, f: Force) -> str:
        """III.25-26, III.35: holders and supporters hold; the rest stand."""
        return "hold" if f.kind == "ho" or (f.kind == "sp" and f.key not in self.unmatched) else "stand"

    def cut_supports(self, prov: str, spl: Mapping[str, list[str]]) -> None:
        """III.35: an attack on ``prov`` cuts supports given from it, unless it comes from the
        province the support is aimed at. How many: each attacking unit cuts one (the default
        reading), or, read literally, the supports of each action supported are cut by the
        attackers less the other units there supporting separate actions. Which ones: the
        owners' lists, else dice."""
        sups = [f for f in self.in_prov[prov] if f.kind == "sp" and f.key not in self.unmatched]
        can = {s.key: [a for a in self.attacks.get(prov, ()) if not self.friends(a.power, s.power)
                       and a.prov != s.aim] for s in sups}
        cand = [s for s in sups if can[s.key]]
        if self.pos.pack.constants.support_cut != "literal":
            chosen = self.choose_cut(cand, _matching(cand, can), can, spl, prov)
        else:
            chosen = []
            for action in sorted({(s.backs, s.aim) for s in cand}):
                mine = [s for s in cand if (s.backs, s.aim) == action]
                attackers = {a.key for s in mine for a in can[s.key]}
                others = sum(1 for s in sups if (s.backs, s.aim) != action)
                k = min(len(mine), max(0, len(attackers) - others))
                chosen += self.choose_cut(mine, k, can, spl, f"{prov}/{action[0]}", matched=False)
        for s in chosen:
            self.cut_by[s.key] = can[s.key]

    def choose_cut(self, cand: list[Force], k: int, can: Mapping[str, list[Force]],
                   spl: Mapping[str, list[str]], subject: str, matched: bool = True) -> list[Force]:
        """``k`` of ``cand`` to cut: the owners' lists first, then the dice. ``matched``: each
        cut needs an attacker of its own (the per-attacker reading)."""
        if not k:
            return []
        if k >= len(cand):
            return list(cand)

        def fits(chosen: list[Force], s: Force) -> bool:
            return not matched or _matching(chosen + [s], can) == len(chosen) + 1

        chosen: list[Force] = []
        rank = {s.key: spl.get(s.power, []).index(s.unit.ref) for s in cand
                if s.unit.ref in spl.get(s.power, [])}
        for s in sorted((s for s in cand if s.key in rank), key=lambda s: (rank[s.key], s.key)):
            if len(chosen) < k and fits(chosen, s):
                chosen.append(s)
        while len(chosen) < k:
            pool = [s for s in cand if s.key not in rank and s not in chosen and fits(chosen, s)]
            key = subject if not chosen else f"{subject}/{len(chosen)}"
            chosen.append(self.dice.choose(pool, "cut", key, label=lambda s: s.key))
        return chosen

    def make_groups(self, prov: str) -> list[Group]:
        groups: list[Group] = []
        for a in self.attacks[prov]:
            g = next((g for g in groups if all(self.friends(u.power, a.power) for u in g.units)), None)
            if g is None:
                groups.append(Group(prov, [a], friends=self.friends))
            else:
                g.units.append(a)
        for g in groups:
            g.supports = [s for u in g.units for s in self.attack_sup.get(u.key, ()) if s.aim == prov]
        return groups

    def border_clashes(self) -> list[Border]:
        out = []
        for q in sorted(self.groups):
            for g in self.groups[q]:
                for p in sorted({u.prov for u in g.units}):
                    for h in self.groups.get(p, ()):
                        if (g.key < h.key and any(u.prov == q for u in h.units)
                                and not any(g.friend(x) for x in h.powers)):
                            win = g if g.strength >= 2 * h.strength else (
                                h if h.strength >= 2 * g.strength else None)
                            out.append(Border(g, h, win))
        return out

    # -- the decisions -----------------------------------------------------------------------

    def leaves(self, f: Force, value: Value) -> bool:
        if f.kind == "at":
            return value(self.group_of[f.key].key)
        if f.moves:
            return value(f"m|{f.key}")
        return False

    def staying(self, prov: str, value: Value) -> list[Force]:
        return [f for f in self.in_prov.get(prov, ()) if not self.leaves(f, value)]

    def hold_supports(self, d: Force) -> list[Force]:
        return self.hold_sup.get(d.key, [])

    def defence(self, g: Group, value: Value) -> tuple[list[Force], int, int, int, int, str]:
        """The defenders of ``g.target`` against ``g`` and what T7 asks: (defenders, s, h,
        hold supports, needed, the cells used)."""
        ds = [d for d in self.staying(g.target, value) if not g.friend(d.power)]
        s = sum(1 for d in ds if self.stance(d) == "stand")
        h = len(ds) - s
        hs = sum(len(self.hold_supports(d)) for d in ds if self.stance(d) == "hold")
        base, cell = self.tables.attackers_needed(min(s, 4), min(h, 4 - min(s, 4)))
        need = base + hs * self.tables.hold_support_adds
        if hs:
            cell += f" + {hs} hold support{'s' if hs > 1 else ''} x {self.tables.hold_support_adds}"
        return ds, s, h, hs, need, cell

    def judge_group(self, g: Group, value: Value) -> Verdict:
        b = self.lost.get(g.key)
        if b is not None:
            other = b.two if b.one is g else b.one
            return Verdict(False, "bounced", f"head to head with {other.name} from "
                           f"{other.units[0].prov}: {g.strength} against {other.strength}, and "
                           f"{'neither has' if b.winner is None else 'the other has'} 2:1 "
                           "(III.31)")
        for h in self.groups[g.target]:
            if h is not g and h.key not in self.lost and g.strength < 2 * h.strength:
                return Verdict(False, "bounced", f"{g.strength} against {h.name} ({h.strength}) "
                               f"also attacking {g.target}: 2:1 is needed (III.31)")
        ds, s, h, hs, need, cell = self.defence(g, value)
        facing = f"{s} standing and {h} holding" + (
            f" (+{hs} hold support{'s' if hs > 1 else ''})" if hs else "")
        if g.strength < need:
            return Verdict(False, "bounced", f"{g.strength} against {facing}: {cell} = {need} "
                           "needed (III.31, T7)")
        friends = [d for d in self.staying(g.target, value) if g.friend(d.power)]
        if len(friends) + len(g.units) > self.cap:
            return Verdict(False, "over four", f"{len(friends) + len(g.units)} units would stand "
                           f"in {g.target} (III.3)")
        return Verdict(True, None, f"{g.strength} against {facing}: {cell} = {need} needed")

    def judge_move(self, f: Force, value: Value) -> Verdict:
        p = f.target
        for d in self.staying(p, value):
            if not self.friends(d.power, f.power):
                return Verdict(False, "stood off", f"by {d.power}'s {d.unit.ref} in {p} (III.27)")
        for a in self.attacks.get(p, ()):
            if not self.friends(a.power, f.power):
                return Verdict(False, "stood off", f"by {a.power}'s attack from {a.prov} (III.27)")
        for m in self.moves.get(p, ()):
            if m is not f and not self.friends(m.power, f.power):
                return Verdict(False, "stood off", f"by {m.power}'s {m.unit.ref} moving there "
                               "too (III.27)")
        n = (len(self.staying(p, value)) + sum(1 for m in self.moves[p] if self.friends(m.power, f.power))
             + sum(len(g.units) for g in self.groups.get(p, ()) if g.friend(f.power)
                   and value(g.key)))
        if n > self.cap:
            return Verdict(False, "over four", f"{n} friendly units would stand in {p}: every "
                           "move there fails (III.3, III.27)")
        return Verdict(True)

    def verdict(self, key: str, value: Value) -> Verdict:
        kind, _, rest = key.partition("|")
        if kind == "m":
            return self.judge_move(self.forces[rest], value)
        target = rest.partition("|")[0]
        return self.judge_group(next(g for g in self.groups[target] if g.key == key), value)

    def decision(self, f: Force) -> str | None:
        if f.kind == "at":
            return self.group_of[f.key].key
        return f"m|{f.key}" if f.moves else None

    def needs(self, key: str) -> list[str]:
        """The decisions a verdict may read: whether the units in its target leave, and for a
        mover, whether friendly groups enter."""
        kind, _, rest = key.partition("|")
        f = self.forces[rest] if kind == "m" else None
        target = f.target if f else rest.partition("|")[0]
        out = {d for u in self.in_prov.get(target, ()) if (d := self.decision(u))}
        if f is not None:
            out |= {g.key for g in self.groups.get(target, ()) if g.friend(f.power)}
        return sorted(out - {key})

    def run(self) -> dict[str, bool]:
        keys = [g.key for gs in self.groups.values() for g in gs]
        keys += [f"m|{k}" for k in sorted(self.forces) if self.forces[k].moves]
        gc = GuessCheck(keys, lambda k, v: self.verdict(k, v).ok, needs=self.needs)
        self.values = gc.run()
        self.cycles = gc.cycles
        return self.values

    def final(self, key: str) -> Verdict:
        """The verdict read with every decision settled (for the result's reasons)."""
        v = self.verdict(key, self.values.__getitem__)
        if v.ok != self.values[key]:
            return Verdict(self.values[key], "paradox" if not self.values[key] else None,
                           "a cycle of orders with no answer: its moves and attacks fail "
                           "(backup rule)" if not self.values[key] else
                           "a ring of moves and attacks: they succeed together (backup rule)")
        return v

    def left(self, f: Force) -> bool:
        return self.leaves(f, self.values.__getitem__)

    def winner(self, prov: str) -> Group | None:
        return next((g for g in self.groups.get(prov, ()) if self.values.get(g.key)), None)

    def dislodged(self) -> dict[str, Group]:
        """Each dislodged unit's key, and the group that dislodged it."""
        out = {}
        for prov in sorted(self.groups):
            g = self.winner(prov)
            if g is None:
                continue
            for d in self.staying(prov, self.values.__getitem__):
                if not g.friend(d.power):
                    out[d.key] = g
        return out

    def conquest(self, prov: str, g: Group) -> str | None:
        """II.2b, III.29: a successful attack on an unfriendly land province conquers it."""
        if self.board.provinces[prov].kind is ProvinceKind.SEA:
            return None
        owner = self.pos.provinces.get(prov)
        if owner is not None and owner.de_facto is not None and g.friend(owner.de_facto):
            return None
        count = defaultdict(int)
        for u in g.units:
            count[u.power] += 1
        return min(count, key=lambda p: (-count[p], p))

    def attacked(self) -> dict[str, set[str]]:
        """Every province attacked this season and by whose units (valid attacks only)."""
        return {p: {a.power for a in self.attacks[p]} for p in sorted(self.attacks)}


def _matching(sups: list[Force], can: Mapping[str, list[Force]]) -> int:
    """How many of ``sups`` distinct attackers can cut at once (a bipartite matching)."""
    match: dict[str, str] = {}

    def augment(s: Force, seen: set[str]) -> bool:
        for a in can[s.key]:
            if a.key in seen:
                continue
            seen.add(a.key)
            if a.key not in match or augment(next(x for x in sups if x.key == match[a.key]), seen):
                match[a.key] = s.key
                return True
        return False

    return sum(1 for s in sups if augment(s, set()))
