"""Blind Diplomacy (the "Jens version"): what each power sees and what it is told.

The engine adjudicates once, with full knowledge; this module derives each power's view
from the full result and may only leave facts out (DESIGN principle 4).

A power **sees** a province when it learns everything that happens there:
  - its homeland (home centres and the land drawn in its colour), always, even when
    eliminated; and the provinces bordering a homeland province while it controls it;
  - every supply centre and every other land province it owns;
  - every province around a unit of its that was really ordered to hold or to support a
    hold (not a misordered unit, nor one left without orders);
  - nothing at all if it is in anarchy (no government to tell it).

A power is **informed of** part of what happens where its units act: why each of its
orders failed, that a unit of its was attacked (never from where), support given to it by
others (unless cut), what its supported or convoyed units met, and what opposition its
units met entering a province. Opposing units are named by number, nationality and type,
never who supported whom: alphabetically by power, armies before fleets.

Land that is no supply centre is owned too under this rule: taken by standing in it after
a spring or fall move, kept until someone else does (``land`` in the position).

Explanations (``engine/explain.py``) are projected too (:func:`explanations`). A power is
given the reasoning of its own orders' results only, never of another power's, and in it:
  - every strength that decided them (attack, hold, defend, prevent: numbers only);
  - a unit by name only where the power may know it (its own units, and the provinces it
    sees or was informed of); any other is "an unseen unit", several are counted ("2
    unseen units' supports"), never placed: "attack 1 against defend 2 of an unseen unit";
  - a support of an unseen unit that did not count (cut, void) is not mentioned at all,
    and who cut its own support is named only if it may know that unit;
  - a province it may not know is "an unseen province"; the structured fields (``units``,
    ``uncounted``, ``of``, ``by``) keep only provinces it may know.
A unit it may not know of, that no order of its own concerns, changes nothing in them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..board import UnitType, province_of
from ..movement import check_orders
from ..orders import Convoy, Hold, Move, RailMove, Support
from ..outcome import OrderResult, Status
from ..phase import PhaseType
from ..position import Position
from ..resolver import CONVOY, MOVE, SUPPORT
from ..rulebook import BLIND
from . import choice_units
from .sight import active, homeland, in_anarchy, land_owners, owned, owner, sight, static_sight

__all__ = ["active", "homeland", "in_anarchy", "land_owners", "owned", "owner", "sight", "static_sight",
           "view", "report_text", "public_text", "project", "sees", "holding", "holding_units",
           "visible_results", "explanations", "describe", "game_over", "PowerView", "ViewLine"]

RULE = BLIND
NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


# -- ownership and sight: rules/sight.py (kept importable from here) -------------------------

# -- describing units ----------------------------------------------------------------------


def describe(units: Iterable[tuple[str, UnitType]], adjectives: dict[str, str], article: bool = False) -> str:
    """"Russian army", "two Italian fleets", "one French and one German army"."""
    units = list(units)
    if len(units) == 1:
        power, utype = units[0]
        noun = "army" if utype is UnitType.ARMY else "fleet"
        adj = adjectives.get(power, power)
        return f"{_article(adj)} {adj} {noun}" if article else f"{adj} {noun}"
    parts = []
    for utype, noun in ((UnitType.ARMY, "army"), (UnitType.FLEET, "fleet")):
        counts = Counter(p for p, t in units if t is utype)
        if not counts:
            continue
        names = [f"{NUMBERS[min(n, 10)]} {adjectives.get(p, p)}" for p, n in sorted(counts.items())]
        plural = "armies" if noun == "army" else "fleets"
        text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        # "one French and one German army", but "one French and two German armies"
        parts.append(f"{text} {noun if max(counts.values()) == 1 else plural}")
    return " and ".join(parts)


def _article(word: str) -> str:
    return "an" if word[:1].upper() in "AEIOU" else "a"


def _cap(loc: str) -> str:
    return loc.split("/")[0].capitalize() + (f"({loc.split('/')[1]})" if "/" in loc else "")


# -- one power's view ------------------------------------------------------------------------


@dataclass
class ViewLine:
    power: str
    text: str  # as the viewing power may read it, with ??? for what it can't see
    mine: bool = False


@dataclass
class PowerView:
    """What one power may know after a phase: the lines it can read, the provinces it
    sees, its centres, and what it gained and lost."""

    power: str
    phase: str
    seen: frozenset[str]
    informed: frozenset[str]
    lines: list[ViewLine] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    centers: list[str] = field(default_factory=list)
    units_after: list = field(default_factory=list)  # units it can see after the phase

    def may_know(self, prov: str) -> bool:
        return prov in self.seen or prov in self.informed


def view(before: Position, outcome, power: str) -> PowerView:
    """The power's view of the phase adjudicated from ``before`` (an engine Outcome)."""
    board = before.board
    adjectives = {p.name: p.adjective for p in before.variant.powers}
    record = outcome.record
    seen = sight(before, power, holding(record.checked, power) if record is not None else ())
    if game_over(before, outcome):
        seen = set(board.provinces)  # at the game's end everything is revealed
    informed: set[str] = set()
    v = PowerView(power, str(before.phase), frozenset(), frozenset())
    anarchy = in_anarchy(before, power)

    notes = _informed_notes(before, record, power, adjectives) if record is not None and not anarchy else {}
    for _, provs in notes.values():
        informed |= provs

    for r in outcome.results:
        if r.power is None:
            continue
        mine = r.power == power and not anarchy
        line = _line(before, r, record, seen, mine)
        if line is None:
            continue
        if mine:
            note = notes.get(r.province or "")
            if note and note[0]:
                line += " " + note[0]
            informed |= _line_provinces(before, r, record)
        v.lines.append(ViewLine(r.power, line, mine))

    after = outcome.next
    if not anarchy:
        gained = sorted(p for p in owned(after, power) - owned(before, power))
        lost = sorted(p for p in owned(before, power) - owned(after, power))
        for p in gained:
            v.messages.append(f"You captured {board.provinces[p].name}")
        for p in lost:
            to = owner(after, p)
            v.messages.append(f"You lost control over {board.provinces[p].name}" + (f" to {to}" if to else ""))
        v.centers = sorted(c for c, p in after.centers.items() if p == power)
        after_seen = seen | static_sight(after, power) | informed
        v.units_after = [u for u in after.units.values() if u.province in after_seen or u.power == power]
    v.seen = frozenset(seen)
    v.informed = frozenset(informed)
    return v


