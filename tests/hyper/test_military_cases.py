"""The CASE corpus of military situations (tests/hyper/military.txt), one test per case."""

from __future__ import annotations

from pathlib import Path

import pytest

from .case_runner import expects, run
from .cases import Case, read_cases

CASES = read_cases(Path(__file__).with_name("military.txt"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case, tmp_path: Path):
    run(case, tmp_path)


def test_the_corpus_is_big_enough_and_every_case_names_its_rule_and_expects_something():
    assert len(CASES) >= 40
    assert [c.name for c in CASES if not c.cites_a_rule] == []
    assert [c.name for c in CASES if not expects(c)] == []
