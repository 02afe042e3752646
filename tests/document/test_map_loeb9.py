"""From the standard board to Loeb9's, with the editor's commands alone.

Spain is split in four (Navarre, Madrid, Catalonia, Cordoba), Siberia carved from St
Petersburg and Kazakz from Moscow, the Arctic Ocean drawn along the top, the five islands of
the background made spaces, the two difficult borders and the Arctic's fall closure marked,
and the powers and start set as Loeb9's. The adjacency that comes out of the geometry must be
Loeb9's (variants/loeb9/variant.toml), with pins only where the rules say so: the two
difficult borders, which cross water. Undoing everything gives back the standard board
exactly; the result saves, loads and plays.

The split lines are not coordinates: they are worked out from the borders of the map
(a quarter of the way down the Portugal-Spain border, the middle of the Gascony-Spain
border...), so the test holds when the map art is redrawn.
"""

from __future__ import annotations

import math

import pytest
from mapboards import state
from shapely.geometry import LineString
from shapely.ops import linemerge

from diplodesk.document import map_commands as mc
from diplodesk.document.map_checks import check_map, playability
from diplodesk.document.map_document import MapDocument
from diplodesk.engine.variant import Variant
from diplodesk.variants import load_variant, map_path, read_variant_file

pytestmark = pytest.mark.skipif(map_path("standard") is None, reason="the standard board has no map.svg")


# -- finding places on the map by its borders ----------------------------------------------


def border(doc: MapDocument, a: str, b: str) -> LineString:
    g = doc.shared_border(a, b)
    if g.geom_type == "MultiLineString":
        g = linemerge(g)
    if g.geom_type == "MultiLineString":
        g = max(g.geoms, key=lambda p: p.length)
    assert g.geom_type == "LineString" and g.length > 0, f"{a} and {b} share no border"
    return g


def from_end(line: LineString, key) -> LineString:
    """The line run from the end that minimises ``key(x, y)``."""
    c = list(line.coords)
    return LineString(c if key(*c[0]) <= key(*c[-1]) else c[::-1])


def at(line: LineString, frac: float) -> tuple[float, float]:
    p = line.interpolate(frac, normalized=True)
    return (p.x, p.y)


def beyond(p, q, d):
    """``p`` moved ``d`` further from ``q``: line ends just past the border they lie on."""
    dx, dy = p[0] - q[0], p[1] - q[1]
    n = math.hypot(dx, dy)
    return (p[0] + dx / n * d, p[1] + dy / n * d)


def push(doc: MapDocument, cmd: mc.MapCommand) -> mc.MapCommand:
    doc.undo_stack.push(cmd)
    return cmd


def island(doc: MapDocument, seas: set[str], avoid: set[str] = frozenset()) -> int:
    """The largest background shape bordering all of ``seas`` and none of ``avoid``."""
    found = []
    for i, d in doc.decorations.items():
        if d.geometry.area > 0.05 * doc.span ** 2:
            continue  # the sea behind everything, Africa...
        nb = set(doc.decoration_borders(i))
        if seas <= nb and not nb & avoid:
            found.append((d.geometry.area, i))
    assert found, f"no island in the background borders {sorted(seas)}"
    return max(found)[1]



def pairs_of(board, unit: str) -> set[tuple[str, str]]:
    adj = board.army_adj if unit == "A" else board.fleet_adj
    return {tuple(sorted((a, b))) for a, ns in adj.items() for b in ns}


# -- the sequence --------------------------------------------------------------------------


