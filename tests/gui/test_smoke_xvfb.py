"""Smoke test: the real ``diplodesk`` command starts on an X server (Xvfb) and draws its window.

Starts ``Xvfb`` on a free display, runs ``diplodesk`` (no arguments: a new standard game)
on it, takes a screenshot of the screen from a second process, checks that the window and
its map are there, and stops both processes. Skipped where Xvfb is not installed
(``apt-get install xvfb xauth``; ``.ci/run`` installs it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

SHOT = r"""
import sys, time
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(sys.argv[:1])
deadline = time.monotonic() + float(sys.argv[2])
best = 0
while time.monotonic() < deadline:
    img = app.primaryScreen().grabWindow(0).toImage()
    small = img.scaled(160, 100)
    colours = {small.pixel(x, y) for x in range(small.width()) for y in range(small.height())}
    best = max(best, len(colours))
    if len(colours) > 40:
        time.sleep(1.0)  # let the map finish drawing
        app.primaryScreen().grabWindow(0).save(sys.argv[1])
        print(len(colours))
        sys.exit(0)
    time.sleep(0.25)
print(best)
sys.exit(1)
"""


def _free_display() -> int:
    for n in range(99, 160):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    pytest.skip("no free X display number")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def test_real_diplodesk_under_xvfb(tmp_path, _user_data):
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb xauth) so the real window can't be shown")
    n = _free_display()
    server = subprocess.Popen([xvfb, f":{n}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    app = None
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            if server.poll() is not None:
                pytest.skip(f"Xvfb could not start on :{n}")
            time.sleep(0.05)
        env = dict(os.environ)
        env["DISPLAY"] = f":{n}"
        env["QT_QPA_PLATFORM"] = "xcb"
        env.pop("WAYLAND_DISPLAY", None)
        exe = shutil.which("diplodesk", path=str(Path(sys.executable).parent))
        cmd = [exe] if exe else [sys.executable, "-m", "diplodesk.cli"]
        log = tmp_path / "diplodesk.log"
        with open(log, "w") as out:
            app = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
        shot = tmp_path / "screenshot.png"
        r = subprocess.run([sys.executable, "-c", SHOT, str(shot), "30"], env=env, capture_output=True,
                           text=True, timeout=60)
        assert app.poll() is None, f"diplodesk exited early:\n{log.read_text()}"
        assert r.returncode == 0, f"no window drawn (colours seen: {r.stdout.strip()}):\n{log.read_text()}"
        assert shot.stat().st_size > 20_000
        assert "Traceback" not in log.read_text()
    finally:
        if app is not None:
            _stop(app)
        _stop(server)
