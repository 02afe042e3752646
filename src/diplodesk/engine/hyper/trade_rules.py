"""Trade's numbers: transport factors by load and length (T8), and the shipping fee (IV.9)."""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import TableReader


@dataclass(frozen=True)
class TradeRules:
    rows: tuple[tuple[int, int, int], ...]  # T8: (load at most, length at most, Trs), first fit
    fee_per: int  # Trs per fee step (10)
    fee: int  # halves per step
    status: str = "provisional"
    divisions: tuple[tuple[int, int], ...] = ()  # T8's rows for one D: (length at most, Trs)

    def trs_for(self, load: int, length: int) -> int | None:
        for qty, ln, trs in self.rows:
            if load <= qty and length <= ln:
                return trs
        return None

    def trs_for_d(self, length: int) -> int | None:
        """One shipped division (IV.7); a pack without D rows ships it as a load of 10."""
        if not self.divisions:
            return self.trs_for(10, length)
        return next((trs for ln, trs in self.divisions if length <= ln), None)


def read_trade(rules: TableReader, t8: TableReader) -> TradeRules:
    t = rules.section("trade")
    rows = []
    for r in t8.rows("rows", {"load_max": int, "len_max": int, "trs": int}):
        rows.append((t8.whole(r["load_max"], r["row"], "load_max", 1), t8.whole(r["len_max"], r["row"], "len_max", 1),
                     t8.whole(r["trs"], r["row"], "trs", 0)))
    ds = []
    if "divisions" in t8.data:
        for r in t8.rows("divisions", {"len_max": int, "trs": int}):
            ds.append((t8.whole(r["len_max"], r["row"], "len_max", 1), t8.whole(r["trs"], r["row"], "trs", 0)))
    t8.known_keys({"rows", "length_unit", "divisions"})
    return TradeRules(tuple(sorted(rows)), rules.whole(t.get("fee_per", 10), "trade", "fee_per", 1),
                      rules.amount(t.get("fee", 0.5), "gold", "trade", "fee"), t8.meta.status,
                      tuple(sorted(ds)))
