"""Adjudicating at the desk: Ctrl+Enter plays the season unless the last one is not final. A
season with an open blocking question (IX.3, IX.5, IX.7 ...) is not "adjudicated; now …":
the desk says so where the GM is looking (the status bar, the banner over the map) and takes
them to the question on the Decisions panel; the next season waits for the answer."""

from __future__ import annotations

from ...document import hyper_desk
from ...document.hyper_commands import AdjudicateHyperCommand


def adjudicate(win) -> bool:
    """Play the season (Ctrl+Enter); every dock shows the season that follows. A season
    whose blocking question is still open stops here: the GM answers it first."""
    win.flush()
    if hyper_desk.open_blocking(win.doc.game):
        last = win.doc.history[-1].phase
        win.statusBar().showMessage(f"{last} is not final: answer its blocking question before "
                                     f"{win.doc.position.phase} is adjudicated", 10000)
        win.show_questions()
        return False
    phase = win.doc.position.phase
    ok = win.push(AdjudicateHyperCommand(win.doc))
    if not ok:
        return False
    waiting = hyper_desk.open_blocking(win.doc.game)
    if waiting:
        win.statusBar().showMessage(
            f"{phase} adjudicated, but not final: {len(waiting)} blocking question"
            f"{'s' if len(waiting) != 1 else ''} for the GM — answer before {win.doc.position.phase}", 10000)
        win.show_questions()
    else:
        win.statusBar().showMessage(f"{phase} adjudicated; now {win.doc.position.phase}", 6000)
        win.results.show()
        win.results.raise_()
    return True

def show_questions(win) -> None:
    """Take the GM to the first open blocking question (or the Decisions panel)."""
    dock = getattr(win, "gm_docks", {}).get("Decisions")
    panel = getattr(win, "gm_panels", {}).get("Decisions")
    if dock is None or panel is None:
        return
    dock.show()
    dock.raise_()
    waiting = hyper_desk.open_blocking(win.doc.game)
    if waiting:
        panel.focus_question(waiting[0]["id"])
