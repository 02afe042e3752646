"""Blind on the desk: the power inspector, order entry as a power, and print packs."""

from __future__ import annotations

import re

from gui_helpers import click
from PySide6.QtCore import Qt

from diplodesk.document import commands as cmd
from diplodesk.document.game_document import GameDocument
from diplodesk.engine.rules import blind
from diplodesk.gui.packs_dialog import PrintPacksDialog, page_layout, paint_pack

SPRING = {
    "Austria": ["A vie - gal", "A bud - ser", "F tri H"],
    "Russia": ["A war - gal", "F sev - bla", "A mos - ukr", "F stp/sc - bot"],
    "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
    "Turkey": ["F ank - bla", "A con - bul", "A smy - arm"],
}


def blind_game() -> GameDocument:
    return GameDocument.new("standard", ("blind",))


def played(w) -> None:
    w.push(cmd.SetOrdersCommand(w.doc, SPRING))
    w.adjudicate()


def test_inspector_shows_only_what_the_power_knows_side_by_side(make_window):
    w = make_window(blind_game())
    played(w)
    w.inspect()
    insp = w.inspector_dock
    assert insp.isVisible() and insp.phase_index() == 0  # follows the phase looked at
    insp.set_viewers("Austria", "England", compare=True)
    assert insp.right.isVisible()
    austria, england = insp.left.view.position, insp.right.view.position
    # Austria sees its own units and what borders them; none of England's
    assert {"vie", "bud", "tri"} <= set(austria.units)
    assert not any(u.power == "England" for u in austria.units.values())
    assert not any(u.power == "Austria" for u in england.units.values())
    assert {"lon", "edi", "lvp"} <= set(england.units)
    assert austria.units == blind.project(w.doc.position_at(0), "Austria").units
    # orders and report as the power reads them: others' lines masked, none of England's
    report = insp.left.report.toPlainText()
    assert "personal adjudication for Austria" in report and "Stood off by Russian army" in report
    assert "Lon" not in report and "Nth" not in report
    orders = insp.left.orders.toPlainText()
    assert "England:" not in orders and "A(Vie) - Gal (FAILED)" in orders
    # what Austria newly learned is marked
    assert insp.left.view.highlights.marked and {"gal", "vie"} <= insp.left.view.highlights.marked
    insp.mark.setChecked(False)
    assert not insp.left.view.highlights.marked
    # before adjudication: Austria's own orders only
    insp.before.setChecked(True)
    assert insp.left.view.position.orders == {"Austria": tuple(SPRING["Austria"])}
    assert "sees" in insp.left.report.toPlainText()
    # a power beside the GM's full view
    insp.set_viewers("Austria", None)
    assert insp.right.view.position.units == w.doc.position_at(0).units
    assert insp.right.view.position.orders["England"] == tuple(SPRING["England"])
    # the current phase: the inspector follows the window back
    w.show_phase(None)
    assert insp.phase_index() is None
    insp.after.setChecked(True)  # a preview of the orders given so far
    assert insp.left.shown.after and insp.left.shown.phase == "F1901M"
    w.grab()


def test_as_the_power_order_entry_sees_only_what_it_knows(make_window):
    w = make_window(blind_game())
    w.set_power("Austria")
    w.act_as_power.trigger()
    assert w.as_power
    shown = w.view.position
    assert "lon" not in shown.units and "vie" in shown.units  # the map: Austria's knowledge
    assert w.controller.entry.position.units.keys() == shown.units.keys()
    # no support can be offered to a unit Austria does not know is there
    click(w, "vie")
    click(w, "vie", button=Qt.MouseButton.RightButton)
    labels = _all_labels(w.controller.menu)
    assert not any("(England)" in t or "(France)" in t for t in labels)
    w.controller.menu.close()
    # the tooltip knows no more: not whose centre London is now, nor that a fleet is there
    assert w.describe_province("lon").endswith("not seen by Austria")
    assert "fleet" not in w.describe_province("lon").lower()
    assert "Army vie (Austria)" in w.describe_province("vie")
    w.act_as_power.trigger()
    assert "lon" in w.view.position.units


def _all_labels(menu) -> list[str]:
    out = []
    for a in menu.actions():
        out.append(a.text().replace("&", ""))
        if a.menu() is not None:
            out += _all_labels(a.menu())
    return out


def test_print_packs_dialog_makes_pdfs_and_cancel_stops_it(make_window, qtbot, tmp_path):
    w = make_window(blind_game())
    played(w)
    w.act_packs.trigger()
    assert w.prompts.packs_asked  # File > Print packs… asks for the dialog
    d = PrintPacksDialog(w.doc, None)
    qtbot.addWidget(d)
    assert d.phase.currentData() == 0  # the last adjudicated phase
    d.folder.setText(str(tmp_path / "packs"))
    d.page_size.setCurrentText("Letter")
    d.orientation.setCurrentText("Portrait")
    d._check_all(Qt.CheckState.Unchecked)
    for i in range(d.powers.count()):
        if d.powers.item(i).text() in ("Austria", "England"):
            d.powers.item(i).setCheckState(Qt.CheckState.Checked)
    made = d.make()
    assert [p.name for p in made] == ["standard-S1901M-austria.pdf", "standard-S1901M-england.pdf",
                                      "standard-S1901M-gm.pdf"]
    for p in made:
        data = p.read_bytes()
        assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", data)) >= 2
    assert "Made 3 PDFs" in d.status.text()

    # Cancel during the run: the packs stop after the one being made
    d._check_all(Qt.CheckState.Checked)
    d.folder.setText(str(tmp_path / "cancelled"))
    real = d._progress

    def cancel_after_first(done, total, what):
        if done == 1:
            d.progress.cancel()
        return real(done, total, what)

    d._progress = cancel_after_first
    made = d.make()
    assert len(made) == 1 and d.cancelled and "Cancelled" in d.status.text()
    assert len(list((tmp_path / "cancelled").glob("*.pdf"))) == 1


def test_pack_preview_paints_the_pack_pages(make_window, qtbot, tmp_path):
    from PySide6.QtGui import QPdfWriter

    w = make_window(blind_game())
    played(w)
    d = PrintPacksDialog(w.doc, 0)
    qtbot.addWidget(d)
    dlg = d.preview("Austria", run=False)  # the preview dialog, not shown
    assert "Austria" in dlg.windowTitle()
    writer = QPdfWriter(str(tmp_path / "preview.pdf"))
    writer.setPageLayout(page_layout(d.options()))
    pages = paint_pack(writer, d.position_json(), "Austria", d.options())
    assert pages >= 2
    data = (tmp_path / "preview.pdf").read_bytes()
    assert len(re.findall(rb"/Type\s*/Page[^s]", data)) == pages
