"""File › Print packs… at the desk: a played season's packs (every player's, one player's, or
the gazette alone) as PDFs, with a preview of the same pages, painted by the same code
(``render/hyper_pack.py``), as the standard board's Print packs dialog.

The maps of a season (the whole board and each regional sheet) are drawn once and kept while
the dialog is open: the preview and the packs replay them.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressDialog,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ...engine.hyper.report import season_name as phase_title
from ...render.hyper_pack import PAGE_SIZES, HyperPackOptions
from ..pack_progress import PackDialogParts

EVERY, ONE, GAZETTE = "every", "one", "gazette"


class HyperPacksDialog(PackDialogParts, QDialog):
    """Which season, whose packs, where and on what paper; then make them or preview one."""

    def __init__(self, doc, parent: QWidget | None = None, season: int | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Print packs")
        self.setObjectName("hyper-packs-dialog")
        self.resize(560, 420)
        self.made: list[Path] = []
        self.cancelled = False
        self.progress: QProgressDialog | None = None
        self._season_data: tuple[int, object] | None = None
        form = QFormLayout()
        self.season = QComboBox()
        for i, rec in enumerate(doc.history):
            self.season.addItem(f"{phase_title(rec.phase)} ({rec.phase})", i)
        last = len(doc.history) - 1
        self.season.setCurrentIndex(self.season.findData(season if season is not None else last))
        form.addRow("&Season:", self.season)
        self.who = QButtonGroup(self)
        who_box = QVBoxLayout()
        self.players = QComboBox()
        self.players.setObjectName("packs-player")
        for pid, label in self._players():
            self.players.addItem(label, pid)
        for key, text in ((EVERY, "Every player (and the gazette, and the GM's sheet)"),
                          (ONE, "One player:"), (GAZETTE, "The gazette alone")):
            b = QRadioButton(text)
            b.setObjectName(f"packs-{key}")
            self.who.addButton(b)
            b.setProperty("who", key)
            if key == ONE:
                row = QHBoxLayout()
                row.addWidget(b)
                row.addWidget(self.players, 1)
                who_box.addLayout(row)
            else:
                who_box.addWidget(b)
        self.who.buttons()[0].setChecked(True)
        self.players.currentIndexChanged.connect(lambda _i: self.choose(ONE))
        form.addRow("&Packs:", who_box)
        self._add_paper_rows(form, PAGE_SIZES, "&Maps:", ["Maps across the page (landscape)", "Maps upright (portrait)"])
        self.status = QLabel("A PDF for each pack: the player's maps (their regions, with a key), "
                             "then their nations' statements, the home nation first.")
        self.status.setWordWrap(True)
        buttons = self._buttons("Preview the pack chosen (every player: the first player's)")
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.status, 1)
        box.addWidget(buttons)

    # -- choices ---------------------------------------------------------------------------

    def _players(self) -> list[tuple[str, str]]:
        pos = self.doc.position
        out = []
        for p in pos.players:
            pid = str(p["id"])
            home = [n for n, st in pos.nations.items() if pid in st.controllers and st.kind == "home"]
            names = ", ".join(self.doc.name_of(n) for n in sorted(home)) or "no home nation"
            who = f" — {p['name']}" if p.get("name") and p.get("name") != pid else ""
            out.append((pid, f"{pid}: {names}{who}"))
        return out

    def choose(self, key: str) -> None:
        for b in self.who.buttons():
            if b.property("who") == key:
                b.setChecked(True)

    def choose_player(self, player: str) -> None:
        """One player's pack (the desk opens the dialog on the sheet's player)."""
        i = self.players.findData(player)
        if i >= 0:
            self.players.setCurrentIndex(i)
            self.choose(ONE)

    def chosen(self) -> str:
        b = self.who.checkedButton()
        return str(b.property("who")) if b is not None else EVERY

    def options(self) -> HyperPackOptions:
        return HyperPackOptions(self.page_size.currentText(), landscape=self.orientation.currentIndex() == 0)

    # -- the season's pieces -----------------------------------------------------------------

    def _season(self):
        """(record, plan, drawer, names) of the season chosen; the maps are drawn once."""
        from ...engine import seasons
        from ...geometry.shapes import load_map_geometry
        from ...geometry.svg_import import MapError
        from ...render.hyper_export import HyperDrawer
        from ...render.hyper_pack import columns, lines_per_page
        from ...render.hyper_pages import plan_for

        i = self.season.currentData()
        rec = self.doc.history[i]
        o = self.options()
        key = (i, rec, o.page_size, o.landscape)
        if self._season_data is not None and self._season_data[0] == key:
            return self._season_data[1]
        variant = self.doc.variant
        pos = self.doc.position_at(i)
        try:
            geometry = load_map_geometry(variant, ref=pos.variant_ref or None)
        except MapError:
            geometry = None
        after = seasons.read_other(rec.result["next"], variant)
        draw = HyperDrawer(after, geometry, text_labels=True) if geometry is not None else None
        plan = plan_for(variant, geometry, lines_per_page(o), columns(o))
        names = self.doc.shown_names(pos)
        data = (rec, plan, draw, names)
        self._season_data = (key, data)
        return data

    # -- making ----------------------------------------------------------------------------

    def make(self) -> list[Path]:
        """Make the packs chosen, with a progress dialog whose Cancel stops after the pack being made."""
        from ...render.export import RenderError
        from ...render.hyper_pack import hyper_packs

        folder = Path(self.folder.text()).expanduser()
        self._begin_progress(1)
        self.made = []
        try:
            rec, plan, draw, names = self._season()
            who = self.chosen()
            players = None if who == EVERY else ([self.players.currentData()] if who == ONE else [])
            stem = f"{self.doc.variant.id}-{rec.phase}"
            made = hyper_packs(rec.result, rec.position, plan, folder, stem, draw, self.options(),
                               self._progress, players, names)
            self.made = [p for p in made if who != GAZETTE or p.name.endswith("-gazette.pdf")]
        except (RenderError, OSError, ValueError) as e:
            self._say_failed(e)
            return []
        finally:
            self._end_progress()
        self._say_made(self.made, folder)
        return self.made

    def pages(self) -> tuple[str, list]:
        """The title and pages of the pack chosen (every player: the first player's)."""
        rec, plan, _draw, names = self._season()
        who = self.chosen()
        if who == GAZETTE:
            return "gazette", plan.gazette(rec.result, rec.position, names)
        player = self.players.currentData() if who == ONE else (self.players.itemData(0) if self.players.count() else None)
        if player is None:
            return "gazette", plan.gazette(rec.result, rec.position, names)
        return str(player), plan.player(rec.result, rec.position, str(player), names)

    def preview(self, run: bool = True):
        """A print preview of the pack chosen: the same pages the PDF gets."""
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        from ...render.hyper_pack import paint_pages, season_maps

        rec, plan, draw, _names = self._season()
        label, pages = self.pages()
        o = self.options()
        maps, key = season_maps(draw, plan, o)
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dlg = QPrintPreviewDialog(printer, self)
        dlg.setWindowTitle(f"Pack of {label} — {rec.phase} — preview")
        title = f"{self.doc.variant.id}-{rec.phase} — {label}"
        dlg.paintRequested.connect(lambda pr: paint_pages(pr, pages, title, o, maps, key))
        if run:
            dlg.exec()
        return dlg
