"""Research, production increases and covert action in the season (DESIGN 3.2, steps 10-12).

Their costs join the season's cost items (so the T5 loop can fail them), and what they do
happens after the builds: teams roll (V.2), PIs are assigned (V.6-7), guerrillas and saboteurs
cut this season's yields or destroy transport factors (VIII.1-3). Nothing here depends on the
order of the lines: every check that could, counts all the lines first.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..board import ProvinceKind
from ..ledger import Entry
from .accounts import escrow, stock
from .banking import on_hand
from .costs import CostItem
from .limits import over_ordered
from .orders import describe
from .research import after_roll, season_index

if TYPE_CHECKING:
    from .season import Season


def cost_items(s: Season) -> list[CostItem]:
    return _research_items(s) + _assign_items(s) + _covert_items(s)


def _research_items(s: Season) -> list[CostItem]:
    rules = s.pack.research
    items = []
    orders = s.live("co")
    picked: dict[str, str] = {}
    for o in orders:
        teams = s.teams[o.nation]
        hits = [t for t in teams if t["id"] == o.item] or [t for t in teams if t["kind"] == o.item]
        if not hits:
            o.fail("illegal", f"{o.nation} has no {o.item} research team (V.1)")
        elif len(hits) > 1:
            o.fail("illegal", f"{o.nation} has {len(hits)} {o.item} teams: name one "
                   f"({', '.join(t['id'] for t in hits)})")
        else:
            picked[o.ref] = hits[0]["id"]
    used = Counter((o.nation, picked[o.ref]) for o in orders if o.ref in picked)
    for o in orders:
        if o.ref not in picked:
            continue
        team = picked[o.ref]
        if used[(o.nation, team)] > 1:
            o.fail("invalid", f"team {team} was ordered {used[(o.nation, team)]} times; it does not research")
            continue
        o.item = team
        payer = _payer(s, o)
        if payer is not None:
            items.append(CostItem(payer[0], {"gold": rules.cost}, "co", f"research, team {team}", payer[1],
                                  "V.2", "", o.ref, f"co {team}"))
    return items


def _payer(s: Season, o) -> tuple[str, str] | None:
    """Who pays for a team's research or a PI's assignment, and whose escrow gets the gold:
    the nation; or a bank that owns them, from its gold on hand into its host's (VI.2, VI.4)."""
    bank = next((b for b in s.pos.banks if b.id == o.nation), None)
    if bank is None:
        return o.nation, o.nation
    if bank.frozen:
        o.fail("frozen", f"{bank.name} is frozen: it spends nothing, though its teams and PIs may be "
               "handed over (VI.5) [A]")
        return None
    return on_hand(bank.id), s.pos.provinces[bank.at].de_facto or bank.id


def _assign_items(s: Season) -> list[CostItem]:
    rules, board = s.pack.research, s.pos.board
    orders = s.live("as")
    wanted = Counter((o.nation, o.item) for o in orders)
    now = season_index(s.phase, s.pos.variant.calendar)
    paid_by: dict[str, tuple[str, str]] = {}
    for o in orders:
        prov = s.pos.provinces.get(o.target)
        have = sum(1 for p in s.pis[o.nation] if p.get("kind") == o.item and p.get("made") != s.phase)
        if board.provinces[o.target].kind not in (ProvinceKind.LAND, ProvinceKind.COAST) or prov is None:
            o.fail("illegal", f"a PI goes to a land province, not {o.target} (V.6)")
        elif have < wanted[(o.nation, o.item)]:
            o.fail("illegal", f"{o.nation} has {have} {o.item}PI made before this season and ordered "
                   f"{wanted[(o.nation, o.item)]} assignments; none is made (V.6)")
        elif prov.last_pi and now - season_index(prov.last_pi, s.pos.variant.calendar) < rules.window:
            o.fail("illegal", f"a PI went to {o.target} in {prov.last_pi}: one in any "
                   f"{rules.window} seasons (V.7)")
        elif (payer := _payer(s, o)) is not None:
            paid_by[o.ref] = (payer[0], prov.de_facto or payer[1])
    per_province: dict[str, list] = {}
    for o in orders:
        if o.ref in paid_by:
            per_province.setdefault(o.target, []).append(o)
    items = []
    for prov_id in sorted(per_province):  # all nations: one PI a province, the GM's or the dice's (V.7)
        group = per_province[prov_id]
        keep = over_ordered(s, "V.7", f"pi/{prov_id}", group, 1) if len(group) > 1 else group
        for o in group:
            if o not in keep:
                o.fail("over the limit", f"one PI to {prov_id} in any {rules.window} seasons; "
                       f"{len(group)} were ordered and {len(keep) or 'none'} stands (V.7)")
                continue
            payer, to = paid_by[o.ref]
            items.append(CostItem(payer, {"gold": rules.assign_cost}, "as", f"{o.item}PI assigned to {o.target}",
                                  to, "V.6", "", o.ref, f"as {o.item} {o.target}"))
    return items


