"""Done when (issue 30): the balance report and the playtest work from the command line and
in the editor, on every built-in variant and on a variant just made in the editor: Spain
split with the mouse, the new half made a centre, saved as the designer's own variant,
then weighed and playtested in the editor's Balance dock and by ``diplodesk variant``."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("PySide6.QtWidgets")

import shapely  # noqa: E402
from gui_helpers import EditorPrompts, show_ready  # noqa: E402
from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from diplodesk.cli import main  # noqa: E402
from diplodesk.document.map_document import MapDocument  # noqa: E402
from diplodesk.gui.editor import MapEditorWindow  # noqa: E402
from diplodesk.paths import user_variants_dir  # noqa: E402
from diplodesk.variants import list_variants, load_variant, map_path  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier

BUILT_IN = sorted(i.id for i in list_variants() if i.builtin and i.playable and load_variant(i.id).engine == "standard")


class SplitPrompts(EditorPrompts):
    """The designer's answers: Spain's eastern half is Aragon; saved as Two Spains."""

    def split_province(self, doc, pid, parts):
        self.asked.append(f"split {pid}")
        east = max(parts, key=lambda k: parts[k]["at"][0])
        return {"id": "ara", "name": "Aragon", "kind": None, "part": east}


def editor_on(qtbot, tmp_path, vid: str, prompts=None) -> MapEditorWindow:
    w = MapEditorWindow(MapDocument.open(vid), prompts=prompts or EditorPrompts(),
                        autosave_root=tmp_path / "autosave")
    show_ready(qtbot, w, 1400, 900)
    return w


def weighed(qtbot, w: MapEditorWindow):
    """The Balance dock's report, once worked out for the board on screen."""
    w.balance_dock.raise_()
    w.balance_dock.tabs.setCurrentIndex(0)
    panel = w.balance_dock.report_panel
    qtbot.waitUntil(lambda: panel.report is not None and not panel.stale, timeout=20_000)
    return panel


def playtested(qtbot, w: MapEditorWindow, games: int, years: int, seed: int, workers: int | None = None):
    """The Balance dock's Playtest tab: settings typed in, Run clicked, the report shown."""
    w.balance_dock.tabs.setCurrentWidget(w.playtest_panel)
    p = w.playtest_panel
    p.workers = workers
    p.games.setValue(games)
    p.years.setValue(years)
    p.seed.setValue(seed)
    with qtbot.waitSignal(p.done, timeout=120_000) as done:
        QTest.mouseClick(p.run_button, LEFT)
    report = done.args[0]
    assert report is not None, p.status.text()
    return report


def cells(table, row: int) -> list[str]:
    return [table.item(row, c).text() for c in range(table.columnCount())]


def row_of(table, first: str) -> list[str]:
    rows = [cells(table, r) for r in range(table.rowCount())]
    return next(r for r in rows if r[0] == first)


@pytest.mark.skipif(map_path("standard") is None, reason="no standard map")
def test_split_spain_save_it_then_weigh_and_playtest_it_in_the_editor_and_from_the_command_line(
        qtbot, tmp_path, capsys):
    ask = SplitPrompts()
    w = editor_on(qtbot, tmp_path, "standard", ask)
    doc = w.doc

    # -- Spain split in two with the split tool; the eastern half, Aragon, made a centre ---
    QTest.keyClick(w.view, Qt.Key.Key_K)
    spain = doc.shape("spa")
    x0, y0, x1, y1 = spain.bounds
    cx = spain.representative_point().x
    line = [(cx, y0 - 8), (cx, (y0 + y1) / 2), (cx, y1 + 8)]
    assert shapely.LineString(line).crosses(spain)
    for x, y in line[:-1]:
        QTest.mouseClick(w.view.viewport(), LEFT, NONE, w.view.mapFromScene(QPointF(x, y)))
    QTest.mouseDClick(w.view.viewport(), LEFT, NONE, w.view.mapFromScene(QPointF(*line[-1])))
    assert ask.asked == ["split spa"] and not ask.errors
    assert doc.has_province("ara") and w.selection == ("ara",)
    w.province_panel.center.click()
    assert doc.province("ara").center
    w.flush_checks()
    assert w.play_action.isEnabled(), w.play_action.toolTip()

    # -- saved as the designer's own variant ------------------------------------------------
    ask.identity = ("spain2", "Two Spains")
    QTest.keyClick(w.view, Qt.Key.Key_S, CTRL)
    assert (user_variants_dir() / "spain2" / "variant.toml").is_file() and not doc.modified

    # -- the Balance dock weighs it: Aragon is France's, alone, in one move ------------------
    panel = weighed(qtbot, w)
    assert row_of(panel.centres, "ara")[1:3] == ["France", "1"]
    assert "13 neutral centres" in panel.summary.text()

    # -- and plays it: the Playtest tab, spread over the cores ------------------------------
    report = playtested(qtbot, w, games=4, years=2, seed=5)
    assert report.variant == "spain2" and report.errors == [] and w.playtest_panel.table.rowCount() == 7

    # -- the command line reads the saved variant the same ----------------------------------
    png = tmp_path / "spain2.png"
    assert main(["variant", "balance", "spain2", "--png", str(png), "--width", "500"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Balance of Two Spains (spain2)") and "\n  ara     France  " in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["variant", "playtest", "spain2", "--games", "4", "--years", "2", "--seed", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(report.to_json()))


@pytest.mark.parametrize("vid", BUILT_IN)
def test_every_built_in_variant_is_weighed_and_playtested_from_the_command_line(vid, tmp_path, capsys):
    png, svg = tmp_path / "balance.png", tmp_path / "curves.svg"
    assert main(["variant", "balance", vid, "--png", str(png), "--width", "400"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Balance of {load_variant(vid).name} ({vid})") and "Neutral centres" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for rules in ([], ["--rules", "blind"]):
        args = ["variant", "playtest", vid, "--games", "2", "--years", "1", "--workers", "1", *rules]
        assert main([*args, "--svg", str(svg)]) == 0
        assert "Engine errors: none." in capsys.readouterr().out
        assert "hint, not a proof" in svg.read_text()


@pytest.mark.parametrize("vid", BUILT_IN)
def test_every_built_in_variant_is_weighed_and_playtested_in_the_editor(vid, qtbot, tmp_path):
    if map_path(vid) is None:
        pytest.skip(f"variants/{vid} has no map.svg")
    w = editor_on(qtbot, tmp_path, vid)
    panel = weighed(qtbot, w)
    powers = sorted(load_variant(vid).power_names)
    assert [cells(panel.powers, r)[0] for r in range(panel.powers.rowCount())] == powers
    assert panel.picture.image is not None
    report = playtested(qtbot, w, games=1, years=1, seed=1, workers=1)
    assert report.errors == [] and w.playtest_panel.table.rowCount() == len(powers)
