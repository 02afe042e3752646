"""``diplodesk mail read|preview|send``: the GM's week from a script."""

from mailhelp import PASSWORD, SPRING, address, blind_game, maildir_with, order_mail

from diplodesk.cli import main
from diplodesk.engine.game import Game


def _week(tmp_path):
    game = blind_game()
    game.save(tmp_path / "week.json")
    maildir_with(tmp_path / "box", [order_mail(p, o) for p, o in SPRING.items()])
    return tmp_path / "week.json"


def test_read_shows_what_would_be_entered_and_apply_enters_it(tmp_path, capsys):
    path = _week(tmp_path)
    assert main(["mail", "read", str(path), str(tmp_path / "box")]) == 0
    out = capsys.readouterr().out
    assert "orders for 7 of 7 powers" in out and "France (Fleur): arrived" in out
    assert Game.load(path).current.orders == {}  # nothing entered without --apply
    assert main(["mail", "read", str(path), str(tmp_path / "box"), "--apply"]) == 0
    assert {p: list(o) for p, o in Game.load(path).current.orders.items()} == SPRING


def test_preview_then_send_to_the_local_server(tmp_path, capsys, smtp_server, monkeypatch):
    settings, inbox = smtp_server
    path = _week(tmp_path)
    game = Game.load(path)
    for p, o in SPRING.items():
        game.set_orders(p, o)
    game.process()
    game.save(path)
    assert main(["mail", "preview", str(path), "--no-pdf", "-o", str(tmp_path / "eml")]) == 0
    out = capsys.readouterr().out
    assert out.count("=== ") == 8 and f"To: Anna <{address('Austria')}>" in out
    assert len(list((tmp_path / "eml").glob("*.eml"))) == 8
    assert inbox.received == []
    (tmp_path / "smtp.toml").write_text(
        f'[smtp]\nhost = "127.0.0.1"\nport = {settings.port}\nuser = "gm"\nsender = "GM <gm@example.org>"\n'
        f'cafile = "{settings.cafile}"\n')
    monkeypatch.setenv("DIPLODESK_SMTP_PASSWORD", PASSWORD)
    args = ["mail", "send", str(path), "--no-pdf", "--settings", str(tmp_path / "smtp.toml")]
    assert main(args) == 0
    assert len(inbox.received) == 8
    assert (tmp_path / "week.mail-log.jsonl").is_file()
    assert main(args) == 0  # the log says they were sent: nothing goes twice
    assert len(inbox.received) == 8
    assert "sent before" in capsys.readouterr().err


def test_bad_input_gets_one_line_and_status_2(tmp_path, capsys):
    path = _week(tmp_path)
    assert main(["mail", "read", str(path), str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "no such mailbox" in err
    assert main(["mail", "preview", str(path)]) == 2
    assert "no phase has been adjudicated" in capsys.readouterr().err
    assert main(["mail", "send", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    (tmp_path / "bad.toml").write_text("[smtp]\nhost = 'smtp.example.org'\nsecurity = 'none'\nsender = 'gm@x.org'\n")
    g = Game.load(path)
    g.process()
    g.save(path)
    assert main(["mail", "send", str(path), "--settings", str(tmp_path / "bad.toml")]) == 2
    assert "none is only for a server on this machine" in capsys.readouterr().err


def test_read_from_an_imap_folder(tmp_path, capsys, monkeypatch):
    import imaplib

    from mailhelp import FakeImap

    path = _week(tmp_path)
    fake = FakeImap([bytes(order_mail(p, o)) for p, o in SPRING.items()], password="imap-pw")
    seen = {}

    def connect(host, port, **kw):
        seen.update(host=host, port=port, tls=kw.get("ssl_context") is not None)
        return fake

    monkeypatch.setattr(imaplib, "IMAP4_SSL", connect)
    monkeypatch.setenv("DIPLODESK_IMAP_PASSWORD", "imap-pw")
    assert main(["mail", "read", str(path), "imaps://gm%40example.org@imap.example.org/INBOX"]) == 0
    assert "orders for 7 of 7 powers" in capsys.readouterr().out
    assert seen == {"host": "imap.example.org", "port": 993, "tls": True}
    monkeypatch.setenv("DIPLODESK_IMAP_PASSWORD", "wrong")
    assert main(["mail", "read", str(path), "imaps://gm@imap.example.org"]) == 2
    assert "AUTHENTICATIONFAILED" in capsys.readouterr().err
