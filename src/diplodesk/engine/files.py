"""Files written so that a crash leaves the old one or the new one, never half of either."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".diplodesk.tmp"
STALE_SECONDS = 60.0
# ours: ".<name>.<random>.diplodesk.tmp"; before 0.2: ".<name>.<random>.tmp" (mkstemp's 8)
_OURS = re.compile(r"^\.(?P<name>.+)\.[A-Za-z0-9_]{8}" + re.escape(TEMP_SUFFIX) + "$")
_OLD = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$")


def write_atomic(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Write a file so a crash leaves the old one or the new one, never half of either.

    The bytes go to a temporary file beside it, are flushed and fsynced, and the temporary
    file replaces the old one. The previous file becomes ``<name>.bak`` atomically too: a
    hard link to it is renamed over the old ``.bak`` (or, where links are not supported, a
    fsynced copy is), so at every instant the ``.bak`` is one complete earlier version.
    Temporary files a killed writer left beside ``path`` are removed first.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    clean_stale_temps(path.parent, only_for=path.name)
    tmp = _temp_beside(path)
    try:
        try:  # the old file's permissions, or the usual ones (mkstemp makes it private)
            mode = path.stat().st_mode & 0o777
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        _write_synced(tmp, data, mode)
        if keep_backup and path.exists():
            _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    _sync_dir(path.parent)


def write_output(path: Path, data: bytes) -> None:
    """A file the user named for output (a CSV, a result as JSON): written whole beside it
    and put in place with one rename, so a full disk leaves the old file, never a piece of
    the new one (no ``.bak``: the user asked for this file). A device or FIFO named
    (``/dev/stdout``, a pipe) is a stream, not a file to replace: it is written to as is."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        with open(path, "wb") as f:
            f.write(data)
        return
    write_atomic(path, data, keep_backup=False)


def _temp_beside(path: Path) -> str:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    os.close(fd)
    return tmp


def _write_synced(tmp: str, data: bytes, mode: int) -> None:
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        if hasattr(os, "fchmod"):  # not on Windows
            os.fchmod(f.fileno(), mode)
        os.fsync(f.fileno())


def _keep_backup(path: Path) -> None:
    """Make ``<name>.bak`` the current file, in one rename."""
    bak = path.with_name(path.name + ".bak")
    tmp = _temp_beside(path)
    try:
        os.unlink(tmp)
        try:
            os.link(path, tmp)  # the same bytes, no copy: complete by construction
        except OSError:  # no hard links here (FAT, some network shares): a synced copy
            with open(path, "rb") as src:
                _write_synced(tmp, src.read(), path.stat().st_mode & 0o777)
        os.replace(tmp, bak)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _sync_dir(folder: Path) -> None:
    """Make the renames durable where the platform allows it."""
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def clean_stale_temps(folder: Path, only_for: str | None = None, max_age: float = STALE_SECONDS) -> list[Path]:
    """Remove the temporary files of writes that were killed, and say which.

    Only our own are touched, known by name (``.<name>.<8 letters>.diplodesk.tmp``, or the
    ``.<name>.<8 letters>.tmp`` of earlier versions when ``<name>`` is beside it), and only
    those older than ``max_age`` seconds, so a write under way in another window is left
    alone. ``only_for`` limits it to one file's temporaries.
    """
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except (OSError, ValueError):
        return removed
    names = {e.name for e in entries}
    for e in entries:
        m = _OURS.match(e.name)
        if m is None:
            m = _OLD.match(e.name)
            if m is None or m.group("name") not in names:
                continue
        if only_for is not None and m.group("name") not in (only_for, only_for + ".bak"):
            continue
        try:
            if not e.is_file(follow_symlinks=False) or now - e.stat(follow_symlinks=False).st_mtime < max_age:
                continue
            os.unlink(e.path)
            removed.append(Path(e.path))
        except OSError:
            continue
    return removed


class FileReadError(OSError):
    """A file we refuse to read or cannot read; the message is one line saying why."""


def read_bounded(path: Path, limit: int) -> bytes:
    """A regular file's bytes, at most ``limit`` of them.

    Device files and FIFOs are refused before anything is read (``/dev/zero`` never ends,
    a FIFO blocks until someone writes), and no more than ``limit + 1`` bytes are read
    whatever the file claims its size is, so nothing can fill the memory.
    """
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: opening a FIFO does not wait for a writer
    except FileNotFoundError:
        raise FileReadError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise FileReadError(f"{path}: is a folder, not a file") from None
    except OSError as e:
        raise FileReadError(f"{path}: {e.strerror or e}") from None
    except ValueError:  # a NUL in the name
        raise FileReadError(f"{str(path)!r}: not a usable file name") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileReadError(f"{path}: is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise FileReadError(f"{path}: not a regular file (a device, FIFO or socket)")
        if st.st_size > limit:
            raise FileReadError(f"{path}: {st.st_size} bytes is more than the {_size(limit)} allowed")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileReadError(f"{path}: more than the {_size(limit)} allowed")
        return b"".join(chunks)
    except FileReadError:
        raise
    except OSError as e:
        raise FileReadError(f"{path}: {e.strerror or e}") from None
    finally:
        os.close(fd)


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n >= 1024 * 1024 else f"{n} bytes"


MAX_FOLDER_DEPTH = 16  # of folders a glob's "**" descends into
MAX_FOLDER_ENTRIES = 20_000  # names a glob looks at, in all the folders it reads


def glob_files(folder: Path, pattern: str, max_depth: int = MAX_FOLDER_DEPTH,
               max_entries: int = MAX_FOLDER_ENTRIES) -> list[Path]:
    """The files under ``folder`` that a relative glob names (``tables/*.toml``,
    ``**/*.xml``), sorted; FileReadError past ``max_depth`` folders or ``max_entries`` names.

    Read without recursion, one folder at a time and only the folders the pattern can
    reach, so a tree 1,100 folders deep or a folder of a million files is refused in a
    moment (pathlib's glob recursed until Python's stack ran out). ``**`` never follows a
    link to a folder, so a link loop is read once.
    """
    from fnmatch import fnmatchcase
    from pathlib import PurePosixPath

    parts = PurePosixPath(pattern).parts
    if not parts or PurePosixPath(pattern).is_absolute() or ".." in parts:
        raise FileReadError(f"{pattern!r}: not a pattern inside the folder")
    found: set[str] = set()
    seen: set[tuple[str, int]] = set()
    todo: list[tuple[str, int, int]] = [(os.fspath(folder), 0, 0)]
    looked = 0
    while todo:
        here, i, depth = todo.pop()
        if (here, i) in seen:
            continue
        seen.add((here, i))
        part = parts[i]
        if part == "**" and i + 1 < len(parts):
            todo.append((here, i + 1, depth))  # "**" as no folder at all
        try:
            with os.scandir(here) as it:
                entries = list(it)
        except (OSError, ValueError):
            continue
        looked += len(entries)
        if looked > max_entries:
            raise FileReadError(f"{folder}: more than {max_entries} names in its folders; refused")
        for e in entries:
            if part != "**" and not fnmatchcase(e.name, part):
                continue
            try:
                last, is_dir = i + 1 == len(parts), e.is_dir(follow_symlinks=part != "**")
                if last and part != "**" and not is_dir:  # a FIFO too: its reader refuses it by name
                    found.add(e.path)
            except OSError:
                continue
            if is_dir and not (last and part != "**"):
                if depth + 1 > max_depth:
                    raise FileReadError(f"{folder}: folders nested more than {max_depth} deep; refused")
                todo.append((e.path, i if part == "**" else i + 1, depth + 1))
    return sorted(Path(p) for p in found)
