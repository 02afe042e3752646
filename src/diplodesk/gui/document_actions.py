"""What both game windows (the main window and the Hypereconomic desk) do the same way with
their document: push a command, and save. Each window has ``doc``, ``prompts``, ``session``
(its crash copy), ``flush()`` (typed orders committed) and a status bar."""

from __future__ import annotations


def push_command(window, command) -> bool:
    """Push a command on the document's stack (typed orders are committed first); a command
    that could not be done says why and is False."""
    window.flush()
    window.doc.undo_stack.push(command)
    error = getattr(command, "error", None)
    if error:
        window.prompts.error("Cannot do that", error)
        return False
    return True


def save_to(window, path) -> bool:
    """Save the document to ``path``; a disk's refusal is one line and nothing is lost."""
    window.flush()
    try:
        window.doc.save(path)
    except OSError as e:
        window.prompts.error("Cannot save", f"{path}: {e.strerror or e}")
        return False
    window.session.clear()  # saved: the crash copy is not needed
    window.statusBar().showMessage(f"Saved {path}", 4000)
    return True
