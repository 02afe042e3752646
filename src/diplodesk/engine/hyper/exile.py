"""Eliminated by conquest: a government in exile (II.7b, II.8); or by cession (II.7a).

When the last provinces of a nation are conquered, the nation lives on as a government in
exile (GIE) with the same id and players. It keeps half its gold and transport factors, its
fishing fleets and research teams. The territories formed by the conquest share the other
half of its gold, half its A and I, half its transport factors and its escrow, equally; the
rest of its A and I and every fraction are destroyed. Its M go into hiding. By the end of the
second season after it was formed a GIE must be located in a province whose holder permits it
(``lo PROV`` by the GIE, ``pm NATION`` by the holder), or it is destroyed for good.
A nation that cedes all its provinces leaves the game; what it still has on the board goes with
its provinces or is demobilised into the stockpile that is shared (II.7a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..board import province_of
from .accounts import STOCK, escrow, held, stock
from .outcome import Line
from .research import season_index

if TYPE_CHECKING:
    from .season import Season

LIFE = 2  # seasons after its forming by the end of which a GIE must be located (II.8)


def eliminations(s: Season) -> None:
    led = s.ledger
    for n in sorted(s.nations):
        st = s.nations[n]
        if st.kind in ("gie", "destroyed"):
            continue
        had = [p for p, ps in s.pos.provinces.items() if ps.de_facto == n]
        if not had or any(ps.de_facto == n for ps in s.provinces.values()):
            continue
        winners = sorted({s.provinces[p].de_facto for p in had if p in s.conquered})
        if not winners:
            ceded_away(s, n, had)
            continue
        for account, factor, keep, to_winners in ((stock(n), "gold", 1, 1), (stock(n), "Trs", 1, 1),
                                                  (stock(n), "A", 0, 1), (stock(n), "I", 0, 1),
                                                  (escrow(n), "gold", 0, 2)):
            _share(s, n, winners, account, factor, keep, to_winners)
        hidden = led.balance(stock(n), "M")
        led.move(stock(n), f"{n}:hidden", "M", hidden, "M into hiding (II.7b)", rule="II.7b", step="6")
        deadline = s.phase
        for _ in range(LIFE):
            deadline = str(s.pos.variant.calendar.next_movement(_parse(deadline)))
        s.nations[n] = replace(st, kind="gie", exile={"since": s.phase, "deadline": deadline,
                                                      "located": None, "hidden_M": hidden})
        s.notes.append(f"{n} is a government in exile until it is located, by {deadline} (II.8)")


def ceded_away(s: Season, n: str, had: list[str]) -> None:
    """II.7a: a nation that cedes all its provinces leaves the game. What its cession orders
    send with a province (``with $5 4A``) goes to that province's new holder, as far as it
    has it; the rest, and its whole escrow, is shared by provinces (GM decision ``gie-assets``),
    each province's holder receiving one share; what does not divide is destroyed."""
    led = s.ledger
    holder = {p: s.provinces[p].de_facto for p in had}
    _clear_the_board(s, n, holder)
    sent = sorted((o for o in s.live("cd") if o.nation == n and o.assets and o.target in holder),
                  key=lambda o: o.target)
    for o in sent:
        for factor, amount in o.assets:
            give = min(amount, led.balance(stock(n), factor))
            led.move(stock(n), stock(holder[o.target]), factor, give, f"{n} ceded {o.target} with it (II.7a)",
                     rule="II.7a", order=o.ref, step="6.4")
    how = "orders" if sent else "provinces"
    if not sent:
        how = s.decisions.ask(f"{s.phase}/gie-assets/{n}", f"{s.named(n)} ceded all its provinces and said "
                              "nothing of its assets: share them by provinces?", ("provinces", "gm"),
                              "provinces", rule="II.7a")
    accounts = [(escrow(n), escrow, "gold")]
    if how != "gm":
        accounts += [(stock(n), stock, f) for f in (*STOCK, "Trs")]
    for account, to, factor in accounts:
        total = led.balance(account, factor)
        each = total // len(had)
        for p in sorted(had):
            led.move(account, to(holder[p]), factor, each, f"{n} ceded all its provinces: {p}'s share "
                     "(II.7a)", rule="II.7a", step="6.4")
        led.move(account, "game:destroyed", factor, total - each * len(had),
                 f"{n}'s {factor} that did not divide (II.7a)", rule="II.7a", step="6.4")
    s.nations[n] = replace(s.nations[n], kind="destroyed")
    s.notes.append(f"{n} ceded all its provinces and leaves the game (II.7a)"
                   + ("; the GM shares its assets" if how == "gm" else ""))


