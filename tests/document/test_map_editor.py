"""The map editor's model and its commands: each edit, its local adjacency update and its
diff, pins that outlive edits, undo to the exact board, saving and loading."""

from __future__ import annotations

import os
import random
import stat
import tomllib

import pytest
import shapely
from mapboards import grid_doc, state
from shapely.geometry import box

from diplodesk.document import map_commands as mc
from diplodesk.document.map_document import MapChange, MapDocument, MapEditError, StartUnit
from diplodesk.document.map_io import write_toml
from diplodesk.geometry.svg_import import Decoration
from diplodesk.paths import user_variants_dir
from diplodesk.variants import (
    find_variant,
    list_variants,
    load_variant,
    map_path,
    read_variant_file,
)

# -- splitting, and adjacency worked out locally ---------------------------------------------


def test_split_gives_the_new_neighbours_as_a_diff():
    doc = grid_doc()
    cmd = mc.SplitProvinceCommand(doc, "eee", [(100, 190), (100, 310)], "ggg", "Ggg", new_side="left")
    doc.undo_stack.push(cmd)
    # walking down the screen, left is east: ggg is the east half
    assert doc.shape("ggg").bounds == pytest.approx((100, 200, 200, 300))
    assert doc.shape("eee").bounds == pytest.approx((0, 200, 100, 300))
    assert doc.province("ggg").kind == "land"
    d = cmd.diff
    assert set(d.army_added) == {("bbb", "ggg"), ("eee", "ggg"), ("fff", "ggg")}
    assert set(d.army_removed) == {("bbb", "eee"), ("eee", "fff")}
    assert d.fleet_added == d.fleet_removed == ()
    doc.undo_stack.undo()
    assert doc.last_diff == d.inverse()


def test_split_by_a_point_and_the_coast_rule():
    doc = grid_doc()
    # split bbb across: the northern part keeps the sea, the southern becomes land
    doc.split_province("bbb", [(90, 150), (210, 150)], "bbs", "Bbb South", new_at=(150, 190))
    assert doc.province("bbs").kind == "land" and doc.province("bbb").kind == "coast"
    assert doc.adjacent("A", "bbs", "eee") and not doc.adjacent("A", "bbb", "eee")
    assert not doc.adjacent("F", "aaa", "bbs")  # their border reaches no sea
    assert doc.adjacent("F", "aaa", "bbb")


def test_bad_splits_are_refused_before_they_reach_the_stack():
    doc = grid_doc()
    before = state(doc)
    with pytest.raises(MapEditError, match="does not cut"):
        mc.SplitProvinceCommand(doc, "eee", [(500, 500), (600, 600)], "ggg")
    with pytest.raises(MapEditError, match="already a province"):
        mc.SplitProvinceCommand(doc, "eee", [(100, 190), (100, 310)], "fff")
    with pytest.raises(MapEditError, match="too little"):
        mc.SplitProvinceCommand(doc, "eee", [(0.02, 190), (0.02, 310)], "ggg")
    assert doc.undo_stack.count() == 0 and state(doc) == before


def test_local_update_agrees_with_working_everything_out():
    rng = random.Random(5)
    doc = grid_doc()
    for n in range(12):
        pid = rng.choice([p for p in doc.province_ids if doc.shape(p).area > 2000])
        x0, y0, x1, y1 = doc.shape(pid).bounds
        a = (rng.uniform(x0, x1), y0 - 5)
        b = (rng.uniform(x0, x1), y1 + 5)
        if rng.random() < 0.5:
            a, b = (x0 - 5, rng.uniform(y0, y1)), (x1 + 5, rng.uniform(y0, y1))
        try:
            doc.split_province(pid, [a, b], f"n{n:02d}", f"New {n}")
        except MapEditError:
            continue
        if rng.random() < 0.3:
            others = sorted(doc.neighbours(pid))
            doc.merge_provinces(pid, others[0]) if others else None
    fresh = MapDocument.from_shapes(doc.view_box, [doc.province(p) for p in doc.province_ids], doc.shapes)
    assert doc.borders() == pytest.approx(fresh.borders())
    assert doc.geometric_links() == fresh.geometric_links()


# -- pins ----------------------------------------------------------------------------------


