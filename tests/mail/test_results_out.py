"""Results out: one message per player, made from that player's projection only, sent
through a real SMTP server on the loopback address, with a log and a retry."""

import re

import pytest
from mailhelp import PASSWORD, SPRING, address, blind_game, roster

from diplodesk.engine.process import process
from diplodesk.engine.reports import power_report
from diplodesk.engine.rules import blind
from diplodesk.mail.compose import MailOptions, results_mail
from diplodesk.mail.sending import MailSettingsError, SendLog, SmtpSettings, send_all, stopped


def spring_played():
    game = blind_game()
    for p, o in SPRING.items():
        game.set_orders(p, o)
    before = game.current
    game.process()
    return game, before


def test_each_player_gets_their_report_in_the_body_and_nothing_of_the_others():
    game, before = spring_played()
    batch = results_mail(before, roster(game), "Test game", MailOptions(pdf=False))
    personal = [m for m in batch.messages if m.player]
    assert len(personal) == 7
    outcome = process(before)
    for m in personal:
        power = next(p for p, n in zip(SPRING, ["Anna", "Edward", "Fleur", "Gerd", "Ilaria", "Rostov", "Tarik"],
                                       strict=True) if n == m.player)
        assert power_report(before, power, outcome).strip() in m.body
        assert m.to == (f"{m.player} <{address(power)}>",)
        others = [n for n in ("Anna", "Edward", "Fleur", "Gerd", "Ilaria", "Rostov", "Tarik") if n != m.player]
        assert not any(n in m.body for n in others)
    public = [m for m in batch.messages if m.player is None]
    assert len(public) == 1 and public[0].bcc and public[0].body == blind.public_text(before, outcome)


def _content(m) -> tuple:
    """A received message less what differs between two sends: date, id, boundaries, the
    PDFs' times and document ids."""
    def pdf(data: bytes) -> bytes:
        data = re.sub(rb"uuid:[0-9a-f-]+", b"", data)
        data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", b"", data)
        data = re.sub(rb"/(CreationDate|ModDate) \(D:[^)]*\)", b"", data)
        return re.sub(rb"/ID \[ ?<[0-9a-fA-F]+> ?<[0-9a-fA-F]+> ?\]", b"", data)

    return (m.to, m.subject, m.body, tuple((a.filename, a.maintype, a.subtype, pdf(a.data)) for a in m.attachments))


def test_a_hidden_fleet_elsewhere_changes_nothing_in_another_players_message():
    """The no-leak property of Blind reports and packs, carried to the messages."""
    from diplodesk.engine import load_position

    base = {"variant": "standard", "rules": ["blind"], "phase": "S1901M",
            "units": [{"power": "Austria", "type": "A", "at": "vie"}, {"power": "Austria", "type": "A", "at": "bud"},
                      {"power": "Italy", "type": "A", "at": "ven"}, {"power": "England", "type": "F", "at": "lon"}],
            "orders": {"Austria": ["A Vie H", "A Bud - Ser"], "England": ["F Lon - Eng"]}}
    game = blind_game()
    r = roster(game)
    made = []
    for extra in ([], [], [{"power": "France", "type": "F", "at": "mao"}]):
        position = load_position(dict(base, units=base["units"] + extra))
        batch = results_mail(position, r, "Test game", MailOptions(pdf=True, png=True, public=False))
        made.append({m.player: _content(m) for m in batch.messages})
    assert made[0] == made[1]  # the comparison itself is sound
    assert made[0]["Anna"] == made[2]["Anna"]  # Austria sees nothing of the fleet
    assert made[0]["Fleur"] != made[2]["Fleur"]  # France has a new unit: its message says so


