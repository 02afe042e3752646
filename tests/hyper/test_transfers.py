"""Handing over what is not a unit (V.1, V.5): the result never depends on the order of lines."""

from __future__ import annotations

from .conftest import season, start


def _two_apis() -> dict:
    pos = start()
    pos["economy"]["nations"]["fra"]["pis"] = [{"kind": "A", "made": "S1914M"}, {"kind": "A", "made": "S1914M"}]
    return pos


def test_pi_transfers_asking_more_than_the_nation_has_all_fail_in_either_order():
    for lines in (["tf API to Spain", "tf 2 APIs to Spain"], ["tf 2 APIs to Spain", "tf API to Spain"]):
        r = season(_two_apis(), {"fra": lines})
        assert {o["status"] for o in r["orders"] if o["power"] == "fra"} == {"invalid"}
        assert len(r["next"]["economy"]["nations"]["fra"]["pis"]) == 2


def test_pi_transfers_that_fit_together_all_stand():
    r = season(_two_apis(), {"fra": ["tf API to Spain", "tf API to Italy"]})
    assert [len(r["next"]["economy"]["nations"][n]["pis"]) for n in ("fra", "spa", "ita")] == [0, 1, 1]


def test_a_team_joins_a_nation_whose_own_team_has_a_name_of_its_own():
    pos = start()
    pos["economy"]["nations"]["spa"]["teams"] = [{"id": "Alpha", "kind": "A"}]
    r = season(pos, {"fra": ["tf A1 to Spain"]})
    line = next(o for o in r["orders"] if o["text"] == "tf A1 to Spain")
    assert line["status"] == "succeeds" and "spa's A1" in line["detail"]