def test_pinned_overrides_survive_later_edits():
    doc = grid_doc()
    doc.set_override("A", "aaa", "ddd", True)  # a bridge no border gives
    doc.set_override("F", "bbb", "ccc", False)  # a coast fleets may not follow
    assert doc.adjacent("A", "aaa", "ddd") and not doc.adjacent("F", "bbb", "ccc")
    doc.split_province("ccc", [(250, 90), (250, 210)], "cce", "Ccc East")
    doc.move_vertex((200, 200), (210, 210))
    doc.merge_provinces("eee", "fff")
    assert doc.overrides == {("A", "aaa", "ddd"): True, ("F", "bbb", "ccc"): False}
    assert doc.adjacent("A", "aaa", "ddd") and not doc.adjacent("F", "bbb", "ccc")
    assert ("F", "bbb", "ccc") in doc.geometric_links()  # geometry still says so
    doc.set_override("F", "bbb", "ccc", None)
    assert doc.adjacent("F", "bbb", "ccc")


def test_overrides_are_checked():
    doc = grid_doc()
    with pytest.raises(MapEditError, match="army cannot stand"):
        doc.set_override("A", "aaa", "nor", True)
    with pytest.raises(MapEditError, match="fleet cannot stand"):
        doc.set_override("F", "aaa", "eee", True)
    with pytest.raises(MapEditError, match="no province"):
        doc.set_override("A", "aaa", "zzz", True)


# -- vertices ------------------------------------------------------------------------------


def test_a_shared_point_moves_all_its_shapes():
    doc = grid_doc()
    cmd = mc.MoveVertexCommand(doc, (200, 200), (210, 215))
    doc.undo_stack.push(cmd)
    for pid in ("bbb", "ccc", "eee", "fff"):
        assert (210, 215) in {tuple(c) for c in shapely.get_coordinates(doc.shape(pid)).tolist()}
    assert shapely.coverage_is_valid([doc.shape(p) for p in doc.province_ids])
    assert cmd.diff.empty


def test_a_point_moved_alone_leaves_its_neighbours():
    doc = grid_doc()
    doc.move_vertex((200, 200), (210, 215), "bbb", together=False)
    assert (200, 200) in {tuple(c) for c in shapely.get_coordinates(doc.shape("ccc")).tolist()}
    assert not shapely.coverage_is_valid([doc.shape(p) for p in doc.province_ids])


def test_add_and_delete_a_point_on_a_shared_border():
    doc = grid_doc()
    n = {p: shapely.get_num_coordinates(doc.shape(p)) for p in doc.province_ids}
    doc.add_vertex((150, 200.3), "bbb")
    assert shapely.get_num_coordinates(doc.shape("bbb")) == n["bbb"] + 1
    assert shapely.get_num_coordinates(doc.shape("eee")) == n["eee"] + 1
    doc.move_vertex((150, 200), (150, 240))
    assert doc.shape("bbb").area == pytest.approx(10000 + 50 * 40 / 1 * 1)
    assert shapely.coverage_is_valid([doc.shape(p) for p in doc.province_ids])
    doc.delete_vertex((150, 240))
    assert shapely.get_num_coordinates(doc.shape("bbb")) == n["bbb"]
    assert doc.shape("bbb").area == pytest.approx(10000)
    with pytest.raises(MapEditError):
        doc.delete_vertex((1000, 1000))


# -- provinces -----------------------------------------------------------------------------


def test_draw_a_province_carving_its_neighbours():
    doc = grid_doc()
    cmd = mc.AddProvinceCommand(doc, "mid", box(150, 150, 250, 250), "Middle", "land")
    doc.undo_stack.push(cmd)
    assert doc.shape("bbb").area == pytest.approx(10000 - 2500)
    assert {"bbb", "ccc", "eee", "fff"} <= doc.neighbours("mid")
    assert ("bbb", "mid") in cmd.diff.army_added
    with pytest.raises(MapEditError, match="no free space"):
        doc.add_province("zzz", box(10, 110, 90, 190), carve=False)
    with pytest.raises(MapEditError, match="cover all of aaa"):
        doc.add_province("zzz", box(-10, 90, 110, 210))


def test_merge_and_delete():
    doc = grid_doc()
    doc.undo_stack.push(mc.MergeProvincesCommand(doc, "eee", "fff"))
    assert not doc.has_province("fff")
    assert doc.shape("eee").area == pytest.approx(40000)
    assert shapely.get_num_interior_rings(doc.shape("eee")) == 0
    assert {"aaa", "bbb", "ccc", "ddd"} == doc.neighbours("eee")
    doc.undo_stack.push(mc.DeleteProvinceCommand(doc, "ddd"))
    assert not doc.has_province("ddd")
    assert [u.at for u in doc.start_units] == ["aaa"]  # Blue's army went with it
    assert "center-ddd" not in doc.anchors
    assert not any("ddd" in (a, b) for _, a, b in doc.links())


