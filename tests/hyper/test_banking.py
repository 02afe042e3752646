"""Banks and the world market (VI) on the test board."""

from __future__ import annotations

from .conftest import line, season, start, stock


def _bank(gold: float = 25, invested: float = 0, frozen: bool = False, at: str = "pari") -> dict:
    pos = start()
    pos["economy"]["banks"] = [{"id": "bop", "name": "Bank of Paris", "at": at, "controller": "p01",
                                "gold": gold, "invested": invested, "frozen": frozen}]
    return pos


def _bank_after(r: dict) -> dict:
    return next(b for b in r["next"]["economy"]["banks"] if b["id"] == "bop")


def test_a_nation_founds_a_bank_in_its_own_land_controlled_by_its_player():
    r = season(start(), {"fra": ["eb Bank of Paris Pari", "eb Bank of Navarre Nava"]})
    assert r["next"]["economy"]["banks"] == [{"id": "bank-of-paris", "name": "Bank of Paris", "at": "pari",
                                              "controller": "p01", "gold": 0, "invested": 0,
                                              "frozen": False}]
    assert "own land province" in line(r, "fra", "eb Bank of Navarre Nava")["detail"]


def test_gold_paid_in_the_same_season_is_invested_in_blocks_and_earns_at_the_region_s_level():
    r = season(_bank(), {"fra": ["tt $5 to Bank of Paris"], "bop": ["in $20"]})
    bank = _bank_after(r)
    # on hand 25 + 5 - 20 invested + 2 blocks at level 5 ($0.5 a block, T11)
    assert (bank["gold"], bank["invested"]) == (11, 20)
    assert stock(r, "fra")["gold"] == 20 - 5 + 2  # the deposit, then the escrow's fifth
    assert {d["purpose"] for d in r["dice"]} == {"ipl"}
    assert set(r["next"]["economy"]["ipl"]) == {"west", "med"}


def test_investment_needs_more_than_ten_dollars_on_hand_and_whole_blocks():
    low = season(_bank(gold=10), {"bop": ["in $10"]})
    assert "more than $10" in line(low, "bop", "in $10")["detail"]
    odd = season(_bank(gold=30), {"bop": ["in $15"]})
    assert "blocks of $10" in line(odd, "bop", "in $15")["detail"]
    everything = season(_bank(gold=34.5), {"bop": ["in all"]})
    assert _bank_after(everything)["invested"] == 30


def test_invest_what_a_nation_sends_only_if_it_comes():
    r = season(_bank(gold=25), {"bop": ["in $10 from France"]})
    assert line(r, "bop", "in $10 from France")["reason"] == "did not come"
    r = season(_bank(gold=25), {"fra": ["tt $10 to bop"], "bop": ["in $10 from France"]})
    assert line(r, "bop", "in $10 from France")["status"] == "succeeds"


def test_a_low_level_loses_gold_from_the_investment():
    pos = _bank(gold=0, invested=30)
    pos["economy"]["ipl"] = {"west": 1, "med": 5}
    r = season(pos)
    assert _bank_after(r)["invested"] == 27  # 3 blocks at level 1: -$1 each


def test_withdrawals_in_half_dollar_steps_up_to_what_is_invested():
    r = season(_bank(gold=0, invested=20), {"bop": ["wd $2.5"]})
    assert (_bank_after(r)["gold"], _bank_after(r)["invested"]) == (2.5 + 0.5, 17.5)  # one whole block at level 5: +$0.5
    assert "at most what is invested" in line(season(_bank(invested=5), {"bop": ["wd $6"]}), "bop", "wd $6")["detail"]


