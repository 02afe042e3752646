"""The desk's layout: the docks' shares of the window at its default size, and the layout a
game keeps (the docks as the GM left them, the region framed, the sheet open) in the game's
own settings, so that it opens again as it was left.

The default gives the map the middle of the window: the Orders dock (the sheet list and the
sheet) with the economy inspector under it on the right, from top to bottom; the ledger,
results and the GM's panels below the map, about a quarter of the height. The desk opens on
the region the GM framed last in this game, else the last one framed at any desk, else the
board's first regional sheet (the world board lists Europe first).
"""

from __future__ import annotations

import base64

from PySide6.QtCore import QByteArray, QSettings, Qt

KEY = "desk"  # in a game's settings
LAST_REGION = "hyper-desk/region"  # in the app's settings


def clamp(v: float, lo: float, hi: float) -> int:
    return int(max(lo, min(hi, v)))


def default_layout(win, width: int, height: int) -> None:
    """The docks' sizes for a window of ``width`` x ``height``."""
    win.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
    win.setCorner(Qt.Corner.TopRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
    right = clamp(width * 0.21, 300, 400)
    bottom = clamp(height * 0.27, 190, 300)
    win.resizeDocks([win.orders], [right], Qt.Orientation.Horizontal)
    win.resizeDocks([win.ledger], [bottom], Qt.Orientation.Vertical)
    column = max(200, height - 80)
    win.resizeDocks([win.orders, win.inspector], [int(column * 0.64), int(column * 0.36)], Qt.Orientation.Vertical)


def start_region(win, settings: QSettings | None = None) -> str | None:
    """Where the desk opens: this game's region, the last framed anywhere, the first sheet."""
    sheets = win.doc.variant.sheets
    if not sheets:
        return None
    saved = (win.doc.game.settings.get(KEY) or {}).get("region")
    if isinstance(saved, str) and (saved in sheets or saved == ""):
        return saved or None
    last = (settings or QSettings()).value(LAST_REGION)
    if isinstance(last, str) and last in sheets:
        return last
    return next(iter(sheets))


def keep(win, settings: QSettings | None = None) -> None:
    """The layout into the game's settings (a view, not an edit: nothing is marked unsaved),
    and the region framed into the app's, for the next game opened."""
    state = bytes(win.saveState().data())
    win.doc.game.settings[KEY] = {"state": base64.b64encode(state).decode("ascii"),
                                  "region": win.region or "", "sheet": win.orders.current or ""}
    if win.region:
        (settings or QSettings()).setValue(LAST_REGION, win.region)


def restore(win) -> bool:
    """The docks as this game left them; False if it kept none (or one the desk cannot read)."""
    saved = win.doc.game.settings.get(KEY)
    if not isinstance(saved, dict) or not isinstance(saved.get("state"), str):
        return False
    try:
        state = QByteArray(base64.b64decode(saved["state"], validate=True))
    except ValueError:
        return False
    sheet = saved.get("sheet")
    if isinstance(sheet, str) and sheet in win.doc.givers:
        win.orders.show_sheet(sheet)
    return bool(win.restoreState(state))
