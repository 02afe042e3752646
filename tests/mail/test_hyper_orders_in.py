"""Orders in by mail for a Hypereconomic season (issue 26, item 1): each player's message into
the sheets of the nations and banks they give orders for, the sender signing them (IX.4),
lines for anyone else's refused with the reason."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from mailhelp import maildir_with

from diplodesk.cli import main
from diplodesk.document.nation_control import controlled
from diplodesk.engine import load_variant, seasons
from diplodesk.engine.game import Game
from diplodesk.mail.hyper_intake import entered
from diplodesk.mail.inbox import read_path
from diplodesk.mail.orders_in import read_mail
from diplodesk.mail.roster import Player, Roster

MINI = str(Path(__file__).resolve().parents[2] / "examples" / "hyper-mini")
ZURICH = {"id": "zsb", "name": "Zurich Quietbank", "at": "swit", "controller": "p04", "gold": 20, "invested": 0}
# p04 and p05 play Switzerland together (p05 has no home nation of their own)
ROSTER = Roster((Player("Anne", "anne@example.org", ("p01",)), Player("Ben", "ben@example.org", ("p02",)),
                 Player("Cleo", "cleo@example.org", ("p03",)), Player("Zoe", "zoe@example.org", ("p04",)),
                 Player("Yann", "yann@example.org", ("p05",))))


def _shared(data: dict) -> dict:
    """The board with a bank, and Switzerland played jointly by p04 and p05, who joins the
    game for it (as ``diplodesk game control`` makes it)."""
    data = copy.deepcopy(data)
    data["economy"]["banks"] = [dict(ZURICH)]
    variant = load_variant(MINI)
    return controlled(seasons.read_other(data, variant), "sui", ["p04", "p05"], new=True).to_json()


def _position():
    variant = load_variant(MINI)
    return seasons.read_other(_shared(seasons.start_other(variant, "mail secret", MINI).to_json()), variant)


def mail(who: str, body: str, minutes: int = 0) -> EmailMessage:
    m = EmailMessage()
    m["From"] = f"{who} <{who.lower()}@example.org>"
    m["To"] = "GM <gm@example.org>"
    m["Subject"] = "Winter 1914 orders"
    m["Date"] = format_datetime(datetime(1914, 1, 2, 12, 0, tzinfo=UTC) + timedelta(minutes=minutes))
    m["Message-ID"] = f"<{who.lower()}-{minutes}@example.org>"
    m.set_content(f"Dear GM,\n\n{body}\n\nRegards,\n{who}\n")
    return m


def _read(tmp_path, messages, position=None):
    tmp_path.mkdir(parents=True, exist_ok=True)
    maildir_with(tmp_path / "box", messages)
    return read_mail(position or _position(), ROSTER, read_path(tmp_path / "box")[0])


def test_each_players_message_goes_to_the_sheets_of_the_nations_and_banks_they_give_orders_for(tmp_path):
    intake = _read(tmp_path, [
        mail("Anne", "bu Y Pari\nco A"),  # one nation: no heading needed
        mail("Ben", "Spain:\nbu Y Cast\nMorocco: co A\nFrance: bu Y Bret"),  # a territory; France is not his
        mail("Zoe", "Switzerland\npw $1 Swit\ndg p05\nZurich Quietbank\nwa $2"),  # a joint nation, a bank
    ])
    assert intake.orders() == {"fra": ["bu Y Pari", "co A"], "spa": ["bu Y Cast"], "mor": ["co A"],
                               "sui": ["pw $1 Swit", "dg p05"], "zsb": ["wa $2"]}
    ben = next(lt for lt in intake.letters if lt.player.name == "Ben")
    assert ben.refused == ["France (fra): 1 order not used: Ben does not give its orders (played by p01)"]
    assert ben.not_orders[:1] == ["line 1 “Dear GM,”"]
    assert intake.signatures == {"fra": ("p01",), "mor": ("p02",), "spa": ("p02",), "sui": ("p04",)}
    assert intake.powers["ita"].status == "missing" and "missing: ita" in intake.summary()
    report = intake.report()
    assert "Ben (p02): 1 message, the last of ben@example.org, Fri 02 Jan 1914 12:00" in report
    assert "    refused: France (fra)" in report and "By nation and bank:" in report


def test_a_later_message_replaces_the_earlier_one_nation_by_nation(tmp_path):
    intake = _read(tmp_path, [mail("Ben", "Spain\nbu Y Cast\nMorocco\nco A", 0),
                              mail("Ben", "Morocco\nco I", 30)])
    assert intake.orders() == {"spa": ["bu Y Cast"], "mor": ["co I"]}  # Spain's stand, Morocco's replaced
    assert intake.powers["mor"].status == "replaced an earlier message"
    assert intake.powers["spa"].status == "arrived"


def test_a_joint_nation_is_signed_by_each_player_who_sent_its_orders(tmp_path):
    same = _read(tmp_path / "a", [mail("Zoe", "Switzerland\npw $1 Swit", 0),
                                  mail("Yann", "Switzerland:\nPW $1 swit", 5)])
    assert same.signatures["sui"] == ("p04", "p05")
    other = _read(tmp_path / "b", [mail("Zoe", "Switzerland\npw $1 Swit", 0),
                                   mail("Yann", "pw $2 Swit", 5)])  # one nation: Yann needs no heading
    assert other.orders()["sui"] == ["pw $2 Swit"] and other.signatures["sui"] == ("p05",)
    assert any("Zoe's orders for Switzerland (sui) differ from Yann's later ones: Zoe has not signed them"
               in p.message for p in other.flagged)


def _game(tmp_path):
    game = Game.new(load_variant(MINI))
    game.settings["variant_folder"] = MINI
    game.current = game.load_position(_shared(game.current.to_json()))
    game.players = [p.to_json() for p in ROSTER.players]
    path = tmp_path / "hyper.json"
    game.save(path)
    return path


def test_a_season_by_mail_from_the_command_line_signs_delegates_and_adjudicates(tmp_path, capsys):
    path = _game(tmp_path)
    maildir_with(tmp_path / "box", [mail("Zoe", "dg p05", 0), mail("Yann", "pw $1 Swit", 5),
                                    mail("Anne", "co A\n12D at Gaso")])
    assert main(["mail", "read", str(path), str(tmp_path / "box"), "--apply"]) == 0
    out = capsys.readouterr().out
    assert "Anne's order for France (fra) will not stand: fra has no unit 12D" in out
    played = Game.load(path)
    # Yann's orders, and Zoe's delegation beside them: a delegation is made in the home nation's orders
    assert played.current.orders["sui"] == ("pw $1 Swit", "dg p05")
    assert played.current.signatures == {"fra": ("p01",), "sui": ("p05",)}
    assert main(["game", "play", str(path)]) == 0
    result = Game.load(path).history[-1].result
    assert [(o["text"], o["status"]) for o in result["orders"] if o["power"] == "sui"] == [
        ("pw $1 Swit", "succeeds"), ("dg p05", "succeeds")]
    assert not any("joint-signature" in d["id"] for d in result["decisions_needed"])


def test_without_a_delegation_one_joint_players_orders_are_unsigned(tmp_path, capsys):
    path = _game(tmp_path)
    maildir_with(tmp_path / "box", [mail("Yann", "pw $1 Swit")])
    assert main(["mail", "read", str(path), str(tmp_path / "box"), "--apply"]) == 0
    assert main(["game", "play", str(path)]) == 0
    result = Game.load(path).history[-1].result
    assert [(o["status"], o["reason"]) for o in result["orders"] if o["power"] == "sui"] == [("fails", "unsigned")]
    assert any(d["id"].endswith("joint-signature/sui") for d in result["decisions_needed"])


def test_entering_mail_keeps_the_gms_word_for_the_orders_typed_at_the_desk():
    position = _position().with_orders({"sui": ("pw $1 Swit",)})
    assert position.signatures is None  # the GM's word that they were signed
    intake = read_mail(position, ROSTER, [])
    after = entered(position, intake)
    assert after.signatures == {"sui": ("p04", "p05")} and after.orders == {"sui": ("pw $1 Swit",)}
