"""Jointly controlled nations (IX.4): their orders must be signed by all their players, or by
those the others delegated to for the season.

A position may say who signed each nation's orders (``signatures: {nation: [player, ...]}``).
Where it does, and a nation played by several players lacks a signature, the GM is asked
(``joint-signature``, not blocking): by default the orders are void. A position that says
nothing of signatures is taken as the GM's word that they were signed.

A player delegates in its home nation's orders, for this season only (orders do not carry
over, so the delegation is made every season): ``dg p04`` for every nation the two play
together, ``dg p04 for Switzerland`` for one. A missing signature is then that of the player
delegated to, if that one signed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .agreements import players_of

if TYPE_CHECKING:
    from .season import Season


def _delegations(s: Season) -> set[tuple[str, str, str | None]]:
    """(delegator, delegate, nation or None for all) of this season's valid ``dg`` orders."""
    out = set()
    for o in s.live("dg"):
        writers = players_of(s, o.nation)
        shared = [n for n, st in sorted(s.pos.nations.items()) if o.target in st.controllers
                  and set(writers) & set(st.controllers) and (o.item is None or n == o.item)]
        if not writers:
            o.fail("illegal", f"{o.nation} is no player's home nation: a player delegates in its home "
                   "nation's orders (IX.4)")
        elif o.target in writers:
            o.fail("illegal", f"{o.target} cannot delegate to itself (IX.4)")
        elif not shared:
            o.fail("illegal", f"{' and '.join(writers)} and {o.target} play no nation together"
                   f"{' in ' + o.item if o.item else ''} (IX.4)")
        else:
            out |= {(w, o.target, o.item) for w in writers}
            s.result(o, "succeeds", None, f"{', '.join(writers)} let {o.target} write the orders of "
                     f"{', '.join(shared)} this season (IX.4)")
    return out


def check(s: Season) -> None:
    dg = _delegations(s)
    signed = s.pos.signatures
    if signed is None:
        return
    for n in sorted(s.orders):
        st = s.pos.nations.get(n)
        if st is None or len(st.controllers) < 2 or not s.orders[n]:
            continue
        by = set(signed.get(n, ()))
        missing = sorted(p for p in set(st.controllers) - by
                         if not any((p, d, x) in dg for d in by for x in (None, n)))
        if not missing:
            continue
        answer = s.decisions.ask(f"{s.phase}/joint-signature/{n}",
                                 f"{s.named(n)}'s orders lack the signature of {', '.join(missing)}",
                                 ("void", "accept"), "void", rule="IX.4")
        if answer == "void":
            for o in s.orders[n]:
                if not o.error:
                    o.fail("unsigned", f"not signed by {', '.join(missing)}, who also play {n} (IX.4)")
