"""The editable models of a game (and later of a map) and the undoable commands that change them."""

from . import _qtfix

_qtfix.apply()
