"""Why each order ended as it did, as data: the steps the resolver's decisions took.

Computed only when asked for (``adjudicate(position, explain=True)``), after the
resolution, from the resolver's final state: every decision is settled by then, so
reading a strength here reads the answers the resolver gave and never changes one. The
default path builds nothing of this.

An explanation is ``{"steps": [...], "text": "..."}``. Each step names the rule it rests
on (``rule``), says it in words (``says``) and, for machines, what it is ``about``
(attack, hold, defend, prevent, blocker, path, support, convoy, dislodged, paradox,
check, mechanism, retreat, adjustment) with numbers where a strength decided it
(``strength``), the provinces of the units that counted (``units``) and of the unit it
concerns (``of``). Variant mechanisms speak through their data: a move's ``base``
strength 0 (a difficult border) and a mechanism's own result line (its ``detail``).

Blind: the full result's explanations are the GM's. A power receives a projection
(``rules/blind.py``, ``explanations``) worked out here with ``knows``, the provinces it
may know: a unit elsewhere is "an unseen unit", a province elsewhere "an unseen
province", and the structured fields keep only what it may know. The strengths stay.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .outcome import OrderResult, Status
from .phase import PhaseType
from .resolution import CONVOY, MOVE, SUPPORT, Ord

if TYPE_CHECKING:
    from .movement import Battles
    from .position import Position
    from .process import Outcome
    from .resolver import Resolver

Step = dict[str, Any]

# The rules the steps rest on: the DATC's decisions (section 5.B) and choices (4.A).
ATTACK = "DATC 5.B attack strength"
HOLD_S = "DATC 5.B hold strength"
DEFEND = "DATC 5.B defend strength"
PREVENT = "DATC 5.B prevent strength"
PATH = "DATC 5.B path decision"
SUPPORT_D = "DATC 5.B support decision"
DISLODGE = "DATC 5.B dislodge decision"
MOVE_D = "DATC 5.B move decision"
SZYKMAN = "DATC 4.A.2 Szykman rule"
DIFFICULT = "variant rule: difficult border"
BLOCKER = "variant mechanism: province held against moves"


UNSEEN = "an unseen unit"
UNSEEN_PLACE = "an unseen province"


def explain_outcome(outcome: Outcome, position: Position | None = None,
                    knows: Callable[[str], bool] | None = None) -> list[dict | None]:
    """One explanation per result line of ``outcome`` (in its order), or None for a line
    with nothing to explain. ``position``: the one adjudicated (retreats and builds say
    what it allowed). ``knows``: for a power's projection (Blind), whether it may know
    what is in a province; None for the GM, who knows everything."""
    record = outcome.record
    if record is not None:
        ex = _Movement(record, knows)
        mine = {id(line): prov for prov, line in zip(record.checked, record.lines, strict=False)}
        out = [ex.line(mine[id(r)], r) if id(r) in mine else _plain(r, _other(r)) for r in outcome.results]
        return out if knows is None else [_masked(w, knows) for w in out]
    about = "retreat" if outcome.phase.type is PhaseType.RETREAT else "adjustment"
    return [_plain(r, about, _allowed(r, about, position)) for r in outcome.results]


def _other(r: OrderResult) -> str:
    """What a movement phase's line that is no unit's own is about."""
    if r.status is Status.INVALID:
        return "check"
    return "retreat" if r.reason == "no retreat" else "mechanism"


def _allowed(r: OrderResult, about: str, position: Position | None) -> str | None:
    """Why a retreat or an adjustment was allowed, from the position it was made in."""
    if position is None or r.status is not Status.SUCCEEDS or r.reason or not r.order:
        return None
    if about == "retreat":
        d = position.dislodged.get(r.province or "")
        if d is None or " R " not in r.order:
            return None
        dest = r.order.rsplit(" ", 1)[-1]
        open_ = f" ({', '.join(d.retreats)})" if d.retreats else ""
        return f"allowed: {dest} is free, and not where its attacker came from nor a standoff{open_}"
    if r.power is None or r.order == "Waive":
        return None
    centres = len(position.centers_of(r.power))
    units = sum(1 for u in position.units.values() if u.power == r.power)
    what = "builds" if centres > units else "removals"
    return f"allowed: {r.power} has {centres} centres and {units} units, {abs(centres - units)} {what}"


def _plain(r: OrderResult, about: str, allowed: str | None = None) -> dict:
    """A line that no strength decided (a retreat, a build, an unusable order): its own reason."""
    rule = {"retreat": "retreat rules", "adjustment": "adjustment rules",
            "mechanism": "variant mechanism"}.get(about, "order check")
    if r.status is Status.SUCCEEDS:
        says = allowed or r.detail or (f"allowed: {r.reason}" if r.reason else "allowed")
    else:
        says = f"{'refused' if r.status is Status.INVALID else 'fails'}: {r.detail or r.reason}"
    step = {"about": about, "rule": rule, "says": says}
    return {"steps": [step], "text": f"{r.order or r.text} {r.status}: {says.split(': ', 1)[-1]}"}


class _Movement:
    """Reads a movement phase's final decisions. Every decision is resolved, so calling the
    resolver's strengths only reads them."""

    def __init__(self, record: Battles, knows: Callable[[str], bool] | None = None):
        self.res: Resolver = record.resolver
        self.ords = record.orders
        self.ok = record.succeeded
        self.names = {p: str(c.unit) for p, c in record.checked.items()}
        self.knows = knows

    def name(self, prov: str | None) -> str:
        if self.knows is not None and prov and not self.knows(prov):
            return UNSEEN
        return self.names.get(prov or "", prov or "nobody")

    def place(self, loc: str | None) -> str:
        if self.knows is not None and loc and not self.knows(loc.split("/")[0]):
            return UNSEEN_PLACE
        return loc or ""

    def hidden(self, o: Ord) -> bool:
        """A unit the viewer may not know of: its support that did not count goes unsaid."""
        return self.knows is not None and not self.knows(o.prov)

    def line(self, prov: str, r: OrderResult) -> dict:
        o = self.ords[prov]
        if r.status is Status.INVALID and r.reason != "void":
            return _plain(r, "check")
        if r.reason not in _CORE_REASONS:  # a mechanism's own line: its words
            steps = [{"about": "mechanism", "rule": "variant mechanism", "says": r.detail or r.reason or ""}]
            text = f"{r.order} {r.status}: {r.detail or r.reason}"
            return {"steps": steps + self.steps(o)[0], "text": text}
        steps, clauses = self.steps(o)
        verb = str(r.status)
        text = f"{r.order} {verb}" + (": " + "; ".join(clauses) if clauses else "")
        return {"steps": steps, "text": text}

    def steps(self, o: Ord) -> tuple[list[Step], list[str]]:
        if o.kind == MOVE:
            return self.move(o)
        if o.kind == SUPPORT:
            return self.support(o)
        if o.kind == CONVOY:
            return self.convoy(o)
        return self.hold(o)

    # -- moves ---------------------------------------------------------------------------

    def move(self, m: Ord) -> tuple[list[Step], list[str]]:
        res = self.res
        steps: list[Step] = []
        clauses: list[str] = []
        if m.convoyed:
            steps.append(self.path_step(m))
            if not steps[-1]["ok"]:
                clauses.append(steps[-1]["says"])
                return steps + self.dislodged_steps(m, clauses), clauses
        attack = res.attack_strength(m)
        counted, uncounted = self.support_list(m, attacking=True)
        says = f"attack strength {attack}: {self.name(m.prov)}" + _with(counted, self.name)
        if m.base == 0:
            says += " (across a difficult border: its supports alone)"
            steps.append({"about": "mechanism", "rule": DIFFICULT,
                          "says": "a move across a difficult border has the strength of its supports alone"})
        if m.rail is not None:
            steps.append({"about": "mechanism", "rule": "variant mechanism: a line of movement",
                          "says": "it goes along a line, through " + ", ".join(m.rail), "units": list(m.rail)})
        u = res.by_prov.get(m.dest)
        if u is not None and u.power == m.power and not res.vacant(m):
            says += f"; it may not dislodge {self.name(u.prov)}, a unit of its own power"
        steps.append({"about": "attack", "rule": ATTACK, "says": says, "strength": attack,
                      "units": [s.prov for s in counted],
                      "uncounted": [{"unit": s.prov, "why": why} for s, why in uncounted]})
        clause = f"attack {attack}" + (f" ({_names(counted, self.name)})" if counted else "")
        against: list[str] = []
        opp = res.opponent(m)
        if opp is not None:
            d = res.defend_strength(opp)
            oc, _ = self.support_list(opp)
            steps.append({"about": "defend", "rule": DEFEND,
                          "says": f"head-to-head with {self.name(opp.prov)}: defend strength {d}"
                          + _with(oc, self.name), "strength": d, "of": opp.prov, "units": [s.prov for s in oc]})
            against.append(f"defend {d} of {self.name(opp.prov)}" + (f" ({_names(oc, self.name)})" if oc else ""))
        else:
            h = res.hold_strength(m.dest)
            hs = [s for s in _by_prov(res.hold_supports.get(m.dest, ())) if res.resolve(s)] if u is not None and u.kind != MOVE else []
            if u is None:
                why = f"{m.dest} is empty"
            elif u.kind == MOVE:
                why = f"{self.name(u.prov)} {'left' if res.resolve(u) else 'failed to leave'}"
            else:
                why = f"{self.name(u.prov)} stays" + _with(hs, self.name)
            lost = [(s, self.support_fate(s)[1]) for s in _by_prov(res.hold_supports.get(m.dest, ()))
                    if u is not None and u.kind != MOVE and not res.resolve(s) and not self.hidden(s)]
            step = {"about": "hold", "rule": HOLD_S, "says": f"hold strength {h} in {m.dest}: {why}",
                    "strength": h, "of": u.prov if u is not None else None, "units": [s.prov for s in hs]}
            if lost:
                step["uncounted"] = [{"unit": s.prov, "why": w} for s, w in lost]
                uncounted = uncounted + lost
            steps.append(step)
            if u is not None:
                left = " (it left)" if u.kind == MOVE and res.resolve(u) else ""
                against.append(f"hold {h} of {self.name(u.prov)}" + (f" ({_names(hs, self.name)})" if hs else left))
        for other in _by_prov(res.moves_into.get(m.dest, ())):
            if other is m:
                continue
            p = res.prevent_strength(other)
            oc, _ = self.support_list(other)
            beaten = res.opponent(other)
            if not res.path(other):
                why = " (its convoy failed)"
            elif beaten is not None and res.resolve(beaten):
                why = f" (it lost its head-to-head battle with {self.name(beaten.prov)})"
            else:
                why = _with(oc, self.name)
            steps.append({"about": "prevent", "rule": PREVENT,
                          "says": f"prevent strength {p}: {self.name(other.prov)} also moves to {m.dest}" + why,
                          "strength": p, "of": other.prov, "units": [s.prov for s in oc]})
            against.append(f"prevent {p} of {self.name(other.prov)}")
        block = res.blockers.get(m.dest)
        if block is not None:
            steps.append({"about": "blocker", "rule": BLOCKER, "says": f"{m.dest} is held against moves with "
                          f"strength {block}", "strength": block, "of": m.dest})
            against.append(f"a blocker of {block}")
        clauses.append(clause + (" against " + ", ".join(against) if against else ""))
        if attack == 0 and m.base == 0 and self.ok[m.prov]:
            steps.append({"about": "mechanism", "rule": DIFFICULT,
                          "says": "with no strength it still enters: the province is empty and nobody else "
                          "tries to enter it"})
        clauses += [f"{self.name(s.prov)}'s support {why}" for s, why in uncounted]
        if m.disrupted or any(c.disrupted for c in m.convoys):
            steps.append(self.paradox_step(m))
        steps.append({"about": "move", "rule": MOVE_D, "ok": bool(self.ok[m.prov]),
                      "says": f"the move {'succeeds' if self.ok[m.prov] else 'fails'}"})
        return steps + self.dislodged_steps(m, clauses), clauses

    def path_step(self, m: Ord) -> Step:
        res = self.res
        carrying = [c for c in _by_prov(m.convoys) if not c.void and not c.disrupted and res.resolve(c)]
        ok = res.path(m)
        if ok:
            says = "convoy route found: " + ", ".join(_listed(carrying, self.name))
            return {"about": "path", "rule": PATH, "ok": True, "says": says, "units": [c.prov for c in carrying]}
        broken = [c for c in _by_prov(m.convoys) if c not in carrying]
        whys = [f"{self.name(c.prov)} {self.convoy_fate(c)[1]}" for c in broken]
        says = "no convoy route" + (": " + ", ".join(whys) if whys else ": no fleet convoys it")
        step = {"about": "path", "rule": PATH, "ok": False, "says": says, "units": [c.prov for c in broken]}
        if any(c.disrupted for c in m.convoys):
            step["rule"] = SZYKMAN
        return step

    def paradox_step(self, m: Ord) -> Step:
        fleets = [c.prov for c in _by_prov(m.convoys) if c.disrupted]
        return {"about": "paradox", "rule": SZYKMAN, "units": fleets,
                "says": "a convoy paradox: the convoying fleets in it hold (" + ", ".join(map(self.name, fleets)) + ")"}

    def support_list(self, m: Ord, attacking: bool = False) -> tuple[list[Ord], list[tuple[Ord, str]]]:
        """The supports of m that counted (toward its attack, when ``attacking``; else toward
        its defend or prevent strength), and the others with why not."""
        res = self.res
        u = res.by_prov.get(m.dest or "") if attacking and res.path(m) else None
        if u is not None and res.vacant(m):
            u = None  # nobody to dislodge: every support given counts
        counted: list[Ord] = []
        uncounted: list[tuple[Ord, str]] = []
        for s in _by_prov(m.supports):
            if not res.resolve(s) and self.hidden(s):
                continue
            if not res.resolve(s):
                uncounted.append((s, self.support_fate(s)[1]))
            elif u is not None and u.power == m.power:
                uncounted.append((s, f"does not count: {m.power} may not dislodge its own {self.name(u.prov)}"))
            elif u is not None and s.power == u.power:
                uncounted.append((s, f"does not count: {u.power} cannot help dislodge its own {self.name(u.prov)}"))
            else:
                counted.append(s)
        return counted, uncounted

    def dislodged_steps(self, o: Ord, clauses: list[str]) -> list[Step]:
        by = self.dislodger(o)
        if by is None or (o.kind == MOVE and self.ok[o.prov]):
            return []
        a = self.res.attack_strength(by)
        clauses.append(f"dislodged by {self.name(by.prov)} (attack {a})")
        return [{"about": "dislodged", "rule": DISLODGE, "of": by.prov, "strength": a,
                 "says": f"dislodged by {self.name(by.prov)}, attack strength {a}"}]

    def dislodger(self, o: Ord) -> Ord | None:
        if o.kind == MOVE and self.ok[o.prov]:
            return None
        for m in self.res.moves_into.get(o.prov, ()):
            if self.ok[m.prov]:
                return m
        return None

    # -- holds, supports and convoys ----------------------------------------------------

    def hold(self, o: Ord) -> tuple[list[Step], list[str]]:
        res = self.res
        hs = [s for s in _by_prov(res.hold_supports.get(o.prov, ())) if res.resolve(s)]
        h = res.hold_strength(o.prov)
        steps: list[Step] = [{"about": "hold", "rule": HOLD_S, "strength": h, "of": o.prov,
                              "units": [s.prov for s in hs], "says": f"hold strength {h}" + _with(hs, self.name)}]
        clauses: list[str] = []
        by = self.dislodger(o)
        if by is None:
            attacks = _by_prov(res.moves_into.get(o.prov, ()))
            if attacks:
                clauses.append(f"hold {h} withstands " + ", ".join(self.attack_held(m, h, attacks) for m in attacks))
        else:
            clauses.append(f"hold {h}" + (f" ({_names(hs, self.name)})" if hs else ""))
        return steps + self.dislodged_steps(o, clauses), clauses

    def attack_held(self, m: Ord, h: int, attacks: list[Ord]) -> str:
        """An attack on a unit that stood: its strength, and what stood it off if it beat the hold."""
        a = self.res.attack_strength(m)
        if a > h:
            for other in attacks:
                p = self.res.prevent_strength(other)
                if other is not m and p >= a:
                    return f"{self.name(m.prov)} (attack {a}, stood off by {self.name(other.prov)}'s prevent {p})"
        return f"{self.name(m.prov)} (attack {a})"

    def support_fate(self, s: Ord) -> tuple[str, str, str | None]:
        """(fate, words, the unit responsible): given, void, cut or dislodged."""
        res = self.res
        if s.void:
            return "void", "was void: " + self.void_why(s), None
        by = self.dislodger(s)
        if by is not None:
            return "dislodged", f"was cut: dislodged by {self.name(by.prov)}", by.prov
        for m in _by_prov(res.moves_into.get(s.prov, ())):
            if m.power == s.power or m.prov == s.dest:
                continue
            if (m.base >= 1 and res.path(m)) or (m.base < 1 and res.attack_strength(m) > 0):
                return "cut", f"was cut by {self.name(m.prov)}", m.prov
        return "given", "was given", None

    def void_why(self, s: Ord) -> str:
        t = self.res.by_prov.get(s.target or "") or self.ords.get(s.target or "")
        if t is None:
            return f"there is no unit in {s.target}"
        what = "support" if s.kind == SUPPORT else "convoy"
        if s.kind == SUPPORT and s.dest is None:
            return f"{self.name(t.prov)} moves, so a {what} to hold does not apply"
        if t.kind != MOVE:
            return f"{self.name(t.prov)} does not move"
        if t.dest != s.dest:
            return f"{self.name(t.prov)} moves to {self.place(t.dest)}, not {s.dest}"
        if s.kind == CONVOY:
            return f"{self.name(t.prov)} does not go by convoy"
        return f"the coast named is not the one {self.name(t.prov)} moves to"

    def support(self, s: Ord) -> tuple[list[Step], list[str]]:
        fate, words, by = self.support_fate(s)
        step: Step = {"about": "support", "rule": SUPPORT_D, "fate": fate, "says": f"the support {words}",
                      "of": s.target}
        if by is not None:
            step["by"] = by
        clauses = [f"the support {words}"]
        t = self.res.by_prov.get(s.target or "")
        if fate == "given" and t is not None and t.kind == MOVE:
            u = self.res.by_prov.get(t.dest or "")
            if u is not None and u.power == s.power and not self.res.vacant(t):
                step["counts"] = False
                note = f"it does not count against {self.name(u.prov)}: a power cannot dislodge its own unit"
                step["says"] += "; " + note
                clauses.append(note)
        return [step] + (self.dislodged_steps(s, []) if fate == "dislodged" else []), clauses

    def convoy_fate(self, c: Ord) -> tuple[str, str, str | None]:
        if c.void:
            return "void", "was void: " + self.void_why(c), None
        by = self.dislodger(c)
        if by is not None:
            return "dislodged", f"was dislodged by {self.name(by.prov)}", by.prov
        if c.disrupted:
            return "paradox", "was made to hold by the Szykman rule (a convoy paradox)", None
        return "carries", "carries", None

    def convoy(self, c: Ord) -> tuple[list[Step], list[str]]:
        fate, words, by = self.convoy_fate(c)
        step: Step = {"about": "convoy", "rule": SZYKMAN if fate == "paradox" else PATH, "fate": fate,
                      "says": f"the convoy {words}", "of": c.target}
        if by is not None:
            step["by"] = by
        steps = [step] + (self.dislodged_steps(c, []) if fate == "dislodged" else [])
        return steps, [f"the convoy {words}"]


