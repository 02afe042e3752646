"""Playtests: the same seed gives the same report on any number of workers; the report's
figures are those of its games; bad settings are refused by name."""

import json
import os
import subprocess
import sys

import pytest

from diplodesk.cli import main
from diplodesk.designer.bot_game import GameSummary
from diplodesk.designer.playtest import (
    PlaytestCancelled,
    PlaytestError,
    PlaytestSpec,
    run_playtest,
    year_labels,
)
from diplodesk.designer.playtest_report import HINT, PlaytestReport
from diplodesk.variants import load_variant


def test_the_same_seed_gives_the_same_report_on_one_worker_or_two():
    spec = PlaytestSpec("standard", games=6, years=3, bot="greedy", seed=7, workers=1)
    one = run_playtest(spec)
    two = run_playtest(PlaytestSpec("standard", games=6, years=3, bot="greedy", seed=7, workers=2))
    assert one.to_text() == two.to_text()
    assert json.dumps(one.to_json()) == json.dumps(two.to_json())
    other = run_playtest(PlaytestSpec("standard", games=6, years=3, bot="greedy", seed=8, workers=1))
    assert other.to_json()["centers"] != one.to_json()["centers"]


def test_the_report_says_that_bot_games_are_a_hint_not_a_proof():
    report = run_playtest(PlaytestSpec("standard", games=1, years=1, workers=1))
    assert "Bot games are a hint, not a proof" in report.to_text()
    assert report.to_json()["note"] == HINT


def summary(index, centers, winner=None, years=None, eliminated=(None, None)):
    return GameSummary(index, tuple(map(tuple, centers)), winner, years or len(centers), 10, tuple(eliminated))


def test_the_figures_are_the_mean_and_spread_over_the_games():
    games = (
        summary(0, [(3, 3), (4, 2)]),
        summary(1, [(3, 3), (6, 0)], winner="North", years=2, eliminated=(None, 2)),
    )
    report = PlaytestReport("two", "Two", 2, 2, "greedy", 1, (), ("North", "South"), (1901, 1902), games)
    north, south = report.figures
    assert north.mean == (3.0, 5.0) and north.spread == (0.0, 1.0)
    assert south.mean == (3.0, 1.0) and south.spread == (0.0, 1.0)
    assert north.solo_rate == 0.5 and south.solo_rate == 0.0
    assert south.elimination_rate == 0.5 and south.eliminated_in == 2.0
    assert north.elimination_rate == 0.0 and north.eliminated_in is None
    data = report.to_json()
    assert data["won"] == 1 and data["length"] == {"mean": 2.0, "spread": 0.0, "min": 2, "max": 2}
    row = next(line for line in report.to_text().splitlines() if line.startswith("1902"))
    assert row.split() == ["1902", "5.0", "±", "1.0", "1.0", "±", "1.0"]


def test_a_game_that_raised_is_named_in_the_report():
    games = (GameSummary(0, ((3,),), None, 1, 4, (None,), "F1901M: KeyError: 'x'"),)
    report = PlaytestReport("one", "One", 1, 1, "greedy", 1, (), ("North",), (1901,), games)
    assert "game 0: F1901M: KeyError: 'x'" in report.to_text()
    assert report.to_json()["errors"] == [{"game": 0, "error": "F1901M: KeyError: 'x'"}]


def test_a_year_is_named_by_its_last_turn_and_colonials_go_by_two():
    assert year_labels(load_variant("colonial"), 3) == (1871, 1873, 1875)
    assert year_labels(load_variant("standard"), 3) == (1901, 1902, 1903)


def test_progress_counts_every_game_and_cancel_stops_the_playtest():
    seen = []
    run_playtest(PlaytestSpec("standard", games=3, years=1, workers=1), progress=lambda *a: seen.append(a))
    assert [s[:2] for s in seen] == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert seen[0][2] is None and seen[-1][2] == 0
    with pytest.raises(PlaytestCancelled):
        run_playtest(PlaytestSpec("standard", games=3, years=1, workers=1), cancel=lambda: True)
    with pytest.raises(PlaytestCancelled):
        run_playtest(PlaytestSpec("standard", games=40, years=5, workers=2), cancel=lambda: True)


