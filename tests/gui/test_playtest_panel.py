"""The editor's playtest panel: Run plays the games off the GUI thread, shows the progress,
then the curves and the table; Cancel stops it; a map that cannot be played is said so."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6.QtWidgets")

from PySide6.QtCore import Qt  # noqa: E402

from diplodesk.engine.variant import VariantError  # noqa: E402
from diplodesk.gui.editor.panels.playtest_panel import PlaytestPanel  # noqa: E402
from diplodesk.variants import load_variant  # noqa: E402


def panel(qtbot, getter, workers=1):
    p = PlaytestPanel(getter, workers=workers)
    qtbot.addWidget(p)
    p.resize(760, 720)
    p.show()
    return p


def test_run_plays_the_games_and_shows_every_powers_curve_and_row(qtbot):
    p = panel(qtbot, lambda: load_variant("standard"))
    p.games.setValue(4)
    p.years.setValue(3)
    with qtbot.waitSignal(p.done, timeout=60_000) as done:
        qtbot.mouseClick(p.run_button, Qt.MouseButton.LeftButton)
        assert p.running and not p.run_button.isEnabled() and p.cancel_button.isEnabled()
    report = done.args[0]
    assert report is not None and report.games == 4 and report.years == 3
    assert p.progress.value() == 4 and p.progress.maximum() == 4
    assert p.run_button.isEnabled() and not p.cancel_button.isEnabled()
    assert p.table.rowCount() == 7
    rows = {p.table.item(r, 0).text(): p.table.item(r, 1).text() for r in range(7)}
    assert set(rows) == set(load_variant("standard").power_names)
    assert all("±" in v for v in rows.values())
    assert "hint, not a proof" in p.status.text()
    assert p.curves.report is report
    # the curves are drawn: each power's colour is in the view
    image = p.curves.grab().toImage()
    seen = {image.pixelColor(x, y).name() for x in range(image.width()) for y in range(0, image.height(), 2)}
    palette = {c.lower() for c in report.colors}
    assert len(palette & seen) >= 5


def test_the_time_left_is_shown_and_cancel_stops_the_games_keeping_the_window_usable(qtbot):
    p = panel(qtbot, lambda: "standard", workers=2)
    p.games.setValue(5000)
    p.years.setValue(2)
    with qtbot.waitSignal(p.done, timeout=60_000) as done:
        p.start()
        qtbot.waitUntil(lambda: p.progress.value() > 0, timeout=30_000)
        qtbot.waitUntil(lambda: p.left.text().endswith(" left"), timeout=30_000)  # the time left, as 1:35
        assert p.left.text()[0].isdigit() and ":" in p.left.text()
        qtbot.mouseClick(p.cancel_button, Qt.MouseButton.LeftButton)
    assert done.args[0] is None
    assert "Cancelled" in p.status.text()
    assert not p.running and p.run_button.isEnabled()


def test_a_map_that_cannot_be_played_is_said_so(qtbot):
    def broken():
        raise VariantError("my map", ["province spa has no neighbours"])

    p = panel(qtbot, broken)
    with qtbot.waitSignal(p.done, timeout=5_000) as done:
        p.start()
    assert done.args[0] is None
    assert "Cannot playtest" in p.status.text() and "spa has no neighbours" in p.status.text()
    assert p.run_button.isEnabled() and not p.running
