"""Opening the map editor: on a variant (from the app's Tools menu, offering to recover an
editor's unsaved work after a crash), or on its own (``diplodesk map-editor``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from ...document.bulk import collector_paused
from ...document.map_document import MapDocument, MapEditError
from ...engine.variant import VariantError
from ...geometry.svg_import import MapError
from .autosave import discard_map_orphan, find_map_orphans, folder_key, load_map_orphan
from .prompts import EditorPrompts
from .window import MapEditorWindow


def open_map_editor(parent: QWidget | None, variant_id_or_path: str | Path, *, prompts: Any = None,
                    show: bool = True, autosave_root: Path | None = None) -> MapEditorWindow | None:
    """Open the map editor on a variant (by id or folder), offering to recover what an
    editor that crashed left of it; None (after saying why) if it can't be opened."""
    from ...variants import find_variant

    ask = prompts if prompts is not None else EditorPrompts(parent)  # type: ignore[arg-type]
    try:
        folder = find_variant(str(variant_id_or_path))
    except VariantError as e:
        ask.error("Cannot open the map", str(e))
        return None
    doc = None
    recovered = None
    for orphan in find_map_orphans(folder_key(folder), autosave_root):
        answer = ask.ask_recover(orphan)
        if answer == "recover":
            try:
                doc = load_map_orphan(orphan, folder)
            except (VariantError, MapEditError, MapError, OSError) as e:
                ask.error("Cannot recover the map", str(e))
                continue
            recovered = orphan
            break
        if answer == "discard":
            discard_map_orphan(orphan)
    with collector_paused():  # a large board is built in one go (document/bulk.py)
        if doc is None:
            try:
                doc = MapDocument.open(folder)
            except (VariantError, MapEditError, MapError, OSError) as e:
                ask.error("Cannot open the map", str(e))
                return None
        win = MapEditorWindow(doc, prompts=prompts, parent=parent, autosave_root=autosave_root)
    if parent is not None:
        win.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    if recovered is not None:
        win.autosave()  # the recovered work is safe in this editor's autosave before the old one goes
        discard_map_orphan(recovered)
        win.status("Recovered the unsaved changes of the last session: save to keep them")
    if show:
        win.show()
        win.view.fit()
    return win


def main(argv: list[str] | None = None) -> int:
    """Run the map editor on its own: ``diplodesk map-editor [variant] [--grab PNG]``."""
    parser = argparse.ArgumentParser(prog="diplodesk map-editor", description="The diplodesk map editor")
    parser.add_argument("variant", nargs="?", default="standard", help="variant id or folder (default: standard)")
    parser.add_argument("--select", help="select this province at the start")
    parser.add_argument("--adjacency", action="store_true", help="draw adjacency lines")
    parser.add_argument("--grab", metavar="PNG", help="save a picture of the window and quit")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.grab and not Path(args.grab).parent.is_dir():  # found out before a window opens
        print(f"diplodesk: {args.grab}: cannot write: {Path(args.grab).parent} is not a folder", file=sys.stderr)
        return 2
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.setOrganizationName("diplodesk")
    QCoreApplication.setApplicationName("diplodesk")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    win = open_map_editor(None, args.variant)
    if win is None:
        return 1
    if args.select:
        win.select([args.select])
    if args.adjacency:
        win.set_show_adjacency(True)
    if args.grab:
        app.processEvents()
        win.view.fit()
        app.processEvents()
        saved = win.grab().save(args.grab)
        win.doc.undo_stack.setClean()
        win.close()
        if not saved:  # Qt says only False: a full disk, a folder that went, no PNG writer
            print(f"diplodesk: {args.grab}: cannot write the picture", file=sys.stderr)
            return 2
        return 0
    return app.exec()