def make_loeb9(doc: MapDocument) -> dict[str, mc.MapCommand]:
    done: dict[str, mc.MapCommand] = {}
    x0, y0, w, h = doc.view_box

    # Spain in four. Line A runs west to east from the Portugal border to the Gascony
    # border: Navarre is north of it (on the left, walking east on screen).
    por = from_end(border(doc, "por", "spa"), lambda x, y: y)  # north to south
    gas = from_end(border(doc, "gas", "spa"), lambda x, y: x)  # the coast eastwards
    wes = from_end(border(doc, "spa", "wes"), lambda x, y: y)  # north to south
    pn, ps, g, e = at(por, 0.25), at(por, 0.8), at(gas, 0.5), at(wes, 0.3)
    done["nav"] = push(doc, mc.SplitProvinceCommand(doc, "spa", [beyond(pn, g, 10), beyond(g, pn, 10)],
                                                    "nav", "Navarre", new_side="left"))
    # Line B: from Portugal to the Western Mediterranean; Cordoba is south of it.
    done["cor"] = push(doc, mc.SplitProvinceCommand(doc, "spa", [beyond(ps, e, 10), beyond(e, ps, 10)],
                                                    "cor", "Cordoba", new_side="right"))
    # Line C: from line A down to line B; Catalonia is east of it (left, walking south).
    c1, c2 = at(LineString([pn, g]), 0.75), at(LineString([ps, e]), 0.6)
    done["cat"] = push(doc, mc.SplitProvinceCommand(doc, "spa", [beyond(c1, c2, 15), beyond(c2, c1, 15)],
                                                    "cat", "Catalonia", new_side="left"))
    push(doc, mc.RenameProvinceCommand(doc, "spa", "mad"))
    push(doc, mc.SetProvinceCommand(doc, "mad", name="Madrid"))

    # Siberia: the east of St Petersburg, from a point of its Barents coast (some way from
    # the board's edge) to a point of its Moscow border; the part at the board's
    # north-east corner is new.
    bar = from_end(border(doc, "bar", "stp"), lambda x, y: -x)
    b = at(bar, min(0.5, 0.12 * doc.span / bar.length))
    mos = from_end(border(doc, "mos", "stp"), lambda x, y: x)
    m = at(mos, 0.6)
    done["sib"] = push(doc, mc.SplitProvinceCommand(doc, "stp", [beyond(b, m, 15), beyond(m, b, 15)],
                                                    "sib", "Siberia", new_at=(x0 + w - 1, y0 + 1)))
    # Kazakz: the east of Moscow, from the middle of its new Siberian border to its
    # Sevastopol border far east.
    sm = from_end(border(doc, "mos", "sib"), lambda x, y: x)
    sv = from_end(border(doc, "mos", "sev"), lambda x, y: x)
    k1, k2 = at(sm, 0.5), at(sv, 0.85)
    done["kaz"] = push(doc, mc.SplitProvinceCommand(doc, "mos", [beyond(k1, k2, 15), beyond(k2, k1, 15)],
                                                    "kaz", "Kazakz", new_at=(x0 + w - 1, (k1[1] + k2[1]) / 2)))

    # The islands of the background become spaces.
    for pid, name, seas, avoid in (("ice", "Iceland", {"nao", "nwg"}, set()),
                                   ("ire", "Ireland", {"iri", "nao"}, set()),
                                   ("sic", "Sicily", {"tys", "ion"}, set()),
                                   ("sar", "Sardinia", {"wes", "tys"}, set()),
                                   ("crs", "Corsica", {"lyo", "tys"}, {"wes"})):
        done[pid] = push(doc, mc.PromoteDecorationCommand(doc, island(doc, seas, avoid), pid, name, "coast"))

    # The Arctic Ocean: a band along the top of the board, half as deep as the sea above
    # the northernmost coast (so it meets the three seas and Siberia, nothing else).
    top = min(doc.shape(p).bounds[1] for p in doc.province_ids if p not in ("nao", "nwg", "bar", "sib"))
    depth = (top - y0) / 2
    done["arc"] = push(doc, mc.AddProvinceCommand(
        doc, "arc", [(x0, y0), (x0 + w, y0), (x0 + w, y0 + depth), (x0, y0 + depth)], "Arctic Ocean", "sea"))

    # The rules: two difficult borders across water, the Arctic frozen in the fall.
    done["cor-naf"] = push(doc, mc.MarkDifficultBorderCommand(doc, "cor", "naf"))
    done["nap-sic"] = push(doc, mc.MarkDifficultBorderCommand(doc, "nap", "sic"))
    push(doc, mc.AddSpecialCommand(doc, "seasonal", provinces=["arc"], seasons=["F"]))

    # Powers, province facts and the start, as Loeb9 has them.
    target = load_variant("loeb9").data
    for name, spec in target["powers"].items():
        if name not in {p.name for p in doc.powers}:
            push(doc, mc.AddPowerCommand(doc, name, spec["adjective"], spec["color"]))
    for pid, spec in target["provinces"].items():
        r = doc.province(pid)
        want = {"name": spec["name"], "kind": spec["kind"], "center": spec.get("center", False),
                "home": spec.get("home"), "aliases": tuple(spec.get("aliases", ()))}
        have = {"name": r.name, "kind": r.kind, "center": r.center, "home": r.home, "aliases": r.aliases}
        change = {k: v for k, v in want.items() if have[k] != v}
        if change:
            push(doc, mc.SetProvinceCommand(doc, pid, **change))
        assert doc.province(pid).coasts == tuple(spec.get("coasts", ())), pid
    push(doc, mc.SetStartUnitsCommand(doc, [(u["power"], u["type"], u["at"]) for u in target["start"]["units"]]))
    push(doc, mc.SetVictoryCommand(doc, target["victory"]["centers"]))
    push(doc, mc.SetVariantInfoCommand(doc, id="loeb9_edited", name="Loeb9 (edited)"))
    return done


