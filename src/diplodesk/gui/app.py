"""``diplodesk`` (no subcommand): start the desktop application.

:func:`run` opens the main window with a new standard game, or with the game file given;
a file that can't be read opens nothing and says why in a message box (the window then
starts with a new game). After a crash, the next start offers to recover the autosave.
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path


def run(path: str | os.PathLike | None = None) -> int:
    """Run the application until its window closes; returns the exit status."""
    if (
        sys.platform.startswith("linux")
        and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        and not os.environ.get("QT_QPA_PLATFORM")
    ):
        print("diplodesk: no screen to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
              "the subcommands (diplodesk --help) work without one", file=sys.stderr)
        return 2
    from PySide6.QtCore import QCoreApplication, QTimer
    from PySide6.QtWidgets import QApplication

    QCoreApplication.setOrganizationName("diplodesk")
    QCoreApplication.setApplicationName("diplodesk")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationDisplayName("diplodesk")

    from ..document.bulk import collector_paused

    with collector_paused():  # the start makes a great many objects at once (document/bulk.py)
        from .main_window import MainWindow

        window = MainWindow()
        if window.settings.value("window/geometry") is None:
            window.showMaximized()  # the first start: room for the map
        else:
            window.show()

    def after_start() -> None:
        if path is not None:
            window.open_file(Path(path))
        window.offer_recovery()

    QTimer.singleShot(0, after_start)
    previous = sys.excepthook
    sys.excepthook = _error_hook(window, previous)
    try:
        return app.exec()
    finally:
        sys.excepthook = previous


def _error_hook(window, previous):
    """A bug in diplodesk: print it, autosave every game open (the main window's and each
    Hypereconomic desk's), and tell the GM in a box over the window they are using (once a
    while): not over a main window hidden behind a desk."""
    last = [0.0]

    def hook(exc_type, exc, tb) -> None:
        import time

        from .hyper.window import open_windows

        traceback.print_exception(exc_type, exc, tb)
        windows = [window, *open_windows()]
        for w in windows:
            try:
                w.autosave()
            except Exception:  # noqa: BLE001 - already handling an error
                pass
        now = time.monotonic()
        if now - last[0] > 5:
            last[0] = now
            from PySide6.QtWidgets import QApplication, QMessageBox

            over = QApplication.activeWindow() or next((w for w in reversed(windows) if w.isVisible()), window)
            QMessageBox.critical(over, "Internal error",
                                 f"diplodesk ran into a bug: {exc_type.__name__}: {exc}\n\n"
                                 "Your game has been autosaved. Please report this, with what you did.")

    return hook
