"""The balance report reads the well-known boards right: their openings' known facts.

A *move* is one movement turn (Spring 1901 is move 1, Fall 1901 move 2); a centre is reached
first by the power whose nearest start unit needs the fewest moves, and contested when two
or more powers need that same fewest number (docs/designers.md).
"""

from __future__ import annotations

import random
import tomllib

import pytest
from test_reach import steps

from diplodesk.designer.balance import BalanceError, balance_report
from diplodesk.designer.balance_text import report_text
from diplodesk.engine.variant import Variant
from diplodesk.paths import builtin_variants_dir
from diplodesk.variants import load_variant


@pytest.fixture(scope="module")
def standard():
    return balance_report(load_variant("standard"))


def firsts(report) -> dict[str, tuple[tuple[str, ...], int]]:
    return {r.centre: (r.first, r.best) for r in report.races}


def test_germany_alone_reaches_holland_and_denmark_in_one_move(standard):
    assert standard.race("hol").first == ("Germany",) and standard.race("hol").best == 1
    assert standard.race("den").first == ("Germany",) and standard.race("den").best == 1
    assert ("den", 1) in standard.power("Germany").alone and ("hol", 1) in standard.power("Germany").alone


def test_france_alone_reaches_spain_in_one_move(standard):
    assert firsts(standard)["spa"] == (("France",), 1)


def test_belgium_is_contested_by_england_france_and_germany_each_two_moves_away(standard):
    bel = standard.race("bel")
    assert bel.contested and bel.first == ("England", "France", "Germany") and bel.best == 2
    assert ("bel", 2, ("France", "Germany")) in standard.power("England").contested


def test_every_neutral_centre_of_the_standard_board_goes_as_the_openings_say(standard):
    assert firsts(standard) == {
        "bel": (("England", "France", "Germany"), 2), "bul": (("Turkey",), 1),
        "den": (("Germany",), 1), "gre": (("Austria", "Italy", "Turkey"), 2), "hol": (("Germany",), 1),
        "nwy": (("England", "Russia"), 2), "por": (("France",), 2), "rum": (("Austria", "Russia"), 1),
        "ser": (("Austria",), 1), "spa": (("France",), 1), "swe": (("Germany", "Russia"), 2),
        "tun": (("Italy",), 2),
    }
    assert standard.power("Austria").year_one == ("bul", "gre", "rum", "ser")
    assert standard.power("England").alone == ()


def test_a_home_centres_exposure_lists_the_foreign_units_by_spring_and_by_fall(standard):
    mun = next(e for e in standard.power("Germany").exposure if e.centre == "mun")
    assert mun.by_move[0] == ()  # nobody is next door to Munich at the start
    assert mun.by_move[1] == ("Austria A vie", "France A mar", "France A par", "Italy A ven", "Russia A war")
    # England's army gets to Brest by Fall 1901 only by convoy, the fleet from London in the Channel
    bre = next(e for e in standard.power("France").exposure if e.centre == "bre")
    assert bre.by_move[1] == ("England F lon", "England A lvp")


def test_neighbours_coast_and_units(standard):
    england = standard.power("England")
    assert [q for q, _ in england.neighbours] == ["France", "Germany", "Russia"]
    assert (england.armies, england.fleets, england.coastal_homes) == (1, 2, ("edi", "lon", "lvp"))
    assert standard.power("Austria").seas == ("adr",)


def test_distances_from_the_homes_by_army_and_by_fleet(standard):
    turkey, england = standard.power("Turkey"), standard.power("England")
    assert turkey.distances["bud"] == (3, None)  # con-bul-ser-bud; no fleet reaches Budapest
    assert england.distances["par"][0] == 3  # a convoy across the Channel, then a step inland
    assert england.distances["bel"] == (2, 2)


def test_the_report_does_not_depend_on_the_order_of_the_boards_lists(standard):
    with open(builtin_variants_dir() / "standard" / "variant.toml", "rb") as f:
        data = tomllib.load(f)
    rng = random.Random(30)
    for key in ("army", "fleet"):
        rng.shuffle(data["adjacency"][key])
    rng.shuffle(data["start"]["units"])
    data["provinces"] = dict(sorted(data["provinces"].items(), reverse=True))
    assert balance_report(Variant.from_data(data, "shuffled")) == standard


