"""SVG <-> shapely: import, province shapes, hit testing, anchors, adjacency from geometry.

Pure Python over shapely and svgelements; never imports Qt.

>>> from diplodesk.geometry import load_map_geometry
>>> geom = load_map_geometry("standard")
>>> geom.province_at(x, y), geom.location_at(x, y, "F"), geom.anchor("unit", "stp/nc")
"""

from .shapes import MapGeometry, load_map_geometry
from .svg_import import ImportedMap, MapError, import_svg

__all__ = ["ImportedMap", "MapError", "MapGeometry", "import_svg", "load_map_geometry"]
