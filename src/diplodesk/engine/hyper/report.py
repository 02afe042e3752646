"""What each reads after a season: a nation's statement, a player's pack, the public gazette.

A statement is a query over the ledger (DESIGN 4.5): the start of the season, every entry
that touched the nation's stock or escrow with the rule it rests on, income, the end. The
gazette holds what the zine printed: every order's result and every nation's account. A
projection drops facts and never adds one: the GM's dice secret, unanswered GM questions and
secret joint agreements are never in a player's text.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from ..phase import SEASON_NAMES
from .shown_names import ShownNames

COLUMNS = (("$", "gold", lambda n: n), ("E", "gold", lambda n: f"{n}:escrow"),
           ("M", "M", lambda n: n), ("A", "A", lambda n: n), ("I", "I", lambda n: n),
           ("Trs", "Trs", lambda n: n))
SECRET_CODES = ("gw", "sb")  # guerrilla warfare and sabotage: the payer is secret [A]
# the season's steps (DESIGN 3.2) under the heading a GM reads; a step not named here still
# gets a line under "Other", so a statement's lines always add up to its end of season
SECTIONS = (("Costs and builds", ("3", "4", "4.1", "4.6", "7", "8")), ("Combat", ("5",)),
            ("Territory", ("6", "6.1", "6.2", "6.3", "6.4", "6.5", "6.6")), ("Trade", ("9",)),
            ("Research and covert action", ("10", "11", "12")), ("Banking", ("13",)),
            ("Fishing", ("14",)), ("Income", ("15",)), ("Food", ("16",)), ("End of season", ("17",)))
NAMED_STEPS = frozenset(s for _t, steps in SECTIONS for s in steps) | {"0"}
LABEL = 58  # a statement line's label column; a longer label wraps, its figures on its last line


def season_name(phase: str) -> str:
    return f"{SEASON_NAMES.get(phase[0], phase[0])} {phase[1:-1]}"


def _cell(v: float, col: str) -> str:
    if not v:
        return ""
    if col in ("$", "E"):
        return f"{v:+.1f}"
    return f"{v:+d}"


def _row(label: str, values: Mapping[str, float], signed: bool = True) -> str:
    """A statement line: its label, then the figures in their columns. A label too long for
    its column is never cut: it wraps (a long table cell too), the figures on its last line."""
    cells = []
    for col, _f, _a in COLUMNS:
        v = values.get(col, 0)
        if signed:
            text = _cell(v, col)
        else:
            text = f"{v:.1f}" if col in ("$", "E") else f"{int(v)}"
        cells.append(f"{text:>7}")
    lines = wrap_label(label)
    return "\n".join([*lines[:-1], f"{lines[-1]:<{LABEL}}{''.join(cells)}"])


def wrap_label(label: str, width: int = LABEL) -> list[str]:
    """``label`` in lines of at most ``width`` characters, the rest indented under its start."""
    if len(label) <= width:
        return [label]
    lead = len(label) - len(label.lstrip())
    return textwrap.wrap(label, width, initial_indent="", subsequent_indent=" " * (lead + 4),
                         break_on_hyphens=False) or [label[:width]]


def shown(names: ShownNames | None, result: Mapping[str, Any], position: Mapping[str, Any]) -> ShownNames:
    """``names`` (none: every id as it is) with the nations ``position`` and the season's
    result name: a territory formed this season is named in the papers of its season."""
    after = (result.get("next") or {}).get("economy")
    return (names or ShownNames()).seeing(position.get("economy"), after)


def statement(result: Mapping[str, Any], position: Mapping[str, Any], nation: str,
              names: ShownNames | None = None, notes: bool = True) -> str:
    """One nation's statement for the season of ``result`` (both as JSON); ``notes``: with
    the season's notices at its end (a player's pack prints them once, after them all).
    Nations and provinces are named by ``names``; orders read as the GM typed them."""
    names = shown(names, result, position)
    eco = position["economy"]
    nat = eco["nations"][nation]
    phase = result["phase"]
    who = ", ".join(nat.get("controllers", [])) or "no player"
    kind = "home nation" if nat.get("kind") == "home" else f"territory of {names.nation(nat.get('suzerain'))}"
    head = f"{names.titled(nation)} — {season_name(phase)} — {kind}, played by {who}"
    lines = [head, "", f"{'':<58}" + "".join(f"{c:>7}" for c, _f, _a in COLUMNS)]
    mine = {a(nation) for _c, _f, a in COLUMNS}
    entries = [e for e in result["ledger"] if e["account"] in mine]
    start = {c: _sum(entries, f, a(nation), ("0",)) for c, f, a in COLUMNS}
    lines.append(_row("Start of season", start, signed=False))
    others = tuple(sorted({str(e.get("step")) for e in entries} - NAMED_STEPS))
    for title, steps in (*SECTIONS, ("Other", others)):
        rows = _grouped([e for e in entries if str(e.get("step")) in steps and e["reason"] != "start of season"],
                        nation, names)
        if rows:
            lines.append(title)
            lines += [_row("  " + label, vals) for label, vals in rows]
    end = {c: _sum(entries, f, a(nation), None) for c, f, a in COLUMNS}
    lines.append(_row("End of season", end, signed=False))
    mine_orders = [o for o in result["orders"] if o["power"] == nation]
    ok = sum(1 for o in mine_orders if o["status"] == "succeeds")
    lines.append("")
    lines.append(f"Orders: {ok} of {len(mine_orders)} succeeded")
    for o in mine_orders:
        mark = "" if o["status"] == "succeeds" else f"  [{o['status']}: {o['reason']}]"
        lines.append(f"  {o['order'] or o['text']}{mark}")
        if o.get("detail"):  # what decided it: the table cell, the roll ("rolled 5: 0 APIs")
            lines.append(f"      {o['detail']}")
    lines += _battles(result, nation, names) + _territory(result, position, nation, names)
    if notes:
        lines += [""] + [f"Note: {n}" for n in result.get("notices", [])]
    return "\n".join(lines) + "\n"


def _battles(result: Mapping[str, Any], nation: str, names: ShownNames) -> list[str]:
    """The battles the nation fought in this season, as the gazette tells them."""
    from .news import battle

    fought = [c for c in result.get("clashes", [])
              if any(nation in a.get("powers", []) for a in c.get("attackers", []))
              or any(d.get("power") == nation for d in c.get("defenders", []))]
    if not fought:
        return []
    return ["", "Battles (III.29-31)", *(battle(c, names) for c in sorted(fought, key=lambda c: str(c.get("where"))))]


def _territory(result: Mapping[str, Any], position: Mapping[str, Any], nation: str,
               names: ShownNames) -> list[str]:
    """The provinces the nation won and lost this season (II): who held them before, and after."""
    before = position["economy"]["provinces"]
    after = (result.get("next") or {}).get("economy", {}).get("provinces", {})
    won, lost = [], []
    for prov in sorted(before):
        was, now = before[prov].get("de_facto"), (after.get(prov) or {}).get("de_facto", before[prov].get("de_facto"))
        if was == now:
            continue
        if now == nation or (now or "").startswith(f"{nation}-"):
            how = "conquered" if _attacked(result, prov, nation) else "taken"
            now_named = f", now {names.nation(now)}" if now != nation else ""
            won.append(f"  {names.province(prov)}: {how} from {names.nation(was)}{now_named}")
        elif was == nation:
            lost.append(f"  {names.province(prov)}: lost to {names.nation(now)}")
    out = []
    if won:
        out += ["", "Provinces won (II)", *won]
    if lost:
        out += ["", "Provinces lost (II)", *lost]
    return out


def _attacked(result: Mapping[str, Any], prov: str, nation: str) -> bool:
    return any(c.get("where") == prov and any(nation in a.get("powers", []) for a in c.get("attackers", []))
               for c in result.get("clashes", []))


def _sum(entries, factor: str, account: str, steps) -> float:
    total = sum(e["amount"] for e in entries if e["account"] == account and e["factor"] == factor
                and (steps is None or e.get("step") in steps))
    return total


def _grouped(entries: list[Mapping[str, Any]], nation: str,
             names: ShownNames | None = None) -> list[tuple[str, dict[str, float]]]:
    """One line per reason (and order), columns summed, in the ledger's order; the plain
    yields of the nation's provinces (I.3) on one line that names them."""
    names = names or ShownNames()
    out: dict[tuple[str, str], dict[str, float]] = {}
    yielded: list[str] = []
    for e in entries:
        rule = f" ({e['rule']})" if e.get("rule") else ""
        cell = f" [{e['cell']}]" if e.get("cell") else ""
        prov = str(e["reason"])[len("yield of "):] if str(e["reason"]).startswith("yield of ") else ""
        if prov and e.get("cell") == f"provinces {prov}" and " " not in prov:
            if prov not in yielded:
                yielded.append(prov)
            key = ("\0yields", "")
        else:
            key = (f"{e['reason']}{rule}{cell}", e.get("order") or "")
        vals = out.setdefault(key, {})
        for col, f, a in COLUMNS:
            if e["factor"] == f and e["account"] == a(nation):
                vals[col] = vals.get(col, 0) + e["amount"]
    plural = "s" if len(yielded) != 1 else ""
    yields = f"yield of {len(yielded)} province{plural}: {', '.join(map(names.province, yielded))} (I.3) [provinces]"
    return [(yields if label == "\0yields" else label, vals) for (label, _o), vals in out.items()
            if any(vals.values())]


