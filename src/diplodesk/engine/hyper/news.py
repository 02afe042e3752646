"""The gazette's news of a season: what changed hands, who rose and fell, what research
found (DESIGN 4.5: the zine published ownership changes, new nations, eliminations and
research outcomes). Read from the public parts of the result and the two positions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .visibility import code


def news(result: Mapping[str, Any], position: Mapping[str, Any]) -> list[str]:
    """The news sections as lines (each section headed, blank line before); none if quiet."""
    before = position["economy"]
    after = result.get("next", {}).get("economy", before)
    out: list[str] = []
    _section(out, "Battles (III.29-31)", [battle(c) for c in sorted(result.get("clashes", []),
                                                                   key=lambda c: str(c.get("where")))])
    moved = [f"  {p}: {_who(s.get('de_facto'))} -> {_who(after['provinces'][p].get('de_facto'))}"
             for p, s in sorted(before["provinces"].items())
             if p in after.get("provinces", {}) and s.get("de_facto") != after["provinces"][p].get("de_facto")]
    _section(out, "Changes of ownership", moved)
    born = sorted(set(after["nations"]) - set(before["nations"]))
    _section(out, "New nations", [f"  {n} ({_kind(after['nations'][n])})" for n in born])
    gone = sorted(set(before["nations"]) - set(after["nations"]))
    _section(out, "Eliminated", [f"  {n}" for n in gone])
    found = [f"  {o['power']}: {o.get('order') or o.get('text')}: {o['detail']}" for o in result.get("orders", [])
             if code(o.get("order") or o.get("text")) == "co" and o.get("status") == "succeeds"
             and o.get("detail") and o.get("power")]
    _section(out, "Research (V.2)", sorted(found))
    return out


def battle(c: Mapping[str, Any]) -> str:
    """One line a clash: who attacked and what became of it, who defended, the losses."""
    attacks = [f"{'+'.join(a.get('powers', []))} {', '.join(a.get('units', []))} {a.get('result')}"
               for a in c.get("attackers", [])]
    defence = [f"{d.get('power')} {d.get('unit') or d.get('type', '')} {d.get('result')}".replace("  ", " ")
               for d in c.get("defenders", [])]
    losses = [f"{x['nation']} {x['M']}M" for x in c.get("casualties", []) if x.get("M")]
    parts = [f"attacked by {'; '.join(attacks)}" if attacks else "",
             f"defended by {'; '.join(defence)}" if defence else "",
             f"losses {', '.join(losses)}" if losses else ""]
    return f"  {c.get('where')}: " + "; ".join(p for p in parts if p)


def _section(out: list[str], title: str, lines: list[str]) -> None:
    if lines:
        out += ["", title, *lines]


def _who(nation: Any) -> str:
    return str(nation) if nation else "nobody"


def _kind(nation: Mapping[str, Any]) -> str:
    if nation.get("kind") == "territory":
        return f"a territory of {nation.get('suzerain')}"
    return "a home nation"
