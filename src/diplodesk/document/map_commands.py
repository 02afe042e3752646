"""Every change to a map is one of these commands, pushed on ``MapDocument.undo_stack``.

A command is worked out when it is made: its edit runs once on the document, quietly, and
the writes are kept as a :class:`~.map_document.Patch` (an edit that can't be made raises
:class:`~.map_document.MapEditError` here, before anything reaches the stack). ``redo``
replays the patch and ``undo`` reverts it, so undo restores the exact board, shapes and
adjacency included, and redo gives back the same result without working anything out again.

After a geometric edit :attr:`MapCommand.diff` holds the change of adjacency (pairs added
and removed for armies and fleets) around the provinces touched.

Make a command and push it at once: a command is planned against the document as it is.
(If the document changed in between, the first redo plans it again.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from PySide6.QtGui import QUndoCommand

from .map_document import AdjacencyDiff, MapDocument, Patch, StartUnit

__all__ = [
    "AddPowerCommand", "AddProvinceCommand", "AddSpecialCommand", "AddStartUnitCommand",
    "AddVertexCommand", "DeleteProvinceCommand", "DeleteVertexCommand", "DrawCoastCommand",
    "EditPowerCommand", "EditSpecialCommand", "MapCommand", "MarkDifficultBorderCommand",
    "MergeProvincesCommand", "MoveAnchorCommand", "MoveVertexCommand", "PickCoastSeasCommand",
    "PromoteDecorationCommand", "RemoveAnchorCommand", "RemovePowerCommand",
    "RemoveSpecialCommand", "RemoveStartUnitCommand", "RenameProvinceCommand",
    "SetCalendarCommand", "SetCoastsCommand", "SetOverrideCommand", "SetProvinceCommand",
    "SetShapeCommand", "SetStartCentersCommand", "SetStartPhaseCommand", "SetStartUnitsCommand",
    "SetVariantInfoCommand", "SetVictoryCommand", "SplitProvinceCommand",
]


class MapCommand(QUndoCommand):
    """One undoable edit of a :class:`MapDocument`; subclasses say what in :meth:`apply`."""

    def __init__(self, doc: MapDocument, text: str):
        super().__init__(text)
        self.doc = doc
        self.patch: Patch = doc.record(self.apply, announce=False)
        doc.revert(self.patch, announce=False)
        self._planned_at = doc.revision
        self._fresh = True

    def apply(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        if self._fresh and self.doc.revision != self._planned_at:
            # the document changed since this was planned: plan it again
            self.patch = self.doc.record(self.apply, announce=False)
            self.doc.revert(self.patch, announce=False)
        self._fresh = False
        self.doc.replay(self.patch)

    def undo(self) -> None:
        self.doc.revert(self.patch)

    @property
    def diff(self) -> AdjacencyDiff:
        """How the edit changed adjacency (as done; undone it is the inverse)."""
        return self.patch.diff


# -- shapes --------------------------------------------------------------------------------


class MoveVertexCommand(MapCommand):
    """Drag a point of a border; every shape with that point moves with it (push on release)."""

    def __init__(self, doc: MapDocument, old: tuple[float, float], new: tuple[float, float],
                 pid: str | None = None, together: bool = True, snap: float | None = None):
        self.args = (old, new, pid, together)
        self.snap = snap  # how near ``old`` a point must be to move (default: the document's)
        super().__init__(doc, "Move a border point" if together else f"Move a point of {pid}")

    def apply(self) -> None:
        old, new, pid, together = self.args
        self.doc.move_vertex(old, new, pid, together=together, snap=self.snap)


class AddVertexCommand(MapCommand):
    def __init__(self, doc: MapDocument, at: tuple[float, float], pid: str | None = None,
                 together: bool = True, snap: float | None = None):
        self.args = (at, pid, together)
        self.snap = snap
        super().__init__(doc, "Add a border point")

    def apply(self) -> None:
        at, pid, together = self.args
        self.doc.add_vertex(at, pid, together=together, snap=self.snap)


class DeleteVertexCommand(MapCommand):
    def __init__(self, doc: MapDocument, at: tuple[float, float], pid: str | None = None,
                 together: bool = True, snap: float | None = None):
        self.args = (at, pid, together)
        self.snap = snap
        super().__init__(doc, "Delete a border point")

    def apply(self) -> None:
        at, pid, together = self.args
        self.doc.delete_vertex(at, pid, together=together, snap=self.snap)


class SetShapeCommand(MapCommand):
    def __init__(self, doc: MapDocument, pid: str, shape: Any):
        self.args = (pid, shape)
        super().__init__(doc, f"Redraw {pid}")

    def apply(self) -> None:
        self.doc.set_shape(*self.args)


class AddProvinceCommand(MapCommand):
    """Draw a new province (taking its area from the provinces under it, with ``carve``)."""

    def __init__(self, doc: MapDocument, pid: str, shape: Any, name: str | None = None,
                 kind: str = "land", carve: bool = True):
        self.args = (pid, shape, name, kind, carve)
        super().__init__(doc, f"Draw {name or pid}")

    def apply(self) -> None:
        pid, shape, name, kind, carve = self.args
        self.doc.add_province(pid, shape, name, kind, carve=carve)


class PromoteDecorationCommand(MapCommand):
    """Make a shape of the background (an island) a province."""

    def __init__(self, doc: MapDocument, index: int, pid: str, name: str | None = None,
                 kind: str = "coast"):
        self.args = (index, pid, name, kind)
        super().__init__(doc, f"Make {name or pid} a province")

    def apply(self) -> None:
        self.doc.promote_decoration(*self.args)


class SplitProvinceCommand(MapCommand):
    """Split a province along a drawn line, naming the new part."""

    def __init__(self, doc: MapDocument, pid: str, line: Iterable[tuple[float, float]], new_id: str,
                 new_name: str | None = None, *, new_side: str = "left",
                 new_at: tuple[float, float] | None = None, new_kind: str | None = None):
        self.args = (pid, [tuple(p) for p in line], new_id, new_name)
        self.kw = {"new_side": new_side, "new_at": new_at, "new_kind": new_kind}
        super().__init__(doc, f"Split {new_name or new_id} off {pid}")

    def apply(self) -> None:
        self.doc.split_province(*self.args, **self.kw)


class MergeProvincesCommand(MapCommand):
    def __init__(self, doc: MapDocument, keep: str, other: str):
        self.args = (keep, other)
        super().__init__(doc, f"Merge {other} into {keep}")

    def apply(self) -> None:
        self.doc.merge_provinces(*self.args)


class DeleteProvinceCommand(MapCommand):
    def __init__(self, doc: MapDocument, pid: str):
        self.pid = pid
        super().__init__(doc, f"Delete {pid}")

    def apply(self) -> None:
        self.doc.delete_province(self.pid)


# -- province facts --------------------------------------------------------------------------


class RenameProvinceCommand(MapCommand):
    """Change a province's id (everything naming it follows)."""

    def __init__(self, doc: MapDocument, old: str, new: str):
        self.args = (old, new)
        super().__init__(doc, f"Rename {old} to {new}")

    def apply(self) -> None:
        self.doc.rename_province(*self.args)


