"""Gestures that pick provinces one after another and then make an edit of them: merge,
pin adjacency, and the special borders and lines (difficult, seasonal, railroad, canal,
land bridge).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from ....document import map_commands as mc
from ..commands import AddCanalCommand, AddLandBridgeCommand
from ..items.style import SELECTED_BORDER, SPECIAL_COLOURS, safe_anchor
from .base import Tool, is_left

# -- picking provinces ----------------------------------------------------------------------


class PickTool(Tool):
    """Click provinces one after another; ``count`` of them (or, with count None, as many
    as wanted until double-click or Enter) make the edit."""

    count: int | None = 2
    fleet = False  # pick coasts (a fleet's location) rather than provinces

    def __init__(self, editor: Any):
        super().__init__(editor)
        self.picks: list[str] = []

    def reset(self) -> None:
        self.picks = []
        self.scene.set_selection(self.editor.selection, ())
        self.scene.preview.clear()

    def location(self, pid: str, pos: QPointF) -> str:
        if not self.fleet or not self.doc.province(pid).coasts:
            return pid
        try:
            loc = self.doc.map_geometry().location_at(pos.x(), pos.y(), "F")
        except Exception:  # noqa: BLE001 - no geometry: the province will do
            loc = None
        return loc if loc and loc.split("/")[0] == pid else pid

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if not is_left(event):
            return
        pid = self.scene.province_at(pos)
        if pid is None:
            self.editor.fail("Click a province")
            return
        loc = self.location(pid, pos)
        if self.picks and self.picks[-1] == loc:
            return
        self.picks.append(loc)
        self.scene.set_selection(self.editor.selection, [p.split("/")[0] for p in self.picks])
        self._show()
        if self.count is not None and len(self.picks) >= self.count:
            picks = list(self.picks)
            self.reset()
            self.done(picks)
        else:
            self.editor.status(self.progress())

    def _show(self) -> None:
        pts = []
        for loc in self.picks:
            at = safe_anchor(self.doc, "unit", loc)
            if at is not None:
                pts.append(QPointF(*at))
        self.scene.preview.set(pts, None, False, SPECIAL_COLOURS.get(self.special_kind(), SELECTED_BORDER))

    def special_kind(self) -> str:
        return ""

    def progress(self) -> str:
        return f"{' → '.join(self.picks)}: now click the next province"

    def double_click(self, pos: QPointF, event: QMouseEvent) -> None:
        if self.count is None:
            self.finish()

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.reset()
            self.editor.status(self.hint)
            return True
        if self.count is None and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        return False

    def finish(self) -> None:
        picks = list(self.picks)
        self.reset()
        if len(picks) < 2:
            self.editor.fail("Click at least two provinces, in order")
            return
        self.done(picks)

    def done(self, picks: list[str]) -> None:
        raise NotImplementedError


class MergeTool(PickTool):
    name, label, shortcut = "merge", "Merge", "M"
    hint = "Click the province to keep, then the one to merge into it."

    def done(self, picks: list[str]) -> None:
        keep, other = picks
        if self.editor.push(lambda: mc.MergeProvincesCommand(self.doc, keep, other)):
            self.editor.select([keep])


class OverrideTool(PickTool):
    name, label, shortcut = "override", "Pin adjacency", "O"
    hint = ("Click two provinces to pin their adjacency for the unit type and state chosen in the tool "
            "options (add, remove, or unpin so the shapes decide again).")

    @property
    def fleet(self) -> bool:  # type: ignore[override]
        return self.editor.override_unit() == "F"

    def done(self, picks: list[str]) -> None:
        a, b = picks
        unit, state = self.editor.override_unit(), self.editor.override_state()
        if unit == "A":
            a, b = a.split("/")[0], b.split("/")[0]
        self.editor.push(lambda: mc.SetOverrideCommand(self.doc, unit, a, b, state))


class DifficultTool(PickTool):
    name, label, shortcut = "difficult", "Difficult border", "D"
    hint = "Click the two provinces on either side of a difficult border (Loeb9: armies only, weak)."

    def special_kind(self) -> str:
        return "difficult"

    def done(self, picks: list[str]) -> None:
        a, b = picks
        self.editor.push(lambda: mc.MarkDifficultBorderCommand(self.doc, a, b))


class SeasonalTool(PickTool):
    name, label, shortcut = "seasonal", "Seasonal closure", "W"
    hint = "Click a province that is closed in some seasons (Loeb9's icy Arctic), then pick the seasons."
    count = 1

    def special_kind(self) -> str:
        return "seasonal"

    def done(self, picks: list[str]) -> None:
        pid = picks[0]
        seasons = self.editor.prompts.seasons(list(self.doc.calendar.get("seasons", ("S", "F"))), ["F"])
        if seasons:
            self.editor.push(lambda: mc.AddSpecialCommand(self.doc, "seasonal", provinces=[pid],
                                                           seasons=list(seasons)), box=True)


class RailroadTool(PickTool):
    name, label, shortcut = "railroad", "Railroad", "R"
    hint = "Click the railroad's provinces in line order; double-click or Enter to finish, then name it."
    count = None

    def special_kind(self) -> str:
        return "railroad"

    def done(self, picks: list[str]) -> None:
        ans = self.editor.prompts.railroad(self.doc, None)
        if not ans:
            return
        fields: dict[str, Any] = {"provinces": list(picks), "powers": list(ans.get("powers") or [])}
        for k in ("name", "code"):
            if ans.get(k):
                fields[k] = ans[k]
        self.editor.push(lambda: mc.AddSpecialCommand(self.doc, "railroad", **fields), box=True)


class CanalTool(PickTool):
    name, label, shortcut = "canal", "Canal", "L"
    hint = "Click the canal province (Kiel, Suez), then the two seas it joins."
    count = 3

    def special_kind(self) -> str:
        return "canal"

    def progress(self) -> str:
        return f"Canal {self.picks[0]}: now click {'the first' if len(self.picks) == 1 else 'the second'} sea"

    def done(self, picks: list[str]) -> None:
        pid, s1, s2 = picks
        self.editor.push(lambda: AddCanalCommand(self.doc, pid, (s1, s2)))


class LandBridgeTool(PickTool):
    name, label, shortcut = "land_bridge", "Land bridge", "B"
    hint = "Click the two provinces a land bridge joins across the water, then pick the unit types."

    def special_kind(self) -> str:
        return "land_bridge"

    def done(self, picks: list[str]) -> None:
        a, b = (p.split("/")[0] for p in picks)
        units = self.editor.prompts.land_bridge_units(["A", "F"])
        if units:
            self.editor.push(lambda: AddLandBridgeCommand(self.doc, a, b, units), box=True)
