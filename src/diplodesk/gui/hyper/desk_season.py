"""Adjudicating at the desk: Ctrl+Enter plays the season unless the last one is not final. A
season with an open blocking question (IX.3, IX.5, IX.7 ...) is not "adjudicated; now …":
the desk says so where the GM is looking (the status bar, the banner over the map) and takes
them to the question on the Decisions panel; the next season waits for the answer.

Lines the engine refuses on the sheets would each be an invalid order: before playing the
season the desk says how many and whose, and offers to go to them or to adjudicate anyway
(as the standard window asks about units unordered, with a "Don't ask again" that the Game
menu turns back on)."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from ...document import hyper_desk
from ...document.hyper_commands import AdjudicateHyperCommand

ASK_REFUSED = "hyper-desk/ask-refused"  # the app's setting behind the question's "Don't ask again"
ASK_REFUSED_MENU = "Game menu: Ask before adjudicating with refused lines"


def settings(win) -> QSettings:
    return getattr(win, "settings", None) or QSettings()


def asks_refused(win) -> bool:
    """The preference: ask before adjudicating with refused lines (Game menu)."""
    return str(settings(win).value(ASK_REFUSED, True)).lower() not in ("false", "0")


def set_ask_refused(win, on: bool) -> None:
    settings(win).setValue(ASK_REFUSED, bool(on))
    action = getattr(win, "act_ask_refused", None)
    if action is not None:
        action.setChecked(bool(on))


def refused_lines(doc) -> dict[str, list[int]]:
    """The lines the engine refuses, by giver (their numbers); a line only short of money is
    none of them: the T5 loop fails it, as the rules do (I.11)."""
    out = {g: [c.number for c in checks if not c.ok and c.reason != "cannot pay"]
           for g, checks in doc.preview().checks.items()}
    return {g: lines for g, lines in out.items() if lines}


def _refused_go_on(win) -> bool:
    """Ask about the refused lines, if any (and if asked to): True to adjudicate."""
    refused = refused_lines(win.doc)
    if not refused or not asks_refused(win):
        return True
    givers = sorted(refused, key=lambda g: (win.doc.name_of(g).casefold(), g))
    n = sum(len(v) for v in refused.values())
    who = "; ".join(f"{win.doc.name_of(g)} {', '.join(map(str, refused[g]))}" for g in givers)
    title = "Adjudicate with refused lines?"
    text = (f"{n} line{'s' if n != 1 else ''} on the sheets {'are' if n != 1 else 'is'} refused "
            f"(by sheet, the line numbers: {who}). Each would count as an invalid order. "
            "Go to them, or adjudicate anyway?")
    ask = getattr(win.prompts, "go_or_adjudicate", None)
    if ask is not None:
        answer, stop = ask(title, text, ASK_REFUSED_MENU)
    else:  # prompts with a yes or no only
        yes, stop = win.prompts.confirm_or_stop_asking(title, text)
        answer = "adjudicate" if yes else "go"
    if answer == "adjudicate":
        if stop:
            set_ask_refused(win, False)
        return True
    if answer == "go":
        sheet = win.show_sheet(givers[0])
        if sheet is not None:
            sheet.go_to_line(refused[givers[0]][0])
    win.statusBar().showMessage(f"Not adjudicated: {n} refused line{'s' if n != 1 else ''} ({who})", 10000)
    return False


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
    if not _refused_go_on(win):
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