def _covert_items(s: Season) -> list[CostItem]:
    items = []
    orders = s.live("gw") + s.live("sb")
    spent = Counter((o.nation, o.item, o.target) for o in orders for _ in range(o.amount))
    count = Counter((o.nation, o.item, o.target) for o in orders)
    for o in orders:
        table = s.pack.covert[o.item]
        if count[(o.nation, o.item, o.target)] > 1:  # one amount, one roll of its table
            o.fail("illegal", f"{count[(o.nation, o.item, o.target)]} orders of {_what(o.item)} against "
                   f"{o.target}: one amount a season, in one order (VIII.1-3)")
            continue
        if o.item == "gw":
            prov = s.pos.provinces.get(o.target)
            if prov is None or prov.de_jure != o.nation or prov.de_facto in (None, o.nation):
                o.fail("illegal", f"guerrilla warfare is for the owner by right of a province another "
                       f"nation holds; {o.target} is not such a province of {o.nation} (VIII.1)")
                continue
        elif o.item in ("sb.A", "sb.I") and s.pos.provinces.get(o.target) is None:
            o.fail("illegal", f"{o.target} is not a land province (VIII.2)")
            continue
        if spent[(o.nation, o.item, o.target)] > table.max_spent * 2:
            o.fail("illegal", f"at most ${table.max_spent} on {_what(o.item)} against {o.target} "
                   f"a season (VIII.1-3)")
            continue
        if o.amount % 2:
            o.fail("illegal", f"{_what(o.item)} is bought in whole dollars ({table.table})")
            continue
        where = o.target if o.item == "sb.Tr" else (s.pos.provinces[o.target].de_facto or o.nation)
        items.append(CostItem(o.nation, {"gold": o.amount}, o.item.partition(".")[0],
                              f"{_what(o.item)} against {o.target}", where, "VIII.1-3", "", o.ref,
                              describe(o), hidden=True))
    return items


def _what(item: str) -> str:
    return {"gw": "guerrilla warfare", "sb.A": "sabotage of A", "sb.I": "sabotage of I",
            "sb.Tr": "sabotage of transport factors"}[item]


# -- after the builds ------------------------------------------------------------------------


def research(s: Season) -> None:
    rules = s.pack.research
    for o in sorted(s.live("co"), key=lambda o: (o.nation, o.item)):
        teams = s.teams[o.nation]
        i = next(k for k, t in enumerate(teams) if t["id"] == o.item)
        team = teams[i]
        level = max(team["temp"], team["perm"])
        roll = s.dice.roll("research", f"{o.nation}/{team['id']}", rules.dice, 6)
        made, cell = rules.produced(level, roll.total)
        teams[i] = after_roll(team, made, rules)
        kind = team["kind"]
        for _ in range(made):
            s.pis[o.nation].append({"kind": kind, "made": s.phase})
        s.result(o, "succeeds", None, f"rolled {roll.total} at level {level}: "
                 f"{made} {kind}PI{'s' if made != 1 else ''} ({cell})")


def assign(s: Season) -> None:
    for o in sorted(s.live("as"), key=lambda o: (o.nation, o.target)):
        pis = s.pis[o.nation]
        k = next(i for i, p in enumerate(pis) if p.get("kind") == o.item and p.get("made") != s.phase)
        del pis[k]
        s.yield_bonus[(o.target, o.item)] += 1
        s.last_pi[o.target] = s.phase
        s.result(o, "succeeds", None, f"{o.target} yields 1{o.item} more from now on (V.6)")


def covert(s: Season) -> None:
    for o in sorted(s.live("gw") + s.live("sb"), key=lambda o: (o.nation, o.item, str(o.target))):
        table = s.pack.covert[o.item]
        roll = s.dice.roll("covert", f"{o.nation}/{o.target}/{o.item}", 1, table.dice)
        cut, cell = table.effect(o.amount, roll.faces[0])
        if o.item == "sb.Tr":
            have = s.ledger.balance(stock(o.target), "Trs")
            gone = min(cut, have)
            if gone:
                s.ledger.post(Entry(stock(o.target), "Trs", -gone, "transport factors sabotaged",
                                    "VIII.3", None, cell, "12"))
            s.result(o, "succeeds", None, f"{gone} of {o.target}'s transport factors destroyed ({cell})")
            continue
        for f in table.applies_to:
            s.yield_cut[(o.target, f)] += cut
        s.struck.add(o.target)
        s.result(o, "succeeds", None, f"{o.target}'s {' and '.join(table.applies_to)} yield cut by "
                 f"{cut} this season ({cell})")


def pay_hidden(s: Season, it: CostItem) -> None:
    """Covert spending: the victim's escrow receives it without the payer's name (VIII)."""
    s.ledger.post(Entry(stock(it.payer), "gold", -it.vector["gold"], it.label, it.rule, it.order,
                        "", "4", public=False))
    s.ledger.post(Entry(escrow(it.escrow_to), "gold", it.vector["gold"],
                        "spent in this nation by another (I.9)", "I.9", None, "", "4", public=False))