def player_pack(result: Mapping[str, Any], position: Mapping[str, Any], player: str,
                names: ShownNames | None = None) -> str:
    nations = sorted(n for n, s in position["economy"]["nations"].items()
                     if player in s.get("controllers", []))
    named = shown(names, result, position)
    head = (f"Player {player} — {season_name(result['phase'])}: "
            f"{', '.join(named.nation(n) for n in nations) or 'no nations'}\n\n")
    return head + "\n".join(statement(result, position, n, names) for n in nations)


def gazette(result: Mapping[str, Any], position: Mapping[str, Any], news: Sequence[str] = (),
            names: ShownNames | None = None) -> str:
    """The public part: results, ``news`` (hyper/news.py), every nation's account, the race
    for victory; nations named by ``names``, orders as typed."""
    names = shown(names, result, position)
    eco = result["next"]["economy"]
    lines = [f"The Hypereconomic gazette — {season_name(result['phase'])}", ""]
    lines.append("Orders")
    covert = []
    banks = {b["id"] for b in position["economy"].get("banks", [])} | {
        n for n, st in position["economy"]["nations"].items() if st.get("kind") == "gie"}  # II.8
    for o in result["orders"]:
        if o["power"] in banks and (o["order"] or o["text"]).split(" ")[0] == "rd":
            continue  # a redemption does not name its bank (VI.9)
        if (o["order"] or o["text"] or "").split(" ")[0].lower() == "jv":
            continue  # an agreement may be secret, and who voids one is never told (IX.9)
        if (o["order"] or "").split(" ")[0] in SECRET_CODES:  # who paid stays secret
            if o["status"] == "succeeds" and o.get("detail"):
                covert.append(f"  {o['detail']}")
            continue
        mark = "" if o["status"] == "succeeds" else f"  [{o['status']}: {o['reason']}]"
        lines.append(f"  {names.nation(o['power'])}: {o['order'] or o['text']}{mark}")
    if covert:
        lines += ["", "Covert action (by whom is not told)"] + sorted(covert)
    lines += list(news)
    lines += ["", "Accounts at the end of the season" + " " * 24
              + "".join(f"{c:>7}" for c, _f, _a in COLUMNS)]
    for n in sorted(eco["nations"], key=lambda n: (names.nation(n).casefold(), n)):
        s = eco["nations"][n]
        vals = {"$": s["stock"]["gold"], "E": s["escrow"], "M": s["stock"]["M"], "A": s["stock"]["A"],
                "I": s["stock"]["I"], "Trs": s["trs"]}
        lines.append(_row(f"  {names.nation(n)}", vals, signed=False))
    if eco.get("ipl"):
        lines += ["", "Investment payoff levels (VI.12): "
                  + ", ".join(f"{r} {lvl}" for r, lvl in sorted(eco["ipl"].items()))]
    secret = {a["id"] for eco_ in (position["economy"], eco) for a in eco_.get("joint", [])
              if not a.get("public")}
    lines += ["", "Towards victory (IX.9): provinces and gold held, seasons running"]
    for r in result.get("standings", []):
        if r["who"] in secret:
            continue
        lines.append(f"  {r['who']}: {r['provinces']} province{'s' if r['provinces'] != 1 else ''} "
                     f"({r['provinces_streak']}), "
                     f"${r['gold']:g} ({r['gold_streak']})")
    winner = result["next"].get("winner")
    if winner:
        lines += ["", f"The game is won by {winner if isinstance(winner, str) else ' and '.join(winner)}."]
    lines += [""] + [f"Note: {n}" for n in result.get("notices", [])]
    return "\n".join(lines) + "\n"