class SetProvinceCommand(MapCommand):
    """Set a province's name, kind, supply centre, home power or aliases."""

    def __init__(self, doc: MapDocument, pid: str, **fields: Any):
        self.pid = pid
        self.fields = fields
        what = ", ".join(f"{k} {v}" for k, v in fields.items())
        super().__init__(doc, f"Set {pid}: {what}")

    def apply(self) -> None:
        self.doc.set_province(self.pid, **self.fields)


class SetCoastsCommand(MapCommand):
    """Give a province separate coasts (or none); sides drawn, picked by seas, or kept."""

    def __init__(self, doc: MapDocument, pid: str, coasts: Iterable[str],
                 areas: Mapping[str, Any] | None = None, seas: Mapping[str, Iterable[str]] | None = None):
        self.args = (pid, tuple(coasts))
        self.kw = {"areas": areas, "seas": seas}
        super().__init__(doc, f"Coasts of {pid}: {', '.join(self.args[1]) or 'none'}")

    def apply(self) -> None:
        self.doc.set_coasts(*self.args, **self.kw)


class PickCoastSeasCommand(SetCoastsCommand):
    """Pick each coast's sea side by the seas it faces (``{"nc": ["bar"], "sc": ["bot"]}``)."""

    def __init__(self, doc: MapDocument, pid: str, seas: Mapping[str, Iterable[str]]):
        super().__init__(doc, pid, tuple(seas), seas={c: list(s) for c, s in seas.items()})


