"""Who plays what in a Hypereconomic game, and who is bound to whom, as rows for the GM.

Players and their home nations, every nation with its controllers (joint control when there
are several), alliances with their terms and when they were last reaffirmed (III.36-39),
governments in exile with their deadlines (II.7-8), joint victory agreements (IX.9), a
secret one marked as the GM's only, and this season's delegations (IX.4). Read off the current position; no Qt.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine.rule_changes import RuleChangeError, ordinal

GM_ONLY = "GM only (secret)"


@dataclass
class Diplomacy:
    players: list[tuple[str, ...]] = field(default_factory=list)
    nations: list[tuple[str, ...]] = field(default_factory=list)
    alliances: list[tuple[str, ...]] = field(default_factory=list)
    exiles: list[tuple[str, ...]] = field(default_factory=list)
    agreements: list[tuple[str, ...]] = field(default_factory=list)
    delegations: list[tuple[str, ...]] = field(default_factory=list)

    HEADERS = {
        "players": ("player", "name", "home nation", "controls"),
        "nations": ("nation", "name", "kind", "suzerain", "controlled by", "provinces (de facto / de jure)"),
        "alliances": ("alliance", "members", "since", "reaffirmed", "terms"),
        "exiles": ("government in exile", "since", "deadline", "located"),
        "agreements": ("joint victory", "players", "known to"),
        "delegations": ("delegated by", "to", "for", "written in"),
    }


def diplomacy(position) -> Diplomacy:
    """The rows of a HyperPosition, each list sorted by its first column."""
    pack = position.pack
    phase = str(position.phase)
    d = Diplomacy()
    facto = Counter(p.de_facto for p in position.provinces.values() if p.de_facto)
    jure = Counter(p.de_jure for p in position.provinces.values() if p.de_jure)
    controls: dict[str, list[str]] = {}
    for nid, n in position.nations.items():
        for c in n.controllers:
            controls.setdefault(c, []).append(nid)
    for p in sorted(position.players, key=lambda p: str(p["id"])):
        pid = str(p["id"])
        data = pack.players.get(pid)
        mine = sorted(controls.get(pid, []))
        shared = [n for n in mine if len(position.nations[n].controllers) > 1]
        text = ", ".join(f"{n} (jointly)" if n in shared else n for n in mine)
        d.players.append((pid, data.name if data else pid, str(p.get("home", "")), text))
    for nid in sorted(position.nations):
        n = position.nations[nid]
        data = pack.nations.get(nid)
        name = n.name or (data.name if data else nid)
        who = ", ".join(n.controllers) + (" (joint control)" if len(n.controllers) > 1 else "")
        d.nations.append((nid, name, n.kind, n.suzerain or "", who, f"{facto[nid]} / {jure[nid]}"))
        if n.exile is not None:
            e = n.exile
            late = not e.get("located") and _before(position.variant, str(e.get("deadline", "")), phase)
            overdue = " (overdue)" if late else ""
            d.exiles.append((nid, str(e.get("since", "")), f"{e.get('deadline', '')}{overdue}",
                             str(e.get("located") or "not yet")))
    for a in sorted(position.alliances, key=lambda a: a.id):
        due = a.reaffirmed if a.reaffirmed == phase else f"{a.reaffirmed}; due again in {phase} (III.38)"
        d.alliances.append((a.id, ", ".join(a.members), a.since, due, a.terms))
    for j in sorted(position.joint, key=lambda j: j.id):
        d.agreements.append((j.id, ", ".join(j.players), "everyone" if j.public else GM_ONLY))
    d.delegations = delegations(position)
    return d


def delegations(position) -> list[tuple[str, ...]]:
    """This season's ``dg`` orders as written so far (IX.4): who lets whom write the orders
    of which nations; the engine checks them when the season is adjudicated."""
    rows = []
    for nid, texts in sorted(position.orders.items()):
        writers = position.nations[nid].controllers if nid in position.nations else ()
        for text in texts:
            words = text.split()
            if len(words) < 2 or words[0].lower() != "dg":
                continue
            rest = text.split(None, 2)[2] if len(words) > 2 else ""
            which = rest[4:].strip() if rest.lower().startswith("for ") else "every nation played together"
            rows.append((", ".join(writers) or "?", words[1], which, nid))
    return sorted(rows)


def _before(variant, a: str, b: str) -> bool:
    try:
        return ordinal(variant, a) < ordinal(variant, b)
    except RuleChangeError:
        return False


class SetRosterCommand:
    """The GM's players by mail (the game file's ``players``: names, addresses, what each
    plays) set as one undoable step; the mailroom checks them before (``mail.players``)."""

    def __init__(self, game, players: list[dict], text: str):
        self.game, self.text = game, text
        self.new = [dict(p) for p in players]
        self.old = [dict(p) for p in game.players]

    def redo(self) -> None:
        self.game.players = [dict(p) for p in self.new]

    def undo(self) -> None:
        self.game.players = [dict(p) for p in self.old]
