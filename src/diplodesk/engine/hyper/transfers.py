"""What changes hands by ``tf`` besides units: production increases (V.5), research teams
(V.1), the control of a bank (VI.1) and transport factors between the parties of a trade (IV.8).

``tf API to Spain`` or ``tf 2 IPIs to Spain`` hands over PIs not used this season;
``tf A1 to Spain`` a research team, with its levels and the PIs it made, under the receiver's
next free name (A2 ...); ``tf control to p02``, in a bank's own orders, gives its control to
that player. They change hands at the end of the season, after this season's research and
assignments [A], so the receiver uses them from the next one. A bank captured this season
goes to its conqueror, whatever its controller ordered (VI.6).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from .accounts import stock

if TYPE_CHECKING:
    from .banks import Bank
    from .season import Season


def hand_over(s: Season) -> None:
    """PIs and teams, after research (step 10) and assignment (step 11)."""
    asked: Counter[tuple[str, str]] = Counter()
    for o in s.live("tf.pi"):
        asked[(o.nation, o.item)] += o.count
    have = {k: sum(1 for p in s.pis[k[0]] if p.get("kind") == k[1]) for k in asked}
    for o in sorted(s.live("tf.pi"), key=lambda o: (o.nation, o.item, o.target, o.count, o.text)):
        k = (o.nation, o.item)
        if asked[k] > have[k]:  # they stand together or not at all, whatever the order of the lines
            o.fail("illegal", f"{o.nation} gives {asked[k]} {o.item}PI{'s' if asked[k] != 1 else ''} in all "
                   f"and has {have[k]} left to give this season (V.5)")
            continue
        pis = s.pis[o.nation]
        mine = [i for i, p in enumerate(pis) if p.get("kind") == o.item]
        given = [pis[i] for i in mine[:o.count]]  # the oldest first: as listed
        s.pis[o.nation] = [p for i, p in enumerate(pis) if i not in mine[:o.count]]
        s.pis.setdefault(o.target, []).extend(given)
        s.result(o, "succeeds", None, f"{o.count} {o.item}PI{'s' if o.count != 1 else ''} to {o.target} (V.5)")
    teams = Counter((o.nation, o.item) for o in s.live("tf.team"))
    for o in sorted(s.live("tf.team"), key=lambda o: (o.nation, o.item, o.target)):
        team = next((t for t in s.teams[o.nation] if t["id"] == o.item), None)
        if teams[(o.nation, o.item)] > 1:
            o.fail("invalid", f"team {o.item} is handed over {teams[(o.nation, o.item)]} times; it stays")
            continue
        if team is None:
            o.fail("illegal", f"{o.nation} has no team {o.item} (V.1)")
            continue
        theirs = s.teams.setdefault(o.target, [])
        n = 1 + max((int(m.group(1)) for t in theirs if t["kind"] == team["kind"]
                     and (m := re.fullmatch(r"[AI](\d+)", str(t["id"])))), default=0)  # "Alpha" names none
        s.teams[o.nation] = [t for t in s.teams[o.nation] if t is not team]
        theirs.append(dict(team) | {"id": f"{team['kind']}{n}"})
        s.result(o, "succeeds", None, f"team {o.item} is {o.target}'s {team['kind']}{n} (V.1)")


def reallocate_trs(s: Season) -> None:
    """IV.8: Trs end where they began, unless their owner re-allocates them to the other party
    of a trade it took part in this season (as sender, receiver or lender), after the trades."""
    parties: set[frozenset[str]] = set()
    for o in s.live("tt"):
        if s.lines.get(o.ref) is not None and s.lines[o.ref].status == "succeeds" and o.item:
            sides = {o.nation, o.item} | ({o.lender} if o.lender else set())
            parties |= {frozenset((a, b)) for a in sides for b in sides if a != b}
    for o in sorted(s.live("tf.trs"), key=lambda o: (o.nation, o.target, o.count)):
        have = s.ledger.balance(stock(o.nation), "Trs")
        if frozenset((o.nation, o.target)) not in parties:
            o.fail("illegal", f"Trs are re-allocated only between the parties of a trade made this season "
                   f"(IV.8); {o.nation} and {o.target} made none")
        elif o.count > have:
            o.fail("illegal", f"{o.nation} has {have} Trs (IV.8)")
        else:
            s.ledger.move(stock(o.nation), stock(o.target), "Trs", o.count, f"Trs re-allocated to {o.target}",
                          rule="IV.8", order=o.ref, step="9")
            s.result(o, "succeeds", None, f"{o.count} Trs are {o.target}'s from now (IV.8)")


def bank_control(s: Season, banks: list[Bank]) -> list[Bank]:
    """``tf control to PLAYER`` by a bank (VI.1), after the season's captures."""
    out = {b.id: b for b in banks}
    orders = Counter(o.nation for o in s.live("bank.tf"))
    for o in sorted(s.live("bank.tf"), key=lambda o: (o.nation, o.target)):
        b = out[o.nation]
        if orders[o.nation] > 1:
            o.fail("invalid", f"{orders[o.nation]} orders hand over the control of {b.name}; none stands")
            continue
        if b.at in s.conquered:
            o.fail("captured", f"{b.name} was captured this season: its conqueror controls it (VI.6)")
            continue
        out[o.nation] = replace(b, controller=o.target)
        s.result(o, "succeeds", None, f"{b.name} is controlled by {o.target} from now (VI.1)")
    return [out[b.id] for b in banks]