def test_loeb9_difficult_borders_and_the_frozen_arctic_count():
    v = load_variant("loeb9")
    s = steps(v, {c: p for p, cs in v.start_centers.items() for c in cs})
    assert s["Spain A cor"]["naf"] == 2  # next door, but across a difficult border
    assert s["Russia F stp/nc"]["arc"] == 3  # the Arctic is shut in Fall 1901
    report = balance_report(v)
    # as the reference board's adjacency gives them
    assert firsts(report) == {
        "bel": (("England", "France", "Germany", "Norway"), 2), "bul": (("Turkey",), 1),
        "gre": (("Austria", "Italy", "Turkey"), 2), "hol": (("Germany",), 1),
        "ire": (("England", "France", "Spain"), 3), "pru": (("Germany", "Russia"), 1),
        "rum": (("Austria", "Russia"), 1), "ser": (("Austria",), 1), "sil": (("Germany", "Russia"), 1),
        "tun": (("Italy",), 2),
    }
    assert report.power("Spain").year_one == ()
    assert any("difficult border cor-naf" in line for line in report.specials)


# Colonial (1994 board): the first to each neutral centre, worked out from the reference board's
# adjacency; Sakhalin is Japan's in one move across the Otaru-Sakhalin land bridge of the rules.
COLONIAL = {
    "ass": ("China",), "ban": ("Britain", "France", "Holland"), "ben": ("Britain", "China"),
    "ceb": ("Britain", "France", "Japan"), "cey": ("Holland",), "chu": ("China",),
    "dav": ("Britain", "France", "Holland"), "egy": ("Britain", "Turkey"), "for": ("Britain", "France", "Japan"),
    "fus": ("China", "Japan", "Russia"), "gui": ("Holland",), "kag": ("China",), "kam": ("Britain", "China"),
    "kar": ("Britain", "Turkey"), "mal": ("Britain",), "may": ("China", "France"), "mna": ("Britain", "France", "Japan"),
    "mon": ("China",), "prs": ("Russia", "Turkey"), "ran": ("China", "France", "Holland"), "rum": ("Russia", "Turkey"),
    "sak": ("Japan",), "sar": ("Holland",), "seo": ("China", "Russia"), "shi": ("Turkey",), "sud": ("Britain",),
    "tab": ("Russia", "Turkey"), "tas": ("China", "Russia"), "ubur": ("China", "France"),
}


def test_colonial_reads_as_its_board_says():
    v = load_variant("colonial")
    report = balance_report(v)
    assert {c: first for c, (first, _) in firsts(report).items()} == COLONIAL
    assert firsts(report)["sak"] == (("Japan",), 1)
    assert firsts(report)["mon"] == (("China",), 1)
    s = steps(v, {c: p for p, cs in v.start_centers.items() for c in cs})
    assert s["Russia A mos"]["irk"] == 1  # the Trans-Siberian Railroad, end to end in a move
    assert s["China A pek"]["irk"] > 1  # Russia's alone


def test_woolworth_choice_units_count_as_whatever_they_may_be():
    report = balance_report(load_variant("woolworth2a"))
    england = report.power("England")
    assert (england.armies, england.fleets, england.choices) == (0, 2, 1)
    assert firsts(report)["swi"] == (("France", "Germany"), 1)  # France's choice at Marseilles, as an army
    assert firsts(report)["gal"] == (("Austria", "Russia"), 1)
    assert firsts(report)["cre"] == (("Balkans", "Italy", "Turkey"), 2)
    assert firsts(report)["ice"] == (("England", "Scandinavia"), 2)


def test_a_variant_with_an_economy_has_no_balance_report():
    with pytest.raises(BalanceError, match="hypereconomic season engine"):
        balance_report(load_variant("hypereconomic"))


def test_the_text_says_what_a_move_is_and_lists_every_power(standard):
    text = report_text(standard)
    assert "the first year has 2: Spring 1901, Fall 1901" in text
    assert all(f"\n{p}: homes" in text for p in ("Austria", "England", "Turkey"))
    assert "  bel     England, France, Germany  2" in text


def test_the_first_year_s_moves_are_named_as_the_game_names_their_phases():
    """Colonial's every turn takes a year: its first two moves are Spring 1870 and Fall 1871."""
    assert "the first year has 2: Spring 1870, Fall 1871" in report_text(balance_report(load_variant("colonial")))


def test_a_fleet_never_stands_in_an_inland_home_nor_counts_as_one_for_convoys(standard):
    """Budapest is Austria's, but no fleet can ever be there; and Austria has one coastal home,
    so its armies cross one sea at a time by convoy (Trieste to Liverpool takes eight moves,
    not the seven three fleets would give)."""
    austria = standard.power("Austria")
    assert austria.distances["bud"] == (0, None) and austria.distances["vie"] == (0, None)
    assert austria.distances["tri"] == (0, 0)
    assert standard.power("Russia").distances["mos"] == (0, None)
    assert austria.distances["lvp"] == (8, 7)
