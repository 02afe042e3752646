"""The mailroom hardened (issue 26, item 3): IMAP with a certificate of its own, messages the
server says are huge never fetched, results adjudicated again after a roll-back sent once,
a name that would break a header refused in the players dialog, and a refused login that
stops the send dialog at once and says so."""

from __future__ import annotations

from mailhelp import PASSWORD, SPRING, FakeImap, blind_game, order_mail, send_dialog

from diplodesk.cli import main
from diplodesk.engine.game import Game
from diplodesk.mail.inbox import ImapSettings, read_imap


def _week(tmp_path):
    game = blind_game()
    game.save(tmp_path / "week.json")
    return tmp_path / "week.json"


def test_mail_read_takes_a_certificate_for_an_imap_server_with_its_own(tmp_path, capsys, monkeypatch):
    import diplodesk.mail.command as command

    seen = []

    def fake_read(settings, password, connect=None):
        seen.append(settings)
        return [], []

    monkeypatch.setattr(command, "read_imap", fake_read)
    monkeypatch.setenv("DIPLODESK_IMAP_PASSWORD", "pw")
    path = _week(tmp_path)
    (tmp_path / "ca.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    args = ["mail", "read", str(path), "imaps://gm@imap.example.org/INBOX", "--cafile", str(tmp_path / "ca.pem")]
    assert main(args) == 0
    assert [s.cafile for s in seen] == [str(tmp_path / "ca.pem")]


def test_the_orders_dialog_has_a_certificate_field_for_imap(qtbot, monkeypatch):
    import diplodesk.gui.mail_in_dialog as dialog_module
    from diplodesk.document.game_document import GameDocument
    from diplodesk.gui.mail_in_dialog import OrdersFromMailDialog
    from diplodesk.mail.roster import Roster

    game = blind_game()
    seen = []
    monkeypatch.setattr(dialog_module, "read_imap", lambda s, pw, connect=None: (seen.append(s), ([], []))[1])
    d = OrdersFromMailDialog(GameDocument(game), Roster.from_json(game.players, game.variant.power_names))
    qtbot.addWidget(d)
    d.imap_host.setText("imap.example.org")
    d.imap_user.setText("gm")
    d.imap_cafile.setText("/etc/ssl/our-own.pem")
    d.read_imap()
    assert [s.cafile for s in seen] == ["/etc/ssl/our-own.pem"]


def test_a_message_the_imap_server_says_is_huge_is_never_fetched():
    imap = FakeImap([bytes(order_mail(p, o)) for p, o in SPRING.items()])
    imap.sizes[2] = 1_200_000_000
    msgs, notes = read_imap(ImapSettings("imap.example.org", "gm"), "pw", imap)
    assert len(msgs) == 6 and notes == ["INBOX #2: skipped, 1200000000 bytes is too large for an order e-mail"]
    assert (b"2", "(RFC822)") not in imap.fetched


def test_results_adjudicated_again_after_a_roll_back_go_out_once_without_again(tmp_path, capsys, smtp_server,
                                                                              monkeypatch):
    settings, inbox = smtp_server
    path = _week(tmp_path)

    def play(orders):
        game = Game.load(path)
        if game.history:
            game.rollback(0)
        for p, o in orders.items():
            game.set_orders(p, o)
        game.process()
        game.save(path)

    monkeypatch.setenv("DIPLODESK_SMTP_PASSWORD", PASSWORD)
    send = ["mail", "send", str(path), "--no-pdf", "--smtp-host", "127.0.0.1", "--smtp-port", str(settings.port),
            "--user", "gm", "--from", "GM <gm@example.org>", "--cafile", settings.cafile]
    play(SPRING)
    assert main(send) == 0 and len(inbox.received) == 8
    other = dict(SPRING, France=["A Par - Pic", "F Bre - Eng", "A Mar H"])
    play(other)  # rolled back: France's orders changed, and so did what France's neighbours see
    assert main(send) == 0

    def got(name):
        return sum(to == [f"{name}@players.example"] for to, _ in inbox.received)

    assert got("fleur") == 2 and got("gerd") == 2  # their results are new: no --again needed
    assert got("anna") == 1 and got("tarik") == 1  # in this Blind game they see nothing new: not twice
    sent = len(inbox.received)
    play(other)  # and again with the same orders: the same results, which nobody gets twice
    capsys.readouterr()
    assert main(send) == 0
    assert len(inbox.received) == sent and "8 messages were sent before" in capsys.readouterr().err


def test_the_players_dialog_refuses_a_name_that_would_break_a_mail_header(qtbot):
    from PySide6.QtWidgets import QDialogButtonBox, QTableWidgetItem

    from diplodesk.document.game_document import GameDocument
    from diplodesk.gui.addresses_dialog import AddressesDialog

    d = AddressesDialog(GameDocument(blind_game()))
    qtbot.addWidget(d)
    d.table.setItem(0, 0, QTableWidgetItem("Anna\r\nBcc: eve@evil.example"))
    assert "name: a control character (\\r) is not allowed" in d.problem.text()
    assert not d.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_the_send_dialog_stops_at_a_refused_login_and_says_so(qtbot, tmp_path, smtp_server):
    smtp, inbox = smtp_server
    d = send_dialog(qtbot, tmp_path, smtp, password="not the password")
    d.send_all()
    qtbot.waitUntil(lambda: not d.sending, timeout=60_000)
    total = len(d.batch.messages)
    said = d.status.text()
    assert said.startswith(f"Sent 0 of {total}; stopped: login refused")  # one login tried, not one a message
    assert f"the other {total - 1} were not tried" in said and inbox.received == []