def explanations(before: Position, outcome, power: str, v: PowerView | None = None) -> list[dict | None]:
    """Why each of the power's results came out so, as far as it may know (the rule is in
    this module's docstring): one per line of ``outcome.results``, None for others' lines.
    ``v``: the power's view of the phase, if worked out already."""
    from ..explain import explain_outcome

    if in_anarchy(before, power):
        return [None] * len(outcome.results)
    v = v if v is not None else view(before, outcome, power)
    known = set(v.seen | v.informed)
    known |= {u.province for u in before.units.values() if u.power == power}
    known |= {p for p, d in before.dislodged.items() if d.unit.power == power}
    if game_over(before, outcome):
        known = set(before.board.provinces)
    why = explain_outcome(outcome, before, known.__contains__)
    return [w if r.power == power else None for r, w in zip(outcome.results, why, strict=True)]


def game_over(position: Position, outcome=None) -> bool:
    """Has somebody won (in this phase, or before it)? Then all may be shown."""
    return bool(position.extra.get("winner")) or bool(outcome is not None and outcome.winner)


def _line_provinces(position: Position, r: OrderResult, record) -> set[str]:
    out = {r.province} if r.province else set()
    c = record.checked.get(r.province) if record is not None and r.province else None
    order = c.order if c is not None else None
    for attr in ("dest", "target"):
        x = getattr(order, attr, None)
        if x:
            out.add(province_of(x))
    return out


def _masked(loc: str | None, seen: set[str]) -> str:
    if loc is None:
        return "???"
    return _cap(loc) if province_of(loc) in seen else "???"


