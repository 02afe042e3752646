"""The command line: results on stdout, and one clear line on stderr with status 2 for bad input."""

import json
import subprocess
import sys

import pytest

from diplodesk.cli import main

POS = {"variant": "standard", "phase": "S1901M",
       "units": [{"power": "England", "type": "F", "at": "nth"}],
       "orders": {"England": ["F North Sea - Picardy"]}}


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, data, name="pos.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


def test_adjudicate_prints_the_result(tmp_path, capsys):
    code, out, err = run(capsys, "adjudicate", str(write(tmp_path, POS)))
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["orders"][0]["status"] == "invalid"


def test_adjudicate_to_file(tmp_path, capsys):
    out = tmp_path / "out.json"
    assert run(capsys, "adjudicate", str(write(tmp_path, POS)), "-o", str(out))[0] == 0
    assert json.loads(out.read_text())["next"]["phase"] == "F1901M"


def test_variant_list_and_export(tmp_path, capsys):
    code, out, _ = run(capsys, "variant", "list")
    assert code == 0 and {"standard", "loeb9", "colonial", "woolworth2a"} <= {ln.split("\t")[0] for ln in out.splitlines()}
    code, out, _ = run(capsys, "variant", "export", "standard")
    assert code == 0 and json.loads(out)["id"] == "standard"


@pytest.mark.parametrize("content, words", [
    ("not json at all", "not JSON"),
    ("[1, 2]", "expected a JSON object"),
    ({"variant": "nosuch", "phase": "S1901M"}, "no such variant"),
    ({"variant": "standard", "phase": "S1901X"}, "phase"),
    ({"variant": "standard", "phase": "S1901M", "units": [{"power": "Narnia", "type": "A", "at": "par"}]},
     "unknown power 'Narnia'"),
    ({"variant": "standard", "phase": "S1901M", "units": [{"power": "France", "type": "A", "at": "xyz"}]},
     "units[0].at: unknown place 'xyz'"),
    ({"variant": "standard", "phase": "S1901M", "units": [{"power": "France", "type": "A", "at": "nth"}]},
     "an army cannot stand in nth"),
    ({"variant": "standard", "phase": "S1901M", "units": "lots"}, "units: expected a list"),
    ("[" * 50000 + "]" * 50000, "nested too deeply"),
])
def test_bad_input_is_one_line_and_status_2(tmp_path, capsys, content, words):
    code, out, err = run(capsys, "adjudicate", str(write(tmp_path, content)))
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_huge_file_is_refused_without_reading_it(tmp_path, capsys):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(64 * 1024 * 1024 + 1)  # more than a game file may be
    code, _, err = run(capsys, "adjudicate", str(big))
    assert code == 2 and "MiB allowed" in err


def test_missing_file_and_bad_arguments(tmp_path, capsys):
    assert run(capsys, "adjudicate", str(tmp_path / "none.json"))[2].count("no such file") == 1
    code, _, err = run(capsys, "adjudicate")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(capsys, "variant", "export", "nosuch")
    assert code == 2 and "no such variant" in err


def test_report_for_a_power(tmp_path, capsys):
    code, out, _ = run(capsys, "report", str(write(tmp_path, POS)), "--power", "england")
    assert code == 0 and "report for England" in out and "F nth - pic" in out
    code, _, err = run(capsys, "report", str(write(tmp_path, POS)), "--power", "Narnia")
    assert code == 2 and "unknown power" in err


def test_console_script_runs_without_a_traceback(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "diplodesk.cli", "adjudicate", str(tmp_path / "x.json")],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


@pytest.mark.parametrize("units", [
    [{"power": ["x"], "type": "A", "at": "par"}],
    [{"power": "France", "type": {"a": 1}, "at": "par"}],
    [{"power": "France", "type": "A", "at": ["par"]}],
    [{"power": "France", "type": "A", "at": None}],
    [["France", "A", "par"]],
])
def test_odd_json_values_are_refused_cleanly(tmp_path, capsys, units):
    pos = {"variant": "standard", "phase": "S1901M", "units": units}
    code, _, err = run(capsys, "adjudicate", str(write(tmp_path, pos)))
    assert code == 2 and err.count("\n") == 1 and "units[0]" in err


@pytest.mark.parametrize("centers", [{"France": [["par"]]}, {"France": "par"}, [1, 2], {"France": [None]}])
def test_odd_centres_are_refused_cleanly(tmp_path, capsys, centers):
    pos = {"variant": "standard", "phase": "S1901M", "centers": centers}
    code, _, err = run(capsys, "adjudicate", str(write(tmp_path, pos)))
    assert code == 2 and err.count("\n") == 1 and "centers" in err


def test_render_draws_and_refuses_what_the_map_lacks(tmp_path, capsys, _user_data):
    from diplodesk.paths import builtin_variants_dir

    out = tmp_path / "map.png"
    code, _, err = run(capsys, "render", str(write(tmp_path, POS)), "-o", str(out))
    assert code == 0 and out.read_bytes().startswith(b"\x89PNG")
    # a user's variant with a province its map has no shape for
    folder = _user_data / "diplodesk" / "variants" / "extra"
    folder.mkdir(parents=True)
    std = builtin_variants_dir() / "standard"
    text = (std / "variant.toml").read_text().replace('id = "standard"', 'id = "extra"')
    text = text.replace("[adjacency]\narmy = [", '[adjacency]\narmy = [\n  "par xyz",')
    text = text.replace("[provinces]\n", '[provinces]\nxyz = {name = "Nowhere", kind = "land"}\n')
    (folder / "variant.toml").write_text(text)
    (folder / "map.svg").write_bytes((std / "map.svg").read_bytes())
    pos = {"variant": "extra", "phase": "S1901M", "units": [{"power": "France", "type": "A", "at": "xyz"}]}
    code, _, err = run(capsys, "render", str(write(tmp_path, pos, "x.json")), "-o", str(tmp_path / "x.png"))
    assert code == 2 and err.count("\n") == 1 and "xyz" in err and "Traceback" not in err


def test_public_report(tmp_path, capsys):
    pos = dict(POS, phase="F1901M", rules=["blind"])
    code, out, _ = run(capsys, "report", str(write(tmp_path, pos)), "--public")
    assert code == 0 and "most first" in out and "F nth" not in out


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out.startswith("diplodesk ")


def test_the_map_editor_runs_on_its_own_from_the_command_line(tmp_path, qapp):
    png = tmp_path / "editor.png"
    assert main(["map-editor", "standard", "--select", "spa", "--grab", str(png)]) == 0
    assert png.stat().st_size > 10_000
    from diplodesk.gui.game_windows import game_window_factory
    from diplodesk.gui.main_window import MainWindow

    assert game_window_factory() is MainWindow  # "Play this variant" has a window to open


def test_adjudicate_explains_on_request(tmp_path, capsys):
    pos = write(tmp_path, POS)
    plain = json.loads(run(capsys, "adjudicate", str(pos))[1])
    code, out, err = run(capsys, "adjudicate", str(pos), "--explain")
    assert code == 0 and err == ""
    explained = json.loads(out)
    assert all(line["explain"]["text"] and line["explain"]["steps"] for line in explained["orders"])
    for line in explained["orders"]:
        del line["explain"]
    assert explained == plain
