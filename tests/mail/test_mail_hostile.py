"""Hostile mail: one bad message never stops the intake, nothing crafted hangs it or fills the
memory, a terminal never acts on what a sender wrote, and a message is credited to a player
by its real address only (issue 29's mail classes and issue 26's hardening)."""

from __future__ import annotations

import os
import time
import tracemalloc
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mailhelp import SPRING, address, blind_game, maildir_with, order_mail, roster

from diplodesk.cli import main
from diplodesk.mail.inbox import read_path, received
from diplodesk.mail.intake import read_orders
from diplodesk.mail.letters import body_text, is_quote_header, own_text
from diplodesk.mail.roster import Roster, RosterError, address_of


def _raw(head: bytes, body: bytes = b"A Vie - Gal\r\n") -> bytes:
    return head + b"\r\n" + body


def _nested(depth: int) -> bytes:
    parts = b"".join(b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (i, i)
                     for i in range(depth))
    return b"From: anna@players.example\r\nSubject: deep\r\n" + parts + b"Content-Type: text/plain\r\n\r\nhi\r\n"


def _drop(tmp_path, files: dict[str, bytes]):
    box = maildir_with(tmp_path / "box", [order_mail("France", SPRING["France"])])
    for name, raw in files.items():
        (tmp_path / "box" / "new" / name).write_bytes(raw)
    return box


# -- one bad message never stops the intake (class 8, item 3) --------------------------------

@pytest.mark.parametrize("depth", [1000, 2000])
def test_parts_nested_a_thousand_deep_are_skipped_with_a_note_and_the_rest_is_read(tmp_path, depth):
    raw = _nested(depth)
    assert len(raw) < 120_000
    _drop(tmp_path, {"deep": raw})
    messages, notes = read_path(tmp_path / "box")
    assert [m.address for m in messages] == [address("France")]
    assert notes == ["box #deep: skipped, it has more than 100 parts (an order e-mail has a few)"]


def test_a_from_of_a_hundred_thousand_brackets_is_no_one_and_breaks_nothing(tmp_path):
    _drop(tmp_path, {"long": _raw(b"From: " + b"(" * 100_000 + b"\r\nSubject: x\r\n"),
                     "short": _raw(b"From: " + b"(" * 30_000 + b" <anna@players.example>\r\nSubject: x\r\n")})
    messages, notes = read_path(tmp_path / "box")
    assert notes == ["box #long: skipped, its header is more than 64 KiB"]
    assert sorted(m.address for m in messages) == ["", address("France")]  # an open comment hides the rest
    assert address_of("(" * 1999) == "" and address_of("Anna (a (nested) comment) <Anna@X.org>") == "anna@x.org"


# -- linear-time reading (class 1) ------------------------------------------------------------

def test_an_html_body_of_angle_brackets_and_a_long_schrieb_line_read_at_once():
    html = _raw(b"From: a@b.org\r\nContent-Type: text/html\r\n", b"<" * 200_000)
    start = time.perf_counter()
    msg = received(html, "x")
    assert msg.text.startswith("<<<")
    line = "Am " + "schrieb :" * 16_000 + " x"
    assert not is_quote_header(line)
    assert own_text("A vie H\n" + line) == "A vie H\n" + line
    assert time.perf_counter() - start < 2  # the patterns backtracked for minutes on these


@settings(deadline=500, max_examples=60)
@given(st.text(alphabet="<>Am schriebOnwrote:From@.-> \n(\"", max_size=3000))
def test_reading_any_text_is_quick(text):
    own_text(text)
    is_quote_header(text)
    address_of(text)
    m = EmailMessage()
    m["From"] = "a@b.org"
    m.set_content(text, subtype="html")
    body_text(m)


def test_the_reply_headers_of_every_usual_mail_program_end_the_own_text():
    for head in ("On Mon, 1 Mar 1901 at 12:00, GM <gm@x.org> wrote:", "Le lun. 1 mars 1901, GM a écrit :",
                 "Am Mo., 1. März 1901 um 12:00 schrieb GM <gm@x.org>:", "-----Original Message-----",
                 "---------- Forwarded message ---------", "From: GM <gm@x.org>"):
        assert own_text(f"A Par H\n{head}\nA Mun - Bur") == "A Par H", head


