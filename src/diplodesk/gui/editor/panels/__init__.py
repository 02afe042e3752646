"""The editor's side panels, one module each: the selected province's properties
(:mod:`.province`), powers and setup (:mod:`.setup`), the specials (:mod:`.specials`), the
adjacency change of the last edit (:mod:`.adjacency`), and the checks (:mod:`.checks`).

Each panel shows the document and pushes commands through the editor window; a widget is
refreshed from the document with its signals blocked, so showing a value never edits it.
"""

from __future__ import annotations

from .adjacency import AdjacencyPanel
from .checks import ChecksPanel
from .province import ProvincePanel
from .setup import SetupPanel
from .specials import SpecialsPanel

__all__ = ["AdjacencyPanel", "ChecksPanel", "ProvincePanel", "SetupPanel", "SpecialsPanel"]