@pytest.fixture(scope="module")
def edited():
    doc = MapDocument.open("standard")
    before = state(doc)
    done = make_loeb9(doc)
    return doc, before, done


def test_adjacency_is_loeb9s(edited):
    doc, _, _ = edited
    loeb9 = load_variant("loeb9").board
    for unit in ("A", "F"):
        got, want = set(doc.pairs(unit)), pairs_of(loeb9, unit)
        assert got == want, f"{unit}: extra {sorted(got - want)}, missing {sorted(want - got)}"
    # pinned by hand only where the rules say so: the difficult borders across water
    assert doc.overrides == {("A", "cor", "naf"): True, ("A", "nap", "sic"): True}


def test_the_whole_variant_is_loeb9s(edited):
    doc, _, _ = edited
    got = doc.variant().to_export()
    want = load_variant("loeb9").to_export()
    for key in ("id", "name"):
        got.pop(key), want.pop(key)
    for d in (got, want):
        d["special"].sort(key=str)
        d["powers"].sort()
    assert got == want


def test_diffs_of_the_splits(edited):
    _, _, done = edited
    kaz = done["kaz"].diff
    assert {("kaz", "mos"), ("kaz", "sev"), ("kaz", "sib")} <= set(kaz.army_added)
    assert ("mos", "sib") not in kaz.army_removed  # Moscow keeps its Siberian border
    nav = done["nav"].diff
    assert ("nav", "spa") in nav.army_added and ("gas", "nav") in nav.fleet_added
    assert ("gas", "spa/nc") in nav.fleet_removed and ("mao", "nav") in nav.fleet_added
    sib = done["sib"].diff
    assert ("sib", "stp/nc") in sib.fleet_added and ("bar", "sib") in sib.fleet_added
    arc = done["arc"].diff
    assert set(arc.fleet_added) == {("arc", "bar"), ("arc", "nao"), ("arc", "nwg"), ("arc", "sib")}
    assert arc.army_added == arc.army_removed == arc.fleet_removed == ()
    assert done["cor-naf"].diff.army_added == (("cor", "naf"),)
    assert set(done["sic"].diff.fleet_added) == {("ion", "sic"), ("sic", "tys")}


def test_no_problems_and_playable(edited):
    doc, _, _ = edited
    problems = check_map(doc)
    assert problems == [], "\n".join(map(str, problems))
    assert playability(doc) == (True, [])


def test_save_load_round_trip(edited, tmp_path):
    doc, _, _ = edited
    folder = doc.save(tmp_path / "loeb9_edited")
    assert (folder / "variant.toml").is_file() and (folder / "map.svg").is_file()
    data = read_variant_file(folder / "variant.toml")
    v = Variant.from_data(data)
    assert v.id == "loeb9_edited"
    assert v.board.provinces.keys() == load_variant("loeb9").board.provinces.keys()
    back = MapDocument.open(folder)
    assert back.to_data() == doc.to_data()
    assert back.overrides == doc.overrides
    assert set(back.pairs("A")) == set(doc.pairs("A")) and set(back.pairs("F")) == set(doc.pairs("F"))
    assert check_map(back) == []
    # the saved map reads as a map of the saved variant
    assert load_variant(str(folder)).board.provinces.keys() == v.board.provinces.keys()


def test_undo_all_restores_the_standard_board_and_redo_all_the_edit(edited):
    doc, before, _ = edited
    after = state(doc)
    stack = doc.undo_stack
    n = stack.index()
    while stack.canUndo():
        stack.undo()
    assert state(doc) == before
    for _ in range(n):
        stack.redo()
    assert state(doc) == after
