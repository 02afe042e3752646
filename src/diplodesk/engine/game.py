"""A game: every phase's position, orders and result; process, roll back, save, load.

The game file is JSON with a ``format`` number and a full copy of the variant's data, so a
game opens the same years later even if the built-in variant has changed since. Saves are
atomic (temp file, fsync, ``os.replace``) and keep the previous file as ``.bak``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .files import write_atomic
from .position import Position, PositionError
from .process import Outcome, outcome_to_json, process
from .variant import Variant, VariantError

FORMAT = 1
MAX_GAME_BYTES = 64 * 1024 * 1024


class GameFileError(ValueError):
    """A game file can't be read; the message says which file and why."""


@dataclass
class PhaseRecord:
    """A processed phase: the position with its orders, and the result (CONTRACTS 4)."""

    position: dict[str, Any]
    result: dict[str, Any]

    @property
    def phase(self) -> str:
        return self.position["phase"]


@dataclass
class Game:
    variant: Variant
    current: Position
    history: list[PhaseRecord] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    winner: str | None = None

    @classmethod
    def new(cls, variant: Variant, rules: tuple[str, ...] = ()) -> Game:
        start = Position.start(variant)
        if rules:
            from dataclasses import replace

            start = replace(start, rules=tuple(rules))
        return cls(variant, start)

    # -- play ----------------------------------------------------------------------------

    def load_position(self, data: dict) -> Position:
        """Read a position of this game (its variant is the game's own copy)."""
        return Position.from_json(data, lambda ref: self.variant)

    def set_orders(self, power: str, texts: list[str]) -> None:
        from dataclasses import replace

        orders = dict(self.current.orders)
        orders[power] = tuple(texts)
        self.current = replace(self.current, orders=orders)

    def process(self) -> Outcome:
        """Adjudicate the current phase and move on to the next one."""
        if self.winner:
            raise ValueError(f"the game is over: {self.winner} has won")
        outcome = process(self.current)
        record = PhaseRecord(self.current.to_json(), outcome_to_json(outcome))
        self.history.append(record)
        self.current = outcome.next
        self.winner = outcome.winner
        return outcome

    def rollback(self, index: int) -> None:
        """Make processed phase ``index`` current again (with its orders); later ones go."""
        if not 0 <= index < len(self.history):
            raise IndexError(f"no processed phase {index}")
        record = self.history[index]
        self.current = self.load_position(record.position)
        del self.history[index:]
        self.winner = None

    @property
    def phases(self) -> list[str]:
        return [r.phase for r in self.history] + [str(self.current.phase)]

    # -- files ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "app": "diplodesk",
            "variant": {"id": self.variant.id, "data": _plain(self.variant.data)},
            "history": [{"position": r.position, "result": r.result} for r in self.history],
            "current": self.current.to_json(),
            "winner": self.winner,
            "settings": self.settings,
        }

    @classmethod
    def from_json(cls, data: Any, source: str = "game") -> Game:
        if not isinstance(data, dict) or "format" not in data:
            raise GameFileError(f"{source}: not a diplodesk game file (no 'format')")
        fmt = data["format"]
        if not isinstance(fmt, int) or fmt < 1:
            raise GameFileError(f"{source}: format: {fmt!r} is not a format number")
        if fmt > FORMAT:
            raise GameFileError(
                f"{source}: written by a newer diplodesk (game format {fmt}); "
                f"this version reads formats up to {FORMAT}. Update diplodesk to open it."
            )
        data = _upgrade(data, fmt)
        try:
            vdata = data["variant"]["data"]
            variant = Variant.from_data(vdata, source=f"{source}: variant")
        except (KeyError, TypeError):
            raise GameFileError(f"{source}: variant: missing the variant's data") from None
        except VariantError as e:
            raise GameFileError(str(e)) from None
        try:
            history = [
                PhaseRecord(dict(r["position"]), dict(r["result"])) for r in data.get("history", [])
            ]
            game = cls(variant, Position.start(variant), history, dict(data.get("settings", {})))
            game.current = game.load_position(data["current"])
            for i, r in enumerate(history):
                try:
                    game.load_position(r.position)
                except PositionError as e:
                    raise GameFileError(f"{source}: history[{i}].position: {e}") from None
        except PositionError as e:
            raise GameFileError(f"{source}: current: {e}") from None
        except (KeyError, TypeError, AttributeError) as e:
            raise GameFileError(f"{source}: malformed game data ({e})") from None
        game.winner = data.get("winner")
        return game

    def save(self, path: str | os.PathLike) -> None:
        save_json_atomic(Path(path), self.to_json())

    @classmethod
    def load(cls, path: str | os.PathLike) -> Game:
        path = Path(path)
        return cls.from_json(read_json_file(path, MAX_GAME_BYTES), source=str(path))


def _plain(v: Any) -> Any:
    """Variant data as plain JSON types."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return v


def _upgrade(data: dict, fmt: int) -> dict:
    """Bring an older game file up to the current format (one step per version)."""
    # Format 1 is the first; later formats add their steps here.
    return data


def read_json_file(path: Path, limit: int) -> Any:
    """Read a JSON file with a size limit; errors say which file and what is wrong."""
    try:
        size = path.stat().st_size
        if size > limit:
            raise GameFileError(f"{path}: {size} bytes is more than the {limit // (1024 * 1024)} MiB allowed")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise GameFileError(f"{path}: is a folder, not a file") from None
    except UnicodeDecodeError:
        raise GameFileError(f"{path}: not a text file (not UTF-8)") from None
    except OSError as e:
        raise GameFileError(f"{path}: {e.strerror or e}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise GameFileError(f"{path}: not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise GameFileError(f"{path}: JSON nested too deeply") from None


def save_json_atomic(path: Path, data: Any) -> None:
    """Write JSON atomically, keeping the previous file as ``.bak``."""
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    write_atomic(Path(path), text.encode("utf-8"))
