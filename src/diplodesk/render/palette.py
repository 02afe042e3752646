"""Colours of a drawn map: the powers', the land's and the sea's, in two palettes.

``default`` takes each power's colour from the variant. ``colorblind`` uses the
Okabe-Ito colours, which stay apart under the common colour-vision deficiencies; the
seven standard powers get the seven of them that are not black, and other variants take
them in turn (then the variant's own colours). Every unit also carries its letter and every
power a name in the legend, so nothing depends on colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QColor

OKABE_ITO = {
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
    "black": "#000000",
}

# The standard powers in the Okabe-Ito set (their usual hues, as near as the set allows).
_STANDARD_CB = {
    "Austria": OKABE_ITO["vermillion"],
    "England": OKABE_ITO["blue"],
    "France": OKABE_ITO["sky blue"],
    "Germany": OKABE_ITO["orange"],
    "Italy": OKABE_ITO["bluish green"],
    "Russia": OKABE_ITO["reddish purple"],
    "Turkey": OKABE_ITO["yellow"],
}
_CB_ORDER = [OKABE_ITO[k] for k in ("vermillion", "blue", "sky blue", "orange", "bluish green",
                                    "reddish purple", "yellow")]

PALETTES = ("default", "colorblind")


@dataclass
class Palette:
    name: str
    powers: dict[str, QColor]
    sea: QColor = field(default_factory=lambda: QColor("#bcd6e8"))
    sea_border: QColor = field(default_factory=lambda: QColor("#86a9c2"))
    land: QColor = field(default_factory=lambda: QColor("#f1e8d0"))
    land_border: QColor = field(default_factory=lambda: QColor("#5c5040"))
    impassable: QColor = field(default_factory=lambda: QColor("#a49a8a"))
    ink: QColor = field(default_factory=lambda: QColor("#222222"))
    sea_ink: QColor = field(default_factory=lambda: QColor("#2b4d69"))
    failed: QColor = field(default_factory=lambda: QColor("#d0021b"))
    invalid: QColor = field(default_factory=lambda: QColor("#8a8a8a"))
    paper: QColor = field(default_factory=lambda: QColor("#ffffff"))

    def power(self, name: str | None) -> QColor:
        if name is None:
            return QColor(self.invalid)
        return QColor(self.powers.get(name, self.invalid))

    territory_mix: float = 0.45

    def territory(self, name: str) -> QColor:
        """A power's colour softened for filling its centres (labels stay readable)."""
        return blend(self.power(name), self.land, self.territory_mix)


def blend(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` mixed with ``t`` parts of ``b``."""
    return QColor(
        round(a.red() * (1 - t) + b.red() * t),
        round(a.green() * (1 - t) + b.green() * t),
        round(a.blue() * (1 - t) + b.blue() * t),
    )


def luminance(c: QColor) -> float:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.red()) + 0.7152 * lin(c.green()) + 0.0722 * lin(c.blue())


def text_on(c: QColor) -> QColor:
    """Black or white, whichever reads better on ``c``."""
    return QColor("#111111") if luminance(c) > 0.22 else QColor("#ffffff")


def make_palette(name: str, powers: list[tuple[str, str]]) -> Palette:
    """A palette for a variant's ``(power, colour)`` list."""
    if name not in PALETTES:
        raise ValueError(f"unknown palette {name!r} (palettes: {', '.join(PALETTES)})")
    colours: dict[str, QColor] = {}
    if name == "default":
        for i, (p, c) in enumerate(powers):
            q = QColor(c)
            colours[p] = q if q.isValid() else QColor(_CB_ORDER[i % len(_CB_ORDER)])
        return Palette(name, colours)
    standard = all(p in _STANDARD_CB for p, _ in powers)
    for i, (p, c) in enumerate(powers):
        if standard:
            colours[p] = QColor(_STANDARD_CB[p])
        elif i < len(_CB_ORDER):
            colours[p] = QColor(_CB_ORDER[i])
        else:
            colours[p] = QColor(c)
    return Palette(name, colours, sea=QColor("#cfdde6"), sea_border=QColor("#8fa3b0"),
                   land=QColor("#f3efe6"), territory_mix=0.3)
