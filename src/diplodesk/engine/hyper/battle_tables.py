"""T6 (casualties) and T7 (attackers needed), read from the variant's table files.

Both tables exist only as images we do not have; the pack's values are provisional except
the anchors III.31 and III.34 state (attackers >= standing defenders, twice the holders, 6M
and 3M for an annihilation). A GM who types in the published numbers changes no code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..tables import Cost, TableReader

SIDES = ("attacker", "defender", "any")
VERSUS = ("stand", "hold", "attack", "border", "any")
RESULTS = ("succeeded", "failed", "held", "dislodged", "standoff", "any")
MAX_STACK = 4


@dataclass(frozen=True)
class CasualtyRow:
    side: str
    vs: str
    result: str
    rate: int  # M per enemy unit engaged
    row: str

    def matches(self, side: str, vs: str, result: str) -> bool:
        return all(mine in ("any", theirs) for mine, theirs in
                   ((self.side, side), (self.vs, vs), (self.result, result)))

    @property
    def specificity(self) -> int:
        return sum(x != "any" for x in (self.side, self.vs, self.result))


@dataclass(frozen=True)
class CombatTables:
    needed: tuple[tuple[int, ...], ...]  # T7: needed[s][h], s + h <= 4
    hold_support_adds: int
    casualties: tuple[CasualtyRow, ...]  # T6
    annihilation: Mapping[str, int]  # M charged to the victor per unit type (III.34)
    retreat_cost: Cost  # III.33: charged only for a retreat that happens

    def attackers_needed(self, standing: int, holding: int) -> tuple[int, str]:
        """T7's cell and its name, for the clash record."""
        return self.needed[standing][holding], f"T7[{standing}][{holding}]"

    def rate(self, side: str, vs: str, result: str) -> tuple[int, str]:
        """T6: the most specific row for a situation (the larger rate between equals)."""
        hits = [r for r in self.casualties if r.matches(side, vs, result)]
        if not hits:
            return 0, f"T6 {side}/{vs}/{result} (no row: none)"
        best = max(hits, key=lambda r: (r.specificity, r.rate))
        return best.rate, f"T6 row {best.row} {best.side}/{best.vs}/{best.result}"


def read_combat(t6: TableReader, t7: TableReader) -> CombatTables:
    rows = []
    for x in t6.rows("rows", {"side": str, "vs": str, "result": str, "M_per_enemy_unit": int}):
        ok = True
        for fld, allowed in (("side", SIDES), ("vs", VERSUS), ("result", RESULTS)):
            if x[fld] not in allowed:
                t6.bad(x["row"], fld, f"{x[fld]!r} is not one of {', '.join(allowed)}")
                ok = False
        rate = t6.whole(x["M_per_enemy_unit"], x["row"], "M_per_enemy_unit")
        if ok:
            rows.append(CasualtyRow(x["side"], x["vs"], x["result"], rate, x["row"]))
    ann = t6.section("annihilation")
    annihilation = {u: t6.whole(ann.get(u, 0), "annihilation", u) for u in ("D", "T", "N")}
    for k in ann:
        if k not in ("D", "T", "N", "status"):
            t6.bad("annihilation", k, "unknown unit type (known: D, N, T)")
    retreat = t6.cost(t6.data.get("retreat_cost", {"I": 2}), "retreat_cost")
    t6.known_keys({"rows", "annihilation", "retreat_cost"})
    needed = _matrix(t7, t7.data.get("needed"))
    adds = t7.number("hold_support_adds", 1)
    t7.known_keys({"needed", "hold_support_adds"})
    return CombatTables(needed, adds, tuple(rows), annihilation, retreat)


def _matrix(rd: TableReader, v: object) -> tuple[tuple[int, ...], ...]:
    """needed[s][h] for every s + h <= 4: rows of 5, 4, 3, 2 and 1 cells."""
    fallback = tuple(tuple(max(1, s + 2 * h) for h in range(MAX_STACK + 1 - s))
                     for s in range(MAX_STACK + 1))
    if not isinstance(v, Sequence) or len(v) != MAX_STACK + 1:
        rd.bad("", "needed", "expected 5 rows (s = 0 to 4 standing defenders)")
        return fallback
    out = []
    for s, row in enumerate(v):
        if not isinstance(row, Sequence) or len(row) != MAX_STACK + 1 - s:
            rd.bad(f"s = {s}", "needed", f"expected {MAX_STACK + 1 - s} cells (h = 0 to "
                   f"{MAX_STACK - s} holding defenders), got {row!r}")
            return fallback
        out.append(tuple(rd.whole(c, f"s = {s}", f"needed[{s}][{h}]", 1) for h, c in enumerate(row)))
    return tuple(out)
