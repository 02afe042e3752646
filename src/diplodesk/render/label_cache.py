"""Label plans kept on disk, so that the app does not search for every name's place at each
start: a plan depends only on the boxes, the obstacles, the shapes and the planner's own
settings, so it is stored in the user's data folder under a digest of all of them and read
back next time in a millisecond. A missing, stale or unreadable entry is made again; a
cache that cannot be written changes nothing but the speed (as geometry/map_cache.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from . import label_plan
from .detail import FIT_SHARE, LabelBox

FORMAT = b"diplodesk-label-plan-1"
KEEP = 64  # entries kept (a few zoom levels of a few boards); the oldest go first


def cache_dir() -> Path:
    from ..paths import user_data_dir

    return user_data_dir() / "cache" / "labels"


def settings_digest() -> bytes:
    """The planner's settings: a change to any of them makes every stored plan stale."""
    names = ("SHRINK_STEPS", "GRID_POINTS", "GAP", "REACH", "NEAREST", "LINE_SAMPLES")
    return repr((FIT_SHARE, [getattr(label_plan, n) for n in names])).encode()


def cached_plan(digest: bytes, make: Callable[[], list[LabelBox]]) -> list[LabelBox]:
    """The plan stored under ``digest`` (what it was made from), or ``make()`` stored there."""
    key = hashlib.sha256(FORMAT + settings_digest() + digest).hexdigest()
    folder = cache_dir()
    entry = folder / f"{key}.json"
    try:
        got = _read(entry.read_bytes())
        if got is not None:
            return got
    except OSError:
        pass
    plan = make()
    _store(folder, entry, plan)
    return plan


def _read(data: bytes) -> list[LabelBox] | None:
    try:
        rows = json.loads(data)
        out = []
        for prov, x, y, size, hw, hh, leader, crowded in rows:
            if not isinstance(prov, str) or not all(isinstance(v, int | float) for v in (x, y, size, hw, hh)):
                return None
            if leader is not None:
                lx, ly = leader
                leader = (float(lx), float(ly))
            out.append(LabelBox(prov, float(x), float(y), float(size), float(hw), float(hh), leader, bool(crowded)))
        return out
    except (ValueError, TypeError):
        return None


def _store(folder: Path, entry: Path, plan: list[LabelBox]) -> None:
    rows = [[b.prov, b.x, b.y, b.size, b.half_w, b.half_h, list(b.leader) if b.leader else None, b.crowded]
            for b in plan]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(rows, f)
        os.replace(tmp, entry)
        old = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
        for p in old[:-KEEP]:
            p.unlink(missing_ok=True)
    except (OSError, TypeError, ValueError):
        pass