def test_the_host_may_nationalise_or_freeze_a_bank_and_nobody_else_may():
    r = season(_bank(gold=25), {"fra": ["nz bop"], "spa": ["fz Bank of Paris"]})
    assert _bank_after(r)["gold"] == 0 and stock(r, "fra")["gold"] == 20 + 25 + 2
    assert "host" in line(r, "spa", "fz Bank of Paris")["detail"]
    frozen = season(_bank(frozen=True), {"fra": ["tt $5 to bop"], "bop": ["tt $5 to France"]})
    assert line(frozen, "fra", "tt $5 to bop")["reason"] == "frozen"
    assert line(frozen, "bop", "tt $5 to France")["reason"] == "frozen"


def test_a_bank_in_another_nation_is_reached_only_by_a_trade_route():
    r = season(_bank(at="cast"), {"fra": ["tt $5 to bop"]})
    assert "by a trade route" in line(r, "fra", "tt $5 to bop")["detail"]
    by_route = "tt $5 to Bank of Paris via Gaso Nava"  # the bank stands in Spain's Castile
    r = season(_bank(gold=0, at="cast"), {"fra": [by_route]})
    assert line(r, "fra", by_route)["status"] == "succeeds"
    assert _bank_after(r)["gold"] == 5
    assert stock(r, "spa")["gold"] == stock(season(start()), "spa")["gold"]  # not Spain's


def test_a_bank_sends_gold_to_a_nation_not_its_host_by_a_trade_route():
    r = season(_bank(gold=10, at="cast"), {"bop": ["tt $3 to France via Nava Gaso"]})
    assert line(r, "bop", "tt $3 to France via Nava Gaso")["status"] == "succeeds"
    assert _bank_after(r)["gold"] == 7
    assert stock(r, "fra")["gold"] == stock(season(start()), "fra")["gold"] + 3


def test_a_blockade_or_a_frozen_bank_stops_gold_on_its_way_to_a_bank():
    by_route = "tt $5 to Bank of Paris via Gaso Nava"
    frozen = season(_bank(gold=0, at="cast", frozen=True), {"fra": [by_route]})
    assert line(frozen, "fra", by_route)["reason"] == "frozen"
    pos = _bank(gold=0, at="cast")
    pos["economy"]["provinces"]["nava"]["de_facto"] = "ita"  # the route crosses Italy's Navarre
    r = season(pos, {"fra": ["tt $5 to Bank of Paris via Gaso Nava Cast"], "ita": ["bk Nava"]})
    assert line(r, "fra", "tt $5 to Bank of Paris via Gaso Nava Cast")["reason"] == "blockaded"
    assert _bank_after(r)["gold"] == 0 and stock(r, "fra")["gold"] == stock(season(start()), "fra")["gold"]


def test_a_bank_s_gold_counts_for_its_controller_s_victory():
    r = season(_bank(gold=100, invested=100))
    p01 = next(x for x in r["standings"] if x["who"] == "p01")
    assert p01["gold"] > 200


def test_a_bank_s_statement_and_the_levels_in_the_gazette():
    from diplodesk.engine.hyper.report import report

    pos = _bank()
    r = season(pos, {"fra": ["tt $5 to Bank of Paris"], "bop": ["in $20"]})
    text = report(r, pos, "bop")
    assert text.startswith("Bank of Paris (bop) in pari — Winter 1914, controlled by p01")
    assert "invested in the world market (VI.10)" in text and "End of season: $11 on hand, $20 invested" in text
    assert "Investment payoff levels (VI.12): med" in report(r, pos, "gazette")


def test_a_captured_bank_leaves_the_market_and_its_gold_is_halved_with_the_host():
    pos = _bank(gold=10, invested=20, at="nava")  # a bank in Spain's Navarre
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "gaso", "M": 6}]
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    pos["economy"]["banks"][0]["controller"] = "p02"
    r = season(pos, {"fra": ["1D at Nava"]})
    bank = _bank_after(r)
    assert (bank["gold"], bank["invested"], bank["controller"]) == (15, 0, "p01")
    assert any(e["account"] == "spa" and e["reason"] == "Bank of Paris captured: the host's half"
               and e["amount"] == 15 for e in r["ledger"])
