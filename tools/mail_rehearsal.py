"""A Hypereconomic game by mail, rehearsed end to end: four seasons of the world of 1914 with
59 players, each with an address (or, with ``--mini``, six players on examples/hyper-mini).

Each season the players' orders arrive as e-mails in a Maildir (builds, moves, trades,
research, banking, a delegation and a nation played jointly); the GM runs ``diplodesk mail
read --apply``, ``diplodesk game play`` and ``diplodesk mail send`` to an SMTP server on this
machine (aiosmtpd, on a free port); then every inbox is checked: each player exactly one
message, with only their own nations' and banks' papers and packs, and the gazette.

    python tools/mail_rehearsal.py [--mini] [--seasons N] [--no-pdf] [--desk] [-o DIR]

``--desk`` goes round the same loop at the GM's desk instead (offscreen): Game › Orders from
mail… on the Maildir, Enter, Ctrl+Return, Game › Send results… and Send all. It prints each
step's time and every problem found, and exits 1 if there is one. The test
(tests/mail/test_mail_rehearsal.py) runs it small; bench/bench_mail_season.py times a season.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import mailbox
import re
import socket
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import format_datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

MINI = str(ROOT / "examples" / "hyper-mini")
Orders = dict[str, list[str]]  # a nation's or bank's id -> its orders


@dataclass
class Scenario:
    """A game by mail to rehearse: who plays, what the board is made to hold, and each
    season's orders by player."""

    board: str  # a variant id or folder
    players: list[tuple[str, str, str]]  # (name, address, the game's player id)
    seasons: list[dict[str, Orders]]  # per season: player id -> their nations' and banks' orders
    joint: dict[str, list[str]] = field(default_factory=dict)  # nation -> all its players (new ones join)
    banks: list[dict] = field(default_factory=list)


# -- the two scenarios -----------------------------------------------------------------------

def mini() -> Scenario:
    """Six players on the test board: Spain's Morocco played jointly by p02 and p05, p02
    delegating to p05 each season; Switzerland played by p04 and p06, who both sign; a bank."""
    bank = {"id": "rbk", "name": "Roman Bank", "at": "roma", "controller": "p03", "gold": 30, "invested": 0}
    seasons = [
        {"p01": {"fra": ["bu Y Pari", "co A", "tt $1 to Spain via Gaso Nava"]},
         "p02": {"spa": ["bu Y Cast", "co I", "dg p05 for Morocco"]},
         "p03": {"ita": ["bu Y Piem", "co A"], "rbk": ["in $10"]},
         "p04": {"sui": ["pw $1 Swit"]}, "p05": {"mor": ["pw $1 Moro"]}, "p06": {"sui": ["pw $1 Swit"]}},
        {"p01": {"fra": ["bu D Pari", "co I"]},
         "p02": {"spa": ["bu D Cast", "co A", "dg p05 for Morocco"]},
         "p03": {"ita": ["bu D Piem", "co I"], "rbk": ["wd $2"]},
         "p04": {"sui": ["pw $1 Swit"]}, "p05": {"mor": ["pw $1 Moro"]}, "p06": {"sui": ["pw $1 Swit"]}},
        {"p01": {"fra": ["1D at Gaso", "co A", "tt $1 to Spain via Gaso Nava"]},
         "p02": {"spa": ["1D ho", "co I", "dg p05 for Morocco"]},
         "p03": {"ita": ["1D ho", "co A"], "rbk": ["wd $1"]},
         "p04": {"sui": ["pw $1 Swit"]}, "p05": {"mor": ["pw $1 Moro"]}, "p06": {"sui": ["pw $1 Swit"]}},
        {"p01": {"fra": ["1D at Nava", "co I"]},
         "p02": {"spa": ["1D ho", "co A", "dg p05 for Morocco"]},
         "p03": {"ita": ["1D at Gaso", "co I"], "rbk": ["in $10"]},
         "p04": {"sui": ["pw $1 Swit"]}, "p05": {"mor": ["pw $0.5 Moro"]}, "p06": {"sui": ["pw $1 Swit"]}},
    ]
    players = [(f"Player {i}", f"player{i}@example.org", f"p{i:02d}") for i in range(1, 7)]
    return Scenario(MINI, players, seasons, joint={"mor": ["p02", "p05"], "sui": ["p04", "p06"]}, banks=[bank])


