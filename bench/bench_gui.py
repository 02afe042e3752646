"""Desktop app speed, measured offscreen with Qt's own timer (QElapsedTimer).

    python bench/bench_gui.py [--rounds N]

* start: from launching a fresh Python process to the main window's first frame of the
  map drawn and the event loop free (target 0.5 s or less); the child process is the
  app's own start-up path (:func:`diplodesk.gui.app.run` minus ``exec``). A bare Qt
  application started the same way in the same run is the baseline: the ratio to it says
  how much the app adds whatever the machine's load;
* click to order drawn: a click on a lit province, through order entry, the command, the
  document and a synchronous repaint of the map (target 50 ms or less); also the first
  click that selects a unit (the engine works out its legal orders);
* repaint after a pan or a zoom of the standard board (target 4 ms or less; also as a ratio
  to a bare QGraphicsView blitting one image of the view's size, the least a repaint costs,
  in the same run) and of a
  generated board of 2,000 provinces (``bench_editor.synthetic_board``, saved as a variant
  folder and played; target 8 ms or less), with the on-screen minimum sizes and labels in
  place; after a zoom the map is first shown from the scaled image, and a sharp one
  follows when the zooming pauses: its time is reported too;
* the label plan (every name placed, none left out) of each standard-size board at the Fit of
  both default windows, made afresh, against the names laid where the art put them (the page's
  plan) in the same run.

The machine may be shared: the load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

CHILD = r"""
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
QCoreApplication.setOrganizationName("diplodesk-bench")
QCoreApplication.setApplicationName("diplodesk-bench")
app = QApplication(sys.argv[:1])
from diplodesk.document.bulk import collector_paused
with collector_paused():  # as diplodesk.gui.app.run starts the window
    from diplodesk.gui.main_window import MainWindow
    w = MainWindow(restore_layout=False)
    w.resize(1440, 920)
    w.show()
while w.view.frames == 0:
    app.processEvents()
app.processEvents()
print(time.time() - t0)
w.session.close()
"""


BARE = r"""
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication(sys.argv[:1])
w = QWidget()
w.resize(1440, 920)
w.show()
app.processEvents()
print(time.time() - t0)
"""


_START_HOME: list[str] = []  # one data folder for every start of the run


def bench_start(rounds: int, child: str = CHILD) -> list[float]:
    """Seconds from launching a child process to its window's first frame. Every round
    uses the same data folder, as a user's starts do: the first start reads the map and
    keeps it in the folder's cache, later ones find it there."""
    import tempfile

    if not _START_HOME:
        _START_HOME.append(tempfile.mkdtemp(prefix="diplodesk-bench-"))
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1] / "src")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed app has its bytecode compiled
    env["XDG_DATA_HOME"] = env["XDG_CONFIG_HOME"] = _START_HOME[0]
    out = []
    for _ in range(rounds):
        r = subprocess.run([sys.executable, "-c", child, repr(time.time())], env=env,
                           capture_output=True, text=True, check=True)
        out.append(float(r.stdout.strip().splitlines()[-1]))
    return out


def ms(timer) -> float:
    return timer.nsecsElapsed() / 1e6


def _window(tmp: str, doc=None):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from diplodesk.gui.main_window import MainWindow

    w = MainWindow(doc, settings=QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat),
                   restore_layout=False)
    w.resize(1440, 920)
    w.show()
    app.processEvents()
    w.view.fit()
    w.view.viewport().repaint()
    return w


