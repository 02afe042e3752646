"""The editor's tools: each gesture on the map is an object that reads the mouse and keys
(in map coordinates) and pushes commands; none writes to the document itself.

:class:`~.base.Tool` is what they all are; one module per kind of gesture: selecting
(:mod:`.base`), vertices (:mod:`.vertex`), drawing (:mod:`.drawing`), anchors
(:mod:`.anchors`), picking provinces for an edit (:mod:`.picking`). :data:`TOOLS` is the
toolbar's order.
"""

from __future__ import annotations

from .anchors import AnchorTool
from .base import SelectTool, Tool
from .drawing import CoastSideTool, DrawProvinceTool, SplitTool
from .picking import (
    CanalTool,
    DifficultTool,
    LandBridgeTool,
    MergeTool,
    OverrideTool,
    RailroadTool,
    SeasonalTool,
)
from .vertex import VertexTool

__all__ = ["TOOLS", "Tool"]

TOOLS = (SelectTool, VertexTool, DrawProvinceTool, SplitTool, MergeTool, CoastSideTool, AnchorTool,
         OverrideTool, DifficultTool, SeasonalTool, RailroadTool, CanalTool, LandBridgeTool)
