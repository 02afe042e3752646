"""What every tool is: a gesture on the map that reads the mouse and keys (in map
coordinates) and pushes commands, never writing to the document itself; and the plainest
one, selecting.

A tool talks to the editor window through a small surface: ``doc``, ``scene``, ``view``,
``prompts``, ``push(make)`` (builds a command, shows its :class:`MapEditError` as a message
instead of raising, pushes it), ``select``, ``selection``, ``status`` and ``fail``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

GRAB = 7.0  # how near (in pixels) a click must be to grab a vertex, an edge, an anchor or a line
CLOSE = 4.0  # a click this near the last point adds no new one


def is_left(event: QMouseEvent) -> bool:
    return event.button() == Qt.MouseButton.LeftButton


class Tool:
    """A gesture on the map. Subclasses override what they need."""

    name = "tool"
    label = "Tool"
    shortcut = ""
    hint = ""
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, editor: Any):
        self.editor = editor

    @property
    def doc(self) -> Any:
        return self.editor.doc

    @property
    def scene(self) -> Any:
        return self.editor.scene

    @property
    def view(self) -> Any:
        return self.editor.view

    def px(self, n: float) -> float:
        return self.view.pixels(n)

    def activate(self) -> None:
        self.view.viewport().setCursor(self.cursor)
        self.editor.status(self.hint)

    def deactivate(self) -> None:
        self.reset()

    def reset(self) -> None:
        pass

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        pass

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        pass

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        pass

    def double_click(self, pos: QPointF, event: QMouseEvent) -> None:
        pass

    def key(self, event: QKeyEvent) -> bool:
        return False


# -- selecting ---------------------------------------------------------------------------


class SelectTool(Tool):
    name, label, shortcut = "select", "Select", "V"
    hint = ("Click a province to select it (Ctrl+click adds), a special line to select it, a background "
            "island to make it a province; Delete deletes what is selected.")

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if not is_left(event):
            return
        ed = self.editor
        add = bool(event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier))
        special = self.scene.special_at(pos, self.px(GRAB))
        pid = self.scene.province_at(pos)
        if special is not None and not add:
            ed.select_special(special)
            return
        if pid is not None:
            if add:
                sel = list(ed.selection)
                if pid in sel:
                    sel.remove(pid)
                else:
                    sel.append(pid)
                ed.select(sel)
            else:
                ed.select([pid])
            return
        deco = self.scene.decoration_at(pos)
        if deco is not None and self.doc.decorations[deco].geometry.area < self.doc.span ** 2 * 0.25:
            ed.select_decoration(deco)
            return
        ed.select([])

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.editor.delete_selected()
            return True
        if event.key() == Qt.Key.Key_Escape:
            self.editor.select([])
            return True
        return False
