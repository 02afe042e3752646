"""The board at first sight: screenshots of the desk as a new user meets it, at both default
screen sizes (1920 x 1080 maximised, 1366 x 768), offscreen, with what the names measure.

    python tools/first_sight.py [-o DIR] [--sizes 1920x1080,1366x768]

For each size: a new standard game, the same after Spring 1901 is adjudicated (its results
shown), a Blind game's power inspector with Austria's view on the main map, a new Colonial
game, and the map editor on the standard board; once, the report page of England's print
pack for Spring 1901, rasterised by ``pdftoppm`` when it is installed (poppler-utils). The
images go to DIR (default docs/images) as first-sight-NAME-SIZE.png; each window's line
says how many names the map draws, how tall, and whether any is covered, overlapped or cut.
A maximised window is the screen less a title bar and a task bar (about 30 px each).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="diplodesk-first-sight-"))
os.environ.setdefault("XDG_CONFIG_HOME", os.path.join(os.environ["XDG_DATA_HOME"], "config"))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

SCREENS = {"1920x1080": (1920, 1020), "1366x768": (1366, 708)}
SPRING = {
    "Austria": ["A vie - gal", "A bud - ser", "F tri - alb"],
    "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
    "France": ["A par - bur", "A mar - spa", "F bre - mao"],
    "Germany": ["A mun - ruh", "A ber - kie", "F kie - den"],
    "Italy": ["A ven - pie", "A rom - apu", "F nap - ion"],
    "Russia": ["A war - gal", "A mos - ukr", "F sev - bla", "F stp/sc - bot"],
    "Turkey": ["A con - bul", "A smy - arm", "F ank - bla"],
}


class Answers:
    """The window's questions answered without dialogs: yes."""

    def __getattr__(self, name):
        def answer(*args, **kw):
            if name == "confirm_or_stop_asking":
                return True, False
            return name == "confirm" or None
        return answer


def settle(app, n: int = 6) -> None:
    for _ in range(n):
        app.processEvents()


def game_window(app, doc, size):
    from PySide6.QtCore import QSettings

    from diplodesk.gui.main_window import MainWindow

    ini = tempfile.mktemp(suffix=".ini", dir=os.environ["XDG_CONFIG_HOME"])
    w = MainWindow(doc, settings=QSettings(ini, QSettings.Format.IniFormat), prompts=Answers(),
                   restore_layout=False)
    w.resize(*size)
    w.show()
    settle(app)
    return w


def shot(app, w, out: Path, label: str) -> None:
    """Save the window (a sharp map first) and print what its map's names measure."""
    from diplodesk.render.legibility import measure

    view = getattr(w, "view", None)
    if hasattr(view, "_rerender"):
        view._rerender()
    settle(app, 3)
    w.grab().save(str(out))
    line = ""
    if getattr(view, "sheet", None) is not None:
        line = measure(view.sheet, view.scale_now, view.position).line()
        vp = view.viewport().rect()
        line += f"; map view {vp.width() * vp.height() / (w.width() * w.height()):.0%} of the window"
    print(f"{out.name}: {label}. {line}")


def close(w) -> None:
    doc = getattr(w, "doc", None)
    if doc is not None and hasattr(doc, "undo_stack"):
        doc.undo_stack.setClean()
    w.close()
    w.deleteLater()


def played_spring(rules: tuple[str, ...] = ()):
    from diplodesk.document.game_document import GameDocument

    doc = GameDocument.new("standard", rules)
    doc.set_orders(SPRING)
    doc.process()
    return doc


def window_shots(app, out: Path, screen: str) -> None:
    from diplodesk.document.game_document import GameDocument
    from diplodesk.document.map_document import MapDocument
    from diplodesk.gui.editor import MapEditorWindow

    size = SCREENS[screen]
    w = game_window(app, GameDocument.new("standard"), size)
    shot(app, w, out / f"first-sight-standard-new-{screen}.png", "a new standard game")
    close(w)

    w = game_window(app, played_spring(), size)
    w.show_phase(0)
    w.results_dock.raise_()
    settle(app)
    shot(app, w, out / f"first-sight-standard-adjudicated-{screen}.png", "Spring 1901 adjudicated, its results")
    close(w)

    w = game_window(app, played_spring(("blind",)), size)
    w.inspect()
    settle(app)
    w.inspector_dock.left.viewer.setCurrentText("Austria")
    w.inspector_dock.on_map.click()
    w.inspector_dock.raise_()
    settle(app)
    shot(app, w, out / f"first-sight-blind-inspector-{screen}.png",
         "a Blind game after Spring 1901: the inspector, and Austria's view on the main map")
    close(w)

    w = game_window(app, GameDocument.new("colonial"), size)
    shot(app, w, out / f"first-sight-colonial-{screen}.png", "a new Colonial game")
    close(w)

    autosave = Path(tempfile.mkdtemp(prefix="first-sight-autosave-"))
    e = MapEditorWindow(MapDocument.open("standard"), prompts=Answers(), autosave_root=autosave)
    e.resize(*size)
    e.show()
    settle(app)
    e.view.fit()
    settle(app)
    e.grab().save(str(out / f"first-sight-editor-{screen}.png"))
    plan = e.scene.labels.plan(1 / e.view.transform().m11())
    print(f"first-sight-editor-{screen}.png: the map editor on the standard board, names on: {len(plan)} ids, "
          f"{sum(b.leader is not None for b in plan)} with a leader; the window {e.width()} x {e.height()}")
    e.close()
    e.deleteLater()


def pack_page(out: Path) -> None:
    """England's pack for Spring 1901, its report page as a PNG (when pdftoppm is there)."""
    exe = shutil.which("pdftoppm")
    if exe is None:
        print("pack report page: pdftoppm is not installed (apt-get install poppler-utils); skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "game.json"
        played_spring().save(game)
        packs = Path(tmp) / "packs"
        cli = "import sys; from diplodesk.cli import main; sys.exit(main())"
        run = subprocess.run([sys.executable, "-c", cli, "pack", str(game), "--phase", "0",
                              "--power", "England", "-o", str(packs)], capture_output=True, text=True)
        pdfs = sorted(packs.glob("*.pdf"))
        if run.returncode != 0 or not pdfs:
            print(f"pack report page: the pack was not made: {run.stderr.strip()}")
            return
        pages = int(next((ln.split()[-1] for ln in subprocess.run(
            ["pdfinfo", str(pdfs[0])], capture_output=True, text=True).stdout.splitlines()
            if ln.startswith("Pages:")), "2"))
        page = min(2, pages)  # the first page is the map, the report follows
        stem = Path(tmp) / "page"
        subprocess.run([exe, "-png", "-r", "90", "-f", str(page), "-l", str(page), "-singlefile",
                        str(pdfs[0]), str(stem)], check=True)
        shutil.copy(f"{stem}.png", out / "first-sight-pack-report.png")
    print(f"first-sight-pack-report.png: page {page} of England's Spring 1901 pack, at 90 dpi")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--out", type=Path, default=ROOT / "docs" / "images")
    ap.add_argument("--sizes", default=",".join(SCREENS), help="screens, e.g. 1920x1080,1366x768")
    args = ap.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    args.out.mkdir(parents=True, exist_ok=True)
    for screen in args.sizes.split(","):
        if screen not in SCREENS:
            print(f"first_sight: no screen {screen!r}; known: {', '.join(SCREENS)}", file=sys.stderr)
            return 2
        window_shots(app, args.out, screen)
    pack_page(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
