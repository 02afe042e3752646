"""Canals (VIII.5-7) on the test board: Brittany joins the Atlantic and Biscay (brest-canal),
Naples the Tyrrhenian and Ionian seas (naples-canal); Andalusia is a canal site (andalusia-site)."""

from __future__ import annotations

import pytest

from diplodesk.engine import PositionError, adjudicate

from .conftest import line, season, start, stock


def board(canals: dict | None = None, *units: str) -> dict:
    pos = start()
    pos["economy"]["canals"] = canals or {}
    pos["units"] = []
    for i, u in enumerate(units):
        power, uid, at = u.split()
        pos["units"].append({"id": uid, "power": power, "type": uid[-1], "at": at, "M": 6 + i})
    return pos


def spent(r: dict, nation: str, reason: str) -> dict:
    return {e["factor"]: -e["amount"] for e in r["ledger"]
            if e["account"] == nation and e["reason"] == reason and e["amount"] < 0}


def canal(r: dict, cid: str) -> dict:
    return r["next"]["economy"]["canals"][cid]


def asked(r: dict, kind: str) -> dict:
    hits = [q for q in r["decisions_needed"] if f"/{kind}/" in q["id"]]
    assert len(hits) == 1, r["decisions_needed"]
    return hits[0]


OPEN = {"brest-canal": {"state": "open"}}


# -- VIII.5: running, closing, reopening -------------------------------------------------

def test_an_open_canal_costs_its_holder_1_dollar_a_season():
    r = season(board(OPEN))
    assert spent(r, "fra", "running brest-canal") == {"gold": 1}
    assert canal(r, "brest-canal")["state"] == "open"


def test_a_closed_canal_costs_nothing():
    r = season(board())
    assert spent(r, "fra", "running brest-canal") == {}


def test_a_task_force_passes_through_an_open_canal():
    r = season(board(OPEN, "fra 1T atla"), {"fra": ["1T dm Bret Bisc"]})
    assert line(r, "fra", "1T dm Bret Bisc")["status"] == "succeeds"


def test_closing_a_canal_stops_the_charge_and_the_passage():
    r = season(board(OPEN, "fra 1T atla"), {"fra": ["cl Bret", "1T dm Bret Bisc"]})
    assert line(r, "fra", "cl Bret")["status"] == "succeeds"
    assert spent(r, "fra", "running brest-canal") == {}
    assert line(r, "fra", "1T dm Bret Bisc")["status"] == "invalid"
    assert "closed" in line(r, "fra", "1T dm Bret Bisc")["detail"]
    assert canal(r, "brest-canal")["state"] == "closed"


def test_a_task_force_in_a_closed_canal_keeps_to_the_side_it_came_from():
    pos = board(None, "fra 1T atla")
    r = season(pos, {"fra": ["1T mo Bret"]})
    assert canal(r, "brest-canal")["coasts"] == {"fra:1T": "ac"}  # the Atlantic coast
    nxt = r["next"]
    r2 = adjudicate(nxt | {"orders": {"fra": ["1T mo Bisc"]}})
    assert line(r2, "fra", "1T mo Bisc")["status"] == "invalid"
    r3 = adjudicate(nxt | {"orders": {"fra": ["1T mo Atla"]}})
    assert line(r3, "fra", "1T mo Atla")["status"] == "succeeds"


def test_a_task_force_inside_when_the_canal_closes_takes_the_coast_it_came_from():
    r = season(board(OPEN, "fra 1T bisc"), {"fra": ["1T mo Bret"]})
    pos = r["next"]  # the T came from Biscay: its coast is bc
    r2 = adjudicate(pos | {"orders": {"fra": ["cl Bret", "1T mo Atla"]}})
    q = asked(r2, "canal-coast")
    assert (q["default"], q["blocking"]) == ("bc", False)
    assert line(r2, "fra", "1T mo Atla")["status"] == "invalid"


def test_the_gm_may_put_the_task_force_on_the_other_coast():
    r = season(board(OPEN, "fra 1T bisc"), {"fra": ["1T mo Bret"]})
    pos = r["next"]
    pos["decisions"] = {f"{pos['phase']}/canal-coast/brest-canal/fra:1T": "ac"}
    r2 = adjudicate(pos | {"orders": {"fra": ["cl Bret", "1T mo Atla"]}})
    assert line(r2, "fra", "1T mo Atla")["status"] == "succeeds"


