"""Per-player print packs: one PDF per power with its map, its orders and results, its
report and its centres, plus the GM's full map.

Each pack is drawn from what its power may know (in Blind games the power's projection,
see ``engine.rules.blind``), with the same painter as the screen. Packs for every power are
made in one go, with a progress callback that may cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from ..engine.position import Position
from ..engine.process import outcome_to_json, process
from ..engine.report_table import Block, report_blocks, result_row
from ..engine.rules import blind
from .export import (
    MemoryFile,
    RenderError,
    as_position,
    ensure_app,
    painter_for,
    pdf_writer,
    write_atomically,
)
from .painter import RenderOptions
from .report_pages import ReportSetter

PAGE_SIZES = {"A4": QPageSize.PageSizeId.A4, "A3": QPageSize.PageSizeId.A3, "Letter": QPageSize.PageSizeId.Letter,
              "Legal": QPageSize.PageSizeId.Legal}


@dataclass
class PackOptions:
    page_size: str = "A4"
    landscape: bool = True
    palette: str = "default"
    resolution: int = 150


Progress = Callable[[int, int, str], bool]  # (done, total, what) -> go on?


def _writer(memory: MemoryFile, title: str, o: PackOptions) -> QPdfWriter:
    if o.page_size not in PAGE_SIZES:
        raise RenderError(f"unknown page size {o.page_size!r} (sizes: {', '.join(PAGE_SIZES)})")
    w = pdf_writer(memory)
    w.setTitle(title)
    w.setCreator("diplodesk")
    w.setResolution(o.resolution)
    orientation = QPageLayout.Orientation.Landscape if o.landscape else QPageLayout.Orientation.Portrait
    w.setPageLayout(QPageLayout(QPageSize(PAGE_SIZES[o.page_size]), orientation, QMarginsF(10, 10, 10, 10),
                                QPageLayout.Unit.Millimeter))
    return w


def _text_pages(painter: QPainter, writer: QPdfWriter, heading: str, blocks: list[Block]) -> None:
    """The report as real text, its results as a table, as many pages as it needs."""
    rect = QRectF(writer.pageLayout().paintRectPixels(writer.resolution()))
    rect.moveTo(0, 0)
    ReportSetter(painter, rect, writer.resolution()).set(writer.newPage, heading, blocks)


def gm_blocks(position: Position, outcome) -> list[Block]:
    """The GM's page: every power's orders and results, a paragraph each."""
    blocks: list[Block] = [[f"{position.phase.long_name}: all orders"]]
    by_power: dict[str, list] = {}
    for r in outcome.results:
        by_power.setdefault(r.power or "", []).append(r)
    for p in [*position.variant.power_names, ""]:
        if by_power.get(p):
            blocks.append([f"{p or 'Others'}:", *(result_row(r) for r in by_power[p])])
    if outcome.winner:
        blocks.append([f"{outcome.winner} has won."])
    return blocks


def _map_page(painter: QPainter, writer: QPdfWriter, mp, position, results, options: RenderOptions) -> None:
    rect = QRectF(writer.pageLayout().paintRectPixels(writer.resolution()))
    rect.moveTo(0, 0)
    painter.setTransform(mp.fit_transform(rect, options))
    mp.paint(painter, position, results, options)
    painter.resetTransform()


def paint_pack(device, position_json: dict | Position, power: str | None, options: PackOptions | None = None) -> int:
    """Paint ``power``'s pack (None: the GM's) on a paged device — a PDF writer, a printer,
    a print preview: the map as the power sees it, then its report. Returns the pages drawn."""
    o = options or PackOptions()
    position = as_position(position_json)
    ensure_app()
    outcome = process(position)
    mp = painter_for(position)
    opts = RenderOptions(power=power, palette=o.palette)
    shown, results = position, outcome_to_json(outcome)
    if power is not None and blind.active(position):
        results = blind.visible_results(position, outcome, power)
        shown = blind.project(position, power)
        opts.show_counts = False
    title = f"{position.variant.name}, {position.phase.long_name}: " + (power or "Gamemaster")
    blocks = report_blocks(position, power, outcome) if power is not None else gm_blocks(position, outcome)
    pages = _Counting(device)
    painter = QPainter()
    if not painter.begin(device):
        raise RenderError("could not draw on the page device")
    try:
        _map_page(painter, pages, mp, shown, results, opts)
        _text_pages(painter, pages, title, blocks)
    finally:
        painter.end()
    return pages.count


class _Counting:
    """A paged device that counts its pages (the page painters call newPage)."""

    def __init__(self, device):
        self.device = device
        self.count = 1

    def newPage(self) -> bool:  # noqa: N802 - Qt's name
        self.count += 1
        return self.device.newPage()

    def __getattr__(self, name):
        return getattr(self.device, name)


def power_pack(position_json: dict | Position, power: str | None, out: Path, options: PackOptions | None = None) -> Path:
    """One PDF: the map as ``power`` sees it (the GM's full view when None), then its report."""
    o = options or PackOptions()

    def write(tmp: Path) -> None:
        memory = MemoryFile()
        writer = _writer(memory, f"diplodesk pack: {power or 'Gamemaster'}", o)
        paint_pack(writer, position_json, power, o)
        del writer  # finishes the PDF
        memory.save(tmp)

    return write_atomically(Path(out), write)


def all_packs(position_json: dict | Position, out_dir: Path, options: PackOptions | None = None,
              progress: Progress | None = None, powers: list[str] | None = None) -> list[Path]:
    """A pack for every power (or those named) and one for the GM; stops early if
    ``progress`` returns False (the packs made so far stay)."""
    position = as_position(position_json)
    names = list(powers or position.variant.power_names)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = f"{position.variant.id}-{position.phase}"
    made: list[Path] = []
    jobs: list[str | None] = [*names, None]
    for i, power in enumerate(jobs):
        if progress is not None and not progress(i, len(jobs), power or "Gamemaster"):
            break
        name = f"{stem}-{(power or 'gm').lower()}.pdf"
        made.append(power_pack(position, power, out_dir / name, options))
    if progress is not None:
        progress(len(made), len(jobs), "done")
    return made
