"""Provinces changing hands by agreement (II): cession, annexation, new nations, splits."""

from __future__ import annotations

from .conftest import line, season, start


def _owner(r: dict, prov: str) -> tuple[str, str]:
    p = r["next"]["economy"]["provinces"][prov]
    return p["de_facto"], p["de_jure"]


def test_a_province_ceded_and_annexed_within_reach_joins_the_receiver_with_its_yield():
    r = season(start(), {"spa": ["cd Nava to France"], "fra": ["an Nava"]})
    assert _owner(r, "nava") == ("fra", "fra")
    assert any(e["account"] == "fra" and e["reason"] == "yield of nava" for e in r["ledger"])
    assert line(r, "fra", "an Nava")["status"] == "succeeds"


def test_a_province_ceded_and_not_annexed_becomes_a_territory_of_its_own_for_1():
    r = season(start(), {"spa": ["cd Nava to France"]})
    assert _owner(r, "nava") == ("fra-nava", "fra-nava")
    new = r["next"]["economy"]["nations"]["fra-nava"]
    assert (new["kind"], new["suzerain"], new["controllers"]) == ("territory", "fra", ["p01"])
    assert any(e["account"] == "fra" and e["reason"] == "$1 for the new territory fra-nava"
               for e in r["ledger"])
    assert any(e["account"] == "fra-nava" and e["reason"] == "yield of nava" for e in r["ledger"])
    again = season(r["next"])  # the new territory is a nation like any other the next season
    assert again["next"]["economy"]["nations"]["fra-nava"]["stock"]["A"] > 0


def test_annexing_out_of_reach_fails_and_the_province_still_changes_hands():
    r = season(start(), {"ita": ["cd Napl to Spain"], "spa": ["an Napl"]})
    assert line(r, "spa", "an Napl")["reason"] == "out of reach"
    assert _owner(r, "napl")[0] == "spa-napl"


def test_a_new_nation_of_provinces_of_two_nations_costs_1_a_province():
    r = season(start(), {"fra": ['nn "Basque Republic" Gaso'], "spa": ['nn "Basque Republic" Nava']})
    assert _owner(r, "gaso") == ("basque-republic", "basque-republic") == _owner(r, "nava")
    basques = r["next"]["economy"]["nations"]["basque-republic"]
    assert basques["name"] == "Basque Republic" and basques["controllers"] == ["p01", "p02"]
    assert sum(1 for e in r["ledger"] if e["reason"].startswith("$1 for") and e["amount"] < 0) == 2


def test_a_new_nation_must_hang_together_and_have_at_most_four_provinces_from_several():
    apart = season(start(), {"fra": ["nn Free Bret"], "ita": ["nn Free Napl"]})
    assert "next to another" in line(apart, "fra", "nn Free Bret")["detail"]


def test_ceding_the_middle_of_a_nation_splits_what_is_left_and_shares_its_stockpile():
    # Spain: Navarre - Castile - Andalusia in a row; Castile goes to France as a territory
    r = season(start(), {"spa": ["cd Cast to France"]})
    eco = r["next"]["economy"]
    pieces = sorted(n for n in eco["nations"] if n == "spa" or n.startswith("spa-"))
    assert pieces == ["spa", "spa-anda"] or pieces == ["spa", "spa-nava"]
    part = pieces[1]
    assert eco["nations"][part]["controllers"] == ["p02"]
    assert any(e["reason"].startswith("spa split: 1 of 2 provinces") for e in r["ledger"])
    assert any(q["id"].endswith("/split-identity/spa") for q in r["decisions_needed"])


FRANCE_CEDES_ALL = ["cd Gaso to Spain", "cd Acqu to Spain", "cd Bret to Spain", "cd Pari to Spain"]


def _eco(r: dict) -> dict:
    return r["next"]["economy"]["nations"]


def test_a_nation_ceding_all_its_provinces_leaves_the_game_its_assets_shared_by_provinces():
    pos = start()
    r = season(pos, {"fra": FRANCE_CEDES_ALL})
    eco = _eco(r)
    assert eco["fra"]["kind"] == "destroyed"
    assert any("ceded all its provinces and leaves the game" in n for n in r["notices"])
    shares = [e for e in r["ledger"] if e["account"] == "spa-pari" and "pari's share (II.7a)" in e["reason"]]
    assert {e["factor"]: e["amount"] for e in shares}["gold"] == 20 / 4  # $20 in four shares
    # the four new territories each had a quarter of France's escrow too ($10 / 4, $2.5 each)
    assert [e["amount"] for e in r["ledger"] if e["account"] == "spa-pari:escrow" and e["step"] == "6.4"] == [2.5]
    assert any(q["id"].endswith("/gie-assets/fra") for q in r["decisions_needed"])


def test_the_ceding_nation_s_orders_say_what_goes_with_a_province():
    r = season(start(), {"fra": ["cd Pari to Spain with $8 10A", *FRANCE_CEDES_ALL[:3]]})
    pari = [e for e in r["ledger"] if e["account"] == "spa-pari" and e["rule"] == "II.7a"]
    gold = sum(e["amount"] for e in pari if e["factor"] == "gold")
    assert gold == 8 + (20 - 8) / 4  # its $8, and a quarter of what was left
    assert not any(q["id"].endswith("/gie-assets/fra") for q in r["decisions_needed"])


def test_the_gm_may_share_the_assets_himself():
    pos = start()
    pos["decisions"] = {"W1914M/gie-assets/fra": "gm"}
    r = season(pos, {"fra": FRANCE_CEDES_ALL})
    assert not any(e["account"] == "spa-pari" and e["factor"] == "A" and e["step"] == "6.4" for e in r["ledger"])
    assert any("the GM shares its assets" in n for n in r["notices"])


def test_a_nation_s_last_province_ceded_is_an_elimination_by_cession():
    r = season(start(), {"sui": ["cd Swit to Italy"]})
    assert line(r, "sui", "cd Swit to Italy")["status"] == "succeeds"
    assert _eco(r)["sui"]["kind"] == "destroyed"