def report(result: Mapping[str, Any], position: Mapping[str, Any], who: str,
           names: ShownNames | None = None) -> str | None:
    """A nation's statement, a player's pack or the gazette; None if ``who`` is none of them."""
    eco = position["economy"]
    if who.lower() == "gazette":
        return gazette(result, position, names=names)
    nations = {n.lower(): n for n in eco["nations"]}
    if who.lower() in nations:
        return statement(result, position, nations[who.lower()], names)
    banks = {str(b["id"]).lower(): b for b in eco.get("banks", [])}
    if who.lower() in banks:
        return bank_statement(result, banks[who.lower()], names)
    players = {str(p["id"]).lower(): str(p["id"]) for p in eco.get("players", [])}
    if who.lower() in players:
        return player_pack(result, position, players[who.lower()], names)
    return None


def bank_statement(result: Mapping[str, Any], bank: Mapping[str, Any], names: ShownNames | None = None) -> str:
    """A bank's own account: on hand and invested, each entry with its rule (VI)."""
    names = names or ShownNames()
    accounts = {f"bank:{bank['id']}": "on hand", f"bank:{bank['id']}:invested": "invested"}
    lines = [f"{bank['name']} ({bank['id']}) in {names.province(bank['at'])} — {season_name(result['phase'])}, "
             f"controlled by {bank.get('controller') or 'nobody'}", ""]
    for e in result["ledger"]:
        if e["account"] in accounts:
            rule = f" ({e['rule']})" if e.get("rule") else ""
            lines.append(f"  {accounts[e['account']]:<9} {e['amount']:>+9.1f}  {e['reason']}{rule}")
    end = next((b for b in result["next"]["economy"].get("banks", []) if b["id"] == bank["id"]), None)
    if end:
        lines += ["", f"End of season: ${end['gold']:g} on hand, ${end['invested']:g} invested"
                  + (" (frozen)" if end.get("frozen") else "")]
    mine = [o for o in result["orders"] if o["power"] == bank["id"]]
    for o in mine:
        mark = "" if o["status"] == "succeeds" else f"  [{o['status']}: {o['reason']}]"
        lines.append(f"  {o['order'] or o['text']}{mark}")
    return "\n".join(lines) + "\n"
