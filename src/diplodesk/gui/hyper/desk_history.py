"""Going back to a season played: the results view's season picker shows that season's results
and gazette, and the map as that season left it, read only (a click orders nothing), under a
banner with the way back. The season being ordered keeps its sheets meanwhile."""

from __future__ import annotations

from ...engine.hyper.report import season_name
from ...engine.position import PositionError


def view_season(win, index: int | None) -> None:
    """The map after season ``index`` (None, or the last played: the season being ordered)."""
    doc = win.doc
    if index is None or index >= len(doc.history) - 1:
        win.viewing = None
        win.history_banner.hide()
        win.view.set_content(doc.position)
        return
    try:
        after = doc.position_at(index + 1)
    except (PositionError, ValueError) as e:
        win.statusBar().showMessage(f"{doc.history[index].phase} cannot be read again: {e}", 8000)
        return
    win.viewing = index
    win.clicks.reset()
    rec = doc.history[index]
    win.history_banner.text.setText(f"<b>The map after {season_name(str(rec.phase))}</b>, read only: the "
                                    f"results and gazette of that season below. Orders are for "
                                    f"{season_name(str(doc.position.phase))}.")
    win.history_banner.show()
    win.view.set_content(after)


def content(win):
    """What the map shows now: the season viewed, or the one being ordered."""
    if win.viewing is not None:
        try:
            return win.doc.position_at(win.viewing + 1)
        except (PositionError, ValueError):
            win.viewing = None
    return win.doc.position