@pytest.mark.parametrize("spec, words", [
    (PlaytestSpec("nosuch"), "variant nosuch"),
    (PlaytestSpec("hypereconomic"), "season engine of its own"),
    (PlaytestSpec("standard", games=0), "games: 0"),
    (PlaytestSpec("standard", years=0), "years: 0"),
    (PlaytestSpec("standard", bot="clever"), "unknown bot 'clever'"),
    (PlaytestSpec("standard", rules=("blimd",)), "unknown rule 'blimd'"),
    (PlaytestSpec("standard", workers=0), "workers: 0"),
])
def test_a_spec_that_cannot_run_is_refused_by_name(spec, words):
    with pytest.raises(PlaytestError, match=words):
        run_playtest(spec)


def test_the_command_prints_the_report_the_same_on_any_number_of_workers(capsys):
    args = ["variant", "playtest", "standard", "--games", "4", "--years", "2", "--bot", "greedy", "--seed", "3"]
    assert main([*args, "--workers", "1"]) == 0
    one = capsys.readouterr()
    assert main([*args, "--workers", "2"]) == 0
    two = capsys.readouterr()
    assert one.out == two.out and one.out.startswith("Playtest of Standard (standard): 4 games of 2 years")
    assert one.err == ""  # no progress bar where stderr is no terminal
    assert main([*args, "--workers", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4


def test_the_command_refuses_bad_settings_in_one_line(capsys, tmp_path):
    assert main(["variant", "playtest", "standard", "--games", "-3"]) == 2
    assert capsys.readouterr().err == "diplodesk: games: -3 (from 1 to 1,000,000)\n"
    assert main(["variant", "playtest", "standard", "--png", str(tmp_path / "x.svg")]) == 2
    assert "must end in .png" in capsys.readouterr().err
    assert main(["variant", "playtest", "standard", "-o", str(tmp_path / "no" / "r.txt")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_the_same_seed_gives_the_same_bytes_whatever_the_hash_seed(tmp_path):
    """Bots never choose by a set's order: two processes with other string hashes agree."""
    outs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        cmd = [sys.executable, "-m", "diplodesk.cli", "variant", "playtest", "loeb9", "--games", "2",
               "--years", "2", "--seed", "5", "--workers", "1"]
        outs.append(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout)
    assert outs[0] == outs[1] and "Playtest of" in outs[0]


def test_the_progress_bar_shows_the_games_done_and_the_time_left():
    import io

    from diplodesk.playtest_command import _Bar

    out = io.StringIO()
    bar = _Bar(out)
    bar(0, 200, None)
    bar(50, 200, 95.0)
    bar.finish()
    first, second, last = out.getvalue().split("\r")[1:]
    assert first.startswith("[" + "." * 30 + "] 0/200 games")
    assert second.startswith("[" + "#" * 7 + "." * 23 + "] 50/200 games, 1:35 left")
    assert last.startswith("50 games in ") and last.endswith("\n")


def test_a_variant_just_made_in_the_editor_plays_spread_over_workers(qapp):
    """Spain split in two in the map editor, then playtested: the workers get the map as it
    stands, not the built-in one."""
    from diplodesk.document.map_document import MapDocument

    doc = MapDocument.open("standard")
    x0, y0, x1, y1 = doc._shapes["spa"].bounds
    mid = (x0 + x1) / 2
    doc.split_province("spa", [(mid, y0 - 5), (mid, y1 + 5)], "and", "Andalusia", new_at=(x1 - 2, (y0 + y1) / 2))
    variant = doc.variant()
    assert "and" in variant.board.provinces
    one = run_playtest(PlaytestSpec(variant, games=4, years=3, seed=2, workers=1))
    two = run_playtest(PlaytestSpec(variant, games=4, years=3, seed=2, workers=2))
    assert one.to_json() == two.to_json() and one.errors == []
    built_in = run_playtest(PlaytestSpec("standard", games=4, years=3, seed=2, workers=1))
    assert built_in.phases != one.phases or built_in.to_json()["centers"] != one.to_json()["centers"]
