"""The CASE corpus on the world board of 1914 (tests/hyper/world.txt): the provinces the rules
name (Suez, Kiel, Nepal, Switzerland, Panama and Nicaragua), one test per case. The board is
loaded once per test session (tests/hyper/case_runner.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .case_runner import expects, run
from .cases import Case, read_cases

CASES = read_cases(Path(__file__).with_name("world.txt"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case, tmp_path: Path):
    run(case, tmp_path)


def test_every_world_case_is_on_the_world_board_and_expects_something():
    assert {c.variant for c in CASES} == {"hypereconomic"}
    assert [c.name for c in CASES if not c.cites_a_rule] == []
    assert [c.name for c in CASES if not expects(c)] == []
    named = " ".join(c.title for c in CASES)
    assert all(x in named for x in ("Suez", "Kiel", "Nepal", "Switzerland", "Panama", "Nicaragua"))
