"""The desk's layout: the docks' shares of the window at its default size, and the layout a
game keeps (the docks as the GM left them, the region framed, the sheet open), so that it
opens again as it was left. It is kept in the game's own settings when the game is saved, and
in the app's settings under the game file's path whenever the desk closes (or autosaves): a
mere change of layout is remembered without a "save changes?" for it. The app's is this
screen's, so it comes first; a game file opened on another computer has its own.

The default gives the map the middle of the window: the Orders dock (the sheet list and the
sheet) with the economy inspector under it on the right, from top to bottom; the ledger,
results and the GM's panels below the map, about a quarter of the height. The desk opens on
the region the GM framed last in this game, else the last one framed at any desk, else the
board's first regional sheet (the world board lists Europe first).
"""

from __future__ import annotations

import base64
import hashlib
import json
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, Qt

KEY = "desk"  # in a game's settings
LAST_REGION = "hyper-desk/region"  # in the app's settings
LAYOUTS = "hyper-desk/layouts"  # in the app's settings: each game file's, as its desk closed
MAX_LAYOUTS = 50  # game files whose layout the app keeps: those whose desks closed last


def _settings(win, settings: QSettings | None = None) -> QSettings:
    return settings or getattr(win, "settings", None) or QSettings()


def _file_key(path: Path) -> tuple[str, str]:
    """The app's settings key of a game file's layout, and the file's full path."""
    full = str(Path(path).expanduser().resolve())
    return f"{LAYOUTS}/{hashlib.sha1(full.encode()).hexdigest()[:20]}", full


def remembered(win, settings: QSettings | None = None) -> dict[str, Any] | None:
    """The layout this game opens with: the one its desk left on this computer (the app's
    settings, by the game file's path), else the one the game file keeps; None if neither."""
    if win.doc.path is not None:
        key, full = _file_key(win.doc.path)
        raw = _settings(win, settings).value(key)
        try:
            data = json.loads(raw) if isinstance(raw, str) else None
        except ValueError:
            data = None
        if isinstance(data, dict) and data.get("path") == full and isinstance(data.get("layout"), dict):
            return data["layout"]
    saved = win.doc.game.settings.get(KEY)
    return saved if isinstance(saved, dict) else None


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
    saved = (remembered(win, settings) or {}).get("region")
    if isinstance(saved, str) and (saved in sheets or saved == ""):
        return saved or None
    last = _settings(win, settings).value(LAST_REGION)
    if isinstance(last, str) and last in sheets:
        return last
    return next(iter(sheets))


def keep(win, settings: QSettings | None = None) -> None:
    """The layout into the game's settings (a view, not an edit: nothing is marked unsaved;
    a save writes it) and into the app's under the game file's path (the desk closed without
    a save keeps it too), and the region framed into the app's, for the next game opened."""
    state = bytes(win.saveState().data())
    layout = {"state": base64.b64encode(state).decode("ascii"),
              "region": win.region or "", "sheet": win.orders.current or ""}
    win.doc.game.settings[KEY] = layout
    app = _settings(win, settings)
    if win.doc.path is not None:
        key, full = _file_key(win.doc.path)
        app.setValue(key, json.dumps({"path": full, "layout": layout, "at": time.time()}))
        _forget_oldest(app)
    if win.region:
        app.setValue(LAST_REGION, win.region)


def _forget_oldest(app: QSettings) -> None:
    """Only the last MAX_LAYOUTS game files' layouts are kept: a GM who opens hundreds of
    games over the years does not carry every one in the app's settings."""
    app.beginGroup(LAYOUTS)
    try:
        keys = app.childKeys()
        if len(keys) <= MAX_LAYOUTS:
            return

        def when(k: str) -> float:
            try:
                at = json.loads(app.value(k)).get("at", 0.0)
            except (TypeError, ValueError, AttributeError):
                return 0.0  # unreadable: the first to go
            return float(at) if isinstance(at, int | float) else 0.0

        for k in sorted(keys, key=when)[:len(keys) - MAX_LAYOUTS]:
            app.remove(k)
    finally:
        app.endGroup()


def restore(win) -> bool:
    """The docks as this game left them; False if it kept none (or one the desk cannot read)."""
    saved = remembered(win)
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
