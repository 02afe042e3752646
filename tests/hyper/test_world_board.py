"""The world board of 1914 (variants/hypereconomic): DESIGN milestone 4, acceptance tests 1-4.

These read the committed files only (map.svg, variant.toml, the tables); Natural Earth is
needed to redraw the board, never to test it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from diplodesk.engine import adjudicate, load_variant, seasons
from diplodesk.engine.board import ProvinceKind
from diplodesk.engine.hyper import pack_of
from diplodesk.engine.hyper.territory import near
from diplodesk.geometry.adjacency import diff_adjacency
from diplodesk.geometry.shapes import load_map_geometry

REPO = Path(__file__).resolve().parents[2]
BOARD_FILE = REPO / "tools" / "mapgen" / "boards" / "hypereconomic.toml"


@pytest.fixture(scope="module")
def world():
    return load_variant("hypereconomic")


@pytest.fixture(scope="module")
def pack(world):
    return pack_of(world)


@pytest.fixture(scope="module")
def start(world):
    return seasons.start_other(world, "world test", "hypereconomic").to_json()


def _allowed() -> dict[tuple[str, str], str]:
    """The board's allow-list: straits the rules cross that the shapes keep apart."""
    allow = tomllib.loads(BOARD_FILE.read_text(encoding="utf-8"))["allow"]
    return {tuple(sorted(k.split())): why for k, why in allow.items()}


def test_the_drawn_borders_are_the_declared_adjacency_but_for_the_listed_straits(world):
    board_file = tomllib.loads(BOARD_FILE.read_text(encoding="utf-8"))
    tolerance = board_file["geometry"]["border_tolerance"]
    geom = load_map_geometry(world)
    # the board's provinces share their borders point for point (to the SVG's 0.1 unit)
    gap = world.data["editor"]["gap"]
    diff = diff_adjacency(geom, world.board, min_border=tolerance, gap=gap)
    assert not diff.missing
    assert diff.without(list(_allowed())).clean, str(diff.without(list(_allowed())))
    # and each allowed pair is a real crossing of the variant with no border on the map
    assert set(_allowed()) <= set(diff.only_variant)


def test_every_starting_nation_hangs_together_by_land_or_one_sea(world, pack):
    held: dict[str, set[str]] = {}
    for p in pack.provinces.values():
        if p.nation is not None:
            held.setdefault(p.nation, set()).add(p.id)
    broken = []
    for nation, provinces in sorted(held.items()):
        first = min(provinces)
        reached, todo = {first}, [first]
        while todo:
            here = todo.pop()
            for q in sorted(provinces - reached):
                if near(world.board, here, {q}):
                    reached.add(q)
                    todo.append(q)
        if reached != provinces:
            broken.append(f"{nation}: {sorted(provinces - reached)} apart from {first}")
    assert not broken


def test_winter_1914_with_no_orders_splits_no_nation(start):
    result = adjudicate(start)
    before = start["economy"]["nations"]
    after = result["next"]["economy"]["nations"]
    assert set(after) == set(before)
    owners = {p: s["de_facto"] for p, s in start["economy"]["provinces"].items()}
    assert {p: s["de_facto"] for p, s in result["next"]["economy"]["provinces"].items()} == owners


def test_the_provinces_the_rules_name_are_there_with_their_flags(world, pack):
    b = world.board
    canals = {s.get("name"): s for s in b.specials if s.kind == "canal"}
    assert list(canals["suez"].get("provinces")) == ["egyp"] and canals["suez"].get("state") == "open"
    assert list(canals["kiel"].get("provinces")) == ["schl"] and canals["kiel"].get("state") == "open"
    for name, pid in (("panama", "pana"), ("nicaragua", "nica")):
        assert list(canals[name].get("provinces")) == [pid] and canals[name].get("site")
        assert tuple(b.provinces[pid].coasts) == ("nc", "sc")
    assert b.provinces["swit"].kind is ProvinceKind.LAND
    assert set(pack.provinces["swit"].special) == {"guards-only", "no-attack-while-integral"}
    assert b.provinces["nepa"].kind is ProvinceKind.IMPASSABLE
    assert not b.province_neighbours.get("nepa")
    for pid in ("gaso", "nava", "acqu", "egyp", "schl"):
        assert b.provinces[pid].kind in (ProvinceKind.LAND, ProvinceKind.COAST)
    assert b.provinces["tyrs"].kind is ProvinceKind.SEA
    assert {"nava", "acqu"} <= b.province_neighbours["gaso"]


def test_the_board_has_the_size_the_design_asks_for(world):
    kinds = [p.kind for p in world.board.provinces.values()]
    land = sum(k in (ProvinceKind.LAND, ProvinceKind.COAST) for k in kinds)
    seas = sum(k is ProvinceKind.SEA for k in kinds)
    assert 280 <= land <= 400
    assert 90 <= seas <= 130


def test_every_sea_has_a_fishing_capacity_and_every_land_province_yields(world, pack):
    listed = tomllib.loads((REPO / "variants" / "hypereconomic" / "tables" / "t13-fishing-capacity.toml")
                           .read_text(encoding="utf-8"))["capacity"]
    seas = {p for p, v in world.board.provinces.items() if v.kind is ProvinceKind.SEA}
    assert set(listed) == seas
    assert all(pack.fishing.capacity.get(s, 0) >= 1 for s in seas)
    land = {p for p, v in world.board.provinces.items() if v.kind in (ProvinceKind.LAND, ProvinceKind.COAST)}
    assert set(pack.provinces) == land
    assert all(sum(p.yields.amounts.values()) > 0 for p in pack.provinces.values())
    assert all(p.nation is not None for p in pack.provinces.values())


def test_about_sixty_home_nations_each_with_one_a_and_one_i_team(pack, start):
    homes = [n for n in pack.nations.values() if n.kind == "home"]
    assert 55 <= len(homes) <= 65
    assert all(dict(n.teams) == {"A": 1, "I": 1} for n in homes)
    assert len(pack.players) == len(homes)
    teams = {nid: sorted(t["kind"] for t in n["teams"]) for nid, n in start["economy"]["nations"].items()
             if n["kind"] == "home"}
    assert all(t == ["A", "I"] for t in teams.values())


def test_every_table_of_the_pack_is_marked_provisional_but_the_rules_text(pack):
    provisional = set(pack.provisional_tables)
    assert {m.table for m in pack.metas} - provisional == {"rules"}


def test_every_name_an_order_may_give_a_nation_names_one_nation(pack):
    seen: dict[str, str] = {}
    clashes = []
    for n in pack.nations.values():
        for name in {n.id.lower(), n.abbr.lower(), n.name.lower()}:
            if seen.setdefault(name, n.id) != n.id:
                clashes.append(f"{name}: {seen[name]} and {n.id}")
    assert not clashes
