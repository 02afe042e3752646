"""Eliminated by conquest: a government in exile (II.7b, II.8)."""

from __future__ import annotations

from .conftest import line, season, start


def _morocco_falls() -> tuple[dict, dict]:
    pos = start()
    pos["units"] = [{"id": "1T", "power": "ita", "type": "T", "at": "wmed", "M": 6}]
    pos["economy"]["nations"]["ita"]["acquired"] = 1
    return pos, season(pos, {"ita": ["1T at Moro"]})


def test_a_nation_whose_last_province_falls_lives_on_in_exile_with_half_its_gold():
    pos, r = _morocco_falls()
    mor = r["next"]["economy"]["nations"]["mor"]
    assert mor["kind"] == "gie"
    assert mor["exile"] == {"since": "W1914M", "deadline": "U1915M", "located": None, "hidden_M": 4}
    assert mor["stock"]["gold"] == 1 and mor["stock"]["M"] == 0 and mor["escrow"] == 0
    new = r["next"]["economy"]["nations"]["ita-moro"]
    assert new["suzerain"] == "ita"
    # its share: half the gold, half the A after the rot, none of the single I, all the escrow
    shares = {(e["factor"], e["amount"]) for e in r["ledger"]
              if e["account"] == "ita-moro" and e["reason"] == "mor conquered: its share (II.7b)"}
    assert shares == {("gold", 1), ("A", 1)}  # $1 of its $2, 1 of 3A; its $1 escrow came too
    assert any(e["account"] == "game:destroyed" and e["factor"] == "A" and e["amount"] == 2 for e in r["ledger"])


def test_a_government_in_exile_not_located_in_two_seasons_is_destroyed():
    _, r = _morocco_falls()
    pos = r["next"]
    r = season(pos)
    assert r["next"]["economy"]["nations"]["mor"]["kind"] == "gie"
    r = season(r["next"])
    assert r["next"]["economy"]["nations"]["mor"]["kind"] == "destroyed"
    assert r["next"]["economy"]["nations"]["mor"]["stock"]["gold"] == 0


def test_a_holder_s_permission_locates_it():
    _, r = _morocco_falls()
    r = season(r["next"], {"mor": ["lo Cast"], "spa": ["pm Morocco"]})
    assert line(r, "mor", "lo Cast")["status"] == "succeeds"
    assert r["next"]["economy"]["nations"]["mor"]["exile"]["located"] == "cast"
    alone = season(_morocco_falls()[1]["next"], {"mor": ["lo Cast"]})
    assert line(alone, "mor", "lo Cast")["reason"] == "no permission"