def bench_pan_zoom(w, rounds: int, res: dict[str, list[float]]) -> None:
    """Zoom in a little (room to pan), then pan and zoom, each followed by a repaint."""
    from PySide6.QtCore import QElapsedTimer
    from PySide6.QtTest import QTest

    v = w.view
    vp = v.viewport()
    t = QElapsedTimer()
    v.zoom_by(2.0)
    vp.repaint()
    QTest.qWait(150)
    vp.repaint()
    for i in range(rounds):
        step = 40 if i % 2 == 0 else -40
        t.start()
        v.pan_by(step, step // 2)
        vp.repaint()
        res["pan"].append(ms(t))
    for i in range(rounds):
        f = 1.25 if i % 2 == 0 else 1 / 1.25
        t.start()
        v.zoom_by(f, vp.rect().center())
        vp.repaint()
        res["zoom"].append(ms(t))
        QTest.qWait(120)  # the sharp image is drawn once the zooming pauses
        res["sharp"].append(v.last_base_ms)


def bench_big_board(rounds: int, n: int = 2000) -> tuple[dict[str, list[float]], int]:
    """Pan and zoom on a generated board of ``n`` provinces, played as a game."""
    import tempfile

    from bench_editor import synthetic_board

    from diplodesk.document.game_document import GameDocument
    from diplodesk.paths import user_variants_dir

    tmp = tempfile.mkdtemp()
    os.environ["XDG_DATA_HOME"] = tmp  # the board goes among the user's variants, map and all
    os.environ["XDG_CONFIG_HOME"] = tmp
    board = synthetic_board(n + n // 100)
    folder = board.save(user_variants_dir() / f"synthetic{n}")
    doc = GameDocument.new(folder.name)
    assert (folder / "map.svg").is_file()
    w = _window(tmp, doc)
    res: dict[str, list[float]] = {"pan": [], "zoom": [], "sharp": []}
    bench_pan_zoom(w, rounds, res)
    count = len(doc.variant.board.provinces)
    w.session.close()
    return res, count


def bench_in_process(rounds: int) -> dict[str, list[float]]:
    import tempfile

    tmp = tempfile.mkdtemp()
    os.environ["XDG_DATA_HOME"] = tmp
    os.environ["XDG_CONFIG_HOME"] = tmp
    from PySide6.QtCore import QElapsedTimer, Qt
    from PySide6.QtTest import QTest

    w = _window(tmp)
    v = w.view
    vp = v.viewport()
    w.set_power("England")
    t = QElapsedTimer()
    res: dict[str, list[float]] = {"select": [], "order": [], "pan": [], "zoom": [], "sharp": []}

    def click(loc):
        QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, v.viewport_point(loc))

    for i in range(rounds):
        dest = ("nth", "eng", "yor", "wal")[i % 4]
        t.start()
        click("lon")
        vp.repaint()
        res["select"].append(ms(t))
        t.start()
        click(dest)
        vp.repaint()
        res["order"].append(ms(t))
        assert w.doc.orders("England")[-1].endswith(dest)

    bench_pan_zoom(w, rounds, res)
    w.session.close()
    return res


def bench_bare_repaint(rounds: int, size: tuple[int, int]) -> list[float]:
    """The baseline of a repaint: a bare QGraphicsView of the map view's size that blits one
    image of its viewport's size, scrolled a little each time (what a pan costs at least)."""
    from PySide6.QtCore import QElapsedTimer, QPointF, QRectF
    from PySide6.QtGui import QColor, QImage
    from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

    class Bare(QGraphicsView):
        def __init__(self):
            super().__init__()
            self.setScene(QGraphicsScene(QRectF(0, 0, 6000, 6000)))
            self.image = QImage(size[0], size[1], QImage.Format.Format_ARGB32_Premultiplied)
            self.image.fill(QColor("#9fb8c8"))

        def drawBackground(self, painter, rect):
            painter.drawImage(QPointF(rect.x(), rect.y()), self.image)

    from PySide6.QtWidgets import QApplication

    v = Bare()
    v.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
    v.resize(*size)
    v.show()
    QApplication.processEvents()
    v.centerOn(3000, 3000)
    v.viewport().repaint()
    t = QElapsedTimer()
    out = []
    for i in range(rounds):
        step = 40 if i % 2 == 0 else -40
        t.start()
        v.horizontalScrollBar().setValue(v.horizontalScrollBar().value() + step)
        v.viewport().repaint()
        out.append(ms(t))
    v.close()
    return out


def bench_label_plans(rounds: int) -> dict[str, list[float]]:
    """The label plan (every name placed, none dropped) at the Fit of each default window,
    per board: made (an empty plan cache each round) and read back from the disk cache (as
    at every start after the first); baseline: the same boxes laid out where the art put
    them (the page's plan, no search)."""
    import tempfile

    from diplodesk.geometry.shapes import load_map_geometry
    from diplodesk.render import label_cache
    from diplodesk.render.sheet import Sheet
    from diplodesk.variants import load_variant

    def timed(sheet: Sheet, scale: float) -> float:
        sheet.paths = {}
        sheet.use_scale(scale)
        t0 = time.perf_counter()
        sheet.label_plan()
        return (time.perf_counter() - t0) * 1000

    out: dict[str, list[float]] = {"art": []}
    kept = label_cache.cache_dir
    try:
        for vid in ("standard", "loeb9", "colonial", "woolworth2a"):
            v = load_variant(vid)
            g = load_map_geometry(v)
            for scale in (0.36, 0.53):  # about the Fit at 1366 x 768 and at 1920 x 1080
                made, read = out.setdefault(f"{vid} at {scale}, made", []), out.setdefault(
                    f"{vid} at {scale}, read back", [])
                for _ in range(rounds):
                    sheet = Sheet(v, g)
                    out["art"].append(timed(sheet, 0))
                    folder = Path(tempfile.mkdtemp())
                    label_cache.cache_dir = lambda f=folder: f
                    made.append(timed(sheet, scale))
                    read.append(timed(sheet, scale))
    finally:
        label_cache.cache_dir = kept
    return out


def report(name: str, values: list[float], target: float | None, unit: str = "ms") -> None:
    med = statistics.median(values)
    worst = max(values)
    goal = f"  (target {target:g} {unit}: {'ok' if med <= target else 'MISSED'})" if target else ""
    print(f"{name:<34} median {med:8.1f} {unit}   worst {worst:8.1f} {unit}{goal}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--no-big", action="store_true", help="skip the 2,000-province board")
    args = ap.parse_args()
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores)")
    n = max(3, args.rounds // 4)
    bench_start(1)  # warm-up: bytecode compiled, the map read into the cache
    bare, starts = [], []
    for _ in range(n):  # interleaved, so both see the same load
        bare += bench_start(1, BARE)
        starts += bench_start(1)
    report("bare Qt application start (baseline)", [s * 1000 for s in bare], None)
    report("start to interactive window", [s * 1000 for s in starts], 500)
    print(f"{'':<34} {statistics.median(starts) / statistics.median(bare):.2f} x the bare Qt start")
    res = bench_in_process(args.rounds)
    bare_paint = statistics.median(bench_bare_repaint(args.rounds * 2, (1000, 860)))

    def ratio(values: list[float]) -> None:
        print(f"{'':<34} {statistics.median(values) / bare_paint:.2f} x a bare view's blit")

    report("click that selects a unit", res["select"], 50)
    report("click to order drawn", res["order"], 50)
    print(f"{'bare view blit (baseline)':<34} median {bare_paint:8.1f} ms")
    report("repaint after a pan", res["pan"], 4)
    ratio(res["pan"])
    report("repaint after a zoom", res["zoom"], 4)
    ratio(res["zoom"])
    report("sharp map after zooming (deferred)", res["sharp"], None)
    if not args.no_big:
        big, count = bench_big_board(args.rounds)
        report(f"{count} provinces: repaint after a pan", big["pan"], 8)
        ratio(big["pan"])
        report(f"{count} provinces: repaint after a zoom", big["zoom"], 8)
        ratio(big["zoom"])
        report(f"{count} provinces: sharp map (deferred)", big["sharp"], None)
    plans = bench_label_plans(max(3, args.rounds // 4))
    art = statistics.median(plans.pop("art"))
    print(f"{'labels where the art put them (baseline)':<34} median {art:8.1f} ms")
    for key, values in plans.items():
        report(f"label plan, {key}", values, None)
        print(f"{'':<34} {statistics.median(values) / art:.1f} x the art's plan")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
