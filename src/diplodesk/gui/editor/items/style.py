"""How the editor draws: colours, z-order, cosmetic pens, and the words for a special.

Shared by the scene's items, the tools' feedback and the panels (so a fleet line is the
same blue everywhere).
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPen

from ....document.map_document import MapDocument, MapEditError
from ....engine.board import Special

# -- colours -----------------------------------------------------------------------------

KIND_FILL = {
    "land": QColor("#e2d3a6"),
    "coast": QColor("#f1e8d0"),
    "sea": QColor("#bcd6e8"),
    "impassable": QColor("#a49a8a"),
}
LAND_BORDER = QColor("#5c5040")
SEA_BORDER = QColor("#86a9c2")
SELECTED_FILL = QColor(255, 196, 40, 150)
SELECTED_BORDER = QColor("#d9662b")
PICKED_FILL = QColor(90, 170, 255, 120)
ARMY_LINE = QColor("#b3412a")
FLEET_LINE = QColor("#1f5fbf")
ADDED_LINE = QColor("#1e9e3a")
REMOVED_LINE = QColor("#e0302a")
SPECIAL_COLOURS = {
    "difficult": QColor("#a3330f"),
    "seasonal": QColor("#3c8fc4"),
    "railroad": QColor("#2b2b2b"),
    "canal": QColor("#0f8f8a"),
    "land_bridge": QColor("#5b8c1e"),
}
INK = QColor("#222222")

# z order
Z_BACKGROUND, Z_PROVINCE, Z_COASTS, Z_SPECIAL, Z_ADJACENCY, Z_LABELS, Z_ANCHORS, Z_VERTICES, Z_PREVIEW = range(9)


def cosmetic(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


def pixel(painter: QPainter) -> float:
    """How many scene units one screen pixel is, for the painter as it is set."""
    t = painter.worldTransform()
    s = math.hypot(t.m11(), t.m12()) or 1.0
    return 1.0 / s


def safe_anchor(doc: MapDocument, kind: str, loc: str) -> tuple[float, float] | None:
    """Where the app draws a unit, label or marker of ``loc``; None when it has no shape
    (or the board can't be worked out: drawing must not fail)."""
    try:
        return doc.anchor(kind, loc)
    except (MapEditError, KeyError, ValueError):
        return None
    except Exception:  # noqa: BLE001 - a board with faults the checks report
        return None


def describe_special(sp: Special) -> str:
    d = sp.to_json()
    between = [str(x) for x in d.get("between") or []]
    provs = [str(x) for x in d.get("provinces") or []]
    if sp.kind == "difficult":
        return f"Difficult border {'–'.join(between)}"
    if sp.kind == "seasonal":
        return f"Closed in {', '.join(d.get('seasons') or [])}: {', '.join(provs)}"
    if sp.kind == "railroad":
        powers = ", ".join(d.get("powers") or []) or "no power"
        return f"{d.get('name', 'Railroad')}: {' → '.join(provs)} ({powers})"
    if sp.kind == "canal":
        return f"Canal {', '.join(provs)}: {'–'.join(between)}"
    if sp.kind == "land_bridge":
        units = ", ".join("armies" if u == "A" else "fleets" for u in d.get("units") or ("A", "F"))
        return f"Land bridge {'–'.join(between)} ({units})"
    return sp.kind


# -- items -------------------------------------------------------------------------------
