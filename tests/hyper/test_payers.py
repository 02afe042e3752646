"""Who pays: another nation that orders it too (I.5, III.16), or a bank's gold by redemption
(VI.7-9), on the test board."""

from __future__ import annotations

from diplodesk.engine.hyper.report import gazette, statement

from .conftest import line, season, start, stock


def _escrow(r: dict, nation: str) -> float:
    return r["next"]["economy"]["nations"][nation]["escrow"]


def _with_bank(gold: float = 10, frozen: bool = False) -> dict:
    pos = start()
    pos["economy"]["banks"] = [{"id": "bop", "name": "Bank of Paris", "at": "pari", "controller": "p01",
                                "gold": gold, "invested": 0, "frozen": frozen}]
    return pos


def _french_division_in_navarre() -> dict:
    pos = start()
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "nava", "M": 6}]
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    return pos


# -- payment by another (I.5, III.16) -------------------------------------------------------

def test_spain_pays_for_a_french_armoury_when_both_order_it():
    r = season(start(), {"fra": ["bu Y Pari (pd by Spain)"], "spa": ['pd France "bu Y Pari"']})
    assert line(r, "fra", "bu Y Pari (pd by Spain)")["status"] == "succeeds"
    assert r["next"]["economy"]["installations"] == [
        {"type": "Y", "owner": "fra", "at": "pari", "built": "W1914M", "M": 2}]
    # Spain's stock pays the $1, 2M and 4I of T1; the gold is spent in France: its escrow (I.9)
    fra_alone = season(start(), {})
    spa = stock(fra_alone, "spa")
    assert stock(r, "spa") == {**spa, "gold": spa["gold"] - 1, "M": spa["M"] - 2, "I": spa["I"] - 4}
    assert stock(r, "fra") == stock(fra_alone, "fra")
    assert _escrow(r, "fra") == _escrow(fra_alone, "fra") + 1
    assert "build Y pari, for fra" in statement(r, start(), "spa")


def test_a_payment_by_another_stands_only_if_the_payer_orders_it():
    r = season(start(), {"fra": ["bu Y Pari (pd by Spain)"]})
    assert line(r, "fra", "bu Y Pari (pd by Spain)")["reason"] == "not paid"
    assert r["next"]["economy"]["installations"] == []
    assert stock(r, "spa") == stock(season(start(), {}), "spa")


def test_an_offer_to_pay_for_an_order_nobody_wrote_fails():
    r = season(start(), {"spa": ['pd France "bu Y Gaso"'], "fra": ["bu Y Pari"]})
    assert line(r, "spa", 'pd France "bu Y Gaso"')["reason"] == "nothing to pay"
    assert line(r, "fra", "bu Y Pari")["status"] == "succeeds"  # France pays for its own


def test_a_payer_who_cannot_pay_makes_the_order_fail_and_the_nation_pays_nothing():
    pos = start()
    pos["economy"]["nations"]["mor"]["stock"].update(gold=0)
    r = season(pos, {"fra": ["bu Y Pari (pd by Morocco)"], "mor": ['pd France "bu Y Pari"']})
    assert line(r, "fra", "bu Y Pari (pd by Morocco)")["reason"] == "cannot pay"
    assert r["next"]["economy"]["installations"] == []


def test_upkeep_is_split_between_the_owner_and_the_nation_the_unit_stands_in():
    pos = _french_division_in_navarre()
    alone = season(pos, {"fra": ["1D ho"]})
    r = season(pos, {"fra": ["1D ho (pd by Spain $0.5)"], "spa": ['pd France "1D ho"']})
    assert line(r, "fra", "1D ho (pd by Spain $0.5)")["status"] == "succeeds"
    assert stock(r, "spa")["gold"] == stock(alone, "spa")["gold"] - 0.5
    assert stock(r, "fra")["gold"] == stock(alone, "fra")["gold"] + 0.5
    assert stock(r, "fra")["A"] == stock(alone, "fra")["A"]  # the rest is the owner's