def _line(position: Position, r: OrderResult, record, seen: set[str], mine: bool) -> str | None:
    """One result line as the viewer may read it, or None if it can't see any of it."""
    c = record.checked.get(r.province) if record is not None and r.province else None
    order = c.order if c is not None and c.illegal is None else None
    if c is not None and not mine and (c.illegal is not None or c.text is None):
        order = Hold(c.unit.type, c.unit.loc)  # misordered or NMR: looks like a hold
    status = ""
    if r.status is Status.FAILS:
        status = " (FAILED)"
        if r.reason in ("cut", "dislodged"):
            status = f" ({r.reason.upper()})"
    elif r.status is Status.INVALID and mine:
        status = f" (INVALID: {r.reason})"
    if order is None and c is None:
        # retreat and adjustment lines, and units without orders outside movement phases
        return _plain_line(r, seen, mine)
    unit = c.unit
    t = "A" if unit.type is UnitType.ARMY else "F"
    here = unit.loc if mine else None
    show = (lambda loc: _cap(loc)) if mine else (lambda loc: _masked(loc, seen))
    if order is None:
        order = Hold(unit.type, unit.loc)
    provs = [unit.province] + [province_of(x) for x in (getattr(order, "dest", None), getattr(order, "target", None)) if x]
    if not mine and not any(p in seen for p in provs):
        return None
    if not mine and not isinstance(order, Hold):
        status = status if status else ""
    elif not mine:
        status = " (DISLODGED)" if r.reason == "dislodged" else ""
    origin = _cap(here) if here else show(unit.loc)
    if isinstance(order, Hold):
        text = f"{t}({origin}) H"
    elif isinstance(order, Move):
        text = f"{t}({origin}) - {show(order.dest)}"
    elif isinstance(order, RailMove):
        text = f"{t}({origin}) TSR {show(order.dest)}"
    elif isinstance(order, Support):
        tu = record.checked.get(province_of(order.target))
        tt = ("A" if tu.unit.type is UnitType.ARMY else "F") if tu else "?"
        text = f"{t}({origin}) S {tt}({show(order.target)})" + (
            f" - {show(order.dest)}" if order.dest else " H")
    elif isinstance(order, Convoy):
        text = f"{t}({origin}) C A({show(order.target)}) - {show(order.dest)}"
    else:
        text = f"{t}({origin}) H"
    if r.status is Status.INVALID and not mine:
        status = ""
    return text + status


def _plain_line(r: OrderResult, seen: set[str], mine: bool) -> str | None:
    """Retreats, disbands, builds and removals: shown when their province is seen."""
    if not r.order:
        return None
    prov = r.province
    if not mine and (prov is None or prov not in seen):
        return None
    status = "" if r.status is Status.SUCCEEDS else (" (FAILED)" if r.status is Status.FAILS else " (INVALID)")
    if not mine and r.status is Status.INVALID:
        return None
    return r.order + status


# -- what a power is informed of ---------------------------------------------------------


