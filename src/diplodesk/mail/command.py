"""``diplodesk mail preview|send GAME`` and ``diplodesk mail read GAME MAILBOX``: the
mailroom for GMs who script their week. Bad input raises :class:`MailCommandError` with
the one line to print (the command line exits with status 2)."""

from __future__ import annotations

import argparse
import getpass
import os
import sys
import tomllib
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..engine import seasons
from ..engine.files import FileReadError, read_bounded, write_atomic
from ..engine.game import Game, GameFileError
from ..engine.plain_text import visible_lines
from .compose import Batch, MailOptions, results_mail
from .hyper_compose import season_mail
from .hyper_intake import HyperIntake, entered
from .inbox import ImapSettings, InboxError, read_imap, read_path
from .orders_in import read_mail
from .password import stored
from .players import PlayersError, roster_of
from .roster import Roster
from .sending import MailSettingsError, SendLog, SmtpSettings, send_all, stopped
from .usage import IMAP_PASSWORD_ENV, PASSWORD_ENV, add_parser  # noqa: F401 (the command line reaches it here too)

MAX_SETTINGS_BYTES = 64 * 1024  # an [smtp] table is a few lines


class MailCommandError(Exception):
    """Bad input to a mail command: the message is the one line to print."""


def run(args: argparse.Namespace) -> int:
    game = _load(args.game)
    if args.mail_command == "players":
        from .players_command import run as players

        return players(game, args, _fail)
    roster = _roster(game, args.game)
    if args.mail_command == "read":
        return _read(game, roster, args)
    batch = _batch(game, roster, args)
    if args.mail_command == "preview":
        return _preview(batch, args)
    return _send(batch, args)


def _fail(message: str):
    raise MailCommandError(message)


def _load(path: Path) -> Game:
    try:
        return Game.load(path)
    except GameFileError as e:
        raise MailCommandError(str(e)) from None


def _roster(game: Game, path: Path) -> Roster:
    try:
        roster = roster_of(game.players, game.current)
    except PlayersError as e:
        raise MailCommandError(f"{path}: {e}") from None
    if not roster.players:
        raise MailCommandError(f"{path}: the game has no players with addresses yet "
                               "(diplodesk mail players GAME add, or Game › Players and addresses… in the app)")
    return roster


def _read(game: Game, roster: Roster, args) -> int:
    try:
        if str(args.mailbox).startswith("imaps:/"):
            settings = replace(imap_settings(str(args.mailbox)), cafile=args.cafile)
            messages, notes = read_imap(settings, _imap_password(settings))
        else:
            messages, notes = read_path(args.mailbox)
    except InboxError as e:
        raise MailCommandError(str(e)) from None
    intake = read_mail(game.current, roster, messages, set(args.accept))
    for n in notes:
        print(visible_lines(f"note: {n}"), file=sys.stderr)
    sys.stdout.write(visible_lines(intake.report()))
    if args.apply:
        orders = intake.orders()
        if isinstance(intake, HyperIntake):  # the orders and who signed them (IX.4)
            game.current = entered(game.current, intake)
        else:
            for power, texts in orders.items():
                game.set_orders(power, texts)
        try:
            game.save(args.game)
        except OSError as e:
            raise MailCommandError(f"{args.game}: cannot write: {e.strerror or e}") from None
        print(f"Entered the orders of {len(orders)} {'nations and banks' if isinstance(intake, HyperIntake) else 'powers'}"
              f" into {args.game}")
    return 0


def imap_settings(url: str) -> ImapSettings:
    """``imaps://user@host[:port][/folder]`` (the folder INBOX if not named)."""
    parts = urlsplit(url.replace("imaps:/", "imaps://", 1) if not url.startswith("imaps://") else url)
    try:
        port = parts.port or 993
    except ValueError:
        raise MailCommandError(f"{url}: not a port number") from None
    if not parts.hostname or not parts.username:
        raise MailCommandError(f"{url}: expected imaps://USER@HOST[:PORT][/FOLDER]")
    return ImapSettings(parts.hostname, unquote(parts.username), unquote(parts.path.strip("/")) or "INBOX", port)


def _imap_password(settings: ImapSettings) -> str:
    if os.environ.get(IMAP_PASSWORD_ENV):
        return os.environ[IMAP_PASSWORD_ENV]
    kept = stored(f"{settings.user}@{settings.host}:{settings.port}")
    if kept:
        return kept
    if sys.stdin is not None and sys.stdin.isatty():
        return getpass.getpass(f"IMAP password for {settings.user} at {settings.host}: ")
    raise MailCommandError(f"no IMAP password for {settings.user}@{settings.host}: set {IMAP_PASSWORD_ENV}, "
                           "or keep it in the system keyring")


