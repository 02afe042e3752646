"""Writing orders on a nation's sheet: hints from its own provinces and installations,
completion fitted to the order, "did you mean" for a near miss, and the usual names of
nations (a table of aliases in the board's files) in the paste reader and the resolver."""

from __future__ import annotations

import pytest
from hyperboards import read, stacked_json

from diplodesk.document.hyper_hints import Hints
from diplodesk.document.hyper_paste import split_orders
from diplodesk.document.hyper_words import Words
from diplodesk.engine import load_variant, seasons


@pytest.fixture(scope="module")
def world():
    """The world board's start, Germany with an armoury in Rhineland and a shipyard in Hamburg's
    neighbour Schleswig-Holstein."""
    variant = load_variant("hypereconomic")
    data = seasons.start_other(variant, "hints", "hypereconomic").to_json()
    data["economy"]["installations"] = [
        {"type": "Y", "owner": "ger", "at": "rhin", "built": "W1914M", "M": 2},
        {"type": "S", "owner": "ger", "at": "schl", "built": "W1914M", "M": 2}]
    return seasons.read_other(data, variant)


def test_the_hints_come_from_the_nation_s_own_provinces_and_installations(world):
    hints = Hints(world, "ger")
    examples = hints.examples()
    assert "bu D Rhin" in examples and "bu T Schl" in examples and "co A" in examples
    assert "Lyon" not in hints.placeholder() and "bu D Rhin" in hints.placeholder()
    assert hints.example_for("bu D Lyon, bu T Mars, bu N Pari, bu Y Lyon, bu S Mars/sc or bu 6 Trs") == "bu D Rhin"


def test_completion_is_fitted_to_the_order(world):
    words = Words(world)
    assert words.candidates("ger", "bu D ") == ("", ["Rhin"])  # its one armoury, not the world
    assert words.candidates("ger", "bu D R")[1] == ["Rhin"]
    assert words.candidates("ger", "bu T ")[1] == ["Schl"]  # its shipyard's coast
    built = words.candidates("ger", "bu S ")[1]
    assert "Schl" in built and "Bava" not in built and "Paris" not in built  # its coasts only
    assert set(words.candidates("ger", "bu Y ")[1]) == {words.shown(p) for p, st in world.provinces.items()
                                                        if st.de_facto == "ger"}
    assert words.candidates("ger", "co ")[1] == ["A", "I"]
    assert "co" in words.candidates("ger", "")[1]


def test_a_near_miss_gets_did_you_mean(world):
    hints = Hints(world, "ger")
    assert hints.did_you_mean("bu S Hamb", "unparsable", "'Hamb' is not a province") == "did you mean Hann?"
    assert hints.did_you_mean("research A", "unparsable",
                              "'research' is not an order code; orders start with a unit") == "did you mean co (research)?"


def test_usual_names_find_nations_in_a_pasted_email_and_the_resolver(world):
    text = "Britain\nco A\nTurkey\nco I\nAustria\nco A\nGreat Britain:\nbu 2 Trs\nHolland: co A\n"
    orders, lines = split_orders(text, world)
    assert orders == {"gbr": ["co A", "bu 2 Trs"], "ott": ["co I"], "aut": ["co A"], "ned": ["co A"]}
    assert not [ln for ln in lines if ln.kind == "ignored"]
    names = world.givers_by_name()
    assert [names[k] for k in ("britain", "turkey", "austria", "aust", "aus")] == ["gbr", "ott", "aut", "aut", "aus"]


def test_a_board_without_aliases_still_reads_names_and_ids():
    pos = read(stacked_json())
    orders, _lines = split_orders("France\nco A\nspa: co I\n", pos)
    assert orders == {"fra": ["co A"], "spa": ["co I"]}
