"""``python -m diplodesk.gui.editor [variant]``: the map editor on its own.

Run alone, the editor is the app: it says that a game it starts opens in a main window.
"""

import sys

from ..game_windows import set_game_window_factory
from ..main_window import MainWindow
from .launch import main

set_game_window_factory(MainWindow)
sys.exit(main())
