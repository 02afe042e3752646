"""Which builds may stand (III.3, III.5-III.12, IV.3, VII.2): checked before anything is paid.

A build is refused here, with the rule, when it could never happen whatever the money; what
is left is priced and may still fail for want of funds in the T5 loop. Where a nation orders
more builds in one place than the rules allow a season (III.7, III.11, VII.2), the rules set
only the maximum: which stand is the GM's to say, by default the dice's, never the order of
the lines; one order written twice is simply built once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ..board import ProvinceKind
from .model import HyperPosition
from .orders import HOrder, describe

UNIT_ITEMS = ("D", "T", "N")
OVER = "over the limit"  # a build beyond a limit of builds a place a season (III.7, III.11, VII.2)


Pick = Callable[[str, str, list[HOrder], int], list[HOrder]]


def check_builds(pos: HyperPosition, builds: list[HOrder], gone: set[str], pick: Pick) -> None:
    """Mark each impossible build with its error, then each beyond a limit of builds a place
    a season. ``gone``: units demobilised this season. ``pick(rule, where, orders, limit)``
    says which of more orders than the limit stand (the GM's, or the dice's)."""
    _each(pos, builds, gone)
    c = pos.pack.constants
    places: dict[tuple[str, str, str], list[HOrder]] = defaultdict(list)
    for o in builds:
        if o.error or o.item == "Tr":
            continue
        if o.item in UNIT_ITEMS:  # III.7: units of any type, by province
            places[("III.7", o.nation, o.target.partition("/")[0])].append(o)
        else:  # VII.2: a fishing fleet a coast; III.11: one armoury, one shipyard a coast
            places[("VII.2" if o.item == "FF" else "III.11", o.nation, f"{o.item} {o.target}")].append(o)
    for (rule, nation, where), orders in sorted(places.items()):
        limit = c.unit_builds_per_province if rule == "III.7" else 1
        if len(orders) <= limit:
            continue
        keep = pick(rule, f"{nation}/{where.replace(' ', '/')}", orders, limit)
        for o in orders:
            if o not in keep:
                o.fail(OVER, f"at most {limit} build{'s' if limit > 1 else ''} of "
                       f"{'a unit in ' + where if rule == 'III.7' else where} a season; {len(orders)} "
                       f"were ordered and {len(keep) or 'none'} stand{'s' if len(keep) == 1 else ''} ({rule})")


def _each(pos: HyperPosition, builds: list[HOrder], gone: set[str]) -> None:
    """The checks of each build on its own, whatever the others."""
    board, c = pos.board, pos.pack.constants
    for o in builds:
        if o.item == "Tr":
            continue
        loc = o.target or ""
        prov = loc.partition("/")[0]
        info = board.provinces[prov]
        owner = pos.provinces.get(prov)
        where = f"{o.item} {loc}"
        if owner is None or owner.de_facto != o.nation:
            o.fail("illegal", f"{prov} is not a province of {o.nation} (III.6)")
            continue
        special = pos.pack.provinces[prov].special
        if "guards-only" in special and o.item != "N":
            o.fail("illegal", f"only National Guards may be built in {prov} (III.5)")
            continue
        if o.item in ("T", "S", "FF") and info.kind is not ProvinceKind.COAST:
            o.fail("illegal", f"{prov} has no coast (III.11, VII.1)")
            continue
        if o.item in ("T", "S", "FF") and info.coasts and "/" not in loc:
            o.fail("illegal", f"{prov} has several coasts: name one ({', '.join(info.coasts)})")
            continue
        if o.item in ("D", "N", "Y") and "/" in loc:
            o.fail("illegal", f"{where}: only a shipyard or a task force is built on a coast")
            continue
        if o.item == "FF":
            continue
        if o.item in UNIT_ITEMS:
            present = [u for u in pos.units if u.province == prov and u.ref not in gone]
            if len(present) >= c.units_per_province:
                o.fail("illegal", f"{prov} already holds {len(present)} units (III.3)")
                continue
            if o.item == "N":
                if owner.de_jure != o.nation:
                    o.fail("illegal", f"{o.nation} does not own {prov} by right (III.9)")
                    continue
                if any(u.type == "N" for u in present):
                    o.fail("illegal", f"{prov} already has a National Guard (III.9)")
                    continue
            else:
                need = "Y" if o.item == "D" else "S"
                at = prov if need == "Y" else loc
                ok = [i for i in pos.installations
                      if i.type == need and i.at == at and i.owner == o.nation
                      and i.built != str(pos.phase)]
                if not ok:
                    o.fail("illegal", f"a {'D' if need == 'Y' else 'T'} needs {o.nation}'s "
                           f"{'armoury' if need == 'Y' else 'shipyard'} at {at}, built before "
                           "this season (III.2, III.12)")
                    continue
        else:
            if any(i.type == o.item and i.at == loc for i in pos.installations):
                o.fail("illegal", f"{prov} already has {'an armoury' if o.item == 'Y' else 'a shipyard'}"
                       f"{' on that coast' if '/' in loc else ''} (III.11)")
                continue


def planned_units(pos: HyperPosition, builds: list[HOrder]) -> dict[str, dict[str, HOrder]]:
    """The designation each unit build of the season would give its unit were all of its
    nation's builds to stand: numbered by place after the units acquired so far (III.10).
    A transfer names a unit built this season by it (III.18). A build left out by a limit of
    builds a place (III.7) is numbered all the same, so which unit a transfer means never
    hangs on the GM's or the dice's choice; a build that could never happen is not, and one
    written twice is one build."""
    out: dict[str, dict[str, HOrder]] = {}
    seen: set[tuple[str, str]] = set()
    for o in sorted((o for o in builds if o.item in ("D", "T") and _counts(o)),
                    key=lambda o: (o.nation, describe(o), o.index)):
        if (o.nation, describe(o)) in seen:
            continue
        seen.add((o.nation, describe(o)))
        mine = out.setdefault(o.nation, {})
        mine[f"{pos.nations[o.nation].acquired + len(mine) + 1}{o.item}"] = o
    return out


def _counts(o: HOrder) -> bool:
    """Is a build one that could happen: none of its own checks refused it?"""
    return o.error is None or o.error[0] == OVER