def _batch(game: Game, roster: Roster, args) -> Batch:
    if not game.history:
        raise MailCommandError(f"{args.game}: no phase has been adjudicated yet")
    index = len(game.history) - 1
    if args.phase:
        found = [i for i, r in enumerate(game.history) if r.phase.lower() == args.phase.lower()]
        if not found:
            raise MailCommandError(f"--phase: {args.phase!r} is not an adjudicated phase of {args.game} "
                                   f"(phases: {', '.join(r.phase for r in game.history)})")
        index = found[-1]
    options = MailOptions(pdf=not args.no_pdf, png=args.png, public=not args.no_public)
    position = game.load_position(game.history[index].position)
    if seasons.is_other(game.variant):  # Hypereconomic: each player's papers and pack, the gazette
        from ..render.export import RenderError

        try:
            return season_mail(position, game.history[index].result, roster, args.game.stem, options)
        except RenderError as e:
            raise MailCommandError(f"{args.game}: cannot draw the packs: {e}") from None
    if options.pdf or options.png:
        from ..render.export import RenderError

        try:
            return results_mail(position, roster, args.game.stem, options)
        except RenderError as e:
            raise MailCommandError(f"{args.game}: cannot draw the packs: {e}") from None
    return results_mail(position, roster, args.game.stem, options)


def _preview(batch: Batch, args) -> int:
    if args.output is not None:
        try:
            args.output.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise MailCommandError(f"{args.output}: cannot write: {e.strerror or e}") from None
    for i, m in enumerate(batch.messages, 1):
        print(f"=== {i}/{len(batch.messages)} To: {', '.join(m.to)}" + (" (Bcc)" if m.bcc else ""))
        print(f"Subject: {m.subject}")
        for a in m.attachments:
            print(f"Attached: {a.filename} ({a.maintype}/{a.subtype}, {len(a.data)} bytes)")
        print()
        print(m.body)
        if args.output is not None:
            name = args.output / f"{i:02d}-{_file_word(m.player or 'public')}.eml"
            try:
                write_atomic(name, bytes(m.email("GM <gm@localhost>")), keep_backup=False)
            except OSError as e:
                raise MailCommandError(f"{name}: cannot write: {e.strerror or e}") from None
    for s in batch.skipped:
        print(f"skipped: {s}", file=sys.stderr)
    return 0


def _file_word(name: str) -> str:
    """A player's name as a file name's part: letters, digits and dashes only."""
    word = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    return word[:40] or "player"


def smtp_settings(args) -> SmtpSettings:
    data: dict = {}
    if args.settings is not None:
        try:
            raw = tomllib.loads(read_bounded(args.settings, MAX_SETTINGS_BYTES).decode("utf-8"))
        except FileReadError as e:
            raise MailCommandError(f"cannot read the settings: {e}") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            raise MailCommandError(f"{args.settings}: not TOML: {e}") from None
        table = raw.get("smtp")
        if not isinstance(table, dict):
            raise MailCommandError(f"{args.settings}: no [smtp] table")
        data.update(table)
    for key, value in (("host", args.smtp_host), ("port", args.smtp_port), ("security", args.security),
                       ("user", args.user), ("sender", args.sender), ("cafile", args.cafile)):
        if value is not None:
            data[key] = value
    where = f"{args.settings}: " if args.settings is not None else ""
    try:
        settings = SmtpSettings.from_json(data)
        settings.check()
    except MailSettingsError as e:
        raise MailCommandError(f"{where}{e}") from None
    return settings


def _password(settings: SmtpSettings, env: str) -> str:
    if not settings.user:
        return ""
    if os.environ.get(env):
        return os.environ[env]
    kept = stored(settings.keyring_user)
    if kept:
        return kept
    if sys.stdin is not None and sys.stdin.isatty():
        return getpass.getpass(f"Password for {settings.user} at {settings.host}: ")
    raise MailCommandError(f"no password for {settings.keyring_user}: set {env}, or keep it in the "
                           "system keyring (the app's Send results… dialog does)")


def _send(batch: Batch, args) -> int:
    settings = smtp_settings(args)
    password = _password(settings, args.password_env)
    log = SendLog.beside(args.game)
    if not log.writable():
        raise MailCommandError(f"{log.unwritten}; nothing was sent")
    done = set() if args.again else log.sent()
    todo = [m for m in batch.messages if m.key not in done]
    if len(todo) < len(batch.messages):
        print(f"{len(batch.messages) - len(todo)} messages were sent before (the log says); "
              "--again sends them again", file=sys.stderr)

    def progress(done_: int, total: int, what: str) -> bool:
        if what != "done":
            print(f"[{done_ + 1}/{total}] {what}", file=sys.stderr)
        return True

    results = send_all(todo, settings, password, progress, log)
    failed = [r for r in results if not r.ok]
    for r in results:
        print(f"{'sent' if r.ok else 'FAILED'}\t{', '.join(r.to)}\t{r.subject}" + (f"\t{r.error}" if r.error else ""))
    if log.unwritten:
        raise MailCommandError(f"{log.unwritten}: the sending stopped after {len(results)} of {len(todo)} "
                               "messages (listed above); check those went out before sending again")
    why = stopped(results, len(todo))
    if why:
        raise MailCommandError(f"{len(todo) - len(results) + len(failed)} of {len(todo)} messages were not sent, "
                               f"{why}; fix it and run the same command again")
    if failed:
        raise MailCommandError(f"{len(failed)} of {len(results)} messages were not sent "
                               f"(first: {failed[0].error}); run the same command again to retry them")
    return 0
