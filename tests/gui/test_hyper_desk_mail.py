"""Orders from mail at the Hypereconomic desk (issue 26, item 1): the mailroom's dialog over the
desk's season, each player's message into their nations' sheets, entered as one undoable step
with the signatures."""

from __future__ import annotations

import mailbox
from email.message import EmailMessage

from hyperboards import desk_game
from PySide6.QtCore import Qt

from diplodesk.document.hyper_game import HyperGameDocument
from diplodesk.gui.hyper.desk_mail import enter_mail, mail_dialog
from diplodesk.gui.hyper.window import open_desk


def _mail(who: str, body: str) -> EmailMessage:
    m = EmailMessage()
    m["From"] = f"{who} <{who.lower()}@example.org>"
    m["Subject"] = "orders"
    m["Date"] = "Fri, 02 Jan 1914 12:00:00 +0000"
    m.set_content(body)
    return m


def test_orders_from_mail_at_the_desk_fill_each_players_sheets_in_one_undoable_step(qtbot, prompts, tmp_path):
    game = desk_game()
    game.players = [{"name": "Anne", "email": "anne@example.org", "powers": ["p01"]},
                    {"name": "Ben", "email": "ben@example.org", "powers": ["spa"]}]  # a nation: its players
    win = open_desk(HyperGameDocument(game), prompts, show=False)
    qtbot.addWidget(win)
    assert any(a.objectName() == "act-mail-in" for a in win.actions())
    box = mailbox.Maildir(str(tmp_path / "box"), create=True)
    box.add(_mail("Anne", "co A\nSpain: co I"))
    box.add(_mail("Ben", "Spain\nco I\nMorocco\nco A"))
    dialog = mail_dialog(win)
    qtbot.addWidget(dialog)
    dialog.path.setText(str(tmp_path / "box"))
    dialog.read_files()
    rows = {dialog.table.item(r, 0).data(Qt.ItemDataRole.UserRole): dialog.table.item(r, 2).text()
            for r in range(dialog.table.rowCount())}
    assert dialog.table.item(0, 0).text() == "France (fra)"
    fm = dialog.table.fontMetrics()  # not cut off
    assert dialog.table.columnWidth(0) >= fm.horizontalAdvance("Switzerland (sui)")
    assert rows["fra"] == "arrived" and rows["spa"] == "arrived" and rows["ita"] == "no player"
    refused = [dialog.problems.item(i).text() for i in range(dialog.problems.count())]
    assert any("Anne does not give its orders (played by p02)" in t for t in refused)
    assert enter_mail(win, dialog) == 3
    assert win.doc.orders("fra") == ("co A",) and win.doc.orders("mor") == ("co A",)
    assert win.sheets["spa"].editor.toPlainText().strip() == "co I"
    assert win.doc.position.signatures == {"fra": ("p01",), "mor": ("p02",), "spa": ("p02",)}
    win.doc.undo_stack.undo()
    assert win.doc.orders("fra") == () and win.doc.position.signatures is None


def test_the_mail_dialog_s_first_column_is_the_nation_or_bank_in_a_hypereconomic_game(qtbot, prompts):
    from diplodesk.document.game_document import GameDocument
    from diplodesk.engine import load_variant
    from diplodesk.engine.game import Game
    from diplodesk.gui.mail_in_dialog import OrdersFromMailDialog
    from diplodesk.mail.roster import Roster

    game = desk_game()
    game.players = [{"name": "Anne", "email": "anne@example.org", "powers": ["p01"]}]
    win = open_desk(HyperGameDocument(game), prompts, show=False)
    qtbot.addWidget(win)
    dialog = mail_dialog(win)
    qtbot.addWidget(dialog)
    heading = dialog.table.horizontalHeaderItem(0).text()
    assert heading == "Nation or bank"
    fm = dialog.table.horizontalHeader().fontMetrics()
    assert dialog.table.columnWidth(0) >= fm.horizontalAdvance(heading)  # not cut off
    standard = GameDocument(Game.new(load_variant("standard")))
    other = OrdersFromMailDialog(standard, Roster(()))
    qtbot.addWidget(other)
    assert other.table.horizontalHeaderItem(0).text() == "Power"  # a standard game keeps its word
