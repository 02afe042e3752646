"""The standard variant as data, and the loader that reports every problem with its place."""

import json
import tomllib
from pathlib import Path

import pytest

from diplodesk.engine import VariantError
from diplodesk.engine.variant import Variant
from diplodesk.paths import builtin_variants_dir
from diplodesk.variants import list_variants, load_variant

FACTS = json.loads((Path(__file__).parent / "data" / "standard_facts.json").read_text())


def standard_data() -> dict:
    with open(builtin_variants_dir() / "standard" / "variant.toml", "rb") as f:
        return tomllib.load(f)


def test_export_agrees_with_the_facts():
    ex = load_variant("standard").to_export()
    assert len(ex["powers"]) == 7
    provs = {p["id"]: p for p in ex["provinces"]}
    assert len(provs) == 76 and provs["swi"]["kind"] == "impassable"
    for fact in FACTS["provinces"]:
        mine = provs[fact["id"]]
        assert (mine["kind"], mine["supply_center"], mine["home"], mine["coasts"]) == (
            fact["kind"], fact["center"], fact["home"], fact["coasts"]), fact["id"]
    assert ex["adjacency"]["army"] == FACTS["army"]
    assert ex["adjacency"]["fleet"] == FACTS["fleet"]
    assert sorted(ex["start"]["units"], key=lambda u: u["at"]) == FACTS["start_units"]
    assert sum(p["supply_center"] for p in ex["provinces"]) == FACTS["centers"] == 34
    assert ex["victory"]["centers"] == 18
    assert ex["start"]["phase"] == "S1901M"


def test_list_includes_standard():
    assert "standard" in [v.id for v in list_variants()]


def test_unknown_variant():
    with pytest.raises(VariantError, match="no such variant"):
        load_variant("no-such-variant")


def problems(mutate) -> list[str]:
    data = standard_data()
    mutate(data)
    with pytest.raises(VariantError) as e:
        Variant.from_data(data, "test")
    return e.value.problems


def test_unknown_ids_in_adjacency():
    found = problems(lambda d: d["adjacency"]["army"].append("lon xyz"))
    assert any("adjacency.army" in p and "unknown province 'xyz'" in p for p in found)


def test_duplicate_adjacency():
    found = problems(lambda d: d["adjacency"]["army"].append("bur par"))
    assert any("listed twice" in p for p in found)


def test_army_adjacency_at_sea():
    found = problems(lambda d: d["adjacency"]["army"].append("nth lon"))
    assert any("an army cannot stand in 'nth'" in p for p in found)


def test_coast_with_no_sea_neighbour():
    def drop(d):
        d["adjacency"]["fleet"] = [p for p in d["adjacency"]["fleet"] if "stp/nc" not in p]
    assert any("stp/nc has no sea neighbour" in p for p in problems(drop))


def test_home_centre_not_a_centre():
    def f(d):
        d["provinces"]["ruh"]["home"] = "Germany"
    assert any("provinces.ruh.home" in p and "supply centre" in p for p in problems(f))


def test_start_unit_where_it_cannot_stand():
    def f(d):
        d["start"]["units"].append({"power": "England", "type": "F", "at": "boh"})
    assert any("start.units[22]" in p and "cannot stand in boh" in p for p in problems(f))


def test_every_problem_is_reported_at_once():
    def f(d):
        d["adjacency"]["army"].append("lon xyz")
        d["provinces"]["ruh"]["home"] = "Germany"
        d["powers"]["Austria"]["color"] = "red"
    assert len(problems(f)) >= 3


def test_user_variant_folder_is_found(tmp_path, monkeypatch, _user_data):
    folder = _user_data / "diplodesk" / "variants" / "mine"
    folder.mkdir(parents=True)
    text = (builtin_variants_dir() / "standard" / "variant.toml").read_text()
    (folder / "variant.toml").write_text(text.replace('id = "standard"', 'id = "mine"'))
    assert "mine" in [v.id for v in list_variants()]
    assert load_variant("mine").id == "mine"
    assert load_variant(str(folder)).id == "mine"


def test_a_variant_saved_with_errors_is_listed_but_not_playable(_user_data):
    folder = _user_data / "diplodesk" / "variants" / "broken"
    folder.mkdir(parents=True)
    text = (builtin_variants_dir() / "standard" / "variant.toml").read_text()
    text = text.replace('id = "standard"', 'id = "broken"')
    text += '\n[editor]\nplayable = false\nproblems = ["overlap: spa and por overlap"]\n'
    (folder / "variant.toml").write_text(text)
    info = next(v for v in list_variants() if v.id == "broken")
    assert not info.playable
    with pytest.raises(VariantError, match="not playable yet.*overlap"):
        load_variant("broken")


def test_regional_sheets_are_read_in_the_authors_order():
    data = standard_data()
    data["sheets"] = {
        "west": {"name": "The West", "box": [0, 0, 600, 500]},
        "east": {"name": "The East", "box": [500.5, 100, 1000, 700]},
    }
    v = Variant.from_data(data, "test")
    assert list(v.sheets) == ["west", "east"]
    assert v.sheets["east"].name == "The East"
    assert v.sheets["east"].box == (500.5, 100.0, 1000.0, 700.0)
    x0, y0, x1, y1 = v.sheets["west"].box
    assert (x1 - x0, y1 - y0) == (600, 500)


def test_a_variant_without_sheets_has_none():
    assert Variant.from_data(standard_data(), "test").sheets == {}


def test_a_sheet_box_upside_down_is_an_error_naming_the_sheet():
    def f(d):
        d["sheets"] = {"asia": {"name": "Asia", "box": [900, 0, 100, 500]}}
    found = problems(f)
    assert found == ["sheets.asia.box: [900.0, 0.0, 100.0, 500.0] is not [x0, y0, x1, y1], "
                     "x0 < x1, y0 < y1"]


@pytest.mark.parametrize("box", [[0, 0, 100], [0, 0, 1, 2, 3], ["a", 0, 1, 1]])
def test_a_sheet_box_not_four_numbers_is_one_clear_problem(box):
    def f(d):
        d["sheets"] = {"asia": {"name": "Asia", "box": box}}
    (found,) = problems(f)
    assert "sheets.asia.box" in found


def test_a_sheet_box_that_is_not_finite_is_an_error():
    def f(d):
        d["sheets"] = {"asia": {"name": "Asia", "box": [0, 0, float("inf"), 100]}}
    assert any("sheets.asia.box" in p and "finite" in p for p in problems(f))
