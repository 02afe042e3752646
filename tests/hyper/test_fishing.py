"""Fishing (VII) on the test board: fleets built on coasts, moved to sea, fishing 1A each."""

from __future__ import annotations

import shutil

import pytest

from diplodesk.engine import load_variant
from diplodesk.engine.hyper import pack_of
from diplodesk.engine.tables import TableError

from .conftest import MINI, line, season, start, stock


def _fleets(*ffs: tuple[str, str, str, str | None]) -> dict:
    pos = start()
    pos["economy"]["ffs"] = [{"id": i, "owner": n, "at": at, "built": "F1914M", "fished": last}
                             for i, n, at, last in ffs]
    return pos


def _a_from_fish(result: dict, nation: str) -> int:
    return sum(e["amount"] for e in result["ledger"] if e["account"] == nation
               and e["reason"].startswith("catch of"))


def test_a_fleet_at_sea_with_a_route_home_catches_1A():
    r = season(_fleets(("FF1", "fra", "bisc", None)), {"fra": ["FF1 f"]})
    assert line(r, "fra", "FF1 f")["status"] == "succeeds"
    assert _a_from_fish(r, "fra") == 1
    assert r["next"]["economy"]["ffs"][0]["fished"] == "bisc"


def test_a_fleet_on_a_coast_must_first_move_out_to_sea_and_cannot_fish_as_it_moves():
    pos = _fleets(("FF1", "fra", "bret", None))
    r = season(pos, {"fra": ["FF1 f"]})
    assert "must move out to sea" in line(r, "fra", "FF1 f")["detail"]
    r = season(pos, {"fra": ["FF1 mo Bisc"]})
    assert r["next"]["economy"]["ffs"][0]["at"] == "bisc"
    both = season(pos, {"fra": ["FF1 mo Bisc", "FF1 f"]})
    assert "cannot move and fish" in line(both, "fra", "FF1 mo Bisc")["detail"]


def test_a_nation_without_a_coast_near_has_no_delivery_route():
    r = season(_fleets(("FF1", "sui", "tyrs", None)), {"sui": ["FF1 f"]})
    assert line(r, "sui", "FF1 f")["reason"] == "no route"


def test_a_full_sea_lets_last_season_s_fishers_fish_first():  # the Ionian holds one (T13)
    pos = _fleets(("FF1", "ita", "ionn", "ionn"), ("FF1", "fra", "ionn", None))
    r = season(pos, {"ita": ["FF1 f"], "fra": ["FF1 f"]})
    assert line(r, "ita", "FF1 f")["status"] == "succeeds"
    assert line(r, "fra", "FF1 f")["reason"] == "over capacity"


def test_an_unfriendly_task_force_may_deny_the_catch_and_destroy_the_fleet():
    pos = _fleets(("FF1", "fra", "bisc", None))
    pos["units"] = [{"id": "1T", "power": "spa", "type": "T", "at": "bisc", "M": 6}]
    denied = season(pos, {"fra": ["FF1 f"], "spa": ["1T ho", "1T dn FF1"]})
    assert line(denied, "fra", "FF1 f")["reason"] == "denied"
    gone = season(pos, {"spa": ["1T st", "1T ds FF1"]})
    assert gone["next"]["economy"]["ffs"] == []
    assert line(gone, "spa", "1T ds FF1")["status"] == "succeeds"


def test_a_fishing_fleet_is_built_on_a_coast_for_1I_and_disbanded_at_will():
    r = season(start(), {"fra": ["bu FF Bret"], "spa": ["bu FF Anda"]})
    assert r["next"]["economy"]["ffs"] == [
        {"id": "FF1", "owner": "fra", "at": "bret", "built": "W1914M", "fished": None}]
    assert "several coasts" in line(r, "spa", "bu FF Anda")["detail"]
    assert stock(r, "fra")["I"] == 30 - 1 + 7  # the build, then the yields
    r = season(_fleets(("FF1", "fra", "bisc", None)), {"fra": ["de FF1"]})
    assert r["next"]["economy"]["ffs"] == []


def test_only_a_coastal_province_may_be_a_land_sea_one(tmp_path):  # VII.3
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    path = folder / "provinces.toml"
    text = path.read_text()
    old = 'id = "pari"\nabbr = "Pari"\n'
    assert old in text
    path.write_text(text.replace(old, old + 'special = ["land-sea"]\n'))
    with pytest.raises(TableError) as e:
        pack_of(load_variant(str(folder)))
    assert "provinces.toml, table provinces, row pari, field special: a land-sea province is a coastal" in str(e.value)
