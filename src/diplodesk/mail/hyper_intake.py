"""Orders in by mail for a Hypereconomic game: each player's message read with the desk's
Paste e-mail reader (nation headings, ``Name:`` lines, one nation without a heading when the
player has one) into the sheets of the nations and banks that player gives orders for.

A player gives orders for the nations they control (their home nation, territories, nations
they play jointly with others) and the banks they control; a delegation (``dg``, IX.4) lets a
joint player's orders stand for the others', which the engine judges from the signatures.
Lines for anyone else are refused with the reason. The sender signs what they sent (IX.4):
a nation's signatures are the players whose latest orders for it are the orders entered, so
a joint player who sent other orders has not signed, and the engine asks the GM. A later
message from the same player replaces the earlier one, nation by nation.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime

from ..document.hyper_paste import split_orders
from ..engine.hyper.model import HyperPosition
from ..engine.hyper.orders import Names, parse_orders
from .hyper_compose import hyper_players_of
from .inbox import Received
from .intake import Intake, PowerMail, Problem, letter_text, no_orders, to_read
from .roster import Player, Roster


@dataclass
class Sent:
    """One player's latest orders for one nation or bank."""

    player: Player
    signers: tuple[str, ...]  # the game's player ids the roster player stands for, that control it
    orders: tuple[str, ...]
    source: Received
    replaced: list[Received] = field(default_factory=list)


@dataclass
class Letters:
    """What one roster player sent: their messages, and per nation what was refused."""

    player: Player
    ids: tuple[str, ...]  # the game's players they stand for
    givers: tuple[str, ...]  # the nations and banks they give orders for
    messages: list[Received] = field(default_factory=list)
    arrived: dict[str, tuple[str, ...]] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    not_orders: list[str] = field(default_factory=list)


