"""A government in exile once it is located: a bank in its host's land (II.8, VI), and a nation
again when it holds a province of its former nation (II.7b).

Located, a GIE sends and receives gold like a bank: to and from its host without a route
(``tt $5 to Spain`` by the GIE, ``tt $5 to Morocco`` by the host), to anyone else by a trade
route from the host's land. It holds only gold (VI.2) and may not invest in the world market
(II.8). Its host may freeze its gold (``fz Morocco``: no gold in or out from the next season)
or nationalise it (``nz Morocco``: all its gold to the host), as it may a bank's (VI.5).
A GIE that conquers a province of its former nation with its own units, or annexes one ceded
to it (no reach is asked of a nation with no provinces left [A]), holds it itself, is a nation
again, and its M come out of hiding (II.7b).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .accounts import stock
from .costs import CostItem

if TYPE_CHECKING:
    from .season import Season


def is_gie(s: Season, n: str | None) -> bool:
    st = s.pos.nations.get(n) if n else None
    return st is not None and st.kind == "gie"


def host(s: Season, n: str) -> str | None:
    """The nation a GIE was located with at the start of the season, if it was located."""
    st = s.pos.nations.get(n)
    where = (st.exile or {}).get("located") if st is not None and st.kind == "gie" else None
    return s.pos.provinces[where].de_facto if where else None


def former(s: Season, n: str, prov: str) -> bool:
    """Is ``prov`` a province of the former nation of the GIE ``n`` (by right, or at the start)?"""
    if not is_gie(s, n):
        return False
    data = s.pack.provinces.get(prov)
    return s.pos.provinces[prov].de_jure == n or (data is not None and data.nation == n)


def cost_items(s: Season) -> list[CostItem]:
    items = []
    for o in s.live("gie.tt"):
        gie = o.nation if is_gie(s, o.nation) else o.item
        other = o.item if gie == o.nation else o.nation
        at = host(s, gie)
        if at is None:
            o.fail("illegal", f"{gie} is not located: a government in exile trades like a bank only "
                   "once it is (II.8)")
        elif other != at:
            o.fail("illegal", f"{other} is not the host of {gie} ({at}): gold goes there by a trade "
                   f"route, tt $5 to ... via ... (II.8, VI.3)")
        elif s.pos.nations[gie].exile.get("frozen"):
            o.fail("frozen", f"{at} froze the gold of {gie}: none goes in or out (II.8, VI.5)")
        else:
            items.append(CostItem(o.nation, {"gold": o.amount}, "tt.goods", f"gold to {o.item}", o.nation,
                                  "II.8, VI.3", "", o.ref, f"tt {o.item}", dest=stock(o.item)))
    for o in s.live("tt"):  # by a trade route: gold only, and nothing through a frozen GIE
        gie = next((n for n in (o.nation, o.item) if is_gie(s, n)), None)
        if gie is None:
            continue
        if o.note != "gold":
            o.fail("illegal", "a government in exile holds only gold, like a bank (II.8, VI.2)")
        elif s.pos.nations[gie].exile.get("frozen"):
            o.fail("frozen", f"the gold of {gie} is frozen: none goes in or out (II.8, VI.5)")
    return items


def land(s: Season, party: str) -> str:
    """Whose land a GIE's trade starts or ends in: its host's, once it is located (II.8)."""
    return host(s, party) or party


def freeze(s: Season) -> None:
    """``fz``/``nz`` of a GIE by its host (VI.5), with the banks' in step 13."""
    for o in sorted((o for o in s.live("nz") + s.live("fz") if o.note == "gie"),
                    key=lambda o: (o.target, o.verb)):
        at = host(s, o.target)
        if at != o.nation:
            o.fail("illegal", f"only the host of {o.target} may freeze or nationalise its gold (II.8, VI.5)")
            continue
        if o.verb == "nz":
            s.ledger.move(stock(o.target), stock(o.nation), "gold", s.ledger.balance(stock(o.target), "gold"),
                          f"the gold of {o.target} nationalised", rule="II.8, VI.5", order=o.ref, step="13")
        else:
            st = s.nations[o.target]
            s.nations[o.target] = replace(st, exile=dict(st.exile or {}) | {"frozen": True})
        s.result(o, "succeeds")


def regained(s: Season) -> None:
    """II.7b: a GIE holding a province of its former nation again is a nation again; its M
    come out of hiding."""
    for n in sorted(s.nations):
        st = s.nations[n]
        held = sorted(p for p, ps in s.provinces.items() if ps.de_facto == n)
        if st.kind != "gie" or not any(former(s, n, p) for p in held):
            continue
        data = s.pack.nations.get(n)
        hidden = (st.exile or {}).get("hidden_M", 0)
        if hidden:
            s.ledger.open(f"{n}:hidden", "M", hidden)
            s.ledger.move(f"{n}:hidden", stock(n), "M", hidden, "M out of hiding (II.7b)", rule="II.7b",
                          step="6.6")
        s.nations[n] = replace(st, kind=data.kind if data else "territory", exile=None)
        s.notes.append(f"{n} holds {', '.join(held)} again and is a nation again (II.7b)")