def world() -> Scenario:
    """The world of 1914 with its 59 players: twelve nations building, trading and fighting
    (tools/hyper_seasons.py's four seasons), everyone else researching; Newfoundland played
    by Britain's and Canada's players, Britain's delegating to Canada's; Iceland by Denmark's
    and Norway's, who both sign; a Swiss bank investing and withdrawing."""
    from hyper_seasons import SEASONS

    from diplodesk.engine import load_variant, seasons

    start = seasons.start_other(load_variant("hypereconomic"), "rehearsal", "hypereconomic")
    home = {str(p["id"]): str(p["home"]) for p in start.players}
    player_of = {n: pid for pid, n in home.items()}
    bank = {"id": "zbk", "name": "Bank of Zurich", "at": "swit", "controller": player_of["swi"], "gold": 40,
            "invested": 0}
    banking = [["in $10"], ["wd $2"], ["wd $1"], ["in $10"]]
    out = []
    for i, named in enumerate(SEASONS):
        season: dict[str, Orders] = {}
        for pid, nation in home.items():
            season[pid] = {nation: list(named.get(nation, ["co A" if i % 2 == 0 else "co I"]))}
        gbr, can, den, nor = (player_of[n] for n in ("gbr", "can", "den", "nor"))
        season[gbr]["gbr"].append("dg " + can + " for Newfoundland")  # delegation is made every season
        season[can]["nfl"] = ["pw $0.5 Newf"]
        season[den]["ice"] = season[nor]["ice"] = ["pw $0.5 Icel"]
        season[player_of["swi"]]["zbk"] = banking[i]
        out.append(season)
    players = [(f"Player {pid[1:]} ({home[pid]})", f"{pid}@players.example", pid) for pid in sorted(home)]
    return Scenario("hypereconomic", players, out,
                    joint={"nfl": [player_of["gbr"], player_of["can"]], "ice": [player_of["den"], player_of["nor"]]},
                    banks=[bank])


# -- the GM's week ---------------------------------------------------------------------------

def start(s: Scenario, folder: Path) -> Path:
    """The game file: the board made to hold the scenario's bank, its joint nations given to
    their players with ``diplodesk game control`` (p05 and p06 of the small board join the
    game there), and the players entered with ``diplodesk mail players add``."""
    from diplodesk.cli import main
    from diplodesk.engine import load_variant
    from diplodesk.engine.game import Game

    game = Game.new(load_variant(s.board))
    if Path(s.board).is_dir():
        game.settings["variant_folder"] = s.board
    data = game.current.to_json()
    data["economy"]["banks"] = list(data["economy"].get("banks", [])) + s.banks  # founded before the game
    game.current = game.load_position(data)
    path = folder / "game.json"
    game.save(path)
    for nation, players in s.joint.items():
        run(main, ["game", "control", str(path), nation, ",".join(players), "--new-player"])
    for name, address, pid in s.players:
        run(main, ["mail", "players", str(path), "add", name, address, pid])
    return path


def run(main, args: list[str]) -> str:
    """A diplodesk command in this process; its output (SystemExit or status 2 is a fault)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    if code != 0:
        raise RuntimeError(f"diplodesk {' '.join(args[:2])} failed: {err.getvalue().strip()}")
    return out.getvalue()


def letters(game, s: Scenario, index: int) -> list[EmailMessage]:
    """Each player's e-mail of the season: a greeting, their orders under their nations'
    names (none when they give orders for one nation only), a signature."""
    when = datetime(1914, 1, 1, 9, 0, tzinfo=UTC) + timedelta(days=90 * index)
    names = {n: (st.name or game.current.pack.nations[n].name) for n, st in game.current.nations.items()}
    names |= {b.id: b.name for b in game.current.banks}
    out = []
    for k, (name, address, pid) in enumerate(s.players):
        orders = s.seasons[index].get(pid, {})
        if not orders:
            continue
        played = [n for n, st in game.current.nations.items() if pid in st.controllers]
        if list(orders) == played and len(played) == 1:  # one nation: no heading needed
            body = "\n".join(next(iter(orders.values())))
        else:
            body = "\n\n".join(f"{names[g]}:\n" + "\n".join(lines) for g, lines in orders.items())
        m = EmailMessage()
        m["From"] = f"{name} <{address}>"
        m["To"] = "The GM <gm@example.org>"
        m["Subject"] = f"Orders, season {index + 1}"
        m["Date"] = format_datetime(when + timedelta(minutes=k))
        m["Message-ID"] = f"<{pid}-{index}@players.example>"
        m.set_content(f"Dear GM,\n\nhere are my orders:\n\n{body}\n\nBest,\n-- \n{name}\n")
        out.append(m)
    return out


class Inboxes:
    """An SMTP server on this machine that keeps every message by recipient."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.raw: list[tuple[list[str], bytes]] = []  # parsed when looked at, not while timed
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        self.raw.append((list(envelope.rcpt_tos), envelope.original_content or envelope.content))
        return "250 Message accepted"

    def take(self) -> list[tuple[list[str], object]]:
        """The messages received since the last take, parsed."""
        raw, self.raw = self.raw, []
        return [(to, BytesParser(policy=policy.default).parsebytes(data)) for to, data in raw]

    def __enter__(self) -> Inboxes:
        self.controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self.controller.stop()


