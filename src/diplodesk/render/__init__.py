"""Drawing positions with QPainter: one painter for screen, PNG, SVG, PDF and printing.

>>> from diplodesk.render import MapPainter, RenderOptions, render_file
"""

from .export import RenderError, render_file
from .painter import MapPainter, OrderMark, RenderOptions

__all__ = ["MapPainter", "OrderMark", "RenderError", "RenderOptions", "render_file"]
