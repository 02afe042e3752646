"""Map files drawn within bounds (issue 29, class 13): a PNG is drawn and written a band of
rows at a time, so the memory a render needs no longer grows with the image (a 20,000-pixel
map needed 3.6 GB drawn whole); the bands meet as if drawn at once. And every file is
checked whole before it replaces the old one."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from diplodesk.render import RenderError, export, render_file

POSITION = {"variant": "standard", "phase": "S1901M",
            "units": [{"power": "England", "type": "F", "at": "lon"}, {"power": "France", "type": "A", "at": "par"}],
            "orders": {"England": ["F lon - nth"], "France": ["A par - bur"]}}


def pixels(path: Path) -> np.ndarray:
    """A PNG of ours (8-bit RGB, no row filters) read back as rows of pixels."""
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    at, idat = 8, b""
    while at < len(data):
        (n,), kind = struct.unpack(">I", data[at:at + 4]), data[at + 4:at + 8]
        body = data[at + 8:at + 8 + n]
        assert struct.unpack(">I", data[at + 8 + n:at + 12 + n])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    assert kind == b"IEND"
    rows = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(height, width * 3 + 1)
    assert not rows[:, 0].any()  # filter "none" on every row
    return rows[:, 1:].reshape(height, width, 3)


def test_a_png_drawn_in_bands_is_the_png_drawn_whole(tmp_path, monkeypatch):
    whole = render_file(POSITION, tmp_path / "whole.png", width=600)
    monkeypatch.setattr(export, "PNG_BAND_BYTES", 600 * 4 * 37)  # bands of 37 rows, the last one short
    banded = render_file(POSITION, tmp_path / "banded.png", width=600)
    a, b = pixels(whole), pixels(banded)
    assert a.shape == b.shape and a.shape[0] % 37
    # the same picture: at most a shade of antialiasing apart here and there, no seam, no band
    # drawn in the wrong place (which would differ by whole shapes)
    differs = np.any(np.abs(a.astype(int) - b) > 8, axis=2)
    assert differs.mean() < 0.002
    for top in range(37, a.shape[0], 37):  # each seam row as the whole picture has it
        assert differs[top - 1:top + 1].mean() < 0.01


def test_the_memory_a_png_needs_does_not_grow_with_its_size():
    for width in (100, 2000, 20000):
        assert export.band_rows(width) * width * 4 <= max(export.PNG_BAND_BYTES, width * 4)
    assert export.band_rows(export.MAX_WIDTH) >= 100  # and no band is so thin it costs much time


def test_a_band_too_large_for_the_memory_is_refused_not_a_crash(tmp_path, monkeypatch):
    class NoMemory(QImage):  # what Qt gives when it cannot have the memory: a null image
        def isNull(self):  # noqa: N802 - Qt's name
            return True

    monkeypatch.setattr(export, "QImage", NoMemory)
    old = tmp_path / "map.png"
    old.write_bytes(b"the old map")
    with pytest.raises(RenderError, match="not enough memory to draw 2000 x"):
        render_file(POSITION, old)
    assert old.read_bytes() == b"the old map" and [p.name for p in tmp_path.iterdir()] == ["map.png"]


def test_no_memory_for_a_bands_rows_is_refused_not_a_crash(tmp_path, monkeypatch):
    """Under a tight memory limit the band was had but not its copy as RGB rows: Qt gave a
    null image and numpy a TypeError (a traceback, exit 1)."""
    class NoCopy(QImage):
        def convertToFormat(self, *args):  # noqa: N802 - Qt's name
            return QImage()

    monkeypatch.setattr(export, "QImage", NoCopy)
    old = tmp_path / "map.png"
    old.write_bytes(b"the old map")
    with pytest.raises(RenderError, match="map.png: not enough memory to draw it"):
        render_file(POSITION, old, width=300)
    assert old.read_bytes() == b"the old map" and [p.name for p in tmp_path.iterdir()] == ["map.png"]


@pytest.mark.parametrize("suffix, ending", [(".pdf", b"%%EOF"), (".svg", b"</svg>"), (".png", b"IEND\xaeB`\x82")])
def test_a_file_cut_short_never_replaces_the_old_one(tmp_path, monkeypatch, suffix, ending):
    """What a full disk did to Qt's writers: the file comes out short, and nobody says so."""
    old = tmp_path / f"map{suffix}"
    old.write_bytes(b"the old map")
    cut = export.write_bytes

    def short(path, data):
        cut(path, data[: len(data) // 2])

    monkeypatch.setattr(export, "write_bytes", short)
    if suffix == ".png":
        monkeypatch.setattr(export.PngWriter, "close", lambda self: None)  # no IEND: cut off
    with pytest.raises(RenderError, match="cut short"):
        render_file(POSITION, old, width=300)
    assert old.read_bytes() == b"the old map" and [p.name for p in tmp_path.iterdir()] == [old.name]
    monkeypatch.undo()
    render_file(POSITION, old, width=300)
    assert old.read_bytes().rstrip().endswith(ending)
