"""Woolworth's two powers a player, an IMAP folder, and the players dialog."""

import os
import re
from email.message import EmailMessage

import pytest
from mailhelp import SPRING, FakeImap, address, blind_game, order_mail, send_dialog

from diplodesk.engine import load_position
from diplodesk.mail.compose import MailOptions, results_mail
from diplodesk.mail.inbox import ImapSettings, InboxError, read_imap
from diplodesk.mail.intake import read_orders
from diplodesk.mail.roster import Roster, from_deal
from diplodesk.variants import load_variant

DEAL = {"Ann": {"public": "England", "secret": "Turkey"}, "Bob": {"public": "France", "secret": "Spain"},
        "Cat": {"public": "Russia", "secret": "Balkans"}, "Dan": {"public": "Germany", "secret": "Austria"},
        "Eve": {"public": "Italy", "secret": "Scandinavia"}}


def test_a_woolworth_player_gets_both_powers_and_nobody_learns_whose_secret_power_it_is():
    v = load_variant("woolworth2a")
    start = load_position({"variant": "woolworth2a", "phase": "S1901M"}).start(v).to_json()
    position = load_position(dict(start, players=DEAL, orders={"England": ["F Lon - Nth"]}))
    base = Roster(tuple(Roster.from_json([{"name": n, "email": f"{n.lower()}@x.org"} for n in DEAL],
                                         v.power_names).players))
    roster = from_deal(DEAL, base)
    assert roster.by_address("ann@x.org").powers == ("England", "Turkey")
    batch = results_mail(position, roster, "Woolworth", MailOptions(pdf=False))
    ann = next(m for m in batch.messages if m.player == "Ann")
    assert "report for England" in ann.body and "report for Turkey" in ann.body
    for m in batch.messages:
        others = [n for n in DEAL if n != m.player]
        assert not any(re.search(rf"\b{n}\b", m.body) for n in others), m.player
    public = next(m for m in batch.messages if m.player is None)
    assert not any(re.search(rf"\b{n}\b", public.body) for n in DEAL)  # the public page names no player


def test_woolworth_orders_for_both_powers_in_one_message():
    v = load_variant("woolworth2a")
    start = load_position({"variant": "woolworth2a", "phase": "S1901M"}).start(v).to_json()
    position = load_position(dict(start, players=DEAL))
    roster = from_deal(DEAL, Roster.from_json([{"name": "Ann", "email": "ann@x.org"}], v.power_names))
    m = EmailMessage()
    m["From"] = "ann@x.org"
    m.set_content("England:\nF Lon - Nth\nTurkey:\nA Con - Bul\n")
    from diplodesk.mail.inbox import received

    intake = read_orders(position, roster, [received(bytes(m), "a.eml")])
    assert intake.orders() == {"England": ["F Lon - Nth"], "Turkey": ["A Con - Bul"]}


def test_orders_from_an_imap_folder_read_only():
    game = blind_game()
    imap = FakeImap([bytes(order_mail(p, o)) for p, o in SPRING.items()])
    msgs, notes = read_imap(ImapSettings("imap.example.org", "gm"), "pw", imap)
    assert imap.readonly is True  # nothing is marked read or moved
    assert read_orders(game.current, Roster.from_json(game.players, game.variant.power_names), msgs).orders() == SPRING
    with pytest.raises(InboxError, match="AUTHENTICATIONFAILED"):
        read_imap(ImapSettings("imap.example.org", "gm"), "wrong", imap)
    with pytest.raises(InboxError, match="no such folder"):
        read_imap(ImapSettings("imap.example.org", "gm", "Orders"), "pw", imap)


