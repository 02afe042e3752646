"""Rule options: the 1976 rulebook's choices where they differ from the DATC v3 preferences."""

from diplodesk.engine import adjudicate


def U(power, t, at):
    return {"power": power, "type": t, "at": at}


CONVOYED_ATTACK = {
    "variant": "standard", "phase": "S1901M",
    "units": [U("France", "A", "gas"), U("France", "A", "bur"), U("France", "F", "mao"), U("France", "F", "wes"),
              U("France", "F", "lyo"), U("Italy", "A", "mar")],
    "orders": {"France": ["A gas - mar via convoy", "A bur S A gas - mar", "F mao C A gas - mar",
                          "F wes C A gas - mar", "F lyo C A gas - mar"], "Italy": ["A mar H"]},
}


def retreats(result):
    return result["next"]["dislodged"][0]["retreats"]


def test_by_default_a_unit_beaten_by_a_convoy_may_retreat_whence_it_came():
    assert "gas" in retreats(adjudicate(CONVOYED_ATTACK))  # DATC 6.H.11, 2023 rules


def test_1976_no_retreat_to_the_convoyed_attackers_origin():
    assert "gas" not in retreats(adjudicate(dict(CONVOYED_ATTACK, rules=["retreat_not_to_convoy_origin"])))


def test_1976_an_adjacent_convoy_is_used_only_for_a_swap():
    # Marseilles holds: under 1976 the army goes by land, so Marseilles may not retreat to Gascony
    r = adjudicate(dict(CONVOYED_ATTACK, rules=["adjacent_convoy_by_swap"]))
    assert "gas" not in retreats(r)
    # a swap: each army goes by the other's path
    swap = {"variant": "standard", "phase": "S1901M", "rules": ["1976"],
            "units": [U("England", "A", "nwy"), U("England", "F", "ska"), U("Russia", "A", "swe")],
            "orders": {"England": ["A nwy - swe", "F ska C A nwy - swe"], "Russia": ["A swe - nwy"]}}
    units = {u["at"]: u["power"] for u in adjudicate(swap)["next"]["units"]}
    assert units["swe"] == "England" and units["nwy"] == "Russia"


def test_1976_civil_disorder_counts_to_home_centres():
    pos = {"variant": "standard", "phase": "W1901A", "units": [U("Russia", "A", "pru"), U("Russia", "A", "fin")],
           "centers": {"Russia": ["stp"]}, "orders": {}}
    # 2023: Prussia is farther from St Petersburg, the one centre Russia owns
    assert [u["at"] for u in adjudicate(pos)["next"]["units"]] == ["fin"]
    # 1976: both are next to a home centre (Warsaw, St Petersburg): the first by name goes
    assert [u["at"] for u in adjudicate(dict(pos, rules=["1976"]))["next"]["units"]] == ["pru"]


def test_pre_2023_civil_disorder_counts_a_fleets_distance_by_sea_only():
    # To Russia's home centres the fleet in Trieste is three moves over land and sea alike
    # (tri - bud - gal - war) but six by fleet moves; the army in Venice is four. The rule
    # before 2023 counts the fleet by sea only: it is the farther one, and goes.
    pos = {"variant": "standard", "phase": "W1901A", "rules": ["civil_disorder_home_distance"],
           "units": [U("Russia", "F", "tri"), U("Russia", "A", "ven")],
           "centers": {"Russia": ["stp"]}, "orders": {}}
    assert [u["at"] for u in adjudicate(pos)["next"]["units"]] == ["ven"]


def test_fleet_distances_count_fleet_moves_between_coasts():
    from diplodesk.engine.adjustments import fleet_distances_to
    from diplodesk.variants import load_variant

    board = load_variant("standard").board
    by_sea = fleet_distances_to(board, {"tri", "vie", "bud"})
    assert by_sea["tri"] == 0 and by_sea["adr"] == 1 and by_sea["ion"] == 2
    assert "vie" not in by_sea and "bud" not in by_sea  # inland: no fleet stands there


CONVOY = {"variant": "standard", "phase": "S1901M",
          "units": [U("England", "A", "lon"), U("England", "F", "eng"), U("England", "F", "nth")],
          "orders": {"England": ["A lon - nth - bel", "F eng C A lon - bel"]}}


def line(result, text):
    return next(r for r in result["orders"] if r["text"] == text)


def test_a_named_convoy_path_is_read_and_by_default_not_needed():
    """DATC 4.A.6: the path is not needed, any route counts, and the result says so."""
    r = line(adjudicate(CONVOY), "A lon - nth - bel")
    assert (r["order"], r["status"]) == ("A lon - bel", "succeeds")
    assert "path by nth was not needed" in r["detail"]


def test_under_convoy_path_as_ordered_only_the_named_fleets_carry_the_army():
    r = adjudicate(dict(CONVOY, rules=["convoy_path_as_ordered"]))
    assert (line(r, "A lon - nth - bel")["status"], line(r, "A lon - nth - bel")["reason"]) == ("fails", "no convoy")
    named = dict(CONVOY, rules=["convoy_path_as_ordered"],
                 orders={"England": ["A lon - eng - bel", "F eng C A lon - bel"]})
    assert line(adjudicate(named), "A lon - eng - bel")["status"] == "succeeds"
    broken = dict(named, orders={"England": ["A lon - wal - bel", "F eng C A lon - bel"]})
    assert line(adjudicate(broken), "A lon - wal - bel")["reason"] == "illegal"


def test_a_fleet_goes_along_no_path_and_a_retreat_has_none():
    r = adjudicate(dict(CONVOY, orders={"England": ["F nth - hel - den"]}))
    assert line(r, "F nth - hel - den")["reason"] == "illegal"
    ret = {"variant": "standard", "phase": "F1901R", "units": [U("France", "A", "lon")],
           "dislodged": [{**U("England", "A", "wal"), "attacker_from": "lon"}],
           "orders": {"England": ["A wal - yor - edi"]}}
    assert line(adjudicate(ret), "A wal - yor - edi")["reason"] == "unparsable"
