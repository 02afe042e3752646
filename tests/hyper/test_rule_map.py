"""Every rule of section III (military, III.1-III.39) has a test: a CASE of the corpus that cites it, or a
test named below. A rule added to this map without a test, or a test renamed, fails here."""

from __future__ import annotations

import re
from pathlib import Path

from .conftest import line, season, start

HERE = Path(__file__).resolve().parent

TESTS = {  # rule -> tests (functions in tests/hyper) beside the CASEs that cite it
    "III.1": ["test_a_guard_supports_a_hold_but_never_an_attack"],
    "III.2": ["test_a_division_needs_an_armoury_built_in_an_earlier_season"],
    "III.4": ["test_no_military_unit_exists_at_the_start"],
    "III.6": ["test_a_nation_with_no_I_at_the_start_cannot_build_with_I_its_provinces_yield"],
    "III.7": ["test_of_two_unit_builds_in_one_province_the_same_one_stands_whatever_their_order"],
    "III.8": ["test_a_build_in_a_province_attacked_that_season_fails_and_is_refunded"],
    "III.9": ["test_guards_only_where_the_nation_owns_by_right_and_only_guards_in_a_guards_only_land"],
    "III.10": ["test_new_units_are_designated_in_the_order_acquired_and_hold_their_M"],
    "III.11": ["test_one_armoury_and_one_shipyard_a_coast_and_no_shipyard_inland"],
    "III.12": ["test_a_division_needs_an_armoury_built_in_an_earlier_season"],
    "III.13": ["test_an_installation_is_demobilised_at_will_and_its_M_come_back"],
    "III.14": ["test_a_captured_armoury_s_M_go_back_to_its_old_owner",
               "test_the_conqueror_mans_a_captured_armoury_and_keeps_it_for_the_next_season"],
    "III.15": ["test_a_hold_that_cannot_be_paid_is_downgraded_to_stand",
               "test_a_used_support_is_priced_as_used_and_a_cut_one_as_unused"],
    "III.16": ["test_a_transfer_happens_after_costs_and_gives_a_new_designation",
               "test_upkeep_is_split_between_the_owner_and_the_nation_the_unit_stands_in",
               "test_only_the_owner_or_the_nation_it_stands_in_pays_a_unit_s_upkeep"],
    "III.17": ["test_the_rules_example_two_seas_and_three_land_provinces_cost_3I",
               "test_a_division_abroad_pays_its_route_in_the_ledger"],
    "III.18": ["test_a_transfer_happens_after_costs_and_gives_a_new_designation"],
    "III.19": ["test_a_transfer_happens_after_costs_and_gives_a_new_designation"],
    "III.20": ["test_a_national_guard_changes_hands_only_with_its_province"],
    "III.21": ["test_a_unit_that_cannot_even_stand_is_demobilised_and_its_M_come_back"],
    "III.23": ["test_orders_in_the_rules_notation_and_what_cannot_be_read"],
    "III.26": ["test_attackers_needed_against_standing_and_holding_defenders"],
    "III.32": ["test_a_retreat_goes_to_its_first_possible_choice_and_costs_2I"],
    "III.34": ["test_annihilation_charges_the_victor_6M_or_3M_for_a_guard"],
    "III.36": ["test_allied_units_move_into_an_allys_province_and_share_it",
               "test_an_attack_on_an_allys_province_does_not_change_its_owner",
               "test_a_dislodged_unit_retreats_into_an_allys_province"],
    "III.37": ["test_an_alliance_is_made_when_every_member_orders_the_same_agreement",
               "test_nations_of_one_player_are_always_friendly"],
    "III.38": ["test_an_alliance_neither_reaffirmed_nor_shown_lapses",
               "test_a_military_situation_of_III_36_reaffirms_the_alliance"],
    "III.39": ["test_withdrawal_beats_reaffirmation_in_the_same_season",
               "test_a_withdrawing_unit_in_an_allys_province_without_orders_is_demobilised",
               "test_a_withdrawing_unit_may_attack_the_province_it_stands_in_and_conquer_it"],
}


def _defined() -> set[str]:
    names = set()
    for f in HERE.glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", f.read_text(), re.M))
    return names


def _cited() -> set[str]:
    text = (HERE / "military.txt").read_text() + (HERE / "world.txt").read_text()
    out = set()
    for title in re.findall(r"^CASE [^:]+:(.*)$", text, re.M):
        for group in re.findall(r"\(([^()]*III\.[^()]*)\)", title):
            for a, b in re.findall(r"III\.(\d+)(?:-(\d+))?", group):
                out |= {f"III.{n}" for n in range(int(a), int(b or a) + 1)}
    return out


def test_every_rule_of_section_three_has_a_test():
    defined, cited = _defined(), _cited()
    missing = [f"III.{n}" for n in range(1, 40) if f"III.{n}" not in cited and f"III.{n}" not in TESTS]
    assert not missing, f"no CASE cites and no test is named for {missing}"
    gone = sorted(t for ts in TESTS.values() for t in ts if t not in defined)
    assert not gone, f"named in the map but not defined: {gone}"


# -- the rules no other file tests ------------------------------------------------------------


def test_no_military_unit_exists_at_the_start():  # III.4
    assert start()["units"] == []


def test_one_armoury_and_one_shipyard_a_coast_and_no_shipyard_inland():  # III.11
    pos = start()
    pos["economy"]["installations"] = [{"type": "Y", "owner": "spa", "at": "anda", "built": "F1914M"},
                                       {"type": "S", "owner": "spa", "at": "anda/ec", "built": "F1914M"}]
    r = season(pos, {"spa": ["bu Y Anda", "bu S Anda/ec", "bu S Anda/wc", "bu S Cast"]})
    assert "already has an armoury" in line(r, "spa", "bu Y Anda")["detail"]
    assert "already has a shipyard on that coast" in line(r, "spa", "bu S Anda/ec")["detail"]
    assert line(r, "spa", "bu S Anda/wc")["status"] == "succeeds"
    assert "has no coast" in line(r, "spa", "bu S Cast")["detail"]


def test_an_installation_is_demobilised_at_will_and_its_M_come_back():  # III.13, III.21
    pos = start()
    pos["economy"]["installations"] = [{"type": "Y", "owner": "fra", "at": "pari", "built": "F1914M", "M": 2}]
    r = season(pos, {"fra": ["de Y Pari"]})
    assert r["next"]["economy"]["installations"] == []
    assert not any("upkeep Y pari" in e["reason"] for e in r["ledger"])
    assert any(e["account"] == "fra" and e["factor"] == "M" and e["amount"] == 2 for e in r["ledger"])


def test_a_national_guard_changes_hands_only_with_its_province():  # III.20
    pos = start()
    pos["units"] = [{"power": "fra", "type": "N", "at": "pari", "M": 3}]
    r = season(pos, {"fra": ["tf N Pari to Spain"]})
    assert r["next"]["units"][0]["power"] == "fra"
    assert "III.20" in line(r, "fra", "tf N Pari to Spain")["detail"]
