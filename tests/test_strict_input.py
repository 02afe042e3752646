"""Bad variant files and bad command lines: a clear error naming file, field and what was
expected; a broken user variant is listed as broken and never breaks other commands."""

import json
import os
import tomllib

import pytest

from diplodesk.cli import main
from diplodesk.engine import VariantError
from diplodesk.engine.variant import Variant
from diplodesk.paths import builtin_variants_dir
from diplodesk.variants import list_variants, load_variant

STANDARD = (builtin_variants_dir() / "standard" / "variant.toml").read_text()
POS = {"variant": "standard", "phase": "S1901M", "units": [{"power": "England", "type": "F", "at": "nth"}]}


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def user_variant(root, name, content: bytes):
    folder = root / "diplodesk" / "variants" / name
    folder.mkdir(parents=True)
    (folder / "variant.toml").write_bytes(content)
    return folder


def one_error_line(code, err):
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


BROKEN = {
    "latin1": STANDARD.replace('id = "standard"', 'id = "mine"').encode() + b'\n# caf\xe9\n',
    "deep": b'id = "deep"\nx = ' + b"[" * 50_000 + b"]" * 50_000 + b"\n",
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_user_variant_is_listed_as_broken_and_breaks_nothing(_user_data, tmp_path, capsys, kind):
    user_variant(_user_data, "mine", BROKEN[kind])
    info = next(v for v in list_variants() if v.path.name == "mine")
    assert not info.playable and info.problem
    code, out, err = run(capsys, "variant", "list")
    assert code == 0 and err == ""
    assert any(line.startswith("mine\t") and "not playable: " in line for line in out.splitlines())
    assert "standard\t" in out
    code, out, err = run(capsys, "variant", "export", "standard")
    assert code == 0 and json.loads(out)["id"] == "standard"
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(POS))
    code, out, err = run(capsys, "adjudicate", pos)
    assert code == 0 and err == ""
    code, out, err = run(capsys, "variant", "check", "mine")
    line = one_error_line(code, err)
    assert "variant.toml" in line and ("UTF-8" in line or "nested" in line)


def mutated(change):
    data = tomllib.loads(STANDARD)
    change(data)
    return data


@pytest.mark.parametrize("change, where, expected", [
    (lambda d: d.__setitem__("name", 5), "name", "str"),
    (lambda d: d["provinces"]["lon"].__setitem__("center", float("inf")), "provinces.lon.center", "bool"),
    (lambda d: d["calendar"].__setitem__("year_step", True), "calendar.year_step", "int"),
    (lambda d: d["calendar"].__setitem__("build_after", float("inf")), "calendar.build_after", "str"),
    (lambda d: d["provinces"]["stp"].__setitem__("coasts", ["nc", {}]), "provinces.stp.coasts[1]", "str"),
    (lambda d: d["start"]["units"][0].__setitem__("power", {}), "start.units[0].power", "str"),
    (lambda d: d["provinces"]["lon"].__setitem__("centre", True), "provinces.lon", "unknown field 'centre'"),
    (lambda d: d.__setitem__("format", True), "format", "int"),
])
def test_type_mutants_are_clear_errors(change, where, expected):
    with pytest.raises(VariantError) as e:
        Variant.from_data(mutated(change), source="mine/variant.toml")
    message = str(e.value)
    assert message.startswith("mine/variant.toml: ")
    assert f"{where}: " in message and expected in message, message


def test_the_built_in_variants_have_the_shape():
    for folder in sorted(builtin_variants_dir().iterdir()):
        if (folder / "variant.toml").is_file():
            assert load_variant(folder.name).id


def test_a_300_character_variant_name(capsys):
    line = one_error_line(*run(capsys, "variant", "export", "x" * 300)[::2])
    assert "no such variant" in line


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_adjudicate_refuses_devices(capsys):
    line = one_error_line(*run(capsys, "adjudicate", "/dev/zero")[::2])
    assert "not a regular file" in line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_adjudicate_refuses_a_fifo(tmp_path, capsys):
    fifo = tmp_path / "pos.json"
    os.mkfifo(fifo)
    line = one_error_line(*run(capsys, "adjudicate", fifo)[::2])
    assert "not a regular file" in line


def test_assign_with_list_entries(tmp_path, capsys):
    prefs = tmp_path / "prefs.json"
    prefs.write_text(json.dumps({"Alice": [["England"]], "Bob": ["France"]}))
    line = one_error_line(*run(capsys, "assign", prefs)[::2])
    assert "list of powers" in line


@pytest.mark.parametrize("command, target", [
    ("render", "missing/dir/out.png"), ("render", "missing/dir/out.svg"),
    ("render", "missing/dir/out.pdf"), ("pack", "file/sub"),
])
def test_unwritable_outputs_give_one_line_and_no_qt_warnings(tmp_path, capfd, command, target):
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(POS))
    (tmp_path / "file").write_text("a file, not a folder")
    code = main([command, str(pos), "-o", str(tmp_path / target)])
    err = capfd.readouterr().err  # capfd: Qt writes its warnings to the process's stderr
    line = one_error_line(code, err)
    assert "cannot write" in line


@pytest.mark.parametrize("name", ["x" * 300, "/dev/zero", "a\0b", "."])
def test_the_app_is_not_started_on_what_is_no_game_file(monkeypatch, capsys, name):
    import diplodesk.gui.app

    def never(path):
        raise AssertionError(f"the app was started on {path!r}")

    monkeypatch.setattr(diplodesk.gui.app, "run", never)
    line = one_error_line(*run(capsys, name)[::2])
    assert "no such file" in line or "not a game file" in line


def test_a_nul_in_a_game_file_name(tmp_path):
    from diplodesk.engine.game import Game, GameFileError

    with pytest.raises(GameFileError, match="not a usable file name"):
        Game.load(str(tmp_path / "a\0b.json"))
