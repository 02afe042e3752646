"""Building a large model in one go, without Python's cycle collector in the way.

Opening a map of two thousand provinces makes a great many objects at once (records, shapes,
adjacency tables, scene items); each few hundred of them the collector walks the whole heap
again, looking for cycles among objects that are all alive and kept. That was a sixth of
reopening a 2,000-province board in the map editor. Held off while the model is built, it
runs as usual afterwards.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Hold off the cycle collector for the ``with`` block (it was on: on again after)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