# -- bounded reads of files in a mailbox and of settings (class 2) ---------------------------

def test_a_fifo_and_a_huge_file_inside_a_maildir_are_skipped_unread(tmp_path):
    _drop(tmp_path, {})
    os.mkfifo(tmp_path / "box" / "new" / "fifo")
    with open(tmp_path / "box" / "cur" / "huge:2,S", "wb") as f:
        f.truncate(1_200_000_000)  # a sparse 1.2 GB file: reading it whole would take the memory
    start = time.perf_counter()
    messages, notes = read_path(tmp_path / "box")
    assert time.perf_counter() - start < 5
    assert [m.address for m in messages] == [address("France")]
    assert sorted(notes) == ["box #fifo: skipped, not a regular file (a device, FIFO or socket)",
                             "box #huge: skipped, 1200000000 bytes is more than the 2 MiB allowed "
                             "(too large for an order e-mail)"]


def _played(tmp_path):
    game = blind_game()
    for p, o in SPRING.items():
        game.set_orders(p, o)
    game.process()
    game.save(tmp_path / "g.json")
    return tmp_path / "g.json"


@pytest.mark.parametrize("kind", ["fifo", "huge"])
def test_smtp_settings_from_a_fifo_or_a_huge_file_are_refused_in_one_line(tmp_path, capsys, kind):
    path = _played(tmp_path)
    settings = tmp_path / "smtp.toml"
    if kind == "fifo":
        os.mkfifo(settings)
    else:
        with open(settings, "wb") as f:
            f.truncate(1_200_000_000)
    assert main(["mail", "send", str(path), "--no-pdf", "--settings", str(settings)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read the settings" in err and str(settings) in err


# -- write errors (class 3) ------------------------------------------------------------------

def test_mail_preview_o_that_cannot_write_says_so_in_one_line(tmp_path, capsys):
    path = _played(tmp_path)
    (tmp_path / "eml" / "01-anna.eml").mkdir(parents=True)  # a folder where the file must go
    assert main(["mail", "preview", str(path), "--no-pdf", "-o", str(tmp_path / "eml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "01-anna.eml: cannot write" in err
    (tmp_path / "file").write_text("x")
    assert main(["mail", "preview", str(path), "--no-pdf", "-o", str(tmp_path / "file")]) == 2
    assert "cannot write" in capsys.readouterr().err


# -- a terminal never acts on what a sender wrote (class 9) ----------------------------------

def test_escapes_bells_and_direction_marks_are_shown_not_sent_to_the_terminal(tmp_path, capsys):
    game = blind_game()
    game.save(tmp_path / "g.json")
    m = order_mail("France", ["A Par - Bur\x07", "F Bre - Mao \u202eoaM", "\x1b[2J\x1b[31mA Mar H"])
    del m["Subject"]
    m["Subject"] = "orders \x1b]0;owned\x07"
    maildir_with(tmp_path / "box", [m])
    assert main(["mail", "read", str(tmp_path / "g.json"), str(tmp_path / "box")]) == 0
    out = capsys.readouterr()
    for bad in ("\x1b", "\x07", "\u202e"):
        assert bad not in out.out + out.err
    assert "\\x1b[31mA Mar H" in out.out and "\\u202e" in out.out


# -- who sent a mail (class 10) --------------------------------------------------------------

def test_only_the_real_address_counts_never_the_display_name_or_an_encoded_word(tmp_path):
    game = blind_game()
    spoof = order_mail("Germany", ["A Mun - Bur"])
    spoof.replace_header("From", f"{address('Germany')} <eve@evil.example>")
    coded = bytes(order_mail("Italy", ["A Ven - Tyr"])).replace(
        f"From: Ilaria <{address('Italy').title()}>".encode(),
        ("From: =?utf-8?q?" + address("Italy").replace("@", "=40") + "?=").encode())
    assert b"From: =?utf-8?q?ilaria=40" in coded
    maildir_with(tmp_path / "box", [spoof])
    (tmp_path / "box" / "new" / "coded").write_bytes(coded)
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "box")[0])
    assert intake.orders() == {}
    assert sorted(r.address for r in intake.unknown) == ["", "eve@evil.example"]


@pytest.mark.parametrize("header, said", [
    (("Sender", "eve@evil.example"), "its Sender is eve@evil.example"),
    (("Return-Path", "<eve@evil.example>"), "its Return-Path is eve@evil.example"),
    (("Authentication-Results", "mx.example.org; spf=fail smtp.mailfrom=evil.example; dkim=none"),
     "the receiving server found spf=fail"),
    (("Received-SPF", "softfail (domain does not designate 1.2.3.4)"), "the receiving server found spf=softfail"),
])
def test_a_message_whose_headers_disagree_with_its_from_is_held_until_the_gm_accepts(tmp_path, capsys,
                                                                                    header, said):
    game = blind_game()
    game.save(tmp_path / "g.json")
    m = order_mail("France", SPRING["France"])
    m[header[0]] = header[1]
    maildir_with(tmp_path / "box", [m, order_mail("Italy", SPRING["Italy"])])
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "box")[0])
    assert list(intake.orders()) == ["Italy"]
    [(who, held)] = intake.held
    assert who == "Fleur" and held.doubt == said
    assert "1 held (the sender is in doubt)" in intake.summary()
    from diplodesk.engine.game import Game

    args = ["mail", "read", str(tmp_path / "g.json"), str(tmp_path / "box"), "--apply"]
    assert main(args) == 0
    assert f"{held.where}: Fleur" in capsys.readouterr().out
    assert sorted(Game.load(tmp_path / "g.json").current.orders) == ["Italy"]
    assert main([*args, "--accept", held.where]) == 0
    assert sorted(Game.load(tmp_path / "g.json").current.orders) == ["France", "Italy"]


# -- memory (class 13) -----------------------------------------------------------------------

def test_a_subject_of_twenty_thousand_encoded_words_takes_no_memory(tmp_path):
    raw = _raw(b"From: anna@players.example\r\nSubject: " + b"=?utf-8?q?=C3=A9t=C3=A9?= " * 20_000 + b"\r\n")
    _drop(tmp_path, {"subject": raw, "fits": _raw(b"From: anna@players.example\r\nSubject: "
                                                  + b"=?utf-8?q?=C3=A9?= " * 2000 + b"\r\n")})
    tracemalloc.start()
    try:
        messages, notes = read_path(tmp_path / "box")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 40 * 2**20  # it took 2.8 GB
    assert notes == ["box #subject: skipped, its header is more than 64 KiB"]
    assert max(len(m.subject) for m in messages) <= 1000


# -- names and addresses that would break a header (item 3) ----------------------------------

@pytest.mark.parametrize("field, value", [("name", "Anna\r\nBcc: eve@evil.example"), ("name", "Anna\n"),
                                          ("email", "anna@players.example\r\n"), ("note", "a\x1b[2J")])
def test_a_control_character_in_a_players_name_or_address_is_refused_when_read(tmp_path, capsys, field, value):
    row = {"name": "Anna", "email": "anna@players.example", "powers": ["Austria"]} | {field: value}
    with pytest.raises(RosterError, match=f"{field}: a control character"):
        Roster.from_json([row], ["Austria"])
    path = _played(tmp_path)
    from diplodesk.engine.game import Game, GameFileError

    game = Game.load(path)
    game.players = [row]
    game.save(path)
    with pytest.raises(GameFileError, match=rf"players\[0\]\.{field}: .* holds (a line break|the control character)"):
        Game.load(path)  # the game file's own check
    assert main(["mail", "preview", str(path), "--no-pdf", "-o", str(tmp_path / "eml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"players[0].{field}: " in err and " holds " in err


# -- dates (item 3) --------------------------------------------------------------------------

def test_a_message_dated_in_the_future_never_beats_a_real_correction(tmp_path):
    game = blind_game()
    now = datetime(1901, 3, 2, 12, 0, tzinfo=UTC)
    wrong = order_mail("France", ["A Par - Pic"])
    wrong.replace_header("Date", format_datetime(now + timedelta(days=400)))
    right = order_mail("France", SPRING["France"])
    right.replace_header("Date", format_datetime(now - timedelta(hours=1)))
    maildir_with(tmp_path / "box", [wrong, right])
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "box")[0], now=now)
    assert intake.orders()["France"] == SPRING["France"]
    [flag] = [p for p in intake.problems if p.kind == "flag"]
    assert "Sun 06 Apr 1902 12:00" in flag.message and "more than a day ahead" in flag.message
    assert "1901" in intake.powers["France"].source.label  # the year is shown


# -- what arrived, and what will not stand (item 3) ------------------------------------------

def test_orders_for_units_that_are_not_there_and_powers_without_players_are_flagged(tmp_path):
    game = blind_game()
    game.players = [p for p in game.players if "Austria" not in p["powers"]]
    maildir_with(tmp_path / "box", [order_mail("France", ["A Par - Bur", "A Bur - Mun", "F Bre - Mao", "A Pic H"])])
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "box")[0])
    assert intake.powers["France"].status == "arrived"
    flagged = [(p.text, p.message.split(": ", 1)[1]) for p in intake.flagged]
    assert flagged == [("A Bur - Mun", "there is no unit in bur"), ("A Pic H", "there is no unit in pic")]
    assert "no player: Austria" in intake.summary() and "To look at" in intake.report()


