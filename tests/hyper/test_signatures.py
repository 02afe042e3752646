"""A nation played by several players: its orders are signed by them all (IX.4)."""

from __future__ import annotations

from .conftest import line, season, start


def _joint() -> dict:
    pos = start()
    pos["economy"]["nations"]["sui"]["controllers"] = ["p04", "p03"]
    return pos


def test_orders_lacking_a_players_signature_are_void_by_default():
    pos = _joint() | {"signatures": {"sui": ["p04"]}}
    r = season(pos, {"sui": ["pw $1 Swit"]})
    assert line(r, "sui", "pw $1 Swit")["reason"] == "unsigned"
    [q] = [q for q in r["decisions_needed"] if q["id"].endswith("/joint-signature/sui")]
    assert q["default"] == "void" and not q["blocking"]


def test_signed_by_all_or_accepted_by_the_gm_the_orders_stand():
    signed = season(_joint() | {"signatures": {"sui": ["p03", "p04"]}}, {"sui": ["pw $1 Swit"]})
    assert line(signed, "sui", "pw $1 Swit")["status"] == "succeeds"
    pos = _joint() | {"signatures": {"sui": ["p04"]}, "decisions": {"W1914M/joint-signature/sui": "accept"}}
    assert line(season(pos, {"sui": ["pw $1 Swit"]}), "sui", "pw $1 Swit")["status"] == "succeeds"


def test_a_position_without_signatures_is_the_gms_word_that_they_were_signed():
    assert line(season(_joint(), {"sui": ["pw $1 Swit"]}), "sui", "pw $1 Swit")["status"] == "succeeds"
