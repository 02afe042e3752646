"""``python -m diplodesk.gui.editor [variant]``: the map editor on its own."""

import sys

from .window import main

sys.exit(main())
