"""The map editor at first sight: at each default window size (1920 x 1080 maximised,
1366 x 768) the editor fits the screen, and on every standard-size board each province's id
is drawn once, at least at the game map's floor size, under no start unit, no centre marker
and no other id. Counted from what the label layer actually draws (a painter that notes each
text, unit and marker where it lands), not from the plan it follows."""

from __future__ import annotations

import pytest
from gui_helpers import EditorPrompts, show_ready
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF, QTransform

from diplodesk.document.map_document import MapDocument
from diplodesk.gui.editor import MapEditorWindow
from diplodesk.render.detail import FLOOR_LABEL_PX

DEFAULT_SIZES = {"1920x1080": (1920, 1020), "1366x768": (1366, 708)}
BOARDS = ["standard", "loeb9", "colonial", "woolworth2a"]
MARKER_PX = 3.0  # a centre marker's least radius on screen (a leader line ends in a smaller dot)


class NotingPainter:
    """Enough of a QPainter for the label layer: it keeps the transform and notes, in screen
    pixels, the box of each text's letters, each unit and each centre marker drawn."""

    def __init__(self, scale: float):
        self.t = QTransform.fromScale(scale, scale)
        self.stack: list[QTransform] = []
        self.f = QFont()
        self.names: list[tuple[str, QRectF, float]] = []  # id, letters' box, font size on screen
        self.units: list[QRectF] = []
        self.markers: list[QRectF] = []

    def worldTransform(self):  # noqa: N802 - Qt's names
        return QTransform(self.t)

    def save(self):
        self.stack.append(QTransform(self.t))

    def restore(self):
        self.t = self.stack.pop()

    def translate(self, x, y):
        self.t = QTransform.fromTranslate(x, y) * self.t

    def scale(self, sx, sy):
        self.t = QTransform.fromScale(sx, sy) * self.t

    def setFont(self, font):  # noqa: N802
        self.f = QFont(font)

    def setPen(self, *_):  # noqa: N802
        pass

    def setBrush(self, *_):  # noqa: N802
        pass

    def drawLine(self, *_):  # noqa: N802
        pass

    def drawEllipse(self, c, rx, ry):  # noqa: N802
        box = self.t.mapRect(QRectF(c.x() - rx, c.y() - ry, 2 * rx, 2 * ry))
        if self.stack:  # a unit is drawn in a frame of its own
            self.units.append(box)
        elif box.width() >= 2 * MARKER_PX:  # not the dot at a leader line's end
            self.markers.append(box)

    def drawRoundedRect(self, rect, *_):  # noqa: N802
        self.units.append(self.t.mapRect(QRectF(rect)))

    def drawText(self, where, *args):  # noqa: N802
        fm = QFontMetricsF(self.f)
        text = args[-1]
        if len(text) == 1:  # a unit's letter
            return
        if isinstance(where, QPointF):
            at = where
        else:  # centred in a rect, as Qt centres a line
            at = QPointF(where.center().x() - fm.horizontalAdvance(text) / 2,
                         where.top() + (where.height() - fm.height()) / 2 + fm.ascent())
        box = fm.tightBoundingRect(text).translated(at)
        on_screen = self.f.pixelSize() * self.t.m11()
        self.names.append((text, self.t.mapRect(box), on_screen))


def meet(a: QRectF, b: QRectF) -> bool:
    return a.intersects(b)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("screen", sorted(DEFAULT_SIZES))
def test_the_editor_fits_the_screen_and_draws_every_id_clear(qtbot, tmp_path, board, screen):
    width, height = DEFAULT_SIZES[screen]
    doc = MapDocument.open(board)
    w = show_ready(qtbot, MapEditorWindow(doc, prompts=EditorPrompts(), autosave_root=tmp_path / "autosave"),
                   width, height)
    assert (w.width(), w.height()) == (width, height)  # no dock makes it taller than the screen
    layer = w.scene.labels
    p = NotingPainter(w.view.transform().m11())
    layer.paint(p, None)
    drawn = [n for n, _, _ in p.names]
    ids = {pid for pid in layer.items if doc.has_province(pid) and not doc.shape(pid).is_empty}
    assert sorted(drawn) == sorted(ids)  # each once
    assert min(size for _, _, size in p.names) >= FLOOR_LABEL_PX - 1e-6
    boxes = sorted((n, r) for n, r, _ in p.names)
    over = [(a, b) for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1:] if meet(ra, rb)]
    assert not over, over
    under = sorted({n for n, r in boxes for u in p.units + p.markers if meet(r, u)})
    assert not under, under
