"""Banks in the season (VI, DESIGN 3.2 step 13): gold in and out, freezing and
nationalising, investment and withdrawal, the season's payoff, the payoff levels' move.

Gold a nation sends to a bank in its own land, or a bank to its host, needs no route (VI.3);
both are paid from what the payer had at the start of the season, like any cost, and a bank's
withdrawals of this season (VI.11). A bank in
another nation is reached by a trade route (:mod:`.trade`); redemption is :mod:`.payers`'.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from .accounts import stock
from .banks import Bank, slug
from .costs import CostItem

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


def on_hand(bank_id: str) -> str:
    return f"bank:{bank_id}"


def invested(bank_id: str) -> str:
    return f"bank:{bank_id}:invested"


def host(s: Season, b: Bank) -> str | None:
    p = s.pos.provinces.get(b.at)
    return p.de_facto if p else None


def open_books(s: Season) -> None:
    for b in s.pos.banks:
        s.ledger.open(on_hand(b.id), "gold", b.gold)
        s.ledger.open(invested(b.id), "gold", b.invested)
        s.available[on_hand(b.id)] = {"gold": b.gold}


def cost_items(s: Season) -> list[CostItem]:
    banks = {b.id: b for b in s.pos.banks}
    items = []
    for o in s.live("tt$"):
        b = banks[o.target]
        if b.frozen:
            o.fail("frozen", f"{b.name} is frozen: no gold in or out (VI.5)")
        elif host(s, b) != o.nation:
            o.fail("illegal", f"{b.name} is in another nation: gold goes there by a trade route, "
                   f"tt $5 to {b.name} via ... (VI.3, IV)")
        else:
            items.append(CostItem(o.nation, {"gold": o.amount}, "tt.goods", f"gold to {b.name}",
                                  o.nation, "VI.3", "", o.ref, f"tt {b.id}", dest=on_hand(b.id)))
    spent = Counter((o.nation, o.target) for o in s.live("bank.pw") for _ in range(o.amount))
    for o in s.live("bank.pw"):  # a bank spends: into its host's escrow (VI.4)
        b = banks[o.nation]
        prov = s.pos.provinces.get(o.target)
        if b.frozen:
            o.fail("frozen", f"{b.name} is frozen: it spends nothing (VI.5) [A]")
        elif prov is None or prov.de_facto != host(s, b):
            o.fail("illegal", f"{b.name} spends only in its host's land, as its host would (VI.4, VIII.4)")
        elif spent[(o.nation, o.target)] > s.pack.constants.public_works_max:
            o.fail("illegal", f"at most ${s.pack.constants.public_works_max / 2:g} of public works in "
                   f"{o.target} a season (VIII.4)")
        else:
            items.append(CostItem(on_hand(b.id), {"gold": o.amount}, "pw", f"public works in {o.target}",
                                  host(s, b), "VI.4, VIII.4", "", o.ref, f"pw {o.target}"))
    for o in s.live("bank.tt"):
        b = banks[o.nation]
        if b.frozen:
            o.fail("frozen", f"{b.name} is frozen: no gold in or out (VI.5)")
        elif host(s, b) != o.target:
            o.fail("illegal", f"{o.target} is not {b.name}'s host: gold goes there by a trade route, "
                   f"tt $5 to {o.target} via ... (VI.3, IV)")
        else:
            items.append(CostItem(on_hand(b.id), {"gold": o.amount}, "tt.goods", f"gold to {o.target}",
                                  o.target, "VI.3", "", o.ref, f"tt {o.target}", dest=stock(o.target)))
    return items


def withdraw(s: Season) -> None:
    """VI.11, VI.14: withdrawals come before the costs, so gold withdrawn may be traded or
    redeemed in the same season. A bank's withdrawals stand together or not at all."""
    rules = s.pack.banking
    by_bank: dict[str, list[HOrder]] = {}
    for o in s.live("bank.wd"):
        by_bank.setdefault(o.nation, []).append(o)
    for bid in sorted(by_bank):
        orders = by_bank[bid]
        have = s.ledger.balance(invested(bid), "gold")
        total = sum(o.amount for o in orders)
        if any(o.amount % rules.step for o in orders) or total > have:
            for o in orders:
                o.fail("illegal", f"withdrawals are in steps of ${rules.step / 2:g}, at most what is invested "
                       f"(${have / 2:g}) (VI.14)")
            continue
        for o in orders:
            s.ledger.move(invested(bid), on_hand(bid), "gold", o.amount, "withdrawn from the market",
                          rule="VI.14", order=o.ref, step="4")
            s.result(o, "succeeds")
        s.available[on_hand(bid)]["gold"] += total