# -- forwarded orders (item 3) ---------------------------------------------------------------

def _forward(power: str, inner_from: str, orders: list[str]) -> EmailMessage:
    m = order_mail(power, [])
    m.set_content("FYI, my orders from work:\n\n---------- Forwarded message ---------\n"
                  f"From: {inner_from}\nDate: Mon, 1 Mar 1901 at 11:00\nSubject: orders\n\n"
                  + "\n".join(orders) + "\n")
    return m


def test_a_players_orders_forwarded_from_another_of_their_addresses_are_read(tmp_path):
    game = blind_game()
    maildir_with(tmp_path / "box", [_forward("France", "Fleur <fleur@work.example>", SPRING["France"])])
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "box")[0])
    assert intake.orders() == {"France": SPRING["France"]}
    assert any("forwards, from Fleur <fleur@work.example>" in p.message for p in intake.flagged)


def test_orders_forwarded_from_another_players_address_or_empty_ones_say_why_not(tmp_path):
    game = blind_game()
    other = _forward("France", f"Gerd <{address('Germany')}>", SPRING["Germany"])
    quoted = order_mail("Italy", [])
    quoted.set_content("On Mon, 1 Mar 1901, GM wrote:\n> A Ven H\n")
    maildir_with(tmp_path / "box", [other, quoted])
    intake = read_orders(game.current, roster(game), read_path(tmp_path / "box")[0])
    assert intake.orders() == {}
    said = " ".join(p.message for p in intake.unreadable)
    assert "it forwards a message from Gerd's address" in said and "not Fleur's: not used" in said
    assert "everything is below line 1, “On Mon, 1 Mar 1901, GM wrote:”" in said