def test_only_the_holder_closes_or_reopens_a_canal():
    r = season(board(OPEN), {"spa": ["cl Bret"], "ita": ["op naples-canal"]})
    assert line(r, "spa", "cl Bret")["status"] == "invalid"
    assert line(r, "ita", "op naples-canal")["status"] == "succeeds"


def test_reopening_costs_2A_and_10I_and_works_from_the_next_season():
    r = season(board(None, "fra 1T atla"), {"fra": ["op Bret", "1T dm Bret Bisc"]})
    assert spent(r, "fra", "reopening brest-canal") == {"A": 2, "I": 10}
    assert line(r, "fra", "1T dm Bret Bisc")["status"] == "invalid"  # still closed this season
    assert canal(r, "brest-canal")["state"] == "open"


def test_an_unpaid_running_cost_closes_the_canal_for_the_season():
    pos = board(OPEN, "fra 1T atla")
    pos["economy"]["nations"]["fra"]["stock"]["gold"] = 1  # the T's upkeep, and no more
    r = season(pos, {"fra": ["1T dm Bret Bisc"]})
    q = asked(r, "canal-unpaid")
    assert (q["default"], q["blocking"]) == ("closed", False)
    assert line(r, "fra", "1T dm Bret Bisc")["status"] == "invalid"
    assert canal(r, "brest-canal")["state"] == "open"  # charged again next season


# -- VIII.6: building on a site -----------------------------------------------------------

def _rolls(phase: str, season_no: int, gold: int, m: int, a: int, i: int) -> dict:
    key = f"{phase}|panama|andalusia-site/{season_no}"
    return {f"{key}/gold|0": [gold], f"{key}/M|0": [m], f"{key}/A|0": [a], f"{key}/I|0": [i]}


def test_the_first_season_of_a_site_costs_4_dollars_6M_8A_10I_and_announces_the_next():
    pos = board()
    pos["rng"]["overrides"] = _rolls("W1914M", 2, 2, 1, 3, 1)
    r = season(pos, {"spa": ["pc Anda"]})
    assert spent(r, "spa", "andalusia-site, season 1 of 3") == {"gold": 4, "M": 6, "A": 8, "I": 10}
    nxt = canal(r, "andalusia-site")
    assert nxt["next"] == {"gold": 4, "M": 1, "A": 9, "I": 6}  # 1d3+2, 1d2, 1d3+6, 1d3+5
    assert (nxt["state"], nxt["paid"], nxt["builder"]) == ("building", 1, "spa")
    assert any("season 2 of its building will cost $4, 1M, 9A, 6I" in n for n in r["notices"])


def test_the_third_season_finishes_the_canal_and_refunds_one_die_of_M():
    pos = board({"andalusia-site": {"state": "building", "builder": "spa", "paid": 2,
                                    "next": {"gold": 3, "M": 2, "A": 7, "I": 8}}})
    pos["rng"]["overrides"] = {"W1914M|panama|andalusia-site/refund|0": [5]}
    r = season(pos, {"spa": ["pc Anda"]})
    assert spent(r, "spa", "andalusia-site, season 3 of 3") == {"gold": 3, "M": 2, "A": 7, "I": 8}
    assert any(e["reason"] == "andalusia-site finished: 5M refunded" and e["amount"] == 5
               for e in r["ledger"])
    assert canal(r, "andalusia-site") == {"state": "open"}
    r2 = adjudicate(r["next"] | {"orders": {}})
    assert spent(r2, "spa", "running andalusia-site") == {"gold": 1}


def test_a_season_without_payment_costs_the_restart_fee():
    pos = board({"andalusia-site": {"state": "building", "builder": "spa", "paid": 1,
                                    "next": {"gold": 3, "M": 1, "A": 7, "I": 6}}})
    r = season(pos)
    assert canal(r, "andalusia-site")["lapsed"] is True
    r2 = adjudicate(r["next"] | {"orders": {"spa": ["pc Anda"]}})
    assert spent(r2, "spa", "andalusia-site, season 2 of 3 with the restart fee") == {
        "gold": 3 + 1, "M": 1, "A": 7 + 2, "I": 6 + 4}


