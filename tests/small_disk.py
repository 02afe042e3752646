"""A command run on a small disk of its own: full, nearly full, or read-only (issue 29).

The disk is a tmpfs mounted, in a mount namespace of its own (``unshare -rm``), on an empty
folder of the test's; nothing outside the command sees it. The command runs in a child
process, so a crash, a traceback or a hang is the command's and is seen as such. What the
disk holds afterwards is copied out for the test to look at. Where the machine cannot make
one (no ``unshare``, no user namespaces) the test is skipped, saying why.

Use it through the ``small_disk`` fixture (tests/conftest.py)::

    def test_a_full_disk(small_disk):
        disk = small_disk.files({"game.json": b"..."})      # put these on the disk first
        run = small_disk.diplodesk("game", "play", disk / "game.json", free=0)
        assert run.code == 2 and "No space left" in run.err and "Traceback" not in run.err
        assert run.left["game.json"] == b"..."             # what the disk holds afterwards

``free`` leaves that many bytes free (0: full; None: an empty disk of ``size`` bytes);
``read_only`` remounts the disk read-only before the command. Paths outside the disk (the
test's tmp_path) stay writable, so inputs can live there.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_SIZE = 4 * 1024 * 1024
TIMEOUT = 120


@dataclass
class DiskRun:
    """What a command on the small disk did: its exit status, its output, and the files
    the disk held afterwards (by name relative to the disk; the filler left out)."""

    code: int
    out: str
    err: str
    left: dict[str, bytes] = field(default_factory=dict)


@functools.lru_cache(maxsize=1)
def unavailable() -> str:
    """Why a small disk cannot be made here, or "" when it can."""
    if not sys.platform.startswith("linux"):
        return "a tmpfs in a mount namespace of its own needs Linux"
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return "no unshare or mount command on this machine"
    probe = Path(os.environ.get("TMPDIR", "/tmp")) / f"diplodesk-disk-probe-{os.getpid()}"
    probe.mkdir(exist_ok=True)
    try:
        done = subprocess.run(["unshare", "-rm", "sh", "-c", f"mount -t tmpfs -o size=64k tmpfs '{probe}'"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as e:
        return f"unshare -rm failed: {e}"
    finally:
        probe.rmdir()
    if done.returncode != 0:
        return f"cannot mount a tmpfs in a new mount namespace here: {done.stderr.strip()[:200]}"
    return ""


class SmallDisk:
    """A folder (``path``) that a command sees as a small disk of its own."""

    def __init__(self, root: Path, size: int = DEFAULT_SIZE):
        self.root = root
        self.path = root / "disk"
        self.path.mkdir(parents=True, exist_ok=True)
        self.size = size
        self._files: dict[str, bytes] = {}

    def files(self, contents: dict[str, bytes | str]) -> Path:
        """Put these files on the disk before each command (by name relative to it); the
        disk's path, to name them by."""
        for name, data in contents.items():
            self._files[name] = data.encode("utf-8") if isinstance(data, str) else data
        return self.path

    def diplodesk(self, *args, **how) -> DiskRun:
        """``diplodesk ARGS`` (as the command line runs it) on the disk."""
        return self.run([sys.executable, "-m", "diplodesk.cli", *map(str, args)], **how)

    def run(self, argv: list[str], free: int | None = 0, read_only: bool = False,
            stdin: bytes = b"") -> DiskRun:
        """Run ``argv`` with the disk mounted (its files put there, then filled to leave
        ``free`` bytes, then remounted read-only if asked)."""
        spec = self.root / "disk-run.json"
        spec.write_text(json.dumps({
            "disk": str(self.path), "size": self.size, "free": free, "read_only": read_only,
            "files": {k: v.hex() for k, v in self._files.items()}, "argv": argv,
            "stdin": stdin.hex(), "out": str(self.root / "disk-after")}))
        done = subprocess.run(["unshare", "-rm", sys.executable, __file__, str(spec)],
                              capture_output=True, timeout=TIMEOUT)
        if done.returncode != 0:
            raise RuntimeError(f"the small disk failed: {done.stderr.decode(errors='replace')[-2000:]}")
        report = json.loads((self.root / "disk-after" / "report.json").read_text())
        return DiskRun(report["code"], report["out"], report["err"],
                       {k: bytes.fromhex(v) for k, v in report["left"].items()})


FILLER = ".filler"


def _inside(spec_path: str) -> None:
    """In the new mount namespace: mount, fill, run, and say what happened."""
    spec = json.loads(Path(spec_path).read_text())
    disk, out = Path(spec["disk"]), Path(spec["out"])
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={spec['size']}", "tmpfs", str(disk)], check=True)
    for name, data in spec["files"].items():
        (disk / name).parent.mkdir(parents=True, exist_ok=True)
        (disk / name).write_bytes(bytes.fromhex(data))
    if spec["free"] is not None:
        _fill(disk / FILLER, spec["free"])
    if spec["read_only"]:
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    try:
        done = subprocess.run(spec["argv"], input=bytes.fromhex(spec["stdin"]), capture_output=True,
                              timeout=TIMEOUT - 10)
        code, so, se = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired as e:
        code, so, se = -9, e.stdout or b"", (e.stderr or b"") + b"\n(timed out: a hang)"
    left = {}
    for f in sorted(disk.rglob("*")):
        if f.is_file() and f.name != FILLER:
            left[str(f.relative_to(disk))] = f.read_bytes().hex()
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps({
        "code": code, "out": so.decode("utf-8", "replace"), "err": se.decode("utf-8", "replace"),
        "left": left}))


def _fill(path: Path, free: int) -> None:
    """Take the disk's space until ``free`` bytes are left (in whole blocks, as tmpfs counts)."""
    st = os.statvfs(path.parent)
    room = st.f_bavail * st.f_frsize - free
    with open(path, "wb") as f:
        chunk = b"\0" * (1 << 16)
        while room > 0:
            try:
                room -= f.write(chunk[: min(len(chunk), room)])
                f.flush()
            except OSError:
                break


if __name__ == "__main__":
    _inside(sys.argv[1])
