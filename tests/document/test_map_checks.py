"""Every check of the map editor's checks panel, each tripped on purpose."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from mapboards import grid_doc

from diplodesk.document.map_checks import CHECKS, ERROR, WARNING, MapChecker, check_map, playability
from diplodesk.document.map_document import MapDocument, StartUnit
from diplodesk.variants import map_path


def test_a_clean_board_has_no_problems():
    doc = grid_doc()
    assert check_map(doc) == []
    assert playability(doc) == (True, [])


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# every board shipped: the built-in variants and the example economy; those drawn to be
# clean have no warning either (the others' warnings are drawn on purpose or harmless)
BOARDS = {"standard": True, "loeb9": True, "woolworth2a": True, "colonial": False,
          "hypereconomic": False, str(EXAMPLES / "hyper-mini"): True}


@pytest.mark.parametrize("board", sorted(BOARDS), ids=lambda b: Path(b).name)
def test_every_shipped_board_opens_clean_in_the_editor_and_saves_as_playable(board):
    """No error-level problem, geometry included (the world board's are the slowest checks
    of the suite: each board is checked once, here)."""
    assert map_path(board) is not None
    doc = MapDocument.open(board)
    problems = check_map(doc)
    assert [str(p) for p in problems if p.level == ERROR] == []
    assert playability(doc, problems) == (True, [])
    if BOARDS[board]:
        assert problems == [], "\n".join(map(str, problems))
    # every link the variant lists is a border of the map, or a special explains it: on the
    # world board that takes its own min_border (its provinces' borders are short beside its
    # width) and its land bridges for divisions (D go by the army links)
    assert [str(p) for p in problems if p.code == "unexplained-link"] == []


def test_a_board_s_own_min_border_is_kept_and_bounded(tmp_path):
    """The shared boundary that makes two provinces neighbours may be the map's own (the
    world board says 1.5 units), never more than the 1/200 of the width a board of standard
    size takes; it is saved with the board, and a value out of bounds is said and not used."""
    doc = MapDocument.open("hypereconomic")
    assert doc.min_border == 1.5 and doc.load_problems == []
    data = doc.to_data()
    assert data["editor"]["min_border"] == 1.5
    standard = MapDocument.open("standard")
    assert standard.min_border == standard.span * 5e-3 and "min_border" not in standard.to_data()["editor"]
    data = standard.to_data()
    data["editor"]["min_border"] = 1e9
    from diplodesk.document.map_model import MapModel

    too_big = MapModel.from_data(data, map_path("standard"), source="mine")
    assert too_big.min_border == standard.min_border
    assert too_big.load_problems == ["mine: [editor] min_border = 1000000000.0 is not a length between 0 and 10; "
                                     "10 is used"]


def orphan(doc: MapDocument) -> None:
    # a variant file may name anything; the editor keeps the pair and says so
    data = doc.to_data()
    data["adjacency"]["army"].append("aaa xyz")
    doc.__dict__["replacement"] = MapDocument.from_data(data, doc.to_svg())


def one_sided(doc: MapDocument) -> None:
    doc.set_override("A", "ccc", "fff", True)
    doc.set_override("A", "bbb", "fff", True)
    doc.set_province("fff", kind="sea")  # armies can't stand there any more


def unreachable(doc: MapDocument) -> None:
    for unit, a, b in sorted(doc.links()):
        if "ddd" in (a, b):
            doc.set_override(unit, a, b, False)


def coast_without_sea(doc: MapDocument) -> None:
    doc.set_province("eee", kind="coast")


def sea_coast_no_fleet(doc: MapDocument) -> None:
    doc.set_override("F", "bbb", "nor", False)


def center_without_marker(doc: MapDocument) -> None:
    doc.remove_anchor("center-ccc")


def overlap(doc: MapDocument) -> None:
    doc.move_vertex((100, 200), (100, 230), "aaa", together=False)  # aaa pokes into eee


def gap(doc: MapDocument) -> None:
    doc.move_vertex((100, 200), (100, 201), "eee", together=False)  # eee pulls back a little


def sliver(doc: MapDocument) -> None:
    # a split a hair's breadth from a border: legal, but surely not meant
    doc.split_province("eee", [(0.05, 190), (0.05, 310)], "thin", new_side="right")


def home_not_center(doc: MapDocument) -> None:
    doc.set_province("bbb", home="Red")


def start_unit(doc: MapDocument) -> None:
    doc.set_start_units([StartUnit("Red", "F", "eee"), StartUnit("Blue", "A", "ddd")])


def special(doc: MapDocument) -> None:
    doc.add_special("land_bridge", between=["aaa", "ccc"], units=["A"])


def unexplained_link(doc: MapDocument) -> None:
    doc.set_override("A", "aaa", "ddd", True)


def variant_data(doc: MapDocument) -> None:
    doc.set_victory(99)


TRIPS: dict[str, tuple[Callable[[MapDocument], None], str, set[str]]] = {
    "orphan-link": (orphan, ERROR, {"aaa", "xyz"}),
    "one-sided-link": (one_sided, ERROR, {"fff"}),
    "unreachable": (unreachable, ERROR, {"ddd"}),
    "coast-without-sea": (coast_without_sea, WARNING, {"eee"}),
    "sea-coast-no-fleet": (sea_coast_no_fleet, WARNING, {"bbb", "nor"}),
    "center-without-marker": (center_without_marker, WARNING, {"ccc"}),
    "overlap": (overlap, ERROR, {"aaa", "eee"}),
    "gap": (gap, WARNING, set()),
    "sliver": (sliver, WARNING, {"thin"}),
    "home-not-center": (home_not_center, ERROR, {"bbb"}),
    "start-unit": (start_unit, ERROR, {"eee"}),
    "special": (special, WARNING, {"aaa", "ccc"}),
    "unexplained-link": (unexplained_link, WARNING, {"aaa", "ddd"}),
    "variant-data": (variant_data, ERROR, set()),
}


def test_every_check_has_a_trip():
    assert set(TRIPS) == set(CHECKS)


@pytest.mark.parametrize("code", sorted(TRIPS))
def test_each_check_trips(code):
    trip, level, ids = TRIPS[code]
    doc = grid_doc()
    checker = MapChecker()
    assert checker.run(doc) == []
    trip(doc)
    doc = doc.__dict__.get("replacement", doc)
    problems = checker.run(doc)
    found = [p for p in problems if p.code == code]
    assert found, f"{code} not found among {[str(p) for p in problems]}"
    p = found[0]
    assert p.level == level and p.message
    assert ids <= {x.partition("/")[0] for q in found for x in q.ids}
    if code not in ("variant-data",):
        assert p.bounds is not None and p.where is not None  # somewhere to zoom to
    ok, reasons = playability(doc, problems)
    assert ok == (not any(q.level == ERROR for q in problems))
    if level == ERROR:
        assert not ok and p.message in reasons


def test_checks_are_cached_per_shape_and_notice_an_undo():
    doc = grid_doc()
    checker = MapChecker()
    checker.run(doc)
    doc.undo_stack.push(__import__("diplodesk.document.map_commands", fromlist=["x"]).MoveVertexCommand(
        doc, (100, 200), (100, 230), "aaa", together=False))
    assert [p.code for p in checker.run(doc)] == ["overlap"]
    doc.undo_stack.undo()
    assert checker.run(doc) == []


def test_a_problem_says_where():
    doc = grid_doc()
    overlap(doc)
    p = next(p for p in check_map(doc) if p.code == "overlap")
    x, y = p.where
    assert 0 <= x <= 200 and 180 <= y <= 250
    assert str(p).startswith("error:")
