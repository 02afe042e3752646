"""Fishing fleets in the season: built, disbanded, moved, fishing, denied and destroyed (VII)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from ..board import ProvinceKind, province_of
from .accounts import held, stock
from .fishing import FF, delivers
from .trade import blocked

if TYPE_CHECKING:
    from .orders import HOrder
    from .season import Season


def disband(s: Season, o: HOrder) -> None:
    s.ffs = [f for f in s.ffs if f != o.ff]
    s.result(o, "succeeds", None, f"{o.ff.id} disbanded (VII.4)")


def built(s: Season, o: HOrder) -> None:
    taken = [int(f.id[2:]) for f in s.ffs if f.owner == o.nation]
    ff = FF(f"FF{max(taken, default=0) + 1}", o.nation, o.target, s.phase)
    s.ffs.append(ff)
    s.result(o, "succeeds", None, f"built {ff.id}")


def _unfriendly_units(s: Season, prov: str, owner: str, verb: str, ff_id: str) -> list:
    """The unfriendly units in ``prov`` whose owners ordered ``verb`` against this fleet: where
    they stood at the start for a denial, where they stand at the end, if they are still there,
    for a destruction (VII.5)."""
    end = {(u.power, u.ref): u.province for u in s.units if held(u.power, u.ref) not in s.gone}
    out = []
    for o in s.live(verb):
        u = o.unit
        at = None if u is None else (end.get((u.power, u.ref)) if verb == "ds" else u.province)
        if u is not None and not s.friends(u.power, owner) and at == prov and o.note == ff_id:
            out.append(o)
    return out


def season_fleets(s: Season) -> None:
    """Moves (VII.3), then fishing (VII.6-7) from the start-of-season places."""
    rules, board = s.pack.fishing, s.pos.board
    moved: set[tuple[str, str]] = set()
    fishing = [o for o in s.live("f")]
    fishers = Counter((o.ff.owner, o.ff.id) for o in fishing)
    for o in sorted(s.live("ff.mo"), key=lambda o: (o.nation, o.ff.id)):
        ff = o.ff
        dest = o.target
        reach = _reach(board, ff.at, rules.land_sea)
        kind = board.provinces[province_of(dest)].kind
        if ff not in s.ffs:
            o.fail("demobilised", f"{ff.id} was disbanded this season")
        elif fishers[(ff.owner, ff.id)]:
            o.fail("illegal", f"{ff.id} cannot move and fish in one season (VII.3)")
        elif kind not in (ProvinceKind.SEA, ProvinceKind.COAST) or province_of(dest) not in reach \
                or dest == ff.at:
            o.fail("illegal", f"{ff.id} can move only to a coast or sea next to {ff.at} (VII.3)")
        else:
            s.ffs[s.ffs.index(ff)] = FF(ff.id, ff.owner, dest, ff.built, ff.fished)
            moved.add((ff.owner, ff.id))
            s.result(o, "succeeds")
    by_sea: dict[str, list[HOrder]] = defaultdict(list)
    for o in fishing:
        ff = o.ff
        to = o.item or ff.owner  # the nation the catch is delivered to (VII.6a, VII.7)
        coasts = {p for p, st in s.pos.provinces.items() if st.de_facto == to
                  and board.provinces[p].kind is ProvinceKind.COAST}
        if fishers[(ff.owner, ff.id)] > 1:
            o.fail("invalid", f"{ff.id} was ordered to fish twice")
        elif to not in s.pos.nations:
            o.fail("illegal", f"{ff.owner}'s stockpile never holds A: its fleet names the nation it fishes "
                   f"for, {ff.id} f to France (VI.2, VII.7)")
        elif ff not in s.ffs and all(f.id != ff.id or f.owner != ff.owner for f in s.ffs):
            o.fail("demobilised", f"{ff.id} was disbanded this season")
        elif ff.province in rules.land_sea and not rules.at_sea(board, ff.at):
            o.fail("illegal", f"{ff.id} is on {ff.province}'s land half: it must move to its sea half "
                   f"({ff.id} mo {ff.province}/sea) before it fishes there (VII.3)")
        elif not rules.at_sea(board, ff.at):
            o.fail("illegal", f"{ff.id} is on a coast: it must move out to sea before it fishes (VII.3)")
        elif deniers := _unfriendly_units(s, ff.province, ff.owner, "dn", ff.id):
            o.fail("denied", f"{deniers[0].unit.ref} of {deniers[0].unit.power} denied it the catch (VII.5)")
            for d in deniers:
                s.result(d, "succeeds")
        elif not delivers(board, ff.province, coasts, rules.max_between,
                          frozenset(p for p in s.blockades
                                    if blocked(s.blockades, p, "fish", {ff.owner, to}))):
            o.fail("no route", f"no chain of at most {rules.max_between} seas from {ff.province} to a coast "
                   f"of {to} free of blockades (VII.6a)")
        else:
            by_sea[ff.province].append(o)
    for sea in sorted(by_sea):
        orders = by_sea[sea]
        room = rules.room(sea)
        if len(orders) > room:  # VII.6b: last season's fishers first
            first = [o for o in orders if o.ff.fished == sea]
            for o in orders:
                if o not in first:
                    o.fail("over capacity", f"{sea} holds {room} fishing fleets; those that fished "
                           "there last season come first (VII.6b, T13)")
            while len(first) > room:  # still too many [A]: the dice decide who goes without
                out = s.dice.choose(first, "fish", sea, label=lambda o: f"{o.ff.owner}/{o.ff.id}")
                out.fail("over capacity", f"{sea} holds {room}; the dice left it out (VII.6b) [A]")
                first.remove(out)
            orders = first
        for o in orders:
            s.catches.append((o.ff, sea, o.item or o.ff.owner))
            s.result(o, "succeeds", None, f"caught {rules.catch}A in {sea} for {o.item or o.ff.owner} (VII.7)")


def _reach(board, at: str, land_sea: frozenset[str]) -> set[str]:
    """Where a fleet at ``at`` may move: the provinces next to it by sea; between the two halves
    of a land-sea province; into a land-sea province's sea half from next to it (VII.3) [A]."""
    prov = province_of(at)
    out = {province_of(x) for x in board.fleet_adj.get(at, ())}
    if at.endswith("/sea"):
        out |= {province_of(x) for loc in (prov, *(f"{prov}/{c}" for c in board.provinces[prov].coasts))
                for x in board.fleet_adj.get(loc, ())}
    return out | ({prov} if prov in land_sea else set())


