"""The world board of 1914 in the app's map view: opening it, and panning and zooming it.

    python bench/bench_world.py [--rounds N]

* open: from launching a fresh Python process to the map view's first frame of the world
  board (variants/hypereconomic: 461 provinces) drawn with every nation's land in its colour
  and the event loop free: the variant and its map read, the shapes built, the view shown
  (target 2 s or less). The first start reads the SVG, later ones find it in the user's map
  cache, as a user's starts do: both are reported. A bare Qt application started the same
  way in the same run is the baseline; the ratio says what the board adds whatever the
  machine's load.
* repaint after a pan or a zoom of the world at 1440 x 920 (target 16 ms or less a frame),
  and the sharp image drawn once the zooming pauses.

The view is the app's own MapView with a standard Position built from the start ownership
(each territory in its home nation's colour); the Hypereconomic desk is not needed for this.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench_gui import _START_HOME, BARE, bench_pan_zoom, bench_start, report  # noqa: E402

OPEN = r"""
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
sys.path.insert(0, {bench!r})
from bench_world import world_view
v = world_view()
while v.frames == 0:
    app.processEvents()
app.processEvents()
print(time.time() - t0)
"""


def start_position(variant):
    """A standard Position of the start: no units, each land province in the colour of the
    home nation it belongs to (a territory in its suzerain's)."""
    from diplodesk.engine.hyper import pack_of
    from diplodesk.engine.position import Position

    pack = pack_of(variant)
    land: dict[str, list[str]] = {}
    for p in sorted(pack.provinces.values(), key=lambda p: p.id):
        n = pack.nations.get(p.nation) if p.nation else None
        if n is not None:
            land.setdefault(n.id if n.kind == "home" else n.suzerain, []).append(p.id)
    return Position(variant=variant, phase=variant.start_phase, units={}, centers={},
                    extra={"land": land}, variant_ref=variant.id)


def world_view(size: tuple[int, int] = (1440, 920)):
    """The app's map view showing the world board, shown and fitted."""
    from diplodesk.engine import load_variant
    from diplodesk.geometry.shapes import load_map_geometry
    from diplodesk.gui.layers import LayeredPainter
    from diplodesk.gui.map_view import MapView
    from diplodesk.render.painter import MapPainter

    variant = load_variant("hypereconomic")
    geometry = load_map_geometry(variant)
    view = MapView(interactive=True)
    view.set_map(LayeredPainter(MapPainter(variant, geometry)))
    view.set_content(start_position(variant))
    view.resize(*size)
    view.show()
    view.fit()
    return view


class _Window:
    """What bench_gui's pan and zoom rounds need of a window: its view."""

    def __init__(self, view):
        self.view = view


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (2 cores shared)")
    bare = bench_start(args.rounds, BARE)
    child = OPEN.format(bench=str(Path(__file__).resolve().parent))
    opened = bench_start(args.rounds + 1, child)
    cold, warm = opened[0], opened[1:]
    print(f"  bare Qt start: median {statistics.median(bare):.2f} s")
    print(f"  world board, first open (reads the SVG): {cold:.2f} s "
          f"({cold / statistics.median(bare):.1f} x bare Qt)")
    print(f"  world board, later opens (map cache): median {statistics.median(warm):.2f} s "
          f"({statistics.median(warm) / statistics.median(bare):.1f} x bare Qt; target < 2 s)")

    from PySide6.QtWidgets import QApplication

    os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = _START_HOME[0]  # the warm cache
    app = QApplication.instance() or QApplication([])
    t0 = time.perf_counter()
    view = world_view()
    while view.frames == 0:
        app.processEvents()
    print(f"  in this process (Qt and the modules loaded, map cache warm): "
          f"{time.perf_counter() - t0:.2f} s to the first frame")
    res: dict[str, list[float]] = {"pan": [], "zoom": [], "sharp": []}
    bench_pan_zoom(_Window(view), args.rounds * 4, res)
    report("repaint after a pan", res["pan"], 16)
    report("repaint after a zoom", res["zoom"], 16)
    report("sharp image after a zoom", res["sharp"], None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
