"""Jointly controlled nations (IX.4): their orders must be signed by all their players.

A position may say who signed each nation's orders (``signatures: {nation: [player, ...]}``).
Where it does, and a nation played by several players lacks a signature, the GM is asked
(``joint-signature``, not blocking): by default the orders are void. A position that says
nothing of signatures is taken as the GM's word that they were signed. Delegation for a season
(``dg``) is read and comes later.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .season import Season


def check(s: Season) -> None:
    signed = s.pos.signatures
    if signed is None:
        return
    for n in sorted(s.orders):
        st = s.pos.nations.get(n)
        if st is None or len(st.controllers) < 2 or not s.orders[n]:
            continue
        missing = sorted(set(st.controllers) - set(signed.get(n, ())))
        if not missing:
            continue
        answer = s.decisions.ask(f"{s.phase}/joint-signature/{n}",
                                 f"{n}'s orders lack the signature of {', '.join(missing)}",
                                 ("void", "accept"), "void", rule="IX.4")
        if answer == "void":
            for o in s.orders[n]:
                if not o.error:
                    o.fail("unsigned", f"not signed by {', '.join(missing)}, who also play {n} (IX.4)")
