"""A standard Blind game with seven players, and their order e-mails as the standard
library writes them."""

from __future__ import annotations

import mailbox
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime

from diplodesk.engine.game import Game
from diplodesk.mail.roster import Roster
from diplodesk.variants import load_variant

USER, PASSWORD = "gm", "s3cret-pass"  # the test SMTP server's login

NAMES = {"Austria": "Anna", "England": "Edward", "France": "Fleur", "Germany": "Gerd", "Italy": "Ilaria",
         "Russia": "Rostov", "Turkey": "Tarik"}

SPRING = {
    "Austria": ["A Bud - Ser", "A Vie - Gal", "F Tri - Alb"],
    "England": ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"],
    "France": ["F Bre - Mao", "A Par - Bur", "A Mar - Spa"],
    "Germany": ["F Kie - Den", "A Ber - Kie", "A Mun - Ruh"],
    "Italy": ["F Nap - Ion", "A Rom - Apu", "A Ven H"],
    "Russia": ["F Sev - Bla", "A Mos - Ukr", "A War - Gal", "F Stp/sc - Bot"],
    "Turkey": ["F Ank - Bla", "A Con - Bul", "A Smy - Con"],
}


def address(power: str) -> str:
    return f"{NAMES[power].lower()}@players.example"


def players() -> list[dict]:
    return [{"name": NAMES[p], "email": address(p), "powers": [p]} for p in NAMES]


def blind_game() -> Game:
    game = Game.new(load_variant("standard"), ("blind",))
    game.players = players()
    return game


def roster(game: Game) -> Roster:
    return Roster.from_json(game.players, game.variant.power_names)


def order_mail(power: str, orders: list[str], minutes: int = 0, sender: str | None = None,
               quoted: str = "") -> EmailMessage:
    m = EmailMessage()
    m["From"] = f"{NAMES[power]} <{sender or address(power).title()}>"
    m["To"] = "The GM <gm@example.org>"
    m["Subject"] = f"Re: Spring 1901 orders ({power})"
    m["Date"] = format_datetime(datetime(1901, 3, 1, 12, 0, tzinfo=UTC) + timedelta(minutes=minutes))
    m["Message-ID"] = f"<{power.lower()}-{minutes}@players.example>"
    body = "Hello GM,\n\nmy orders:\n\n" + "\n".join(orders) + "\n\nCheers,\n-- \n" + NAMES[power] + "\n"
    if quoted:
        body += "\nOn Mon, 1 Mar 1901, The GM wrote:\n" + "".join(f"> {x}\n" for x in quoted.splitlines())
    m.set_content(body)
    return m


def maildir_with(path, messages) -> mailbox.Maildir:
    box = mailbox.Maildir(str(path), create=True)
    for m in messages:
        box.add(m)
    return box


class FakeImap:
    """Stands in for imaplib.IMAP4_SSL: a folder of raw messages behind a password."""

    def __init__(self, messages, password="pw"):
        self.messages, self.password, self.readonly = messages, password, None
        self.fetched: list[tuple[bytes, str]] = []
        self.sizes: dict[int, int] = {}  # sizes the server claims (a huge message)

    def __call__(self, host, port):
        return self

    def login(self, user, password):
        import imaplib

        if password != self.password:
            raise imaplib.IMAP4.error(b"[AUTHENTICATIONFAILED] Invalid credentials")

    def select(self, folder, readonly=False):
        self.readonly = readonly
        return ("OK", [str(len(self.messages)).encode()]) if folder == "INBOX" else ("NO", [b"no such folder"])

    def search(self, charset, what):
        return "OK", [b" ".join(str(i + 1).encode() for i in range(len(self.messages)))]

    def fetch(self, num, what):
        raw = self.messages[int(num) - 1]
        self.fetched.append((num, what))
        if what == "(RFC822.SIZE)":
            return "OK", [num + b" (RFC822.SIZE %d)" % (self.sizes.get(int(num), len(raw)))]
        return "OK", [(num + b" (RFC822 {n})", raw), b")"]

    def logout(self):
        pass


def send_dialog(qtbot, tmp_path, smtp, password: str = PASSWORD):
    """The standard window's Send results dialog on a Blind game played a Spring, its server
    settings filled in for the test's SMTP server (PDFs off)."""
    from diplodesk.document.game_document import GameDocument
    from diplodesk.gui.mail_out_dialog import SendResultsDialog

    game = blind_game()
    for p, o in SPRING.items():
        game.set_orders(p, o)
    game.process()
    game.save(tmp_path / "g.json")
    doc = GameDocument.open(tmp_path / "g.json")
    d = SendResultsDialog(doc, Roster.from_json(doc.roster, doc.powers))
    qtbot.addWidget(d)
    d.pdf.setChecked(False)
    for w, v in ((d.host, smtp.host), (d.user, smtp.user), (d.sender, smtp.sender), (d.cafile, smtp.cafile),
                 (d.password, password)):
        w.setText(v)
    d.port.setValue(smtp.port)
    return d
