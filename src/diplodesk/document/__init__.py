"""The editable models of a game and of a map, and the undoable commands that change them."""
