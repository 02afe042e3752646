"""The temporary files of autosaves killed mid-write are removed on the next start."""

import os
import time

from diplodesk.document.autosave import find_orphans
from diplodesk.engine.files import TEMP_SUFFIX


def test_looking_for_orphans_removes_stale_autosave_temps(tmp_path):
    stale = tmp_path / f".20260101-000000-abcdef12.json.k3j4h5g6{TEMP_SUFFIX}"
    other = tmp_path / "notes.tmp"
    for p in (stale, other):
        p.write_text("half a save")
        os.utime(p, (time.time() - 3600,) * 2)
    assert find_orphans(tmp_path) == []
    assert not stale.exists()
    assert other.exists()  # not ours: left alone