_PIECES = [b"From: ", b"Subject: ", b"Content-Type: multipart/mixed; boundary=\"b\"", b"Content-Type: text/html",
           b"\r\n", b"\r\n\r\n", b"--b\r\n", b"--b--", b"(", b")", b"<", b">", b"=?utf-8?q?", b"?=", b"@", b"\"",
           b"Sender: ", b"Return-Path: <", b"a@b.org", b"\x1b[31m", b"\xe2\x80\xae", b"\xff", b";", b" ", b"x"]


@settings(deadline=1000, max_examples=80)
@given(st.lists(st.sampled_from(_PIECES), max_size=400).map(b"".join))
def test_any_message_is_read_or_skipped_quickly_never_an_exception(raw):
    notes: list[str] = []
    from diplodesk.mail.inbox import _received_or_note

    r = _received_or_note(raw, "fuzz", notes)
    assert (r is None) == bool(notes)
    if r is not None:
        assert "\x1b" not in r.text + r.subject + r.sender and "\u202e" not in r.text + r.subject


def test_two_from_headers_or_more_after_the_address_name_nobody(tmp_path):
    # a second From (Eve's) after the player's, or "<fleur@...>@evil.example": both were
    # credited to the player
    fleur = address("France").encode()
    _drop(tmp_path, {
        "eve_second": _raw(b"From: Fleur <" + fleur + b">\r\nFrom: eve@evil.example\r\nSubject: x\r\n"),
        "eve_first": _raw(b"From: eve@evil.example\r\nFrom: Fleur <" + fleur + b">\r\nSubject: x\r\n"),
        "tail": _raw(b"From: Fleur <" + fleur + b">@evil.example\r\nSubject: x\r\n")})
    messages, _ = read_path(tmp_path / "box")
    by = {m.where.split("#")[-1]: m.address for m in messages}
    assert by["eve_second"] == by["eve_first"] == by["tail"] == ""
    assert sorted(by.values()) == ["", "", "", address("France")]  # the player's own message still is hers
    assert address_of("Anna <anna@players.example> (a comment)") == "anna@players.example"


