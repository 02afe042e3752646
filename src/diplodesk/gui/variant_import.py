"""File › Import variant…: bring a jDip variant (folder or zip) into the user's variants.

The work is :func:`diplodesk.document.jdip_import.import_jdip_variant`; this asks for the
file, asks before leaving out what diplodesk cannot play, and says what came in.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QWidget

from ..document.jdip_import import JdipImportError, import_jdip_variant, summary

FILTER = "jDip variant (*.zip variants.xml);;All files (*)"


def ask_path(parent: QWidget) -> str | None:
    """A zip, or the ``variants.xml`` in a variant's folder (which stands for the folder)."""
    path, _ = QFileDialog.getOpenFileName(parent, "Import a jDip variant", "", FILTER)
    return path or None


def import_variant(parent: QWidget, prompts: Any, path: str | Path | None = None) -> Path | None:
    """Import one variant; returns its new folder, or None if nothing was imported."""
    path = path if path is not None else ask_path(parent)
    if not path:
        return None
    source = Path(path)
    if source.name.lower() == "variants.xml":
        source = source.parent
    try:
        try:
            imp = import_jdip_variant(source)
        except JdipImportError as e:
            if "cannot play" not in str(e):
                raise
            if not prompts.confirm("Import without what diplodesk cannot play?", f"{e}.\n\nImport the rest?"):
                return None
            imp = import_jdip_variant(source, allow_unsupported=True)
    except JdipImportError as e:
        prompts.error("Cannot import the variant", str(e))
        return None
    prompts.info("Variant imported", summary(imp) + "\n\nIt is listed in File › New game.")
    return imp.folder
