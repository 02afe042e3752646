"""Colours anyone can tell apart: every pair of a board's power colours, and each against
neutral land and the sea, stays at least ``FLOOR`` apart in CIEDE2000 under normal vision and
under full protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009,
severity 1, as colour-science simulates them). The figures below are the boards' worst
pairs; a change of colours must keep each at or above the floor (and update the figure).

The Hypereconomic world's 59 nations cannot be told apart by colour alone: its figures are
recorded here, and its provinces carry their names and its stacks their nation's codes."""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

colour = pytest.importorskip("colour")

from diplodesk.render.palette import Palette  # noqa: E402
from diplodesk.variants import load_variant  # noqa: E402

FLOOR = 10.0  # CIEDE2000: below this two flat areas of a map are hard to tell apart at a glance
VISIONS = {"normal": None, "protanopia": "Protanomaly", "deuteranopia": "Deuteranomaly",
           "tritanopia": "Tritanomaly"}
# the worst pair of each board under each vision, as measured (before this check the
# standard board's Austria and Italy were 4.7 apart under deuteranopia)
FIGURES = {
    "standard": {"normal": 21.4, "protanopia": 12.1, "deuteranopia": 12.2, "tritanopia": 12.0},
    "loeb9": {"normal": 18.1, "protanopia": 12.6, "deuteranopia": 11.8, "tritanopia": 12.1},
    "colonial": {"normal": 18.1, "protanopia": 11.4, "deuteranopia": 11.0, "tritanopia": 10.9},
    "woolworth2a": {"normal": 17.7, "protanopia": 10.9, "deuteranopia": 11.0, "tritanopia": 10.9},
}
WORLD = {"normal": 2.3, "protanopia": 0.8, "deuteranopia": 0.5, "tritanopia": 1.5}


def _lab(hexes: list[str], deficiency: str | None) -> np.ndarray:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rgb = np.array([[int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)] for h in hexes])
        lin = colour.cctf_decoding(rgb, function="sRGB")
        if deficiency:
            lin = np.clip(lin @ colour.blindness.matrix_cvd_Machado2009(deficiency, 1.0).T, 0, 1)
        return colour.XYZ_to_Lab(colour.RGB_to_XYZ(lin, "sRGB", apply_cctf_decoding=False))


def worst_pair(hexes: list[str], names: list[str], vision: str) -> tuple[float, str, str]:
    lab = _lab(hexes, VISIONS[vision])
    return min((float(colour.difference.delta_E_CIE2000(lab[i], lab[j])), names[i], names[j])
               for i, j in itertools.combinations(range(len(hexes)), 2))


@pytest.mark.parametrize("board", sorted(FIGURES))
def test_a_boards_power_colours_stay_apart_under_colour_vision_deficiencies(board):
    v = load_variant(board)
    names = [p.name for p in v.powers]
    hexes = [p.color for p in v.powers]
    for vision, figure in FIGURES[board].items():
        d, a, b = worst_pair(hexes, names, vision)
        assert d >= FLOOR, f"{board}, {vision}: {a} and {b} are only {d:.1f} apart"
        assert abs(d - figure) < 0.06, f"{board}, {vision}: the worst pair is now {d:.1f} ({a}, {b})"


@pytest.mark.parametrize("board", sorted(FIGURES))
def test_no_power_colour_is_mistaken_for_neutral_land_or_sea(board):
    pal = Palette("default", {})
    fixed = {"neutral land": pal.land.name(), "sea": pal.sea.name()}
    for p in load_variant(board).powers:
        for vision in VISIONS:
            for what, hexed in fixed.items():
                d, _, _ = worst_pair([p.color, hexed], [p.name, what], vision)
                assert d >= FLOOR, f"{board}, {vision}: {p.name} is {d:.1f} from {what}"


def test_the_worlds_figures_are_recorded():
    v = load_variant("hypereconomic")
    names = [p.name for p in v.powers]
    hexes = [p.color for p in v.powers]
    for vision, figure in WORLD.items():
        assert abs(worst_pair(hexes, names, vision)[0] - figure) < 0.06
