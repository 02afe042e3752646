"""Alliances (III.24, III.36-39): friendly units and provinces, and the life of an alliance.

The test board: France holds Brittany, Paris, Aquitaine and Gascony; Spain Navarre, Castile
and Andalusia, and plays Morocco as a territory; Italy Piedmont, Rome and Naples. Navarre
borders Aquitaine, Gascony and Castile; Gascony borders Piedmont.
"""

from __future__ import annotations

import re

import pytest

from diplodesk.engine import PositionError, adjudicate

from .conftest import line, season, stock
from .test_combat import board, owner, where


def allied(pos: dict, aid: str, *members: str, reaffirmed: str = "S1914M") -> dict:
    pos["economy"].setdefault("alliances", []).append(
        {"id": aid, "members": list(members), "since": "S1914M", "reaffirmed": reaffirmed})
    return pos


def alliances(result: dict) -> dict[str, dict]:
    return {a["id"]: a for a in result["next"]["economy"].get("alliances", [])}


# -- III.36: what an alliance lets its members' units do -----------------------------------------


def test_allied_units_move_into_an_allys_province_and_share_it():  # III.36a, d
    pos = allied(board("fra 1D gaso", "spa 1D nava"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["1D mo Nava"], "spa": ["1D ho"]})
    assert line(r, "fra", "1D mo Nava")["status"] == "succeeds"
    assert where(r, "fra", "1D") == "nava" and where(r, "spa", "1D") == "nava"
    assert owner(r, "nava") == "spa"


def test_without_an_alliance_a_move_into_anothers_province_is_illegal():  # III.27
    r = season(board("fra 1D gaso", "spa 1D nava"), {"fra": ["1D mo Nava"], "spa": ["1D ho"]})
    assert line(r, "fra", "1D mo Nava")["status"] == "invalid"
    assert where(r, "fra", "1D") == "gaso"


def test_an_attack_on_an_allys_province_does_not_change_its_owner():  # III.36c
    pos = allied(board("fra 1D gaso"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["1D at Nava"]})
    assert line(r, "fra", "1D at Nava")["status"] == "succeeds"
    assert where(r, "fra", "1D") == "nava"
    assert owner(r, "nava") == "spa"


def test_an_allys_attack_does_not_count_as_attacked_for_yields():  # I.6b, DESIGN 3.4
    quiet = season(allied(board("fra 1D gaso"), "pact", "fra", "spa"), {})
    ally_attack = season(allied(board("fra 1D gaso"), "pact", "fra", "spa"), {"fra": ["1D at Nava"]})
    assert stock(ally_attack, "spa")["I"] == stock(quiet, "spa")["I"]
    assert ally_attack["next"]["economy"]["provinces"]["nava"]["quiet"] == 1


def test_an_attack_on_an_allys_province_dislodges_the_enemy_there():  # III.36c
    pos = allied(board("fra 1D gaso", "ita 1D nava"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["1D at Nava"], "ita": ["1D st (no)"]})
    assert where(r, "ita", "1D") is None
    assert where(r, "fra", "1D") == "nava" and owner(r, "nava") == "spa"


def test_a_dislodged_unit_retreats_into_an_allys_province():  # III.36b
    orders = {"fra": ["1D at Nava"], "spa": ["1D st (re Cast)"]}
    alone = season(board("fra 1D gaso", "spa 1D nava", cast="ita"), orders)
    ally = season(allied(board("fra 1D gaso", "spa 1D nava", cast="ita"), "axis", "spa", "ita"), orders)
    assert where(alone, "spa", "1D") is None  # Castile is Italy's and not friendly: annihilated
    assert where(ally, "spa", "1D") == "cast"


def test_allies_are_not_stood_off_by_each_other():  # III.27
    pos = allied(board("fra 1D gaso", "spa 1D cast"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["1D mo Nava"], "spa": ["1D mo Nava"]})
    assert where(r, "fra", "1D") == "nava" and where(r, "spa", "1D") == "nava"


