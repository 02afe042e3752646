"""Alliances (III.24, III.36-39): who is friendly with whom, and how that changes each season.

Who is friendly with whom is :mod:`.allies`; this is how that changes in a season.

The orders, one line each (the id is the agreement's name, letters, digits and ``-``)::

    al nato France, Spain "mutual passage; no attack on each other"
    ra nato
    wa nato

``al`` makes the alliance, or amends it when the id already exists (III.37). It is made only
if every member named (the ordering nation is always one) orders ``al`` with the same id,
the same members and the same terms text (spaces do not matter), in the same season; so the
GM's ``alliance-text`` check is the matching itself. An alliance made or amended this season
is reaffirmed this season and its effects (III.36) hold from this season's military action.
``ra`` reaffirms (III.38). ``wa`` withdraws the nation at once, and beats a reaffirmation in
the same season (III.39); the members left keep their alliance if there are two or more [A].
A withdrawing nation's unit sharing a province with, or standing in a province of, a member
left behind must be demobilised or transferred (``de``, ``tf``, III.39a/b), or, standing in
such a province, attack it (``1D at Nava`` in Navarre, III.39b(iii)): it stands, and if not
dislodged conquers the province. With no such order the GM's ``alliance-exit`` decision
applies, demobilise by default (non-blocking).
At the season's end an alliance that was neither reaffirmed by order nor shown by a military
situation of III.36 (members' units sharing a province, a member's unit standing in or
attacking another member's province) lapses (III.38).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ..board import province_of
from .accounts import held
from .allies import Alliance, Friends, controlled, norm_terms
from .outcome import Line

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


# -- the season ------------------------------------------------------------------------------


def season_alliances(s: Season) -> Friends:
    """Alliance orders judged; returns who is friendly this season (III.36-39)."""
    phase, old = s.phase, {a.id: a for a in s.pos.alliances}
    leaving: dict[str, set[str]] = {}
    for o in s.live("wa"):
        if _not_member(o, old):
            continue
        leaving.setdefault(o.target, set()).add(o.nation)
        rest = len(old[o.target].members) - len(leaving[o.target])
        s.result(o, "succeeds", None, f"{o.nation} leaves {o.target}" +
                 ("; the alliance is dissolved (III.39)" if rest < 2 else ""))
    reaffirmed = set()
    for o in s.live("ra"):
        if _not_member(o, old):
            continue
        gone = leaving.get(o.target, set())
        if o.nation in gone or len(old[o.target].members) - len(gone) < 2:
            s.result(o, "fails", "withdrawn", f"{', '.join(sorted(gone))} withdrew from {o.target}: "
                     "the withdrawal takes precedence and the alliance is dissolved (III.39)")
        else:
            reaffirmed.add(o.target)
            s.result(o, "succeeds", None, f"{o.target} reaffirmed (III.38)")
    made = _made(s, old, leaving)
    now: dict[str, Alliance] = {}
    for aid in sorted(set(old) | set(made)):
        a = made.get(aid) or old[aid]
        if aid in reaffirmed:
            a = replace(a, reaffirmed=phase)
        members = tuple(m for m in a.members if m not in leaving.get(aid, ()))
        if len(members) >= 2:
            now[aid] = replace(a, members=members)
    s.alliances = now
    friends = Friends(controlled(s.pos), now.values())
    _exits(s, old, leaving, friends)
    return friends


def _not_member(o: HOrder, old: Mapping[str, Alliance]) -> bool:
    a = old.get(o.target)
    if a is None or o.nation not in a.members:
        why = "there is no alliance" if a is None else f"{o.nation} is not a member of"
        o.fail("illegal", f"{why} {o.target} to {'reaffirm' if o.verb == 'ra' else 'leave'} (III.38-39)")
        return True
    return False


def _made(s: Season, old: Mapping[str, Alliance], leaving: Mapping[str, set[str]]) -> dict[str, Alliance]:
    """III.37: the alliances whose every member ordered the same agreement this season."""
    by_id: dict[str, list[HOrder]] = {}
    for o in s.live("al"):
        by_id.setdefault(o.target, []).append(o)
    made = {}
    for aid in sorted(by_id):
        group = by_id[aid]
        copies = {(o.categories, norm_terms(o.note)) for o in group}
        members = group[0].categories
        missing = sorted(set(members) - {o.nation for o in group})
        strays = sorted({o.nation for o in group} - set(members))
        if len(copies) > 1:
            why = ("not made", f"the members' copies of {aid} differ in members or terms (III.37)")
        elif missing or strays:
            why = ("not made", f"{', '.join(missing)} did not order {aid} (III.37)" if missing
                   else f"{', '.join(strays)} ordered {aid} without being named in it")
        elif leaving.get(aid):
            why = ("withdrawn", f"{', '.join(sorted(leaving[aid]))} withdrew from {aid} this season: "
                   "the withdrawal takes precedence (III.39)")
        else:
            prior = old.get(aid)
            made[aid] = Alliance(aid, members, prior.since if prior else s.phase, s.phase,
                                 norm_terms(group[0].note))
            for o in group:
                s.result(o, "succeeds", None, f"{aid} {'amended' if prior else 'made'}: "
                         f"{', '.join(members)} (III.37)")
            continue
        for o in group:
            s.result(o, "fails", *why)
    return made


def _exits(s: Season, old: Mapping[str, Alliance], leaving: Mapping[str, set[str]],
           friends: Friends) -> None:
    """III.39 a/b: a leaver's unit among, or in a province of, the members left behind."""
    told = {held(o.unit.power, o.unit.ref) for n in s.orders for o in s.orders[n]
            if o.unit is not None and not o.error and (o.verb in ("de", "tf") or o.verb == "at"
                                                       and province_of(o.target) == o.unit.province)}
    owner = {p: st.de_facto for p, st in s.pos.provinces.items()}
    for aid in sorted(leaving):
        stay = [m for m in old[aid].members if m not in leaving[aid]]
        for w in sorted(leaving[aid]):
            foes = [m for m in stay if not friends(w, m)]
            for u in sorted((u for u in s.pos.units if u.power == w), key=lambda u: u.ref):
                key = held(u.power, u.ref)
                if key in s.gone or key in told:
                    continue
                among = any(v.power in foes and v.province == u.province for v in s.pos.units)
                if not among and owner.get(u.province) not in foes:
                    continue
                qid = f"{s.phase}/alliance-exit/{key}"
                answer = s.decisions.ask(
                    qid, f"{s.named(w)} left {aid} and gave no order for its {u.ref} in {s.place(u.province)} "
                    "(demobilise or transfer it, III.39)", ("demobilise", "keep"), "demobilise",
                    blocking=False, rule="III.39")
                if answer == "demobilise":
                    s.gone.add(key)
                    s.m_back.append((w, key, u.M, f"{u.ref} demobilised on leaving {aid} (III.39)"))
                    s.extra.append(Line(w, None, u.ref, "fails", "demobilised",
                                        f"{w} left {aid} with no order for it (III.39, alliance-exit)"))


def end_of_season(s: Season, attacks: Mapping[str, set[str]]) -> tuple[Alliance, ...]:
    """III.38: what is still in force next season; the rest lapses (and is said)."""
    phase = s.phase
    alive = [u for u in s.units if held(u.power, u.ref) not in s.gone]
    stand: dict[str, set[str]] = {}
    for u in alive:
        stand.setdefault(province_of(u.at), set()).add(u.power)
    def holder(prov: str) -> str | None:
        st = s.provinces.get(prov)
        return st.de_facto if st is not None else None

    out = []
    for aid in sorted(s.alliances):
        a = s.alliances[aid]
        ms = set(a.members)
        shown = any(len(powers & ms) >= 2 or (holder(p) in ms and (powers & ms) - {holder(p)})
                    for p, powers in stand.items())
        shown = shown or any(holder(p) in ms and (by & ms) - {holder(p)} for p, by in attacks.items())
        if shown:
            a = replace(a, reaffirmed=phase)
        if a.reaffirmed == phase:
            out.append(a)
        else:
            s.notes.append(f"alliance {aid} ({', '.join(a.members)}) lapsed: neither reaffirmed "
                           "nor shown by a military situation this season (III.38)")
    return tuple(out)