def land_catch(s: Season) -> None:
    for ff, sea, to in sorted(s.catches, key=lambda c: (c[0].owner, c[0].id)):
        s.ledger.move("game:fish", stock(to), "A", s.pack.fishing.catch,
                      f"catch of {ff.id} in {sea}" + (f", {ff.owner}'s" if to != ff.owner else ""),
                      rule="VII.7", cell=f"T13 {sea}", step="15")


def end_of_season(s: Season) -> list[FF]:
    """VII.5 destruction by units sharing the fleet's province; who fished where, for next time."""
    fished = {(ff.owner, ff.id): sea for ff, sea, _to in s.catches}
    out = []
    for ff in sorted(s.ffs, key=lambda f: (f.owner, int(f.id[2:]))):
        killers = _unfriendly_units(s, ff.province, ff.owner, "ds", ff.id)
        if killers:
            for k in killers:
                s.result(k, "succeeds", None, f"{ff.owner}'s {ff.id} destroyed (VII.5)")
            continue
        out.append(FF(ff.id, ff.owner, ff.at, ff.built, fished.get((ff.owner, ff.id))))
    for o in s.live("ds"):
        if o.ref not in s.lines:
            s.result(o, "fails", "no effect", f"no fleet {o.note} of an unfriendly nation shares the "
                     f"province of {o.unit.ref} at the end of the season (VII.5)")
    return out
