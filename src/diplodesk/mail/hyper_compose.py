"""Results out for a Hypereconomic season: one message per player, from that player's papers
only (their nations' statements and their banks' accounts, engine/hyper/papers.py, which
are projections), with their print pack, and the public gazette in the same message: each
player gets exactly one message a season, nobody a second for the news.

A roster player names what they play by the game's player ids (``p01``) or by nations
(``fra``: every player controlling it), so the GM's address book needs no second list.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
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


def hyper_results_mail(position: HyperPosition, result: Mapping[str, Any], roster: Roster, title: str,
                       options: MailOptions | None = None) -> Batch:
    """The messages for the season ``result`` adjudicated from ``position``."""
    o = options or MailOptions()
    names = ShownNames.of(position)
    data = position.to_json()
    season = season_name(str(result["phase"]))
    batch = Batch(str(position.phase))
    plays = {id(p): hyper_players_of(position, p) for p in roster.players}
    news = text(gazette(result, data, names)) if o.public else ""
    mailed = sorted({pid for p in roster.players if p.address for pid in plays[id(p)]})
    packs = _packs(position, result, mailed, names, o) if o.pdf and mailed else {}
    for entry in sorted(roster.players, key=lambda p: (p.name, p.address)):
        if not plays[id(entry)]:
            batch.skipped.append(f"{entry.name}: plays no player or nation of this game")
            continue
        if not entry.address:
            batch.skipped.append(f"{entry.name}: no e-mail address")
            continue
        ids = plays[id(entry)]
        parts = [f"Dear {entry.name},", "", f"{season} of {title} is adjudicated. Your papers:", ""]
        parts += [text(player(result, data, pid, names)) for pid in ids]
        if news:
            parts += ["", news]
        attachments = tuple(packs[pid] for pid in ids if pid in packs)
        body = "\n".join(parts)
        batch.messages.append(Outgoing(
            message_key(position.phase, entry.address, body), (entry.mailbox,),
            f"{title}: {season}, papers for {', '.join(ids)}", body + footer(o), attachments, entry.name,
            powers=tuple(ids)))
    return batch


def _packs(position: HyperPosition, result: Mapping[str, Any], ids: list[str], names: ShownNames,
           o: MailOptions) -> dict[str, Attachment]:
    """Each player's print pack by their id, made as ``diplodesk pack`` makes them, in one go
    (the maps after the season drawn once). The gazette's own PDF is not attached: its text
    is in every message, and its world map would add megabytes to each."""
    from ..engine import seasons
    from ..geometry.shapes import load_map_geometry
    from ..geometry.svg_import import MapError
    from ..render.hyper_export import HyperDrawer
    from ..render.hyper_pack import HyperPackOptions, columns, hyper_packs, lines_per_page
    from ..render.hyper_pages import plan_for

    try:
        geometry = load_map_geometry(position.variant, ref=position.variant_ref or None)
    except MapError:
        geometry = None  # papers without maps, as the pack command makes them
    po = HyperPackOptions(o.page_size)
    plan = plan_for(position.variant, geometry, lines_per_page(po), columns(po))
    after = seasons.read_other(dict(result["next"]), position.variant)
    draw = HyperDrawer(after, geometry, text_labels=True) if geometry is not None else None
    stem = f"{position.variant.id}-{position.phase}"
    with tempfile.TemporaryDirectory(prefix="diplodesk-mail-") as tmp:
        made = hyper_packs(result, position.to_json(), plan, Path(tmp), stem, draw, po, None, ids, names)
        pdfs = [Attachment(p.name, "application", "pdf", p.read_bytes()) for p in made]
    # hyper_packs makes them in this order: each player's (by id), then the gazette
    return dict(zip(sorted(ids), pdfs[:len(ids)], strict=True))


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