def _informed_notes(position: Position, record, power: str, adjectives) -> dict[str, tuple[str, set[str]]]:
    """For each of the power's units: the sentence it is told, and the provinces it concerns."""
    res = record.resolver
    ok = record.succeeded
    ords = record.orders
    checked = record.checked
    units = {prov: c.unit for prov, c in checked.items()}  # choice units revealed, too

    def who(provs: Iterable[str]) -> list[tuple[str, UnitType]]:
        return [(units[p].power, units[p].type) for p in provs if p in units]

    def given(o) -> list:
        return [s for s in o.supports if res.resolve(s)]

    def opposition(target: str, mover) -> list[str]:
        """Units that stood in the way of ``mover`` entering ``target``, with their supporters."""
        provs: list[str] = []
        holder = ords.get(target)
        if holder is not None and not (holder.kind == MOVE and ok.get(target)):
            provs.append(target)
            if holder.kind == MOVE:
                provs += [s.prov for s in given(holder)] if res.opponent(mover) is holder else []
            else:
                provs += [s.prov for s in res.hold_supports.get(target, ()) if res.resolve(s)]
        for other in res.moves_into.get(target, ()):
            if other is mover or other.prov in provs:
                continue
            if res.prevent_strength(other) > 0:
                provs.append(other.prov)
                provs += [s.prov for s in given(other)]
        return [p for p in provs if p not in (mover.prov,)]

    def attackers(prov: str) -> list[str]:
        provs: list[str] = []
        for m in res.moves_into.get(prov, ()):
            if m.power == units[prov].power or not res.path(m):
                continue
            provs.append(m.prov)
            provs += [s.prov for s in given(m)]
        return provs

    notes: dict[str, tuple[str, set[str]]] = {}
    move_notes: dict[str, tuple[str, set[str]]] = {}
    for prov, o in ords.items():
        c = checked[prov]
        if o.kind == MOVE:
            target = o.dest
            parts = []
            help_ = [s for s in given(o) if s.power != c.unit.power]
            if help_:
                parts.append("With support from " + ", ".join(
                    f"{describe([(s.power, s.utype)], adjectives)} in {_cap(s.prov)}" for s in help_))
            if ok[prov]:
                if target in record.dislodged:
                    parts.append(f"Forced {describe(who([target]), adjectives, article=True)} to retreat")
            elif o.convoyed and not res.path(o):
                parts.append("Convoy line broken")
            else:
                opp = opposition(target, o)
                if opp:
                    parts.append(f"Stood off by {describe(who(opp), adjectives)}")
            if prov in record.dislodged:
                parts.append(f"Forced to retreat by {describe(who(attackers(prov)), adjectives)}")
            move_notes[prov] = (" - ".join(parts), {target})
    for prov, o in ords.items():
        c = checked[prov]
        if c.unit.power != power:
            continue
        if o.kind == MOVE:
            notes[prov] = move_notes[prov]
            continue
        parts = []
        concerns: set[str] = set()
        att = attackers(prov)
        if prov in record.dislodged:
            parts.append(f"Forced to retreat by {describe(who(att), adjectives)}")
        elif att:
            parts.append(f"Attacked by {describe(who(att), adjectives)}")
        helpers = [s for s in res.hold_supports.get(prov, ()) if res.resolve(s) and s.power != power]
        if helpers:
            parts.append("With support from " + ", ".join(
                f"{describe([(s.power, s.utype)], adjectives)} in {_cap(s.prov)}" for s in helpers))
        # an uncut supporter, and a convoying fleet, learn what the unit they help meets
        if o.kind in (SUPPORT, CONVOY) and not o.void and ok.get(prov, False):
            t = ords.get(o.target)
            if t is not None and t.kind == MOVE and t.prov in move_notes and (o.dest == t.dest):
                text, provs = move_notes[t.prov]
                if text:
                    parts.append(f"{_cap(t.prov)} - {_cap(t.dest)}: {text}")
                concerns |= provs
            elif o.kind == SUPPORT and o.dest is None and t is not None:
                att_t = attackers(o.target)
                if att_t:
                    parts.append(f"{_cap(o.target)} attacked by {describe(who(att_t), adjectives)}")
                concerns.add(o.target)
        notes[prov] = (" - ".join(parts), concerns)
    return notes


# -- the text of a report ------------------------------------------------------------------


def report_text(before: Position, outcome, power: str) -> str:
    v = view(before, outcome, power)
    out = [f"{before.phase.long_name}: personal adjudication for {power}", ""]
    for p in sorted(before.variant.power_names):
        out.append(f"{p}:")
        out.extend(line.text for line in sorted((x for x in v.lines if x.power == p), key=_given_order(before, p)))
        out.append("")
    out.extend(v.messages)
    if v.messages:
        out.append("")
    names = [before.board.provinces[c].name for c in v.centers]
    out.append(f"Your supply centres ({len(names)}): {', '.join(names) or 'none'}")
    return "\n".join(out) + "\n"


def _given_order(position: Position, power: str):
    """Sort key: lines in the order the power wrote its orders (the rest after)."""
    written = [t.split()[1:2] for t in position.orders.get(power, ())]
    index = {}
    for i, words in enumerate(written):
        if words:
            index.setdefault(words[0].lower().split("/")[0].split("(")[0], i)

    def key(line: ViewLine) -> tuple[int, str]:
        prov = line.text.split("(", 1)[1].split(")", 1)[0].lower() if "(" in line.text else ""
        return (index.get(prov, len(index)), line.text)

    return key


