"""Done when (issue 31): a season played at the desk through its widgets. Orders are typed on
a sheet and a support is clicked, the season is adjudicated with Ctrl+Return, the results view
and the gazette are read, a blocking question is answered before the next season moves on,
and a player's pack is printed."""

from __future__ import annotations

import re

from gui_helpers import show_ready
from hyperboards import desk_game
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper.decisions_panel import DecisionsPanel
from diplodesk.gui.hyper.window import open_desk


def test_a_season_played_at_the_desk_through_its_widgets(qtbot, prompts, tmp_path):
    w = show_ready(qtbot, open_desk(HyperGameDocument(desk_game()), prompts, show=False), 1440, 920)
    start = str(w.doc.position.phase)

    # France's orders typed on its sheet, picked from the sheet list by typing part of its name
    w.picker.filter.setText("fran")
    w.picker.filter.returnPressed.emit()
    editor = w.sheets["fra"].editor
    assert w.orders.stack.currentWidget() is w.sheets["fra"]
    editor.setFocus()
    QTest.keyClicks(editor, "1D Gaso at Nava")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    QTest.keyClicks(editor, "co A")
    w.flush()
    assert w.doc.orders("fra") == ("1D Gaso at Nava", "co A")

    # 2D supports the attack: picked on the map, S, the unit supported, where it attacks
    w.view.viewport().repaint()
    glyph = next(p for p in w.layers.plan if p.owner == "fra" and p.ref == "2D")
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=w.view.mapFromScene(glyph.center))
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_S)
    first = next(p for p in w.layers.plan if p.owner == "fra" and p.ref == "1D")
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=w.view.mapFromScene(first.center))
    w.click("nava")
    assert w.doc.orders("fra") == ("1D Gaso at Nava", "co A", "2D Gaso sp 1D at Nava")

    # Italy asks for something the rules do not provide (IX.7): a blocking question
    w.show_sheet("ita")
    QTest.keyClicks(w.sheets["ita"].editor, "sa build a wonder in Rome")
    w.flush()

    # Ctrl+Return adjudicates
    QTest.keySequence(w, QKeySequence("Ctrl+Return"))
    after = str(w.doc.position.phase)
    assert after != start and w.doc.history[-1].phase == start

    # the results view: France's attack with its Why
    r = w.results
    row = r.row_of("fra", "1D Gaso at Nava")
    assert r.cell(row, "Kind") == "attack" and r.cell(row, "Result") in ("succeeds", "fails")
    assert "Battle: Navarre" in r.show_why(row) and "T7" in r.show_why(row)
    assert r.cell(r.row_of("fra", "2D Gaso sp 1D at Nava"), "Kind") == "support"
    # and the gazette beside it
    assert "Navarre: attacked by France 1D gaso" in r.gazette_text()

    # the blocking question stops the next season until it is answered
    assert w.banner.isVisible() and "not final" in w.statusBar().currentMessage()
    QTest.keySequence(w, QKeySequence("Ctrl+Return"))  # refused: the question first
    assert str(w.doc.position.phase) == after and len(w.doc.history) == 1
    assert "answer its blocking question" in w.statusBar().currentMessage()
    panel: DecisionsPanel = w.gm_panels["Decisions"]
    panel.table.cellWidget(0, DecisionsPanel.ANSWER).setCurrentText("reject")  # an answer, the default or not
    assert not w.banner.isVisible()
    QTest.keySequence(w, QKeySequence("Ctrl+Return"))
    assert len(w.doc.history) == 2  # now the next season goes

    # France's player's pack, from File › Print packs…
    w.results.show_season(0)
    w.show_sheet("fra")
    dialog = w.print_packs(run=False)
    qtbot.addWidget(dialog)
    dialog.season.setCurrentIndex(dialog.season.findData(0))
    dialog.folder.setText(str(tmp_path / "packs"))
    made = dialog.make()
    pack = next(p for p in made if p.name.endswith("-p01.pdf"))
    _title, pages = dialog.pages()
    assert len(re.findall(rb"/Type\s*/Page\b", pack.read_bytes())) == len(pages)
    statement = next(p for p in pages if not p.is_map)
    assert statement.title.startswith("France (Fran) — Winter 1914 — home nation")
    assert any("1D gaso at nava" in line for line in statement.lines)
