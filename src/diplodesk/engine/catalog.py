"""Find, load and validate variant folders: the built-in ones and the user's own.

It lives in the engine because ``adjudicate`` takes a variant by its id; ``diplodesk.variants``
is its name for everyone else.

A variant folder holds ``variant.toml`` (the data) and ``map.svg`` (the shapes). A user's
variant in the user data folder is as good as a built-in one; on a name clash the user's
wins, so a GM can adjust a built-in board without touching the installation.
"""

from __future__ import annotations

import time
import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..paths import builtin_variants_dir, user_variants_dir
from . import schemas
from .files import FileReadError, glob_files, read_bounded
from .plain_text import unsafe_char
from .variant import Variant, VariantError

MAX_VARIANT_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class VariantInfo:
    id: str
    name: str
    path: Path
    builtin: bool
    playable: bool = True
    problem: str = ""  # why a broken variant can't be used ("" when it can)
    engine: str = "standard"  # its season engine (seasons.py)
    replaces: VariantInfo | None = None  # the built-in variant of the same id this one is used for


def _folders(root: Path) -> list[Path]:
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if not p.name.startswith(".") and (p / "variant.toml").is_file())


# A variant.toml's entry in the list, by its path, kept with the file's (mtime, size): every
# lookup of a variant by id lists the variants, and a list again reads only the files that
# changed (the world board's data is large, and the app looks up a variant several times as
# it starts)
_listed: dict[Path, tuple[tuple[int, int], VariantInfo, bool]] = {}


def _info(folder: Path, builtin: bool) -> tuple[VariantInfo, bool]:
    """A variant folder's entry in the list, and whether it is broken (its entry then says
    why it can't be used, under its folder's name)."""
    path = folder / "variant.toml"
    try:
        st = path.stat()
        stamp: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    hit = _listed.get(path)
    if stamp is not None and hit is not None and hit[0] == stamp and hit[1].builtin == builtin:
        return hit[1], hit[2]
    broken = False
    try:
        data = read_variant_file(path)
        check_variant_shape(data, path)
    except VariantError as e:
        info = VariantInfo(folder.name, f"{folder.name} (broken)", folder, builtin, False, "; ".join(e.problems))
        broken = True
    else:
        editor = data.get("editor")
        playable = not (isinstance(editor, dict) and editor.get("playable") is False)
        info = VariantInfo(data["id"], data.get("name", folder.name), folder, builtin, playable,
                           "" if playable else "saved by the map editor with errors",
                           str(data.get("engine", "standard")))
    if stamp is not None:
        if len(_listed) > 1000:
            _listed.clear()
        _listed[path] = (stamp, info, broken)
    return info, broken


def _collect(found: dict[str, VariantInfo], root: Path, builtin: bool) -> None:
    for folder in _folders(root):
        info, broken = _info(folder, builtin)
        if broken:
            found.setdefault(folder.name, info)
            continue
        # a user's variant of a built-in id (the map editor's copy of a built-in board) is
        # the one used; it says which it replaces, so that nothing is replaced unsaid
        shadowed = found.get(info.id) if not builtin and info.id in found and found[info.id].builtin else None
        found[info.id] = replace(info, replaces=shadowed) if shadowed is not None else info


def list_variants() -> list[VariantInfo]:
    """Every variant folder, built-in and the user's; a broken one is listed (not playable,
    with its reason) and never stops the others from being listed or used."""
    found: dict[str, VariantInfo] = {}
    _collect(found, builtin_variants_dir(), True)
    _collect(found, user_variants_dir(), False)
    return sorted(found.values(), key=lambda v: (not v.builtin, v.id))


def replacement_note(variant_id: object) -> str:
    """The note a command gives when ``variant_id`` names a user's variant used in place of
    the built-in one of that id ("" when it does not): said on every use, never silent."""
    if not isinstance(variant_id, str):
        return ""
    info = next((v for v in list_variants() if v.id == variant_id and v.replaces is not None), None)
    if info is None:
        return ""
    return f"note: variant {variant_id!r} is your copy in {info.path}, not the built-in board it replaces"


def check_variant_shape(data: dict, path: Path) -> None:
    """Raise VariantError if the data does not have the shape of a ``variant.toml``."""
    try:
        schemas.check(data, schemas.VariantShape)
    except schemas.SchemaError as e:
        raise VariantError(str(path), [str(e)]) from None


def find_variant(name: str) -> Path:
    """The folder of a variant given by id or by path."""
    p = Path(name)
    try:
        if (p / "variant.toml").is_file():
            return p
        if p.name == "variant.toml" and p.is_file():
            return p.parent
    except (OSError, ValueError):  # a name too long for a path, or with a NUL: not a folder
        pass
    if name in _remembered and (_remembered[name] / "variant.toml").is_file():
        return _remembered[name]  # a game started from that folder says so: before any installed
    builtin = _builtin_named(name)
    if builtin is not None:
        return builtin
    for info in reversed(list_variants()):  # the user's first
        if info.id == name or info.path.name == name:
            return info.path
    known = ", ".join(v.id for v in list_variants())
    shown = name if len(name) <= 200 and unsafe_char(name) is None else repr(name[:200])  # one line
    raise VariantError(shown, [f"no such variant (known: {known})"])


