"""The CASE corpus of military situations (tests/hyper/military.txt), one test per case."""

from __future__ import annotations

from pathlib import Path

import pytest

from .cases import Case, read_cases
from .conftest import season, start

CASES = read_cases(Path(__file__).with_name("military.txt"))


def _position(c: Case) -> dict:
    pos = start()
    eco = pos["economy"]
    pos["units"] = []
    for u in c.units:
        power, uid, at = u.split()
        if uid == "N":
            pos["units"].append({"power": power, "type": "N", "at": at, "M": 3})
        else:
            pos["units"].append({"id": uid, "power": power, "type": uid[-1], "at": at, "M": 6})
    for n in eco["nations"].values():
        n["acquired"] = 9
    for prov, nation in c.owners.items():
        eco["provinces"][prov]["de_facto"] = nation
    eco["alliances"] = [{"id": a, "members": ms, "since": "S1914M", "reaffirmed": "S1914M"}
                        for a, ms in sorted(c.alliances.items())]
    for nation, factor, value in c.stock:
        eco["nations"][nation]["stock"][factor] = value
    pos["rng"]["overrides"] = c.dice
    return pos


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case):
    r = season(_position(case), case.orders)
    for power, text, status, reason in case.expect:
        hits = [o for o in r["orders"] if o["power"] == power and o["text"] == text]
        assert len(hits) == 1, f"line {case.line}: no result for {power} {text!r}"
        assert hits[0]["status"] == status, hits[0]
        if reason:
            assert hits[0]["reason"] == reason, hits[0]
    units = {(u["power"], u.get("id") or "N"): u["at"] for u in r["next"]["units"]}
    for power, uid, loc in case.where:
        assert units.get((power, uid), "gone") == loc, (power, uid, r["orders"])
    for prov, nation in case.owner_after:  # a conquest is a territory under the conqueror (II.2b)
        holder = r["next"]["economy"]["provinces"][prov]["de_facto"]
        assert holder in (nation, f"{nation}-{prov}"), (prov, holder)
    for account, factor, amount, reason in case.ledger:
        assert any(e["account"] == account and e["factor"] == factor and e["amount"] == amount
                   and reason in e["reason"] for e in r["ledger"]), (account, factor, amount, reason)


def test_the_corpus_is_big_enough_and_every_case_has_a_rule_or_an_outcome():
    assert len(CASES) >= 40
    assert all(c.expect or c.where or c.owner_after or c.ledger for c in CASES)