def _clear_the_board(s: Season, n: str, holder: dict[str, str]) -> None:
    """II.7a [A]: what a nation leaving the game still has on the board. Its installations in
    the provinces it ceded go with them to their new holders, as its Guards did (III.20); its
    Ds and Ts, its other installations and its fishing fleets are demobilised, and their M (and
    any M on their way back this season) come to its stockpile, to be shared with the rest."""
    led = s.ledger
    why = f"{n} leaves the game (II.7a)"
    for u in sorted(s.units, key=lambda u: u.ref):
        key = held(n, u.ref)
        if u.power == n and key not in s.gone:
            s.gone.add(key)
            led.move(key, stock(n), "M", led.balance(key, "M"), f"{u.ref} demobilised: {why}",
                     rule="II.7a", step="6.4")
            s.extra.append(Line(n, None, u.ref, "fails", "demobilised", f"demobilised: {why}"))
    for i in sorted(s.installations, key=lambda i: i.ref):
        key = held(n, i.ref)
        if i.owner != n or key in s.gone_inst:
            continue
        to = holder.get(province_of(i.at))
        if to is None:
            s.gone_inst.add(key)
            led.move(key, stock(n), "M", led.balance(key, "M"), f"{i.ref} demobilised: {why}",
                     rule="II.7a", step="6.4")
            continue
        s.installations[s.installations.index(i)] = replace(i, owner=to)
        led.move(key, held(to, i.ref), "M", led.balance(key, "M"), f"{i.ref} goes with its province to {to}: "
                 f"{why}", rule="II.7a", step="6.4")
    for owner, account, m, reason in sorted(x for x in s.m_back if x[0] == n):
        led.move(account, stock(n), "M", led.balance(account, "M"), reason, rule="III.21", step="6.4")
        s.m_back.remove((owner, account, m, reason))
    gone = [f for f in s.ffs if f.owner == n]
    s.ffs = [f for f in s.ffs if f.owner != n]
    if gone:
        s.notes.append(f"{n}'s fishing fleets {', '.join(f.id for f in gone)} are disbanded: {why}")


def _share(s: Season, n: str, winners: list[str], account: str, factor: str, keep: int,
           to_winners: int) -> None:
    """``keep`` halves of it stay, ``to_winners`` halves go to the conquerors' territories in
    equal parts; the rest, and every fraction, is destroyed (II.7b)."""
    led = s.ledger
    total = led.balance(account, factor)
    kept = total * keep // 2
    each = total * to_winners // 2 // len(winners)
    for w in winners:
        led.move(account, stock(w), factor, each, f"{n} conquered: its share (II.7b)", rule="II.7b", step="6")
    led.move(account, "game:destroyed", factor, total - kept - each * len(winners),
             f"{n}'s {factor} destroyed in the conquest", rule="II.7b", step="6")


def locate(s: Season) -> None:
    """``lo PROV`` by a GIE and ``pm NATION`` by that province's holder, in one season."""
    permits = {(o.nation, o.target) for o in s.live("pm")}
    for o in s.live("lo"):
        st = s.nations.get(o.nation)
        holder = s.provinces.get(o.target).de_facto if o.target in s.provinces else None
        if st is None or st.kind != "gie":
            o.fail("illegal", f"{o.nation} is no government in exile (II.8)")
        elif (holder, o.nation) not in permits:
            o.fail("no permission", f"{holder} did not permit it (pm {o.nation}) (II.8)")
        else:
            s.nations[o.nation] = replace(st, exile=dict(st.exile) | {"located": o.target})
            s.result(o, "succeeds", None, f"located in {o.target} (II.8)")
    for o in s.live("pm"):
        if o.ref not in s.lines:
            s.result(o, "succeeds")


def deadlines(s: Season) -> None:
    """II.8: a GIE not located by its deadline is destroyed, and all it has with it."""
    cal = s.pos.variant.calendar
    now = season_index(s.phase, cal)
    for n in sorted(s.nations):
        st = s.nations[n]
        if st.kind != "gie" or st.exile.get("located") or now < season_index(st.exile["deadline"], cal):
            continue
        for f in (*STOCK, "Trs"):
            s.ledger.move(stock(n), "game:destroyed", f, s.ledger.balance(stock(n), f),
                          f"{n}'s government in exile destroyed (II.8)", rule="II.8", step="17")
        s.ledger.move(escrow(n), "game:destroyed", "gold", s.ledger.balance(escrow(n), "gold"),
                      f"{n}'s government in exile destroyed (II.8)", rule="II.8", step="17")
        s.nations[n] = replace(st, kind="destroyed")
        s.notes.append(f"{n}'s government in exile was not located in time and is destroyed (II.8)")


def _parse(phase: str):
    from ..phase import Phase

    return Phase.parse(phase)
