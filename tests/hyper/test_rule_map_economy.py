"""Every rule of sections II and IV-IX has a test (or names the GM decision it leaves to the GM).
A test is a test function, or a case of the milestone-3 corpus (``economy.txt:case-name``) or of
the world board's (``world.txt:case-name``).
A rule without one, or a test or case renamed, fails here."""

from __future__ import annotations

import re
from pathlib import Path

from .cases import read_cases

HERE = Path(__file__).resolve().parent

SECTIONS = {"II": 8, "IV": 10, "V": 7, "VI": 14, "VII": 7, "VIII": 7, "IX": 9}

TESTS = {
    "II.1": ["test_a_province_ceded_and_not_annexed_becomes_a_territory_of_its_own_for_1"],
    "II.2": ["test_a_province_ceded_and_annexed_within_reach_joins_the_receiver_with_its_yield",
             "test_one_division_attacking_an_empty_enemy_province_conquers_it",
             "economy.txt:territory-cede-what-is-not-yours", "economy.txt:territory-cession-takes-the-guard"],
    "II.3": ["test_guards_only_where_the_nation_owns_by_right_and_only_guards_in_a_guards_only_land",
             "economy.txt:territory-de-jure", "economy.txt:territory-de-jure-not-yet",
             "economy.txt:covert-resets-de-jure"],
    "II.4": ["test_annexing_out_of_reach_fails_and_the_province_still_changes_hands",
             "economy.txt:territory-annex-reach-at-the-start", "economy.txt:territory-annex-reach-at-the-end"],
    "II.5": ["test_a_new_nation_of_provinces_of_two_nations_costs_1_a_province",
             "test_a_new_nation_must_hang_together_and_have_at_most_four_provinces_from_several",
             "economy.txt:territory-new-nation-five",
             "economy.txt:territory-new-nation-of-all", "economy.txt:territory-new-nation-endowed"],
    "II.6": ["test_ceding_the_middle_of_a_nation_splits_what_is_left_and_shares_its_stockpile",
             "economy.txt:territory-split", "economy.txt:territory-split-guard"],
    "II.7": ["test_a_nation_ceding_all_its_provinces_leaves_the_game_its_assets_shared_by_provinces",
             "test_a_nation_whose_last_province_falls_lives_on_in_exile_with_half_its_gold",
             "economy.txt:territory-gie-shares", "economy.txt:territory-gie-several-provinces",
             "economy.txt:territory-elimination-by-cession-units",  # [A] units and installations
             "economy.txt:territory-gie-regains-by-cession", "economy.txt:territory-gie-regains-by-conquest",
             "economy.txt:banking-capture-host-eliminated"],
    "II.8": ["test_a_government_in_exile_not_located_in_two_seasons_is_destroyed",
             "test_a_holder_s_permission_locates_it", "economy.txt:territory-gie-deadline",
             "economy.txt:territory-gie-host-trade", "economy.txt:territory-gie-others-by-route",
             "economy.txt:territory-gie-not-located", "economy.txt:territory-gie-only-gold-no-market",
             "economy.txt:territory-gie-nationalised", "economy.txt:territory-gie-frozen",
             "economy.txt:territory-gie-redeems", "economy.txt:territory-gie-trs-in-the-host"],
    "IV.1": ["test_a_factor_trade_delivers_with_its_transport_factors_and_fee"],
    "IV.2": ["test_a_fiscal_trade_needs_only_a_route", "economy.txt:trade-fiscal-without-trs",
             "economy.txt:trade-fiscal-beside-too-many-trs", "economy.txt:trade-fiscal-with-trs-applied"],
    "IV.3": ["test_a_nation_with_no_I_at_the_start_cannot_build_with_I_its_provinces_yield"],
    "IV.4": ["test_a_blockade_against_the_sender_fails_the_route_and_the_alternative_is_taken",
             "economy.txt:trade-route-conquered", "economy.txt:trade-both-routes-fail"],
    "IV.5": ["test_only_an_owner_or_a_task_force_already_there_may_blockade",
             "test_a_fishing_blockade_closes_the_delivery_route", "economy.txt:blockade-selective-others",
             "economy.txt:blockade-fish-not-trade", "economy.txt:blockade-task-force-at-sos"],
    "IV.6": ["test_too_few_transport_factors_applied_fail_the_trade"],
    "IV.7": ["test_each_division_is_a_shipment_of_its_own_with_t8_s_division_row", "economy.txt:trade-each-division",
             "test_a_shipped_division_lands_in_the_receiving_terminal_and_keeps_its_owner"],
    "IV.8": ["test_trs_from_outside_both_nations_need_a_route_and_trs_to_get_there",
             "economy.txt:trade-lent-trs-need-a-route", "economy.txt:trade-trs-reallocated"],
    "IV.9": ["test_a_factor_trade_delivers_with_its_transport_factors_and_fee",
             "economy.txt:trade-fee-per-shipment",
             "economy.txt:trade-fee-unpaid", "economy.txt:trade-fee-paid-by-receiver",
             "economy.txt:trade-fee-paid-by-a-third", "economy.txt:trade-fee-paid-by-a-third-route-lost",
             "economy.txt:trade-fee-payer-short", "economy.txt:trade-fee-part-paid",
             "economy.txt:trade-fee-of-a-division-paid-by-receiver", "economy.txt:trade-gold-has-no-fee-to-pay"],
    "IV.10": ["test_orders_in_the_rules_notation_and_what_cannot_be_read"],
    "V.1": ["test_a_team_that_fails_gains_a_temporary_level_and_one_that_succeeds_falls_back",
            "economy.txt:transfer-team", "economy.txt:research-no-team-for-territories"],
    "V.2": ["test_a_team_that_fails_gains_a_temporary_level_and_one_that_succeeds_falls_back"],
    "V.3": ["test_a_team_that_fails_gains_a_temporary_level_and_one_that_succeeds_falls_back",
            "economy.txt:research-cap-a", "economy.txt:research-cap-i", "economy.txt:research-cap-temporary"],
    "V.4": ["test_a_team_that_fails_gains_a_temporary_level_and_one_that_succeeds_falls_back"],
    "V.5": ["test_a_pi_is_assigned_the_season_after_it_was_made_and_raises_the_yield_for_good",
            "test_pi_transfers_asking_more_than_the_nation_has_all_fail_in_either_order",
            "economy.txt:transfer-pis", "economy.txt:transfer-pis-used"],
    "V.6": ["test_a_pi_is_assigned_the_season_after_it_was_made_and_raises_the_yield_for_good"],
    "V.7": ["test_one_pi_to_a_province_in_any_two_seasons", "economy.txt:research-pi-window",
            "economy.txt:research-two-pis-to-one-province", "economy.txt:research-two-nations-pis-to-one-province"],
    "VI.1": ["test_a_nation_founds_a_bank_in_its_own_land_controlled_by_its_player",
             "economy.txt:transfer-bank-control", "economy.txt:transfer-bank-control-twice"],
    "VI.2": ["test_a_bank_s_statement_and_the_levels_in_the_gazette",
             "economy.txt:banking-owns-pis-and-teams", "economy.txt:banking-researches",
             "economy.txt:banking-assigns-a-pi", "economy.txt:banking-hands-back",
             "economy.txt:banking-owns-a-fleet", "economy.txt:banking-fleet-names-its-nation",
             "economy.txt:banking-owns-a-nation", "economy.txt:banking-owned-nation-gives-itself-no-more",
             "economy.txt:banking-owns-no-units"],
    "VI.3": ["test_a_bank_in_another_nation_is_reached_only_by_a_trade_route",
             "test_a_bank_sends_gold_to_a_nation_not_its_host_by_a_trade_route"],
    "VI.4": ["test_a_bank_redeems_the_gold_of_a_nation_s_build_into_its_escrow",
             "economy.txt:banking-spends-into-host-escrow"],
    "VI.5": ["test_the_host_may_nationalise_or_freeze_a_bank_and_nobody_else_may",
             "test_a_frozen_bank_cannot_redeem", "economy.txt:banking-nationalised-keeps-teams",
             "economy.txt:banking-frozen-hands-over-teams", "economy.txt:banking-frozen-pays-no-research"],
    "VI.6": ["test_a_captured_bank_leaves_the_market_and_its_gold_is_halved_with_the_host",
             "economy.txt:banking-capture-host-eliminated", "economy.txt:transfer-bank-captured",
             "economy.txt:banking-captured-teams-stay-with-its-owner"],
    "VI.7": ["test_a_redemption_needs_the_bank_s_order_too"],
    "VI.8": ["test_a_bank_redeems_the_gold_of_a_nation_s_build_into_its_escrow",
             "economy.txt:banking-redemption-part-unpaid"],
    "VI.9": ["test_the_published_account_does_not_name_the_redeeming_bank"],
    "VI.10": ["test_investment_needs_more_than_ten_dollars_on_hand_and_whole_blocks"],
    "VI.11": ["test_invest_what_a_nation_sends_only_if_it_comes",
              "economy.txt:banking-withdraw-and-spend", "economy.txt:banking-invest-all-received"],
    "VI.12": ["test_gold_paid_in_the_same_season_is_invested_in_blocks_and_earns_at_the_region_s_level",
              "test_a_low_level_loses_gold_from_the_investment"],
    "VI.13": ["test_gold_paid_in_the_same_season_is_invested_in_blocks_and_earns_at_the_region_s_level"],
    "VI.14": ["test_withdrawals_in_half_dollar_steps_up_to_what_is_invested",
              "economy.txt:banking-withdraw-no-fractions", "economy.txt:banking-earns-on-whole-blocks"],
    "VII.1": ["test_a_fleet_on_a_coast_must_first_move_out_to_sea_and_cannot_fish_as_it_moves"],
    "VII.2": ["test_a_fishing_fleet_is_built_on_a_coast_for_1I_and_disbanded_at_will",
              "economy.txt:fishing-build-two-on-one-coast", "economy.txt:fishing-build-one-a-coast"],
    "VII.3": ["test_a_fleet_on_a_coast_must_first_move_out_to_sea_and_cannot_fish_as_it_moves",
              "test_only_a_coastal_province_may_be_a_land_sea_one", "economy.txt:fishing-land-sea-land-half",
              "economy.txt:fishing-land-sea-to-the-sea-half", "economy.txt:fishing-land-sea-capacity",
              "economy.txt:fishing-land-sea-from-a-sea", "economy.txt:fishing-no-sea-half"],
    "VII.4": ["test_a_fishing_fleet_is_built_on_a_coast_for_1I_and_disbanded_at_will"],
    "VII.5": ["test_an_unfriendly_task_force_may_deny_the_catch_and_destroy_the_fleet",
              "economy.txt:fishing-friend-may-not-deny", "economy.txt:fishing-destroy-needs-the-fleet-there"],
    "VII.6": ["test_a_nation_without_a_coast_near_has_no_delivery_route",
              "test_a_full_sea_lets_last_season_s_fishers_fish_first",
              "economy.txt:fishing-two-seas-between", "economy.txt:fishing-three-seas-between"],
    "VII.7": ["test_a_fleet_at_sea_with_a_route_home_catches_1A", "economy.txt:fishing-delivered-to-another"],
    "VIII.1": ["test_guerrilla_warfare_only_by_the_owner_by_right_of_a_province_another_holds",
               "economy.txt:covert-gw-both-yields"],
    "VIII.2": ["test_sabotage_cuts_this_season_s_yield_and_the_gazette_does_not_say_who",
               "economy.txt:covert-sabotage-cap", "economy.txt:covert-not-below-zero"],
    "VIII.3": ["test_sabotage_of_transport_factors_destroys_no_more_than_there_are",
               "economy.txt:covert-sabotage-tr-cap"],
    "VIII.4": ["test_public_works_only_in_the_nation_s_own_provinces_and_up_to_5"],
    "VIII.5": ["test_an_open_canal_costs_its_holder_1_dollar_a_season", "economy.txt:canals-running-paid-by-another",
               "test_reopening_costs_2A_and_10I_and_works_from_the_next_season",
               "test_closing_a_canal_stops_the_charge_and_the_passage", "world.txt:world-suez-open",
               "world.txt:world-suez-closed", "world.txt:world-kiel-open", "world.txt:world-kiel-closed"],
    "VIII.6": ["test_the_first_season_of_a_site_costs_4_dollars_6M_8A_10I_and_announces_the_next",
               "test_the_third_season_finishes_the_canal_and_refunds_one_die_of_M",
               "test_a_season_without_payment_costs_the_restart_fee",
               "world.txt:world-second-canal-beside-an-open-one", "world.txt:world-two-canal-sites-at-once"],
    "VIII.7": ["test_a_further_canal_needs_the_gms_permission"],  # the GM decision new-canal
    "IX.1": ["test_the_corpus_is_big_enough_and_every_case_names_its_rule_and_expects_something"],  # regular rules apply
    "IX.2": ["test_four_seasons_keep_the_books_balanced", "economy.txt:replay-four-seasons"],
    "IX.3": ["test_a_chain_of_conditions_settles_to_a_fixpoint",
             "test_a_circle_of_conditions_is_the_gms_to_resolve_and_fails_by_default",
             "test_military_builds_actions_and_trades_may_not_be_conditional",
             "economy.txt:conditions-loop-answered",
             "economy.txt:conditions-pay-for-an-action", "economy.txt:conditions-not-on-a-military-order"],  # the GM decision condition-loop
    "IX.4": ["test_orders_lacking_a_players_signature_are_void_by_default",
             "economy.txt:signatures-delegated", "economy.txt:signatures-delegation-each-season",
             "economy.txt:signatures-delegation-refused"],
    "IX.5": ["test_a_special_action_waits_for_the_gm_and_blocks_the_season"],  # decision rule-gap
    "IX.6": ["test_a_game_on_provisional_tables_says_so_in_its_result_and_every_report"],  # tables as data
    "IX.7": ["test_a_special_action_waits_for_the_gm_and_blocks_the_season"],
    "IX.8": ["test_a_gm_adjustment_is_a_journal_entry_with_its_reason"],
    "IX.9": ["test_half_the_land_three_seasons_running_wins_and_the_impassable_is_not_land",
             "test_a_joint_victory_needs_two_thirds_and_counts_only_wholly_shared_nations",
             "economy.txt:jv-secret", "economy.txt:jv-one-sided", "economy.txt:jv-one-at-a-time",
             "economy.txt:jv-four", "economy.txt:jv-void", "economy.txt:jv-counts-from-now"],
}


def test_every_rule_of_sections_two_and_four_to_nine_has_a_test():
    defined = set()
    for f in HERE.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", f.read_text(), re.M))
    for corpus in ("economy.txt", "world.txt"):
        defined |= {f"{corpus}:{c.name}" for c in read_cases(HERE / corpus)}
    rules = [f"{s}.{n}" for s, count in SECTIONS.items() for n in range(1, count + 1)]
    assert [r for r in rules if r not in TESTS] == []
    assert sorted(t for ts in TESTS.values() for t in ts if t not in defined) == []
