"""Play a year of a variant in the real window, offscreen at 1440x920, and keep a screenshot
of every phase: a GM's first evening, to look at after a change to the desk.

    python tools/play_year.py [VARIANT ...] [--blind] [--phases N] [-o DIR]

Every power gets random legal orders (a seeded choice among the engine's options), entered
as one undoable command, and the window's own Adjudicate action runs the phase; a question
about unordered units is answered yes, anything else the window says is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))


class Answers:
    """The window's questions answered without dialogs: yes, and what it said, printed."""

    def __getattr__(self, name):
        def answer(*args, **kw):
            if name in ("error", "info"):
                print(f"  {name}: {args[:2]}")
            if name == "confirm_or_stop_asking":
                return True, False
            return name == "confirm" or None
        return answer


def play(vid: str, rules: tuple[str, ...], out: Path, phases: int, seed: int) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from diplodesk.document import commands as cmd
    from diplodesk.document.game_document import GameDocument
    from diplodesk.engine.options import options
    from diplodesk.engine.orders import format_order
    from diplodesk.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    rng = random.Random(seed)
    tag = vid + ("-blind" if rules else "")
    w = MainWindow(GameDocument.new(vid, rules), prompts=Answers(),
                   settings=QSettings(str(out / f".{tag}.ini"), QSettings.Format.IniFormat))
    w.resize(1440, 920)
    w.show()
    app.processEvents()
    w.view.fit()
    for n in range(phases):
        pos = w.doc.position
        orders = {}
        for power in w.doc.powers:
            texts = []
            for prov, opts in sorted(options(pos, power).items()):
                if prov == "":  # builds and removals: a couple of them
                    picks = [o for o in opts if type(o).__name__ != "Waive"]
                    rng.shuffle(picks)
                    texts += [format_order(o) for o in picks[:2]]
                elif opts:
                    texts.append(format_order(rng.choice(opts)))
            orders[power] = texts
        w.push(cmd.SetOrdersCommand(w.doc, orders))
        phase = str(pos.phase)
        w.adjudicate()
        app.processEvents()
        path = out / f"{tag}-{n}-{phase}.png"
        w.grab().save(str(path))
        print(f"{tag}: {phase} adjudicated -> {path}")
        if w.doc.game.winner:
            break
    w.doc.setParent(None)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", default=["standard", "loeb9", "colonial", "woolworth2a"],
                    help="the variants to play (default: the four built-in ones)")
    ap.add_argument("--blind", action="store_true", help="play them with the Blind rule")
    ap.add_argument("--phases", type=int, default=5, help="how many phases to adjudicate (default 5)")
    ap.add_argument("--seed", type=int, default=7, help="the seed of the random orders")
    ap.add_argument("-o", "--output", type=Path, default=Path("screenshots"), help="where the PNGs go")
    args = ap.parse_args()
    args.output.mkdir(parents=True, exist_ok=True)
    for vid in args.variants:
        play(vid, ("blind",) if args.blind else (), args.output, args.phases, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