def test_an_alliance_is_not_transitive():  # III.24: members of the same alliance only
    pos = allied(allied(board("fra 1D gaso"), "west", "fra", "spa"), "south", "spa", "ita")
    r = season(pos, {"fra": ["1D mo Piem"]})
    assert line(r, "fra", "1D mo Piem")["status"] == "invalid"


def test_nations_of_one_player_are_always_friendly():  # I.0 note 4, III.37
    pos = board("spa 1D cast", nava="mor")  # Morocco is Spain's territory, played by p02
    r = season(pos, {"spa": ["1D mo Nava"]})
    assert line(r, "spa", "1D mo Nava")["status"] == "succeeds"
    assert alliances(r) == {}  # nothing to lapse


def test_a_nation_played_jointly_is_friendly_to_each_of_its_players_nations():  # IX.4
    pos = board("fra 1D gaso")
    pos["economy"]["nations"]["ita"]["controllers"] = ["p03", "p01"]
    r = season(pos, {"fra": ["1D mo Piem"]})
    assert line(r, "fra", "1D mo Piem")["status"] == "succeeds"


# -- III.37: making and amending ------------------------------------------------------------------


PACT = 'al pact France, Spain "passage and no attack"'


def test_an_alliance_is_made_when_every_member_orders_the_same_agreement():
    r = season(board("fra 1D gaso"), {"fra": [PACT, "1D mo Nava"],
                                      "spa": ['al pact fra, spa "passage   and no attack"']})
    assert line(r, "fra", PACT)["status"] == "succeeds"
    assert alliances(r)["pact"] == {"id": "pact", "members": ["fra", "spa"], "since": "W1914M",
                                    "reaffirmed": "W1914M", "terms": "passage and no attack"}
    assert where(r, "fra", "1D") == "nava"  # its effects hold from this season's military action


def test_an_alliance_ordered_by_one_member_only_is_not_made():
    r = season(board("fra 1D gaso"), {"fra": [PACT, "1D mo Nava"]})
    assert line(r, "fra", PACT)["status"] == "fails"
    assert "spa did not order pact" in line(r, "fra", PACT)["detail"]
    assert alliances(r) == {}
    assert line(r, "fra", "1D mo Nava")["status"] == "invalid"


def test_copies_with_different_terms_make_no_alliance():
    r = season(board(), {"fra": [PACT], "spa": ['al pact France, Spain "passage only"']})
    assert line(r, "spa", 'al pact France, Spain "passage only"')["reason"] == "not made"
    assert alliances(r) == {}


def test_the_same_agreement_amends_an_alliance_and_keeps_its_first_season():
    pos = allied(board(), "pact", "fra", "spa")
    orders = 'al pact France, Spain, Italy "all three"'
    r = season(pos, {"fra": [orders], "spa": [orders], "ita": [orders]})
    assert alliances(r)["pact"]["members"] == ["fra", "ita", "spa"]
    assert alliances(r)["pact"]["since"] == "S1914M"


@pytest.mark.parametrize("text, why", [
    ("al pact", "two or more members"),
    ("al pact Atlantis", "'Atlantis' is not a nation"),
    ('al pact Spain "unfinished', "double quotes"),
    ("ra Pact Spain", "only the alliance's id"),
    ("wa", "names the alliance"),
])
def test_a_badly_written_alliance_order_says_why(text, why):
    r = season(board(), {"fra": [text]})
    assert line(r, "fra", text)["status"] == "invalid"
    assert why in line(r, "fra", text)["detail"]


def test_only_a_member_reaffirms_or_withdraws():
    r = season(allied(board(), "pact", "fra", "spa"), {"ita": ["ra pact", "wa pact"]})
    assert "ita is not a member of pact" in line(r, "ita", "ra pact")["detail"]
    assert line(r, "ita", "wa pact")["status"] == "invalid"


# -- III.38: lapse ------------------------------------------------------------------------------


def test_an_alliance_neither_reaffirmed_nor_shown_lapses():
    r = season(allied(board("fra 1D gaso", "spa 1D nava"), "pact", "fra", "spa"), {})
    assert alliances(r) == {}
    assert any("pact" in n and "lapsed" in n for n in r["notices"])


