"""The papers of a Hypereconomic season, each written from its reader's projection
(``visibility.py``): a nation's statement, a player's pack, a bank's account, the public
gazette, and the GM's sheet with everything the others leave out.

A paper is a list of sections (a title and its lines) so that a print pack can start each
on a page of its own; ``text`` joins them for the command line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import report
from .news import news
from .shown_names import ShownNames
from .visibility import GM, PUBLIC, Reader, nation_reader, player_reader, project


@dataclass(frozen=True)
class Section:
    title: str
    lines: tuple[str, ...]


def _section(text: str) -> Section:
    lines = text.rstrip("\n").split("\n")
    return Section(lines[0], tuple(lines[1:]))


def text(sections: list[Section]) -> str:
    return "\n".join("\n".join((s.title, *s.lines)) + "\n" for s in sections)


def statement(result: Mapping[str, Any], position: Mapping[str, Any], nation: str,
              names: ShownNames | None = None) -> list[Section]:
    named = report.shown(names, result, position)  # names are public: those of the whole board
    r, p = project(result, position, nation_reader(position, nation))
    return [_section(report.statement(r, p, nation, named))]


def player(result: Mapping[str, Any], position: Mapping[str, Any], player_id: str,
           names: ShownNames | None = None) -> list[Section]:
    """All the player's nations' statements, then the accounts of the banks they control."""
    reader = player_reader(position, player_id)
    r, p = project(result, position, reader)
    kinds = position["economy"]["nations"]
    # the home nations first (the pack's first statement page), then the territories
    nations = sorted(reader.nations, key=lambda n: (kinds[n].get("kind") != "home", n))
    named = report.shown(names, result, position)
    head = Section(f"Player {player_id} — {report.season_name(result['phase'])}",
                   (f"Nations: {', '.join(named.titled(n) for n in nations) or 'none'}",))
    out = [head] + [_section(report.statement(r, p, n, named, notes=False)) for n in nations]
    for b in p["economy"].get("banks", []):
        if str(b["id"]) in reader.banks:
            out.append(_section(report.bank_statement(r, b, named)))
    if r.get("notices"):  # once for the pack, not under every statement
        out.append(Section("Notes", tuple(f"Note: {n}" for n in r["notices"])))
    return out


def bank(result: Mapping[str, Any], position: Mapping[str, Any], bank_id: str,
         names: ShownNames | None = None) -> list[Section]:
    b = next(x for x in position["economy"].get("banks", []) if str(x["id"]) == bank_id)
    reader = Reader(banks=frozenset({bank_id}), players=frozenset({b.get("controller")} - {None}))
    r, _p = project(result, position, reader)
    return [_section(report.bank_statement(r, b, names))]


def gazette(result: Mapping[str, Any], position: Mapping[str, Any],
            names: ShownNames | None = None) -> list[Section]:
    named = report.shown(names, result, position)
    r, p = project(result, position, PUBLIC)
    return [_section(report.gazette(r, p, news(r, p, named), named))]


def gm(result: Mapping[str, Any], position: Mapping[str, Any], names: ShownNames | None = None) -> list[Section]:
    """The GM's sheet: every order as written, the dice, the questions (with the id a GM
    answers by in the game file), the secrets."""
    named = report.shown(names, result, position)
    r, p = project(result, position, GM)
    eco = p["economy"]
    season = report.season_name(r["phase"])
    orders = []
    for o in r.get("orders", []):
        mark = "" if o["status"] == "succeeds" else f"  [{o['status']}: {o['reason']}]"
        orders.append(f"  {named.nation(o['power'])}: {o.get('text') or o.get('order')}{mark}")
        if o.get("detail"):
            orders.append(f"      {o['detail']}")
    dice = [f"  {d['key']}: {d['dice']} {d['faces']} = {d['total']}" + (" (set by the GM)" if d.get("manual") else "")
            for d in r.get("dice", [])]
    asked = [f"  {q['id']}: {q['question']} (taken: {q['taken']}"
             + ("" if q.get("answered") else ", the default") + ")" for q in r.get("decisions_needed", [])]
    joint = [f"  {a['id']}: {', '.join(a['players'])} ({'public' if a.get('public') else 'secret'})"
             for a in eco.get("joint", [])]
    banks = [f"  {b['id']}: {b.get('name')} in {named.province(b.get('at'))}, controlled by {b.get('controller') or 'nobody'}"
             for b in eco.get("banks", [])]
    lines = ["", "Every order as written", *orders, "", "Dice", *(dice or ["  none"]),
             "", "Questions for the GM", *(asked or ["  none"]), "", "Joint victory agreements",
             *(joint or ["  none"]), "", "Banks", *(banks or ["  none"]), "",
             f"Dice secret (rng.secret): {p.get('rng', {}).get('secret') or 'none'}"]
    return [Section(f"Gamemaster's sheet — {season}", tuple(lines)), *gazette(result, position, named)]


def papers_for(result: Mapping[str, Any], position: Mapping[str, Any], who: str,
               names: ShownNames | None = None) -> list[Section] | None:
    """``who``'s papers: a nation, a player, a bank, ``gazette`` or ``gm`` (any case);
    None if it is none of them."""
    eco = position["economy"]
    key = who.lower()
    if key == "gazette":
        return gazette(result, position, names)
    if key == "gm":
        return gm(result, position, names)
    nations = {n.lower(): n for n in eco["nations"]}
    if key in nations:
        return statement(result, position, nations[key], names)
    banks = {str(b["id"]).lower(): str(b["id"]) for b in eco.get("banks", [])}
    if key in banks:
        return bank(result, position, banks[key], names)
    players = {str(p["id"]).lower(): str(p["id"]) for p in eco.get("players", [])}
    if key in players:
        return player(result, position, players[key], names)
    return None
