"""The economy inspector: what the rules say about the province last clicked (DESIGN 4.6),
read from :mod:`diplodesk.document.hyper_inspect`."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QDockWidget, QTextBrowser, QWidget

from ...document.hyper_game import HyperGameDocument
from ...document.hyper_inspect import SeasonFacts, Section, inspect, season_facts
from ...engine.position import PositionError


class EconomyInspectorDock(QDockWidget):
    """Owners, yields and their modifiers, the stack, installations, FFs, banks, canal."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Economy inspector", parent)
        self.setObjectName("economy-inspector")
        self.text = QTextBrowser()
        self.text.setObjectName("inspector-text")
        self.setWidget(self.text)
        self.doc: HyperGameDocument | None = None
        self.province: str | None = None
        self.sections: list[Section] = []
        self._facts: tuple[object, SeasonFacts] | None = None
        self.problem = ""
        self.text.setHtml("<p>Click a province on the map.</p>")

    def set_document(self, doc: HyperGameDocument) -> None:
        self.doc = doc
        self._facts = None
        self.refresh()

    def show_province(self, prov: str | None) -> None:
        self.province = prov
        self.refresh()

    def _played(self):
        """The last season played and what it did (worked out once per season record)."""
        doc = self.doc
        if not doc.history:
            return None, None
        rec = doc.history[-1]
        try:
            played = doc.position_at(len(doc.history) - 1)
            if self._facts is None or self._facts[0] is not rec:
                self._facts = (rec, season_facts(played))
        except (PositionError, ValueError) as e:  # a season record the engine cannot read again
            self.problem = f"{rec.phase} cannot be read again: {e}"
            return None, None
        self.problem = ""
        return self._facts[1], played

    def refresh(self) -> None:
        if self.doc is None or self.province is None:
            return
        facts, played = self._played()
        results = [(r.phase, r.result) for r in self.doc.history]
        self.sections = inspect(self.doc.position, self.province, facts, played, results)
        parts = [f"<p style='color:#b00018'>{html.escape(self.problem)}</p>"] if self.problem else []
        for s in self.sections:
            items = "".join(f"<li>{html.escape(line)}</li>" for line in s.lines)
            parts.append(f"<h4 style='margin:6px 0 2px 0'>{html.escape(s.title)}</h4>"
                         f"<ul style='margin:0'>{items}</ul>")
        self.text.setHtml("".join(parts))

    def lines(self, title_start: str) -> list[str]:
        """The lines of the section whose title starts so (tests read the dock as shown)."""
        for s in self.sections:
            if s.title.startswith(title_start):
                return list(s.lines)
        return []
