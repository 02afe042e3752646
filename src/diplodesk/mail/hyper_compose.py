"""Results out for a Hypereconomic season: one message per player, from that player's papers
only (their nations' statements and their banks' accounts, engine/hyper/papers.py, which
are projections), with their print pack, and the public gazette in the same message: each
player gets exactly one message a season, nobody a second for the news.

A roster player names what they play by the game's player ids (``p01``) or by nations
(``fra``: every player controlling it), so the GM's address book needs no second list.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..engine.hyper.model import HyperPosition
from ..engine.hyper.papers import gazette, player, text
from ..engine.hyper.report import season_name
from ..engine.hyper.shown_names import ShownNames
from .compose import Attachment, Batch, MailOptions, Outgoing, footer, message_key
from .roster import Player, Roster


def hyper_players_of(position: HyperPosition, entry: Player) -> list[str]:
    """The game's player ids a roster entry stands for (its ids, and its nations' players)."""
    ids = {p.lower(): p for p in position.player_ids()}
    out: set[str] = set()
    for name in entry.powers:
        key = name.lower()
        if key in ids:
            out.add(ids[key])
        elif key in position.nations:
            out |= set(position.nations[key].controllers)
    return sorted(out)


class SeasonPapers:
    """A season's papers as the mail gives them, each made once: a player's (their nations'
    statements and their banks' accounts, from their projection) and the gazette. The send
    dialog keeps one, so a box ticked or a note typed composes the messages again without
    projecting the season again."""

    def __init__(self, position: HyperPosition, result: Mapping[str, Any]):
        self.result = result
        self.data = position.to_json()
        self.names = ShownNames.of(position)
        self._players: dict[str, str] = {}
        self._gazette: str | None = None

    def player(self, pid: str) -> str:
        if pid not in self._players:
            self._players[pid] = text(player(self.result, self.data, pid, self.names))
        return self._players[pid]

    def gazette(self) -> str:
        if self._gazette is None:
            self._gazette = text(gazette(self.result, self.data, self.names))
        return self._gazette


def hyper_results_mail(position: HyperPosition, result: Mapping[str, Any], roster: Roster, title: str,
                       options: MailOptions | None = None, papers: SeasonPapers | None = None,
                       packs: SeasonPacks | None = None) -> Batch:
    """The messages for the season ``result`` adjudicated from ``position`` (``papers`` and
    ``packs``: those made already, kept by the caller)."""
    o = options or MailOptions()
    papers = papers or SeasonPapers(position, result)
    season = season_name(str(result["phase"]))
    batch = Batch(str(position.phase))
    plays = {id(p): hyper_players_of(position, p) for p in roster.players}
    news = papers.gazette() if o.public else ""
    if o.pdf and packs is None:
        packs = SeasonPacks(position, result, o.page_size)
    for entry in sorted(roster.players, key=lambda p: (p.name, p.address)):
        if not plays[id(entry)]:
            batch.skipped.append(f"{entry.name}: plays no player or nation of this game")
            continue
        if not entry.address:
            batch.skipped.append(f"{entry.name}: no e-mail address")
            continue
        ids = plays[id(entry)]
        parts = [f"Dear {entry.name},", "", f"{season} of {title} is adjudicated. Your papers:", ""]
        parts += [papers.player(pid) for pid in ids]
        if news:
            parts += ["", news]
        attachments = tuple(packs.pack(pid) for pid in ids) if o.pdf and packs is not None else ()
        body = "\n".join(parts)
        batch.messages.append(Outgoing(
            message_key(position.phase, entry.address, body), (entry.mailbox,),
            f"{title}: {season}, papers for {', '.join(ids)}", body + footer(o), attachments, entry.name,
            powers=tuple(ids)))
    return batch


class SeasonPacks:
    """A season's print packs for the mail, each made as ``diplodesk pack`` makes it when it
    is first asked for, and kept: the maps after the season are drawn once, at the first
    (``tick`` hears each map's sheet as it is drawn). The gazette's own PDF is not attached:
    its text is in every message, and its world map would add megabytes to each."""

    def __init__(self, position: HyperPosition, result: Mapping[str, Any], page_size: str = "A4",
                 tick: Callable[[str], object] | None = None):
        self.position, self.result, self.tick = position, result, tick
        self.data = position.to_json()
        self.names = ShownNames.of(position)
        self.page_size = page_size
        self.stem = f"{position.variant.id}-{position.phase}"
        self._made: dict[str, Attachment] = {}
        self._season: tuple | None = None

    def made(self, pid: str) -> bool:
        return pid in self._made

    def name(self, pid: str) -> str:
        from ..render.hyper_pack import pack_name

        return pack_name(self.stem, pid)

    def pack(self, pid: str) -> Attachment:
        """``pid``'s pack: their maps and their papers, from their projection only."""
        if pid not in self._made:
            from ..render.hyper_pack import write_pack

            plan, o, maps, key = self._drawn()
            with tempfile.TemporaryDirectory(prefix="diplodesk-mail-") as tmp:
                path = write_pack(plan.player(self.result, self.data, pid, self.names), Path(tmp) / self.name(pid),
                                  f"{self.stem} — {pid}", o, maps, key)
                self._made[pid] = Attachment(path.name, "application", "pdf", path.read_bytes())
        return self._made[pid]

    def _drawn(self) -> tuple:
        """(plan, options, maps, key) of the season: its maps drawn at the first call."""
        if self._season is None:
            from ..engine import seasons
            from ..geometry.shapes import load_map_geometry
            from ..geometry.svg_import import MapError
            from ..render.hyper_export import HyperDrawer
            from ..render.hyper_pack import HyperPackOptions, columns, lines_per_page, season_maps
            from ..render.hyper_pages import plan_for

            variant = self.position.variant
            try:
                geometry = load_map_geometry(variant, ref=self.position.variant_ref or None)
            except MapError:
                geometry = None  # papers without maps, as the pack command makes them
            o = HyperPackOptions(self.page_size)
            plan = plan_for(variant, geometry, lines_per_page(o), columns(o))
            after = seasons.read_other(dict(self.result["next"]), variant)
            draw = HyperDrawer(after, geometry, text_labels=True) if geometry is not None else None
            maps, key = season_maps(draw, plan, o, self.tick)
            self._season = (plan, o, maps, key)
        return self._season


def season_mail(position: Any, result: Mapping[str, Any] | None, roster: Roster, title: str,
                options: MailOptions | None = None) -> Batch:
    """The messages for an adjudicated phase of any season engine: a Hypereconomic season's
    papers from its stored result, a standard phase's reports (adjudicated again, as ever)."""
    if isinstance(position, HyperPosition):
        if result is None:
            raise ValueError(f"{position.phase}: no result to send")
        return hyper_results_mail(position, result, roster, title, options)
    from .compose import results_mail

    return results_mail(position, roster, title, options)