def test_rename_carries_every_reference():
    doc = grid_doc()
    doc.set_override("A", "ddd", "aaa", True)
    doc.add_special("difficult", between=["aaa", "ddd"])
    doc.rename_province("ddd", "dan")
    assert not doc.has_province("ddd") and doc.province("dan").name == "Ddd"
    assert StartUnit("Blue", "A", "dan") in doc.start_units
    assert doc.overrides == {("A", "aaa", "dan"): True}
    assert doc.specials[0].get("between") == ("aaa", "dan")
    assert "center-dan" in doc.anchors and doc.adjacent("F", "ccc", "dan")
    with pytest.raises(MapEditError, match="not a province id"):
        doc.rename_province("dan", "Dan!")


def test_set_province_facts_and_centre_markers():
    doc = grid_doc()
    doc.undo_stack.push(mc.SetProvinceCommand(doc, "bbb", center=True, home="Red", name="Bravo"))
    r = doc.province("bbb")
    assert (r.center, r.home, r.name) == (True, "Red", "Bravo")
    x, y = doc.anchors["center-bbb"]  # a marker was placed inside
    assert shapely.contains_xy(doc.shape("bbb"), x, y)
    doc.undo_stack.push(mc.SetProvinceCommand(doc, "eee", kind="coast"))
    assert not doc.adjacent("F", "eee", "bbb")  # nothing but land between
    with pytest.raises(MapEditError, match="no power"):
        doc.set_province("bbb", home="Green")
    with pytest.raises(MapEditError, match="already the name"):
        doc.set_province("bbb", name="aaa")


def test_a_split_keeps_the_centre_marker_inside():
    doc = grid_doc()
    doc.split_province("aaa", [(-5, 150), (105, 150)], "aas", "Aaa South", new_side="right")
    x, y = doc.anchors["center-aaa"]
    assert shapely.contains_xy(doc.shape("aaa"), x, y)


def test_promote_a_background_shape():
    doc = grid_doc()
    doc.delete_province("ccc")  # leaves a hole in the board
    doc._decorations[0] = Decoration(box(200, 100, 300, 200), "#ddd", None)
    assert set(doc.decoration_borders(0)) == {"nor", "bbb", "ddd", "fff"}
    doc.promote_decoration(0, "ccc", "Charlie", "coast")
    assert 0 not in doc.decorations and doc.adjacent("F", "bbb", "ccc")


# -- coasts --------------------------------------------------------------------------------


@pytest.mark.skipif(map_path("standard") is None, reason="no standard map")
def test_pick_and_draw_coast_sides_on_the_standard_board():
    doc = MapDocument.open("standard")
    want = {p for p in doc.pairs("F") if "stp" in p[0] + p[1]}
    doc.undo_stack.push(mc.SetCoastsCommand(doc, "stp", ()))
    assert doc.adjacent("F", "bar", "stp") and doc.adjacent("F", "bot", "stp")
    assert doc.start_units[-4].at in ("stp",) or any(u.at == "stp" for u in doc.start_units)
    doc.undo_stack.push(mc.PickCoastSeasCommand(doc, "stp", {"nc": ["bar"], "sc": ["bot"]}))
    got = {p for p in doc.pairs("F") if "stp" in p[0] + p[1]}
    assert got == want
    # drawing the north coast's side over the whole province leaves the south coast nothing
    doc.undo_stack.push(mc.DrawCoastCommand(doc, "stp/nc", doc.shape("stp").buffer(1)))
    assert doc.shape("stp/sc").is_empty and not any("stp/sc" in (a, b) for _, a, b in doc.links())
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert {p for p in doc.pairs("F") if "stp" in p[0] + p[1]} == want


def test_coasts_are_checked():
    doc = grid_doc()
    with pytest.raises(MapEditError, match="at least two"):
        doc.set_coasts("bbb", ("nc",))
    with pytest.raises(MapEditError, match="only a coast province"):
        doc.set_coasts("eee", ("nc", "sc"))
    with pytest.raises(MapEditError, match="different shores"):
        doc.set_coasts("bbb", ("nc", "sc"), seas={"nc": ["nor"], "sc": ["nor"]})


# -- anchors, powers, setup ----------------------------------------------------------------