def test_the_players_dialog_saves_the_roster_as_one_undoable_change(qtbot, tmp_path):
    from diplodesk.document import commands as cmd
    from diplodesk.document.game_document import GameDocument
    from diplodesk.gui.addresses_dialog import AddressesDialog

    game = blind_game()
    game.players = []
    game.save(tmp_path / "g.json")
    doc = GameDocument.open(tmp_path / "g.json")
    d = AddressesDialog(doc)
    qtbot.addWidget(d)
    d.resize(900, 520)
    ok = d.buttons.button(d.buttons.StandardButton.Ok)
    d._one_per_power()
    assert d.table.rowCount() == 7 and not ok.isEnabled()  # names and addresses still to come
    for r, power in enumerate(doc.powers):
        d.table.item(r, 0).setText(power[:3] + " player")
        d.table.item(r, 1).setText(address(power))
    d.table.item(6, 2).setText("turkey")  # any case
    assert ok.isEnabled(), d.problem.text()
    d.table.item(1, 1).setText("not-an-address")
    assert not ok.isEnabled() and "not an e-mail address" in d.problem.text()
    d.table.item(1, 1).setText(address("England"))
    shots = os.environ.get("DIPLODESK_SHOTS")
    if shots:
        d.show()
        qtbot.waitExposed(d)
        d.grab().save(os.path.join(shots, "players-and-addresses.png"))
    players = d.players()
    assert players[6]["powers"] == ["Turkey"]
    doc.undo_stack.push(cmd.SetRosterCommand(doc, players))
    doc.save()
    assert doc.roster == players
    doc.undo_stack.undo()
    assert doc.roster == []


def test_the_game_menu_offers_the_mailroom(qtbot):
    from diplodesk.gui.main_window import MainWindow

    win = MainWindow(restore_layout=False)
    qtbot.addWidget(win)
    texts = [a.text() for a in win.game_menu.actions()]
    assert {"Players and &addresses…", "&Orders from mail…", "Send &results…"} <= set(texts)


def test_a_power_with_two_players_each_gets_its_report_and_the_later_orders_stand():
    game = blind_game()
    game.players = [*game.players, {"name": "Eddie", "email": "eddie@players.example", "powers": ["England"]}]
    roster = Roster.from_json(game.players, game.variant.power_names)
    assert [p.name for p in roster.players_of("England")] == ["Edward", "Eddie"]
    first = order_mail("England", ["F Lon - Nth"], minutes=0)
    second = order_mail("England", ["F Lon - Eng"], minutes=5, sender="eddie@players.example")
    from diplodesk.mail.inbox import received

    intake = read_orders(game.current, roster, [received(bytes(second), "b"), received(bytes(first), "a")])
    assert intake.orders()["England"] == ["F Lon - Eng"] and len(intake.powers["England"].replaced) == 1
    batch = results_mail(game.current, roster, "Game", MailOptions(pdf=False, public=False))
    bodies = {m.player: m.body for m in batch.messages}
    assert "report for England" in bodies["Edward"] or "for England" in bodies["Edward"]
    assert bodies["Edward"].replace("Edward", "X") == bodies["Eddie"].replace("Eddie", "X")


def test_a_power_left_unticked_keeps_its_orders(qtbot, tmp_path):
    from mailhelp import maildir_with

    from diplodesk.document.game_document import GameDocument
    from diplodesk.gui.mail_in_dialog import OrdersFromMailDialog

    game = blind_game()
    game.save(tmp_path / "g.json")
    maildir_with(tmp_path / "box", [order_mail(p, o) for p, o in SPRING.items()])
    doc = GameDocument.open(tmp_path / "g.json")
    d = OrdersFromMailDialog(doc, Roster.from_json(doc.roster, doc.powers))
    qtbot.addWidget(d)
    d.path.setText(str(tmp_path / "box"))
    d.read_files()
    from PySide6.QtCore import Qt

    d.table.item(1, 0).setCheckState(Qt.CheckState.Unchecked)  # England
    assert set(d.result_orders()) == set(SPRING) - {"England"}


def test_a_failure_is_retried_from_the_dialog_and_nothing_goes_twice(qtbot, tmp_path, smtp_server):
    smtp, inbox = smtp_server
    d = send_dialog(qtbot, tmp_path, smtp)
    d.prepare()
    inbox.refuse = {address("Italy")}
    d.send_all()
    qtbot.waitUntil(lambda: not d.sending, timeout=60_000)
    assert "1 failed" in d.status.text() and len(inbox.received) == 7
    assert (tmp_path / "g.mail-log.jsonl").is_file()
    inbox.refuse = set()
    d.retry()
    qtbot.waitUntil(lambda: not d.sending, timeout=60_000)
    assert d.status.text().startswith("Sent 1 of 1") and len(inbox.received) == 8
    d.send_all()  # nothing left to send
    assert "Nothing to send" in d.status.text() and not d.sending
