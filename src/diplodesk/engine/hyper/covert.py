"""Guerrilla warfare and sabotage (VIII.1-3): gold spent to cut a province's yields this season
or to destroy a nation's transport factors, read off tables T14-T17 with a die.

Guerrilla warfare is open only to the owner by right of a province another nation holds; it
cuts both yields (T14). Sabotage of A or of I (T15, T16) may hit any province; sabotage of
transport factors (T17) any nation. Each has a most that may be spent. A province so struck is
not quiet this season (II.3). The gold goes, like all spending, into the escrow of the nation
where it was spent (I.9); who paid is not written in the victim's statement.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import TableReader

KINDS = {"gw": "T14", "sb.A": "T15", "sb.I": "T16", "sb.Tr": "T17"}


@dataclass(frozen=True)
class CovertTable:
    table: str
    dice: int  # sides of the one die rolled
    applies_to: tuple[str, ...]  # the yields cut (A, I) or ("Tr",)
    cut: tuple[tuple[int, ...], ...]  # cut[spent - 1][die - 1], spent in whole dollars
    max_spent: int  # whole dollars
    status: str

    def effect(self, spent_halves: int, die: int) -> tuple[int, str]:
        dollars = max(1, min(spent_halves // 2, len(self.cut)))
        row = self.cut[dollars - 1]
        return row[min(die, len(row)) - 1], f"{self.table} ${dollars}, die {die}"


def read_covert(rd: TableReader) -> CovertTable:
    dice = rd.data.get("dice", "1d6")
    sides = 6
    if not isinstance(dice, str) or not dice.startswith("1d") or not 3 <= len(dice) <= 5 \
            or not dice[2:].isascii() or not dice[2:].isdigit() or not 1 <= int(dice[2:]) <= 100:
        rd.bad("", "dice", f"expected one die of 1 to 100 sides like \"1d6\", got {str(dice)[:20]!r}")
    else:
        sides = int(dice[2:])
    applies = rd.names("applies_to")
    for a in applies:
        if a not in ("A", "I", "Tr"):
            rd.bad("", "applies_to", f"{a!r} is not A, I or Tr")
    rows = rd.data.get("cut")
    cut: list[tuple[int, ...]] = []
    if not isinstance(rows, list) or not rows:
        rd.bad("", "cut", "expected one row per dollar spent, each a list of one cut per face")
    else:
        for i, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != sides:
                rd.bad(f"${i + 1}", "cut", f"expected {sides} cells, one per face of the die")
                continue
            cut.append(tuple(rd.whole(v, f"${i + 1}", f"cut[{j}]") for j, v in enumerate(row)))
    rd.known_keys({"dice", "applies_to", "cut", "max"})
    return CovertTable(rd.meta.table, sides, tuple(applies), tuple(cut) or ((0,) * sides,),
                       rd.whole(rd.data.get("max", len(cut) or 5), "", "max", 1), rd.meta.status)
