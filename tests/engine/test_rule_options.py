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