def test_another_nation_builds_only_with_the_holders_permission_and_the_holder_pays():
    r = season(board(), {"fra": ["pc Anda"]})
    assert line(r, "fra", "pc Anda")["reason"] == "no permission"
    r = season(board(), {"fra": ["pc Anda"], "spa": ["pm Anda for France"]})
    assert line(r, "fra", "pc Anda")["status"] == "succeeds"
    assert asked(r, "panama-permission")["default"] == "accept"
    assert spent(r, "spa", "andalusia-site, season 1 of 3")["gold"] == 4
    assert canal(r, "andalusia-site")["builder"] == "fra"


def test_pm_for_a_government_in_exile_still_reads_as_before():
    r = season(board(), {"sui": ["pm Morocco"]})
    assert line(r, "sui", "pm Morocco")["order"] == "pm mor"


def test_a_site_that_cannot_be_paid_is_not_worked():
    pos = board()
    pos["economy"]["nations"]["spa"]["stock"]["A"] = 0
    r = season(pos, {"spa": ["pc Anda"]})
    assert line(r, "spa", "pc Anda")["reason"] == "cannot pay"
    assert canal(r, "andalusia-site") == {"state": "site"}


# -- VIII.7 and bad input -----------------------------------------------------------------

def test_a_further_canal_needs_the_gms_permission():
    r = season(board(), {"fra": ["pc Gaso"]})
    q = asked(r, "new-canal")
    assert (q["default"], q["blocking"]) == ("reject", True)
    assert line(r, "fra", "pc Gaso")["status"] == "fails"


@pytest.mark.parametrize("canals, where", [
    ({"suez": {"state": "open"}}, "economy.canals.suez"),
    ({"brest-canal": {"state": "ajar"}}, "economy.canals.brest-canal.state"),
    ({"brest-canal": {"state": "building"}}, "economy.canals.brest-canal.state"),
    ({"andalusia-site": {"state": "building", "builder": "spa", "paid": 0}}, "economy.canals.andalusia-site.paid"),
    ({"brest-canal": {"state": "open", "coasts": {"fra:1T": "nc"}}}, "economy.canals.brest-canal.coasts"),
])
def test_a_bad_canal_state_is_named_where_it_is(canals, where):
    with pytest.raises(PositionError, match=where):
        adjudicate(board(canals) | {"orders": {}})


def test_the_canals_state_is_written_back_every_season():
    r = season(board())
    assert r["next"]["economy"]["canals"] == {"andalusia-site": {"state": "site"},
                                              "brest-canal": {"state": "closed"},
                                              "naples-canal": {"state": "closed"}}
    assert stock(r, "fra")  # and the season ran


def test_a_finished_site_joins_its_two_coasts_while_it_is_open():
    built = {"andalusia-site": {"state": "open"}}
    r = season(board(built, "spa 1T anda/wc"), {"spa": ["1T mo Wmed"]})
    assert line(r, "spa", "1T mo Wmed")["status"] == "succeeds"
    r = season(board(built, "spa 1T atla"), {"spa": ["1T dm Anda Wmed"]})
    assert line(r, "spa", "1T dm Anda Wmed")["status"] == "succeeds"
    r = season(board(None, "spa 1T anda/wc"), {"spa": ["1T mo Wmed"]})  # not built yet
    assert line(r, "spa", "1T mo Wmed")["status"] == "invalid"


def test_a_task_force_in_a_closed_canal_retreats_only_to_its_own_side():
    pos = board({"brest-canal": {"state": "closed", "coasts": {"fra:1T": "ac"}}}, "fra 1T bret", "spa 1T bisc")
    r = season(pos, {"fra": ["1T st (re Bisc/Atla)"], "spa": ["1T at Bret"]})
    assert line(r, "fra", "1T st (re Bisc/Atla)")["reason"] == "dislodged"
    assert [u["at"] for u in r["next"]["units"] if u["power"] == "fra"] == ["atla"]


def test_a_task_force_in_a_closed_canal_supports_only_into_its_own_side():
    pos = board({"brest-canal": {"state": "closed", "coasts": {"fra:1T": "ac"}}},
                "fra 1T bret", "fra 2T atla", "fra 3T acqu")
    r = season(pos, {"fra": ["1T sp 2T ho", "2T ho", "3T ho"]})
    assert line(r, "fra", "1T sp 2T ho")["status"] == "succeeds"
    r = season(pos, {"fra": ["1T sp 3T ho", "2T ho", "3T ho"]})
    assert line(r, "fra", "1T sp 3T ho")["status"] == "invalid"
