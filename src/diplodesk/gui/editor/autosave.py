"""Autosaves of a map being edited, and finding those a crashed editor left behind.

Each open editor window owns a session folder ``map-autosave/<id>/`` in the user data
folder, guarded by ``<id>.lock`` (a :class:`QLockFile` held while the window is open). An
autosave is a variant folder (``variant.toml`` and ``map.svg``, as :meth:`MapDocument.save`
writes them) plus ``autosave.json`` saying which variant it is a copy of. A clean close
deletes the folder and the lock; an autosave whose lock nobody holds is offered for
recovery the next time the same variant is opened.
"""

from __future__ import annotations

import json
import shutil
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile

from ...document.map_document import MapDocument
from ...document.map_io import write_atomic, write_toml
from ...engine.files import clean_stale_temps
from ...paths import user_data_dir

MARK = "diplodesk-map-autosave"


def map_autosave_dir() -> Path:
    return user_data_dir() / "map-autosave"


def source_key(doc: MapDocument) -> str:
    """What makes two documents 'the same variant' for recovery: the folder it came from
    (or, for a board never saved, its id)."""
    if doc.folder is not None:
        try:
            return str(Path(doc.folder).resolve())
        except OSError:
            return str(doc.folder)
    return f"id:{doc.variant_id}"


def folder_key(folder: Path) -> str:
    try:
        return str(Path(folder).resolve())
    except OSError:
        return str(folder)


@dataclass(frozen=True)
class MapOrphan:
    """An autosaved map left by an editor that did not close."""

    folder: Path
    source: str  # source_key of the variant it is a copy of
    builtin: bool
    saved_at: float
    name: str

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        return f"{self.name}, autosaved {when}"


class MapAutosave:
    """This window's autosave folder and the lock that says the window is alive."""

    def __init__(self, root: Path | None = None):
        self.root = root or map_autosave_dir()
        self.root.mkdir(parents=True, exist_ok=True)
        self.id = f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}"
        self.folder = self.root / self.id
        self.lock = QLockFile(str(self.root / f"{self.id}.lock"))
        self.lock.setStaleLockTime(0)  # stale only when its process is gone
        self.lock.tryLock(0)

    def write(self, doc: MapDocument, source: str, builtin: bool) -> Path:
        """Write the document as it is now (atomically, file by file)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        text = write_toml(doc.to_data(editor=True), header=[f"{doc.variant_name}: autosaved by the map editor"])
        write_atomic(self.folder / "variant.toml", text.encode("utf-8"), keep_backup=False)
        if any(not g.is_empty for g in doc.shapes.values()):
            write_atomic(self.folder / "map.svg", doc.to_svg().encode("utf-8"), keep_backup=False)
        meta = {"format": MARK, "saved_at": time.time(), "source": source, "builtin": builtin,
                "name": doc.variant_name, "id": doc.variant_id}
        write_atomic(self.folder / "autosave.json", json.dumps(meta).encode("utf-8"), keep_backup=False)
        return self.folder

    def clear(self) -> None:
        """Nothing unsaved any more: drop the autosave (the lock stays while we run)."""
        shutil.rmtree(self.folder, ignore_errors=True)

    def close(self) -> None:
        """A clean end: drop the autosave and the lock."""
        self.clear()
        self.lock.unlock()
        try:
            Path(self.lock.fileName()).unlink()
        except OSError:
            pass


def find_map_orphans(source: str | None = None, root: Path | None = None) -> list[MapOrphan]:
    """Autosaved maps whose editor is no longer running (of one variant, if ``source`` is
    given), newest first."""
    root = root or map_autosave_dir()
    if not root.is_dir():
        return []
    for folder in [root, *(p for p in root.iterdir() if p.is_dir())]:
        clean_stale_temps(folder)  # what writes killed in an earlier session left behind
    out = []
    for meta_file in sorted(root.glob("*/autosave.json")):
        folder = meta_file.parent
        lock = QLockFile(str(root / f"{folder.name}.lock"))
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            continue  # a running editor's
        lock.unlock()
        try:
            meta = json.loads(meta_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(meta, dict) or meta.get("format") != MARK:
            continue
        if source is not None and meta.get("source") != source:
            continue
        if not (folder / "variant.toml").is_file():
            continue
        out.append(MapOrphan(folder, str(meta.get("source", "")), bool(meta.get("builtin", False)),
                             float(meta.get("saved_at", 0)), str(meta.get("name", folder.name))))
    out.sort(key=lambda o: -o.saved_at)
    return out


def load_map_orphan(orphan: MapOrphan, original: Path | None) -> MapDocument:
    """The autosaved document, as a modified copy of the variant it came from."""
    doc = MapDocument.open(orphan.folder)
    doc.folder = original
    doc.builtin = orphan.builtin
    doc.undo_stack.resetClean()  # restored from a backup: not saved
    return doc


def discard_map_orphan(orphan: MapOrphan) -> None:
    shutil.rmtree(orphan.folder, ignore_errors=True)
    try:
        (orphan.folder.parent / f"{orphan.folder.name}.lock").unlink()
    except OSError:
        pass
