"""Done when: a Blind game's full week from the desk. Seven players' order e-mails are read
from a Maildir, the phase is adjudicated, seven personal messages with PDFs (and the
public page) are previewed and sent to a local SMTP server, and each message received
holds only what that player may know."""

from __future__ import annotations

import os
import re

import pytest
from mailhelp import NAMES, PASSWORD, SPRING, address, blind_game, maildir_with, order_mail

pytest.importorskip("PySide6.QtWidgets")

from PySide6.QtCore import QSettings  # noqa: E402

from diplodesk.document.game_document import GameDocument  # noqa: E402
from diplodesk.engine.process import process  # noqa: E402
from diplodesk.engine.reports import power_report  # noqa: E402
from diplodesk.engine.rules import blind  # noqa: E402
from diplodesk.gui.dialogs import Prompts  # noqa: E402

SHOTS = os.environ.get("DIPLODESK_SHOTS")  # a folder to save the dialogs' pictures in


def _pdf(data: bytes) -> bytes:
    data = re.sub(rb"uuid:[0-9a-f-]+", b"", data)
    data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", b"", data)
    data = re.sub(rb"/(CreationDate|ModDate) \(D:[^)]*\)", b"", data)
    return re.sub(rb"/ID \[ ?<[0-9a-fA-F]+> ?<[0-9a-fA-F]+> ?\]", b"", data)


class Desk(Prompts):
    """The real dialogs, driven as the GM would: a path typed, Read, Send all."""

    def __init__(self, parent, box, smtp, qtbot):
        super().__init__(parent)
        self.box, self.smtp, self.qtbot = box, smtp, qtbot
        self.seen: dict[str, object] = {}

    def _shot(self, dialog, name):
        dialog.show()
        self.qtbot.waitExposed(dialog)
        if SHOTS:
            dialog.grab().save(os.path.join(SHOTS, f"{name}.png"))

    def error(self, title, text):
        raise AssertionError(f"{title}: {text}")

    def orders_from_mail(self, doc, roster, settings=None):
        from diplodesk.gui.mail_in_dialog import OrdersFromMailDialog

        d = OrdersFromMailDialog(doc, roster, self.parent, settings)
        d.path.setText(str(self.box))
        d.read_files()
        statuses = [d.table.item(r, 2).text() for r in range(d.table.rowCount())]
        self.seen["statuses"] = statuses
        self.seen["problems"] = [d.problems.item(i).text() for i in range(d.problems.count())]
        self._shot(d, "orders-from-mail")
        assert d.enter.isEnabled()
        orders = d.result_orders()
        d.close()
        return orders

    def send_results(self, doc, roster, viewed=None, settings=None):
        from diplodesk.gui.mail_out_dialog import SendResultsDialog

        s = self.smtp
        d = SendResultsDialog(doc, roster, viewed, self.parent, settings)
        d.host.setText(s.host)
        d.port.setValue(s.port)
        d.user.setText(s.user)
        d.sender.setText(s.sender)
        d.cafile.setText(s.cafile)
        d.password.setText(PASSWORD)
        d.remember.setChecked(True)
        self.seen["previewed"] = [d.messages.item(i).text() for i in range(d.messages.count())]
        d.messages.setCurrentRow(2)
        self.seen["preview body"] = d.body.toPlainText()
        self._shot(d, "send-results-preview")
        d.send_all()
        assert d.sending and not d.send_b.isEnabled() and d.stop_b.isEnabled()
        self.qtbot.waitUntil(lambda: not d.sending, timeout=60_000)
        self.seen["after"] = [d.messages.item(i).text() for i in range(d.messages.count())]
        self.seen["status"] = d.status.text()
        self._shot(d, "send-results-sent")
        d.close()


def test_a_blind_week_from_the_desk(qtbot, tmp_path, smtp_server, memory_keyring):
    from diplodesk.gui.main_window import MainWindow

    smtp, inbox = smtp_server
    game = blind_game()
    game.save(tmp_path / "blind.json")
    # the week's mail: seven players' orders, one of them sent twice, and a stranger's
    mails = [order_mail(p, o, minutes=i) for i, (p, o) in enumerate(SPRING.items())]
    mails.append(order_mail("England", ["F Lon H"], minutes=-60))  # an earlier change of mind
    mails.append(order_mail("Germany", ["A Mun - Boh"], sender="stranger@elsewhere.example"))
    maildir_with(tmp_path / "Maildir", mails)

    doc = GameDocument.open(tmp_path / "blind.json")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(doc, settings=settings, restore_layout=False)
    desk = Desk(win, tmp_path / "Maildir", smtp, qtbot)
    win.prompts = desk
    qtbot.addWidget(win)

    # orders in: each power's from its player's address; the stranger's are shown, not used
    win.orders_from_mail()
    assert desk.seen["statuses"].count("arrived") == 6
    assert desk.seen["statuses"].count("replaced an earlier message") == 1  # England's
    assert any("stranger@elsewhere.example" in p for p in desk.seen["problems"])
    assert {p: list(doc.orders(p)) for p in doc.powers} == SPRING
    assert doc.undo_stack.undoText() == "Orders from mail (7 powers)"
    doc.undo_stack.undo()  # one step takes them all back
    assert all(doc.orders(p) == () for p in doc.powers)
    doc.undo_stack.redo()

    # the phase adjudicated
    win.adjudicate()
    assert len(doc.history) == 1
    before = doc.position_at(0)
    outcome = process(before)

    # results out: previewed, then sent to the local server
    win.send_results()
    assert len(desk.seen["previewed"]) == 8 and all(x.startswith("[…]") for x in desk.seen["previewed"])
    assert all(x.startswith("[sent]") for x in desk.seen["after"]), desk.seen["status"]
    assert "Dear Fleur" in desk.seen["preview body"]  # the third message: France's player
    assert memory_keyring.kept  # the password went to the keyring...
    assert PASSWORD not in (tmp_path / "blind.json").read_text()  # ...never to the game
    win.save()
    assert PASSWORD not in (tmp_path / "blind.json").read_text()
    assert PASSWORD not in (tmp_path / "settings.ini").read_text()

    # each message received holds only what its player may know
    from diplodesk.render.pack import power_pack

    personal = [(rcpt, m) for rcpt, m in inbox.received if m["Subject"] and "results for" in m["Subject"]]
    assert sorted(rcpt for rcpt, _ in personal) == sorted([address(p)] for p in SPRING)
    for rcpt, m in personal:
        power = next(p for p in SPRING if address(p) == rcpt[0])
        body = m.get_body(("plain",)).get_content().replace("\r\n", "\n")
        assert power_report(before, power, outcome).strip() in body
        for other in set(NAMES.values()) - {NAMES[power]}:
            assert other not in body and other.lower() not in str(m["To"]).lower()
        view = blind.view(before, outcome, power)
        for u in before.units.values():
            if u.power != power and u.province not in view.seen | view.informed:
                name = before.board.provinces[u.province].name
                assert f"({name})" not in body.split("Your supply")[0], (power, u)
        pdfs = [a for a in m.iter_attachments() if a.get_content_type() == "application/pdf"]
        assert len(pdfs) == 1
        expected = power_pack(before.to_json(), power, tmp_path / f"{power}.pdf").read_bytes()
        assert _pdf(pdfs[0].get_content()) == _pdf(expected)  # the player's own pack, nothing more
    public = [m for _, m in inbox.received if "the adjudication" in str(m["Subject"])]
    assert len(public) == 1 and "Bcc" not in public[0]
    assert public[0].get_body(("plain",)).get_content().replace("\r\n", "\n").strip() == blind.public_text(before, outcome).strip()
