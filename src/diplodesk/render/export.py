"""Draw a position to a PNG, SVG or PDF file, headless.

>>> render_file(position_json, Path("map.png"), power="Austria", width=2000)

The file type follows the suffix. A QGuiApplication is made when none exists (offscreen
when there is no display), so this works from the command line, in tests and on servers.
The file is written next to its final name, checked (whole, on the disk) and only then moved
into place: a full disk or a read-only folder is a RenderError, never a short file. Qt's own
writers say nothing when the disk refuses them, so SVG and PDF are made in memory and written
with Python's file calls, which do.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QRectF, QSize, QSizeF
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
)

from ..engine import PositionError, load_position
from ..engine.position import Position
from ..engine.process import process
from ..engine.rules import blind
from ..geometry.shapes import MapGeometry, load_map_geometry
from ..geometry.svg_import import MapError
from .painter import MapPainter, RenderOptions
from .palette import PALETTES

FORMATS = (".png", ".svg", ".pdf")
MAX_WIDTH = 20000
PDF_PIXELS_PER_INCH = 150
PNG_LEVEL = 1  # zlib effort for PNGs: fastest; flat map colours compress well anyway
# a PNG is drawn in bands of at most this many bytes (and written as it goes), so that its
# memory stays about three times this whatever its size: a 20,000-pixel map drawn whole
# needed 3.6 GB (the image, its RGB copy and its rows for zlib); in bands, some 250 MB
PNG_BAND_BYTES = 48 * 1024 * 1024


class RenderError(ValueError):
    """A position can't be drawn; the message says what and why."""


_app: Any = None


def ensure_app() -> Any:
    """The running Qt application, or a new one (offscreen without a display)."""
    global _app
    app = QGuiApplication.instance()
    if app is not None:
        return app
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # a QApplication (not just a QGuiApplication), so that widgets can still be made in the
    # same process later (the app, a print preview, tests)
    from PySide6.QtWidgets import QApplication

    _app = QApplication([sys.argv[0] if sys.argv else "diplodesk"])
    return _app


def map_of(position: Any) -> MapGeometry:
    """The map of a position's variant (a standard or another engine's); RenderError if its
    map can't be used."""
    try:
        return load_map_geometry(position.variant, ref=position.variant_ref or None)
    except MapError as e:
        raise RenderError(f"cannot draw variant {position.variant.id!r}: {e}") from None


def write_atomically(out: Path, write: Callable[[Path], None]) -> Path:
    """``write(tmp)``, check that tmp is whole and on the disk, then put it in ``out``'s
    place: a failed export leaves no half file and the old one whole; a disk's refusal is a
    RenderError saying which file."""
    tmp = out.with_name(f".{out.name}.part")
    try:
        write(tmp)
        _check_whole(tmp, out)
        os.replace(tmp, out)
    except OSError as e:
        raise RenderError(f"{out}: cannot write: {e.strerror or e}") from None
    except MemoryError:
        raise RenderError(f"{out}: not enough memory to draw it") from None
    finally:
        try:
            tmp.unlink()
        except OSError:  # moved into place, or never made
            pass
    return out


# how each kind of file we write ends: a file that stops short of it was cut off
_ENDINGS = {".png": b"IEND\xaeB`\x82", ".pdf": b"%%EOF", ".svg": b"</svg>"}


def _check_whole(tmp: Path, out: Path) -> None:
    """fsync ``tmp`` (so a disk that fills up later in the write-back says so now) and check
    that it ends as its kind of file ends; RenderError if it does not."""
    with open(tmp, "rb+") as f:
        os.fsync(f.fileno())
        size = f.seek(0, os.SEEK_END)
        f.seek(max(0, size - 64))
        tail = f.read().rstrip()
    ending = _ENDINGS.get(out.suffix.lower())
    if size == 0 or (ending is not None and not tail.endswith(ending)):
        raise RenderError(f"{out}: cannot write: the file came out cut short ({size} bytes); "
                          "is the disk full?")


def write_bytes(path: Path, data: bytes) -> None:
    """Write bytes with Python's own calls, so that a full disk raises OSError (ENOSPC)."""
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