def public_text(before: Position, outcome) -> str:
    """The public adjudication: no orders; after a fall turn, the powers ranked by centres
    without the numbers."""
    out = [f"{before.phase.long_name}: adjudicated", ""]
    nxt = outcome.next
    if before.phase.season in before.variant.calendar.build_after and before.phase.type is not PhaseType.ADJUSTMENT:
        counts = Counter(nxt.centers.values())
        ranked = sorted(before.variant.power_names, key=lambda p: (-counts.get(p, 0), p))
        out.append("Powers by supply centres owned, most first:")
        out.extend(f"  {i + 1}. {p}" for i, p in enumerate(ranked))
    if outcome.winner:
        out.append(f"{outcome.winner} has won the game; all maps and orders are now public.")
    return "\n".join(out) + "\n"




# -- projections for maps ------------------------------------------------------------------


def holding(checked: dict, power: str) -> list[str]:
    """Provinces of the power's units really ordered to hold or to support a hold, from
    the engine's checked orders (movement.check_orders): a misordered unit, one given
    several orders and one given none hold too, but see nothing. The report, the map,
    the inspector and the packs all take sight from here, so they cannot disagree."""
    out = []
    for prov, c in checked.items():
        if c.unit.power != power or not c.text or c.illegal is not None:
            continue
        if isinstance(c.order, Hold) or (isinstance(c.order, Support) and c.order.dest is None):
            out.append(prov)
    return out


def holding_units(position: Position, power: str) -> list[str]:
    """:func:`holding` for a position not yet adjudicated (its orders as given so far)."""
    if position.phase.type is not PhaseType.MOVEMENT:
        return []
    return holding(check_orders(choice_units.reveal(position)[0])[0], power)


def sees(position: Position, power: str) -> set[str]:
    """What the power sees in this phase, with the orders given so far: the one answer
    for maps, the inspector and the desk (the report reaches the same through view)."""
    if game_over(position):
        return set(position.board.provinces)
    return sight(position, power, holding_units(position, power))


def project(position: Position, power: str, seen: Iterable[str] | None = None) -> Position:
    """The position as ``power`` may know it: units and owners only where it sees, its own
    orders only, no GM fields. Maps drawn for a power are drawn from this. ``seen``: what
    it sees, when a view of the phase has worked it out already (``PowerView.seen``)."""
    from dataclasses import replace

    if game_over(position):
        return position
    seen = sees(position, power) if seen is None else set(seen)
    units = {p: u for p, u in position.units.items() if u.power == power or p in seen}
    dislodged = {p: d for p, d in position.dislodged.items() if d.unit.power == power or p in seen}
    centers = {c: o for c, o in position.centers.items() if o == power or c in seen}
    land = {p: sorted(x for x in provs if p == power or x in seen) for p, provs in _land_map(position).items()}
    extra = {"land": {p: v for p, v in land.items() if v}}
    choices = {p: c for p, c in position.choices.items() if c[0] == power or p in seen}
    return replace(position, units=units, dislodged=dislodged, centers=centers,
                   orders={power: tuple(position.orders.get(power, ()))}, extra=extra, choices=choices,
                   contested=frozenset(p for p in position.contested if p in seen))


def _land_map(position: Position) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for prov, p in land_owners(position).items():
        out.setdefault(p, []).append(prov)
    return out


def visible_results(before: Position, outcome, power: str) -> list[dict]:
    """Result lines a map for ``power`` may draw: its own, and others' whose every place
    it sees (an arrow to a place it can't see would tell too much)."""
    v = view(before, outcome, power)
    record = outcome.record
    out = []
    for r in outcome.results:
        if r.power == power:
            out.append(r.to_json())
            continue
        c = record.checked.get(r.province) if record is not None and r.province else None
        provs = _line_provinces(before, r, record) if c is not None else ({r.province} if r.province else set())
        if provs and provs <= v.seen and (c is None or (c.text is not None and c.illegal is None)):
            out.append(r.to_json())
    return out
