"""Autosaves in the user data folder, and finding those a crashed session left behind.

Each running window owns a session: ``autosave/<id>.json`` (the game, and the file it
came from) guarded by ``<id>.lock``, a :class:`QLockFile` that the session holds while it
runs. A clean close deletes both. On the next start, an autosave whose lock nobody holds
(its process is gone) is from a session that did not close properly: it is offered for
recovery.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile

from ..engine.files import clean_stale_temps, write_atomic
from ..engine.game import Game, GameFileError, read_json_file
from ..paths import user_data_dir

MARK = "diplodesk-autosave"
MAX_BYTES = 64 * 1024 * 1024


def autosave_dir() -> Path:
    return user_data_dir() / "autosave"


@dataclass(frozen=True)
class Orphan:
    """An autosave left by a session that ended without closing."""

    file: Path
    original: Path | None  # the game file it was a copy of, if it had one
    saved_at: float
    phase: str
    title: str

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        return f"{self.title} ({self.phase}), autosaved {when}"


def _write_atomic(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, ensure_ascii=False).encode("utf-8"), keep_backup=False)


class Session:
    """This window's autosave file and the lock that says it is alive."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder or autosave_dir()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.id = f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}"
        self.file = self.folder / f"{self.id}.json"
        self.lock = QLockFile(str(self.folder / f"{self.id}.lock"))
        self.lock.setStaleLockTime(0)  # stale only when its process is gone
        self.lock.tryLock(0)

    def write(self, game: Game, original: Path | None, title: str) -> Path:
        data = {
            "format": MARK,
            "saved_at": time.time(),
            "original": str(original) if original else None,
            "title": title,
            "phase": str(game.current.phase),
            "game": game.to_json(),
        }
        _write_atomic(self.file, data)
        return self.file

    def clear(self) -> None:
        """Nothing unsaved any more: drop the autosave (the lock stays while we run)."""
        try:
            self.file.unlink()
        except FileNotFoundError:
            pass

    def close(self) -> None:
        """A clean end: drop the autosave and the lock."""
        self.clear()
        self.lock.unlock()


def find_orphans(folder: Path | None = None) -> list[Orphan]:
    """Autosaves whose session is no longer running, newest first."""
    folder = folder or autosave_dir()
    if not folder.is_dir():
        return []
    clean_stale_temps(folder)  # what writes killed in an earlier session left behind
    out = []
    for f in sorted(folder.glob("*.json")):
        lock = QLockFile(str(f.with_suffix(".lock")))
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            continue  # a running session's
        lock.unlock()
        try:
            data = read_json_file(f, MAX_BYTES)
            if not isinstance(data, dict) or data.get("format") != MARK:
                continue
            orig = data.get("original")
            out.append(Orphan(f, Path(orig) if orig else None, float(data.get("saved_at", 0)),
                              str(data.get("phase", "?")), str(data.get("title", f.stem))))
        except (GameFileError, TypeError, ValueError):
            continue
    out.sort(key=lambda o: -o.saved_at)
    return out


def load_orphan(orphan: Orphan) -> Game:
    data = read_json_file(orphan.file, MAX_BYTES)
    if not isinstance(data, dict) or "game" not in data:
        raise GameFileError(f"{orphan.file}: not a diplodesk autosave")
    return Game.from_json(data["game"], source=str(orphan.file))


def discard(orphan: Orphan) -> None:
    for p in (orphan.file, orphan.file.with_suffix(".lock")):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
