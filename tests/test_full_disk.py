"""A full or read-only disk under every command that writes (issue 29, classes 3 and 4): one
line saying what and where, exit status 2, never a traceback, never a file that looks whole
and is not, and the old file kept whole. Each runs on a small disk of its own
(tests/small_disk.py), where the machine allows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diplodesk.engine.game import Game
from diplodesk.variants import load_variant

MINI = str(Path(__file__).resolve().parents[1] / "examples" / "hyper-mini")


def _refused(run, *words: str) -> None:
    assert run.code == 2, (run.code, run.err)
    assert "Traceback" not in run.err, run.err
    last = run.err.splitlines()[-1]  # after a pack's progress lines, the one line that says why
    assert last.startswith("diplodesk: ") and all(line.startswith("[") or ": note: " in line
                                                  for line in run.err.splitlines()[:-1]), run.err
    for w in words:
        assert w in last, run.err


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> bytes:
    """A standard game with spring 1901 played and fall's orders begun, as saved."""
    game = Game.new(load_variant("standard"))
    game.set_orders("England", ["F lon - nth"])
    game.process()
    path = tmp_path_factory.mktemp("g") / "game.json"
    game.save(path)
    return path.read_bytes()


@pytest.mark.parametrize("read_only", [False, True], ids=["full", "read-only"])
def test_game_new_orders_and_play_say_the_disk_refused_and_keep_the_game(small_disk, played, tmp_path,
                                                                         read_only):
    error = "Read-only file system" if read_only else "No space left on device"
    disk = small_disk.files({"game.json": played})
    _refused(small_disk.diplodesk("game", "new", "standard", "-o", disk / "new.json",
                                  read_only=read_only), "new.json", "cannot write", error)
    orders = tmp_path / "orders.txt"
    orders.write_text("F nth - nwy\n")
    run = small_disk.diplodesk("game", "orders", disk / "game.json", "England", orders, read_only=read_only)
    _refused(run, "game.json", "cannot write", error)
    assert run.left["game.json"] == played
    run = small_disk.diplodesk("game", "play", disk / "game.json", read_only=read_only)
    _refused(run, "game.json", "cannot write", error)
    assert run.left["game.json"] == played and set(run.left) == {"game.json"}


@pytest.mark.parametrize("suffix", [".pdf", ".svg", ".png"])
def test_render_to_a_nearly_full_disk_fails_whole_and_keeps_the_old_map(small_disk, played, tmp_path, suffix):
    game = tmp_path / "game.json"
    game.write_bytes(played)
    old = b"an earlier map, whole"
    disk = small_disk.files({f"map{suffix}": old})
    run = small_disk.diplodesk("render", game, "-o", disk / f"map{suffix}", free=16 * 1024)
    _refused(run, f"map{suffix}", "cannot write", "No space left on device")
    assert run.left == {f"map{suffix}": old}  # the old map as it was, no piece of the new one


@pytest.mark.parametrize("variant", ["standard", MINI], ids=["standard", "hypereconomic"])
def test_a_pack_on_a_full_disk_lists_no_empty_pdfs(small_disk, tmp_path, variant):
    game = Game.new(load_variant(variant))
    game.process()
    path = tmp_path / "game.json"
    game.save(path)
    disk = small_disk.files({})
    run = small_disk.diplodesk("pack", path, "-o", disk / "packs", free=0)
    _refused(run, "packs", "No space left on device")
    assert run.out == "" and run.left == {}


def test_a_render_with_room_enough_is_written_whole(small_disk, played, tmp_path):
    """The small disk itself: with room, the same command succeeds (so the refusals above are
    the disk's doing)."""
    game = tmp_path / "game.json"
    game.write_bytes(played)
    disk = small_disk.files({})
    run = small_disk.diplodesk("render", game, "-o", disk / "map.pdf", "--width", "400", free=None)
    assert run.code == 0, run.err
    assert run.left["map.pdf"].startswith(b"%PDF-") and run.left["map.pdf"].rstrip().endswith(b"%%EOF")
    assert json.loads(played)["history"]


TINY = Path(__file__).parent / "document" / "fixtures" / "jdip_tiny"


@pytest.mark.parametrize("read_only", [False, True], ids=["full", "read-only"])
def test_variant_import_onto_a_full_disk_imports_nothing_and_keeps_the_old_variant(small_disk, monkeypatch,
                                                                                  read_only):
    error = "Read-only file system" if read_only else "No space left on device"
    old = {"data/diplodesk/variants/mine/variant.toml": b"the old variant", "data/diplodesk/variants/mine/map.svg": b"<svg/>"}
    disk = small_disk.files(old | {"data/diplodesk/variants/taken": b"a file of the user's"})
    monkeypatch.setenv("XDG_DATA_HOME", str(disk / "data"))  # the user's variants live on the disk
    for args, words in (([], ["tiny_isles", "cannot write the variant", error]),
                        (["--id", "mine", "--force"], ["mine", "cannot write the variant", error]),
                        (["--id", "taken"], ["taken: is a file, not a folder; nothing was imported"])):
        run = small_disk.diplodesk("variant", "import", TINY, *args, free=4096, read_only=read_only)
        _refused(run, *words)
        assert run.left == old | {"data/diplodesk/variants/taken": b"a file of the user's"}  # nothing half-made


@pytest.mark.parametrize("read_only", [False, True], ids=["full", "read-only"])
def test_mail_preview_onto_a_full_disk_says_so_in_one_line(small_disk, tmp_path, read_only):
    from mail.mailhelp import blind_game

    game = blind_game()
    game.process()
    game.save(tmp_path / "g.json")
    disk = small_disk.files({})
    run = small_disk.diplodesk("mail", "preview", tmp_path / "g.json", "--no-pdf", "-o", disk / "eml",
                               free=0, read_only=read_only)
    _refused(run, "cannot write", "Read-only file system" if read_only else "No space left on device")
    assert run.left == {}  # no .eml cut short


@pytest.mark.parametrize("command", [["tables", "export", MINI, "nations"], ["variant", "export", "standard", "-o"],
                                     ["adjudicate", "POSITION", "-o"]], ids=["tables", "variant", "adjudicate"])
def test_an_export_onto_a_nearly_full_disk_keeps_the_old_file_whole(small_disk, played, tmp_path, command):
    # they wrote in place: a full disk left a piece of the new file where the old one was
    (tmp_path / "g.json").write_bytes(played)
    disk = small_disk.files({"out.txt": b"the old export"})
    args = [str(tmp_path / "g.json") if a == "POSITION" else a for a in command]
    run = small_disk.diplodesk(*args, disk / "out.txt", *(["--force"] if command[0] == "tables" else []), free=1024)
    _refused(run, "out.txt", "No space left on device")
    assert run.left == {"out.txt": b"the old export"}
