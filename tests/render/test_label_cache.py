"""Label plans kept on disk: read back the same as made, and made again when the stored
entry is broken or the planner's settings changed."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6.QtGui")

from diplodesk.geometry.shapes import load_map_geometry  # noqa: E402
from diplodesk.render import label_cache, label_plan  # noqa: E402
from diplodesk.render.export import ensure_app  # noqa: E402
from diplodesk.render.sheet import Sheet  # noqa: E402
from diplodesk.variants import load_variant  # noqa: E402


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    ensure_app()
    monkeypatch.setattr(label_cache, "cache_dir", lambda: tmp_path / "labels")
    v = load_variant("standard")
    g = load_map_geometry(v)

    def plan():
        s = Sheet(v, g)
        s.paths = {}
        s.use_scale(0.36)
        return s.label_plan()

    return plan, tmp_path / "labels"


def test_a_stored_plan_reads_back_as_made(fresh):
    plan, folder = fresh
    made = plan()
    assert len(list(folder.glob("*.json"))) == 1
    assert plan() == made


def test_a_broken_entry_or_new_settings_make_the_plan_again(fresh, monkeypatch):
    plan, folder = fresh
    made = plan()
    (entry,) = folder.glob("*.json")
    entry.write_text('[["lon", "x"]]')
    assert plan() == made
    monkeypatch.setattr(label_plan, "GAP", label_plan.GAP * 2)
    plan()
    assert len(list(folder.glob("*.json"))) == 2  # stored under another key
