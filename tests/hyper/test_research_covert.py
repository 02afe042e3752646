"""Research, production increases and covert action (V, VIII.1-3) on the test board."""

from __future__ import annotations

from diplodesk.engine.hyper.report import gazette, statement

from .conftest import line, season, start


def _key(result: dict, purpose: str) -> str:
    return next(d["key"] for d in result["dice"] if d["purpose"] == purpose)


def test_a_team_that_fails_gains_a_temporary_level_and_one_that_succeeds_falls_back():
    pos = start()
    r = season(pos, {"fra": ["co A"]})
    pos["rng"]["overrides"] = {_key(r, "research"): [1, 1]}
    failed = season(pos, {"fra": ["co A"]})
    team = failed["next"]["economy"]["nations"]["fra"]["teams"][0]
    assert (team["temp"], team["perm"], team["pis_made"]) == (1, 0, 0)
    assert "rolled 2 at level 0: 0 APIs" in line(failed, "fra", "co A")["detail"]
    pos["rng"]["overrides"] = {_key(r, "research"): [6, 6]}  # 12 at level 0: one PI (T9)
    pos["economy"]["nations"]["fra"]["teams"][0].update(temp=4, pis_made=3)
    made = season(pos, {"fra": ["co A"]})
    team = made["next"]["economy"]["nations"]["fra"]["teams"][0]
    assert team["pis_made"] == 5 and team["perm"] == team["temp"] == 2  # half of 5; 12 + 4 >= 15: 2 PIs
    assert made["next"]["economy"]["nations"]["fra"]["pis"] == [{"kind": "A", "made": "W1914M"}] * 2
    assert any(e["reason"] == "research, team A1" and e["amount"] == -1 for e in made["ledger"])


def test_a_pi_is_assigned_the_season_after_it_was_made_and_raises_the_yield_for_good():
    pos = start()
    pos["economy"]["nations"]["fra"]["pis"] = [{"kind": "I", "made": "W1914M"}]
    too_soon = season(pos, {"fra": ["as IPI Pari"]})
    assert "made before this season" in line(too_soon, "fra", "as IPI Pari")["detail"]
    pos["phase"] = "S1915M"
    r = season(pos, {"fra": ["as IPI Pari"]})
    assert r["next"]["economy"]["provinces"]["pari"]["yield"] == {"A": 2, "I": 5}
    assert r["next"]["economy"]["nations"]["fra"]["pis"] == []
    assert any(e["reason"] == "yield of pari" and e["factor"] == "I" and e["amount"] == 5
               for e in r["ledger"])


def test_one_pi_to_a_province_in_any_two_seasons():
    pos = start()
    pos["phase"] = "S1915M"
    pos["economy"]["nations"]["fra"]["pis"] = [{"kind": "A", "made": "W1914M"}]
    pos["economy"]["provinces"]["pari"]["last_pi"] = "W1914M"  # the season before
    r = season(pos, {"fra": ["as API Pari"]})
    assert "one in any 2 seasons" in line(r, "fra", "as API Pari")["detail"]
    pos["phase"] = "U1915M"
    assert line(season(pos, {"fra": ["as API Pari"]}), "fra", "as API Pari")["status"] == "succeeds"


def test_sabotage_cuts_this_season_s_yield_and_the_gazette_does_not_say_who():
    pos = start()
    r = season(pos, {"fra": ["sb A $5 Cast"]})
    pos["rng"]["overrides"] = {_key(r, "covert"): [6]}  # $5 + 6 = 11: a cut of 3 (T15)
    r = season(pos, {"fra": ["sb A $5 Cast"]})
    assert "cut by 3" in line(r, "fra", "sb A $5 Cast")["detail"]
    assert not any(e["reason"].startswith("yield of cast") and e["factor"] == "A" for e in r["ledger"])
    assert r["next"]["economy"]["provinces"]["cast"]["quiet"] == 0
    assert r["next"]["economy"]["provinces"]["cast"]["yield"]["A"] == 3  # for this season only
    text = gazette(r, pos)
    assert "cast's A yield cut by 3" in text and "fra: sb" not in text
    spain = statement(r, pos, "spa")
    assert "spent in this nation by another" in spain and "fra" not in spain.split("\n", 1)[1]


def test_guerrilla_warfare_only_by_the_owner_by_right_of_a_province_another_holds():
    pos = start()
    pos["economy"]["provinces"]["nava"]["de_facto"] = "fra"
    r = season(pos, {"spa": ["gw $2 Nava", "gw $2 Cast"], "ita": ["gw $1 Nava"]})
    assert line(r, "spa", "gw $2 Nava")["status"] == "succeeds"
    assert "VIII.1" in line(r, "spa", "gw $2 Cast")["detail"]
    assert "VIII.1" in line(r, "ita", "gw $1 Nava")["detail"]


def test_sabotage_of_transport_factors_destroys_no_more_than_there_are():
    pos = start()
    r = season(pos, {"ita": ["sb Tr $10 Spain"]})
    pos["rng"]["overrides"] = {_key(r, "covert"): [6]}  # (10 + 6) // 4 = 4, Spain has 2
    r = season(pos, {"ita": ["sb Tr $10 Spain"]})
    assert r["next"]["economy"]["nations"]["spa"]["trs"] == 0
    over = season(start(), {"ita": ["sb Tr $6 Spain", "sb Tr $5 Spain"]})
    assert {o["status"] for o in over["orders"] if o["power"] == "ita"} == {"invalid"}
