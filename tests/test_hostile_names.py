"""Names are one line of text (issue 29, class 9, and jDip's numbers of class 6): a line
break, DEL, ESC or a bidi override in a power's, a province's or a nation's name is refused
by every reader that takes names (a variant, a jDip import, a position, the tables and their
CSV), naming the place; jDip numbers of other digits or 5,000 of them are refused or
replaced with a note, never a crash."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
from hyperboards import MINI
from hypothesis import given, settings
from hypothesis import strategies as st

from diplodesk.cli import main
from diplodesk.document.hyper_tables import TableEditError, TableSet
from diplodesk.document.jdip_import import (
    JdipImportError,
    _printable,
    import_jdip_variant,
    read_jdip_variant,
)
from diplodesk.engine import PositionError, adjudicate
from diplodesk.engine.plain_text import refusal, unsafe_char
from diplodesk.engine.variant import Variant, VariantError
from diplodesk.paths import builtin_variants_dir

TINY = Path(__file__).parent / "document" / "fixtures" / "jdip_tiny"
STANDARD = tomllib.loads((builtin_variants_dir() / "standard" / "variant.toml").read_text())
BAD = ["Eng\nland", "Eng\rland", "Eng\x7fland", "Eng\x1b[31mland", "Eng\aland", "\u202eEngland",
       "Eng\u2028land"]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(max_size=20))
def test_a_name_is_refused_exactly_when_it_holds_a_control_character(text):
    c = unsafe_char(text)
    assert (refusal(text) is None) == (c is None)
    if c is not None:
        assert "\n" not in refusal(text) and f"U+{ord(c):04X}" in refusal(text)
    assert unsafe_char(_printable(text)) is None  # what a summary prints holds none


@pytest.mark.parametrize("name", BAD)
def test_variant_check_refuses_a_power_name_with_a_control_character(name):
    data = STANDARD | {"powers": {name if k == "England" else k: v for k, v in STANDARD["powers"].items()}}
    with pytest.raises(VariantError, match=r"powers: .* holds .*; a name may not") as e:
        Variant.from_data(data)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("name", BAD[:3])
def test_a_province_name_with_a_control_character_is_refused_by_name(name):
    provinces = dict(STANDARD["provinces"])
    provinces["lon"] = provinces["lon"] | {"name": name}
    with pytest.raises(VariantError, match=r"provinces.lon.name: .* holds"):
        Variant.from_data(STANDARD | {"provinces": provinces})


@pytest.mark.parametrize("name", BAD[:4])
def test_a_position_naming_a_power_with_a_control_character_is_refused(name):
    pos = {"variant": "standard", "phase": "S1901M", "units": [{"power": name, "type": "A", "at": "lon"}]}
    with pytest.raises(PositionError) as e:
        adjudicate(pos)
    message = str(e.value)  # refused as no name of a power, written as an escape, never raw
    assert message.startswith("units[0].power: ") and unsafe_char(message) is None


def _tiny(tmp_path: Path, file: str, old: str, new: str) -> Path:
    for p in TINY.iterdir():
        shutil.copy(p, tmp_path / p.name)
    f = tmp_path / file
    f.write_text(f.read_text().replace(old, new, 1))
    return tmp_path


@pytest.mark.parametrize("file, old, new, where", [
    ("variants.xml", 'name="Redland"', 'name="Red&#10;land"', "powers"),
    ("variants.xml", 'adjective="Red"', 'adjective="R&#x202e;ed"', "powers.Redland.adjective"),
    ("tiny_adjacency.xml", 'fullname="Brava"', 'fullname="Bra&#127;va"', "provinces.bri.name"),
    ("tiny_adjacency.xml", 'fullname="Brava"', 'fullname="Bra&#13;va"', "provinces.bri.name"),
    ("tiny_adjacency.xml", '<UNIQUENAME name="west ocean"/>', '<UNIQUENAME name="west&#10;[meta]"/>',
     "provinces.ose.aliases[0]"),
])
def test_a_jdip_name_with_a_control_character_is_refused_and_nothing_written(tmp_path, file, old, new, where):
    (tmp_path / "src").mkdir()
    folder = _tiny(tmp_path / "src", file, old, new)
    with pytest.raises(JdipImportError) as e:
        import_jdip_variant(folder, tmp_path / "out")
    assert f"{where}: " in str(e.value) and "a name may not" in str(e.value) and "\n" not in str(e.value)
    assert not (tmp_path / "out").exists()


def test_an_inactive_powers_name_is_printed_escaped(tmp_path, capsys):
    folder = _tiny(tmp_path, "variants.xml", '<POWER name="Blueland" active="true" adjective="Blue"/>',
                   '<POWER name="Blueland" active="true" adjective="Blue"/>'
                   '<POWER name="Gr&#x9b;2Jey" active="false" adjective="Grey"/>')  # C1 CSI: XML has no ESC
    assert main(["variant", "import", str(folder), "--id", "tiny_grey"]) == 0
    out = capsys.readouterr().out
    assert "\x9b" not in out and "Gr\\x9b2Jey is inactive" in out


@pytest.mark.parametrize("value, note", [("9" * 5000, "victory at 3 centres"), ("\u00b2", "victory at 3 centres"),
                                         ("\u0664", "victory at 3 centres")])
def test_a_jdip_victory_count_of_other_digits_is_replaced_with_a_note(tmp_path, value, note):
    folder = _tiny(tmp_path, "variants.xml", '<WINNING_SUPPLY_CENTERS value="4"/>',
                   f'<WINNING_SUPPLY_CENTERS value="{value}"/>')
    imp = read_jdip_variant(folder)
    assert imp.data["victory"] == {"centers": 3} and any(note in n for n in imp.notes)


@pytest.mark.parametrize("year", ["1" * 5000, "\u0661\u0668\u0660\u0661", "18\u00b201"])
def test_a_jdip_start_year_of_other_digits_is_refused(tmp_path, year):
    folder = _tiny(tmp_path, "variants.xml", 'turn="Spring, 1801, Movement"', f'turn="Spring, {year}, Movement"')
    with pytest.raises(JdipImportError, match="STARTINGTIME .* is not like 'Spring, 1901, Movement'") as e:
        read_jdip_variant(folder)
    assert len(str(e.value)) < 300


@pytest.fixture
def tables(tmp_path) -> TableSet:
    shutil.copytree(MINI, tmp_path / "mini")
    return TableSet.open(tmp_path / "mini")


@pytest.mark.parametrize("name", ["Fr\x1bance", "Fr\u202eance", "Fr\x7fance"])
def test_a_nation_name_with_a_control_character_is_refused_by_the_tables(tables, name):
    f = tables.find("nations")
    [path] = [r.cells["name"] for r in f.grid().rows if r.label.endswith("fra")]
    with pytest.raises(TableEditError, match=r"row fra, field name: .* holds"):
        tables.set_cells(f.name, {path: name})


def test_a_csv_nation_name_with_a_line_break_is_refused(tables, tmp_path, capsys):
    folder = tmp_path / "mini"
    assert main(["tables", "export", str(folder), "nations", str(tmp_path / "n.csv")]) == 0
    text = (tmp_path / "n.csv").read_text()
    (tmp_path / "n.csv").write_text(text.replace(",France,", ',"Fr\nance",', 1))
    before = (folder / "nations.toml").read_bytes()
    assert main(["tables", "import", str(folder), "nations", str(tmp_path / "n.csv")]) == 2
    err = capsys.readouterr().err
    assert "holds a line break" in err and err.count("\n") == 1
    assert (folder / "nations.toml").read_bytes() == before


def test_a_one_line_refusal_writes_out_what_a_terminal_would_act_on(tmp_path, capsys):
    # the refusal named the variant as jDip spelled it: a right-to-left override, raw, on stderr
    folder = _tiny(tmp_path, "variants.xml", 'name="Tiny Isles"', 'name="Tiny &#x202e;Is&#x9b;les"')
    assert main(["variant", "import", str(folder), "--id", "tiny_turned"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\u202e" not in err and "\x9b" not in err
    assert "Tiny \\u202eIs\\x9bles" in err


def test_a_report_shows_a_game_files_orders_written_out(tmp_path, capsys):
    from diplodesk.engine.game import Game
    from diplodesk.variants import load_variant

    game = Game.new(load_variant("standard"))
    game.set_orders("England", ["F lon - nth \x1b]0;owned\x07", "A lvp H \u202eyrk", "F edi - nwg\x1b[2J"])
    game.process()
    game.set_orders("England", ["F nth - nwy\x1b[31m"])
    game.save(tmp_path / "g.json")
    for args in (["--power", "England"], ["--public"]):
        assert main(["report", str(tmp_path / "g.json"), *args]) == 0
        out = capsys.readouterr().out
        assert not any(c in out for c in "\x1b\x07\u202e"), out
        assert "\\x1b]0;owned\\x07" in out and "A lvp H \\u202eyrk" in out
    assert main(["report", str(tmp_path / "g.json"), "--power", "England", "--phase", "-1"]) == 0  # orders so far
    out = capsys.readouterr().out
    assert "\x1b" not in out and "F nth - nwy\\x1b[31m" in out
