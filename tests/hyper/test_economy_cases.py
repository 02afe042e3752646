"""The CASE corpus of milestone 3 (tests/hyper/economy.txt), one test per case: trade,
blockades, fishing, research, banking, territory, canals, covert action, conditions and a
scripted game replayed after save and load."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from diplodesk.engine import adjudicate, load_variant
from diplodesk.engine.game import Game
from diplodesk.engine.hyper.report import report

from .cases import Case, lookup, put, read_cases
from .conftest import MINI, start

CASES = read_cases(Path(__file__).with_name("economy.txt"))
RULE = re.compile(r"\((?:[IVX]+\.\d+[a-z]?(?:[-, ]+)?)+")


def _position(c: Case) -> dict:
    pos = start()
    eco = pos["economy"]
    for u in c.units:
        power, uid, at = u.split()
        if uid == "N":
            pos["units"].append({"power": power, "type": "N", "at": at, "M": 3})
        else:
            pos["units"].append({"id": uid, "power": power, "type": uid[-1], "at": at, "M": 6})
    if c.units:
        for n in eco["nations"].values():
            n["acquired"] = 9
    for prov, nation in c.owners.items():
        eco["provinces"][prov]["de_facto"] = nation
    if c.alliances:
        eco["alliances"] = [{"id": a, "members": ms, "since": "S1914M", "reaffirmed": "S1914M"}
                            for a, ms in sorted(c.alliances.items())]
    for nation, factor, value in c.stock:
        eco["nations"][nation]["stock"][factor] = value
    if c.phase:
        pos["phase"] = c.phase
    for path, value in c.sets:
        put(pos if path.startswith("/") else eco, path, value)
    return pos


def _played(pos: dict, c: Case) -> dict:
    """The position with the season's orders, rolls and the GM's answers."""
    pos = copy.deepcopy(pos)
    pos["orders"] = c.orders
    pos["rng"]["overrides"] = c.dice
    if c.answers:
        pos["decisions"] = dict(pos.get("decisions") or {}) | c.answers
    return pos


def _check(c: Case, r: dict, pos: dict) -> None:
    where = f"line {c.line}"
    for i, (power, text, status, reason) in enumerate(c.expect):
        hits = [o for o in r["orders"] if o["power"] == power and o["text"] == text]
        assert len(hits) == 1, f"{where}: no result for {power} {text!r}: {r['orders']}"
        assert hits[0]["status"] == status, (where, hits[0])
        if reason:
            assert hits[0]["reason"] == reason, (where, hits[0])
        if i in c.detail:
            assert c.detail[i] in (hits[0].get("detail") or ""), (where, hits[0])
    units = {(u["power"], u.get("id") or "N"): u["at"] for u in r["next"]["units"]}
    for power, uid, loc in c.where:
        assert units.get((power, uid), "gone") == loc, (where, power, uid, r["orders"])
    for prov, nation in c.owner_after:
        holder = r["next"]["economy"]["provinces"][prov]["de_facto"]
        assert holder in (nation, f"{nation}-{prov}"), (where, prov, holder)
    for account, factor, amount, reason in c.ledger:
        assert any(e["account"] == account and e["factor"] == factor and e["amount"] == amount
                   and reason in e["reason"] for e in r["ledger"]), (where, account, factor, amount, reason)
    for account, reason in c.noledger:
        assert not [e for e in r["ledger"] if e["account"] == account and reason in e["reason"]], \
            (where, account, reason)
    for account, reason, n in c.counts:
        hits = [e for e in r["ledger"] if e["account"] == account and reason in e["reason"]]
        assert len(hits) == n, (where, account, reason, hits)
    for path, value in c.checks:
        try:
            got = lookup(r if path.startswith("/") else r["next"]["economy"], path)
        except (KeyError, IndexError, TypeError):
            got = "<nothing there>"
        assert got == value, (where, path, got)
    for kind, blocking in c.decisions:
        hits = [q for q in r["decisions_needed"] if f"/{kind}/" in q["id"] + "/"]
        assert hits, (where, kind, r["decisions_needed"])
        assert blocking is None or hits[0]["blocking"] == blocking, (where, hits[0])
    for who, text, said in c.reports:
        assert (text in report(r, pos, who)) == said, (where, who, text, report(r, pos, who))
    for text in c.notices:
        assert any(text in n for n in r["notices"]), (where, text, r["notices"])


def _replayed(c: Case, tmp: Path) -> list[tuple[dict, dict]]:
    game = Game.new(load_variant(str(MINI)))
    first = _position(c) | {"variant": game.current.to_json()["variant"]}
    game.current = game.load_position(first)
    for step in c.seasons:
        for n, texts in sorted(step.orders.items()):
            game.set_orders(n, texts)
        game.process()
    game.save(tmp / "game.json")
    again = Game.load(tmp / "game.json")  # every season's result checked against the engine
    assert json.dumps(again.to_json()) == json.dumps(game.to_json())
    return [(record.result, record.position) for record in again.history]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case, tmp_path: Path):
    if case.replay:
        for step, (result, pos) in zip(case.seasons, _replayed(case, tmp_path), strict=True):
            _check(step, result, pos)
        return
    pos = _position(case)
    for step in case.seasons:
        for path, value in step.sets if step is not case else ():  # a later season's own settings
            put(pos if path.startswith("/") else pos["economy"], path, value)
        played = _played(pos, step)
        r = adjudicate(played)
        _check(step, r, played)
        pos = r["next"]


def test_every_case_names_its_rule_and_expects_something():
    assert len(CASES) >= 40
    assert [c.name for c in CASES if not RULE.search(c.title)] == []
    for c in CASES:
        assert all(s.expect or s.where or s.owner_after or s.ledger or s.checks or s.decisions
                   or s.notices or s.noledger or s.counts or s.reports for s in c.seasons), c.name


MILESTONE = ("trade", "blockade", "fishing", "research", "banking", "territory", "canals", "covert",
             "conditions", "replay")


def test_every_acceptance_test_of_milestone_3_has_cases():
    kinds = {c.name.split("-")[0] for c in CASES}
    assert [k for k in MILESTONE if k not in kinds] == []