class MemoryFile:
    """A buffer a Qt writer (QPdfWriter, QSvgGenerator) fills, saved to a file afterwards by
    :func:`write_bytes`: Qt's writers leave a short or empty file on a full disk and say
    nothing, Python's file calls say so."""

    def __init__(self) -> None:
        self.buffer = QBuffer()
        self.buffer.open(QIODevice.OpenModeFlag.WriteOnly)

    def save(self, path: Path) -> None:
        write_bytes(path, bytes(self.buffer.data()))
        self.buffer.close()


def pdf_writer(memory: MemoryFile) -> QPdfWriter:
    """A QPdfWriter into ``memory`` (every PDF diplodesk writes starts here)."""
    return QPdfWriter(memory.buffer)


def painter_for(position: Position, geometry: MapGeometry | None = None) -> MapPainter:
    """A MapPainter for the position's variant; RenderError if its map can't be used."""
    mp = MapPainter(position.variant, geometry or map_of(position))
    missing = mp.missing(position)
    if missing:
        raise RenderError(
            f"the map of variant {position.variant.id!r} has no shape for: {', '.join(missing)}"
        )
    return mp


def as_position(position: dict | Position) -> Position:
    """A Position from its JSON (CONTRACTS 3), or the Position given (a game's phase, read
    with the game's own copy of its variant); RenderError for bad JSON."""
    if isinstance(position, Position):
        return position
    try:
        return load_position(position)
    except PositionError as e:
        raise RenderError(f"position: {e}") from None


def render_file(
    position_json: dict | Position,
    out: Path,
    power: str | None = None,
    width: int = 2000,
    palette: str = "default",
    *,
    results: dict | list | None = None,
    options: RenderOptions | None = None,
    geometry: MapGeometry | None = None,
) -> Path:
    """Draw a position (JSON, CONTRACTS section 3, or a Position) to ``out`` (.png, .svg or .pdf).

    ``power`` draws the board as that power sees it; ``width`` is the image width in
    pixels (PNG, SVG) or points (PDF); ``results`` (an adjudication result or its
    ``orders`` list) draws the orders with what became of them. Raises
    :class:`RenderError` for a position that can't be drawn, a variant without a map,
    an unknown power, palette or file type, or a file that can't be written.
    """
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise RenderError(f"{out}: can't tell the file type; use .png, .svg or .pdf")
    if not isinstance(width, int) or not 16 <= width <= MAX_WIDTH:
        raise RenderError(f"width must be a whole number of pixels from 16 to {MAX_WIDTH}, not {width!r}")
    if palette not in PALETTES:
        raise RenderError(f"unknown palette {palette!r} (palettes: {', '.join(PALETTES)})")
    position = as_position(position_json)
    if power is not None:
        names = {p.lower(): p for p in position.variant.power_names}
        if power.lower() not in names:
            raise RenderError(
                f"unknown power {power!r} (powers: {', '.join(position.variant.power_names)})"
            )
        power = names[power.lower()]
    opts = replace(options) if options is not None else RenderOptions(palette=palette)
    if power is not None:
        opts.power = power
        if blind.active(position):
            # a map for a Blind power shows only what it may know: nothing else is drawn,
            # so nothing else can be found in the file either
            if results is not None:
                outcome = process(position)
                results = blind.visible_results(position, outcome, power)
            position = blind.project(position, power)
            opts.show_counts = False
    ensure_app()
    mp = painter_for(position, geometry)
    page = mp.page_rect(opts)
    height = max(1, round(width * page.height() / page.width()))
    title = f"{position.variant.name}: {position.phase.long_name}" + (f" ({opts.note})" if opts.note else "")
    return write_atomically(out, lambda tmp: draw_file(
        tmp, suffix, width, height, title, lambda painter, target: _paint(mp, painter, target, position, results, opts)))


def _paint(mp: MapPainter, painter: QPainter, target: QRectF, position: Position, results: Any,
           opts: RenderOptions) -> None:
    painter.setTransform(mp.fit_transform(target, opts))
    mp.paint(painter, position, results, opts)


