"""Where the editor writes each province's id on a board of standard size.

The game map's label planner (:mod:`diplodesk.render.label_plan`) is given the editor's own
boxes (its font, its sizes) and obstacles (the start units and centre markers it draws), so
no name lies under a unit, a marker or another name: a name is moved within its province, or
set beside it with a leader line, never left out. A plan is made for a zoom step (a quarter
octave of scale) and kept until the board changes; the sizes are those of the step's most
zoomed-out end, so a name drawn anywhere in the step is at least as big as the floor.
Plans are kept on disk as the game map's are (:mod:`diplodesk.render.label_cache`), so a
board reopened is not planned again.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from dataclasses import dataclass

import shapely
from PySide6.QtGui import QFont, QFontMetricsF

from ....document.map_document import MapDocument
from ....render import label_cache
from ....render.detail import FLOOR_LABEL_PX, LabelBox, keep_every_label

STEPS_PER_OCTAVE = 4
MAX_TEXT_PX = 15.0  # a name never grows past this on screen however far the map is zoomed in
BOX_PAD_W = 0.08  # of the font size, each side: room around a name's letters
BOX_PAD_H = 0.05


@dataclass(frozen=True)
class Sizes:
    """The screen sizes, in pixels, of what the label layer draws at a scale."""

    text: float  # a name's font size
    dot: float  # a centre marker's radius
    unit: float  # a start unit's half width


def sizes_at(span_size: float, px: float, keep_all: bool) -> Sizes:
    """The sizes at ``px`` scene units a pixel; ``span_size`` is the board's own glyph size
    (grown with the zoom up to a point, then steady); with ``keep_all`` (a board of standard
    size) a name never shrinks below the game map's floor."""
    text = min(span_size * 1.2 / px, MAX_TEXT_PX)
    if keep_all:
        text = max(text, FLOOR_LABEL_PX)
    return Sizes(text, min(max(span_size * 0.45 / px, 3.0), 7.0), min(max(span_size * 0.9 / px, 6.0), 13.0))


def step_of(px: float) -> int:
    """The zoom step holding ``px`` (scene units a pixel), rounded towards zoomed out."""
    return math.ceil(math.log2(px) * STEPS_PER_OCTAVE - 1e-9)


def px_of(step: int) -> float:
    return 2.0 ** (step / STEPS_PER_OCTAVE)


def font_px(text: float) -> int:
    """The whole pixel size a name is set in (never under the floor)."""
    return max(round(text), math.ceil(FLOOR_LABEL_PX))


def name_font(pixels: int) -> QFont:
    font = QFont()
    font.setBold(True)
    font.setPixelSize(pixels)
    return font


def baseline(metrics: QFontMetricsF, name: str) -> float:
    """Where the baseline goes so that the letters' own box is centred on the name's point."""
    r = metrics.tightBoundingRect(name)
    return -(r.top() + r.bottom()) / 2


def plan_names(doc: MapDocument, labels: dict[str, tuple[float, float]],
               markers: Iterable[tuple[float, float]], units: Iterable[tuple[float, float]],
               span_size: float, step: int, planned: bool = True) -> list[LabelBox]:
    """Every name of ``labels`` (province id: its anchor) placed for the zoom ``step``, clear
    of the centre ``markers`` and start ``units`` (scene points). Sizes in scene units.
    Not ``planned``: each where the art put it (for a board whose shapes can't be measured)."""
    px = px_of(step)
    s = sizes_at(span_size, px, True)
    pixels = font_px(s.text)
    metrics = QFontMetricsF(name_font(pixels))
    boxes, outside = [], set()
    for pid, (x, y) in sorted(labels.items()):
        r = metrics.tightBoundingRect(pid)
        half_w = (max(metrics.horizontalAdvance(pid), r.width()) / 2 + pixels * BOX_PAD_W) * px
        half_h = (r.height() / 2 + pixels * BOX_PAD_H) * px
        boxes.append(LabelBox(pid, x, y, pixels * px, half_w, half_h))
        if planned and not shapely.contains_xy(doc.shape(pid), x, y):
            outside.add(pid)  # the art put it beside its province (a sea's name on a coast)
    if not planned:
        return boxes
    obstacles = [(x - s.dot * px, y - s.dot * px, x + s.dot * px, y + s.dot * px) for x, y in markers]
    obstacles += [(x - s.unit * px, y - s.unit * 0.75 * px, x + s.unit * px, y + s.unit * 0.75 * px)
                  for x, y in units]
    vx, vy, vw, vh = doc.view_box
    floor = math.ceil(FLOOR_LABEL_PX) * px
    bounds = (vx, vy, vx + vw, vy + vh)
    shapes = hashlib.sha256()
    for pid in sorted(labels):
        shapes.update(pid.encode() + b"\0" + shapely.to_wkb(doc.shape(pid)))
    digest = b"editor" + repr((sorted((b.prov, b.x, b.y, b.size, b.half_w, b.half_h) for b in boxes), sorted(outside),
                               sorted(obstacles), bounds, floor)).encode() + shapes.digest()
    return label_cache.cached_plan(digest, lambda: keep_every_label(boxes, doc.shape, outside, floor, obstacles,
                                                                    bounds))