def test_an_alliance_reaffirmed_by_one_member_is_kept():
    r = season(allied(board(), "pact", "fra", "spa"), {"spa": ["ra pact"]})
    assert alliances(r)["pact"]["reaffirmed"] == "W1914M"


@pytest.mark.parametrize("units, orders", [
    (("fra 1D nava", "spa 1D nava"), {}),  # sharing a province
    (("fra 1D nava",), {}),  # standing in an ally's province
    (("fra 1D gaso", "spa 1D cast"), {"fra": ["1D at Nava"], "spa": ["1D at Nava"]}),  # both attack it
    (("fra 1D gaso",), {"fra": ["1D at Nava"]}),  # attacking an ally's province
])
def test_a_military_situation_of_III_36_reaffirms_the_alliance(units, orders):
    r = season(allied(board(*units), "pact", "fra", "spa"), orders)
    assert alliances(r)["pact"]["reaffirmed"] == "W1914M"


# -- III.39: withdrawal ---------------------------------------------------------------------------


def test_withdrawal_beats_reaffirmation_in_the_same_season():
    r = season(allied(board(), "pact", "fra", "spa"), {"fra": ["ra pact"], "spa": ["wa pact"]})
    assert line(r, "spa", "wa pact")["status"] == "succeeds"
    assert line(r, "fra", "ra pact")["reason"] == "withdrawn"
    assert alliances(r) == {}


def test_the_members_left_keep_their_alliance():  # [A]
    pos = allied(board(), "pact", "fra", "spa", "ita")
    r = season(pos, {"fra": ["ra pact"], "ita": ["wa pact"]})
    assert alliances(r)["pact"]["members"] == ["fra", "spa"]


def test_a_withdrawing_unit_in_an_allys_province_without_orders_is_demobilised():  # III.39b
    pos = allied(board("fra 1D nava", "fra 2D gaso"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["wa pact"]})
    assert where(r, "fra", "1D") is None and where(r, "fra", "2D") == "gaso"
    asked = {q["id"]: q for q in r["decisions_needed"]}
    q = asked["W1914M/alliance-exit/fra:1D"]
    assert (q["default"], q["blocking"]) == ("demobilise", False)
    assert any(e["reason"].startswith("1D demobilised on leaving pact") for e in r["ledger"])


def test_the_gm_may_let_a_withdrawing_unit_stay():
    pos = allied(board("fra 1D nava"), "pact", "fra", "spa")
    pos["decisions"] = {"W1914M/alliance-exit/fra:1D": "keep"}
    r = season(pos, {"fra": ["wa pact"]})
    assert where(r, "fra", "1D") == "nava"


def test_a_withdrawing_unit_sharing_a_province_may_be_handed_over():  # III.39a
    pos = allied(board("fra 1D acqu", "spa 1D acqu"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["wa pact", "tf 1D to Spain"]})
    assert not [q for q in r["decisions_needed"] if "alliance-exit" in q["id"]]
    assert {u["power"] for u in r["next"]["units"]} == {"spa"}


def test_a_withdrawing_unit_may_attack_the_province_it_stands_in_and_conquer_it():  # III.39b(iii)
    pos = allied(board("fra 1D nava"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["wa pact", "1D at Nava"]})
    assert line(r, "fra", "1D at Nava")["status"] == "succeeds"
    assert owner(r, "nava") == "fra-nava" and where(r, "fra", "1D") == "nava"
    assert not [q for q in r["decisions_needed"] if "alliance-exit" in q["id"]]


def test_a_withdrawing_unit_dislodged_while_it_attacks_its_province_conquers_nothing():
    pos = allied(board("fra 1D nava", "spa 1D cast", "spa 2D gaso", gaso="spa"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["wa pact", "1D at Nava (re Acqu)"], "spa": ["1D at Nava", "2D sp 1D at Nava"]})
    assert where(r, "fra", "1D") == "acqu"
    assert owner(r, "nava") == "spa"


