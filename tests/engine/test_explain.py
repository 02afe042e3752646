"""Explanations (issue 14): for every DATC case, the numbers each explanation states decide
the result it states, and every support's or convoy's stated fate is its status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diplodesk.engine import adjudicate

CASES = json.loads((Path(__file__).parent / "datc" / "datc_v3.json").read_text())
BY_ID = {c["id"]: c for c in CASES}
OPPOSING = ("hold", "defend", "prevent", "blocker")
FATES = {"support": {"given": "succeeds", "cut": "fails", "dislodged": "fails", "void": "invalid"},
         "convoy": {"carries": "succeeds", "dislodged": "fails", "paradox": "fails", "void": "invalid"}}


def play(case: dict) -> list[dict]:
    """Every phase's result lines, with explanations."""
    result = adjudicate(case["position"], explain=True)
    lines = list(result["orders"])
    for step in case["then"]:
        result = adjudicate(dict(result["next"], orders=step["orders"]), explain=True)
        lines += result["orders"]
    return lines


def check_move(line: dict, steps: list[dict]) -> None:
    about = {s["about"]: s for s in steps}
    path = about.get("path")
    if path is not None and not path["ok"]:
        assert line["status"] == "fails", line
        return
    attack = about["attack"]["strength"]
    opposing = [s["strength"] for s in steps if s["about"] in OPPOSING]
    assert about["move"]["ok"] == (line["status"] == "succeeds"), line
    if line["status"] == "succeeds":
        entered_weakly = any(s["about"] == "mechanism" and "still enters" in s["says"] for s in steps)
        assert entered_weakly or all(attack > o for o in opposing), line
    else:
        assert any(attack <= o for o in opposing) or "paradox" in about, line


def check(lines: list[dict]) -> int:
    moves = 0
    given = {(line["power"], line["order"].split()[1].split("/")[0]) for line in lines
             if any(s.get("fate") == "given" for s in line["explain"]["steps"])}
    for line in lines:
        ex = line["explain"]
        assert ex["text"] and ex["steps"], line
        for s in ex["steps"]:
            assert s["rule"] and s["says"], s
        steps = ex["steps"]
        kinds = {s["about"] for s in steps}
        if "attack" in kinds or ("path" in kinds and line["status"] != "invalid" and "convoy" not in kinds):
            check_move(line, steps)
            moves += 1
            for s in steps:
                if s["about"] == "attack":  # every support counted was given
                    assert all(any(g[1] == p for g in given) for p in s["units"]), line
        for kind, fates in FATES.items():
            for s in steps:
                if s["about"] == kind and "fate" in s:
                    assert fates[s["fate"]] == line["status"], line
        if kinds == {"hold"} or kinds == {"hold", "dislodged"}:
            assert ("dislodged" in kinds) == (line["status"] == "fails"), line
            hold = next(s for s in steps if s["about"] == "hold")
            for s in steps:
                if s["about"] == "dislodged":  # the attack that dislodged it beat its hold
                    assert s["strength"] > hold["strength"], line
    return moves


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_every_datc_case_is_explained_consistently(case):
    check(play(case))


def test_all_164_cases_are_checked():
    assert len(CASES) == 164
    assert sum(check(play(c)) for c in CASES) > 200


def _text(case_id: str, order: str) -> str:
    lines = play(BY_ID[case_id])
    return next(line["explain"]["text"] for line in lines if line["order"] == order)


def test_circular_movement_reads_plainly():  # DATC 6.C.1
    assert _text("6.C.1", "F ank - con") == "F ank - con succeeds: attack 1 against hold 0 of A con (it left)"


def test_a_support_cut_is_named():  # DATC 6.D.1 and 6.D.2
    assert _text("6.D.1", "A tri - ven") == (
        "A tri - ven fails: attack 2 (F adr's support) against hold 2 of A ven (A tyr's support)")
    assert _text("6.D.2", "A tyr S A ven") == "A tyr S A ven fails: the support was cut by A vie"
    assert _text("6.D.2", "A tri - ven") == (
        "A tri - ven succeeds: attack 2 (F adr's support) against hold 1 of A ven; A tyr's support was cut by A vie")


def test_a_head_to_head_battle():  # DATC 6.E.1
    text = _text("6.E.1", "A pru - ber")
    assert text.startswith("A pru - ber fails: attack 1 against defend 2 of A ber (A sil's support)")


def test_szykman_names_its_rule():  # DATC 6.F.16 (the pandin paradox)
    lines = play(BY_ID["6.F.16"])
    line = next(x for x in lines if x["order"] == "A bre - lon")
    assert "Szykman" in line["explain"]["text"]
    assert any(s["rule"] == "DATC 4.A.2 Szykman rule" for s in line["explain"]["steps"])


def test_off_by_default():
    result = adjudicate(BY_ID["6.C.1"]["position"])
    assert all("explain" not in line for line in result["orders"])


def _reversed(position: dict) -> dict:
    orders = {p: list(reversed(o)) for p, o in reversed(list(position.get("orders", {}).items()))}
    return dict(position, units=list(reversed(position["units"])), orders=orders)


@pytest.mark.parametrize("case_id", ["6.D.1", "6.E.7", "6.F.16", "6.F.24", "6.G.17"])
def test_the_explanation_does_not_depend_on_the_order_of_the_orders(case_id):
    pos = BY_ID[case_id]["position"]
    by_order = {}
    for p in (pos, _reversed(pos)):
        by_order[p is pos] = {line["order"]: line["explain"] for line in adjudicate(p, explain=True)["orders"]}
    assert by_order[True] == by_order[False]


def test_explained_results_have_the_published_shape():
    from diplodesk.engine.schemas import ResultShape, check

    for case in CASES:
        check(adjudicate(case["position"], explain=True), ResultShape)


def test_explanations_off_the_default_path_are_not_even_imported():
    """Without explain=True, no explanation code runs: adjudicating a phase (a Blind one
    too, with each power's report) leaves engine/explain.py unimported."""
    import subprocess
    import sys

    code = ("import sys; from diplodesk.engine import adjudicate, load_position, process;"
            "from diplodesk.engine.rules import blind;"
            "p = load_position({'variant': 'standard', 'phase': 'S1901M', 'rules': ['blind'],"
            " 'units': [{'power': 'France', 'type': 'A', 'at': 'par'}], 'orders': {'France': ['A par - bur']}});"
            "adjudicate(p.to_json()); blind.report_text(p, process(p), 'France');"
            "print('diplodesk.engine.explain' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
