"""The CASE format's own keys: a case's board, its own table values and at-most counts, and
that each of them can fail (tests/hyper/cases.py, tests/hyper/case_runner.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .case_runner import board, run, variant_of
from .cases import CaseError, read_cases


def _case(tmp_path: Path, text: str):
    path = tmp_path / "one.txt"
    path.write_text(text, encoding="utf-8")
    return read_cases(path)[0]


def test_a_case_names_its_board_its_table_values_and_at_most_counts(tmp_path):
    c = _case(tmp_path, "CASE x: a case (III.5)\nvariant: hypereconomic\ntable: T13 capacity.bisc = 1\n"
                        "atmost: units nava = 1\natmost: /next/units = 3\n")
    assert c.variant == "hypereconomic"
    assert c.tables == [("T13", "capacity.bisc", 1)]
    assert c.atmost == [("units nava", 1), ("/next/units", 3)]


def test_table_values_are_the_case_s_own(tmp_path):
    c = _case(tmp_path, "CASE x: a case (VII.6)\ntable: T13 capacity.ionn = 7\nnotice: provisional\n")
    mine = variant_of(c)
    assert mine is not board(str(Path(__file__).resolve().parents[2] / "examples" / "hyper-mini"))
    t13 = next(d for d in mine.data["table_files"].values() if d.get("meta", {}).get("table") == "T13")
    assert t13["capacity"]["ionn"] == 7
    other = _case(tmp_path, "CASE y: another (VII.6)\nnotice: provisional\n")
    t13 = next(d for d in variant_of(other).data["table_files"].values() if d.get("meta", {}).get("table") == "T13")
    assert t13["capacity"]["ionn"] == 1


def test_a_table_the_variant_lacks_is_named(tmp_path):
    c = _case(tmp_path, "CASE x: a case (VII.6)\ntable: T99 capacity.ionn = 7\nnotice: provisional\n")
    with pytest.raises(CaseError, match="no table 'T99'"):
        run(c, tmp_path)


@pytest.mark.parametrize("count, ok", [(1, True), (0, False)])
def test_an_at_most_count_fails_when_there_are_more(tmp_path, count, ok):
    c = _case(tmp_path, f"CASE x: a case (III.3)\nunits: fra 1D pari\natmost: units pari = {count}\n")
    if ok:
        run(c, tmp_path)
    else:
        with pytest.raises(AssertionError):
            run(c, tmp_path)


def test_an_at_most_line_without_a_count_is_refused(tmp_path):
    with pytest.raises(CaseError, match="cannot read"):
        _case(tmp_path, "CASE x: a case (III.3)\natmost: units pari\n")
