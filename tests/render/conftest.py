"""A made-up map of the whole standard board, so render tests don't depend on the art.

Each province is a square of a grid (two-coast provinces split in halves for their coasts),
written in our own map format without anchors, so anchors are worked out from the shapes.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from diplodesk.geometry.shapes import MapGeometry
from diplodesk.variants import load_variant

CELL = 60


def grid_svg(board) -> str:
    ids = sorted(board.provinces)
    cols = math.ceil(math.sqrt(len(ids)))
    rows = math.ceil(len(ids) / cols)
    w, h = cols * CELL, rows * CELL
    provs, coasts = [], []
    for i, pid in enumerate(ids):
        x, y = (i % cols) * CELL, (i // cols) * CELL
        kind = board.provinces[pid].kind.value
        provs.append(f'<rect id="{pid}" data-kind="{kind}" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>')
        cs = board.provinces[pid].coasts
        for k, c in enumerate(cs):
            hh = CELL / len(cs)
            coasts.append(f'<rect id="{pid}/{c}" x="{x}" y="{y + k * hh}" width="{CELL}" height="{hh}"/>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" data-diplodesk-map="1">'
        f'<g id="background"><rect width="{w}" height="{h}" fill="#b9d4e6"/></g>'
        f'<g id="provinces">{"".join(provs)}</g><g id="coasts">{"".join(coasts)}</g>'
        '<g id="anchors"/></svg>'
    )


@pytest.fixture(scope="session")
def grid_geometry(tmp_path_factory) -> MapGeometry:
    board = load_variant("standard").board
    path: Path = tmp_path_factory.mktemp("grid") / "map.svg"
    path.write_text(grid_svg(board))
    return MapGeometry.from_svg(path, board, strict=True)
