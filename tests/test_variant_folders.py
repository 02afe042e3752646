"""Variant folders are written in their place, whole, or not at all (issue 29, classes 3
and 5): an id is a name, never a path; a full disk, a read-only folder or a file where the
folder should be is one line, and leaves what was there before."""

from __future__ import annotations

import errno
import tomllib
from pathlib import Path

import pytest

from diplodesk.cli import main
from diplodesk.document import map_document
from diplodesk.document.jdip_import import JdipImportError, import_jdip_variant
from diplodesk.engine.variant import Variant, VariantError
from diplodesk.paths import builtin_variants_dir, user_variant_dir, user_variants_dir

TINY = Path(__file__).parent / "document" / "fixtures" / "jdip_tiny"


def one_line(capsys, *args) -> str:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    assert code == 2 and captured.err.count("\n") == 1 and "Traceback" not in captured.err, captured.err
    return captured.err


@pytest.mark.parametrize("vid", ["..", ".", "a/b", "../x", "/tmp/x", ".hidden", "_x", "a\\b", "", "x" * 65])
def test_an_id_that_is_a_path_is_refused_and_nothing_is_written(_user_data, capsys, vid):
    before = sorted(p.relative_to(_user_data) for p in _user_data.rglob("*"))
    err = one_line(capsys, "variant", "import", TINY, "--id", vid)
    assert "is not a variant id" in err and "never a path" in err
    assert sorted(p.relative_to(_user_data) for p in _user_data.rglob("*")) == before


@pytest.mark.parametrize("vid", ["..", ".", "a/b", "_x"])
def test_variant_data_with_an_id_that_is_no_name_is_refused(vid):
    data = tomllib.loads((builtin_variants_dir() / "standard" / "variant.toml").read_text())
    with pytest.raises(VariantError, match="id: expected `str` matching"):
        Variant.from_data(data | {"id": vid})


def test_the_users_folder_of_an_id(_user_data):
    assert user_variant_dir("tiny_isles") == user_variants_dir() / "tiny_isles"
    for bad in ("..", ".", "a/b", "x\0y"):
        with pytest.raises(ValueError, match="is not a variant id"):
            user_variant_dir(bad)


def test_a_file_where_the_variant_folder_goes(_user_data, capsys):
    user_variants_dir().mkdir(parents=True)
    (user_variants_dir() / "tiny_isles").write_text("mine")
    err = one_line(capsys, "variant", "import", TINY)
    assert "tiny_isles: is a file, not a folder; nothing was imported" in err
    assert (user_variants_dir() / "tiny_isles").read_text() == "mine"


@pytest.mark.parametrize("failing, code", [("map.svg", errno.ENOSPC), ("variant.toml", errno.EROFS),
                                           ("map.svg", errno.EACCES)])
def test_a_write_error_leaves_no_half_variant(_user_data, capsys, monkeypatch, failing, code):
    real = map_document.write_atomic

    def write(path, data, *a, **k):
        if Path(path).name == failing:
            raise OSError(code, __import__("os").strerror(code), str(path))
        return real(path, data, *a, **k)

    monkeypatch.setattr(map_document, "write_atomic", write)
    err = one_line(capsys, "variant", "import", TINY)
    assert "cannot write the variant" in err and "nothing was imported" in err
    assert not (user_variants_dir() / "tiny_isles").exists()
    assert [p.name for p in user_variants_dir().iterdir()] == []  # no staged folder left behind


def test_a_failed_overwrite_keeps_the_variant_that_was_there(_user_data, monkeypatch):
    import_jdip_variant(TINY)
    folder = user_variants_dir() / "tiny_isles"
    assert folder.is_relative_to(_user_data)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}

    def full(path, data, *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    with monkeypatch.context() as m:
        m.setattr(map_document, "write_atomic", full)
        with pytest.raises(JdipImportError, match="No space left on device"):
            import_jdip_variant(TINY, overwrite=True)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    (folder / "map.svg").unlink()
    imp = import_jdip_variant(TINY, overwrite=True)  # and a good overwrite replaces it whole
    assert (imp.folder / "variant.toml").is_file() and (imp.folder / "map.svg").is_file()
    assert [p.name for p in user_variants_dir().iterdir()] == ["tiny_isles"]


def test_a_variant_too_large_to_open_again_is_not_written(_user_data, capsys, monkeypatch):
    # jDip data can make a variant.toml over the 4 MiB its loader reads: it was written, exit 0,
    # and then no command could open it
    monkeypatch.setattr(map_document, "MAX_VARIANT_BYTES", 500)
    err = one_line(capsys, "variant", "import", TINY)
    assert "variant.toml would be 17" in err and "more than the 500 bytes diplodesk reads" in err
    assert "nothing was imported" in err
    assert not user_variants_dir().exists() or list(user_variants_dir().iterdir()) == []


def test_a_border_named_a_million_times_is_written_once(_user_data, tmp_path):
    # 1.5 million references to one seasonal border wrote a 10 MB variant.toml
    for p in TINY.iterdir():
        (tmp_path / p.name).write_bytes(p.read_bytes())
    adj = tmp_path / "tiny_adjacency.xml"
    adj.write_text(adj.read_text().replace('<PROVINCE shortname="nse" fullname="North Sea">',
                                           '<PROVINCE shortname="nse" fullname="North Sea" borders="'
                                           + "ice " * 200_000 + '">'))
    imp = import_jdip_variant(tmp_path)
    [seasonal] = [s for s in imp.data["special"] if s["kind"] == "seasonal"]
    assert seasonal["provinces"] == ["ese", "nse"]
    assert (imp.folder / "variant.toml").stat().st_size < 20_000