def test_the_report_quotes_a_long_line_by_its_start(tmp_path, capsys):
    # a message of one line of 1.5 MB was quoted whole: five such made a 7 MB report
    game = blind_game()
    game.save(tmp_path / "g.json")
    raw = _raw(b"From: " + address("France").encode() + b"\r\nSubject: x\r\n",
               b"A Par - Bur\r\n" + b"<" * 1_500_000 + b"\r\nF Bre - " + b"x" * 5000 + b"\r\n")
    _drop(tmp_path, {"long": raw})
    assert main(["mail", "read", str(tmp_path / "g.json"), str(tmp_path / "box")]) == 0
    out = capsys.readouterr().out
    assert len(out) < 5000 and "<" * 150 + "…" in out


def test_a_send_log_that_cannot_be_written_stops_the_sending_before_anything_goes(tmp_path, capsys, smtp_server,
                                                                                   monkeypatch):
    # the log was appended to after each message: a read-only folder or a full disk was a
    # traceback after the first message went, and the next run sent it again
    from mailhelp import PASSWORD

    settings, inbox = smtp_server
    path = _played(tmp_path)
    (tmp_path / "smtp.toml").write_text(
        f'[smtp]\nhost = "127.0.0.1"\nport = {settings.port}\nuser = "gm"\nsender = "GM <gm@example.org>"\n'
        f'cafile = "{settings.cafile}"\n')
    monkeypatch.setenv("DIPLODESK_SMTP_PASSWORD", PASSWORD)
    (tmp_path / "g.mail-log.jsonl").mkdir()  # what a read-only folder does to the append
    args = ["mail", "send", str(path), "--no-pdf", "--settings", str(tmp_path / "smtp.toml")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "g.mail-log.jsonl: cannot write the send log" in err and "nothing was sent" in err
    assert inbox.received == []
    (tmp_path / "g.mail-log.jsonl").rmdir()
    from diplodesk.mail import sending

    real = sending.SendLog.add

    def full_after_one(self, r):
        ok = real(self, r)
        self.path = tmp_path  # a folder: the next append fails as a full disk would
        return ok

    monkeypatch.setattr(sending.SendLog, "add", full_after_one)
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out.count("sent\t") == 2 and len(inbox.received) == 2  # one logged, one not: then it stopped
    assert "cannot write the send log" in err and "stopped after 2 of 8 messages" in err


@pytest.mark.parametrize("how", ["send", "read"])
def test_a_certificate_file_that_is_a_fifo_is_refused_not_waited_for(tmp_path, capsys, monkeypatch, how):
    # OpenSSL, given the name, read the FIFO and waited for ever
    path = _played(tmp_path)
    fifo = tmp_path / "ca.pem"
    os.mkfifo(fifo)
    if how == "send":
        (tmp_path / "smtp.toml").write_text('[smtp]\nhost = "127.0.0.1"\nport = 9\nsender = "GM <gm@example.org>"\n'
                                            f'cafile = "{fifo}"\n')
        args = ["mail", "send", str(path), "--no-pdf", "--settings", str(tmp_path / "smtp.toml")]
    else:
        monkeypatch.setenv("DIPLODESK_IMAP_PASSWORD", "pw")
        args = ["mail", "read", str(path), "imaps://gm@127.0.0.1/INBOX", "--cafile", str(fifo)]
    start = time.perf_counter()
    assert main(args) == 2
    err = capsys.readouterr().err
    last = err.splitlines()[-1]  # after send's progress line, the one line that says why
    assert last.startswith("diplodesk: ") and "ca.pem: not a regular file" in last, err
    assert time.perf_counter() - start < 30