def season(path: Path, s: Scenario, index: int, folder: Path, inboxes: Inboxes, pdf: bool = True) -> dict:
    """One season round the loop; the time of each step, in seconds."""
    from diplodesk.cli import main
    from diplodesk.engine.game import Game

    box = mailbox.Maildir(str(folder / f"mail-{index + 1}"), create=True)
    for m in letters(Game.load(path), s, index):
        box.add(m)
    times = {}
    t = time.perf_counter()
    times["report"] = run(main, ["mail", "read", str(path), box._path, "--apply"])
    times["intake"] = time.perf_counter() - t
    t = time.perf_counter()
    run(main, ["game", "play", str(path)])
    times["adjudication"] = time.perf_counter() - t
    t = time.perf_counter()
    run(main, ["mail", "send", str(path), *([] if pdf else ["--no-pdf"]), "--smtp-host", "127.0.0.1",
               "--smtp-port", str(inboxes.port), "--security", "none", "--from", "The GM <gm@example.org>"])
    times["papers and mail"] = time.perf_counter() - t
    return times


def desk_season(win, s: Scenario, index: int, folder: Path, inboxes: Inboxes, pdf: bool = True) -> dict:
    """One season round the loop at the desk, through its own dialogs."""
    from PySide6.QtWidgets import QApplication

    from diplodesk.gui.hyper.desk_mail import enter_mail, mail_dialog
    from diplodesk.gui.mail_out_dialog import SendResultsDialog
    from diplodesk.mail.players import roster_of

    app = QApplication.instance()
    box = mailbox.Maildir(str(folder / f"mail-{index + 1}"), create=True)
    for m in letters(win.doc.game, s, index):
        box.add(m)
    times: dict = {}
    t = time.perf_counter()
    dialog = mail_dialog(win)
    dialog.path.setText(box._path)
    dialog.read_files()
    times["report"] = dialog.intake.summary() if dialog.intake else dialog.summary.text()
    enter_mail(win, dialog)
    dialog.close()
    times["intake"] = time.perf_counter() - t
    t = time.perf_counter()
    if not win.adjudicate():
        raise RuntimeError(f"the desk did not adjudicate: {win.statusBar().currentMessage()}")
    times["adjudication"] = time.perf_counter() - t
    t = time.perf_counter()
    send = SendResultsDialog(win.doc, roster_of(win.doc.game.players, win.doc.position), len(win.doc.history) - 1,
                             win)
    send.host.setText("127.0.0.1")
    send.port.setValue(inboxes.port)
    send.security.setCurrentIndex(send.security.findData("none"))
    send.sender.setText("The GM <gm@example.org>")
    send.pdf.setChecked(pdf)  # prepares the messages again if it changes
    send.send_all()
    while send.sending:
        app.processEvents()
        time.sleep(0.02)
    send.close()
    win.save()
    times["papers and mail"] = time.perf_counter() - t
    return times


_HEADING = re.compile(r"^(?P<name>.+) \((?P<abbr>[^()]+)\) — (?P<season>\w+ \d{4}) — ", re.M)
_BANK = re.compile(r"^(?P<name>.+) \((?P<id>[a-z0-9]+)\) in \w+ — (?P<season>\w+ \d{4}), controlled by ", re.M)