def _builtin_named(name: str) -> Path | None:
    """The built-in folder of this id, when no variant of the user's is named so: found
    without reading every variant (a built-in's folder is named by its id), as the app does
    when it starts; None to look through them all."""
    if Path(name).name != name or name in (".", ".."):
        return None
    user: dict[str, VariantInfo] = {}
    _collect(user, user_variants_dir(), False)
    if any(info.id == name or info.path.name == name for info in user.values()):
        return None
    folder = builtin_variants_dir() / name
    try:
        if not (folder / "variant.toml").is_file():
            return None
    except (OSError, ValueError):
        return None
    info, broken = _info(folder, True)
    return folder if not broken and info.id == name else None


# variants a game file says it was started from a folder of (examples/hyper-mini): id -> folder
_remembered: dict[str, Path] = {}


def remember_folder(variant_id: str, folder: str | Path) -> None:
    """Let ``variant_id`` be found in ``folder`` (after the installed ones), so that a game of
    a variant read from a folder finds its map again, whatever the working directory."""
    p = Path(folder)
    try:
        if (p / "variant.toml").is_file():
            _remembered[variant_id] = p
    except (OSError, ValueError):
        pass


def read_variant_file(path: Path) -> dict:
    """A ``variant.toml``'s tables; any fault (not a regular file, too large, not UTF-8,
    not TOML, nested too deeply) raises VariantError saying what."""
    try:
        raw = read_bounded(path, MAX_VARIANT_BYTES)
    except FileReadError as e:
        raise VariantError(str(path), [str(e).removeprefix(f"{path}: ")]) from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise VariantError(str(path), [f"not UTF-8 text (byte {e.start})"]) from None
    except tomllib.TOMLDecodeError as e:
        raise VariantError(str(path), [f"not valid TOML: {e}"]) from None
    except RecursionError:
        raise VariantError(str(path), ["nested too deeply"]) from None
    except ValueError as e:  # a number of more than 4,300 digits, which Python will not read
        raise VariantError(str(path), [f"not usable TOML: {str(e).split(';')[0]}"]) from None


@lru_cache(maxsize=32)
def _load_folder(folder: str, mtime: float) -> Variant:
    path = Path(folder) / "variant.toml"
    data = read_variant_file(path)
    editor = data.get("editor")
    if isinstance(editor, dict) and editor.get("playable") is False:
        # the map editor saved it with errors: it can be opened in the editor, not played
        problems = [str(p) for p in editor.get("problems", [])] or ["the map editor found errors"]
        raise VariantError(str(path), ["saved with errors and not playable yet", *problems])
    if data.get("tables"):
        data["table_files"] = read_table_files(Path(folder), data["tables"])
    return Variant.from_data(data, source=str(path))


MAX_TABLE_FILES = 200


def read_table_files(folder: Path, patterns: Any) -> dict[str, dict]:
    """The table files a variant names (globs inside its folder), as {relative name: TOML}.

    They become part of the variant's data, so a game file's copy of the variant carries
    its tables too and a later change to the folder never alters a running game.
    """
    where = folder / "variant.toml"
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise VariantError(str(where), ["tables: expected a list of file names or globs"])
    root = folder.resolve()
    found: dict[str, dict] = {}
    for pattern in patterns:
        if Path(pattern).is_absolute() or ".." in Path(pattern).parts:
            raise VariantError(str(where), [f"tables: {pattern!r} is outside the variant folder"])
        try:
            hits = glob_files(folder, pattern)
        except FileReadError as e:
            raise VariantError(str(where), [f"tables: {pattern!r}: {e}"]) from None
        if not hits:
            raise VariantError(str(where), [f"tables: no file matches {pattern!r}"])
        for f in hits:
            if not f.resolve().is_relative_to(root):
                raise VariantError(str(where), [f"tables: {f} is outside the variant folder"])
            found[f.relative_to(folder).as_posix()] = read_variant_file(f)
            if len(found) > MAX_TABLE_FILES:
                raise VariantError(str(where), [f"tables: more than {MAX_TABLE_FILES} files"])
    return found


_found: dict[str, tuple[tuple, Path]] = {}


def _dirs_stamp() -> tuple:
    """Changes when variant folders are added or removed (a cheap cache check)."""
    stamp = []
    for root in (builtin_variants_dir(), user_variants_dir()):
        try:
            stamp.append(root.stat().st_mtime_ns)
        except OSError:
            stamp.append(None)
    return tuple(stamp)


_recent: dict[str, tuple[float, Variant]] = {}
RECHECK_SECONDS = 1.0


def load_variant(name: str) -> Variant:
    """Load (and cache) a variant by id or folder path; raises VariantError.

    Files are looked at again at most once a second, so adjudicating many positions in a
    row costs no file-system calls, while an edited variant is still picked up.
    """
    now = time.monotonic()
    hit = _recent.get(name)
    if hit is not None and now - hit[0] < RECHECK_SECONDS:
        return hit[1]
    variant = _load_variant(name)
    _recent[name] = (now, variant)
    return variant


def forget_recent() -> None:
    """A variant was just saved: the next :func:`load_variant` reads the files again
    (not what it read less than a second ago)."""
    _recent.clear()


def _load_variant(name: str) -> Variant:
    stamp = _dirs_stamp()
    hit = _found.get(name)
    if hit is not None and hit[0] == stamp:
        folder = hit[1]
    else:
        folder = find_variant(name)
        _found[name] = (stamp, folder)
    path = folder / "variant.toml"
    try:
        mtime = path.stat().st_mtime
    except OSError:
        _found.pop(name, None)
        raise VariantError(name, [f"{path} is gone"]) from None
    return _load_folder(str(folder.resolve()), mtime)


def map_path(name: str) -> Path | None:
    p = find_variant(name) / "map.svg"
    return p if p.is_file() else None
