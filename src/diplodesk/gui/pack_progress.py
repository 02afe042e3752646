"""What both Print packs dialogs (the standard board's and the Hypereconomic desk's) do alike:
the output folder beside the game, a progress dialog whose Cancel stops after the pack being
made, and the line that says what was made. Mixed into a QDialog with ``doc``, ``folder`` (a
line edit) and ``status`` (a label); the Send results dialog uses only the progress."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QProgressDialog,
    QPushButton,
)


class PackDialogParts:
    progress: QProgressDialog | None = None
    cancelled = False

    def _add_paper_rows(self, form: QFormLayout, sizes, orientation_label: str, orientations: list[str]) -> None:
        """The output folder (with Browse…), the page size and the orientation, on ``form``."""
        folder_row = QHBoxLayout()
        self.folder = QLineEdit(str(self._default_folder()))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(browse)
        form.addRow("Output folder:", folder_row)
        self.page_size = QComboBox()
        self.page_size.addItems(list(sizes))
        form.addRow("Page &size:", self.page_size)
        self.orientation = QComboBox()
        self.orientation.addItems(orientations)
        form.addRow(orientation_label, self.orientation)

    def _buttons(self, preview_tip: str) -> QDialogButtonBox:
        """Close, Preview… and Make the packs (the default), wired to ``preview`` and ``make``."""
        self.preview_button = QPushButton("Preview…")
        self.preview_button.setToolTip(preview_tip)
        self.make_button = QPushButton("Make the packs")
        self.make_button.setDefault(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.preview_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.make_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.preview_button.clicked.connect(lambda: self.preview())
        self.make_button.clicked.connect(lambda: self.make())
        return buttons

    def _default_folder(self) -> Path:
        if self.doc.path is not None:
            return self.doc.path.with_name(self.doc.path.stem + "-packs")
        return Path.home() / "diplodesk-packs"

    def _browse(self) -> None:
        d = QFileDialog.getExistingDirectory(self, "Folder for the packs", self.folder.text())
        if d:
            self.folder.setText(d)

    def _begin_progress(self, total: int, title: str = "Print packs", label: str = "Making the packs…") -> None:
        self.cancelled = False
        self.progress = QProgressDialog(label, "Cancel", 0, total, self)
        self.progress.setWindowTitle(title)
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(0)
        self.progress.setValue(0)

    def _end_progress(self) -> None:
        if self.progress is not None:
            self.progress.reset()
            self.progress.hide()

    def _say_made(self, made: list[Path], folder: Path) -> None:
        what = f"{len(made)} PDF{'s' if len(made) != 1 else ''} in {folder}"
        self.status.setText(("Cancelled: " if self.cancelled else "Made ") + what)

    def _say_failed(self, error: Exception) -> None:
        self.status.setText(f"<span style='color:#b00018'>Could not make the packs: {error}</span>")

    def _progress(self, done: int, total: int, what: str) -> bool:
        p = self.progress
        if p is None:
            return True
        p.setMaximum(total)
        p.setValue(done)
        p.setLabelText(f"{what}…" if what != "done" else "Done")
        QApplication.processEvents()
        if p.wasCanceled():
            self.cancelled = True
            return False
        return True
