"""The economic season as the rules state it (milestone 1 of the Hypereconomic design)."""

from __future__ import annotations

import pytest

from diplodesk.engine import PositionError
from diplodesk.engine.hyper.income import deterioration, escrow_release, winter_yield
from diplodesk.engine.hyper.pack import Division
from diplodesk.engine.money import to_units

from .conftest import line, season, start, stock

HALF = Division(2, "up")
QUARTER = Division(4, "up")


# -- rounding, exactly as the rules say ---------------------------------------------------------


@pytest.mark.parametrize("a, after", [(5, 3), (4, 2), (1, 1), (0, 0)])
def test_winter_halves_a_yield_rounding_up_for_the_greater_yield(a, after):  # I.6c
    assert winter_yield(a, HALF) == after


@pytest.mark.parametrize("a, left", [(1, 1), (2, 1), (7, 5), (8, 6), (0, 0)])
def test_a_quarter_of_the_A_rots_rounded_to_the_greater_loss_but_1A_keeps(a, left):  # I.8
    assert a - deterioration(a, QUARTER, exempt=1) == left


@pytest.mark.parametrize("escrow, unit, release", [(7, 0.5, 1.5), (7, 1, 2), (10, 0.5, 2),
                                                    (0.5, 0.5, 0.5), (0, 0.5, 0)])
def test_a_fifth_of_the_escrow_comes_back_rounded_up(escrow, unit, release):  # I.9
    d = Division(5, "up", to_units(unit, 2, "unit"))
    assert escrow_release(to_units(escrow, 2, "e"), d) == to_units(release, 2, "r")


def test_the_first_winter_is_not_halved_and_the_next_one_is():
    w1914 = start()
    first = season(w1914)
    assert stock(first, "ita")["A"] == 22 - 6 + (2 + 3 + 4) - 3  # rot, full yields, food
    later = dict(w1914, phase="W1915M")
    second = season(later)
    assert stock(second, "ita")["A"] == 22 - 6 + (1 + 2 + 2) - 3  # 2A, 3A, 4A halved up


# -- start of season: nothing spent that was not there (I.5) ------------------------------------


def test_a_nation_with_no_I_at_the_start_cannot_build_with_I_its_provinces_yield(w1914):
    w1914["economy"]["nations"]["fra"]["stock"]["I"] = 0
    for p, i in (("pari", 4), ("bret", 2), ("acqu", 2), ("gaso", 2)):
        w1914["economy"]["provinces"][p]["yield"]["I"] = i
    r = season(w1914, {"fra": ["bu Y Pari", "bu 2 Trs"]})
    assert line(r, "fra", "bu Y Pari")["reason"] == "cannot pay"
    assert line(r, "fra", "bu 2 Trs")["reason"] == "cannot pay"
    assert stock(r, "fra")["I"] == 10  # the yield arrives after the costs


# -- the failure order (I.11, T5) ----------------------------------------------------------------


def _armouries(pos: dict, nation: str, *provinces: str) -> None:
    pos["economy"]["installations"] += [
        {"type": "Y", "owner": nation, "at": p, "built": "F1914M", "M": 2} for p in provinces]


def test_short_by_one_I_with_two_unit_builds_exactly_one_fails_by_the_dice(w1914):
    _armouries(w1914, "fra", "pari", "gaso")
    w1914["economy"]["nations"]["fra"]["stock"]["I"] = 7  # 2 armouries' upkeep 2I + 2 D at 3I
    r = season(w1914, {"fra": ["bu D Pari", "bu D Gaso"]})
    reasons = sorted(str(line(r, "fra", t)["reason"]) for t in ("bu D Pari", "bu D Gaso"))
    assert reasons == ["None", "cannot pay"]
    assert [d["purpose"] for d in r["dice"] if d["purpose"] != "ipl"] == ["t5"]
    assert len(r["next"]["units"]) == 1


def test_the_tie_is_the_same_whatever_the_order_the_builds_were_written_in(w1914):
    _armouries(w1914, "fra", "pari", "gaso")
    w1914["economy"]["nations"]["fra"]["stock"]["I"] = 7
    one = season(w1914, {"fra": ["bu D Pari", "bu D Gaso"]})
    two = season(w1914, {"fra": ["bu D Gaso", "bu D Pari"]})
    assert one["next"] == two["next"]


def test_a_nation_s_own_failure_list_changes_which_category_fails_first(w1914):
    _armouries(w1914, "fra", "pari")
    w1914["economy"]["nations"]["fra"]["stock"]["I"] = 5  # upkeep 1I + D 3I + 2 Trs 2I = 6I
    t5 = season(w1914, {"fra": ["bu D Pari", "bu 2 Trs"]})
    assert line(t5, "fra", "bu 2 Trs")["reason"] == "cannot pay"  # Trs before units in T5
    assert line(t5, "fra", "bu D Pari")["status"] == "succeeds"
    own = season(w1914, {"fra": ["bu D Pari", "bu 2 Trs", "fo bu.unit, bu.Tr"]})
    assert line(own, "fra", "bu D Pari")["reason"] == "cannot pay"
    assert line(own, "fra", "bu 2 Trs")["status"] == "succeeds"


def _one_division(pos: dict, a: int) -> dict:
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "pari", "M": 6}]
    pos["economy"]["nations"]["fra"]["stock"]["A"] = a
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    return pos


def test_a_hold_that_cannot_be_paid_is_downgraded_to_stand(w1914):
    r = season(_one_division(w1914, a=1), {"fra": ["1D Pari ho (no)"]})  # ho 2A, st 1A
    assert line(r, "fra", "1D Pari ho (no)")["reason"] == "downgraded"
    assert [u["id"] for u in r["next"]["units"]] == ["1D"]


