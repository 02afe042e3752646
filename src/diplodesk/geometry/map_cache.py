"""Imported maps kept on disk, so that the app does not parse the same SVG at every start.

Reading a drawn map (hundreds of paths through svgelements) takes most of a second; the
shapes it gives depend only on the file's bytes and on the board it is read for. So the
result is stored in the user's data folder under a digest of both, and read back at the
next start in a few milliseconds. A missing, stale or unreadable entry is simply made
again; a cache that cannot be written changes nothing but the speed.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from ..engine.board import Board
from ..engine.files import read_bounded
from .svg_import import ImportedMap, import_svg, read_file

FORMAT = b"diplodesk-map-cache-1"
KEEP = 16  # entries kept; the oldest go first
MAX_ENTRY_BYTES = 512 * 1024 * 1024  # an entry larger than this is made again, never read


def cache_dir() -> Path:
    from ..paths import user_data_dir

    return user_data_dir() / "cache" / "maps"


def _board_digest(board: Board | None) -> bytes:
    if board is None:
        return b"no board"
    parts = sorted((p.id, str(p.kind), tuple(p.coasts)) for p in board.provinces.values())
    return repr(parts).encode()


def cached_import(path: Path, board: Board | None, strict: bool = True) -> ImportedMap:
    """``import_svg(path, board, strict=strict)``, from the disk cache when it has it (the app
    reads strictly; the map editor leniently, and with a board that may not load)."""
    data = read_file(Path(path), str(path))  # bounded and regular files only, before anything else
    key = hashlib.sha256(FORMAT + hashlib.sha256(data).digest() + _board_digest(board)
                         + (b"strict" if strict else b"lenient")).hexdigest()
    folder = cache_dir()
    entry = folder / f"{key}.pickle"
    try:
        got = pickle.loads(read_bounded(entry, MAX_ENTRY_BYTES))  # the user's own folder, written by us
        if isinstance(got, ImportedMap):
            return got
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    imported = import_svg(data, board, strict=strict, source=str(path))
    _store(folder, entry, imported)
    return imported


def _store(folder: Path, entry: Path, imported: ImportedMap) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(imported, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, entry)
        old = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime)
        for p in old[:-KEEP]:
            p.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass
