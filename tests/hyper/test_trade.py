"""Trade (IV) and blockades on the test board."""

from __future__ import annotations

from .conftest import line, season, start, stock

ROUTE = "via Gaso Nava"  # France's Gascony borders Spain's Navarre


def test_a_factor_trade_delivers_with_its_transport_factors_and_fee():
    r = season(start(), {"fra": [f"tt 10A to Spain {ROUTE}"]})
    assert line(r, "fra", f"tt 10A to Spain {ROUTE}")["status"] == "succeeds"
    received = [e for e in r["ledger"] if e["account"] == "spa" and e["reason"] == "received from fra"]
    assert [(e["factor"], e["amount"]) for e in received] == [("A", 10)]
    fee = [e for e in r["ledger"] if e["account"] == "fra" and e["reason"].startswith("shipping fee")]
    assert [e["amount"] for e in fee] == [-0.5]  # 2 Trs (T8), $1/2 per ten or part (IV.9)


def test_a_fiscal_trade_needs_only_a_route():
    r = season(start(), {"fra": [f"tt $5 to Spain {ROUTE}"]})
    assert line(r, "fra", f"tt $5 to Spain {ROUTE}")["status"] == "succeeds"
    assert not any(e["reason"].startswith("shipping fee") for e in r["ledger"])
    assert stock(r, "spa")["gold"] == 15 + 5 + 2  # and its escrow's fifth


def test_too_few_transport_factors_applied_fail_the_trade():
    r = season(start(), {"fra": [f"tt 30A to Spain {ROUTE} ap 2 Trs"]})
    assert "needs 6 Trs" in line(r, "fra", f"tt 30A to Spain {ROUTE} ap 2 Trs")["detail"]
    over = season(start(), {"spa": ["tt 20A to France via Nava Gaso"]})  # Spain has 2 Trs, 4 needed
    assert "it has 2" in line(over, "spa", "tt 20A to France via Nava Gaso")["detail"]


def test_a_blockade_against_the_sender_fails_the_route_and_the_alternative_is_taken():
    pos = start()
    pos["units"] = [{"id": "1T", "power": "spa", "type": "T", "at": "lyon", "M": 6}]
    sea = "tt $2 to Italy via Gaso Lyon Piem"
    r = season(pos, {"fra": [sea], "spa": ["1T ho", "bk trade Lyon vs France"]})
    assert line(r, "fra", sea)["reason"] == "blockaded"
    both = sea + " alt Gaso Piem"
    r = season(pos, {"fra": [both], "spa": ["1T ho", "bk trade Lyon vs France"]})
    assert line(r, "fra", both)["status"] == "succeeds"  # by land, the alternative
    other = season(pos, {"fra": [sea], "spa": ["1T ho", "bk trade Lyon vs Switzerland"]})
    assert line(other, "fra", sea)["status"] == "succeeds"  # a selective blockade of others


def test_only_an_owner_or_a_task_force_already_there_may_blockade():
    r = season(start(), {"ita": ["bk Nava", "bk Tyrs"]})
    assert "IV.5" in line(r, "ita", "bk Nava")["detail"]
    assert "IV.5" in line(r, "ita", "bk Tyrs")["detail"]


def test_goods_of_a_failed_trade_come_back_and_the_fee_does_not():
    pos = start()
    pos["units"] = [{"id": "1T", "power": "spa", "type": "T", "at": "lyon", "M": 6}]
    order = "tt 10I to Italy via Gaso Lyon Piem"
    r = season(pos, {"fra": [order], "spa": ["1T ho", "bk Lyon"]})
    back = [e for e in r["ledger"] if e["account"] == "fra" and e["reason"] == "trade failed: goods back"]
    assert [(e["factor"], e["amount"]) for e in back] == [("I", 10)]
    assert any(e["account"] == "fra" and e["reason"].startswith("shipping fee") for e in r["ledger"])


def test_a_fishing_blockade_closes_the_delivery_route():
    pos = start()
    pos["economy"]["ffs"] = [{"id": "FF1", "owner": "fra", "at": "bisc", "built": "F1914M"}]
    pos["units"] = [{"id": "1T", "power": "spa", "type": "T", "at": "bisc", "M": 6}]
    r = season(pos, {"fra": ["FF1 f"], "spa": ["1T ho", "bk fish Bisc vs France"]})
    assert line(r, "fra", "FF1 f")["reason"] == "no route"


# -- lent transport factors (IV.8) ----------------------------------------------------------

LOAN = "tt 10A to Spain via Gaso Nava ap 2 Trs of Italy by Piem Lyon Gaso"


def _italy_with_trs(trs: int = 6) -> dict:
    pos = start()
    pos["economy"]["nations"]["ita"]["trs"] = trs
    return pos


def test_the_receiver_lends_its_trs_when_both_order_it():
    order = "tt 10A to Spain via Gaso Nava ap 2 Trs of Spain"
    r = season(start(), {"fra": [order], "spa": ["ap 2 Trs to France"]})
    assert line(r, "fra", order)["status"] == "succeeds"
    assert r["next"]["economy"]["nations"]["spa"]["trs"] == 2  # the Trs end where they began
    alone = season(start(), {"fra": [order]})
    assert line(alone, "fra", order)["reason"] == "not lent"


def test_trs_from_outside_both_nations_need_a_route_and_trs_to_get_there():
    # 2 Trs over Piem-Lyon-Gaso (length 4, a sea counting two) take 2 more of Italy's (T8)
    r = season(_italy_with_trs(), {"fra": [LOAN], "ita": ["ap 4 Trs to France"]})
    assert line(r, "fra", LOAN)["status"] == "succeeds"
    short = season(_italy_with_trs(), {"fra": [LOAN], "ita": ["ap 2 Trs to France"]})
    assert "lends 2 Trs to fra; its trades ask 4" in line(short, "fra", LOAN)["detail"]
    no_route = "tt 10A to Spain via Gaso Nava ap 2 Trs of Italy"
    r = season(_italy_with_trs(), {"fra": [no_route], "ita": ["ap 4 Trs to France"]})
    assert "name their route" in line(r, "fra", no_route)["detail"]
    assert line(r, "ita", "ap 4 Trs to France")["reason"] == "not used"


def test_the_lender_s_own_trs_limit_its_loans():
    r = season(_italy_with_trs(3), {"fra": [LOAN], "ita": ["ap 4 Trs to France"]})
    assert "ita's trades apply 4 Trs; it has 3" in line(r, "fra", LOAN)["detail"]


def test_a_blockade_on_the_way_of_the_lent_trs_stops_the_trade():
    pos = _italy_with_trs()
    pos["units"] = [{"id": "1T", "power": "spa", "type": "T", "at": "lyon", "M": 6}]
    pos["economy"]["nations"]["spa"]["acquired"] = 1
    r = season(pos, {"fra": [LOAN], "ita": ["ap 4 Trs to France"], "spa": ["bk trade Lyon vs Italy"]})
    assert line(r, "fra", LOAN)["reason"] == "blockaded"
    assert "on the way of ita's Trs" in line(r, "fra", LOAN)["detail"]
