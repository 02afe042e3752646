"""The gazette's news of a season: what changed hands, who rose and fell, what research
found (DESIGN 4.5: the zine published ownership changes, new nations, eliminations and
research outcomes). Read from the public parts of the result and the two positions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .shown_names import ShownNames
from .visibility import code


def news(result: Mapping[str, Any], position: Mapping[str, Any], names: ShownNames | None = None) -> list[str]:
    """The news sections as lines (each section headed, blank line before); none if quiet.
    Nations and provinces are named by ``names`` (with those the season formed), orders as typed."""
    names = (names or ShownNames()).seeing(position.get("economy"), (result.get("next") or {}).get("economy"))
    before = position["economy"]
    after = result.get("next", {}).get("economy", before)
    out: list[str] = []
    _section(out, "Battles (III.29-31)", [battle(c, names) for c in sorted(result.get("clashes", []),
                                                                   key=lambda c: str(c.get("where")))])
    moved = [f"  {names.province(p)}: {names.nation(s.get('de_facto'))} -> "
             f"{names.nation(after['provinces'][p].get('de_facto'))}"
             for p, s in sorted(before["provinces"].items())
             if p in after.get("provinces", {}) and s.get("de_facto") != after["provinces"][p].get("de_facto")]
    _section(out, "Changes of ownership", moved)
    born = sorted(set(after["nations"]) - set(before["nations"]))
    _section(out, "New nations", [f"  {names.nation(n)} ({_kind(after['nations'][n], names)})" for n in born])
    gone = sorted(set(before["nations"]) - set(after["nations"]))
    _section(out, "Eliminated", [f"  {names.nation(n)}" for n in gone])
    found = [f"  {names.nation(o['power'])}: {o.get('order') or o.get('text')}: {o['detail']}" for o in result.get("orders", [])
             if code(o.get("order") or o.get("text")) == "co" and o.get("status") == "succeeds"
             and o.get("detail") and o.get("power")]
    _section(out, "Research (V.2)", sorted(found))
    return out


def battle(c: Mapping[str, Any], names: ShownNames | None = None) -> str:
    """One line a clash: who attacked and what became of it, who defended, the losses; the
    place and nations named by ``names``, the units as the orders name them."""
    names = names or ShownNames()
    attacks = [f"{'+'.join(names.nation(p) for p in a.get('powers', []))} {', '.join(a.get('units', []))} "
               f"{a.get('result')}" for a in c.get("attackers", [])]
    defence = [f"{names.nation(d.get('power'))} {d.get('unit') or d.get('type', '')} {d.get('result')}".replace("  ", " ")
               for d in c.get("defenders", [])]
    losses = [f"{names.nation(x['nation'])} {x['M']}M" for x in c.get("casualties", []) if x.get("M")]
    parts = [f"attacked by {'; '.join(attacks)}" if attacks else "",
             f"defended by {'; '.join(defence)}" if defence else "",
             f"losses {', '.join(losses)}" if losses else ""]
    return f"  {names.province(str(c.get('where') or ''))}: " + "; ".join(p for p in parts if p)


def _section(out: list[str], title: str, lines: list[str]) -> None:
    if lines:
        out += ["", title, *lines]


def _kind(nation: Mapping[str, Any], names: ShownNames) -> str:
    if nation.get("kind") == "territory":
        return f"a territory of {names.nation(nation.get('suzerain'))}"
    return "a home nation"
