"""What changes hands by ``tf`` besides units: production increases (V.5), research teams
(V.1), fishing fleets, nations given to banks (VI.2), the control of a bank (VI.1) and
transport factors between the parties of a trade (IV.8).

``tf API to Spain`` or ``tf 2 IPIs to Spain`` hands over PIs not used this season;
``tf A1 to Spain`` a research team, with its levels and the PIs it made, under the receiver's
next free name (A2 ...); ``tf FF1 to Spain`` a fishing fleet, under the receiver's next number;
``tf control to p02``, in a bank's own orders, gives its control to that player. The receiver
may be a bank, which may own PIs, teams, fishing fleets and even nations (VI.2): ``tf Morocco
to Bank of Paris`` in Morocco's orders gives Morocco to the bank, whose controller then gives
its orders, and the bank gives it on with ``tf Morocco to p02`` (to a player) or to another
bank. They change hands at the end of the season, after this season's research, assignments
and fishing [A], so the receiver uses them from the next one. A bank captured this season goes
to its conqueror, whatever its controller ordered (VI.6).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from .accounts import stock
from .fishing import FF

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
        name = give_team(s, o.nation, o.target, team)
        s.result(o, "succeeds", None, f"team {o.item} is {o.target}'s {name} (V.1)")


def give_team(s: Season, giver: str, receiver: str, team: dict) -> str:
    """A research team changes holder, under the receiver's next free name (V.1)."""
    theirs = s.teams.setdefault(receiver, [])
    n = 1 + max((int(m.group(1)) for t in theirs if t["kind"] == team["kind"]
                 and (m := re.fullmatch(r"[AI](\d+)", str(t["id"])))), default=0)  # "Alpha" names none
    s.teams[giver] = [t for t in s.teams[giver] if t is not team]
    theirs.append(dict(team) | {"id": f"{team['kind']}{n}"})
    return f"{team['kind']}{n}"


def hand_over_fleets(s: Season, ffs: list[FF]) -> list[FF]:
    """``tf FF1 to Spain``, after the season's fishing and destructions [A]: the fleet keeps its
    place and its last catch's sea, under the receiver's next number. (This and the nations'
    hand-over come after every other order is judged, so they write their own results.)"""
    out = list(ffs)
    asked = Counter((o.ff.owner, o.ff.id) for o in s.live("tf.ff"))
    for o in sorted(s.live("tf.ff"), key=lambda o: (o.nation, int(o.ff.id[2:]))):
        i = next((k for k, f in enumerate(out) if (f.owner, f.id) == (o.ff.owner, o.ff.id)), None)
        if asked[(o.ff.owner, o.ff.id)] > 1:
            s.result(o, "invalid", "invalid", f"{o.ff.id} is handed over {asked[(o.ff.owner, o.ff.id)]} times; "
                     "it stays")
        elif i is None:
            s.result(o, "fails", "gone", f"{o.ff.id} was disbanded or destroyed this season")
        else:
            n = 1 + max((int(f.id[2:]) for f in out if f.owner == o.target), default=0)
            ff = out[i]
            out[i] = FF(f"FF{n}", o.target, ff.at, ff.built, ff.fished)
            s.result(o, "succeeds", None, f"{ff.id} is {o.target}'s FF{n}")
    return out


def nations_to_banks(s: Season) -> None:
    """A nation given to a bank (VI.2), or by its bank to a player or another bank; every
    nation a bank owns takes its orders from the bank's controller as the season ends."""
    banks = {b.id: b for b in s.banks}
    asked = Counter(o.item for o in s.live("tf.nation"))
    for o in sorted(s.live("tf.nation"), key=lambda o: (o.item, o.nation)):
        st = s.nations.get(o.item)
        if asked[o.item] > 1:
            s.result(o, "invalid", "invalid", f"{o.item} is handed over {asked[o.item]} times; it stays")
        elif st is None or st.kind in ("gie", "destroyed"):
            s.result(o, "fails", "gone", f"{o.item} is no longer a nation that can be handed over")
        elif o.nation == o.item and st.bank is not None:
            s.result(o, "invalid", "illegal", f"{o.item} belongs to {st.bank}: only the bank hands it on (VI.2)")
        elif o.note == "player":
            s.nations[o.item] = replace(st, bank=None, controllers=(o.target,))
            s.result(o, "succeeds", None, f"{o.item} is played by {o.target} from now (VI.2)")
        else:
            s.nations[o.item] = replace(st, bank=o.target)
            s.result(o, "succeeds", None, f"{o.item} belongs to {o.target} from now; its controller gives "
                     "its orders (VI.2)")
    for n, st in list(s.nations.items()):
        b = banks.get(st.bank) if st.bank else None
        if b is not None:
            s.nations[n] = replace(st, controllers=(b.controller,) if b.controller else ())


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
