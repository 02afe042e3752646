"""Draw the desktop screenshots of docs/images offscreen (not a test).

    python tests/gui/screenshots.py [OUT_DIR]        (default: docs/images)

inspector-blind.png: a Blind standard game after Spring 1901, Austria and Russia side by
side in the power inspector, what each learned marked in gold. woolworth-choice.png: a
Woolworth IIA game, Russia's choice unit in St Petersburg being set up (the menu of its
set-ups open), Italy's already ordered as a fleet. colonial-railroad.png (when Colonial
has its map): a railroad move from Omsk to Vladivostok interrupted by a Chinese army moving
into Irkutsk: the army stopped in Krasnoyarsk (the bar), the rest of the way faint.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="diplodesk-shots-"))
os.environ.setdefault("XDG_CONFIG_HOME", os.path.join(os.environ["XDG_DATA_HOME"], "config"))

from PySide6.QtCore import QPoint, QSettings, Qt  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def settle(app, n: int = 5) -> None:
    for _ in range(n):
        app.processEvents()


def window(doc, size=(1500, 940)):
    from diplodesk.gui.main_window import MainWindow

    ini = os.path.join(os.environ["XDG_CONFIG_HOME"], "shots.ini")
    w = MainWindow(doc, settings=QSettings(ini, QSettings.Format.IniFormat), restore_layout=False)
    w.resize(*size)
    w.show()
    return w


def done(w) -> None:
    """Close without asking to save (the game is thrown away)."""
    w.doc.undo_stack.setClean()
    w.close()
    w.deleteLater()


def zoom_on(view, loc: str, factor: float) -> None:
    view.fit()
    view.zoom_by(factor, view.viewport_point(loc))
    view._rerender()


def with_menu(w, menu):
    """The window's picture with a popup menu painted where it opened."""
    pic = w.grab()
    if menu is not None and menu.isVisible():
        p = QPainter(pic)
        p.drawPixmap(menu.pos() - w.mapToGlobal(QPoint(0, 0)), menu.grab())
        p.end()
    return pic


def inspector_blind(app, out: Path) -> None:
    from diplodesk.document import commands as cmd
    from diplodesk.document.game_document import GameDocument

    w = window(GameDocument.new("standard", ("blind",)))
    settle(app)
    orders = {
        "Austria": ["A vie - gal", "A bud - ser", "F tri H"],
        "Russia": ["A war - gal", "F sev - bla", "A mos - ukr", "F stp/sc - bot"],
        "Turkey": ["F ank - bla", "A con - bul", "A smy - arm"],
        "Germany": ["A mun - sil", "A ber - kie", "F kie - den"],
        "Italy": ["A ven H", "A rom - apu", "F nap - ion"],
        "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
        "France": ["A par - bur", "A mar S A par - bur", "F bre - mao"],
    }
    w.push(cmd.SetOrdersCommand(w.doc, orders))
    w.adjudicate()
    w.inspect()
    d = w.inspector_dock
    d.setFloating(True)
    d.resize(1500, 900)
    settle(app)
    d.set_viewers("Austria", "Russia", compare=True)
    d.resize(1500, 900)
    settle(app)
    d.left.split.setSizes([700, 170])
    d.right.split.setSizes([700, 170])
    d.left.tabs.setCurrentIndex(1)
    settle(app)
    for pane in (d.left, d.right):
        zoom_on(pane.view, "gal", 2.4)
        settle(app)
    d.right.view._rerender()
    settle(app)
    d.grab().save(str(out / "inspector-blind.png"))
    done(w)


def woolworth_choice(app, out: Path) -> bool:
    from diplodesk.document import commands as cmd
    from diplodesk.document.game_document import GameDocument
    from diplodesk.variants import map_path

    if map_path("woolworth2a") is None:
        print("woolworth2a has no map.svg yet: no woolworth-choice.png", file=sys.stderr)
        return False
    w = window(GameDocument.new("woolworth2a"))
    settle(app)
    w.push(cmd.SetOrdersCommand(w.doc, {"Italy": ["F rom - tys"], "Russia": ["A mos - ukr", "A war - gal"]}))
    w.set_power("Russia")
    zoom_on(w.view, "gal", 1.5)
    w.view.pan_by(40, 50)
    w.view._rerender()
    settle(app)
    at = w.view.viewport_point("stp")
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    settle(app)
    if w.controller.menu is not None:  # an offscreen screen is small: put the menu at the click
        w.controller.menu.move(w.view.viewport().mapToGlobal(at) + QPoint(12, 8))
        settle(app)
    with_menu(w, w.controller.menu).save(str(out / "woolworth-choice.png"))
    done(w)
    return True


def colonial_railroad(app, out: Path) -> bool:
    from diplodesk.document import commands as cmd
    from diplodesk.document.game_document import GameDocument
    from diplodesk.variants import map_path

    if map_path("colonial") is None:
        print("colonial has no map.svg yet: no colonial-railroad.png", file=sys.stderr)
        return False
    w = window(GameDocument.new("colonial"))
    settle(app)
    # China moves onto the line ahead of the army: it stops in Krasnoyarsk
    w.push(cmd.SetOrdersCommand(w.doc, {"Russia": ["A oms TSR vla", "A vla - mac"], "China": ["A mac - irk"]}))
    w.adjudicate()
    zoom_on(w.view, "irk", 2.0)
    table = w.results_dock.table
    for row in range(table.rowCount()):
        if table.item(row, 1).text() == "A oms TSR vla":
            table.selectRow(row)
            table.scrollToItem(table.item(row, 0))
    settle(app)
    w.grab().save(str(out / "colonial-railroad.png"))
    done(w)
    return True


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[2] / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    inspector_blind(app, out)
    woolworth_choice(app, out)
    colonial_railroad(app, out)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
