"""The ``diplodesk mail`` command line's arguments, kept apart from the work so that the
other commands do not import the mailroom to build their parser."""

from __future__ import annotations

from pathlib import Path

PASSWORD_ENV = "DIPLODESK_SMTP_PASSWORD"
IMAP_PASSWORD_ENV = "DIPLODESK_IMAP_PASSWORD"


def add_parser(sub) -> None:
    m = sub.add_parser("mail", help="the mailroom: players' orders in from e-mail, each player's results out")
    msub = m.add_subparsers(dest="mail_command", parser_class=type(m), required=True)
    for name, text in (("preview", "show every results message that would be sent (nothing is sent)"),
                       ("send", "send each player's results message through your SMTP server")):
        p = msub.add_parser(name, help=text)
        p.add_argument("game", type=Path, help="the game file the app saved")
        p.add_argument("--phase", help="an adjudicated phase (default: the last one), e.g. S1901M")
        p.add_argument("--no-pdf", action="store_true", help="no print pack PDF attached")
        p.add_argument("--png", action="store_true", help="attach each power's map as PNG too")
        p.add_argument("--no-public", action="store_true", help="no public adjudication to everyone")
        if name == "preview":
            p.add_argument("-o", "--output", type=Path, help="also write each message as an .eml file here")
        else:
            p.add_argument("--settings", type=Path, help="a TOML file with an [smtp] table (host, port, "
                           "security, user, sender, cafile)")
            p.add_argument("--smtp-host", help="the SMTP server, e.g. smtp.example.org")
            p.add_argument("--smtp-port", type=int, help="its port (default: 587; ssl servers usually listen on 465)")
            p.add_argument("--security", choices=("starttls", "ssl", "none"),
                           help="how the connection is secured (none only to this machine)")
            p.add_argument("--user", help="the login name on the SMTP server")
            p.add_argument("--from", dest="sender", help="the From: address, e.g. 'GM <gm@example.org>'")
            p.add_argument("--cafile", help="a certificate to trust (a server with its own)")
            p.add_argument("--password-env", default=PASSWORD_ENV,
                           help=f"the variable holding the password (default {PASSWORD_ENV}); "
                           "else the system keyring, else a prompt")
            p.add_argument("--again", action="store_true",
                           help="send also the messages the log says were sent already")
    pl = msub.add_parser("players", help="list the players (name, address, powers or nations); add, remove "
                         "or change one")
    pl.add_argument("game", type=Path, help="the game file")
    psub = pl.add_subparsers(dest="players_command", parser_class=type(m))
    a = psub.add_parser("add", help="add a player: a name, an address and what they play")
    a.add_argument("name", help="the player's name, as their mail is addressed")
    a.add_argument("email", help="their e-mail address (orders are taken only from it)")
    a.add_argument("powers", nargs="*", help="the powers they play (Hypereconomic: their player, e.g. p07, "
                   "or the nation they play), by id, name or abbreviation")
    a.add_argument("--note", default="", help="a note for the GM (never sent)")
    rm = psub.add_parser("remove", help="remove a player")
    rm.add_argument("who", help="the player's name or address")
    st = psub.add_parser("set", help="change a player's name, address, powers or note")
    st.add_argument("who", help="the player's name or address")
    st.add_argument("--name", help="the new name")
    st.add_argument("--email", help="the new address")
    st.add_argument("--powers", help="all they play, with commas between ('' for nothing)")
    st.add_argument("--add-power", action="append", default=[], help="one more power (or player) they play")
    st.add_argument("--remove-power", action="append", default=[], help="a power (or player) they no longer play")
    st.add_argument("--note", help="the new note")
    r = msub.add_parser("read", help="read the players' order e-mails (mbox, Maildir, .eml files, or "
                        "imaps://USER@HOST/FOLDER with the password in $" + IMAP_PASSWORD_ENV + ")")
    r.add_argument("game", type=Path, help="the game file the app saved")
    r.add_argument("mailbox", type=Path,
                   help="an mbox file, a Maildir, a folder of .eml files, or imaps://USER@HOST/FOLDER")
    r.add_argument("--apply", action="store_true", help="enter the orders that arrived and save the game")
    r.add_argument("--cafile", help="imaps: a certificate to trust (a server with its own)")
    r.add_argument("--accept", action="append", default=[], metavar="WHERE",
                   help="enter the orders of a message held because its headers disagree with its From "
                   "(its place as the report shows it, or its Message-ID); may be given again")
