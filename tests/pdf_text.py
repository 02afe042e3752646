"""What a PDF's reader can take out of it: its text, and which fonts it embeds.

The text is read by ``pdftotext`` (poppler, what issue 28 names and what most readers use)
where it is installed; elsewhere by pypdf, a test dependency: a pure-Python reader that maps
the glyphs back to characters through the fonts' ToUnicode tables as a viewer's search and
copy do, so the test runs the same on every machine. The fonts are read from the PDF's own
objects: a font is embedded when its descriptor carries the font program (FontFile2 for
TrueType, FontFile3 for CFF, FontFile for Type 1).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pypdf


def pdf_text(path: Path, layout: bool = False) -> str:
    """The text of every page, pages apart by form feeds."""
    if shutil.which("pdftotext"):
        args = ["pdftotext", *(["-layout"] if layout else []), str(path), "-"]
        return subprocess.run(args, check=True, capture_output=True, text=True).stdout
    reader = pypdf.PdfReader(str(path))
    mode = "layout" if layout else "plain"
    return "\f".join(page.extract_text(extraction_mode=mode) for page in reader.pages) + "\f"


def pdf_fonts(path: Path) -> dict[str, bool]:
    """Each font the PDF uses, by its base name: is its program embedded?"""
    out: dict[str, bool] = {}
    for page in pypdf.PdfReader(str(path)).pages:
        fonts = (page.get("/Resources") or {}).get("/Font") or {}
        for ref in fonts.values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            out[str(font.get("/BaseFont"))] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return out
