"""Joint victory agreements (IX.9) made and voided by orders.

Each participant writes it in its player's home nation's orders: ``jv j1 with Spain, Italy``
(secret) or ``jv j1 with Spain public``. It stands when every party wrote the same agreement
this season: two or three players, none of them party to another agreement in force. From
then on the parties are one for victory, needing two thirds (:mod:`.victory`). Any party may
void it (``jv void j1``); who did is never told, and a secret agreement is never in a notice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Agreement

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


def players_of(s: Season, nation: str) -> tuple[str, ...]:
    """The players whose home nation this is."""
    return tuple(sorted(str(p["id"]) for p in s.pos.players if p.get("home") == nation))


def settle(s: Season) -> tuple[Agreement, ...]:
    """This season's jv orders judged; returns the agreements in force at the end of it."""
    kept = {a.id: a for a in s.pos.joint}
    for o in sorted(s.live("jv"), key=lambda o: o.ref):
        if o.item != "void":
            continue
        a = kept.get(o.note)
        if a is None or not set(players_of(s, o.nation)) & set(a.players):
            o.fail("illegal", f"{o.nation}'s player is party to no agreement {o.note} (IX.9)")
            continue
        del kept[o.note]
        s.result(o, "succeeds", None, f"{o.note} is void (IX.9)")
        if a.public:
            s.notes.append(f"the joint victory agreement {o.note} is void; who voided it is not told (IX.9)")
    voided = {a.id for a in s.pos.joint} - set(kept)
    bound = {p for a in kept.values() for p in a.players}
    proposals: dict[str, list[HOrder]] = {}
    for o in s.live("jv"):
        if o.item != "void":
            proposals.setdefault(o.note, []).append(o)
    for aid in sorted(proposals):
        orders = proposals[aid]
        why = _refused(s, aid, orders, kept, voided, bound)
        if why:
            for o in orders:
                o.fail("illegal" if why.startswith("!") else "not agreed", why.lstrip("!"))
            continue
        members = _members(s, orders[0])
        a = Agreement(aid, members, orders[0].item == "public")
        kept[aid] = a
        bound |= set(members)
        for o in orders:
            s.result(o, "succeeds", None, f"{' and '.join(members)} are one for victory from now (IX.9)")
        if a.public:
            s.notes.append(f"{' and '.join(members)} agree to attempt a joint victory ({aid}, IX.9)")
    return tuple(kept[k] for k in sorted(kept))


def _members(s: Season, o: HOrder) -> tuple[str, ...]:
    return tuple(sorted({p for n in (o.nation, *o.categories) for p in players_of(s, n)}))


def _refused(s: Season, aid: str, orders: list[HOrder], kept, voided, bound) -> str | None:
    """Why the agreement ``aid`` does not stand (a leading ! for an order that may never stand)."""
    limit = s.pack.constants.joint_max_players
    if aid in kept or aid in voided:
        return f"!an agreement {aid} exists already; a new one needs a new name (IX.9)"
    for o in orders:
        if not players_of(s, o.nation):
            return f"!{o.nation} is no player's home nation: a player writes jv in its home nation's orders (IX.9)"
    members = _members(s, orders[0])
    if not 2 <= len(members) <= limit:
        return f"!a joint victory joins 2 to {limit} players, not {len(members)} (IX.9)"
    if any(_members(s, o) != members or o.item != orders[0].item for o in orders):
        return "the parties wrote different agreements (IX.9)"
    wrote = {p for o in orders for p in players_of(s, o.nation)}
    if wrote != set(members):
        return f"{', '.join(sorted(set(members) - wrote))} did not write it too (IX.9)"
    taken = sorted(set(members) & bound)
    if taken:
        return f"!{', '.join(taken)} is party to another agreement: one at a time (IX.9)"
    return None
