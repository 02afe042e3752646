"""The desk's Game › Send results… on the world of 1914 after one season, offscreen: how long
until the dialog is usable (its 59 messages listed, the first one previewed, PDF ticked), and
how long one box ticked takes, beside the same dialog on a standard game of seven players in
the same run. The packs are made only when the messages are sent (``mail/outbox.py``), so
neither waits for them; before, the dialog made all 59 when it opened and at every box.

    python bench/bench_send_dialog.py

The world's game is set up and its first season played as tools/mail_rehearsal.py does (the
mail sent without packs to an SMTP server here), then the dialog is timed. Each time is the
first and the best of ``--runs`` (default 3), in seconds of wall clock, with the machine's
load average.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="send-bench-")  # never the user's folders

import mail_rehearsal as rehearsal  # noqa: E402
from bench_mail_season import SPRING  # noqa: E402

TARGET = 3.0  # seconds until the world's dialog is usable; a box ticked well under one


def _timed_dialog(doc, roster, app) -> tuple[float, float]:
    """(open, box ticked): the dialog built, shown and its events handled; then the gazette
    box unticked and the messages composed again."""
    from diplodesk.gui.mail_out_dialog import SendResultsDialog

    t = time.perf_counter()
    d = SendResultsDialog(doc, roster, len(doc.history) - 1)
    d.show()
    app.processEvents()
    opened = time.perf_counter() - t
    if not d.batch or not d.batch.messages or not d.pdf.isChecked():
        raise RuntimeError(f"the dialog is not ready: {d.status.text()}")
    t = time.perf_counter()
    d.public.toggle()
    app.processEvents()
    ticked = time.perf_counter() - t
    d.close()
    d.deleteLater()
    return opened, ticked


def _world(folder: Path):
    from diplodesk.document.hyper_game import HyperGameDocument
    from diplodesk.mail.players import roster_of

    s = rehearsal.world()
    path = rehearsal.start(s, folder)
    with rehearsal.Inboxes() as inboxes:
        rehearsal.season(path, s, 0, folder, inboxes, pdf=False)
    doc = HyperGameDocument.open(path)
    return doc, roster_of(doc.game.players, doc.position)


def _standard(folder: Path):
    from diplodesk.document.game_document import GameDocument
    from diplodesk.engine import load_variant
    from diplodesk.engine.game import Game
    from diplodesk.mail.roster import Roster

    game = Game.new(load_variant("standard"))
    game.players = [{"name": p, "email": f"{p.lower()}@players.example", "powers": [p]} for p in SPRING]
    for power, orders in SPRING.items():
        game.set_orders(power, orders)
    game.process()
    game.save(folder / "standard.json")
    doc = GameDocument.open(folder / "standard.json")
    return doc, Roster.from_json(doc.roster, doc.powers)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="times each dialog is opened (the best counts)")
    args = ap.parse_args()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory(prefix="diplodesk-bench-send-") as tmp:
        world, world_roster = _world(Path(tmp))
        standard, standard_roster = _standard(Path(tmp))
        w = [_timed_dialog(world, world_roster, app) for _ in range(max(1, args.runs))]
        s = [_timed_dialog(standard, standard_roster, app) for _ in range(max(1, args.runs))]
    w_open, w_tick = min(x[0] for x in w), min(x[1] for x in w)
    s_open, s_tick = min(x[0] for x in s), min(x[1] for x in s)
    print(f"world, 59 players, W1914M: usable in {w_open:.2f} s (first {w[0][0]:.2f} s), "
          f"a box ticked {w_tick:.2f} s (first {w[0][1]:.2f} s)")
    print(f"standard game, 7 players: usable in {s_open:.2f} s (first {s[0][0]:.2f} s), "
          f"a box ticked {s_tick:.2f} s")
    print(f"ratio world / standard: {w_open / s_open:.1f} (open), {w_tick / max(s_tick, 1e-3):.1f} (box)")
    print(f"target: the world's dialog usable in {TARGET:.0f} s: {'met' if w[0][0] <= TARGET else 'NOT met'} "
          "at this load")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
