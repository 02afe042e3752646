"""The editor's side panels, one module each: the selected province's properties
(:mod:`.province`), powers and setup (:mod:`.setup`), the specials (:mod:`.specials`), the
adjacency change of the last edit (:mod:`.adjacency`), the checks (:mod:`.checks`), and the
Balance dock with the board's balance report (:mod:`.balance`).

Each panel shows the document and pushes commands through the editor window; a widget is
refreshed from the document with its signals blocked, so showing a value never edits it.
"""

from __future__ import annotations

from .adjacency import AdjacencyPanel
from .balance import BalanceDock
from .checks import ChecksPanel
from .province import ProvincePanel
from .setup import SetupPanel
from .specials import SpecialsPanel

__all__ = ["AdjacencyPanel", "BalanceDock", "ChecksPanel", "ProvincePanel", "SetupPanel", "SpecialsPanel"]