def test_messages_are_sent_over_starttls_with_login_and_logged(smtp_server, tmp_path):
    settings, inbox = smtp_server
    game, before = spring_played()
    batch = results_mail(before, roster(game), "Test game", MailOptions(pdf=False))
    log = SendLog(tmp_path / "g.mail-log.jsonl")
    seen = []
    results = send_all(batch.messages, settings, PASSWORD, lambda d, t, w: seen.append((d, t)) or True, log)
    assert all(r.ok for r in results) and len(results) == 8
    assert seen[-1] == (8, 8)
    assert sorted(rcpt[0] for rcpt, _ in inbox.received[:7]) == sorted(address(p) for p in SPRING)
    public_rcpts, public = inbox.received[7]
    assert sorted(public_rcpts) == sorted([address(p) for p in SPRING] + ["gm@example.org"])
    assert "Bcc" not in public  # the players are not told one another's addresses
    assert SendLog(tmp_path / "g.mail-log.jsonl").sent() == {m.key for m in batch.messages}


def test_a_refused_recipient_fails_alone_and_is_retried(smtp_server, tmp_path):
    settings, inbox = smtp_server
    game, before = spring_played()
    batch = results_mail(before, roster(game), "Test game", MailOptions(pdf=False, public=False))
    inbox.refuse = {address("Germany")}
    log = SendLog(tmp_path / "log.jsonl")
    results = send_all(batch.messages, settings, PASSWORD, None, log)
    failed = [r for r in results if not r.ok]
    assert len(failed) == 1 and "recipient refused" in failed[0].error and len(inbox.received) == 6
    inbox.refuse = set()
    again = [m for m in batch.messages if m.key in log.failed()]
    assert [r.ok for r in send_all(again, settings, PASSWORD, None, log)] == [True]
    assert log.failed() == set() and len(inbox.received) == 7


def test_a_wrong_password_stops_the_sending_at_the_first_login(smtp_server, tmp_path):
    settings, inbox = smtp_server
    game, before = spring_played()
    batch = results_mail(before, roster(game), "Test game", MailOptions(pdf=False, public=False))
    log = SendLog(tmp_path / "log.jsonl")
    results = send_all(batch.messages, settings, "wrong", None, log)
    assert len(batch.messages) == 7
    assert [(r.ok, r.fatal) for r in results] == [(False, True)]  # one login tried, never one per message
    assert "login refused" in results[0].error and len(log.entries) == 1
    assert stopped(results, 7) == f"stopped: {results[0].error}; the other 6 were not tried"
    assert inbox.received == []


def test_settings_that_would_send_a_password_in_clear_are_refused():
    with pytest.raises(MailSettingsError, match="none is only for a server on this machine"):
        SmtpSettings("smtp.example.org", 25, "none", "gm", "gm@example.org").check()
    with pytest.raises(MailSettingsError, match="sender"):
        SmtpSettings("smtp.example.org", 587, "starttls", "gm", "nobody").check()


def test_the_password_is_kept_in_the_keyring_not_the_game(memory_keyring, tmp_path):
    from diplodesk.mail import password

    s = SmtpSettings("127.0.0.1", 2525, "starttls", "gm", "gm@example.org")
    assert password.stored(s.keyring_user) is None
    assert password.remember(s.keyring_user, "pw") == ""
    assert password.stored(s.keyring_user) == "pw"
    assert memory_keyring.kept == {("diplodesk-mail", "gm@127.0.0.1:2525"): "pw"}
    game, _ = spring_played()
    game.save(tmp_path / "g.json")
    assert "pw" not in (tmp_path / "g.json").read_text().replace("powers", "")


def test_a_broken_keyring_never_stops_the_send(monkeypatch):
    import keyring

    from diplodesk.mail import password

    class Broken(keyring.backend.KeyringBackend):
        priority = 1

        def get_password(self, service, username):
            raise ConnectionRefusedError("no session bus")

        def set_password(self, service, username, password):
            raise keyring.errors.PasswordSetError("locked")

        def delete_password(self, service, username):
            raise OSError("gone")

    keyring.set_keyring(Broken())
    assert password.stored("gm@host:587") is None
    assert "no system keyring" in password.remember("gm@host:587", "pw")
    password.forget("gm@host:587")
