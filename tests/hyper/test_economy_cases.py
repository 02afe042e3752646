"""The CASE corpus of milestone 3 (tests/hyper/economy.txt), one test per case: trade,
blockades, fishing, research, banking, territory, canals, covert action, conditions and a
scripted game replayed after save and load."""

from __future__ import annotations

from pathlib import Path

import pytest

from .case_runner import expects, run
from .cases import Case, read_cases

CASES = read_cases(Path(__file__).with_name("economy.txt"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case, tmp_path: Path):
    run(case, tmp_path)


def test_every_case_names_its_rule_and_expects_something():
    assert len(CASES) >= 40
    assert [c.name for c in CASES if not c.cites_a_rule] == []
    assert [c.name for c in CASES if not expects(c)] == []


MILESTONE = ("trade", "blockade", "fishing", "research", "banking", "territory", "canals", "covert",
             "conditions", "replay")


def test_every_acceptance_test_of_milestone_3_has_cases():
    kinds = {c.name.split("-")[0] for c in CASES}
    assert [k for k in MILESTONE if k not in kinds] == []
