"""Saves that survive a kill: the file and its .bak are each one complete version, and the
temporary files of killed writes are cleaned up on the next start."""

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from diplodesk.engine.files import (
    TEMP_SUFFIX,
    FileReadError,
    clean_stale_temps,
    read_bounded,
    write_atomic,
    write_output,
)

# A writer that saves versions 0, 1, 2, ... of one file as fast as it can. Each version
# says its number at both ends and is 20-120 KB long, so a cut copy (the 32,768-byte
# .bak of the old shutil.copy2) or a half-written file is seen at once.
WRITER = r"""
import sys
from pathlib import Path
from diplodesk.engine.files import write_atomic

path = Path(sys.argv[1])
n = 0
while True:
    size = 20_000 + (n * 7919) % 100_000
    body = (f"version {n}\n" + "x" * size + f"\nend {n}\n").encode()
    write_atomic(path, body)
    n += 1
    if n == 1:
        print("started", flush=True)
"""


def version_of(data: bytes) -> int:
    """The version a file holds; fails the test unless the file is complete."""
    text = data.decode()
    head, _, rest = text.partition("\n")
    assert head.startswith("version "), f"no header: {text[:40]!r}"
    n = int(head.split()[1])
    size = 20_000 + (n * 7919) % 100_000
    assert text == f"version {n}\n" + "x" * size + f"\nend {n}\n", f"version {n} is cut or mixed"
    return n


def temps(folder):
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_kill_during_save_leaves_complete_file_and_bak(tmp_path):
    rng = random.Random(20)
    path = tmp_path / "game.json"
    last = -1
    kills = 12
    for _ in range(kills):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE)
        assert proc.stdout.readline() == b"started\n"
        time.sleep(rng.uniform(0.0, 0.15))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        now = version_of(path.read_bytes())
        bak = version_of(path.with_name("game.json.bak").read_bytes())
        assert bak <= now  # the .bak is an earlier version (or, killed between, the same)
        last = now
        # the next start cleans what the killed write left (ours only, by name)
        clean_stale_temps(tmp_path, max_age=0)
        assert temps(tmp_path) == []
    assert last >= 0


def test_bak_holds_the_previous_version(tmp_path):
    path = tmp_path / "g.json"
    for n in range(3):
        write_atomic(path, f"v{n}".encode())
    assert path.read_bytes() == b"v2"
    assert (tmp_path / "g.json.bak").read_bytes() == b"v1"
    assert temps(tmp_path) == []


def test_only_our_stale_temps_are_removed(tmp_path):
    (tmp_path / "g.json").write_text("{}")
    old = time.time() - 3600
    ours = [tmp_path / f".g.json.abcd1234{TEMP_SUFFIX}", tmp_path / ".g.json.abcd1234.tmp"]
    keep = [
        tmp_path / ".notes.txt.abcd1234.tmp",  # the earlier pattern, but no notes.txt here
        tmp_path / "g.json.tmp",
        tmp_path / ".other.tmp",
        tmp_path / f".g.json.young123{TEMP_SUFFIX}",  # a write under way in another window
    ]
    for p in ours + keep:
        p.write_text("x")
        if "young" not in p.name:
            os.utime(p, (old, old))
    removed = clean_stale_temps(tmp_path)
    assert sorted(removed) == sorted(ours)
    assert all(p.exists() for p in keep)


def test_a_save_cleans_its_own_stale_temps(tmp_path):
    stale = tmp_path / f".g.json.zzzz9999{TEMP_SUFFIX}"
    stale.write_text("half")
    os.utime(stale, (time.time() - 3600,) * 2)
    write_atomic(tmp_path / "g.json", b"{}")
    assert not stale.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifos_and_devices_are_refused_before_reading(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(FileReadError, match="not a regular file"):
        read_bounded(fifo, 1000)  # must not block waiting for a writer
    if os.path.exists("/dev/zero"):
        with pytest.raises(FileReadError, match="not a regular file"):
            read_bounded("/dev/zero", 1000)


def test_no_more_than_the_limit_is_read(tmp_path):
    big = tmp_path / "big"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(FileReadError, match="more than"):
        read_bounded(big, 1000)
    assert read_bounded(big, 2000) == b"x" * 2000


def test_an_output_file_is_replaced_whole_and_a_pipe_is_written_to(tmp_path):
    out = tmp_path / "out.csv"
    out.write_bytes(b"old")
    write_output(out, b"new")
    assert out.read_bytes() == b"new" and sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]  # no .bak
    if not hasattr(os, "mkfifo"):
        return
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # what /dev/stdout or a shell's >(...) is: a stream, never renamed over
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_output(fifo, b"through the pipe")
    reader.join(10)
    assert got == [b"through the pipe"] and fifo.is_fifo()
