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

from dataclasses import dataclass, replace

from .order_words import MAX_ORDER_CHARS, unpaid

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
    m = written_condition(text)
    return m[0] if m else text


def _who_char(c: str) -> bool:
    return c.isalnum() or c in " _.'-"


def written_condition(text: str) -> tuple[str, str, str, bool] | None:
    """``order if Nation "its order" succeeds`` (or ``fails``) as (order, nation, quoted
    order, succeeds), or None for a line without a condition.

    Read by hand from the end in one pass (a regular expression with a lazy order and a
    lazy nation backtracked for minutes on a line padded with spaces); a line longer than
    :data:`MAX_ORDER_CHARS` is no condition, and the order parser refuses it.
    """
    line = text.strip()
    if len(line) > MAX_ORDER_CHARS:
        return None
    how = next((h for h in ("succeeds", "fails") if line[-len(h):].lower() == h), None)
    if how is None or not line[: -len(how)][-1:].isspace():
        return None
    head = line[: -len(how)].rstrip()
    close = len(head) - 1
    open_ = head.rfind('"', 0, max(close, 0))
    if close < 1 or head[close] != '"' or open_ < 0 or open_ + 1 == close:
        return None
    ref, before = head[open_ + 1:close], head[:open_]
    if not before[-1:].isspace():
        return None
    before = before.rstrip()
    start = len(before)  # the nation: the longest tail of letters, digits, spaces and _ . ' -
    while start and _who_char(before[start - 1]):
        start -= 1
    ws = start
    while ws and before[ws - 1].isspace():
        ws -= 1
    for at in range(max(ws - 2, 1), len(before) - 2):  # the first " if " the nation follows
        if before[at] not in "iI" or before[at + 1] not in "fF" or not before[at - 1].isspace() \
                or not before[at + 2].isspace():
            continue
        after = at + 2
        while after < len(before) and before[after].isspace():
            after += 1
        if start <= after < len(before):
            order = before[:at].rstrip()  # not empty: the line starts with no space
            return (order, before[after:], ref, how == "succeeds") if "\n" not in order else None
    return None


def split(pos):
    """The position with the conditions taken off the lines, and the conditions by order ref."""
    conds: dict[str, Condition] = {}
    orders = {}
    for n, texts in pos.orders.items():
        out = []
        for i, t in enumerate(texts):
            m = written_condition(t)
            if m and not t.strip().lower().startswith(("al ", "ra ", "wa ")):
                conds[f"{n}#{i}"] = Condition(m[1], m[2], m[3], t)
                out.append(m[0])
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
