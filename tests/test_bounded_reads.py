"""Every file a user names is read by the one bounded reader (issue 29, class 2, and the
folder 1,100 deep of class 8): a FIFO, a device or a huge file is refused before anything
is read, and a folder is walked only as deep and as wide as its bound."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from hyperboards import MINI

from diplodesk.cli import main
from diplodesk.document.jdip_import import JdipImportError, import_jdip_variant
from diplodesk.engine.files import FileReadError, glob_files
from diplodesk.geometry.map_cache import cached_import
from diplodesk.geometry.svg_import import MapError
from diplodesk.variants import load_variant

TINY = Path(__file__).parent / "document" / "fixtures" / "jdip_tiny"
no_fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def one_line(capsys, *args) -> str:
    code = main([str(a) for a in args])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as f:
        f.truncate(size)  # 1.2 GB that take no room and would fill the memory if read
    return path


def test_a_12_gb_map_is_refused_by_the_map_cache_before_it_is_read(tmp_path):
    big = sparse(tmp_path / "map.svg", 1_200_000_000)
    start = time.monotonic()
    with pytest.raises(MapError, match=r"map.svg: 1200000000 bytes is more than the 32 MiB allowed"):
        cached_import(big, None)
    assert time.monotonic() - start < 5


@no_fifos
def test_a_fifo_map_is_refused_by_the_map_cache(tmp_path):
    os.mkfifo(tmp_path / "map.svg")
    with pytest.raises(MapError, match="not a regular file"):
        cached_import(tmp_path / "map.svg", None)


@pytest.fixture
def deep_tree():
    """Makes ``root/d/d/.../d`` ``depth`` folders deep (a folder at a time: os.makedirs
    itself recurses past Python's stack at 1,000), and takes each down again afterwards,
    a folder at a time too: pytest's own clean-up of its temporary folders (shutil.rmtree)
    would recurse past the stack on them at the start of a later run."""
    made: list[tuple[Path, int]] = []

    def make(root: Path, depth: int) -> Path:
        here = os.getcwd()
        made.append((root, depth))
        try:
            os.chdir(root)
            for _ in range(depth):
                os.mkdir("d")
                os.chdir("d")
            Path("x.toml").write_text("[meta]\n")
        finally:
            os.chdir(here)
        return root

    yield make
    here = os.getcwd()
    try:
        for root, depth in made:
            os.chdir(root)
            for _ in range(depth):
                os.chdir("d")
            for name in os.listdir("."):
                os.unlink(name)
            for _ in range(depth):
                os.chdir("..")
                os.rmdir("d")
    finally:
        os.chdir(here)


def test_a_glob_refuses_a_tree_1100_deep_and_a_folder_too_wide(tmp_path, deep_tree):
    deep_tree(tmp_path, 1100)
    with pytest.raises(FileReadError, match="nested more than 16 deep"):
        glob_files(tmp_path, "**/*.toml")
    assert glob_files(tmp_path, "*.toml") == []  # what the pattern cannot reach is never read
    wide = tmp_path / "wide"
    wide.mkdir()
    for i in range(60):
        (wide / f"{i}.toml").touch()
    with pytest.raises(FileReadError, match="more than 50 names"):
        glob_files(wide, "*.toml", max_entries=50)


def test_a_glob_is_pathlibs_on_ordinary_folders():
    root = Path(MINI)
    for pattern in ("tables/*.toml", "**/*.toml", "*.toml", "t*/t0?-*.toml", "**/tables/*"):
        assert glob_files(root, pattern) == sorted(p for p in root.glob(pattern) if p.is_file())


def test_a_variant_whose_tables_glob_a_folder_1100_deep_is_one_line(_user_data, capsys, deep_tree):
    folder = _user_data / "diplodesk" / "variants" / "deep"
    shutil.copytree(MINI, folder)
    toml = folder / "variant.toml"
    toml.write_text(toml.read_text().replace('"tables/*.toml"]', '"tables/*.toml", "**/*.toml"]'))
    deep_tree(folder, 1100)
    err = one_line(capsys, "variant", "check", str(folder))
    assert "tables: '**/*.toml'" in err and "nested more than 16 deep" in err


def test_a_jdip_folder_1100_deep_is_one_line(tmp_path, deep_tree):
    for p in TINY.iterdir():
        shutil.copy(p, tmp_path / p.name)
    deep_tree(tmp_path, 1100)
    with pytest.raises(JdipImportError, match="nested more than 8 deep") as e:
        import_jdip_variant(tmp_path, tmp_path / "out")
    assert "\n" not in str(e.value)


@no_fifos
def test_a_fifo_among_a_variants_tables_is_refused(_user_data, capsys):
    folder = _user_data / "diplodesk" / "variants" / "fifo"
    shutil.copytree(MINI, folder)
    (folder / "tables" / "t04-further-costs.toml").unlink()
    os.mkfifo(folder / "tables" / "t04-further-costs.toml")
    err = one_line(capsys, "variant", "check", str(folder))
    assert "t04-further-costs.toml" in err and "not a regular file" in err
    err = one_line(capsys, "tables", "export", str(folder), "T1", str(_user_data / "t1.csv"))
    assert "not a regular file" in err


@pytest.mark.skipif(sys.platform == "win32", reason="no sparse files")
def test_a_huge_table_file_is_refused_before_it_is_read(_user_data, capsys):
    folder = _user_data / "diplodesk" / "variants" / "huge"
    shutil.copytree(MINI, folder)
    sparse(folder / "tables" / "t04-further-costs.toml", 1_200_000_000)
    err = one_line(capsys, "variant", "check", str(folder))
    assert "1200000000 bytes is more than the 4 MiB allowed" in err
    assert load_variant(MINI).id  # the good one still loads
