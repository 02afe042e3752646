"""Divisions shipped by trade (IV.7, the d-shipping decision) on the test board."""

from __future__ import annotations

from .conftest import line, season, start

SHIP = "tt 1D to Spain via Gaso Nava"  # France's Gascony borders Spain's Navarre
BY_SEA = "tt 1D to Italy via Gaso Lyon Piem"


def _france_with_a_division(*others: dict) -> dict:
    pos = start()
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "gaso", "M": 6}, *others]
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    return pos


def _units(r: dict) -> dict:
    return {(u["power"], u["id"]): u["at"] for u in r["next"]["units"]}


def test_a_shipped_division_lands_in_the_receiving_terminal_and_keeps_its_owner():
    r = season(_france_with_a_division(), {"fra": [SHIP]})
    assert line(r, "fra", SHIP)["status"] == "succeeds"
    assert _units(r) == {("fra", "1D"): "nava"}
    fee = [e for e in r["ledger"] if e["reason"].startswith("shipping fee") and e["account"] == "fra"]
    assert [e["amount"] for e in fee] == [-0.5]  # 2 Trs (T8, one D over 2): $½ for 10 Trs or part


def test_a_shipped_division_cannot_fight_that_season():
    r = season(_france_with_a_division(), {"fra": [SHIP, "1D at Nava"]})
    assert line(r, "fra", "1D at Nava")["reason"] == "shipped"
    assert _units(r) == {("fra", "1D"): "nava"}


def test_each_division_is_a_shipment_of_its_own_with_t8_s_division_row():
    far = "tt 1D to Italy via Gaso Lyon Piem ap 2 Trs"  # length 4 (a sea counts two): 4 Trs
    r = season(_france_with_a_division(), {"fra": [far]})
    assert "needs 4 Trs" in line(r, "fra", far)["detail"]


def test_a_military_blockade_stops_the_division_but_a_trade_blockade_does_not():
    task_force = {"id": "1T", "power": "spa", "type": "T", "at": "lyon", "M": 6}
    stopped = season(_france_with_a_division(task_force), {"fra": [BY_SEA], "spa": ["bk mil Lyon"]})
    assert line(stopped, "fra", BY_SEA)["reason"] == "blockaded"
    assert _units(stopped)[("fra", "1D")] == "gaso"
    passes = season(_france_with_a_division(task_force), {"fra": [BY_SEA], "spa": ["bk trade Lyon"]})
    assert _units(passes)[("fra", "1D")] == "piem"


def test_only_divisions_are_shipped_and_from_where_they_stand():
    pos = _france_with_a_division({"id": "2T", "power": "fra", "type": "T", "at": "lyon", "M": 6})
    r = season(pos, {"fra": ["tt 2T to Spain via Gaso Nava", "tt 1D to Spain via Pari Gaso Nava"]})
    assert "only divisions" in line(r, "fra", "tt 2T to Spain via Gaso Nava")["detail"]
    assert "starts where it stands" in line(r, "fra", "tt 1D to Spain via Pari Gaso Nava")["detail"]


def test_a_division_shipped_twice_is_not_shipped():
    r = season(_france_with_a_division(), {"fra": [SHIP, SHIP.replace("Nava", "Nava alt Gaso Nava")]})
    assert line(r, "fra", SHIP)["status"] == "invalid"
    assert _units(r) == {("fra", "1D"): "gaso"}
