"""Border surveys kept on disk, so that reopening a large map does not measure every border again.

Measuring the borders of a 2,000-province map (:func:`~.adjacency.survey_borders`) takes a
fifth of a second, and its result depends only on the shapes, their ids and the gap it is
measured across. So the pairs and lengths are stored in the user's data folder under a
digest of exactly those (the shapes by their WKB, to the last bit; the GEOS version too,
as another one may measure a hair differently), next to the map cache
(:mod:`.map_cache`). The entry is plain arrays (``.npz``, read without pickle) holding its
own key; one that is missing, stale, foreign or malformed is ignored and the borders are
measured again. A cache that cannot be written changes nothing but the speed.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import shapely

FORMAT = b"diplodesk-border-cache-1"
KEEP = 16  # entries kept; the oldest go first

Surveyed = tuple[np.ndarray, np.ndarray, np.ndarray]  # left, right (indices), lengths


def borders_dir() -> Path:
    from ..paths import user_data_dir

    return user_data_dir() / "cache" / "borders"


def survey_key(ids: Sequence[str], shapes: np.ndarray, gap: float) -> str:
    """The digest a survey of these shapes (one per id, in this order) across ``gap`` is
    stored under."""
    h = hashlib.sha256(FORMAT)
    h.update(shapely.geos_version_string.encode())
    h.update(repr(float(gap)).encode())
    h.update(len(ids).to_bytes(8, "little"))
    for pid, wkb in zip(ids, shapely.to_wkb(shapes).tolist(), strict=True):
        name = pid.encode("utf-8")
        h.update(len(name).to_bytes(8, "little") + name + len(wkb).to_bytes(8, "little") + wkb)
    return h.hexdigest()


def load_survey(key: str, count: int) -> Surveyed | None:
    """The pairs and lengths stored under ``key`` for ``count`` shapes, or None when there
    is no entry or it is not one we wrote for this key."""
    entry = borders_dir() / f"{key}.npz"
    try:
        with np.load(entry, allow_pickle=False) as z:
            if z["key"].shape != () or str(z["key"]) != key:
                return None
            left, right, lengths = z["left"], z["right"], z["lengths"]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    if not (left.ndim == right.ndim == lengths.ndim == 1 and len(left) == len(right) == len(lengths)
            and left.dtype.kind == right.dtype.kind == "i" and lengths.dtype.kind == "f"):
        return None
    if len(left) and not ((left >= 0).all() and (left < right).all() and (right < count).all()
                          and np.isfinite(lengths).all() and (lengths >= 0).all()):
        return None
    return left.astype(np.intp), right.astype(np.intp), lengths.astype(float)


def store_survey(key: str, left: np.ndarray, right: np.ndarray, lengths: np.ndarray) -> None:
    """Keep a survey under ``key`` (quietly nothing when the folder cannot be written)."""
    folder = borders_dir()
    tmp = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            np.savez(f, key=np.array(key), left=np.asarray(left, dtype=np.int64),
                     right=np.asarray(right, dtype=np.int64), lengths=np.asarray(lengths, dtype=float))
        os.replace(tmp, folder / f"{key}.npz")
        tmp = None
        old = sorted(folder.glob("*.npz"), key=lambda p: p.stat().st_mtime)
        for p in old[:-KEEP]:
            p.unlink(missing_ok=True)
    except (OSError, ValueError):
        pass
    finally:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