def season_banks(s: Season) -> list[Bank]:
    """Step 13; returns the banks as they end the season (balances filled in by the caller)."""
    banks = {b.id: b for b in s.pos.banks}
    _captured(s, banks)
    _establish(s, banks)
    for o in sorted((o for o in s.live("nz") + s.live("fz") if o.note != "gie"), key=lambda o: (o.target, o.verb)):
        b = banks[o.target]
        if host(s, b) != o.nation:
            o.fail("illegal", f"only {b.name}'s host, {host(s, b)}, may freeze or nationalise it (VI.5)")
            continue
        if o.verb == "nz":
            s.ledger.move(on_hand(b.id), stock(o.nation), "gold", s.ledger.balance(on_hand(b.id), "gold"),
                          f"{b.name} nationalised", rule="VI.5", order=o.ref, step="13")
        else:
            banks[b.id] = replace(b, frozen=True)
        s.result(o, "succeeds")
    nationalised = {o.target for o in s.live("nz") if o.note != "gie"}
    _invest(s, nationalised)
    for b in sorted(banks.values(), key=lambda b: b.id):
        _payoff(s, b)
    s.ipl_next = _move_levels(s)
    return list(banks.values())


def _captured(s: Season, banks: dict[str, Bank]) -> None:
    """VI.6: a bank whose province is conquered leaves the market; the conqueror takes control
    and half its gold, the other half goes to the host (its government in exile, if it fell)."""
    for bid in sorted(banks):
        b = banks[bid]
        if b.at not in s.conquered:
            continue
        old_host = s.pos.provinces[b.at].de_facto
        conqueror = s.conquered[b.at]
        s.ledger.move(invested(bid), on_hand(bid), "gold", s.ledger.balance(invested(bid), "gold"),
                      f"{b.name} captured: out of the market", rule="VI.6", step="13")
        half = s.ledger.balance(on_hand(bid), "gold") // 2
        if old_host:
            s.ledger.move(on_hand(bid), stock(old_host), "gold", half, f"{b.name} captured: the host's half",
                          rule="VI.6", step="13")
        controllers = s.nations[conqueror].controllers
        banks[bid] = replace(b, controller=controllers[0] if controllers else None)
        s.notes.append(f"{b.name} in {b.at} was captured by {conqueror} (VI.6)")
        _former_owners(s, b)


def _former_owners(s: Season, b: Bank) -> None:
    """VI.6: a captured bank's research teams and unassigned PIs stay with its former owner:
    the home nation of the player who controlled it [A]."""
    home = next((p.get("home") for p in s.pos.players if p.get("id") == b.controller), None)
    if home is None or home not in s.nations or not (s.teams.get(b.id) or s.pis.get(b.id)):
        return
    from .transfers import give_team

    for team in list(s.teams.get(b.id, ())):
        give_team(s, b.id, home, team)
    s.pis.setdefault(home, []).extend(s.pis.get(b.id, ()))
    s.pis[b.id] = []
    s.notes.append(f"{b.name}'s research teams and unassigned PIs stay with its former owner, {home} (VI.6)")


