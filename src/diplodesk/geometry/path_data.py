"""Path data of straight lines only, read without svgelements.

The maps the editor writes (and the built-in ones) draw every ring as ``M x,y x,y ... Z``:
absolute points joined by straight lines. svgelements reads them right, but makes an
object per point, which is most of the time of a first open of a large map. Such data is
read here as plain numbers instead, to the same rings; anything else (curves, relative or
explicit commands, a number it would read differently) is left to svgelements, so that
it alone decides what unusual data means.
"""

from __future__ import annotations

import re

import numpy as np

_OTHER = re.compile(r"[^0-9.eE+\-\s,MZz]")  # a character a straight ring cannot hold
_CLOSE = re.compile(r"[Zz]")
_SEP = r"\s*,\s*|\s+"
_NUMBER = r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"  # not "6." nor "1e": see below
# Numbers, one separator between each two: each number and separator can be read one way
# only, so matching takes a time in proportion to the text, whatever it holds.
_NUMBERS = re.compile(rf"{_NUMBER}(?:(?:{_SEP}){_NUMBER})*")
_SPLIT = re.compile(_SEP)


def straight_rings(d: str) -> list[np.ndarray] | None:
    """The rings of path data made of closed subpaths ``M x,y x,y ... Z`` only (each an
    ``(n, 2)`` array of its points, not repeating the first), or None for any other data.

    The numbers are Python floats of the same text svgelements would read, so the points
    are the same to the last bit; they may be non-finite or huge (the caller checks).
    """
    if _OTHER.search(d):
        return None
    *subpaths, tail = _CLOSE.split(d)
    if not subpaths or tail.strip():
        return None
    rings = []
    for sub in subpaths:
        sub = sub.strip()
        if not sub.startswith("M") or "M" in sub[1:]:
            return None
        body = sub[1:].strip()
        if not _NUMBERS.fullmatch(body):
            return None  # "", "1-2", "1e", "6." (svgelements drops a Z after it): its business
        v = [float(t) for t in _SPLIT.split(body)]
        if len(v) % 2:
            return None
        rings.append(np.array(v, dtype=float).reshape(-1, 2))
    return rings
