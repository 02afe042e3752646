"""The map editor: a window to reshape a variant's board and set its facts (issue 5).

:func:`open_map_editor` opens it on a variant (the app's Tools › Map editor…); :func:`main`
runs it on its own (``diplodesk map-editor standard``).
"""

from .launch import main, open_map_editor
from .window import MapEditorWindow

__all__ = ["MapEditorWindow", "main", "open_map_editor"]
