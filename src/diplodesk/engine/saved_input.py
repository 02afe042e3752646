"""A position the command line is given: a position file, or a game file the app saved.

A game file holds every phase played. ``adjudicate`` works on its current phase; ``report``,
``pack`` and ``render`` on the last phase adjudicated, as the mailroom does (``played``),
since a report of a phase nobody has played yet would read as if it had been. ``--phase``
names another (``S1902M``) or gives its index (``0`` the first, ``-1`` the current). The
game's own copy of its variant is used, so a game reads as it was played even if the
built-in variant has changed since.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .game import MAX_GAME_BYTES, Game, GameFileError, read_json_file
from .position import Position, PositionError

MAX_MESSAGE = 240  # characters of a message quoted back: never the whole embedded variant


class InputError(ValueError):
    """The file or the phase can't be used; the message is one short line."""


@dataclass(frozen=True)
class SavedInput:
    """The phase chosen: its position (with its orders), its JSON (a position file's own,
    untouched), for a phase already played the result recorded for it, and the game it is
    of (None for a position file)."""

    position: Position
    data: dict[str, Any]
    result: dict[str, Any] | None = None
    game: Game | None = None

    @property
    def unplayed(self) -> bool:
        """A game's phase that has not been adjudicated: it has orders so far, no results."""
        return self.game is not None and self.result is None

    def not_played(self, source: str, what: str) -> str:
        """The one line refusing ``what`` (a report, packs) of an unplayed phase."""
        played = self.game.history if self.game is not None else []
        last = (f"the last adjudicated is {played[-1].phase}" if played
                else "no phase has been adjudicated yet")
        return (f"{source}: {self.position.phase} has not been adjudicated, so there is no {what} "
                f"of it ({last}; 'diplodesk game play' adjudicates it)")


def is_game_file(data: Any) -> bool:
    """A game file has a ``format`` number; a position never does."""
    return isinstance(data, dict) and "format" in data


def is_result(data: Any) -> bool:
    """A result (CONTRACTS 4) has the next position and its orders as a list of results; a
    position's orders are by power."""
    return isinstance(data, dict) and isinstance(data.get("next"), dict) and isinstance(data.get("orders"), list)


def short(text: str, limit: int = MAX_MESSAGE) -> str:
    """One line of at most ``limit`` characters: its start (the file and field) and its end
    (what is wrong), with what lay between them cut."""
    line = " ".join(str(text).split())
    if len(line) <= limit:
        return line
    head = (limit - 3) * 3 // 5
    tail = limit - 3 - head
    return f"{line[:head].rstrip()} … {line[-tail:].lstrip()}"


def read_input(path: Path, phase: str | None = None, played: bool = False) -> SavedInput:
    """The position in a position or game file (the phase ``phase`` of a game; by default its
    current phase, or with ``played`` its last adjudicated one); InputError."""

    try:
        data = read_json_file(Path(path), MAX_GAME_BYTES)
    except GameFileError as e:
        raise InputError(short(str(e))) from None
    if is_game_file(data):
        try:
            game = Game.from_json(data, source=str(path))
        except GameFileError as e:
            raise InputError(short(str(e))) from None
        return pick_phase(game, phase, str(path), played)
    if not isinstance(data, dict):
        raise InputError(f"{path}: expected a JSON object (a position or a game file), not {type(data).__name__}")
    if is_result(data):
        raise InputError(f"{path}: this is a result (of {short(str(data.get('phase')), 20)}), not a position: "
                         "its 'next' is the position after it, to adjudicate or draw")
    try:
        position = _read_position(data)
    except PositionError as e:
        raise InputError(short(f"{path}: {e}")) from None
    except RecursionError:
        raise InputError(f"{path}: nested too deeply") from None
    if phase is not None and phase.strip().upper() not in (str(position.phase), "0", "-1"):
        raise InputError(short(f"--phase: {phase!r}: {path} is a position of {position.phase} alone; "
                               "--phase picks a phase of a game file"))
    return SavedInput(position, data)


def _read_position(data: dict) -> Any:
    """A position of the standard engine, or of a variant's own season engine (CONTRACTS 6)."""
    from . import load_position, seasons

    try:
        variant = seasons.variant_of(data)
    except PositionError:
        variant = None  # load_position names what is wrong with it
    if variant is not None and seasons.is_other(variant):
        return seasons.read_other(data, variant)
    return load_position(data)


def pick_phase(game: Game, phase: str | None, source: str = "game", played: bool = False) -> SavedInput:
    """Phase ``phase`` of a game (a name such as S1902M, or an index; None: the current, or
    with ``played`` the last adjudicated, if there is one)."""
    names = game.phases
    if phase is None:
        index = len(names) - (2 if played and game.history else 1)
    else:
        index = _phase_index(names, phase.strip(), source)
    if index == len(names) - 1:
        return SavedInput(game.current, game.current.to_json(), None, game)
    record = game.history[index]
    return SavedInput(game.load_position(record.position), dict(record.position), record.result, game)


def _phase_index(names: list[str], phase: str, source: str) -> int:
    listed = _listing(names)
    try:
        i = int(phase)
    except ValueError:
        matches = [k for k, name in enumerate(names) if name == phase.upper()]
        if not matches:
            raise InputError(short(f"--phase: {phase!r} is not a phase of {source} ({listed})")) from None
        return matches[-1]
    if not -len(names) <= i < len(names):
        raise InputError(f"--phase: {i} is not an index of {source}'s {len(names)} phases "
                         f"(0 to {len(names) - 1}, or -1 for the current)")
    return i % len(names)


def _listing(names: list[str]) -> str:
    if len(names) <= 8:
        return "phases: " + ", ".join(names)
    return f"phases: {', '.join(names[:3])}, … {', '.join(names[-3:])}"