def test_only_the_owner_or_the_nation_it_stands_in_pays_a_unit_s_upkeep():
    r = season(_french_division_in_navarre(), {"fra": ["1D ho (pd by Italy)"], "ita": ['pd France "1D ho"']})
    assert line(r, "fra", "1D ho (pd by Italy)")["reason"] == "illegal"
    assert "III.16" in line(r, "fra", "1D ho (pd by Italy)")["detail"]


def test_a_payment_clause_that_cannot_be_read_says_how_to_write_it():
    r = season(start(), {"fra": ["bu Y Pari (pd by Atlantis)", "bu Y Gaso (pd by France)"]})
    assert "is not a nation" in line(r, "fra", "bu Y Pari (pd by Atlantis)")["detail"]
    assert line(r, "fra", "bu Y Gaso (pd by France)")["reason"] == "illegal"


# -- redemption (VI.7-9) ----------------------------------------------------------------------

_RD = "bu Y Pari ($ pd by rd from Bank of Paris)"


def test_a_bank_redeems_the_gold_of_a_nation_s_build_into_its_escrow():
    r = season(_with_bank(10), {"fra": [_RD], "bop": ["rd $1 to France"]})
    assert line(r, "fra", _RD)["status"] == "succeeds"
    assert line(r, "bop", "rd $1 to France")["status"] == "succeeds"
    plain = season(start(), {"fra": ["bu Y Pari"]})
    assert stock(r, "fra")["gold"] == stock(plain, "fra")["gold"] + 1  # the bank paid the $1
    assert _escrow(r, "fra") == _escrow(plain, "fra")  # as if France had spent it (VI.8)
    assert r["next"]["economy"]["banks"][0]["gold"] == 9


def test_the_published_account_does_not_name_the_redeeming_bank():
    pos = _with_bank(10)
    r = season(pos, {"fra": [_RD], "bop": ["rd $1 to France"]})
    assert "Bank of Paris" not in statement(r, pos, "fra")
    assert "redeemed from a bank" in statement(r, pos, "fra")
    public = gazette(r, pos)
    assert "Bank of Paris" not in public and "rd $1" not in public


def test_a_frozen_bank_cannot_redeem():
    r = season(_with_bank(10, frozen=True), {"fra": [_RD], "bop": ["rd $1 to France"]})
    assert line(r, "fra", _RD)["reason"] == "not redeemed"
    assert r["next"]["economy"]["installations"] == []
    assert r["next"]["economy"]["banks"][0]["gold"] == 10


def test_a_redemption_needs_the_bank_s_order_too():
    r = season(_with_bank(10), {"fra": [_RD]})
    assert line(r, "fra", _RD)["reason"] == "not redeemed"
    lonely = season(_with_bank(10), {"bop": ["rd $1 to France"]})
    assert line(lonely, "bop", "rd $1 to France")["reason"] == "not redeemed"
    assert lonely["next"]["economy"]["banks"][0]["gold"] == 10


def test_what_the_bank_does_not_cover_the_nation_pays_itself():
    pos = start()
    pos["economy"]["banks"] = [{"id": "bop", "name": "Bank of Paris", "at": "pari", "controller": "p01",
                                "gold": 10, "invested": 0}]
    order = "pw $2 Gaso ($ pd by rd from Bank of Paris)"
    r = season(pos, {"fra": [order], "bop": ["rd $1 to France"]})
    assert line(r, "fra", order)["status"] == "succeeds"
    assert r["next"]["economy"]["banks"][0]["gold"] == 9
    short = [o for o in r["orders"] if o["reason"] == "not redeemed"]
    assert short and "pays the rest itself" in short[0]["detail"]


def test_the_payer_quotes_the_order_without_the_clause_whatever_else_it_has():
    pos = _french_division_in_navarre()
    order = "1D ho (re Gaso) (pd by Spain)"
    r = season(pos, {"fra": [order], "spa": ['pd France "1D ho (re Gaso)"']})
    assert line(r, "fra", order)["status"] == "succeeds"
    unpaid = season(pos, {"fra": [order]})
    assert 'spa did not order pd fra "1D ho (re Gaso)"' in line(unpaid, "fra", order)["detail"]
