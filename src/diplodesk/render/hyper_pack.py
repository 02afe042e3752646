"""Hypereconomic print packs: a PDF per player and the public gazette (and the GM's).

The pages are planned first (``hyper_pages.py``: which maps, which papers, from each
reader's projection); this module only paints them. Each map (the whole board, a regional
sheet) is drawn once per season into a QPicture (its provinces and borders as an image, its
labels and stacks as vectors) and replayed into every pack that needs it, so sixty packs cost
sixty sets of text pages and a handful of maps. Text is set in a fixed-pitch font so that a
statement's columns line up, and stays text in the PDF.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QPointF, QRectF
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPicture,
)

from ..engine.hyper.shown_names import ShownNames
from .export import MemoryFile, RenderError, ensure_app, pdf_writer, write_atomically
from .hyper_key import KeyEntry, key_entries, key_height, paint_key, rows_needed
from .hyper_pages import WHOLE, Page, Plan
from .print_text import print_font

PAGE_SIZES = {"A4": QPageSize.PageSizeId.A4, "A3": QPageSize.PageSizeId.A3, "Letter": QPageSize.PageSizeId.Letter,
              "Legal": QPageSize.PageSizeId.Legal}
RESOLUTION = 150  # dots per inch of the PDF's page coordinates
TEXT_PT = 8.5  # the statements' type size; long lines are set smaller to fit
MIN_PT = 5.0
Progress = Callable[[int, int, str], bool]  # (done, total, what) -> go on?


@dataclass
class HyperPackOptions:
    page_size: str = "A4"
    landscape: bool = True  # the maps (a region is wider than tall)
    text_portrait: bool = True  # the papers: a statement is 100 characters wide, and a page
    # upright holds half again as many of its lines, so a home nation's fits on one


def _layout(o: HyperPackOptions, text: bool = False) -> QPageLayout:
    """A map page's layout, or (``text``) a text page's."""
    if o.page_size not in PAGE_SIZES:
        raise RenderError(f"unknown page size {o.page_size!r} (sizes: {', '.join(PAGE_SIZES)})")
    wide = o.landscape and not (text and o.text_portrait)
    orientation = QPageLayout.Orientation.Landscape if wide else QPageLayout.Orientation.Portrait
    return QPageLayout(QPageSize(PAGE_SIZES[o.page_size]), orientation, QMarginsF(12, 12, 12, 12),
                       QPageLayout.Unit.Millimeter)


def lines_per_page(o: HyperPackOptions) -> int:
    """How many lines of the statements' type a text page of ``o`` holds (below its title)."""
    rect = _layout(o, text=True).paintRect(QPageLayout.Unit.Point)
    return max(10, int((rect.height() - 5 * TEXT_PT * 1.3) // (TEXT_PT * 1.3)))


def columns(o: HyperPackOptions) -> int:
    """How many characters of the statements' type a line of a text page of ``o`` holds."""
    ensure_app()
    width = _layout(o, text=True).paintRectPixels(RESOLUTION).width()
    return max(40, int(width // QFontMetricsF(_mono(TEXT_PT)).horizontalAdvance("M")))


def _mono(pt: float) -> QFont:
    return print_font(pt * RESOLUTION / 72, mono=True)  # a font the PDF embeds: text stays text


KEY_PT = TEXT_PT * 0.95  # the map key's words


def _page_rect(o: HyperPackOptions) -> QRectF:
    rect = _layout(o).paintRectPixels(RESOLUTION)
    return QRectF(0, 0, rect.width(), rect.height())


def _bands(rect: QRectF, key_rows: int = 0) -> tuple[QRectF, QRectF]:
    """A page's body (under its title, over its foot) and, for a map, the key's band at the
    bottom of it (``key_rows`` rows; none for a text page)."""
    head = _mono(TEXT_PT * 1.35)
    head.setBold(True)
    top = QFontMetricsF(head).height() * 1.6
    foot = QFontMetricsF(_mono(TEXT_PT * 0.8)).height() * 1.5
    body = QRectF(0, top, rect.width(), rect.height() - top - foot)
    if not key_rows:
        return body, QRectF(0, body.bottom(), rect.width(), 0)
    kh = key_height(KEY_PT * RESOLUTION / 72) * key_rows
    return (QRectF(0, top, rect.width(), body.height() - kh - foot * 0.3),
            QRectF(0, body.bottom() - kh, rect.width(), kh))


def map_key(position: Any) -> list[KeyEntry]:
    """The key under every map of a season: the board's lines and the canal states shown."""
    from ..engine.hyper.canal_state import canals_of

    state = position.carried.get("canals") or {}
    shown = sorted({str((state.get(cid) or {}).get("state") or ("site" if c.site else c.start))
                    for cid, c in canals_of(position.board).items()})
    return key_entries(position.board, tuple(shown))


def map_body_mm(o: HyperPackOptions, key: list[KeyEntry]) -> tuple[float, float]:
    """The printed size of a map page's map (mm): where the names are sized for paper."""
    ensure_app()
    rect = _page_rect(o)
    rows = rows_needed(key, rect.width(), KEY_PT * RESOLUTION / 72) if key else 0
    body, _key = _bands(rect, rows)
    return body.width() * 25.4 / RESOLUTION, body.height() * 25.4 / RESOLUTION


class _Pages:
    """Pages of text or maps (each map with its key), numbered at the foot, painted on a PDF
    being written or on a printer (the desk's preview): the same pages, the same painter."""

    def __init__(self, device: Any, title: str, o: HyperPackOptions, maps: Mapping[str, QPicture],
                 key: list[KeyEntry] | None = None, where: str = ""):
        self.writer = device
        self.where = where
        self.o = o
        self.title, self.maps = title, maps
        self.painter = QPainter()
        self.key = list(key or [])
        map_rect = _page_rect(o)
        self.key_rows = rows_needed(self.key, map_rect.width(), KEY_PT * RESOLUTION / 72) if self.key else 0

    def write(self, pages: list[Page]) -> None:
        """Every page, each in its own layout (maps as ``o.landscape`` says, papers upright)."""
        p = self.painter
        layouts = {False: _layout(self.o, text=True), True: _layout(self.o)}
        if pages:
            self.writer.setPageLayout(layouts[pages[0].is_map])
        if not p.begin(self.writer):
            raise RenderError(f"{self.where or 'the printer'}: could not write the pages")
        k = self.writer.resolution() / RESOLUTION  # a printer's dots: the pages are laid out at RESOLUTION
        try:
            for n, page in enumerate(pages):
                if n:
                    self.writer.setPageLayout(layouts[page.is_map])
                    self.writer.newPage()
                rect = self.writer.pageLayout().paintRectPixels(RESOLUTION)
                self.rect = QRectF(0, 0, rect.width(), rect.height())
                p.save()
                p.scale(k, k)
                self._page(page, f"{self.title} — page {n + 1} of {len(pages)}")
                p.restore()
        finally:
            p.end()

    def _page(self, page: Page, foot: str) -> None:
        p, r = self.painter, self.rect
        head = _mono(TEXT_PT * 1.35)
        head.setBold(True)
        hm = QFontMetricsF(head)
        p.setPen(QColor("#000000"))
        p.setFont(head)
        p.drawText(QPointF(0, hm.ascent()), page.title)
        small = _mono(TEXT_PT * 0.8)
        p.setFont(small)
        p.setPen(QColor("#555555"))
        p.drawText(QPointF(0, r.height() - QFontMetricsF(small).descent()), foot)
        if page.is_map:
            body, key = _bands(r, self.key_rows)
            self._map(page.sheet or WHOLE, body)
            if self.key:
                paint_key(p, key, self.key, KEY_PT * RESOLUTION / 72)
        else:
            self._text(page.lines, _bands(r)[0], frozenset(page.headings))

    def _text(self, lines: tuple[str, ...], body: QRectF, headings: frozenset[int] = frozenset()) -> None:
        p = self.painter
        widest = max((len(t) for t in lines), default=1)
        pt = TEXT_PT
        font = _mono(pt)
        while pt > MIN_PT and QFontMetricsF(font).horizontalAdvance("M" * widest) > body.width():
            pt -= 0.5
            font = _mono(pt)
        fm = QFontMetricsF(font)
        bold = QFont(font)
        bold.setBold(True)
        p.setPen(QColor("#000000"))
        step = TEXT_PT * 1.3 * RESOLUTION / 72  # as lines_per_page counts them
        y = body.top() + fm.ascent()
        for i, line in enumerate(lines):
            if line.strip():
                p.setFont(bold if i in headings else font)  # a paper sharing the page: its title
                p.drawText(QPointF(body.left(), y), line)
            y += step

    def _map(self, sheet: str, body: QRectF) -> None:
        picture = self.maps.get(sheet)
        if picture is None:
            return
        box = picture.boundingRect()
        k = min(body.width() / max(1, box.width()), body.height() / max(1, box.height()))
        p = self.painter
        p.save()
        p.translate(body.left() + (body.width() - box.width() * k) / 2 - box.left() * k,
                    body.top() + (body.height() - box.height() * k) / 2 - box.top() * k)
        # drawPicture scales a picture by the ratio of the two devices' resolutions itself
        dpi = picture.logicalDpiX() / max(1, self.writer.logicalDpiX())
        p.scale(k * dpi, k * dpi)
        p.drawPicture(0, 0, picture)
        p.restore()


def record_maps(draw: Any, boxes: Mapping[str, tuple[float, float, float, float]],
                whole: tuple[float, float, float, float] | None = None, size: int = 2400,
                tick: Callable[[str], object] | None = None) -> dict[str, QPicture]:
    """Each map drawn once (the whole board, its box ``whole``, and every sheet), ``size``
    units across, for every pack to replay. The provinces and borders are painted to an
    image ``size`` pixels across (about 220 dpi on an A4 page): a world's coastlines as
    vectors would make every page megabytes; the labels and stacks stay vectors, sharp.
    ``tick`` hears each sheet's id before it is drawn (a dialog keeps its window alive)."""
    out: dict[str, QPicture] = {}
    if draw is None:
        return out
    from .hyper_export import BOARD, OVER

    for sid, box in [(WHOLE, None), *boxes.items()]:
        if tick is not None:
            tick(sid)
        x0, y0, x1, y1 = box or whole or (0, 0, 10, 7)
        height = max(1, round(size * (y1 - y0) / max(1e-9, x1 - x0)))
        target = QRectF(0, 0, size, height)
        board = QImage(size, height, QImage.Format.Format_RGB32)
        board.fill(QColor("#ffffff"))
        p = QPainter(board)
        try:
            draw(p, target, box, BOARD)
        finally:
            p.end()
        picture = QPicture()
        p = QPainter(picture)
        try:
            p.drawImage(target, board)
            draw(p, target, box, OVER)
        finally:
            p.end()
        picture.setBoundingRect(target.toRect())
        out[sid] = picture
    return out


def file_part(text: str) -> str:
    """A player's id as part of a file name: letters, digits, '-' and '_' only (an id from a
    game file never names a folder)."""
    return re.sub(r"[^A-Za-z0-9_-]+", "_", text).strip("_") or "_"


def pack_name(stem: str, player: str) -> str:
    """The file name of a player's pack: ``hypereconomic-W1914M-p07.pdf``."""
    return f"{file_part(stem)}-{file_part(player.lower())}.pdf"


def season_maps(draw: Any, plan: Plan, o: HyperPackOptions,
                tick: Callable[[str], object] | None = None) -> tuple[dict[str, QPicture], list[KeyEntry]]:
    """A season's maps, drawn once for all its packs on ``o``'s paper, and their key."""
    key = map_key(draw.position) if draw is not None and hasattr(draw, "position") else []
    if draw is not None and hasattr(draw, "page_mm"):
        draw.page_mm = map_body_mm(o, key)  # the names sized for this paper
    return record_maps(draw, plan.boxes, getattr(draw, "bounds", None), tick=tick), key


def page_image(page: Page, title: str, o: HyperPackOptions, maps: Mapping[str, QPicture],
               key: list[KeyEntry] | None = None, foot: str = "page 1 of 1") -> QImage:
    """One page as an image at the pages' own resolution, the paper's margins white round it
    (the docs' pictures of a pack; what the PDF page shows)."""
    ensure_app()
    layout = _layout(o, text=not page.is_map)
    full, inner = layout.fullRectPixels(RESOLUTION), layout.paintRectPixels(RESOLUTION)
    image = QImage(full.width(), full.height(), QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(RESOLUTION / 0.0254))
    image.setDotsPerMeterY(round(RESOLUTION / 0.0254))
    image.fill(QColor("#ffffff"))
    pages = _Pages(image, title, o, maps, key)
    pages.rect = QRectF(0, 0, inner.width(), inner.height())
    p = pages.painter
    p.begin(image)
    try:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        p.translate(inner.left(), inner.top())
        pages._page(page, f"{title} — {foot}")
    finally:
        p.end()
    return image


def paint_pages(device: Any, pages: list[Page], title: str, o: HyperPackOptions,
                maps: Mapping[str, QPicture], key: list[KeyEntry] | None = None) -> None:
    """``pages`` painted on a paged device (a printer: the desk's print preview)."""
    _Pages(device, title, o, maps, key).write(pages)


def write_pack(pages: list[Page], out: Path, title: str, o: HyperPackOptions,
               maps: Mapping[str, QPicture], key: list[KeyEntry] | None = None) -> Path:
    """One PDF of ``pages``, written beside its name and moved into place when complete."""
    def write(tmp: Path) -> None:
        memory = MemoryFile()  # Qt's writer says nothing on a full disk; Python's file calls do
        writer = pdf_writer(memory)
        writer.setTitle(title)
        writer.setCreator("diplodesk")
        writer.setResolution(RESOLUTION)
        _Pages(writer, title, o, maps, key, str(out)).write(pages)
        del writer  # finishes the document in memory
        memory.save(tmp)

    return write_atomically(Path(out), write)


def hyper_packs(result: Mapping[str, Any], position: Mapping[str, Any], plan: Plan, out_dir: Path,
                stem: str, draw: Any = None, options: HyperPackOptions | None = None,
                progress: Progress | None = None, players: list[str] | None = None,
                names: ShownNames | None = None) -> list[Path]:
    """A pack for every player (or those named), then the gazette and the GM's pack;
    stops early if ``progress`` returns False (the packs made so far stay). ``draw`` draws
    the board after the season (a ``hyper_export.HyperDrawer``; None: packs without maps)."""
    o = options or HyperPackOptions()
    ensure_app()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    maps, key = season_maps(draw, plan, o)
    who = list(players) if players is not None else [str(p["id"]) for p in position["economy"].get("players", [])]
    stem = file_part(stem)
    jobs: list[tuple[str, str, Callable[[], list[Page]]]] = [
        (p, pack_name(stem, p), lambda p=p: plan.player(result, position, p, names)) for p in sorted(who)]
    jobs.append(("gazette", f"{stem}-gazette.pdf", lambda: plan.gazette(result, position, names)))
    if players is None:
        jobs.append(("GM", f"{stem}-gm.pdf", lambda: plan.gm(result, position, names)))
    # two ids that come to one name are both kept; the public files keep theirs whatever a
    # player is called (a player "gazette" must not have their pack sent to everyone)
    public = {f"{stem}-gazette.pdf", f"{stem}-gm.pdf"}
    seen: set[str] = set()
    for i, (label, name, pages) in enumerate(jobs):
        if name in seen or (name in public and i < len(who)):
            jobs[i] = (label, name.replace(".pdf", f"-player-{i}.pdf"), pages)
        seen.add(jobs[i][1])
    made: list[Path] = []
    for i, (label, name, pages) in enumerate(jobs):
        if progress is not None and not progress(i, len(jobs), label):
            break
        made.append(write_pack(pages(), out_dir / name, f"{stem} — {label}", o, maps, key))
    if progress is not None:
        progress(len(made), len(jobs), "done")
    return made
