"""Words on printed pages as text: searchable, copyable, extractable (``pdftotext``), in a
font the PDF embeds. Every print pack takes its type from here.

Why there was no text layer: the standard packs drew their words as outlines
(``glyphs.text_path``, the letters turned into a QPainterPath): the same on paper, no text at
all in the PDF. Drawn with ``drawText`` they are text, but only in a font Qt's PDF writer can
embed; any other it turns into outlines too, and says nothing. It embeds a font read from a
font file whose licence allows embedding (the OS/2 table's ``fsType``), never one made from
memory, a bitmap font or one marked "no embedding". The platform's "monospace" is whatever
the machine's font configuration makes of it; so the families are named here, in order, and
the first one installed, from a file and embeddable is used.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QFont, QFontDatabase, QFontInfo, QRawFont

SANS = ("DejaVu Sans", "Liberation Sans", "Noto Sans", "FreeSans", "Arial")
MONO = ("DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono", "FreeMono", "Courier New")


def embeddable(font: QFont) -> bool:
    """May a PDF embed this font? A font without outlines in a file cannot be; the OS/2
    table's fsType says whether its licence lets it (2: no embedding; 0x200: bitmaps only)."""
    raw = QRawFont.fromFont(font)
    if not raw.isValid():
        return False
    os2 = bytes(raw.fontTable("OS/2"))
    if len(os2) < 10:
        return True  # no OS/2 table: nothing forbids it
    fs_type = int.from_bytes(os2[8:10], "big")
    return fs_type & 0x000F != 0x0002 and not fs_type & 0x0200


@lru_cache(maxsize=2)
def family(mono: bool = False) -> str:
    """The family printed text is set in (needs a running Qt application)."""
    for name in MONO if mono else SANS:
        f = QFont(name)
        if QFontInfo(f).family() == name and embeddable(f):
            return name
    kind = QFontDatabase.SystemFont.FixedFont if mono else QFontDatabase.SystemFont.GeneralFont
    return QFontDatabase.systemFont(kind).family()


def print_font(pixels: float, mono: bool = False, bold: bool = False) -> QFont:
    """A font for a printed page, ``pixels`` device pixels tall (its em)."""
    f = QFont(family(mono))
    if mono:
        f.setStyleHint(QFont.StyleHint.Monospace)
        f.setFixedPitch(True)
    f.setPixelSize(max(1, round(pixels)))
    f.setBold(bold)
    for tag in ("liga", "clig"):  # no ligatures: a search for "off" must find "off"
        f.setFeature(QFont.Tag(tag), 0)
    return f
