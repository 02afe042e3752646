"""What the economy inspector says about a province, without widgets (DESIGN 4.6): its
owners de facto and de jure, its quiet seasons toward de jure, its base yields and PIs, the
season's yield modifiers (attacked, winter, guerrillas and sabotage, PIs assigned), its
installations, the stack, fishing fleets, banks, and its canal's state.

The modifiers of a season that has been played are read from the engine's own season, run
again on that season's position (the provinces it found attacked, the cuts and bonuses it
made); those of the season being ordered are what the orders given so far would bring.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine.hyper import conditions
from ..engine.hyper.canal_state import canals_of
from ..engine.hyper.model import HyperPosition
from ..engine.hyper.season import Season
from ..engine.hyper.shown_names import ShownNames
from .hyper_words import kind_of


@dataclass(frozen=True)
class SeasonFacts:
    """What a played season did to the yields (from the engine's season)."""

    phase: str
    attacked: frozenset[str] = frozenset()
    cut: Counter = field(default_factory=Counter)  # (province, factor) -> cut by covert action
    bonus: Counter = field(default_factory=Counter)  # (province, factor) -> PIs assigned


def season_facts(position: HyperPosition) -> SeasonFacts:
    """Play the season of ``position`` (with its orders) again and keep what it found."""
    seen: list[Season] = []

    def run(pos, struck, conds, loop):
        s = Season(pos, struck, conds)
        s.loop_question = loop
        seen.append(s)
        return s, s.run()

    conditions.process(position, run)
    s = seen[-1]
    return SeasonFacts(str(position.phase), frozenset(s.attacked), Counter(s.yield_cut), Counter(s.yield_bonus))


def is_winter(position: HyperPosition) -> bool:
    """I.6c: winter halves the A yield, except in the game's first season."""
    c = position.pack.constants
    return position.phase.season == c.winter_season and not position.first_season


@dataclass(frozen=True)
class Section:
    title: str
    lines: tuple[str, ...]


def pi_history(results, prov: str, names: ShownNames | None = None) -> list[str]:
    """The PIs assigned to ``prov`` in the seasons played (``(phase, result)`` pairs)."""
    names = names or ShownNames()
    out = []
    for phase, result in results:
        for line in result.get("orders", []):
            words = (line.get("order") or "").split()
            if len(words) == 3 and words[0] == "as" and words[2] == prov and line.get("status") == "succeeds":
                out.append(f"{phase}: {words[1]} from {names.nation(line['power'])} (V.6)")
    return out


def inspect(position: HyperPosition, prov: str, played: SeasonFacts | None = None,
            played_position: HyperPosition | None = None, results=()) -> list[Section]:
    """The inspector's sections for ``prov`` in ``position`` (the season being ordered);
    ``played`` (with ``played_position``) adds what the last season played did to it;
    ``results`` (``(phase, result)`` of the seasons played) its PIs so far."""
    board = position.board
    p = board.provinces.get(prov)
    if p is None:
        return [Section("Unknown", (f"{prov!r} is no province of this board",))]
    names = ShownNames.of(position)
    out = [Section(f"{p.name} ({prov}), {p.kind.value}", _owners(position, prov, names))]
    history = pi_history(results, prov, names)
    if history:
        out.append(Section("PIs assigned", tuple(history)))
    yields = prov in position.provinces  # a sea yields nothing: no modifiers to list
    if yields and played is not None and played_position is not None:
        out.append(Section(f"Yield modifiers, {played.phase} (played)", _played(played_position, prov, played)))
    if yields:
        out.append(Section(f"Yield modifiers, {position.phase} (the orders so far)", _ordered(position, prov, names)))
    out.append(Section("Stack", _stack(position, prov, names)))
    things = _installations(position, prov, names) + _fleets(position, prov, names) + _banks(position, prov)
    out.append(Section("Installations, fishing fleets, banks", tuple(things) or ("none",)))
    canal = _canal(position, prov)
    if canal:
        out.append(Section("Canal", canal))
    return out


def _owners(position: HyperPosition, prov: str, names: ShownNames) -> tuple[str, ...]:
    st = position.provinces.get(prov)
    if st is None:
        return ("no owner: a sea or a province nobody holds",)
    base = position.pack.provinces.get(prov)
    lines = [f"owner de facto: {names.with_id(st.de_facto)}", f"owner de jure: {names.with_id(st.de_jure)}",
             f"quiet seasons toward de jure (II.3): {st.quiet}"]
    if base is not None:
        lines.append(f"base yield (table): {base.yields.amounts.get('A', 0)}A {base.yields.amounts.get('I', 0)}I")
    lines.append(f"yield now (with PIs): {st.yields.get('A', 0)}A {st.yields.get('I', 0)}I")
    lines.append(f"last PI assigned: {st.last_pi}" if st.last_pi else "no PI assigned yet")
    return tuple(lines)


def _played(position: HyperPosition, prov: str, facts: SeasonFacts) -> tuple[str, ...]:
    lines = []
    if prov in facts.attacked:
        lines.append("attacked: no yield this season (I.6b)")
    if is_winter(position):
        lines.append("winter: half the A yield, rounded up (I.6c)")
    for f in ("A", "I"):
        if facts.cut[(prov, f)]:
            lines.append(f"guerrillas or sabotage: -{facts.cut[(prov, f)]}{f} (I.6a)")
        if facts.bonus[(prov, f)]:
            lines.append(f"PI assigned: +{facts.bonus[(prov, f)]}{f} (V.6)")
    return tuple(lines) or ("none: the full yield",)


def _ordered(position: HyperPosition, prov: str, names: ShownNames) -> tuple[str, ...]:
    lines = []
    st = position.provinces.get(prov)
    owner = st.de_facto if st else None
    for n in sorted(position.orders):
        who = names.nation(n)
        for text in position.orders[n]:
            words = text.lower().split()
            places = {w.partition("/")[0] for w in words}
            named = prov in places or _abbr(position, prov) in places
            if not named:
                continue
            kind = kind_of(text)  # each order named by its kind: an attack, a support, a move
            verb = next((i for i, w in enumerate(words) if w in ("at", "mo", "dm", "sp")), None)
            goes = verb is not None and any(w.partition("/")[0] in (prov, _abbr(position, prov))
                                            for w in words[verb + 1:])  # where to, not where from
            if kind == "support" and goes:
                lines.append(f"support ordered by {who}: {text}")
            elif n != owner and goes and kind in ("attack", "double move"):
                lines.append(f"{kind} ordered by {who}: {text} (no yield if attacked, I.6b)")
            elif n != owner and goes:
                lines.append(f"{kind} ordered by {who}: {text}")
            elif words and words[0] in ("gw", "sb"):
                lines.append(f"covert action ordered: {words[0]} (by whom stays secret)")
            elif words and words[0] == "as":
                lines.append(f"PI assigned by {who}: {text} (V.6)")
    if is_winter(position):
        lines.append("winter: half the A yield, rounded up (I.6c)")
    return tuple(lines) or ("none so far",)


def _abbr(position: HyperPosition, prov: str) -> str:
    base = position.pack.provinces.get(prov)
    return base.abbr.lower() if base is not None and base.abbr else prov


def _stack(position: HyperPosition, prov: str, names: ShownNames) -> tuple[str, ...]:
    units = sorted((u for u in position.units if u.province == prov), key=lambda u: (u.power, u.ref))
    limit = position.pack.constants.units_per_province
    lines = [f"{u.ref} ({u.type}) of {names.nation(u.power)} at {u.at}, {u.M}M" for u in units]
    return (*lines, f"{len(units)} of {limit} units")


def _installations(position: HyperPosition, prov: str, names: ShownNames) -> list[str]:
    kinds = {"Y": "armoury", "S": "shipyard"}
    return [f"{kinds.get(i.type, i.type)} ({i.type}) of {names.nation(i.owner)} at {i.at}, built {i.built}, {i.M}M"
            for i in sorted(position.installations, key=lambda i: (i.type, i.owner))
            if i.at.partition("/")[0] == prov]


def _fleets(position: HyperPosition, prov: str, names: ShownNames) -> list[str]:
    return [f"fishing fleet {f.id} of {names.nation(f.owner)}" + (f", fished {f.fished} last" if f.fished else "")
            for f in sorted(position.ffs, key=lambda f: (f.owner, f.id)) if f.province == prov]


def _banks(position: HyperPosition, prov: str) -> list[str]:
    return [f"bank {b.name} ({b.id}): ${b.gold / 2:g} on hand, ${b.invested / 2:g} invested"
            + (" (frozen)" if b.frozen else "")
            for b in sorted(position.banks, key=lambda b: b.id) if b.at.partition("/")[0] == prov]


def _canal(position: HyperPosition, prov: str) -> tuple[str, ...]:
    state = position.carried.get("canals") or {}
    out = []
    for cid, c in sorted(canals_of(position.board).items()):
        if c.province != prov:
            continue
        now = (state.get(cid) or {}).get("state") or ("site" if c.site else c.start)
        sides = " | ".join("/".join(s) for s in c.sides)
        out.append(f"{cid}: {now} (sides {sides})")
    return tuple(out)
