"""Conditional orders (IX.3): an order that stands only if another nation's order succeeds
(or fails): ``cd Alsa to Germany if Germany "pw $1 Pari" succeeds``.

The season is adjudicated with every condition taken as met; an order whose condition then
proves false is struck, and the season is adjudicated again, until nothing changes (a fixpoint).
If the strikings go round in a circle, the GM decides (``condition-loop``, blocking): by
default every order in the circle fails; the GM's ``all stand`` takes every condition of the
circle as met, as the players wished. Military builds and actions, fishing fleets' moves
and trades may not be conditional, nor may an order depend on one of them (IX.3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .order_words import unpaid

_IF = re.compile(r'^(?P<order>.*?)\s+if\s+(?P<who>[\w .\'-]+?)\s+"(?P<ref>[^"]+)"\s+(?P<how>succeeds|fails)\s*$',
                 re.I)
NOT_CONDITIONAL = ("st", "ho", "mo", "at", "sp", "dm", "ff.mo", "f", "tt", "tt$")
MAX_ROUNDS = 12
LOOP_ANSWERS = ("all fail", "all stand")  # the GM's answers to a circle (IX.3)


@dataclass(frozen=True)
class Condition:
    nation: str  # whose order it waits on, as written
    text: str  # that order's text
    succeeds: bool
    written: str = ""  # the conditional order's line as written, condition and all

    def __str__(self) -> str:
        return f'{self.nation} "{self.text}" {"succeeds" if self.succeeds else "fails"}'


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _bare(text: str) -> str:
    """An order's line less its condition."""
    m = _IF.match(text.strip())
    return m["order"] if m else text


def split(pos):
    """The position with the conditions taken off the lines, and the conditions by order ref."""
    conds: dict[str, Condition] = {}
    orders = {}
    for n, texts in pos.orders.items():
        out = []
        for i, t in enumerate(texts):
            m = _IF.match(t.strip())
            if m and not t.strip().lower().startswith(("al ", "ra ", "wa ")):
                conds[f"{n}#{i}"] = Condition(m["who"], m["ref"], m["how"].lower() == "succeeds", t)
                out.append(m["order"])
            else:
                out.append(t)
        orders[n] = tuple(out)
    return replace(pos, orders=orders), conds


def strike(season, disabled: dict[str, str], conds: dict[str, Condition]) -> None:
    """Mark the orders whose conditions failed (or may not stand); called after parsing."""
    loop = getattr(season, "loop_question", None)
    if loop is not None:  # IX.3: "the GM will resolve it"; by default the circle's orders fail
        season.decisions.ask(loop, "conditional orders depend on each other in a circle; their "
                             "orders fail unless the GM rules that they all stand", LOOP_ANSWERS,
                             "all fail", blocking=True, rule="IX.3")
    for orders in season.orders.values():
        for o in orders:
            c = conds.get(o.ref)
            if c is None:
                continue
            o.text = c.written  # its result line shows the order as written
            if o.error:
                continue
            if o.verb in NOT_CONDITIONAL or (o.verb == "bu" and o.item in ("D", "T", "N")):
                o.fail("illegal", "military builds and actions, fishing fleets' moves and trades may "
                       "not be conditional (IX.3)")
            elif o.ref in disabled:
                o.fail("condition failed", disabled[o.ref])


def verdicts(season, conds: dict[str, Condition]) -> dict[str, str]:
    """Which conditional orders must be struck, given this adjudication, and why."""
    nations = {k.lower(): k for k in season.orders}
    for nid, data in season.pack.nations.items():
        nations[data.name.lower()] = nations[data.abbr.lower()] = nid
    out = {}
    for ref, c in conds.items():
        n = nations.get(c.nation.lower())
        hits = [o for o in season.orders.get(n, ()) if _norm(c.text) in
                (_norm(_bare(o.text)), _norm(unpaid(_bare(o.text))))] if n else []  # quoted without who pays
        if not hits:
            out[ref] = f"{c.nation} gave no order {c.text!r} (IX.3)"
            continue
        target = hits[0]
        if target.verb in NOT_CONDITIONAL or (target.verb == "bu" and target.item in ("D", "T", "N")):
            out[ref] = "an order may not depend on a military order, a fishing fleet's move or a trade (IX.3)"
            continue
        line = season.lines.get(target.ref)
        done = line is not None and line.status == "succeeds"
        if done != c.succeeds:
            out[ref] = f'{c}: it {"did not succeed" if c.succeeds else "succeeded"} (IX.3)'
    return out


def process(pos, run):
    """Adjudicate to a fixpoint of the conditions. ``run(position, struck, conds, loop)``
    adjudicates once and returns (season, outcome)."""
    bare, conds = split(pos)
    struck: dict[str, str] = {}
    seen: list[frozenset[str]] = []
    season, outcome = run(bare, struck, conds, None)
    for _ in range(MAX_ROUNDS):
        if not conds:
            return outcome
        nxt = verdicts(season, conds)
        if set(nxt) == set(struck):
            break
        if frozenset(nxt) in seen:  # round and round: every order struck somewhere on the way
            first = seen.index(frozenset(nxt))
            circle = sorted(set(nxt) | set(struck) | set().union(*seen[first:]))
            qid = f"{pos.phase}/condition-loop/{','.join(circle)}"
            if pos.decisions.get(qid) == "all stand":  # the GM's word: as if every condition were met
                struck = {}
            else:
                struck = {r: "a circle of conditions: its orders fail (IX.3)" for r in circle}
            season, outcome = run(bare, struck, conds, qid)
            break
        seen.append(frozenset(struck))
        struck = nxt
        season, outcome = run(bare, struck, conds, None)
    return outcome
