"""The balance picture says what the report says: each centre in the colour of the power that
reaches it first, contested ones striped in their contestants' colours, and a key."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage

from diplodesk.designer.balance import balance_report
from diplodesk.render.balance_map import BalanceMap, balance_image
from diplodesk.render.export import ensure_app
from diplodesk.variants import load_variant

WIDTH = 900


@pytest.fixture(scope="module")
def drawn(grid_geometry):
    ensure_app()
    variant = load_variant("standard")
    report = balance_report(variant)
    bm = BalanceMap(variant, grid_geometry, report)
    image = balance_image(variant, grid_geometry, report, WIDTH).convertToFormat(QImage.Format.Format_RGB888)
    page = bm.page_rect()
    to_pixels = bm.fit_transform(QRectF(0, 0, WIDTH, WIDTH * page.height() / page.width()))
    return bm, report, image, to_pixels


def pixel(image: QImage, to_pixels, x: float, y: float) -> QColor:
    p = to_pixels.map(QPointF(x, y))
    return QColor(image.pixel(int(p.x()), int(p.y())))


def near(a: QColor, b: QColor, tol: int = 12) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) <= tol


def samples(bm, image, to_pixels, centre: str) -> list[QColor]:
    """Colours along a line across the centre's square, clear of its marker and label (the
    grid map's provinces are squares)."""
    x0, y0, x1, y1 = bm.mp.geometry.shape(centre).bounds
    y = y0 + (y1 - y0) * 0.15
    return [pixel(image, to_pixels, x0 + (x1 - x0) * f, y) for f in np.linspace(0.12, 0.88, 24)]


def test_each_centre_is_drawn_in_the_colour_of_who_reaches_it_first(drawn):
    bm, report, image, to_pixels = drawn
    pal = bm.pal
    assert report.first_to("hol") == "Germany" and report.first_to("spa") == "France"
    for centre in report.centres:
        first = report.first_to(centre)
        if first is None:
            continue
        seen = samples(bm, image, to_pixels, centre)
        assert sum(near(c, pal.territory(first)) for c in seen) >= 20, centre


def test_a_contested_centre_is_striped_in_each_contestants_colour(drawn):
    bm, report, image, to_pixels = drawn
    bel = report.race("bel")
    assert bel.contested
    seen = samples(bm, image, to_pixels, "bel")
    for colour in bm.fill_of("bel"):
        assert sum(near(c, colour) for c in seen) >= 3, colour.name()
    assert not any(near(c, bm.pal.territory("Germany")) for c in seen)  # no one power's fill


def test_the_key_shows_every_power_and_the_marks(drawn):
    bm, report, image, to_pixels = drawn
    texts = [text for text, _, _ in bm.key()]
    assert texts[:7] == [p.power for p in report.powers]
    assert {"contested", "home centre", "first, alone (moves)"} <= set(texts)
    band_bottom = int(to_pixels.map(QPointF(0, bm.mp.geometry.bounds[1])).y())
    band = image.copy(0, 0, WIDTH, band_bottom)
    for p in report.powers:
        assert _count(band, bm.pal.territory(p.power)) > 20, p.power
    assert _count(band, bm.pal.ink) > 200  # the title and the key's words


def _count(img: QImage, colour: QColor, tol: int = 12) -> int:
    img = img.convertToFormat(QImage.Format.Format_RGB888)
    a = np.frombuffer(img.constBits(), np.uint8, img.sizeInBytes()).reshape(img.height(), img.bytesPerLine())
    a = a[:, : img.width() * 3].reshape(img.height(), img.width(), 3).astype(int)
    d = np.abs(a - np.array([colour.red(), colour.green(), colour.blue()])).sum(axis=2)
    return int((d <= tol).sum())