def test_a_unit_that_cannot_even_stand_is_demobilised_and_its_M_come_back(w1914):
    r = season(_one_division(w1914, a=0), {"fra": ["1D ho"]})
    assert line(r, "fra", "1D ho")["reason"] == "demobilised"
    assert r["next"]["units"] == []
    back = [e for e in r["ledger"] if e["account"] == "fra" and e["factor"] == "M"
            and "demobilised" in e["reason"]]
    assert [e["amount"] for e in back] == [6] and back[0]["step"] == "15"


# -- builds ---------------------------------------------------------------------------------------


def test_a_division_needs_an_armoury_built_in_an_earlier_season(w1914):
    r = season(w1914, {"fra": ["bu D Pari"]})
    assert line(r, "fra", "bu D Pari")["status"] == "invalid"
    assert "armoury" in line(r, "fra", "bu D Pari")["detail"]


def test_new_units_are_designated_in_the_order_acquired_and_hold_their_M(w1914):
    _armouries(w1914, "fra", "pari")
    w1914["economy"]["nations"]["fra"]["acquired"] = 11
    r = season(w1914, {"fra": ["bu D Pari"]})
    assert r["next"]["units"] == [{"id": "12D", "power": "fra", "type": "D", "at": "pari", "M": 6}]


def test_guards_only_where_the_nation_owns_by_right_and_only_guards_in_a_guards_only_land(w1914):
    w1914["economy"]["provinces"]["nava"]["de_facto"] = "fra"
    r = season(w1914, {"fra": ["bu N Nava"], "sui": ["bu N Swit", "bu Y Swit"]})
    assert "by right" in line(r, "fra", "bu N Nava")["detail"]
    assert line(r, "sui", "bu N Swit")["status"] == "succeeds"
    assert "only National Guards" in line(r, "sui", "bu Y Swit")["detail"]


def test_of_two_unit_builds_in_one_province_the_same_one_stands_whatever_their_order(w1914):
    _armouries(w1914, "fra", "pari")
    results = [season(w1914, {"fra": lines}) for lines in (["bu D Pari", "bu N Pari"], ["bu N Pari", "bu D Pari"])]
    for r in results:
        assert sorted(line(r, "fra", t)["status"] for t in ("bu D Pari", "bu N Pari")) == ["fails", "succeeds"]
        assert [q["id"] for q in r["decisions_needed"]] == ["W1914M/over-ordered/fra/pari"]
    assert results[0]["next"]["units"] == results[1]["next"]["units"]


# -- income and food ----------------------------------------------------------------------------


def test_escrow_release_manpower_and_food_in_one_season(w1914):
    r = season(w1914)
    sui = stock(r, "sui")
    # $12 + a fifth of $6.5 rounded up to $1.5; M 8 + 1 (one province by right); food:
    # 9M eat 1A; A: 6 - 2 rot + 1 yield - 1 eaten
    assert sui == {"gold": 13.5, "M": 9, "A": 4, "I": 10}
    assert r["next"]["economy"]["nations"]["sui"]["escrow"] == 5


def test_each_A_short_of_food_costs_1M(w1914):
    w1914["economy"]["nations"]["sui"]["stock"].update(A=0, M=25)
    w1914["economy"]["provinces"]["swit"]["yield"]["A"] = 0
    r = season(w1914)
    assert stock(r, "sui")["M"] == 25 + 1 - 3  # 26M need 3A; none there


def test_spending_goes_into_the_escrow_of_the_nation_where_it_was_spent(w1914):
    r = season(w1914, {"fra": ["pw $3 Gaso"]})
    fra = r["next"]["economy"]["nations"]["fra"]
    assert fra["escrow"] == 10 - 2 + 3
    assert fra["stock"]["gold"] == 20 - 3 + 2


def test_public_works_only_in_the_nation_s_own_provinces_and_up_to_5(w1914):
    r = season(w1914, {"fra": ["pw $3 Nava", "pw $3 Gaso", "pw $3 Gaso"]})
    assert "VIII.4" in line(r, "fra", "pw $3 Nava")["detail"]
    assert {o["status"] for o in r["orders"] if o["text"] == "pw $3 Gaso"} == {"invalid"}


def test_a_transfer_happens_after_costs_and_gives_a_new_designation(w1914):
    r = season(_one_division(w1914, a=10), {"fra": ["tf 1D to Spain"]})
    assert r["next"]["units"] == [{"id": "1D", "power": "spa", "type": "D", "at": "pari", "M": 6}]
    upkeep = [e for e in r["ledger"] if e["account"] == "fra" and "upkeep 1D" in e["reason"]]
    assert upkeep, "the old owner pays the season's upkeep (III.19)"


@pytest.mark.parametrize("standing, says", [
    ({"order": ["bu.unit", "nothing"]}, "failure_order.order: expected a list of T5 categories"),
    ({"order": ["bu.unit"], "left": 0}, "failure_order.left: expected the seasons it still covers"),
    ({"order": ["bu.unit"], "until": "F1915M"}, "failure_order.until: unknown field"),
])
def test_a_standing_failure_order_in_a_position_is_read_strictly(w1914, standing, says):  # I.11
    w1914["economy"]["nations"]["fra"]["failure_order"] = standing
    with pytest.raises(PositionError) as e:
        season(w1914)
    assert says in str(e.value) and "economy.nations.fra" in str(e.value)
