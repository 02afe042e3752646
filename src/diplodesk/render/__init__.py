"""Drawing positions with QPainter: one painter for screen, PNG, SVG, PDF and printing.

>>> from diplodesk.render import MapPainter, RenderOptions, render_file
"""

from ._compat import keep_none_alive

keep_none_alive()

from .export import RenderError, render_file  # noqa: E402
from .painter import MapPainter, OrderMark, RenderOptions  # noqa: E402

__all__ = ["MapPainter", "OrderMark", "RenderError", "RenderOptions", "render_file", "keep_none_alive"]