_CORE_REASONS = {None, "bounced", "cut", "dislodged", "no convoy", "void", "paradox", "no order", "several orders"}


def _by_prov(orders) -> list[Ord]:
    """Orders in province order: an explanation must not depend on the order orders came in."""
    return sorted(orders, key=attrgetter("prov"))


def _with(units: list[Ord], name) -> str:
    return (", supported by " + ", ".join(_listed(units, name))) if units else ""


def _names(units: list[Ord], name) -> str:
    named = [name(s.prov) for s in units]
    hidden = named.count(UNSEEN)
    out = [f"{n}'s support" for n in named if n != UNSEEN]
    return ", ".join(out + (["an unseen unit's support"] if hidden == 1 else
                            [f"{hidden} unseen units' supports"] if hidden else []))


def _listed(units: list[Ord], name) -> list[str]:
    """The units' names, those the viewer may not know counted together at the end."""
    names = [name(s.prov) for s in units]
    hidden = names.count(UNSEEN)
    known = [n for n in names if n != UNSEEN]
    return known + ([UNSEEN] if hidden == 1 else [f"{hidden} unseen units"] if hidden else [])


def _masked(explain: dict | None, knows: Callable[[str], bool]) -> dict | None:
    """The structured fields as far as the viewer may know: provinces it may not know go."""
    if explain is None:
        return None
    steps = []
    for step in explain["steps"]:
        step = dict(step)
        for key in ("units", "uncounted"):
            if key in step:
                step[key] = [x for x in step[key] if knows(x if isinstance(x, str) else x["unit"])]
        for key in ("of", "by"):
            if step.get(key) and not knows(step[key].split("/")[0]):
                step[key] = None
        steps.append(step)
    return {"steps": steps, "text": explain["text"]}