def test_anchor_commands():
    doc = grid_doc()
    doc.undo_stack.push(mc.MoveAnchorCommand(doc, "unit-bbb", (120, 130)))
    assert doc.anchor("unit", "bbb") == (120, 130)
    doc.undo_stack.push(mc.RemoveAnchorCommand(doc, "unit-bbb"))
    assert "unit-bbb" not in doc.anchors and doc.anchor("unit", "bbb") != (120, 130)
    with pytest.raises(MapEditError):
        mc.MoveAnchorCommand(doc, "unit-zzz", (1, 1))
    with pytest.raises(MapEditError):
        mc.MoveAnchorCommand(doc, "flag-bbb", (1, 1))


def test_powers_follow_renames_and_go_with_their_things():
    doc = grid_doc()
    doc.undo_stack.push(mc.EditPowerCommand(doc, "Red", new_name="Crimson", color="#cc0000"))
    assert doc.province("aaa").home == "Crimson" and doc.start_units[0].power == "Crimson"
    assert doc.power("Crimson").color == "#cc0000"
    doc.undo_stack.push(mc.AddPowerCommand(doc, "Green", "Greenish", "#00aa00"))
    doc.undo_stack.push(mc.SetStartCentersCommand(doc, "Green", ["ccc"]))
    assert doc.start_centers()["Green"] == ("ccc",)
    doc.undo_stack.push(mc.RemovePowerCommand(doc, "Blue"))
    assert doc.province("ddd").home is None and all(u.power != "Blue" for u in doc.start_units)
    with pytest.raises(MapEditError, match="colour"):
        doc.add_power("Pink", color="pink")
    with pytest.raises(MapEditError, match="already a power"):
        doc.add_power("Green")


def test_start_units_and_the_rest_of_the_setup():
    doc = grid_doc()
    doc.undo_stack.push(mc.AddStartUnitCommand(doc, "Blue", None, "ccc"))  # a choice unit
    assert doc.start_units[-1].choice
    with pytest.raises(MapEditError, match="army cannot stand"):
        doc.add_start_unit("Red", "A", "nor")
    with pytest.raises(MapEditError, match="already has a start unit"):
        doc.add_start_unit("Red", "A", "ccc")
    doc.undo_stack.push(mc.RemoveStartUnitCommand(doc, "ccc"))
    doc.undo_stack.push(mc.SetVictoryCommand(doc, 3, "player", 2))
    doc.undo_stack.push(mc.SetCalendarCommand(doc, start_year=1870, years_after={"S": 1, "F": 1}))
    doc.undo_stack.push(mc.SetStartPhaseCommand(doc, "S1870M"))
    doc.undo_stack.push(mc.SetVariantInfoCommand(doc, name="Grid II", description="Small."))
    v = doc.variant()
    assert (v.victory_by, v.players, v.victory_centers) == ("player", 2, 3)
    assert str(v.start_phase) == "S1870M" and v.name == "Grid II"
    with pytest.raises(MapEditError, match="not one of the seasons"):
        doc.set_calendar(build_after="W")


def test_specials_commands():
    doc = grid_doc()
    doc.undo_stack.push(mc.AddSpecialCommand(doc, "railroad", provinces=["aaa", "bbb", "ccc"], powers=["Red"]))
    doc.undo_stack.push(mc.AddSpecialCommand(doc, "land_bridge", between=["eee", "ddd"], units=["A"]))
    doc.undo_stack.push(mc.EditSpecialCommand(doc, 1, "land_bridge", between=["eee", "ccc"], units=["A"]))
    doc.undo_stack.push(mc.RemoveSpecialCommand(doc, 0))
    assert [s.kind for s in doc.specials] == ["land_bridge"]
    assert doc.specials[0].get("between") == ("eee", "ccc")
    with pytest.raises(MapEditError, match="not one of"):
        doc.add_special("wormhole", between=["aaa", "ddd"])
    with pytest.raises(MapEditError, match="no power"):
        doc.add_special("railroad", provinces=["aaa", "bbb"], powers=["Nobody"])


# -- every command undoes to the exact board ---------------------------------------------


