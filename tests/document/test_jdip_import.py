"""Importing a jDip variant (folder or zip): the data, the map, what is left out, and a year
played on the result. The fixture is a tiny board of our own in jDip's formats: a DTD
subset, jdipNS bound through it, "_xxx" drawn shapes, a <use>, exponents in path data, a
two-coast province, 2-unit gaps between the shapes, a difficult and a seasonal border."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from diplodesk.cli import main
from diplodesk.document.jdip_import import JdipImportError, import_jdip_variant, read_jdip_variant
from diplodesk.engine import adjudicate
from diplodesk.engine.position import Position
from diplodesk.geometry.adjacency import diff_adjacency
from diplodesk.geometry.shapes import load_map_geometry
from diplodesk.variants import list_variants, load_variant

TINY = Path(__file__).parent / "fixtures" / "jdip_tiny"


def test_reads_the_facts():
    imp = read_jdip_variant(TINY)
    d = imp.data
    assert d["id"] == "tiny_isles" and d["name"] == "Tiny Isles"
    assert d["description"] == "Two powers on nine provinces.\nBrava has two coasts."
    assert d["powers"] == {"Redland": {"adjective": "Red", "color": "#b03020"},  # the map's CSS
                           "Blueland": {"adjective": "Blue", "color": "#4169e1"}}  # by name
    p = d["provinces"]
    assert p["bri"] == {"name": "Brava", "kind": "coast", "coasts": ["nc", "sc"], "center": True}
    assert p["alp"]["home"] == "Redland"  # by its altname "reds"
    assert p["dun"] == {"name": "Dunmark", "kind": "coast", "center": True, "home": "Redland"}
    assert p["ose"] == {"name": "Ocean West", "kind": "sea", "aliases": ["west ocean"]}
    assert d["adjacency"]["army"] == ["alp bri", "alp dun", "bri cor", "cor elm"]
    assert {"bri/nc nse", "bri/sc sse", "cor elm"} <= set(d["adjacency"]["fleet"])
    assert d["special"] == [{"kind": "difficult", "between": ["alp", "bri"]},
                            {"kind": "seasonal", "provinces": ["ese"], "seasons": ["F"]}]
    assert d["start"]["phase"] == "S1801M" and len(d["start"]["units"]) == 4
    assert d["victory"] == {"centers": 4}
    assert imp.unsupported == []
    assert any("GAME_LENGTH=20" in n for n in imp.notes)
    assert imp.others == ["Tiny Wings"]


def test_imports_a_playable_variant(tmp_path):
    imp = import_jdip_variant(TINY)
    assert imp.folder is not None and (imp.folder / "map.svg").is_file()
    v = load_variant("tiny_isles")
    assert len(v.board.provinces) == 9 and v.board.provinces["bri"].coasts == ("nc", "sc")
    assert "tiny_isles" in [i.id for i in list_variants() if i.playable]  # New game lists it
    assert main(["variant", "check", "tiny_isles"]) == 0
    # every province drawn, the drawn-only "_elm" and the <use> "cor" too
    geom = load_map_geometry(v)
    assert set(geom.ids) == set(v.board.provinces)
    # the shapes leave 2-unit gaps, yet geometry agrees with the declared adjacency
    assert diff_adjacency(geom, v.board).clean
    with pytest.raises(JdipImportError, match="already there"):
        import_jdip_variant(TINY)
    import_jdip_variant(TINY, overwrite=True)


def test_a_year_is_played_on_it(tmp_path):
    import_jdip_variant(TINY, tmp_path / "tiny", variant_id="tiny_year")
    v = load_variant(str(tmp_path / "tiny"))
    pos = Position.start(v).to_json(with_orders=False)
    pos["variant"] = str(tmp_path / "tiny")
    pos["orders"] = {"Redland": ["A alp - bri", "F dun - sse"], "Blueland": ["A cor - bri", "F elm H"]}
    spring = adjudicate(pos)
    units = {(u["type"], u["at"]) for u in spring["next"]["units"]}
    # alp-bri is a difficult border: unsupported, Redland's army has no strength there
    assert ("A", "bri") in units and ("A", "alp") in units and ("F", "sse") in units
    fall = dict(spring["next"], orders={"Redland": ["A alp H", "F sse - bri/sc"],
                                        "Blueland": ["A bri H", "F elm - sse"]})
    assert fall["phase"] == "F1801M"
    nxt = adjudicate(fall)["next"]
    assert {("A", "bri"), ("F", "sse")} <= {(u["type"], u["at"]) for u in nxt["units"]}
    assert nxt["phase"] == "W1801A"
    assert "bri" in nxt["centers"]["Blueland"]  # Brava taken at the end of the year


def test_a_zip_as_jdip_distributes_it(tmp_path):
    z = tmp_path / "tiny.zip"
    with zipfile.ZipFile(z, "w") as f:
        for p in TINY.iterdir():
            f.write(p, f"tiny/{p.name}")
    imp = import_jdip_variant(z, tmp_path / "out")
    assert imp.data["id"] == "tiny_isles" and (tmp_path / "out" / "variant.toml").is_file()


def test_what_diplodesk_cannot_play_is_named_once(tmp_path):
    with pytest.raises(JdipImportError) as e:
        import_jdip_variant(TINY, tmp_path / "w", name="tiny wings")
    msg = str(e.value)
    assert "\n" not in msg and "Tiny Wings uses what diplodesk cannot play" in msg
    assert "wing units (OPTION_WINGS)" in msg and "VALUE_BUILDS_ANY_OWNED" in msg
    assert "a start wing in alp" in msg
    imp = import_jdip_variant(TINY, tmp_path / "w", name="tiny wings", allow_unsupported=True)
    assert [u["at"] for u in imp.data["start"]["units"]] == ["cor"]


def _written(name: str, data: bytes):
    def make(folder: Path) -> Path:
        (folder / name).write_bytes(data)
        return folder / name
    return make


@pytest.mark.parametrize("make, match", [
    (lambda p: p, "no variants.xml"),
    (_written("x.zip", b"PK\x03\x04garbage"), "not a readable zip"),
    (_written("x.txt", b"hello"), "neither a folder nor a zip"),
    (lambda p: p / "nothing", "no such file or folder"),
])
def test_bad_sources_get_one_line(tmp_path, make, match):
    with pytest.raises(JdipImportError, match=match) as e:
        import_jdip_variant(make(tmp_path), tmp_path / "out")
    assert "\n" not in str(e.value)


def test_a_device_is_refused(tmp_path):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    with pytest.raises(JdipImportError, match="not a regular file"):
        import_jdip_variant("/dev/zero", tmp_path / "out")


def test_broken_adjacency_file(tmp_path):
    for p in TINY.iterdir():
        (tmp_path / p.name).write_bytes(p.read_bytes())
    (tmp_path / "tiny_adjacency.xml").write_text("<PROVINCES><PROVINCE")
    with pytest.raises(JdipImportError, match=r"tiny_adjacency.xml: not well-formed XML at line 1"):
        import_jdip_variant(tmp_path, tmp_path / "out")


def test_cli_imports(tmp_path, capsys):
    assert main(["variant", "import", str(TINY), "--id", "tiny_cli"]) == 0
    out = capsys.readouterr().out
    assert "imported 'Tiny Isles' as tiny_cli: 9 provinces, 5 centres, 2 powers" in out
    assert main(["variant", "import", str(TINY), "--variant", "Tiny Wings", "--id", "tw"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "wing units" in err


def test_an_id_never_shadows_a_built_in_variant(tmp_path):
    for p in TINY.iterdir():
        text = p.read_text()
        if p.name == "variants.xml":
            text = text.replace('name="Tiny Isles"', 'name="Standard"')
        (tmp_path / p.name).write_text(text)
    assert read_jdip_variant(tmp_path).variant_id == "standard_jdip"


def test_the_editor_bridges_the_map_gaps(tmp_path):
    # the shapes are drawn 3 units apart: the map editor still finds every border, so the
    # saved variant pins no adjacency that geometry gives
    import tomllib

    import_jdip_variant(TINY, tmp_path / "tiny")
    data = tomllib.loads((tmp_path / "tiny" / "variant.toml").read_text())
    pinned = data.get("editor", {})
    assert not pinned.get("pinned_army") and not pinned.get("unpinned_army")


def test_the_summary_quotes_values_by_their_start_and_counts_what_it_leaves_out(tmp_path, capsys):
    # a GAME_LENGTH of 100,000 digits was printed whole, and a note a unit left out: 20,000 lines
    for p in TINY.iterdir():
        (tmp_path / p.name).write_bytes(p.read_bytes())
    vx = tmp_path / "variants.xml"
    tiny = vx.read_text()
    vx.write_text(tiny.replace('<GAME_LENGTH value="20"/>', f'<GAME_LENGTH value="{"2" * 100_000}"/>', 1))
    assert main(["variant", "import", str(tmp_path), "--id", "tiny_long"]) == 0
    out = capsys.readouterr().out
    assert len(out) < 1000 and "(GAME_LENGTH=222222" in out
    unit = '<INITIALSTATE province="alp" power="reds" unit="army"/>'
    vx.write_text(tiny.replace(unit, unit + '<INITIALSTATE province="nowhere" power="reds" unit="army"/>' * 20_000))
    assert main(["variant", "import", str(tmp_path), "--id", "tiny_many"]) == 0
    out = capsys.readouterr().out
    assert len(out) < 5000 and "\nand 19961 more notes like these\n" in out
    vx.write_text(tiny.replace('adjacencyURI="tiny_adjacency.xml"', f'adjacencyURI="{"x" * 100_000}"', 1))
    assert main(["variant", "import", str(tmp_path), "--id", "tiny_lost"]) == 2
    err = capsys.readouterr().err
    assert "the adjacency file 'xxx" in err and len(err) < 500
