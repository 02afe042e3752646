"""Editor gestures that are more than one model edit, as single undoable commands.

A land bridge or a canal is a special *and* the adjacency it explains: the pairs it needs
are pinned in the same command, so one undo takes both back (as
:class:`~diplodesk.document.map_commands.MarkDifficultBorderCommand` does for a strait).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...document.map_commands import MapCommand
from ...document.map_document import MapDocument, MapEditError


class AddLandBridgeCommand(MapCommand):
    """A land bridge between two provinces across water, for armies and/or fleets; the
    links it needs are pinned where the shapes do not give them."""

    def __init__(self, doc: MapDocument, a: str, b: str, units: Iterable[str] = ("A", "F")):
        self.args = (a, b, tuple(units))
        super().__init__(doc, f"Add a land bridge {a}-{b}")

    def apply(self) -> None:
        a, b, units = self.args
        if not units:
            raise MapEditError("a land bridge is for armies, fleets or both")
        doc = self.doc
        for u in units:
            if u == "A":
                if not doc.adjacent("A", a, b):
                    doc.set_override("A", a, b, True)
                continue
            locs_a = [x for x in doc.province(a).locations if doc.can_stand("F", x)]
            locs_b = [x for x in doc.province(b).locations if doc.can_stand("F", x)]
            if not locs_a or not locs_b:
                raise MapEditError(f"a fleet cannot stand in {a if not locs_a else b}")
            if not any(doc.adjacent("F", x, y) for x in locs_a for y in locs_b):
                doc.set_override("F", locs_a[0], locs_b[0], True)
        doc.add_special("land_bridge", between=[a, b], units=list(units))


class AddCanalCommand(MapCommand):
    """A canal: a province joining two seas for fleets (Kiel, Suez); fleet links from the
    province to each sea are pinned where the shapes do not give them."""

    def __init__(self, doc: MapDocument, province: str, seas: Iterable[str]):
        self.args = (province, tuple(seas))
        super().__init__(doc, f"Make {province} a canal")

    def apply(self) -> None:
        pid, seas = self.args
        doc = self.doc
        if len(seas) != 2 or seas[0] == seas[1]:
            raise MapEditError("a canal joins two different seas")
        for s in seas:
            if doc.province(s).kind != "sea":
                raise MapEditError(f"{s} is not a sea")
        locs = [x for x in doc.province(pid).locations if doc.can_stand("F", x)]
        if not locs:
            raise MapEditError(f"a fleet cannot stand in {pid}: make it a coast first")
        for s in seas:
            if not any(doc.adjacent("F", x, s) for x in locs):
                doc.set_override("F", locs[0], s, True)
        doc.add_special("canal", provinces=[pid], between=list(seas))
