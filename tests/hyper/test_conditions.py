"""Conditional orders (IX.3): an order that stands only if another's succeeds (or fails)."""

from __future__ import annotations

from .conftest import line, season, start

WORKS = 'pw $1 Nava'


def test_an_order_stands_when_the_order_it_waits_on_succeeds():
    cond = f'pw $2 Gaso if Spain "{WORKS}" succeeds'
    r = season(start(), {"fra": [cond], "spa": [WORKS]})
    assert line(r, "fra", cond)["status"] == "succeeds"
    alone = season(start(), {"fra": [cond]})
    assert line(alone, "fra", cond)["reason"] == "condition failed"
    assert "gave no order" in line(alone, "fra", cond)["detail"]


def test_an_order_waiting_on_a_failure_stands_when_it_fails():
    bad = "pw $9 Nava"  # over the $5 a province (VIII.4)
    cond = f'pw $2 Gaso if Spain "{bad}" fails'
    r = season(start(), {"fra": [cond], "spa": [bad]})
    assert line(r, "fra", cond)["status"] == "succeeds"


def test_a_chain_of_conditions_settles_to_a_fixpoint():
    a = 'pw $1 Roma if France "pw $2 Gaso" succeeds'
    b = f'pw $2 Gaso if Spain "{WORKS}" succeeds'
    r = season(start(), {"ita": [a], "fra": [b]})  # Spain orders nothing: b fails, then a
    assert line(r, "fra", b)["reason"] == "condition failed"
    assert line(r, "ita", a)["reason"] == "condition failed"
    ledger = [e for e in r["ledger"] if e["reason"].startswith("public works")]
    assert ledger == []  # nothing was paid for an order struck by its condition


def test_a_circle_of_conditions_is_the_gms_to_resolve_and_fails_by_default():
    a = 'pw $1 Roma if France "pw $2 Gaso" fails'
    b = 'pw $2 Gaso if Italy "pw $1 Roma" succeeds'
    r = season(start(), {"ita": [a], "fra": [b]})
    [q] = [q for q in r["decisions_needed"] if "/condition-loop/" in q["id"]]
    assert q["blocking"] and not r["final"]
    assert line(r, "ita", a)["reason"] == line(r, "fra", b)["reason"] == "condition failed"


def test_military_builds_actions_and_trades_may_not_be_conditional():
    pos = start()
    pos["economy"]["installations"] = [{"type": "Y", "owner": "fra", "at": "pari", "built": "F1914M"}]
    cond = f'bu D Pari if Spain "{WORKS}" succeeds'
    r = season(pos, {"fra": [cond, f'tt $1 to Spain via Gaso Nava if Spain "{WORKS}" succeeds'],
                     "spa": [WORKS]})
    assert "may not be conditional" in line(r, "fra", cond)["detail"]
    on_trade = 'pw $1 Roma if France "tt $1 to Spain via Gaso Nava" succeeds'
    r = season(start(), {"ita": [on_trade], "fra": ["tt $1 to Spain via Gaso Nava"]})
    assert "may not depend on" in line(r, "ita", on_trade)["detail"]


def test_the_result_keeps_the_order_as_written():
    cond = f'pw $2 Gaso if Spain "{WORKS}" succeeds'
    r = season(start(), {"fra": [cond], "spa": [WORKS]})
    assert [o["text"] for o in r["orders"] if o["power"] == "fra"] == [cond]