def test_a_unit_attacks_the_province_it_stands_in_only_on_leaving_an_alliance():
    r = season(board("fra 1D gaso"), {"fra": ["1D at Gaso"]})
    assert line(r, "fra", "1D at Gaso")["status"] == "invalid"
    assert "III.39b" in line(r, "fra", "1D at Gaso")["detail"]


def test_after_withdrawal_an_attack_on_the_former_allys_province_conquers_it():
    pos = allied(board("fra 1D gaso"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["wa pact", "1D at Nava"]})
    assert owner(r, "nava") == "fra-nava"


# -- the position ---------------------------------------------------------------------------------


@pytest.mark.parametrize("alliance, where_", [
    ({"id": "pact", "members": ["fra"], "since": "S1914M", "reaffirmed": "S1914M"}, "members"),
    ({"id": "pact", "members": ["fra", "atl"], "since": "S1914M", "reaffirmed": "S1914M"},
     "members[1]"),
    ({"id": "Pact!", "members": ["fra", "spa"], "since": "S1914M", "reaffirmed": "S1914M"}, "id"),
    ({"id": "pact", "members": ["fra", "spa"], "since": "later", "reaffirmed": "S1914M"}, "since"),
    ({"id": "pact", "members": ["fra", "spa"], "reaffirmed": "S1914M"}, "since"),
    ({"id": "pact", "members": ["fra", "spa"], "since": "S1914M", "reaffirmed": "S1914M",
      "colour": "red"}, "colour"),
])
def test_a_bad_alliance_in_the_position_is_named_by_its_path(alliance, where_):
    pos = board()
    pos["economy"]["alliances"] = [alliance]
    with pytest.raises(PositionError, match=re.escape(f"economy.alliances[0].{where_}")):
        adjudicate(pos)


def test_alliances_survive_a_round_trip_through_the_position():
    pos = allied(board(), "pact", "fra", "spa")
    pos["economy"]["alliances"][0]["terms"] = "passage"
    r = season(pos, {"fra": ["ra pact"]})
    assert alliances(r)["pact"]["terms"] == "passage"
    again = season(r["next"], {"spa": ["ra pact"]})
    assert alliances(again)["pact"]["since"] == "S1914M"


def test_acceptance_12_alliances():  # DESIGN 6, milestone 2, test 12
    # allied units share a province, and attack an ally's province without changing its owner
    pos = allied(board("fra 1D gaso", "fra 2D acqu", "spa 1D nava"), "pact", "fra", "spa")
    r = season(pos, {"fra": ["1D mo Nava", "2D at Nava"], "spa": ["1D ho"]})
    assert {where(r, "fra", "1D"), where(r, "fra", "2D"), where(r, "spa", "1D")} == {"nava"}
    assert owner(r, "nava") == "spa"
    assert alliances(r)["pact"]["reaffirmed"] == "W1914M"  # shown by the situation
    # neither reaffirmed nor evidenced: it lapses
    assert alliances(season(allied(board(), "pact", "fra", "spa"), {})) == {}
    # withdrawal beats reaffirmation in the same turn
    r = season(allied(board(), "pact", "fra", "spa"), {"fra": ["ra pact"], "spa": ["wa pact"]})
    assert alliances(r) == {}


def test_an_alliance_written_without_an_id_is_named_by_its_members():  # DESIGN's first shape
    pos = board()
    pos["economy"]["alliances"] = [{"members": ["spa", "fra"], "since": "S1914M", "reaffirmed": "S1914M"}]
    r = season(pos, {"fra": ["ra fra-spa"]})
    assert alliances(r)["fra-spa"]["members"] == ["fra", "spa"]


def test_an_allied_task_force_cannot_deny_an_allys_fishing_fleet():  # VII.5: unfriendly units only
    pos = allied(board("spa 1T bisc"), "pact", "fra", "spa")
    pos["economy"]["ffs"] = [{"id": "FF1", "owner": "fra", "at": "bisc", "built": "F1914M"}]
    r = season(pos, {"fra": ["FF1 f"], "spa": ["1T ho", "1T dn FF1"]})
    assert line(r, "fra", "FF1 f")["status"] == "succeeds"
