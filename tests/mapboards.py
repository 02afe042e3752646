"""Boards for the map editor's tests: a small grid board, and a board's exact state."""

from __future__ import annotations

from shapely.geometry import Polygon, box

from diplodesk.document.map_document import MapDocument, PowerRecord, ProvinceRecord, StartUnit


def grid_doc() -> MapDocument:
    records = [
        ProvinceRecord("nor", "North", "sea"),
        ProvinceRecord("aaa", "Aaa", "coast", center=True, home="Red"),
        ProvinceRecord("bbb", "Bbb", "coast"),
        ProvinceRecord("ccc", "Ccc", "coast", center=True),
        ProvinceRecord("ddd", "Ddd", "coast", center=True, home="Blue"),
        ProvinceRecord("eee", "Eee", "land"),
        ProvinceRecord("fff", "Fff", "land"),
    ]
    # shared borders have their points in common (no T-junctions), as a drawn map's do
    shapes = {
        "nor": Polygon([(0, 0), (400, 0), (400, 100), (300, 100), (200, 100), (100, 100), (0, 100)]),
        "aaa": box(0, 100, 100, 200), "bbb": box(100, 100, 200, 200),
        "ccc": box(200, 100, 300, 200), "ddd": box(300, 100, 400, 200),
        "eee": Polygon([(0, 200), (100, 200), (200, 200), (200, 300), (0, 300)]),
        "fff": Polygon([(200, 200), (300, 200), (400, 200), (400, 300), (200, 300)]),
    }
    info = {
        "id": "grid", "name": "Grid",
        "powers": (PowerRecord("Red", "Red", "#aa0000"), PowerRecord("Blue", "Blue", "#0000aa")),
        "start_units": (StartUnit("Red", "F", "aaa"), StartUnit("Blue", "A", "ddd")),
        "victory": {"centers": 2},
    }
    doc = MapDocument.from_shapes((0, 0, 400, 300), records, shapes, info=info)
    doc.move_anchor("center-aaa", (50, 170))
    doc.move_anchor("center-ccc", (250, 170))
    doc.move_anchor("center-ddd", (350, 170))
    doc.mark_clean()
    return doc


def state(doc: MapDocument):
    """Everything that makes the board, compared exactly (shapes as WKB)."""
    return (
        doc.to_data(),
        {k: g.wkb for k, g in doc.shapes.items()},
        {k: g.wkb for k, g in doc.coast_shapes.items()},
        doc.anchors,
        sorted(doc.decorations),
        doc.borders(),
        sorted(doc.geometric_links()),
        doc.overrides,
        doc.pairs("A"),
        doc.pairs("F"),
    )
