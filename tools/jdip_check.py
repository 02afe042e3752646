"""How well jDip variants come in: for each folder or zip given, whether its map draws every
province, and whether the map's borders agree with its declared adjacency (pairs declared
across water, whose shapes do not come near, are counted apart as crossings).

    python tools/jdip_check.py PATH [PATH ...]

Reads only; writes nothing. For the real files, which are not ours to ship.
"""

from __future__ import annotations

import sys

import shapely

from diplodesk.document.jdip_import import JdipImportError, read_jdip_variant
from diplodesk.engine.variant import Variant, VariantError
from diplodesk.geometry.adjacency import diff_adjacency, map_gap
from diplodesk.geometry.shapes import MapGeometry
from diplodesk.geometry.svg_import import MapError, import_svg


def check(path: str) -> tuple[bool, bool]:
    """(the map draws every province, the borders agree) for one jDip variant; prints a line."""
    imp = read_jdip_variant(path)
    variant = Variant.from_data(imp.data, source=path)
    imported = import_svg(imp.svg, variant.board, source=path)
    geom = MapGeometry(imported, variant.board)
    gap = map_gap(geom)
    diff = diff_adjacency(geom, variant.board)
    index = {p: i for i, p in enumerate(geom.ids)}
    near = [p for p in diff.only_variant
            if shapely.distance(geom.shapes[index[p[0]]], geom.shapes[index[p[1]]]) <= gap]
    whole, agrees = not imported.missing, not diff.only_geometry and not near
    print(f"{path}: {imp.data['name']}: {len(variant.board.provinces)} provinces, {len(imported.provinces)} drawn"
          f"{' (missing ' + ', '.join(imported.missing) + ')' if imported.missing else ''}; gap {gap:.2f}; "
          f"{len(diff.only_geometry)} borders not declared, {len(near)} declared pairs touching without a border, "
          f"{len(diff.only_variant) - len(near)} crossings; {'agrees' if agrees else 'differs'}")
    return whole, agrees


def main(paths: list[str]) -> int:
    whole = agrees = done = 0
    for path in paths:
        try:
            w, a = check(path)
        except (JdipImportError, VariantError, MapError) as e:
            print(f"{path}: {e}")
            continue
        done, whole, agrees = done + 1, whole + w, agrees + a
    print(f"{len(paths)} given, {done} read, {whole} drawn whole, {agrees} agree")
    return 0 if done == len(paths) else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