def check(game, s: Scenario, received: list, index: int) -> list[str]:
    """Every player's inbox after season ``index``: exactly one message, their nations' and
    banks' papers and packs only, and the gazette."""
    from diplodesk.engine.hyper.report import season_name

    record = game.history[index]
    before = game.load_position(record.position)
    when = season_name(record.phase)
    abbr = {n.id: n.abbr for n in before.pack.nations.values()}
    problems = []
    for name, address, pid in s.players:
        mine = [m for to, m in received if to == [address]]
        if len(mine) != 1:
            problems.append(f"{when}: {name} got {len(mine)} messages, not one")
            continue
        m = mine[0]
        body = m.get_body(preferencelist=("plain",)).get_content()
        nations = {n for n, st in before.nations.items() if pid in st.controllers}
        banks = {b.id for b in before.banks if b.controller == pid}
        said = {h["abbr"] for h in _HEADING.finditer(body) if h["season"] == when}
        if said != {abbr.get(n, n) for n in nations}:
            problems.append(f"{when}: {name}'s papers are for {sorted(said)}, not {sorted(abbr[n] for n in nations)}")
        shown_banks = {h["id"] for h in _BANK.finditer(body) if h["season"] == when}
        if shown_banks != banks:
            problems.append(f"{when}: {name}'s bank papers are for {sorted(shown_banks)}, not {sorted(banks)}")
        if f"The Hypereconomic gazette — {when}" not in body:
            problems.append(f"{when}: {name}'s message has no gazette")
        files = sorted(a.get_filename() for a in m.iter_attachments())
        stem = f"{before.variant.id}-{record.phase}"
        want = [f"{stem}-{pid}.pdf"] if files else []
        if files != want:
            problems.append(f"{when}: {name}'s attachments are {files}, not {want}")
    return problems


def _desk(path: Path):
    """The desk on the game file, offscreen, its prompts answering as a GM who saves."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from diplodesk.document.hyper_game import HyperGameDocument
    from diplodesk.gui.hyper.window import open_desk

    class Prompts:
        def __getattr__(self, name):
            def said(*args, **kw):
                if name in ("error", "info"):
                    raise RuntimeError(f"the desk said: {args}")
                return "save" if name == "ask_save_changes" else None
            return said

    QApplication.instance() or QApplication([])
    return open_desk(HyperGameDocument.open(path), Prompts(), show=False)


def rehearse(s: Scenario, folder: Path, seasons: int = 4, pdf=True, say=print, desk: bool = False) -> list[str]:
    """The whole rehearsal; every problem found (none: it passed). ``pdf``: packs attached in
    every season (True), none (False), or in the seasons (0, 1, ...) named; ``desk``: at the
    GM's desk rather than from the command line."""
    from diplodesk.engine.game import Game

    path = start(s, folder)
    problems: list[str] = []
    win = _desk(path) if desk else None
    with Inboxes() as inboxes:
        for i in range(seasons):
            phase = Game.load(path).current.phase
            attach = pdf is True or (pdf is not False and i in pdf)
            times = (desk_season(win, s, i, folder, inboxes, attach) if win is not None
                     else season(path, s, i, folder, inboxes, attach))
            report = times.pop("report")
            game = Game.load(path)
            got = inboxes.take()
            found = check(game, s, got, i)
            first = report.splitlines()[0] if report else ""
            first = first if first.startswith(str(phase)) else f"{phase}: {first}"
            say(first)
            say("    " + ", ".join(f"{k} {v:.1f} s" for k, v in times.items()) + f"; {len(got)} messages")
            result = game.history[i].result
            failed = [o for o in result["orders"] if o["status"] != "succeeds" and o.get("text")]
            for o in failed:
                say(f"    {o['power']}: {o['text']}: {o['status']} ({o.get('reason')}: {o.get('detail')})")
            problems += found
            if "held" in first or "unknown" in first:
                problems.append(f"{phase}: {first}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mini", action="store_true", help="six players on examples/hyper-mini")
    ap.add_argument("--seasons", type=int, default=4, help="how many seasons (default 4)")
    ap.add_argument("--no-pdf", action="store_true", help="no print packs attached")
    ap.add_argument("--desk", action="store_true", help="at the GM's desk (offscreen), not the command line")
    ap.add_argument("-o", "--output", type=Path, help="keep the game and the mailboxes here")
    args = ap.parse_args()
    s = mini() if args.mini else world()
    with tempfile.TemporaryDirectory(prefix="diplodesk-rehearsal-") as tmp:
        folder = args.output or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        problems = rehearse(s, folder, args.seasons, not args.no_pdf, desk=args.desk)
    for p in problems:
        print(f"PROBLEM: {p}")
    print("the rehearsal passed" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