class DrawCoastCommand(MapCommand):
    """Draw a coast's side of its province (``loc`` like ``"stp/nc"``)."""

    def __init__(self, doc: MapDocument, loc: str, shape: Any):
        self.args = (loc, shape)
        super().__init__(doc, f"Draw the side of {loc}")

    def apply(self) -> None:
        self.doc.set_coast_area(*self.args)


class MoveAnchorCommand(MapCommand):
    """Place where a unit, dislodged unit, label or centre marker is drawn (push on release)."""

    def __init__(self, doc: MapDocument, key: str, at: tuple[float, float]):
        self.args = (key, (float(at[0]), float(at[1])))
        super().__init__(doc, f"Move {key}")

    def apply(self) -> None:
        self.doc.move_anchor(*self.args)


class RemoveAnchorCommand(MapCommand):
    def __init__(self, doc: MapDocument, key: str):
        self.key = key
        super().__init__(doc, f"Remove {key}")

    def apply(self) -> None:
        self.doc.remove_anchor(self.key)


# -- adjacency and specials -----------------------------------------------------------------


class SetOverrideCommand(MapCommand):
    """Pin a pair for armies or fleets: ``state`` True adds it, False removes it, None
    takes the pin out (geometry decides again)."""

    def __init__(self, doc: MapDocument, unit: str, a: str, b: str, state: bool | None):
        self.args = (unit, a, b, state)
        word = {True: "Add", False: "Remove", None: "Unpin"}[state]
        super().__init__(doc, f"{word} {'army' if unit == 'A' else 'fleet'} link {a}-{b}")

    def apply(self) -> None:
        self.doc.set_override(*self.args)


class AddSpecialCommand(MapCommand):
    """Add a special border or line: ``kind`` and its fields (``between``, ``provinces``,
    ``seasons``, ``powers``, ``units``, ``name``...)."""

    def __init__(self, doc: MapDocument, kind: str, **fields: Any):
        self.kind, self.fields = kind, fields
        super().__init__(doc, f"Add a {kind.replace('_', ' ')}")

    def apply(self) -> None:
        self.doc.add_special(self.kind, **self.fields)


class EditSpecialCommand(MapCommand):
    def __init__(self, doc: MapDocument, index: int, kind: str, **fields: Any):
        self.index, self.kind, self.fields = index, kind, fields
        super().__init__(doc, f"Change a {kind.replace('_', ' ')}")

    def apply(self) -> None:
        self.doc.set_special(self.index, self.kind, **self.fields)


class RemoveSpecialCommand(MapCommand):
    def __init__(self, doc: MapDocument, index: int):
        self.index = index
        super().__init__(doc, "Remove a special")

    def apply(self) -> None:
        self.doc.remove_special(self.index)