def draw_file(path: Path, suffix: str, width: int, height: int, title: str,
              paint: Callable[[QPainter, QRectF], None]) -> None:
    """``paint(painter, target)`` into a PNG, SVG or PDF ``width`` x ``height`` pixels big
    (a PDF's one page the shape of the map, those pixels printed at 150 dpi: 2000 pixels are
    34 cm, about the width of A3); every map export, whatever it draws, goes through here."""
    if suffix == ".png":
        draw_png(path, width, height, paint)
        return
    memory = MemoryFile()
    if suffix == ".svg":
        from PySide6.QtSvg import QSvgGenerator

        device = QSvgGenerator()
        device.setOutputDevice(memory.buffer)
        device.setSize(QSize(width, height))
        device.setResolution(96)  # so that viewers show it ``width`` CSS pixels wide
        device.setViewBox(QRectF(0, 0, width, height))
        device.setTitle(title)
        device.setDescription("Drawn by diplodesk")
        target = QRectF(0, 0, width, height)
    else:
        device = pdf_writer(memory)
        device.setTitle(title)
        device.setCreator("diplodesk")
        device.setResolution(300)
        k = 72 / PDF_PIXELS_PER_INCH
        size = QPageSize(QSizeF(width * k, height * k), QPageSize.Unit.Point, "map",
                         QPageSize.SizeMatchPolicy.ExactMatch)
        device.setPageLayout(QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
        target = QRectF(0, 0, device.width(), device.height())
    painter = QPainter()
    if not painter.begin(device):
        raise RenderError(f"{path.with_name(path.name[1:-5])}: could not write the {suffix[1:].upper()}")
    try:
        paint(painter, target)
    finally:
        painter.end()
    del device  # a PDF writer finishes its file when it goes
    memory.save(path)


def band_rows(width: int) -> int:
    """How many rows of a PNG ``width`` pixels wide are drawn at a time."""
    return max(1, min(PNG_BAND_BYTES // (4 * width), 1 << 16))


def draw_png(path: Path, width: int, height: int, paint: Callable[[QPainter, QRectF], None]) -> None:
    """``paint`` a ``width`` x ``height`` picture into a PNG at ``path``, a band of rows at a
    time: each band is the whole picture painted into a target moved up by the rows above it
    (the painters place everything by the target, so the bands meet without a seam)."""
    rows = min(height, band_rows(width))
    band = QImage(width, rows, QImage.Format.Format_RGB32)
    if band.isNull():
        raise RenderError(f"not enough memory to draw {width} x {rows} pixels at a time")
    with open(path, "wb") as f:
        png = PngWriter(f, width, height)
        for top in range(0, height, rows):
            if height - top < rows:
                band = band.copy(0, 0, width, height - top)
                if band.isNull():
                    raise MemoryError
            band.fill(QColor("#ffffff"))
            painter = QPainter(band)
            try:
                paint(painter, QRectF(0, -top, width, height))
            finally:
                painter.end()
            png.rows(band)
        png.close()


class PngWriter:
    """An 8-bit RGB PNG written as its rows come, in one zlib stream over IDAT chunks.

    Qt's own writer spends most of a render's time on its row filters; plain rows and a
    light zlib level are four times faster and make smaller files of flat map colours.
    """

    def __init__(self, f: Any, width: int, height: int, level: int | None = None) -> None:
        self.f, self.width = f, width
        self.z = zlib.compressobj(PNG_LEVEL if level is None else level)
        f.write(b"\x89PNG\r\n\x1a\n")
        self._chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))

    def rows(self, image: QImage) -> None:
        rgb = image.convertToFormat(QImage.Format.Format_RGB888)
        if rgb.isNull():  # Qt's answer when the memory for the copy cannot be had
            raise MemoryError
        w, h = rgb.width(), rgb.height()
        data = np.frombuffer(rgb.constBits(), dtype=np.uint8, count=rgb.sizeInBytes())
        data = data.reshape(h, rgb.bytesPerLine())[:, : w * 3]
        raw = np.empty((h, w * 3 + 1), dtype=np.uint8)
        raw[:, 0] = 0  # filter type "none" on every row
        raw[:, 1:] = data
        del rgb, data
        self._chunk(b"IDAT", self.z.compress(memoryview(raw).cast("B")))

    def close(self) -> None:
        self._chunk(b"IDAT", self.z.flush())
        self._chunk(b"IEND", b"")

    def _chunk(self, kind: bytes, data: bytes) -> None:
        if kind == b"IDAT" and not data:
            return
        self.f.write(struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data)))


def write_png(image: QImage, path: Path, level: int | None = None) -> None:
    """Write an image as an 8-bit RGB PNG."""
    with open(path, "wb") as f:
        png = PngWriter(f, image.width(), image.height(), level)
        png.rows(image)
        png.close()
