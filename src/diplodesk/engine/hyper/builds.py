"""Which builds may stand (III.3, III.5-III.12, IV.3): checked before anything is paid.

A build is refused here, with the rule, when it could never happen whatever the money; what
is left is priced and may still fail for want of funds in the T5 loop.
"""

from __future__ import annotations

from collections import Counter

from ..board import ProvinceKind
from .model import HyperPosition
from .orders import HOrder, describe

UNIT_ITEMS = ("D", "T", "N")


def check_builds(pos: HyperPosition, builds: list[HOrder], gone: set[str]) -> None:
    """Mark each impossible build with its error. ``gone``: units demobilised this season."""
    board, c = pos.board, pos.pack.constants
    unit_builds = Counter(o.target.partition("/")[0] for o in builds
                          if o.item in UNIT_ITEMS and o.target)
    inst_builds = Counter((o.item, o.target) for o in builds if o.item in ("Y", "S", "FF") and o.target)
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
            if inst_builds[("FF", loc)] > 1:
                o.fail("illegal", f"one fishing fleet a coast a season; {inst_builds[('FF', loc)]} were "
                       f"ordered at {loc}, so none is built (VII.2)")
            continue
        if o.item in UNIT_ITEMS:
            if unit_builds[prov] > c.unit_builds_per_province:
                o.fail("illegal", f"one unit build in {prov} a season; {unit_builds[prov]} were "
                       "ordered, so none is built (III.7)")
                continue
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
            if inst_builds[(o.item, loc)] > 1:
                o.fail("illegal", f"{where} was ordered twice; neither is built")
                continue
            if any(i.type == o.item and i.at == loc for i in pos.installations):
                o.fail("illegal", f"{prov} already has {'an armoury' if o.item == 'Y' else 'a shipyard'}"
                       f"{' on that coast' if '/' in loc else ''} (III.11)")
                continue


def planned_units(pos: HyperPosition, builds: list[HOrder]) -> dict[str, dict[str, HOrder]]:
    """The designation each unit build of the season would give its unit were all of its
    nation's builds to stand: numbered by place after the units acquired so far (III.10).
    A transfer names a unit built this season by it (III.18)."""
    out: dict[str, dict[str, HOrder]] = {}
    for o in sorted((o for o in builds if o.item in ("D", "T") and not o.error),
                    key=lambda o: (o.nation, describe(o))):
        mine = out.setdefault(o.nation, {})
        mine[f"{pos.nations[o.nation].acquired + len(mine) + 1}{o.item}"] = o
    return out
