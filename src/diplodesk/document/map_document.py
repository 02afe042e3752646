"""The editable map of a variant, as the map editor holds it: the model, a signal, undo.

:class:`MapDocument` is the :class:`~.map_model.MapModel` (provinces with their shapes,
adjacency, powers and setup, and every edit of them, recorded as a :class:`Patch`) with
what a Qt editor needs besides: the ``changed`` signal, sent after every edit, undo and
redo; the undo stack the commands of :mod:`.map_commands` are pushed on, and with it
whether there are unsaved changes; and opening and saving a variant folder.

The records, the values edits carry and the helpers other modules use are re-exported
here, so ``from diplodesk.document.map_document import MapDocument, ProvinceRecord, ...``
works as it always has.
"""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from ..engine.catalog import MAX_VARIANT_BYTES
from ..engine.files import FileReadError, glob_files
from ..geometry.surgery import line_side
from ..geometry.svg_xml import MAX_BYTES as MAX_SVG_BYTES
from .map_checks import playability
from .map_io import write_atomic, write_toml
from .map_model import MapModel
from .map_records import (
    DEFAULT_VIEW_BOX,
    FLEET_KINDS,
    KINDS,
    LAND_KINDS,
    MISSING,
    UNITS,
    AdjacencyDiff,
    Link,
    MapChange,
    MapEditError,
    Pair,
    Patch,
    PowerRecord,
    ProvinceRecord,
    StartUnit,
)
from .map_records import plain as _plain
from .map_snapshot import MapSnapshot

__all__ = [
    "DEFAULT_VIEW_BOX",
    "FLEET_KINDS",
    "KINDS",
    "LAND_KINDS",
    "MISSING",
    "UNITS",
    "AdjacencyDiff",
    "Link",
    "MapChange",
    "MapDocument",
    "MapEditError",
    "MapSnapshot",
    "Pair",
    "Patch",
    "PowerRecord",
    "ProvinceRecord",
    "StartUnit",
    "line_side",
]


class MapDocument(QObject, MapModel):
    """An editable variant: its board's facts, its map's shapes and its setup."""

    changed = Signal(object)  # a MapChange, after every edit, undo and redo

    def __init__(self, view_box: tuple[float, float, float, float] = DEFAULT_VIEW_BOX,
                 parent: QObject | None = None):
        # PySide6 hands the keyword on to the next base, so MapModel is set up once
        super().__init__(parent, view_box=view_box)
        #: the editor pushes the commands of :mod:`.map_commands` here
        self.undo_stack = QUndoStack(self)

    @property
    def modified(self) -> bool:
        """Changed since it was opened or saved (by commands not all undone, or directly)."""
        return self._direct_edits > 0 or not self.undo_stack.isClean()

    def _announce(self, patch: Patch, undone: bool) -> AdjacencyDiff:
        diff = super()._announce(patch, undone)
        self.changed.emit(MapChange(patch.provinces, patch.anchors, patch.setup, diff, undone))
        return diff

    @classmethod
    def open(cls, ref: str | Path, parent: QObject | None = None) -> MapDocument:
        """Open a variant by id or folder for editing (its map too, when it has one)."""
        from ..paths import builtin_variants_dir
        from ..variants import find_variant, read_variant_file

        folder = find_variant(str(ref))
        data = read_variant_file(folder / "variant.toml")
        svg = folder / "map.svg"
        doc = cls.from_data(data, svg if svg.is_file() else None, source=str(folder), parent=parent)
        doc.folder = folder
        try:
            doc.builtin = folder.resolve().is_relative_to(builtin_variants_dir().resolve())
        except OSError:
            doc.builtin = False
        return doc

    # == saving ============================================================================

    def save(self, folder: str | Path | None = None, problems: Iterable[str] | None = None) -> Path:
        """Write ``variant.toml`` and ``map.svg`` into a variant folder, atomically, keeping
        the previous files as ``.bak``.

        With no folder: the folder it was opened from, except that a built-in variant is
        copied to the user's variants folder on its first save. A variant with errors can
        be saved, but says why it can't be played: the errors of the checks (or the
        ``problems`` given) go into the ``[editor]`` table with ``playable = false``.
        """
        from ..paths import user_variant_dir

        if problems is None:
            problems = playability(self)[1]

        if folder is not None:
            target = Path(folder)
        elif self.folder is not None and not self.builtin:
            target = self.folder
        else:
            try:
                target = user_variant_dir(self.variant_id)
            except ValueError as e:
                raise MapEditError(str(e)) from None
        data = self.to_data(editor=True)
        problems = list(problems or [])
        if problems:
            data.setdefault("editor", {})
            data["editor"]["playable"] = False
            data["editor"]["problems"] = problems
        text = write_toml(data, header=[f"{self.variant_name}, as saved by the diplodesk map editor.",
                                        "Facts only: provinces, coasts, adjacency, centres, the start."])
        if tomllib.loads(text) != _plain(data):  # our writer must read back exactly
            raise MapEditError("internal error: the variant data does not read back the same")
        svg = self.to_svg() if any(not g.is_empty for g in self._shapes.values()) else None
        toml_bytes, svg_bytes = text.encode("utf-8"), svg.encode("utf-8") if svg is not None else b""
        for name, body, limit in (("variant.toml", toml_bytes, MAX_VARIANT_BYTES), ("map.svg", svg_bytes, MAX_SVG_BYTES)):
            if len(body) > limit:  # written, it would be refused when read: a variant that never opens
                most = f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit} bytes"
                raise MapEditError(f"{name} would be {len(body)} bytes, more than the {most} diplodesk "
                                   "reads; nothing was saved")
        target.mkdir(parents=True, exist_ok=True)
        write_atomic(target / "variant.toml", toml_bytes)
        if svg is not None:
            write_atomic(target / "map.svg", svg_bytes)
        if self.folder is not None and self.folder != target:
            _copy_companions(self.folder, target, data.get("tables") or [])
        from ..variants import forget_recent

        forget_recent()  # a game started on it now gets what was just saved
        self.folder = target
        self.builtin = False
        self.mark_clean()
        return target

    def mark_clean(self) -> None:
        """Take the document as it is now as its saved state (``modified`` becomes False)."""
        self.saved_revision = self.revision
        self._direct_edits = 0
        self.undo_stack.setClean()


def _copy_companions(source: Path, target: Path, tables: list) -> None:
    """What a variant folder holds beside its data and map, copied where the variant is saved
    anew (a built-in one's first save, Save As): its README and the table files its
    ``tables`` globs name (an economy's numbers: without them it would not load). A file
    already in the target is the designer's own and is kept."""
    names = [Path("README.md")]
    for pattern in tables if isinstance(tables, list) else []:
        try:
            names += [f.relative_to(source) for f in glob_files(source, str(pattern))]
        except (FileReadError, ValueError):
            continue  # a pattern the checks already name; nothing to copy for it
    for name in names:
        src, dst = source / name, target / name
        if src.is_file() and not dst.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
