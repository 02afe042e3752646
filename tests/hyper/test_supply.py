"""Supply routes (III.17) and captured installations (III.14)."""

from __future__ import annotations

from diplodesk.engine import load_variant
from diplodesk.engine.hyper.routes import supply_route, surcharge

from .conftest import MINI, line, season, start


def test_the_rules_example_two_seas_and_three_land_provinces_cost_3I():
    board = load_variant(str(MINI)).board
    assert surcharge(board, ("tyrs", "lyon", "napl", "roma", "piem")) == 3
    assert surcharge(board, ("napl",)) == 1 and surcharge(board, ("tyrs",)) == 1
    assert surcharge(board, ()) == 0


def test_the_shortest_route_home_counts_a_sea_as_two_land_provinces():
    board = load_variant(str(MINI)).board
    france = {"bret", "pari", "acqu", "gaso"}
    owners = {p: "fra" for p in france}
    assert supply_route(board, "napl", france, owners, "fra") == ("napl", "roma", "piem")
    # by land through Italy (2 + 1 + 1 + 1) is shorter than by sea (2 + 2 + 2)
    assert supply_route(board, "ionn", france, owners, "fra") == ("ionn", "napl", "roma", "piem")
    assert supply_route(board, "lyon", france, owners, "fra") == ("lyon",)
    assert supply_route(board, "pari", france, owners, "fra") == ()


def test_a_division_abroad_pays_its_route_in_the_ledger():
    pos = start()
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "napl", "M": 6}]
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    r = season(pos, {"fra": ["1D st"]})
    [e] = [e for e in r["ledger"] if e["account"] == "fra" and e["factor"] == "I"
           and "supply route napl-roma-piem (+1I)" in e["reason"]]
    assert e["rule"] == "III.15, III.17, T3"


def test_a_captured_armoury_s_M_go_back_to_its_old_owner():
    pos = start()
    pos["units"] = [{"id": "1D", "power": "spa", "type": "D", "at": "nava", "M": 6}]
    pos["economy"]["nations"]["spa"]["acquired"] = 1
    pos["economy"]["installations"] = [{"type": "Y", "owner": "fra", "at": "gaso", "built": "F1914M", "M": 2}]
    r = season(pos, {"spa": ["1D at Gaso"]})
    assert r["next"]["economy"]["installations"] == []
    assert any(e["account"] == "fra" and e["factor"] == "M" and e["amount"] == 2
               and "captured by spa" in e["reason"] for e in r["ledger"])


def _spain_takes_gascony() -> dict:
    pos = start()
    pos["units"] = [{"id": "1D", "power": "spa", "type": "D", "at": "nava", "M": 6}]
    pos["economy"]["nations"]["spa"]["acquired"] = 1
    pos["economy"]["installations"] = [{"type": "Y", "owner": "fra", "at": "gaso", "built": "F1914M", "M": 2}]
    return pos


def test_the_conqueror_mans_a_captured_armoury_and_keeps_it_for_the_next_season():
    r = season(_spain_takes_gascony(), {"spa": ["1D at Gaso", "mn Gaso"]})
    assert line(r, "spa", "mn Gaso")["status"] == "succeeds"
    assert r["next"]["economy"]["installations"] == [
        {"type": "Y", "owner": "spa", "at": "gaso", "built": "W1914M", "M": 2}]
    # France has its 2M back (III.14); Spain mans it with 2M of its own [A]
    assert any(e["account"] == "fra" and e["factor"] == "M" and e["amount"] == 2
               and "captured by spa" in e["reason"] for e in r["ledger"])
    assert any(e["account"] == "spa" and e["factor"] == "M" and e["amount"] == -2
               and "manned" in e["reason"] for e in r["ledger"])
    after = season(r["next"], {})  # the next season it is Spain's like any other (upkeep, T2)
    assert any(e["account"] == "spa" and e["reason"] == "upkeep Y gaso" for e in after["ledger"])


def test_manning_needs_a_capture_this_season():
    r = season(_spain_takes_gascony(), {"spa": ["mn Gaso"]})
    assert line(r, "spa", "mn Gaso")["reason"] == "nothing to man"
    assert r["next"]["economy"]["installations"][0]["owner"] == "fra"


def test_a_military_blockade_forces_the_next_shortest_route():
    pos = start()
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "napl", "M": 6}]
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    r = season(pos, {"fra": ["1D st"], "ita": ["bk mil Piem vs France"]})
    [e] = [e for e in r["ledger"] if e["account"] == "fra" and "supply route" in e["reason"] and e["factor"] == "I"]
    assert "supply route napl-tyrs-lyon (+2I)" in e["reason"]  # 1 + 2 + 2 = 5 rather than 3 by land