def _establish(s: Season, banks: dict[str, Bank]) -> None:
    orders = s.live("eb")
    ids = Counter(slug(o.note) for o in orders)
    for o in sorted(orders, key=lambda o: slug(o.note)):
        bid = slug(o.note)
        owner = s.pos.provinces.get(o.target)
        if owner is None or owner.de_facto != o.nation:
            o.fail("illegal", f"{o.nation} may found a bank only in its own land province (VI.1)")
        elif bid in banks or ids[bid] > 1:
            o.fail("illegal", f"a bank called {o.note!r} ({bid}) exists or was founded twice")
        else:
            controllers = s.pos.nations[o.nation].controllers
            banks[bid] = Bank(bid, o.note, o.target, controllers[0] if controllers else None, 0, 0)
            s.result(o, "succeeds", None, f"the bank's id is {bid}")


def _invest(s: Season, nationalised: set[str]) -> None:
    rules = s.pack.banking
    by_bank: dict[str, list[HOrder]] = {}
    for o in s.live("bank.in"):
        by_bank.setdefault(o.nation, []).append(o)
    for bid in sorted(by_bank):
        orders = by_bank[bid]
        have = s.ledger.balance(on_hand(bid), "gold")
        if bid in nationalised:
            for o in orders:
                o.fail("nationalised", "the bank's gold was nationalised (VI.5)")
            continue
        came = Counter()
        for e in s.ledger.entries:
            if e.account == on_hand(bid) and e.amount > 0 and e.order and e.step == "4" \
                    and e.order.partition("#")[0] != bid:  # not its own withdrawals
                came[e.order.partition("#")[0]] += e.amount
        amounts = []
        for o in orders:
            x = (have // rules.block) * rules.block if o.note == "all" else o.amount
            if o.note == "received":
                x = min(have, sum(came.values())) // rules.block * rules.block
                if not x:
                    o.fail("did not come", f"no whole block of ${rules.block / 2:g} came in this season (VI.11)")
                    continue
            if o.target is not None and came[o.target] < x:
                o.fail("did not come", f"${x / 2:g} from {o.target} did not come this season (VI.11)")
            elif x % rules.block or not x:
                o.fail("illegal", f"gold is invested in blocks of ${rules.block / 2:g} (VI.10)")
            else:
                amounts.append((o, x))
        total = sum(x for _, x in amounts)
        if amounts and (have <= rules.least or total > have):
            for o, _ in amounts:  # all or none: never the order of the lines
                o.fail("illegal", f"the bank has ${have / 2:g} on hand; it invests only with more than "
                       f"${rules.least / 2:g}, and no more than it has (VI.10-11)")
            continue
        for o, x in amounts:
            s.ledger.move(on_hand(bid), invested(bid), "gold", x, "invested in the world market",
                          rule="VI.10", order=o.ref, step="13")
            s.result(o, "succeeds")


def _payoff(s: Season, b: Bank) -> None:
    rules = s.pack.banking
    origin = s.pack.provinces[b.at].nation
    region = rules.region_of(b.at, origin)
    if region is None:
        return
    level = s.pos.ipl.get(region, rules.ipl_start)
    blocks = s.ledger.balance(invested(b.id), "gold") // rules.block
    gain = blocks * rules.payoff[level - rules.ipl_low]
    why = f"investment: {blocks} block{'s' if blocks != 1 else ''} at level {level} in {region}"
    if gain > 0:
        s.ledger.move("game:market", on_hand(b.id), "gold", gain, why, rule="VI.12", cell=f"T11 {level}",
                      step="13")
    elif gain < 0:
        loss = min(-gain, s.ledger.balance(invested(b.id), "gold"))
        s.ledger.move(invested(b.id), "game:market", "gold", loss, why, rule="VI.12",
                      cell=f"T11 {level}", step="13")


def _move_levels(s: Season) -> dict[str, int]:
    rules = s.pack.banking
    out = {}
    for region in sorted(rules.regions):
        level = s.pos.ipl.get(region, rules.ipl_start)
        roll = s.dice.roll("ipl", region, rules.dice, 6)
        new = max(rules.ipl_low, min(rules.ipl_high, level + rules.shift[roll.total - rules.dice]))
        out[region] = new
    return out
