"""How to draw a picture: the options every layer of the painter reads."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class RenderOptions:
    """How to draw.

    power: draw as that power sees it (its units and orders emphasised, the others faded).
    palette: ``"default"`` (the variant's colours) or ``"colorblind"`` (Okabe-Ito).
    """

    power: str | None = None
    palette: str = "default"
    show_orders: bool = True
    show_labels: bool = True
    show_title: bool = True
    show_legend: bool = True
    show_retreats: bool = True
    show_counts: bool = True  # others' centre counts in the legend (not in Blind games)
    show_specials: bool = True  # the variant's special lines and provinces (difficult borders, ...)
    # said under the title, after the variant: what the picture is not (a phase drawn before it
    # was adjudicated shows the orders given so far, never results)
    note: str = ""
    # screen pixels per map unit when drawn for a screen: glyphs and labels then keep a
    # minimum size and labels that don't fit are left out (0: a page, the map's own sizes)
    screen_scale: float = 0.0
