"""Map art generator for diplodesk boards (a dev tool; the app never imports it).

Draws a board's SVG from Natural Earth 1:10m country outlines, seed points per province and a
Voronoi partition of land and sea. See ``tools/mapgen/README.md``.
"""