class MarkDifficultBorderCommand(MapCommand):
    """Mark a difficult border (Loeb9): the special, and the army link pinned when the two
    provinces do not border on the map (a strait)."""

    def __init__(self, doc: MapDocument, a: str, b: str):
        self.args = (a, b)
        super().__init__(doc, f"Mark {a}-{b} a difficult border")

    def apply(self) -> None:
        a, b = self.args
        if not self.doc.adjacent("A", a, b):
            self.doc.set_override("A", a, b, True)
        self.doc.add_special("difficult", between=sorted((a, b)))


# -- powers and setup ------------------------------------------------------------------------


class AddPowerCommand(MapCommand):
    def __init__(self, doc: MapDocument, name: str, adjective: str | None = None, color: str = "#888888"):
        self.args = (name, adjective, color)
        super().__init__(doc, f"Add {name}")

    def apply(self) -> None:
        self.doc.add_power(*self.args)


class EditPowerCommand(MapCommand):
    """Rename (homes, units and centres follow), re-adjective or recolour a power."""

    def __init__(self, doc: MapDocument, name: str, *, new_name: str | None = None,
                 adjective: str | None = None, color: str | None = None):
        self.name = name
        self.kw = {"new_name": new_name, "adjective": adjective, "color": color}
        super().__init__(doc, f"Change {name}")

    def apply(self) -> None:
        self.doc.edit_power(self.name, **self.kw)


class RemovePowerCommand(MapCommand):
    def __init__(self, doc: MapDocument, name: str):
        self.name = name
        super().__init__(doc, f"Remove {name}")

    def apply(self) -> None:
        self.doc.remove_power(self.name)


class AddStartUnitCommand(MapCommand):
    """A start unit; ``unit_type`` None or ``"?"`` is a choice unit."""

    def __init__(self, doc: MapDocument, power: str, unit_type: str | None, at: str):
        self.args = (power, unit_type, at)
        super().__init__(doc, f"{power} starts with {unit_type or 'a choice unit'} {at}")

    def apply(self) -> None:
        self.doc.add_start_unit(*self.args)


class RemoveStartUnitCommand(MapCommand):
    def __init__(self, doc: MapDocument, at: str):
        self.at = at
        super().__init__(doc, f"No start unit in {at}")

    def apply(self) -> None:
        self.doc.remove_start_unit(self.at)


class SetStartUnitsCommand(MapCommand):
    def __init__(self, doc: MapDocument, units: Iterable[StartUnit | tuple[str, str | None, str]]):
        self.units = list(units)
        super().__init__(doc, "Set the start units")

    def apply(self) -> None:
        self.doc.set_start_units(self.units)


class SetStartCentersCommand(MapCommand):
    def __init__(self, doc: MapDocument, power: str, centers: Iterable[str]):
        self.args = (power, tuple(centers))
        super().__init__(doc, f"Start centres of {power}")

    def apply(self) -> None:
        self.doc.set_start_centers(*self.args)


class SetStartPhaseCommand(MapCommand):
    def __init__(self, doc: MapDocument, phase: str):
        self.phase = phase
        super().__init__(doc, f"Start in {phase}")

    def apply(self) -> None:
        self.doc.set_start_phase(self.phase)


class SetVictoryCommand(MapCommand):
    def __init__(self, doc: MapDocument, centers: int, by: str = "power", players: int = 0):
        self.args = (centers, by, players)
        super().__init__(doc, f"Victory at {centers} centres")

    def apply(self) -> None:
        self.doc.set_victory(*self.args)


class SetCalendarCommand(MapCommand):
    """First year, seasons, build seasons (``build_after``), years per turn."""

    def __init__(self, doc: MapDocument, **fields: Any):
        self.fields = fields
        super().__init__(doc, "Change the calendar")

    def apply(self) -> None:
        self.doc.set_calendar(**self.fields)


class SetVariantInfoCommand(MapCommand):
    """The variant's id, name, description and rule options."""

    def __init__(self, doc: MapDocument, **fields: Any):
        self.fields = fields
        super().__init__(doc, "Change the variant's name")

    def apply(self) -> None:
        self.doc.set_info(**self.fields)
