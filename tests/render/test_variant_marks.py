"""The renderer's marks for variant rules: Woolworth's choice units ("?"), Colonial's
railroad line and railroad moves (an interrupted one stops with a bar). Drawn on made-up
grid maps of the real boards, so the art in progress does not matter."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from diplodesk.engine.position import Position
from diplodesk.engine.process import outcome_to_json, process
from diplodesk.geometry.shapes import MapGeometry
from diplodesk.render import MapPainter, RenderOptions
from diplodesk.render.export import ensure_app
from diplodesk.variants import load_variant

CELL = 60


def grid_svg(board) -> str:
    """Every province a square of a grid (two-coast ones split for their coasts)."""
    ids = sorted(board.provinces)
    cols = int(len(ids) ** 0.5) + 1
    rows = (len(ids) + cols - 1) // cols
    provs, coasts = [], []
    for i, pid in enumerate(ids):
        x, y = (i % cols) * CELL, (i // cols) * CELL
        provs.append(f'<rect id="{pid}" data-kind="{board.provinces[pid].kind.value}" x="{x}" y="{y}" '
                     f'width="{CELL}" height="{CELL}"/>')
        cs = board.provinces[pid].coasts
        for k, c in enumerate(cs):
            h = CELL / len(cs)
            coasts.append(f'<rect id="{pid}/{c}" x="{x}" y="{y + k * h}" width="{CELL}" height="{h}"/>')
    w, h = cols * CELL, rows * CELL
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" data-diplodesk-map="1">'
            f'<g id="provinces">{"".join(provs)}</g><g id="coasts">{"".join(coasts)}</g></svg>')


@pytest.fixture(scope="module", autouse=True)
def app():
    return ensure_app()


def grid_painter(vid: str, tmp: Path) -> MapPainter:
    v = load_variant(vid)
    path = tmp / f"{vid}.svg"
    path.write_text(grid_svg(v.board))
    return MapPainter(v, MapGeometry.from_svg(path, v.board, strict=True))


def draw(mp: MapPainter, position, results=None, **opts) -> tuple[QImage, object]:
    img = QImage(1200, 1200, QImage.Format.Format_RGB32)
    img.fill(QColor("#ffffff"))
    p = QPainter(img)
    o = RenderOptions(show_title=False, show_legend=False, show_labels=False, **opts)
    t = mp.fit_transform(QRectF(0, 0, 1200, 1200), o)
    p.setTransform(t)
    mp.paint(p, position, results, o)
    p.end()
    return img, t  # the image, and where map points land on it


def pixel(drawn, mp: MapPainter, loc: str, dx: float = 0.0, dy: float = 0.0) -> QColor:
    img, t = drawn
    x, y = mp.geometry.anchor("unit", loc)
    pt = t.map(x + dx * mp.g, y + dy * mp.g)
    return img.pixelColor(round(pt[0]), round(pt[1]))


def at(drawn, x: float, y: float) -> QColor:
    img, t = drawn
    pt = t.map(x, y)
    return img.pixelColor(round(pt[0]), round(pt[1]))


AROUND = [(0.22, 0.0), (-0.22, 0.0), (0.18, 0.15), (-0.18, 0.15), (0.18, -0.15), (-0.18, -0.15)]


def close(a: QColor, b: QColor, tol: int = 40) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) <= tol


def test_choice_units_are_drawn_as_question_marks(tmp_path):
    mp = grid_painter("woolworth2a", tmp_path)
    start = Position.start(mp.variant)
    assert start.choices and mp.missing(start) == []
    img = draw(mp, start)
    russia = mp.palette("default").power("Russia")
    # the disc in Russia's colour where the choice unit stands (beside the "?")
    assert any(close(pixel(img, mp, "stp", dx, dy), russia) for dx, dy in AROUND)
    # a map without a shape for a choice unit's place says so
    class NoStp:
        def __getattr__(self, name):
            return getattr(mp.geometry, name)

        def has(self, loc):
            return loc != "stp" and mp.geometry.has(loc)

    blind_mp = MapPainter(mp.variant, mp.geometry)
    blind_mp.geometry = NoStp()
    assert blind_mp.missing(start) == ["stp"]


def test_choice_units_fade_for_another_power(tmp_path):
    mp = grid_painter("woolworth2a", tmp_path)
    start = Position.start(mp.variant)
    russia = mp.palette("default").power("Russia")
    img = draw(mp, start, power="Turkey")
    assert not any(close(pixel(img, mp, "stp", dx, dy), russia, tol=20) for dx, dy in AROUND)


def test_railroad_line_and_an_interrupted_railroad_move(tmp_path):
    mp = grid_painter("colonial", tmp_path)
    start = Position.start(mp.variant)
    board = mp.variant.board
    empty = Position(mp.variant, start.phase, {}, {})
    # the line itself, faintly, between Perm and Omsk (no unit there)
    drawn = draw(mp, empty)
    a, b = mp.unit_point("prm"), mp.unit_point("oms")
    assert at(drawn, (a.x() + b.x()) / 2, (a.y() + b.y()) / 2).lightness() < 200  # a dark rail over the land
    # an interrupted move: a red bar past where the army stopped
    units = {p: u for p, u in start.units.items() if u.power == "Russia" and p in ("mos",)}
    pos = Position(mp.variant, start.phase, units, dict(start.centers),
                   orders={"Russia": ("A mos TSR vla",)})
    assert "mos" in pos.units and board.provinces["kra"]
    result = {"orders": [{"power": "Russia", "text": "A mos TSR vla", "order": "A mos TSR vla", "status": "fails",
                          "reason": "interrupted", "detail": "the railroad move stopped in oms"}]}
    drawn = draw(mp, pos, result)
    failed = mp.palette("default").failed
    o, k = mp.unit_point("oms"), mp.unit_point("kra")
    dx, dy = k.x() - o.x(), k.y() - o.y()
    n = (dx * dx + dy * dy) ** 0.5
    assert close(at(drawn, o.x() + dx / n * mp.g * 0.45, o.y() + dy / n * mp.g * 0.45), failed, tol=60)
    # and a real adjudication draws too
    real = pos.with_orders({"Russia": ["A mos TSR vla"]})
    draw(mp, real, outcome_to_json(process(real)))