@dataclass
class HyperIntake(Intake):
    """:class:`~.intake.Intake` for nations and banks (its ``powers``), with each player's
    letters and each nation's signatures."""

    letters: list[Letters] = field(default_factory=list)
    signatures: dict[str, tuple[str, ...]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # giver id -> "France (fra)"
    joint: frozenset[str] = frozenset()  # the nations played by more than one player

    def summary(self) -> str:
        return super().summary().replace(" powers", " nations and banks", 1)

    def report(self) -> str:
        """Per player what arrived, what was refused and what was no order; then the nations."""
        lines = [f"{self.phase}: {self.summary()}", ""]
        for lt in self.letters:
            ids = ", ".join(lt.ids) or "no player of this game"
            status = (f"{len(lt.messages)} message{'s' if len(lt.messages) != 1 else ''}, the last of "
                      f"{lt.messages[-1].label}" if lt.messages else "no message")
            lines.append(f"{lt.player.name} ({ids}): {status}")
            for g, orders in lt.arrived.items():
                lines.append(f"    {self.names.get(g, g)}: {len(orders)} order{'s' if len(orders) != 1 else ''}")
                lines += [f"        {o}" for o in orders]
            lines += [f"    refused: {r}" for r in lt.refused]
            if lt.not_orders:
                lines.append(f"    not orders: {len(lt.not_orders)} line(s): " + "; ".join(lt.not_orders[:6])
                             + ("; …" if len(lt.not_orders) > 6 else ""))
        lines += ["", "By nation and bank:"]
        for g, m in self.powers.items():
            lines.append(f"    {self.names.get(g, g)} ({', '.join(m.players) or 'nobody'}): {m.status}"
                         + (f", {len(m.orders)} from {m.source.label}" if m.source else "")
                         + (f", signed by {', '.join(self.signatures[g]) or 'nobody'}"
                            if g in self.signatures and g in self.joint else ""))
        return "\n".join(lines + self.notes_lines(prose=False)) + "\n"


def givers_of(position: HyperPosition, ids: Iterable[str]) -> tuple[str, ...]:
    """The nations (then the banks) these game players give orders for."""
    ids = set(ids)
    nations = sorted(n for n, st in position.nations.items() if ids & set(st.controllers))
    banks = sorted(b.id for b in position.banks if b.controller in ids)
    return tuple(nations + banks)


def _owner(position: HyperPosition, giver: str) -> str:
    """Who gives a nation's or bank's orders, for a refusal."""
    st = position.nations.get(giver)
    if st is not None:
        return f"played by {', '.join(st.controllers)}" if st.controllers else "played by no one"
    bank = next((b for b in position.banks if b.id == giver), None)
    return f"a bank controlled by {bank.controller}" if bank and bank.controller else "controlled by no one"


def names_of(position: HyperPosition) -> dict[str, str]:
    out = {n: f"{position.nations[n].name or (position.pack.nations[n].name if n in position.pack.nations else n)}"
              f" ({n})" for n in position.nations}
    return out | {b.id: f"{b.name} ({b.id})" for b in position.banks}


def read_hyper_orders(position: HyperPosition, roster: Roster, messages: Iterable[Received],
                      accept: Collection[str] = (), now: datetime | None = None) -> HyperIntake:
    """Match every message to its player and read its orders for the season ``position``."""
    letters = {id(p): Letters(p, tuple(ids), givers_of(position, ids))
               for p in roster.players for ids in [hyper_players_of(position, p)]}
    # who can give orders at all: a nation nobody plays (gone, or never dealt) has no sheet to fill
    givers = sorted(n for n, st in position.nations.items() if st.controllers) \
        + sorted(b.id for b in position.banks if b.controller)
    mail = {g: PowerMail(g, tuple(lt.player.name for lt in letters.values() if g in lt.givers)) for g in givers}
    intake = HyperIntake(str(position.phase), mail, letters=list(letters.values()), names=names_of(position),
                         joint=frozenset(n for n, st in position.nations.items() if len(st.controllers) > 1))
    sent: dict[str, dict[int, Sent]] = {g: {} for g in givers}
    names = Names(position)
    for player, msg in to_read(intake, roster, messages, accept, now):
        _read_one(position, roster, letters[id(player)], msg, intake, sent)
    for g in givers:
        _settle(position, g, sent[g], intake, names)
    return intake


def _read_one(position: HyperPosition, roster: Roster, lt: Letters, msg: Received, intake: HyperIntake,
              sent: dict[str, dict[int, Sent]]) -> None:
    lt.messages.append(msg)
    player = lt.player
    own_nations = [g for g in lt.givers if g in position.nations]
    default = own_nations[0] if len(own_nations) == 1 else None
    text, via = letter_text(roster, player, msg,
                            lambda t: any(ln.kind == "order" for ln in split_orders(t, position, default)[1]))
    orders, lines = split_orders(text, position, default)
    if via and text:
        intake.problems.append(Problem(msg.where, "", f"{player.name}'s message ({msg.label}): read for {via}",
                                       "note"))
    for ln in lines:
        if ln.kind != "ignored":
            continue
        prose = ln.message.startswith("not an order")
        lt.not_orders.append(f"line {ln.number} “{ln.text.strip()[:60]}”" + ("" if prose else f" ({ln.message})"))
        intake.problems.append(Problem(f"{msg.where} line {ln.number}", ln.text, f"{player.name}'s message "
                                       f"({msg.label}) line {ln.number}: {ln.message}",
                                       "prose" if prose else "unused"))
    for g in sorted(orders):
        if g not in lt.givers:
            why = (f"{intake.names.get(g, g)}: {len(orders[g])} order{'s' if len(orders[g]) != 1 else ''} not used: "
                   f"{player.name} does not give its orders ({_owner(position, g)})")
            lt.refused.append(why)
            intake.problems.append(Problem(msg.where, "", f"{player.name} ({msg.label}): {why}"))
            continue
        before = sent[g].get(id(player))
        st = position.nations.get(g)
        signers = tuple(i for i in lt.ids if st is None or i in st.controllers)
        mine = Sent(player, signers, tuple(orders[g]), msg)
        if before is not None:
            mine.replaced = [*before.replaced, before.source]
        sent[g][id(player)] = mine
        lt.arrived[g] = mine.orders
    if not orders and not any(ln.kind == "order" for ln in lines):
        intake.problems.append(Problem(msg.where, "", no_orders(player, msg, via if not text else "")))


def _is_dg(text: str) -> bool:
    return text.split(None, 1)[0].lower() == "dg" if text.strip() else False


def _same(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    def norm(texts):
        return sorted(" ".join(t.lower().split()) for t in texts if not _is_dg(t))

    return norm(a) == norm(b)


def _settle(position: HyperPosition, giver: str, by: dict[int, Sent], intake: HyperIntake, names: Names) -> None:
    """A nation's (or bank's) orders from its players' latest, and who signed them.

    The latest message's orders stand. Each player's delegation (``dg``) is theirs, whoever's
    orders stand, so it is kept beside them (IX.4: a player delegates in its home nation's
    orders, which in a joint nation are also the others'). A player who sent only a
    delegation signed nothing; one who sent other orders has not signed these."""
    if not by:
        return
    latest = sorted(by.values(), key=lambda s: s.source.sort_key)
    real = [s for s in latest if any(not _is_dg(t) for t in s.orders)]
    chosen = (real or latest)[-1]
    homes = {str(p["id"]) for p in position.players if p.get("home") == giver}
    delegations = [t for s in latest if set(s.signers) & homes for t in s.orders if _is_dg(t)]
    orders = [t for t in chosen.orders if not _is_dg(t)] + list(dict.fromkeys(delegations))
    pm = intake.powers[giver]
    pm.orders, pm.source, pm.replaced = tuple(orders), chosen.source, list(chosen.replaced)
    signed = [x for s in (real or latest) if _same(s.orders, chosen.orders) for x in s.signers]
    for s in real:
        if not _same(s.orders, chosen.orders):
            pm.replaced.append(s.source)
            intake.problems.append(Problem(s.source.where, "", f"{s.player.name}'s orders for "
                                           f"{intake.names.get(giver, giver)} differ from {chosen.player.name}'s "
                                           f"later ones: {s.player.name} has not signed them (IX.4)", "flag"))
    if giver in position.nations:
        intake.signatures[giver] = tuple(sorted(set(signed)))
    parsed = parse_orders(position, giver, pm.orders, names, frozenset(position.pack.failure_order))
    for o in parsed:
        if o.error and o.error[0] == "no such unit":
            intake.problems.append(Problem(chosen.source.where, o.text, f"{chosen.player.name}'s order for "
                                           f"{intake.names.get(giver, giver)} will not stand: {o.error[1]}", "flag"))


def entered(position: HyperPosition, intake: HyperIntake, givers: Collection[str] | None = None) -> HyperPosition:
    """The position with the orders that arrived (of ``givers``, if named) and their
    signatures. Where the position said nothing of signatures (the GM's word that every
    jointly played nation's orders were signed), the nations not entered here keep that
    word, written out, so that mail's signatures never void the orders the GM typed."""
    take = {g: tuple(o) for g, o in intake.orders().items() if givers is None or g in givers}
    orders = dict(position.orders) | take
    had = position.signatures
    signatures = dict(had) if had is not None else {
        n: tuple(sorted(st.controllers)) for n, st in position.nations.items()
        if len(st.controllers) > 1 and orders.get(n) and n not in take}
    signatures |= {n: intake.signatures[n] for n in take if n in intake.signatures}
    return replace(position, orders={g: o for g, o in orders.items() if o}, signatures=signatures)
