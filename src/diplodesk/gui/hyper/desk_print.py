"""The desk's papers: File › Print packs… (a played season's packs, with a preview) and
File › Export the map… (the map as on the desk, to PNG, SVG or PDF)."""

from __future__ import annotations


def print_packs(win, run: bool = True):
    """File › Print packs…: a played season's packs, with a preview (the dialog, for tests)."""
    from .packs_dialog import HyperPacksDialog

    win.flush()
    if not win.doc.history:
        win.prompts.info("Print packs", "No season has been adjudicated yet: there is nothing to print. "
                          "Adjudicate the season first (Ctrl+Enter).")
        return None
    dialog = HyperPacksDialog(win.doc, win, win.results.season_index())
    giver = win.results.focus
    st = win.doc.position.nations.get(giver) if giver else None
    if st is not None and st.controllers:
        dialog.choose_player(st.controllers[0])
    if run:
        dialog.exec()
    return dialog

def export_map(win, path: str | None = None) -> bool:
    """File › Export the map…: the map as on the desk (the region last shown, else the
    whole board) to PNG, SVG or PDF."""
    from ...render.export import RenderError
    from ...render.hyper_export import render_hyper_file

    region = win.region
    name = win.doc.variant.sheets[region].name.lower() if region else "world"
    if path is None:
        stem = win.doc.path.stem if win.doc.path else win.doc.variant.id
        path = win.prompts.export_path(f"{stem}-{win.doc.position.phase}-{name}.png")
        if not path:
            return False
    try:
        render_hyper_file(win.doc.position, path, 2400, sheet=region)
    except (RenderError, OSError) as e:
        win.prompts.error("Cannot export the map", str(e))
        return False
    win.statusBar().showMessage(f"Exported {name} to {path}", 6000)
    return True
