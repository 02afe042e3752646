"""Orders in: the players' e-mails, matched by address, read like Paste orders."""

import mailbox
from email.message import EmailMessage

import pytest
from mailhelp import SPRING, address, blind_game, maildir_with, order_mail, roster

from diplodesk.mail.inbox import InboxError, read_path
from diplodesk.mail.intake import read_orders
from diplodesk.mail.letters import own_text
from diplodesk.mail.roster import Roster, RosterError


def test_a_reply_gives_only_its_own_lines_not_the_quote_or_the_signature():
    text = ("A par - bur\nF bre - mao\n\n-- \nFleur\n")
    assert own_text(text) == "A par - bur\nF bre - mao"
    assert own_text("A par H\n> A mun - bur\n> F kie - den\n") == "A par H"
    assert own_text("A par H\n\nOn Tue, 2 Mar 1901 at 10:00, GM wrote:\nA mun - bur\n") == "A par H"


def test_seven_players_orders_arrive_from_a_maildir(tmp_path):
    game = blind_game()
    maildir_with(tmp_path / "box", [order_mail(p, o) for p, o in SPRING.items()])
    msgs, notes = read_path(tmp_path / "box")
    intake = read_orders(game.current, roster(game), msgs)
    assert notes == [] and intake.missing == [] and intake.unreadable == []
    assert {p.text for p in intake.problems} == {"Hello GM,", "my orders:", "Cheers,"}
    assert intake.orders() == SPRING


def test_a_later_message_replaces_an_earlier_one_whatever_the_mailbox_order(tmp_path):
    game = blind_game()
    late = order_mail("France", ["A Par - Pic", "F Bre - Eng", "A Mar H"], minutes=30)
    early = order_mail("France", SPRING["France"], minutes=0)
    for name, order in (("a", [late, early]), ("b", [early, late])):
        maildir_with(tmp_path / name, order)
        intake = read_orders(game.current, roster(game), read_path(tmp_path / name)[0])
        fr = intake.powers["France"]
        assert fr.orders == ("A Par - Pic", "F Bre - Eng", "A Mar H")
        assert fr.status == "replaced an earlier message" and len(fr.replaced) == 1
        assert "Germany" in intake.missing


def test_a_message_from_an_unknown_address_is_shown_never_applied(tmp_path):
    game = blind_game()
    maildir_with(tmp_path / "box", [order_mail("Germany", ["A Mun - Bur"], sender="spoof@evil.example")])
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "box")[0])
    assert intake.orders() == {}
    assert [r.address for r in intake.unknown] == ["spoof@evil.example"]
    assert "unknown addresses" in intake.report()


def test_orders_for_a_power_the_sender_does_not_play_are_not_used(tmp_path):
    game = blind_game()
    maildir_with(tmp_path / "box", [order_mail("England", ["F Lon - Nth", "Germany: A Mun - Bur"])])
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "box")[0])
    assert intake.orders() == {"England": ["F Lon - Nth"]}
    assert any("Edward" in p.message and "does not play Germany" in p.message for p in intake.problems)


def test_unreadable_lines_and_quoted_orders(tmp_path):
    game = blind_game()
    m = order_mail("Italy", ["A Ven H", "A Rom to the moon"], quoted="Italy: A Ven - Tyr\nF Nap - Tys")
    (tmp_path / "drop").mkdir()
    (tmp_path / "drop" / "italy.eml").write_bytes(bytes(m))
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "drop")[0])
    assert intake.orders() == {"Italy": ["A Ven H"]}  # the quoted orders are never read
    assert [p.text for p in intake.unreadable] == ["A Rom to the moon"]
    assert any("Hello GM" in p.text for p in intake.problems if p.prose)


def test_mbox_and_a_single_eml_file_are_read(tmp_path):
    box = mailbox.mbox(str(tmp_path / "orders.mbox"))
    box.add(order_mail("Turkey", SPRING["Turkey"]))
    box.flush()
    (tmp_path / "one.eml").write_bytes(bytes(order_mail("Russia", SPRING["Russia"])))
    assert [r.address for r in read_path(tmp_path / "orders.mbox")[0]] == [address("Turkey")]
    assert [r.address for r in read_path(tmp_path / "one.eml")[0]] == [address("Russia")]


def test_an_html_only_message_is_read_as_text(tmp_path):
    m = EmailMessage()
    m["From"] = address("Austria")
    m.set_content("<p>A Vie - Gal<br>A Bud - Ser</p>", subtype="html")
    (tmp_path / "a.eml").write_bytes(bytes(m))
    game = blind_game()
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "a.eml")[0])
    assert intake.orders() == {"Austria": ["A Vie - Gal", "A Bud - Ser"]}


def test_no_mailbox_there_is_one_clear_message(tmp_path):
    with pytest.raises(InboxError, match="no such mailbox"):
        read_path(tmp_path / "nothing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(InboxError, match="no Maildir"):
        read_path(tmp_path / "empty")


def test_a_roster_with_a_bad_address_or_power_says_which_player():
    with pytest.raises(RosterError, match=r"players\[0\] \(Bob\): email"):
        Roster.from_json([{"name": "Bob", "email": "bob-at-home", "powers": []}], ["England"])
    with pytest.raises(RosterError, match="'Narnia' is not a power"):
        Roster.from_json([{"name": "Bob", "email": "bob@x.org", "powers": ["Narnia"]}], ["England"])
    r = Roster.from_json([{"name": "Bob", "email": "Bob@X.org", "powers": ["England"]}], ["England"])
    assert r.by_address("Robert <bob@x.ORG>").name == "Bob"


def test_players_are_saved_in_the_game_file_and_read_back(tmp_path):
    from diplodesk.engine.game import Game, GameFileError

    game = blind_game()
    game.save(tmp_path / "g.json")
    again = Game.load(tmp_path / "g.json")
    assert again.players == game.players
    data = again.to_json()
    data["players"][0]["powers"] = ["Narnia"]
    with pytest.raises(GameFileError, match=r"players\[0\].powers\[0\]: 'Narnia'"):
        Game.from_json(data)
    data["players"][0]["password"] = "x"
    with pytest.raises(GameFileError, match="password"):
        Game.from_json(data)


def test_broken_messages_never_stop_the_reading(tmp_path):
    drop = tmp_path / "drop"
    drop.mkdir()
    (drop / "binary.eml").write_bytes(bytes(range(256)) * 4)
    (drop / "charset.eml").write_bytes(b"From: anna@players.example\nContent-Type: text/plain; charset=klingon\n"
                                       b"Date: not a date\n\nA Vie - Gal\n")
    (drop / "headers.eml").write_bytes(b"From: <<<@@@>>>\nTo: ,,,\nSubject: =?utf-8?q?broken\n\n\xff\xfe")
    (drop / "empty.eml").write_bytes(b"")
    msgs, notes = read_path(drop)
    game = blind_game()
    intake = read_orders(game.current, roster(game), msgs)
    assert intake.orders() == {"Austria": ["A Vie - Gal"]}
    assert len(msgs) + len(notes) == 4