COMMANDS = {
    "move vertex": lambda d: mc.MoveVertexCommand(d, (100, 200), (90, 190)),
    "add vertex": lambda d: mc.AddVertexCommand(d, (50, 200)),
    "delete vertex": lambda d: mc.DeleteVertexCommand(d, (400, 300)),
    "set shape": lambda d: mc.SetShapeCommand(d, "aaa", box(0, 100, 95, 200)),
    "add province": lambda d: mc.AddProvinceCommand(d, "mid", box(150, 150, 250, 250), "Mid"),
    "promote": lambda d: mc.PromoteDecorationCommand(d, 7, "isl", "Isle"),
    "split": lambda d: mc.SplitProvinceCommand(d, "fff", [(300, 190), (300, 310)], "ggg", "Ggg"),
    "merge": lambda d: mc.MergeProvincesCommand(d, "aaa", "bbb"),
    "delete": lambda d: mc.DeleteProvinceCommand(d, "ddd"),
    "rename": lambda d: mc.RenameProvinceCommand(d, "aaa", "alp"),
    "set province": lambda d: mc.SetProvinceCommand(d, "bbb", center=True, kind="coast", name="B"),
    "set coasts": lambda d: mc.SetCoastsCommand(d, "bbb", ("wc", "ec"), areas={
        "wc": box(100, 100, 150, 200), "ec": box(150, 100, 200, 200)}),
    "move anchor": lambda d: mc.MoveAnchorCommand(d, "label-aaa", (40, 140)),
    "remove anchor": lambda d: mc.RemoveAnchorCommand(d, "center-ccc"),
    "override": lambda d: mc.SetOverrideCommand(d, "A", "aaa", "ccc", True),
    "difficult": lambda d: mc.MarkDifficultBorderCommand(d, "aaa", "ccc"),
    "add special": lambda d: mc.AddSpecialCommand(d, "seasonal", provinces=["nor"], seasons=["F"]),
    "add power": lambda d: mc.AddPowerCommand(d, "Green", "Green", "#00ff00"),
    "edit power": lambda d: mc.EditPowerCommand(d, "Blue", new_name="Navy"),
    "remove power": lambda d: mc.RemovePowerCommand(d, "Red"),
    "add unit": lambda d: mc.AddStartUnitCommand(d, "Red", "A", "eee"),
    "remove unit": lambda d: mc.RemoveStartUnitCommand(d, "aaa"),
    "set units": lambda d: mc.SetStartUnitsCommand(d, [("Red", "?", "bbb")]),
    "centres": lambda d: mc.SetStartCentersCommand(d, "Red", ["ccc"]),
    "victory": lambda d: mc.SetVictoryCommand(d, 3),
    "calendar": lambda d: mc.SetCalendarCommand(d, start_year=1900),
    "info": lambda d: mc.SetVariantInfoCommand(d, id="grid2", name="Grid 2"),
    "phase": lambda d: mc.SetStartPhaseCommand(d, "F1901M"),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_undoes_and_redoes_exactly(name):
    doc = grid_doc()
    doc._decorations[7] = Decoration(box(10, 10, 60, 60), "#cccccc", None)  # an island
    seen: list[MapChange] = []
    doc.changed.connect(seen.append)
    before = state(doc)
    cmd = COMMANDS[name](doc)
    assert state(doc) == before, "making a command changes nothing"
    doc.undo_stack.push(cmd)
    after = state(doc)
    assert after != before and doc.modified
    doc.undo_stack.undo()
    assert state(doc) == before and not doc.modified
    doc.undo_stack.redo()
    assert state(doc) == after
    assert len(seen) == 3 and seen[1].undone and not seen[2].undone


def test_a_command_planned_before_another_edit_is_planned_again():
    doc = grid_doc()
    cmd = mc.SetProvinceCommand(doc, "bbb", name="Bravo")
    doc.set_province("ccc", name="Charlie")  # not through the stack
    doc.undo_stack.push(cmd)
    assert doc.province("bbb").name == "Bravo" and doc.province("ccc").name == "Charlie"
    doc.undo_stack.undo()
    assert doc.province("bbb").name == "Bbb" and doc.province("ccc").name == "Charlie"


def test_a_failed_edit_leaves_nothing_behind():
    doc = grid_doc()
    before = state(doc)

    def half_done():
        doc.set_province("aaa", name="Half")
        doc.set_province("bbb", home="Nobody")

    with pytest.raises(MapEditError):
        doc.record(half_done)
    assert state(doc) == before


# -- files ---------------------------------------------------------------------------------


@pytest.mark.parametrize("info", list_variants(), ids=lambda i: i.id)
def test_the_toml_writer_reads_back_every_builtin_variant(info):
    data = read_variant_file(info.path / "variant.toml")
    text = write_toml(data)
    assert tomllib.loads(text) == data


@pytest.mark.parametrize("vid", ["standard", "loeb9", "colonial", "woolworth2a"])
def test_every_builtin_variant_opens_and_gives_its_data_back(vid):
    try:
        find_variant(vid)
    except ValueError:
        pytest.skip(f"no variant {vid}")
    doc = MapDocument.open(vid)
    assert doc.variant().to_export() == load_variant(vid).to_export()


def test_saving_a_builtin_copies_it_to_the_user_folder():
    doc = MapDocument.open("standard")
    assert doc.builtin
    doc.undo_stack.push(mc.SetProvinceCommand(doc, "par", name="Lutetia"))
    folder = doc.save()
    assert folder == user_variants_dir() / "standard" and not doc.builtin and not doc.modified
    assert not (folder / "variant.toml.bak").exists()
    assert stat.S_IMODE(os.stat(folder / "variant.toml").st_mode) & 0o044  # not private
    info = next(i for i in list_variants() if i.id == "standard")
    assert info.path == folder and not info.builtin  # the user's copy wins
    assert load_variant(str(folder)).board.provinces["par"].name == "Lutetia"
    doc.undo_stack.push(mc.SetProvinceCommand(doc, "par", name="Paris"))
    doc.save()
    assert "Lutetia" in (folder / "variant.toml.bak").read_text()
    back = MapDocument.open(folder)
    assert back.province("par").name == "Paris" and not back.builtin
    assert state(back)[0] == state(doc)[0]
    assert back.borders() == pytest.approx(doc.borders(), abs=0.5)
    assert back.geometric_links() == doc.geometric_links()


def test_a_saved_grid_round_trips(tmp_path):
    doc = grid_doc()
    doc.set_override("A", "aaa", "ddd", True)
    doc.add_special("land_bridge", between=["aaa", "ddd"], units=["A"])
    folder = doc.save(tmp_path / "grid")
    back = MapDocument.open(folder)
    assert back.to_data() == doc.to_data()
    assert back.overrides == doc.overrides
    assert back.view_box == doc.view_box
    assert set(back.anchors) >= {"unit-aaa", "label-aaa", "dislodged-aaa", "center-aaa"}


def test_a_variant_with_errors_is_saved_but_says_it_cannot_be_played(tmp_path):
    doc = grid_doc()
    doc.set_province("bbb", home="Red")  # not a supply centre
    folder = doc.save(tmp_path / "bad")
    data = read_variant_file(folder / "variant.toml")
    assert data["editor"]["playable"] is False
    assert data["editor"]["problems"] == ["bbb (Bbb) is a home centre of Red but not a supply centre"]
    doc.set_province("bbb", home=None)
    doc.save()
    assert "playable" not in read_variant_file(folder / "variant.toml").get("editor", {})


def test_an_economy_s_board_saved_elsewhere_keeps_its_tables_and_needs_no_victory_in_centres(tmp_path):
    """A Hypereconomic board (the test board) opened in the editor is checked and saved as
    what it is: its victory lies in its tables, not in a count of centres, and a folder it
    is saved to gets the table files its data names, so the saved variant still loads."""
    from pathlib import Path

    from diplodesk.document.map_checks import check_map
    from diplodesk.engine.hyper import pack_of

    mini = Path(__file__).resolve().parents[2] / "examples" / "hyper-mini"
    doc = MapDocument.open(mini)
    assert [str(p) for p in check_map(doc) if p.level == "error"] == []
    assert "victory" not in doc.to_data()
    folder = doc.save(tmp_path / "mini-copy")
    assert "playable" not in read_variant_file(folder / "variant.toml").get("editor", {})
    copy = load_variant(str(folder))
    assert copy.engine == "hypereconomic"
    assert len(pack_of(copy).metas) == len(pack_of(load_variant(str(mini))).metas)


def test_coasts_added_or_taken_away_move_what_stood_on_them():
    doc = grid_doc()
    doc.set_start_units([StartUnit("Red", "F", "bbb"), StartUnit("Blue", None, "ccc")])
    doc.set_coasts("bbb", ("wc", "ec"), areas={"wc": box(100, 100, 150, 200), "ec": box(150, 100, 200, 200)})
    doc.set_coasts("ccc", ("wc", "ec"), areas={"wc": box(200, 100, 250, 200), "ec": box(250, 100, 300, 200)})
    assert [u.at for u in doc.start_units] == ["bbb/wc", "ccc"]  # a choice unit keeps the province
    assert doc.adjacent("F", "bbb/ec", "ccc/wc") and not doc.adjacent("F", "bbb/wc", "ccc/wc")
    doc.set_coasts("bbb", ())
    assert [u.at for u in doc.start_units] == ["bbb", "ccc"]
    assert doc.adjacent("F", "bbb", "ccc/wc")
