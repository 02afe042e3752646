"""The benchmark's generated sixty-nation board stays a board the engine plays (no timing here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from diplodesk.engine import adjudicate

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_hyper.py"


def test_the_generated_sixty_nation_season_adjudicates(tmp_path: Path):
    spec = importlib.util.spec_from_file_location("bench_hyper", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    pos = bench.season_position(bench.generated_variant(tmp_path / "board"))
    result = adjudicate(pos)
    assert len(result["next"]["economy"]["nations"]) >= 60
    assert not [o for o in result["orders"] if o["reason"] == "unparsable"]
