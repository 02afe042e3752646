"""The GM desk's screenshots in docs/images, drawn offscreen on a screen of each default size.

    python tools/hyper_desk_shots.py [-o docs/images]

The world board after four seasons (tools/hyper_seasons.py's orders), at the desk as it opens
maximised on a 1920 x 1080 and a 1366 x 768 screen (Europe, Germany's sheet with its orders
for the winter typed, the results of the autumn below): hyper-desk-1920x1080.png and
hyper-desk-1366x768.png. At 1920 x 1080 also: the results view with the Why of Germany's
attack and the gazette (hyper-results.png), the right-click menu of a German division
(hyper-unit-menu.png), and Germany's player's pack at A4, its map of Europe and its statement
page (hyper-pack-map-a4.png, hyper-pack-statement-a4.png).

Each size runs in a process of its own: the offscreen screen's size is fixed when Qt starts.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

SIZES = ((1920, 1080), (1366, 768))
WINTER = {  # Winter 1915's orders, typed before the screenshot: arrows on the map
    "ger": ["1D Wall at Pica", "2D Rhin at Luxe", "bu D Rhin", "co A"],
    "aut": ["1D Belg at Mont", "2D Bosn sp 1D at Mont", "co I"],
    "rus": ["1D Arme at Trab", "2D Geor sp 1D at Trab", "co A"],
    "gbr": ["1T Lond mo CHAN", "co I"],
    "fra": ["1D Gaso ho", "co A"],
}


def settle(app, ms: int = 300) -> None:
    from PySide6.QtTest import QTest

    for _ in range(5):
        app.processEvents()
    QTest.qWait(ms)


def world_game():
    from dataclasses import replace

    from hyper_seasons import SEASONS

    from diplodesk.engine import load_variant
    from diplodesk.engine.game import Game

    game = Game.new(load_variant("hypereconomic"))
    game.current = replace(game.current, secret="diplodesk docs")  # the same dice each time
    for orders in SEASONS:
        for n, lines in orders.items():
            game.set_orders(n, lines)
        game.process()
    for n, lines in WINTER.items():
        game.set_orders(n, lines)
    return game


def one_size(width: int, height: int, out: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from diplodesk.document.hyper_game import HyperGameDocument
    from diplodesk.gui.hyper.window import open_desk

    app = QApplication.instance() or QApplication([])
    win = open_desk(HyperGameDocument(world_game()))
    settle(app, 600)
    win.show_sheet("ger", focus=False)
    win.ledger.pick("ger")
    win.results.show()
    win.results.raise_()
    settle(app)
    win.grab().save(str(out / f"hyper-desk-{width}x{height}.png"))
    print(f"hyper-desk-{width}x{height}.png: region {win.region}, map {win.view.viewport().width()}x"
          f"{win.view.viewport().height()} px at {win.view.scale_now:.3f} px/unit")
    if (width, height) == SIZES[0]:
        results(app, win, out)
        unit_menu_shot(app, win, out)
        pack_pages(win, out)
    win.doc.undo_stack.setClean()
    win.close()
    return 0


def results(app, win, out: Path) -> None:
    r = win.results
    r.setFloating(True)  # taller than in its dock, for the picture
    r.resize(1600, 560)
    settle(app)
    row = r.row_of("ger", "1D at Wall")
    if row >= 0:
        r.table.selectRow(row)
        r.table.scrollToItem(r.table.item(row, 0))
        r.show_why(row)
    settle(app)
    r.grab().save(str(out / "hyper-results.png"))
    r.side.setCurrentWidget(r.gazette)
    r.setFloating(False)
    settle(app)


def unit_menu_shot(app, win, out: Path) -> None:
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtGui import QPainter

    from diplodesk.gui.hyper import unit_menu

    win.view.viewport().repaint()
    glyph = next(p for p in win.layers.plan if p.owner == "ger" and p.ref == "2D")
    at = win.view.viewport().mapToGlobal(win.view.mapFromScene(glyph.center))
    menu = unit_menu.open_menu(win, glyph.province, at)
    settle(app)
    support = next(a for a in menu.actions() if a.menu() is not None and a.text().replace("&", "") == "Support")
    menu.setActiveAction(support)
    support.menu().popup(menu.mapToGlobal(menu.actionGeometry(support).topRight()))
    settle(app)
    pic = win.grab()
    p = QPainter(pic)
    origin = win.mapToGlobal(QPoint(0, 0))
    for m in (menu, support.menu()):
        p.drawPixmap(m.pos() - origin, m.grab())
    p.end()
    click = win.mapFromGlobal(at)
    shown = menu.geometry().united(support.menu().geometry()).translated(-origin)
    area = shown.united(QRect(click.x() - 220, click.y() - 160, 240, 200)).adjusted(-20, -20, 20, 20)
    pic.copy(area.intersected(pic.rect())).save(str(out / "hyper-unit-menu.png"))
    support.menu().hide()
    menu.hide()


def pack_pages(win, out: Path) -> None:
    from diplodesk.gui.hyper.packs_dialog import HyperPacksDialog
    from diplodesk.render.hyper_pack import map_body_mm, map_key, page_image, record_maps

    dialog = HyperPacksDialog(win.doc, win)
    dialog.choose_player("p03")
    rec, plan, draw, _names = dialog._season()
    title, pages = dialog.pages()
    o = dialog.options()
    key = map_key(draw.position)
    draw.page_mm = map_body_mm(o, key)
    maps = record_maps(draw, plan.boxes, draw.bounds)
    stem = f"{win.doc.variant.id}-{rec.phase} — {title}"
    europe = next(i for i, p in enumerate(pages) if p.sheet == "europe")
    statement = next(i for i, p in enumerate(pages) if not p.is_map)
    for i, name in ((europe, "hyper-pack-map-a4.png"), (statement, "hyper-pack-statement-a4.png")):
        page_image(pages[i], stem, o, maps, key, f"page {i + 1} of {len(pages)}").save(str(out / name))
        print(f"{name}: {pages[i].title}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", type=Path, default=ROOT / "docs" / "images")
    ap.add_argument("--size", help="one size, WxH (run by the tool itself)")
    args = ap.parse_args()
    args.output.mkdir(parents=True, exist_ok=True)
    if args.size:
        w, h = (int(v) for v in args.size.split("x"))
        return one_size(w, h, args.output)
    home = tempfile.mkdtemp(prefix="diplodesk-desk-shots-")
    for w, h in SIZES:
        screen = Path(home) / f"screen-{w}x{h}.json"
        screen.write_text(json.dumps({"screens": [{"name": "screen", "x": 0, "y": 0, "width": w, "height": h,
                                                   "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
        env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={screen}", XDG_DATA_HOME=home,
                   XDG_CONFIG_HOME=str(Path(home) / "config"))
        done = subprocess.run([sys.executable, __file__, "--size", f"{w}x{h}", "-o", str(args.output)], env=env)
        if done.returncode:
            return done.returncode
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
