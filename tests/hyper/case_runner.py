"""Playing a CASE (tests/hyper/cases.py) and checking what it expects: one runner for every
corpus, on the test board or on any board a case names, with the case's own table values.

A board is loaded once per test session, and so is its start position; a case that sets
table values plays on a copy of the board's variant with those values, so no other case sees
them.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
from pathlib import Path

from diplodesk.engine import adjudicate, load_variant, seasons, tables
from diplodesk.engine.game import Game
from diplodesk.engine.hyper.report import report
from diplodesk.engine.variant import Variant

from .cases import Case, CaseError, lookup, put

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "examples" / "hyper-mini"


def _ref(name: str | None) -> str:
    """The variant reference a position carries: a built-in id, or a folder's path."""
    if name is None:
        return str(MINI)
    folder = REPO / name
    return str(folder) if (folder / "variant.toml").is_file() else name


@functools.cache
def board(ref: str) -> Variant:
    return load_variant(ref)


@functools.cache
def _start(ref: str) -> str:
    return json.dumps(seasons.start_other(board(ref), "test secret", ref).to_json())


def variant_of(c: Case) -> Variant:
    """The case's board, with the case's table values laid over its tables."""
    base = board(_ref(c.variant))
    if not c.tables:
        return base
    files = copy.deepcopy(dict(base.data.get("table_files") or {}))
    for table, path, value in c.tables:
        hit = tables.find(files, table)
        if hit is None:
            raise CaseError(f"line {c.line}: the variant has no table {table!r}")
        put(files[hit[0]], path, value)
    return dataclasses.replace(base, data={**base.data, "table_files": files})


def position(c: Case) -> dict:
    """The case's first season: the board's start with the case's units, owners and values."""
    pos = json.loads(_start(_ref(c.variant)))
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


def played(pos: dict, c: Case) -> dict:
    """The position with the season's orders, rolls and the GM's answers."""
    pos = copy.deepcopy(pos)
    pos["orders"] = c.orders
    pos["rng"]["overrides"] = c.dice
    if c.answers:
        pos["decisions"] = dict(pos.get("decisions") or {}) | c.answers
    return pos


def _count(r: dict, path: str) -> int:
    """How many units stand in a province (``units nava``), or items a value holds."""
    words = path.split()
    if len(words) == 2 and words[0] == "units":
        return sum(1 for u in r["next"]["units"] if u["at"].partition("/")[0] == words[1])
    try:
        got = lookup(r if path.startswith("/") else r["next"]["economy"], path)
    except (KeyError, IndexError, TypeError):
        return 0
    return len(got) if isinstance(got, list | dict) else int(bool(got))


def check(c: Case, r: dict, pos: dict) -> None:
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
    for prov, nation in c.owner_after:  # a conquest is a territory under the conqueror (II.2b)
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
    for path, n in c.atmost:
        assert _count(r, path) <= n, (where, path, _count(r, path), n)
    for kind, blocking in c.decisions:
        hits = [q for q in r["decisions_needed"] if f"/{kind}/" in q["id"] + "/"]
        assert hits, (where, kind, r["decisions_needed"])
        assert blocking is None or hits[0]["blocking"] == blocking, (where, hits[0])
    for who, text, said in c.reports:
        assert (text in report(r, pos, who)) == said, (where, who, text, report(r, pos, who))
    for text in c.notices:
        assert any(text in n for n in r["notices"]), (where, text, r["notices"])


def _adjudicate(pos: dict, variant: Variant, c: Case) -> dict:
    return seasons.adjudicate_other(pos, variant) if c.tables else adjudicate(pos)


def _replayed(c: Case, tmp: Path) -> list[tuple[dict, dict]]:
    if c.tables:
        raise CaseError(f"line {c.line}: a replayed case plays the board's own tables")
    game = Game.new(board(_ref(c.variant)))
    first = position(c) | {"variant": game.current.to_json()["variant"]}
    game.current = game.load_position(first)
    for step in c.seasons:
        for n, texts in sorted(step.orders.items()):
            game.set_orders(n, texts)
        game.process()
    game.save(tmp / "game.json")
    again = Game.load(tmp / "game.json")  # every season's result checked against the engine
    assert json.dumps(again.to_json()) == json.dumps(game.to_json())
    return [(record.result, record.position) for record in again.history]


def run(c: Case, tmp: Path) -> None:
    """Play every season of the case and check each."""
    if c.replay:
        for step, (result, pos) in zip(c.seasons, _replayed(c, tmp), strict=True):
            check(step, result, pos)
        return
    variant = variant_of(c)
    pos = position(c)
    for step in c.seasons:
        for path, value in step.sets if step is not c else ():  # a later season's own settings
            put(pos if path.startswith("/") else pos["economy"], path, value)
        now = played(pos, step)
        r = _adjudicate(now, variant, c)
        check(step, r, now)
        pos = r["next"]


def expects(c: Case) -> bool:
    """Does every season of the case expect something?"""
    return all(s.expect or s.where or s.owner_after or s.ledger or s.checks or s.decisions or s.notices
               or s.noledger or s.counts or s.reports or s.atmost for s in c.seasons)

