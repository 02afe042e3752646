"""Four seasons of the Hypereconomic world played at the GM desk, in the real window offscreen
at 1440x920, with a screenshot after every season: twelve nations trading, researching,
building and fighting (Germany into Belgium, Austria-Hungary into Serbia, Russia into the
Ottoman Empire). The look of the desk on the world board, after a change to it.

    python tools/hyper_seasons.py [-o DIR] [--headless]

``--headless`` adjudicates the same orders with the engine alone and prints every line's
result (to check the script); otherwise each season's orders are pasted into the desk as one
e-mail and the desk's own Adjudicate runs the season.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

RESEARCH = ["co A", "co I"]
SEASONS: list[dict[str, list[str]]] = [
    {  # Winter 1914: armouries on the borders, research, the first trades
        "ger": ["bu Y Rhin", *RESEARCH, "tt 4I to Netherlands via Hann Holl"],
        "bel": ["bu Y Wall", "co A"],
        "aut": ["bu Y Bosn", *RESEARCH],
        "srb": ["bu Y Belg", "co A"],
        "rus": ["bu Y Geor", *RESEARCH],
        "ott": ["bu Y Arme", "co A"],
        "fra": ["bu Y Gaso", *RESEARCH, "tt $2 to Spain via Gaso Nava"],
        "esp": ["co A", "tt 2A to France via Nava Gaso"],
        "ita": [*RESEARCH, "tt $1 to Switzerland via Lomb Swit"],
        "ned": ["co A", "tt $2 to Germany via Holl Hann"],
        "gbr": ["bu S Lond", *RESEARCH],
        "swi": ["co A", "bu N Swit"],
    },
    {  # Spring 1915: the first divisions (one build a province a season, III.7)
        "ger": ["bu D Rhin", "co A", "tt 4I to Netherlands via Hann Holl"],
        "bel": ["bu D Wall", "co I"],
        "aut": ["bu D Bosn", "co A"],
        "srb": ["bu D Belg", "co I"],
        "rus": ["bu D Geor", "co A"],
        "ott": ["bu D Arme", "co I"],
        "fra": ["bu D Gaso", "co A", "tt $2 to Spain via Gaso Nava"],
        "esp": ["co I", "tt 2A to France via Nava Gaso"],
        "ita": ["co A", "tt $1 to Switzerland via Lomb Swit"],
        "ned": ["co I", "tt $2 to Germany via Holl Hann"],
        "gbr": ["bu T Lond", "co A"],
        "swi": ["co I"],
    },
    {  # Summer 1915: the attackers' second divisions; the defenders hold
        "ger": ["bu D Rhin", "1D ho", "co I"],
        "bel": ["1D ho", "co A"],
        "aut": ["bu D Bosn", "1D ho", "co I"],
        "srb": ["1D ho", "co A"],
        "rus": ["bu D Geor", "1D ho", "co I"],
        "ott": ["1D ho", "co A"],
        "fra": ["1D ho", "co I", "tt $2 to Spain via Gaso Nava"],
        "esp": ["co A", "tt 2A to France via Nava Gaso"],
        "ita": ["co I", "tt $1 to Switzerland via Lomb Swit"],
        "ned": ["co A", "tt $2 to Germany via Holl Hann"],
        "gbr": ["1T ho", "co I"],
        "swi": ["co A", "N Swit ho"],
    },
    {  # Autumn 1915: three attacks, each supported; the rest trade and research
        "ger": ["1D at Wall", "2D sp 1D at Wall", "co A", "tt 4I to Netherlands via Hann Holl"],
        "bel": ["1D ho", "co I"],
        "aut": ["1D at Belg", "2D sp 1D at Belg", "co A"],
        "srb": ["1D ho", "co I"],
        "rus": ["1D at Arme", "2D sp 1D at Arme", "co A"],
        "ott": ["1D ho", "co I"],
        "fra": ["1D ho", "co A", "tt $2 to Spain via Gaso Nava"],
        "esp": ["co I", "tt 2A to France via Nava Gaso"],
        "ita": ["co A", "tt $1 to Switzerland via Lomb Swit"],
        "ned": ["co I", "tt $2 to Germany via Holl Hann"],
        "gbr": ["1T ho", "co A"],
        "swi": ["co I", "N Swit ho"],
    },
]


def email(doc, orders: dict[str, list[str]]) -> str:
    """The season's orders as one e-mail, a heading with each nation's name."""
    return "\n".join(f"{doc.name_of(n)}\n" + "\n".join(lines) for n, lines in orders.items()) + "\n"


def tally(result: dict) -> Counter:
    def code(text: str) -> str:
        words = text.split() or ["?"]
        return words[1] if len(words) > 1 and (words[0][0].isdigit() or words[0] == "N") else words[0]

    return Counter((code(o["text"] or o.get("order") or ""), o["status"]) for o in result["orders"])


def headless() -> int:
    from diplodesk.engine import load_variant
    from diplodesk.engine.game import Game

    game = Game.new(load_variant("hypereconomic"))
    for orders in SEASONS:
        for n, lines in orders.items():
            game.set_orders(n, lines)
        phase = game.current.phase
        game.process()
        r = game.history[-1].result
        print(f"== {phase}")
        for o in r["orders"]:
            print(f"  {o['power']:>4} {o['text'] or o.get('order') or '':<40} {o['status']} {o.get('reason') or ''} {o.get('detail') or ''}")
    return 0


def in_the_window(out: Path) -> int:
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from diplodesk.gui.hyper.launch import new_desk

    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    win = new_desk("hypereconomic", show=True)
    win.resize(1440, 920)
    for i, orders in enumerate(SEASONS):
        phase = win.doc.position.phase
        win.paste_orders(email(win.doc, orders))
        app.processEvents()
        if not win.adjudicate():
            print(f"{phase}: the desk did not adjudicate: {win.statusBar().currentMessage()}")
            return 1
        win.show_region("europe")
        win.ledger.pick("ger")
        win.show_sheet("ger")
        QTest.qWait(400)  # the map's deferred repaint, as a GM's eye would wait for it
        shot = out / f"{i + 1}-{phase}.png"
        win.grab().save(str(shot))
        counts = tally(win.doc.history[-1].result)
        print(f"{phase}: {shot} — " + ", ".join(f"{k[0]} {k[1]} x{v}" for k, v in sorted(counts.items())))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", type=Path, default=Path("hyper-seasons"), help="folder for the screenshots")
    ap.add_argument("--headless", action="store_true", help="the engine alone: print every order's result")
    args = ap.parse_args()
    return headless() if args.headless else in_the_window(args.output)


if __name__ == "__main__":
    raise SystemExit(main())
